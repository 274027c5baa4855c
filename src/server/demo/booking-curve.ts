// How tickets of one event sell over time. The demand forecast learns from these curves, so they
// follow the shapes real box offices show:
//  - a spike in the first hours after the on-sale date (fans, presale);
//  - for repertoire categories a block of subscription seats booked right at the start;
//  - a body that grows towards the date (exponential in "days before the event"), which together
//    with the spike gives the familiar S-shaped cumulative curve;
//  - a last-week rush;
//  - hits that sell out: their whole curve is compressed into the time before the sell-out day.
// Popular categories end higher and sell earlier; some events flop at 20–40 % of capacity.
import type { Rng } from './random';
import type { ShowCategory } from './names';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

interface CategoryDemand {
  /** Mean and spread of the final sold share of capacity of an ordinary production. */
  meanShare: number;
  sdShare: number;
  /** Chance that a production is a hit (sells out) or a flop (20–40 %). */
  pHit: number;
  pFlop: number;
  /** Days between on-sale and the event. */
  saleDays: [number, number];
  /** Scale of the exponential body: larger means tickets are bought earlier. */
  decayDays: number;
  /** Shares of tickets in the on-sale spike, the subscription block and the last-week rush. */
  spike: number;
  subscription: number;
  rush: number;
}

// Concert, musical and comedy are the "popular" categories: higher final share and earlier sales.
// Classical, opera and theatre lean on subscriptions, which land at the start of the window.
const DEMAND: Record<ShowCategory, CategoryDemand> = {
  concert: { meanShare: 0.8, sdShare: 0.13, pHit: 0.2, pFlop: 0.05, saleDays: [120, 180], decayDays: 55, spike: 0.22, subscription: 0, rush: 0.1 },
  musical: { meanShare: 0.83, sdShare: 0.1, pHit: 0.18, pFlop: 0.03, saleDays: [150, 180], decayDays: 65, spike: 0.12, subscription: 0, rush: 0.08 },
  comedy: { meanShare: 0.81, sdShare: 0.12, pHit: 0.2, pFlop: 0.05, saleDays: [120, 180], decayDays: 50, spike: 0.15, subscription: 0, rush: 0.12 },
  classical: { meanShare: 0.66, sdShare: 0.14, pHit: 0.05, pFlop: 0.08, saleDays: [150, 180], decayDays: 45, spike: 0.05, subscription: 0.3, rush: 0.08 },
  opera: { meanShare: 0.68, sdShare: 0.14, pHit: 0.07, pFlop: 0.07, saleDays: [150, 180], decayDays: 50, spike: 0.06, subscription: 0.25, rush: 0.08 },
  theatre: { meanShare: 0.62, sdShare: 0.15, pHit: 0.05, pFlop: 0.1, saleDays: [120, 180], decayDays: 35, spike: 0.04, subscription: 0.22, rush: 0.12 },
  dance: { meanShare: 0.64, sdShare: 0.15, pHit: 0.06, pFlop: 0.09, saleDays: [120, 180], decayDays: 40, spike: 0.06, subscription: 0.15, rush: 0.1 },
  sports: { meanShare: 0.66, sdShare: 0.15, pHit: 0.08, pFlop: 0.08, saleDays: [120, 150], decayDays: 22, spike: 0.05, subscription: 0.2, rush: 0.2 },
  festival: { meanShare: 0.7, sdShare: 0.15, pHit: 0.1, pFlop: 0.08, saleDays: [150, 180], decayDays: 60, spike: 0.15, subscription: 0, rush: 0.08 },
  kids: { meanShare: 0.6, sdShare: 0.16, pHit: 0.05, pFlop: 0.12, saleDays: [120, 150], decayDays: 18, spike: 0.03, subscription: 0, rush: 0.25 },
  uncategorized: { meanShare: 0.5, sdShare: 0.18, pHit: 0.02, pFlop: 0.15, saleDays: [120, 140], decayDays: 25, spike: 0.05, subscription: 0, rush: 0.15 },
};

export const POPULAR_CATEGORIES: readonly ShowCategory[] = ['concert', 'musical', 'comedy'];

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The demand level of a production, shared by all its dates (a hit musical sells well every
 * night). Hits return 1 or more, so that most of their dates sell out despite per-date noise.
 */
export function productionDemand(rng: Rng, category: ShowCategory): number {
  const d = DEMAND[category];
  const r = rng.next();
  if (r < d.pHit) return rng.float(1.0, 1.15);
  if (r < d.pHit + d.pFlop) return rng.float(0.2, 0.4);
  return clamp(rng.normal(d.meanShare, d.sdShare), 0.3, 0.97);
}

