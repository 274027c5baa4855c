// A customer's affinity for each chosen event, from their counted purchases:
//
//   raw(u, e) = priceFit(u, e) · Σ_{past events p u bought} w(e, p) · recency(u, p) / |events u bought|^DAMPING
//   w(e, p)   = CONTENT · content(e, p)² (when content ≥ MIN_CONTENT) + COLLABORATIVE · cf(e, p)
//             + CATEGORY · [p has e's category]
//
// Squaring the content similarity lets a close match (same cast, same work) count far more than
// a loose one (same category on another weekday). The category term is the floor under both: a
// new production with no close past match and no co-purchases yet still reaches the customers
// who buy its kind of show (issue 23 evaluation, docs/PACKAGES-ENGINE.md: without it such an
// event's audience was drawn from a handful of weak links). The walk is one pass over each customer's
// distinct events with the weights laid out event-major (p · E + e), so 100,000 customers and
// twenty events cost one multiply-add per bought event and chosen event.
//
// Affinities are then divided by each event's mean positive affinity, so that 1 means "as drawn
// to this event as its typical interested customer" whatever the number of links an event has:
// the variations compare events within a customer on that scale.
import type { History } from './history';
import { DAY_MS, YEAR_MS } from './types';
import { priceLevel, priceLevelScore } from './similarity';

export const AFFINITY_WEIGHTS = {
  content: 0.5,
  collaborative: 0.5,
  /** Per past event of the chosen event's category (products have none). */
  category: 0.5,
} as const;

/** Below this, content similarity is noise (a shared weekday and price level reach about 0.2). */
export const MIN_CONTENT = 0.3;
/** A purchase this long ago counts half as much as one today. */
export const RECENCY_HALF_LIFE_MS = 2 * YEAR_MS;
/**
 * How much a long history is discounted: with 0 a customer who bought everything tops every
 * event, with 1 only the share of matching purchases counts. In between, frequent buyers (who do
 * buy more) stay ahead of one-time buyers of the same match without owning every list.
 */
export const ACTIVITY_DAMPING = 0.3;
/** A customer whose usual price is far from the event's keeps this share of the score. */
export const PRICE_FLOOR = 0.5;

/** 1 where past event p has chosen event e's category (chosen-major, e * P + p); products never match. */
export function sameCategory(chosen: readonly { category: string }[], past: readonly { category: string }[]): Uint8Array {
  const P = past.length;
  const out = new Uint8Array(chosen.length * P);
  chosen.forEach((c, e) => {
    if (c.category === 'product') return;
    for (let p = 0; p < P; p++) if (past[p].category === c.category) out[e * P + p] = 1;
  });
  return out;
}

/** w(e, p) laid out event-major: weights[p * E + e]. `category` from sameCategory() (none: no category term). */
export function purchaseWeights(content: Float32Array, collaborative: Float32Array, E: number, P: number, category?: Uint8Array): Float32Array {
  const w = new Float32Array(P * E);
  for (let e = 0; e < E; e++) {
    for (let p = 0; p < P; p++) {
      const c = content[e * P + p];
      w[p * E + e] =
        (c >= MIN_CONTENT ? AFFINITY_WEIGHTS.content * c * c : 0) +
        AFFINITY_WEIGHTS.collaborative * collaborative[e * P + p] +
        (category ? AFFINITY_WEIGHTS.category * category[e * P + p] : 0);
    }
  }
  return w;
}

/** 1 for a purchase made at `nowMs`, ½ after RECENCY_HALF_LIFE_MS. */
export const recency = (soldAtMs: number, nowMs: number): number => Math.pow(0.5, Math.max(0, nowMs - soldAtMs) / RECENCY_HALF_LIFE_MS);

export interface Affinities {
  /** Normalised affinity of customer i for chosen event e at i * E + e; 0 for customers not eligible. */
  scores: Float32Array;
  /** Customers with a positive affinity for at least one event. */
  scored: number;
}

export function scoreCustomers(
  history: History,
  weights: Float32Array,
  eventPrices: readonly (number | null)[],
  eligible: Uint8Array,
  nowMs: number,
): Affinities {
  const E = eventPrices.length;
  const n = history.customerCount;
  const scores = new Float32Array(n * E);
  const acc = new Float64Array(E);
  const { distinctOffsets, distinctEvent, distinctLastMs, typicalPrice } = history;
  // The event's price level once; a customer's with their first scored event.
  const eventLevel = eventPrices.map((p) => (p === null ? null : priceLevel(p)));
  // Recency in days steps: the same day's purchases share one power evaluation.
  const dayFactor = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const from = distinctOffsets[i];
    const to = distinctOffsets[i + 1];
    if (!eligible[i] || to === from) continue;
    acc.fill(0);
    for (let d = from; d < to; d++) {
      const day = Math.floor((nowMs - distinctLastMs[d]) / DAY_MS);
      let r = dayFactor.get(day);
      if (r === undefined) dayFactor.set(day, (r = recency(nowMs - day * DAY_MS, nowMs)));
      const base = distinctEvent[d] * E;
      for (let e = 0; e < E; e++) acc[e] += weights[base + e] * r;
    }
    const damping = Math.pow(to - from, ACTIVITY_DAMPING);
    // A customer without a counted purchase has no typical price (and no affinity to weigh).
    const level = Number.isNaN(typicalPrice[i]) ? null : priceLevel(typicalPrice[i]);
    for (let e = 0; e < E; e++) {
      if (acc[e] === 0) continue;
      const el = eventLevel[e];
      const price = level === null || el === null ? 1 : PRICE_FLOOR + (1 - PRICE_FLOOR) * priceLevelScore(level, el);
      scores[i * E + e] = (acc[e] / damping) * price;
    }
  }

  // Per-event scale: mean positive affinity.
  const sum = new Float64Array(E);
  const count = new Int32Array(E);
  let scored = 0;
  for (let i = 0; i < n; i++) {
    let any = false;
    for (let e = 0; e < E; e++) {
      const s = scores[i * E + e];
      if (s > 0) {
        sum[e] += s;
        count[e]++;
        any = true;
      }
    }
    if (any) scored++;
  }
  for (let e = 0; e < E; e++) {
    const mean = count[e] > 0 ? sum[e] / count[e] : 1;
    for (let i = 0; i < n; i++) scores[i * E + e] /= mean;
  }
  return { scores, scored };
}
