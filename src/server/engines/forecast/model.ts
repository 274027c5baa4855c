// The model: one event's predicted final share from what it sold by d days out, its analogues'
// pickups and the partner's learnt blend. Used unchanged by the live forecast, the weight
// training and the backtest, so the backtest measures exactly what partners see.
import type { PreparedEvent } from './curves';
import { DEFAULT_SIMILARITY, comparablePool, type ComparableGroup, type SimilarityParams } from './comparables';
import { DEFAULT_ANALOGUE, observe, pickupComponents, type AnalogueParams, type Observation, type PickupComponents } from './analogues';
import { BlendFitter, TRAINING_HORIZONS, alphaFor, horizonBucket, type BlendWeights, type TrainingItem } from './blend';
import { clampPrediction } from './pickup';
import { countBefore, cutoffMs, isProduct, type History } from './history';

export interface ModelParams {
  similarity: SimilarityParams;
  analogue: AnalogueParams;
}

export const DEFAULT_PARAMS: ModelParams = { similarity: DEFAULT_SIMILARITY, analogue: DEFAULT_ANALOGUE };

/** Finished shows a replayed forecast needs before it counts (training, backtest). */
export const MIN_REPLAY_HISTORY = 20;

export interface Prediction extends PickupComponents {
  /** Predicted final share (0–1, or the sold share when already above 1). */
  share: number;
  alpha: number;
  group: ComparableGroup;
  poolSize: number;
}

/**
 * Predicts `target`'s final share from `obs`, learning only from events that had started before
 * `beforeMs`. Null when there is nothing to compare with.
 */
export function predictFinal(
  target: PreparedEvent,
  obs: Observation,
  history: History,
  beforeMs: number,
  weights: BlendWeights,
  params: ModelParams = DEFAULT_PARAMS,
): Prediction | null {
  const { group, pool } = comparablePool(target, history, beforeMs, params.similarity);
  if (pool.length === 0) return null;
  const c = pickupComponents(target, obs, pool, params.similarity, params.analogue);
  const alpha = alphaFor(weights, obs.daysOut);
  const share = clampPrediction(alpha * c.multiplicative + (1 - alpha) * c.additive, obs.sold);
  return { ...c, share, alpha, group, poolSize: pool.length };
}

/**
 * A finished event replayed at `daysOut`: its sales up to then, the history of that moment.
 * Null when too little had finished to learn from.
 */
export function replay(
  e: PreparedEvent,
  daysOut: number,
  history: History,
  params: ModelParams,
): { obs: Observation; beforeMs: number; components: PickupComponents; poolSize: number } | null {
  const beforeMs = cutoffMs(e, daysOut);
  if (countBefore(history.byKind.show, beforeMs) < MIN_REPLAY_HISTORY) return null;
  const { pool } = comparablePool(e, history, beforeMs, params.similarity);
  if (pool.length === 0) return null;
  const obs = observe(e, daysOut);
  return { obs, beforeMs, components: pickupComponents(e, obs, pool, params.similarity, params.analogue), poolSize: pool.length };
}

/** Shows that may be replayed: learnable, with capacity, not products. */
export const replayable = (e: PreparedEvent): boolean => e.rec.learnable && e.rec.capacity > 0 && !isProduct(e);

/** Blend weights learnt from every show that had finished before `nowMs`. */
export function trainBlendWeights(history: History, nowMs: number, params: ModelParams = DEFAULT_PARAMS): BlendWeights {
  const fitter = new BlendFitter();
  for (const e of history.byKind.show) {
    if (e.rec.startMs >= nowMs) break;
    if (!replayable(e)) continue;
    for (const h of TRAINING_HORIZONS) {
      const r = replay(e, h, history, params);
      if (!r) continue;
      fitter.add(trainingItem(e, h, r.components));
    }
  }
  return fitter.weights();
}

export function trainingItem(e: PreparedEvent, daysOut: number, c: PickupComponents): TrainingItem {
  return {
    bucket: horizonBucket(daysOut),
    capacity: e.rec.capacity,
    multiplicative: c.multiplicative,
    additive: c.additive,
    actual: e.cum[0],
  };
}
