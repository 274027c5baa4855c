// Pickup forecasting: what is still to be sold from d days out to the start, read off comparable
// events' booking curves. Two classic forms, blended:
//  - multiplicative: the event keeps its lead or lag in proportion, S(d) × F / B(d);
//  - additive: the event picks up as many seats as comparables did, S(d) + (F − B(d)).
// Multiplicative is sharp once a good part is sold and wild early on (a small B(d) amplifies
// noise); additive is the reverse. Shares are fractions of capacity here (0–1).
import { MAX_DAYS } from './types';
import type { Neighbour } from './comparables';

/** Below this benchmark share the multiplicative ratio says nothing yet (nothing sold at d). */
const MIN_BENCHMARK = 0.005;

export interface Benchmark {
  /** Comparables' weighted mean share at d days out. */
  atD: number;
  /** Comparables' weighted mean final share. */
  final: number;
}

export function weightedMean(neighbours: readonly Neighbour[], value: (n: Neighbour) => number): number {
  let sw = 0;
  let s = 0;
  for (const n of neighbours) {
    sw += n.weight;
    s += n.weight * value(n);
  }
  return sw > 0 ? s / sw : 0;
}

export function benchmarkAt(neighbours: readonly Neighbour[], d: number): Benchmark {
  const i = Math.min(MAX_DAYS, Math.max(0, d));
  return {
    atD: weightedMean(neighbours, (n) => n.event.cum[i]),
    final: weightedMean(neighbours, (n) => n.event.cum[0]),
  };
}

/** Comparables' mean cumulative share at 0..days days out. */
export function benchmarkCurve(neighbours: readonly Neighbour[], days: number): Float64Array {
  const len = Math.min(MAX_DAYS, Math.max(0, days)) + 1;
  const out = new Float64Array(len);
  let sw = 0;
  for (const n of neighbours) {
    sw += n.weight;
    const c = n.event.cum;
    for (let d = 0; d < len; d++) out[d] += n.weight * c[d];
  }
  if (sw > 0) for (let d = 0; d < len; d++) out[d] /= sw;
  return out;
}

export function multiplicativePickup(sold: number, b: Benchmark): number {
  return b.atD < MIN_BENCHMARK ? Math.max(sold, b.final) : (sold * b.final) / b.atD;
}

export function additivePickup(sold: number, b: Benchmark): number {
  return sold + Math.max(0, b.final - b.atD);
}

/**
 * Capped at capacity and never below what is sold already. An oversold event (sold > 1) stays
 * at what it sold.
 */
export function clampPrediction(prediction: number, sold: number): number {
  if (sold >= 1) return sold;
  if (!Number.isFinite(prediction)) return sold;
  return Math.min(1, Math.max(sold, prediction));
}

/** alpha = weight of the multiplicative form (0 = pure additive, 1 = pure multiplicative). */
export function blendPickup(sold: number, b: Benchmark, alpha: number): number {
  const m = clampPrediction(multiplicativePickup(sold, b), sold);
  const a = clampPrediction(additivePickup(sold, b), sold);
  return clampPrediction(alpha * m + (1 - alpha) * a, sold);
}
