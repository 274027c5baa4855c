// Synthetic customer populations for the taste-cluster tests and bench: purchase histories drawn
// from the demo's personas (personas.ts), summed up with the engine's own aggregation. Much faster
// than planning a whole catalogue, so the bench can make 100,000 customers in a few seconds, and
// consistent enough to be written to a database (events with one start each, customers with a
// city) for a run through the real module.
//
// `structure: 'none'` draws every purchase from the same mix (the personas' average taste, price,
// timing and basket), so the only differences between customers are chance: a clustering of it
// must not report a real structure.
import { aggregatePurchases, type CustomerAggregate, type Purchase } from '../engines/taste-clusters';
import { locator } from '../modules/taste-clusters/geo';
import type { SalePhase } from './booking-curve';
import { citiesFor, type ShowCategory } from './names';
import { PERSONAS, type Persona } from './personas';
import { createRng, type Rng } from './random';

const DAY = 86_400_000;

type Kind = Exclude<ShowCategory, 'uncategorized'>;
/** Share of the catalogue's shows per kind (as catalog-plan plans them) and its spec category. */
const KINDS: Record<Kind, { share: number; category: string; top: [number, number] }> = {
  concert: { share: 0.22, category: 'rock_pop', top: [35, 95] },
  classical: { share: 0.12, category: 'symphony', top: [30, 90] },
  theatre: { share: 0.16, category: 'theatre', top: [25, 60] },
  musical: { share: 0.1, category: 'operetta_musical', top: [55, 140] },
  comedy: { share: 0.12, category: 'comedy', top: [28, 45] },
  opera: { share: 0.07, category: 'opera', top: [45, 180] },
  dance: { share: 0.05, category: 'ballet', top: [30, 85] },
  sports: { share: 0.06, category: 'other', top: [20, 70] },
  festival: { share: 0.02, category: 'other', top: [60, 150] },
  kids: { share: 0.08, category: 'education', top: [15, 25] },
};
const KIND_NAMES = Object.keys(KINDS) as Kind[];
const BASE_PHASES: [SalePhase, number][] = [['subscription', 0.08], ['onsale', 0.15], ['body', 0.6], ['rush', 0.17]];
const SEAT_FACTORS = [1, 0.85, 0.7, 0.55];
const EVENTS_PER_KIND = 150;
/** The partner's venues are in the first two cities; three in four customers live in one of them. */
const VENUE_CITIES = 2;

/** The persona every customer has when there is no structure: the average of all of them. */
const NEUTRAL: Persona = { key: 'neutral', share: 1, kinds: {}, otherKinds: 1, seat: 0, phases: {}, groups: 1 };

export interface PopulationEvent {
  id: string;
  category: string;
  startMs: number;
  /** Top price, major units. */
  top: number;
}

export interface Population {
  customers: CustomerAggregate[];
  /** The persona key of each customer (same order), the planted truth. */
  persona: string[];
  /** City of each customer (same order). */
  city: string[];
  venueCities: string[];
  events: PopulationEvent[];
  purchases: Purchase[];
  nowMs: number;
}

export interface PopulationOptions {
  size: number;
  seed?: string;
  structure?: 'personas' | 'none';
  /** Personas to draw from (default all); their shares are renormalised. */
  personas?: readonly Persona[];
  nowMs?: number;
  /** Median purchases per customer (default 3.7): more purchases reveal a taste more clearly. */
  medianOrders?: number;
}

function leadDays(rng: Rng, phase: SalePhase): number {
  switch (phase) {
    case 'subscription': return rng.float(120, 220);
    case 'onsale': return rng.float(50, 160);
    case 'rush': return 7 * rng.next() ** 2;
    default: return Math.min(200, rng.exponential(22));
  }
}

/** The event of the kind starting nearest to `ms` (events sorted by start). */
function nearest(list: PopulationEvent[], ms: number): PopulationEvent {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && ms - list[lo - 1].startMs < list[lo].startMs - ms ? list[lo - 1] : list[lo];
}

