// Every candidate's prediction for one event at one moment: the three classic baselines over the
// category's curve, the analogue model (analogues.ts with the learnt multiplicative/additive
// blend) and the learned model (ridge over booking-curve features). The live forecast and the
// rolling-origin replay both call this, so the backtest scores exactly what partners see.
import type { PreparedEvent } from './curves';
import { comparablePool } from './comparables';
import { observe, pickupComponents, type Observation, type PickupComponents } from './analogues';
import { additivePickup, benchmarkAt, clampPrediction, multiplicativePickup } from './pickup';
import { startedBefore, type History } from './history';
import type { Neighbour } from './comparables';
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
}

export interface CandidateResult {
  obs: Observation;
  shares: CandidateShares;
  components: PickupComponents;
  features: Float64Array;
  poolSize: number;
}

/** The category's finished events as equally weighted neighbours (all shows if it has none). */
function categoryCurve(e: PreparedEvent, history: History, beforeMs: number): Neighbour[] {
  let pool = startedBefore(history.byCategory.get(e.rec.category) ?? [], beforeMs);
  if (pool.length === 0) pool = startedBefore(history.byKind.show, beforeMs);
  return pool.filter((x) => x.rec.id !== e.rec.id).map((event) => ({ event, weight: 1, distance: 0 }));
}

/** The three classic baselines: category average sell-through, multiplicative and additive pickup. */
export function baselines(e: PreparedEvent, daysOut: number, sold: number, history: History, beforeMs: number) {
  const b = benchmarkAt(categoryCurve(e, history, beforeMs), daysOut);
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
  return { obs, shares: { ...base, analogue, learned }, components, features, poolSize: pool.length };
}
