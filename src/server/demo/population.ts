// Synthetic customer populations for the taste-cluster tests and bench: purchase histories drawn
// from the demo's personas (personas.ts), summed up with the engine's own aggregation. Much faster
// than planning a whole catalogue, so the bench can make 100,000 customers in a few seconds.
//
// `structure: 'none'` draws every purchase from the same mix (the personas' average taste, price,
// timing and basket), so the only differences between customers are chance: a clustering of it
// must not report a real structure.
import { aggregatePurchases, type CustomerAggregate, type Purchase } from '../engines/taste-clusters';
import type { SalePhase } from './booking-curve';
import { PERSONAS, type Persona } from './personas';
import { createRng, type Rng } from './random';
import type { ShowCategory } from './names';

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

/** The persona every customer has when there is no structure: the average of all of them. */
const NEUTRAL: Persona = { key: 'neutral', share: 1, kinds: {}, otherKinds: 1, seat: 0, phases: {}, groups: 1 };

export interface Population {
  customers: CustomerAggregate[];
  /** The persona key of each customer (same order), the planted truth. */
  persona: string[];
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

function weighted<T>(rng: Rng, pairs: readonly (readonly [T, number])[]): T {
  return rng.weighted(pairs);
}

function leadDays(rng: Rng, phase: SalePhase): number {
  switch (phase) {
    case 'subscription': return rng.float(120, 220);
    case 'onsale': return rng.float(50, 160);
    case 'rush': return 7 * rng.next() ** 2;
    default: return Math.min(200, rng.exponential(22));
  }
}

export function generatePopulation(opts: PopulationOptions): Population {
  const rng = createRng(opts.seed ?? 'tc-population');
  const nowMs = opts.nowMs ?? Date.UTC(2026, 2, 15);
  const personas = opts.structure === 'none' ? [NEUTRAL] : (opts.personas ?? PERSONAS);
  const personaPick = personas.map((p, i) => [i, p.share] as const);

  // A fixed pool of events per kind: relative price compares buyers of the same event.
  const events = new Map<Kind, { id: string; top: number }[]>();
  for (const k of KIND_NAMES) {
    events.set(k, Array.from({ length: EVENTS_PER_KIND }, (_, i) => ({ id: `${k}-${i}`, top: rng.int(KINDS[k].top[0], KINDS[k].top[1]) })));
  }

  const purchases: Purchase[] = [];
  const personaOf: string[] = [];
  const distance = new Map<number, number>();
  for (let c = 0; c < opts.size; c++) {
    const persona = personas[weighted(rng, personaPick)];
    const customerId = c + 1;
    personaOf.push(persona.key);
    distance.set(customerId, rng.chance(0.75) ? Math.max(0, rng.normal(8, 6)) : rng.float(30, 300));
    const kindPick = KIND_NAMES.map((k) => [k, KINDS[k].share * (persona.kinds[k] ?? persona.otherKinds)] as const);
    const phasePick = BASE_PHASES.map(([ph, w]) => [ph, w * (persona.phases[ph] ?? 1)] as const);
    const seatPick = SEAT_FACTORS.map((_, i) => [i, Math.exp(persona.seat * (1 - (2 * i) / (SEAT_FACTORS.length - 1)))] as const);
    const pGroup = (0.16 * persona.groups) / (0.84 + 0.16 * persona.groups);

    const orders = Math.min(80, Math.max(1, Math.round(Math.exp(rng.normal(Math.log(opts.medianOrders ?? 3.7), 0.85)))));
    const firstMs = nowMs - rng.float(30, 3 * 365) * DAY;
    // A fifth have stopped buying: their purchases end well before today.
    const lastMs = rng.chance(0.2) ? firstMs + (nowMs - firstMs) * rng.float(0.1, 0.5) : nowMs - rng.exponential(60) * DAY;
    for (let o = 0; o < orders; o++) {
      const kind = weighted(rng, kindPick);
      const phase = weighted(rng, phasePick);
      const seat = weighted(rng, seatPick);
      const quantity = rng.chance(pGroup) ? rng.int(3, 4) : rng.int(1, 2);
      const event = rng.pick(events.get(kind)!);
      const soldAtMs = Math.min(nowMs, firstMs + Math.max(0, lastMs - firstMs) * (orders === 1 ? 0 : o / (orders - 1)));
      const free = rng.chance(0.03);
      purchases.push({
        customerId,
        eventId: event.id,
        category: KINDS[kind].category,
        quantity,
        amountMinor: free ? 0 : Math.round(event.top * SEAT_FACTORS[seat] * 100) * quantity,
        soldAtMs,
        eventStartMs: soldAtMs + leadDays(rng, phase) * DAY,
      });
    }
  }
  const customers = aggregatePurchases(purchases, (id) => distance.get(id) ?? null);
  return { customers, persona: personaOf, nowMs };
}