export function generatePopulation(opts: PopulationOptions): Population {
  const rng = createRng(opts.seed ?? 'tc-population');
  const nowMs = opts.nowMs ?? Date.UTC(2026, 2, 15);
  const personas = opts.structure === 'none' ? [NEUTRAL] : (opts.personas ?? PERSONAS);
  const personaPick = personas.map((p, i) => [i, p.share] as const);

  // Events per kind from three years back to half a year ahead, each with one start and price.
  const byKind = new Map<Kind, PopulationEvent[]>();
  for (const k of KIND_NAMES) {
    const list = Array.from({ length: EVENTS_PER_KIND }, (_, i) => ({
      id: `${k}-${i}`,
      category: KINDS[k].category,
      startMs: Math.floor(nowMs - rng.float(-180, 3 * 365) * DAY),
      top: rng.int(KINDS[k].top[0], KINDS[k].top[1]),
    }));
    byKind.set(k, list.sort((a, b) => a.startMs - b.startMs));
  }

  const cities = citiesFor('de').map((c) => c.name);
  const geo = locator('de');
  const venuePoints = cities.slice(0, VENUE_CITIES).map((c) => geo.locate(null, c)!);

  const purchases: Purchase[] = [];
  const personaOf: string[] = [];
  const cityOf: string[] = [];
  const distance = new Map<number, number | null>();
  for (let c = 0; c < opts.size; c++) {
    const persona = personas[rng.weighted(personaPick)];
    const customerId = c + 1;
    personaOf.push(persona.key);
    const city = rng.chance(0.75) ? cities[rng.int(0, VENUE_CITIES - 1)] : rng.pick(cities);
    cityOf.push(city);
    distance.set(customerId, geo.nearestKm(geo.locate(null, city), venuePoints));
    const kindPick = KIND_NAMES.map((k) => [k, KINDS[k].share * (persona.kinds[k] ?? persona.otherKinds)] as const);
    const phasePick = BASE_PHASES.map(([ph, w]) => [ph, w * (persona.phases[ph] ?? 1)] as const);
    const seatPick = SEAT_FACTORS.map((_, i) => [i, Math.exp(persona.seat * (1 - (2 * i) / (SEAT_FACTORS.length - 1)))] as const);
    const pGroup = (0.16 * persona.groups) / (0.84 + 0.16 * persona.groups);

    const orders = Math.min(80, Math.max(1, Math.round(Math.exp(rng.normal(Math.log(opts.medianOrders ?? 3.7), 0.85)))));
    const firstMs = nowMs - rng.float(30, 3 * 365) * DAY;
    // A fifth have stopped buying: their purchases end well before today.
    const lastMs = rng.chance(0.2) ? firstMs + (nowMs - firstMs) * rng.float(0.1, 0.5) : nowMs - rng.exponential(60) * DAY;
    for (let o = 0; o < orders; o++) {
      const kind = rng.weighted(kindPick);
      const phase = rng.weighted(phasePick);
      const seat = rng.weighted(seatPick);
      const quantity = rng.chance(pGroup) ? rng.int(3, 4) : rng.int(1, 2);
      const wantSoldAt = firstMs + Math.max(0, lastMs - firstMs) * (orders === 1 ? 0 : o / (orders - 1));
      const lead = leadDays(rng, phase) * DAY;
      // The show that fits the planned purchase; bought `lead` before it, but never in the future.
      const event = nearest(byKind.get(kind)!, wantSoldAt + lead);
      const soldAtMs = Math.min(nowMs, event.startMs - lead);
      const free = rng.chance(0.03);
      purchases.push({
        customerId,
        eventId: event.id,
        category: event.category,
        quantity,
        amountMinor: free ? 0 : Math.round(event.top * SEAT_FACTORS[seat] * 100) * quantity,
        soldAtMs: Math.floor(soldAtMs),
        eventStartMs: event.startMs,
      });
    }
  }
  const customers = aggregatePurchases(purchases, (id) => distance.get(id) ?? null);
  return { customers, persona: personaOf, city: cityOf, venueCities: cities.slice(0, VENUE_CITIES), events: [...byKind.values()].flat(), purchases, nowMs };
}
