// Every candidate's prediction for one event at one moment: the three classic baselines over the
// category's curve, the analogue model (analogues.ts with the learnt multiplicative/additive
// blend) and two learned models (ridge over booking-curve features: one trained at this horizon
// only, one on every training horizon at once, with days out among its features). The live
// forecast and the rolling-origin replay both call this, so the backtest scores exactly what
// partners see.
import type { PreparedEvent } from './curves';
import { comparablePool } from './comparables';
import { observe, pickupComponents, type Observation, type PickupComponents } from './analogues';
import { additivePickup, clampPrediction, multiplicativePickup, type Benchmark } from './pickup';
import { countBefore, type History } from './history';
import { MAX_DAYS } from './types';
import { bookingFeatures } from './features';
import { ridgePredict, type RidgeFit } from './ridge';
import type { HolidayCalendar } from './holidays';
import type { CandidateShares } from './selection';
import type { ModelParams } from './model';

/** What the candidates of one horizon bucket have learnt by a cutoff. */
export interface CandidateWeights {
  /** Weight of multiplicative against additive analogue pickup. */
  alpha: number;
  /** Null until enough events have finished to fit it: the learned candidate then repeats the analogue one. */
  ridge: RidgeFit | null;
  /** The ridge fitted on every training horizon's replays; null while `ridge` is. */
  ridgeAll: RidgeFit | null;
}

export interface CandidateResult {
  obs: Observation;
  shares: CandidateShares;
  components: PickupComponents;
  features: Float64Array;
  poolSize: number;
}

/**
 * The category's curve at d days out and at the end: the mean over its finished events (all
 * shows if it has none), equally weighted. Summed in place: the replay asks for it per event
 * and horizon.
 */
function categoryBenchmark(e: PreparedEvent, history: History, beforeMs: number, daysOut: number): Benchmark {
  const list = history.byCategory.get(e.rec.category) ?? [];
  let pool = list;
  let n = countBefore(list, beforeMs);
  if (n === 0) {
    pool = history.byKind.show;
    n = countBefore(pool, beforeMs);
  }
  const d = Math.min(MAX_DAYS, Math.max(0, daysOut));
  let atD = 0;
  let final = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = pool[i];
    if (c.rec.id === e.rec.id) continue;
    atD += c.cum[d];
    final += c.cum[0];
    count++;
  }
  return count ? { atD: atD / count, final: final / count } : { atD: 0, final: 0 };
}

/** The three classic baselines: category average sell-through, multiplicative and additive pickup. */
export function baselines(e: PreparedEvent, daysOut: number, sold: number, history: History, beforeMs: number) {
  const b = categoryBenchmark(e, history, beforeMs, daysOut);
  return {
    category_average: clampPrediction(b.final, sold),
    multiplicative: clampPrediction(multiplicativePickup(sold, b), sold),
    additive: clampPrediction(additivePickup(sold, b), sold),
  };
}

/**
 * Every candidate's predicted final share of `e` seen `daysOut` days before its start, learning
 * only from events that had started before `beforeMs`. Null when there is nothing to compare with.
 */
export function candidatesAt(
  e: PreparedEvent,
  daysOut: number,
  history: History,
  beforeMs: number,
  weights: CandidateWeights,
  params: ModelParams,
  holidays: HolidayCalendar,
): CandidateResult | null {
  const { group, pool } = comparablePool(e, history, beforeMs, params.similarity);
  if (pool.length === 0) return null;
  const obs = observe(e, daysOut);
  const sold = obs.sold;
  const components = pickupComponents(e, obs, pool, params.similarity, params.analogue);
  const analogue = clampPrediction(weights.alpha * components.multiplicative + (1 - weights.alpha) * components.additive, sold);
  const base = baselines(e, daysOut, sold, history, beforeMs);
  const features = bookingFeatures(
    e,
    obs,
    pool,
    group === 'category' ? (history.byCategory.get(e.rec.category) ?? []) : history.byKind.show,
    beforeMs,
    { categoryAverage: base.category_average, multiplicative: base.multiplicative, additive: base.additive, analogue },
    holidays,
  );
  const learned = weights.ridge ? clampPrediction(sold + ridgePredict(weights.ridge, features), sold) : analogue;
  const learnedAll = weights.ridgeAll ? clampPrediction(sold + ridgePredict(weights.ridgeAll, features), sold) : learned;
  return { obs, shares: { ...base, analogue, learned, learned_all: learnedAll }, components, features, poolSize: pool.length };
}
