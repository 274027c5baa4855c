// The pickup of an event read off its analogues: comparable events (same category, similar
// attributes) whose booking curve looked like this event's at the same number of days out —
// similar share sold, similar pace over the last two weeks, similar on-sale lead time.
//
// Why not the plain comparables: how much is still to come depends on how an event sells, not
// only on what it is. Strong events sell earlier (a hit has most of its seats gone a month out,
// a weak show sells late), so applying an average curve's pickup to every event overshoots the
// strong ones and undershoots the weak. Matching the curve so far picks neighbours of the same
// kind of run; their own pickups, multiplicative and additive, are then averaged.
import { MAX_DAYS } from './types';
import type { PreparedEvent } from './curves';
import { distance, nearestBy, type Neighbour, type SimilarityParams } from './comparables';
import { clampPrediction } from './pickup';

/** What is known of an event at `daysOut` days before its start: nothing sold later. */
export interface Observation {
  daysOut: number;
  /** Share of capacity sold so far (0–1). */
  sold: number;
  /** Share sold PACE_DAYS earlier. */
  soldBefore: number;
  /** Days out of the first sale (the on-sale date); null when nothing was sold yet. */
  onSaleDaysOut: number | null;
}

export const PACE_DAYS = 14;

const at = (e: PreparedEvent, d: number) => e.cum[Math.min(MAX_DAYS, Math.max(0, d))];

/**
 * The event as seen `daysOut` days before its start. The only way the model reads an event's own
 * sales, so a backtest cannot peek at what came later.
 */
export function observe(e: PreparedEvent, daysOut: number): Observation {
  const d = Math.max(0, daysOut);
  const first = e.firstSaleDaysOut;
  return {
    daysOut: d,
    sold: at(e, d),
    soldBefore: at(e, d + PACE_DAYS),
    onSaleDaysOut: first >= Math.min(d, MAX_DAYS) && first >= 0 ? first : null,
  };
}

export interface AnalogueParams {
  k: number;
  /** Scale of |ln(sold ratio)|: 0.3 means selling 35 % more or less adds distance 1. */
  level: number;
  /** Scale of the difference in share sold over the last PACE_DAYS. */
  pace: number;
  /** Days of on-sale lead time that add distance 1. */
  onSale: number;
}

export const DEFAULT_ANALOGUE: AnalogueParams = { k: 15, level: 0.3, pace: 0.05, onSale: 20 };

/** Shares below this are "nothing yet": the log ratio of two tiny shares is noise. */
const LEVEL_FLOOR = 0.01;
/** Below this share at d an analogue's multiplicative ratio says nothing (it had not sold yet). */
const MIN_SHARE = 0.005;

export function analogueDistance(
  target: PreparedEvent,
  obs: Observation,
  c: PreparedEvent,
  sim: SimilarityParams,
  p: AnalogueParams,
): number {
  const d = obs.daysOut;
  const cNow = at(c, d);
  let dist = distance(target, c, sim) / sim.bandwidth;
  dist += Math.abs(Math.log((obs.sold + LEVEL_FLOOR) / (cNow + LEVEL_FLOOR))) / p.level;
  dist += Math.abs(obs.sold - obs.soldBefore - (cNow - at(c, d + PACE_DAYS))) / p.pace;
  if (obs.onSaleDaysOut !== null && c.firstSaleDaysOut >= 0) dist += Math.abs(obs.onSaleDaysOut - c.firstSaleDaysOut) / p.onSale;
  return dist;
}

export interface PickupComponents {
  /** Predicted final share by multiplicative and by additive pickup, each clamped to [sold, 1]. */
  multiplicative: number;
  additive: number;
  analogues: Neighbour[];
}

export function pickupComponents(
  target: PreparedEvent,
  obs: Observation,
  pool: readonly PreparedEvent[],
  sim: SimilarityParams,
  p: AnalogueParams,
): PickupComponents {
  const analogues = nearestBy(pool, p.k, (c) => analogueDistance(target, obs, c, sim, p));
  const d = obs.daysOut;
  const s = obs.sold;
  let sw = 0;
  let mult = 0;
  let add = 0;
  for (const n of analogues) {
    const b = at(n.event, d);
    const f = n.event.cum[0];
    sw += n.weight;
    mult += n.weight * (b < MIN_SHARE ? Math.max(s, f) : (s * f) / b);
    add += n.weight * (s + Math.max(0, f - b));
  }
  if (sw === 0) return { multiplicative: s, additive: s, analogues };
  return { multiplicative: clampPrediction(mult / sw, s), additive: clampPrediction(add / sw, s), analogues };
}
