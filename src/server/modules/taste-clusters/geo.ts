// Where customers and venues are: postal code or city name → coordinates, from the GeoNames place
// index the Meta adapter ships (src/server/adapters/meta/geo, read only through its exports).
// Customers of a German-speaking partner are looked up in DE, AT and CH first, an English-speaking
// one's in GB; a name found nowhere there is taken from the other countries of the index, and one
// found nowhere is unknown (the engine then uses the median distance).
import { geoIndex, normalise, type GeoIndex, type Place } from '../../adapters/meta/geo/geo-index';
import { distanceKm } from '../../adapters/meta/geo/radius';
import { canonicalPostalCode } from '../../adapters/meta/geo/postal-codes';

export interface Point {
  lat: number;
  lon: number;
}

const COUNTRIES: Record<string, string[]> = { de: ['DE', 'AT', 'CH'], en: ['GB'] };

/** Places by normalised name, largest first (built once per index). */
const byName = new WeakMap<GeoIndex, Map<string, Place[]>>();

function placesNamed(index: GeoIndex, name: string): Place[] {
  let map = byName.get(index);
  if (!map) {
    map = new Map();
    for (const p of index.places) {
      // Sections of a city (PPLX) would shadow the city of the same name.
      if (p.featureCode === 'PPLX') continue;
      for (const n of p.searchNames) (map.get(n) ?? map.set(n, []).get(n)!).push(p);
    }
    for (const list of map.values()) list.sort((a, b) => b.population - a.population);
    byName.set(index, map);
  }
  return map.get(normalise(name)) ?? [];
}

export interface Locator {
  locate: (postalCode: string | null, city: string | null) => Point | null;
  nearestKm: (from: Point | null, to: readonly Point[]) => number | null;
}

export function locator(language: string, index: GeoIndex = geoIndex()): Locator {
  const countries = COUNTRIES[language] ?? [];
  const cache = new Map<string, Point | null>();
  const locate = (postalCode: string | null, city: string | null): Point | null => {
    const key = `${postalCode ?? ''}|${city ?? ''}`;
    if (cache.has(key)) return cache.get(key)!;
    let found: Point | null = null;
    if (postalCode?.trim()) {
      // A 4-digit code is Austrian or Swiss before it is a German one that lost its leading zero.
      const fourDigits = /^\d{4}$/.test(postalCode.trim());
      const order = fourDigits ? [...countries.filter((c) => c !== 'DE'), ...countries.filter((c) => c === 'DE')] : countries;
      for (const cc of order) {
        const code = canonicalPostalCode(cc, postalCode);
        const z = code ? index.postal.get(`${cc}:${code}`) : undefined;
        if (z) {
          found = { lat: z.latitude, lon: z.longitude };
          break;
        }
      }
    }
    if (!found && city?.trim()) {
      const places = placesNamed(index, city);
      const p = places.find((x) => countries.includes(x.countryCode)) ?? places[0];
      if (p) found = { lat: p.latitude, lon: p.longitude };
    }
    cache.set(key, found);
    return found;
  };
  const nearestKm = (from: Point | null, to: readonly Point[]): number | null => {
    if (!from || !to.length) return null;
    return Math.min(...to.map((v) => distanceKm(from.lat, from.lon, v.lat, v.lon)));
  };
  return { locate, nearestKm };
}
