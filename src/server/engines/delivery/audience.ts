// How many people an ad set can reach, for the sandbox's price of reach (sandbox.ts cpmMajor).
// Meta answers this with its own reach estimate; the sandbox estimates it from the targeting:
// the area's population (a density typical of a German region around a venue), narrowed by the
// age range. The numbers only need to rank audiences sensibly (a district < a city < a country).
import type { TargetingSpec } from '../../adapters/meta/types';

/** People per km² (Germany's mean is about 240; the areas around venues are denser). */
const DENSITY_PER_KM2 = 300;
/** Reachable people per targeted postal code (a German PLZ has about 8,500 inhabitants). */
const PER_POSTAL_CODE = 8_500;
/** A whole country, capped: enough to make reach cheap. */
const COUNTRY = 5_000_000;
const ADULT_SPAN = 65 - 18;

const kmOf = (radius: number, unit: 'kilometer' | 'mile') => (unit === 'mile' ? radius * 1.609344 : radius);

export function estimateAudience(t: TargetingSpec): number {
  const g = t.geo;
  let people: number;
  if (g.mode === 'countries') people = COUNTRY * g.countryCodes.length;
  else if (g.mode === 'postal_codes') people = PER_POSTAL_CODE * g.keys.length;
  else {
    const area = (list: typeof g.included) => list.reduce((s, l) => s + Math.PI * kmOf(l.radius, l.unit) ** 2, 0);
    people = Math.max(0, area(g.included) - area(g.excluded)) * DENSITY_PER_KM2;
  }
  const ageShare = Math.min(1, Math.max(0.05, (Math.min(t.ageMax, 65) - Math.max(t.ageMin, 18)) / ADULT_SPAN));
  return Math.max(100, Math.round(people * ageShare));
}