export interface SalesProfile {
  category: ShowCategory;
  /** Final sold share of capacity, in (0, 1]; 1 means sold out. */
  finalShare: number;
  /** Days from on-sale to the event. */
  saleDays: number;
  /** Days before the event at which the last ticket sells (sold-out events only). */
  selloutDaysBefore: number | null;
  decayDays: number;
  spike: number;
  subscription: number;
  rush: number;
}

/** The sales profile of one date of a production. */
export function performanceProfile(
  rng: Rng,
  category: ShowCategory,
  demand: number,
  opts: { weekend: boolean; premiere: boolean },
): SalesProfile {
  const d = DEMAND[category];
  let share = demand + rng.normal(0, 0.05) + (opts.weekend ? 0.04 : -0.02) + (opts.premiere ? 0.05 : 0);
  // A flop stays a flop: noise must not lift it out of the 20–40 % band.
  share = demand <= 0.4 ? clamp(share, 0.2, 0.4) : clamp(share, 0.25, 1);
  const soldOut = share >= 0.985;
  const saleDays = rng.int(d.saleDays[0], d.saleDays[1]);
  return {
    category,
    finalShare: soldOut ? 1 : share,
    saleDays,
    // Hits sell out weeks ahead; a bigger demand surplus sells out earlier.
    selloutDaysBefore: soldOut ? Math.round(rng.float(2, saleDays * 0.55)) : null,
    // Weak events sell late (walk-ins, last-minute discounts), strong ones early.
    decayDays: d.decayDays * clamp(0.6 + share * 0.5, 0.6, 1.1),
    spike: d.spike,
    subscription: d.subscription,
    rush: d.rush,
  };
}

export type SalePhase = 'subscription' | 'onsale' | 'body' | 'rush';

export function samplePhase(rng: Rng, p: SalesProfile): SalePhase {
  const r = rng.next();
  if (r < p.subscription) return 'subscription';
  if (r < p.subscription + p.spike) return 'onsale';
  if (r < p.subscription + p.spike + p.rush) return 'rush';
  return 'body';
}

// Relative chance of a purchase in each UTC hour: quiet nights, lunch and evening peaks.
const HOUR_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 0.5], [2, 0.3], [3, 0.2], [4, 0.2], [5, 0.5], [6, 1.5], [7, 3], [8, 5], [9, 6], [10, 6], [11, 7],
  [12, 6], [13, 5], [14, 5], [15, 5], [16, 6], [17, 7], [18, 8], [19, 8], [20, 7], [21, 5], [22, 3], [23, 2],
];

/**
 * The moment of one sale in epoch milliseconds, for an event starting at `startMs`. Always
 * after the on-sale moment and before the doors open.
 */
export function sampleSaleTime(rng: Rng, p: SalesProfile, phase: SalePhase, startMs: number): number {
  // Advance sales open at 08:00 UTC (10:00 in German summer time, the usual on-sale hour).
  const onSaleMs = Math.floor((startMs - p.saleDays * DAY_MS) / DAY_MS) * DAY_MS + 8 * HOUR_MS;
  const lastMs = p.selloutDaysBefore === null ? startMs - 10 * 60_000 : startMs - p.selloutDaysBefore * DAY_MS;

  if (phase === 'onsale') {
    // Half in the first hours (queue at 10:00), the rest over the first days.
    const delay = rng.chance(0.5) ? rng.exponential(3 * HOUR_MS) : rng.exponential(2 * DAY_MS);
    return Math.min(onSaleMs + delay, lastMs - 60_000);
  }
  if (phase === 'subscription') {
    // Subscribers' seats are booked in the first two weeks, office hours.
    const day = Math.min(rng.exponential(4), 14);
    return Math.min(onSaleMs + Math.floor(day) * DAY_MS + rng.float(0, 9 * HOUR_MS), lastMs - 60_000);
  }

  // Days before the event (or before the sell-out): rush = last week, body = truncated exponential.
  const span = (lastMs - onSaleMs) / DAY_MS;
  let daysBefore: number;
  if (phase === 'rush') {
    daysBefore = Math.min(7, span) * rng.next() ** 2; // denser towards the date
  } else {
    const tail = Math.exp(-span / p.decayDays);
    daysBefore = -p.decayDays * Math.log(1 - rng.next() * (1 - tail));
  }
  const dayStart = Math.floor((lastMs - daysBefore * DAY_MS) / DAY_MS) * DAY_MS;
  const t = dayStart + rng.weighted(HOUR_WEIGHTS) * HOUR_MS + rng.int(0, 3599) * 1000;
  if (t >= lastMs) return lastMs - rng.float(10 * 60_000, 3 * HOUR_MS); // same-day purchase before doors
  if (t <= onSaleMs) return onSaleMs + rng.float(0, 12 * HOUR_MS);
  return t;
}
