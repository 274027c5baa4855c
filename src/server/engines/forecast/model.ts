// The analogue model's parameters and the replay of one finished event at d days out (what was
// known of it then). The candidates built on them are in candidates.ts, their rolling-origin
// learning in learner.ts.
import type { PreparedEvent } from './curves';
import { DEFAULT_SIMILARITY, comparablePool, type SimilarityParams } from './comparables';
import { DEFAULT_ANALOGUE, observe, pickupComponents, type AnalogueParams, type Observation, type PickupComponents } from './analogues';
import { horizonBucket, type TrainingItem } from './blend';
import { countBefore, cutoffMs, isProduct, type History } from './history';

export interface ModelParams {
  similarity: SimilarityParams;
  analogue: AnalogueParams;
}

export const DEFAULT_PARAMS: ModelParams = { similarity: DEFAULT_SIMILARITY, analogue: DEFAULT_ANALOGUE };

/** Finished shows a replayed forecast needs before it counts (training, backtest). */
export const MIN_REPLAY_HISTORY = 20;

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

export function trainingItem(e: PreparedEvent, daysOut: number, c: PickupComponents): TrainingItem {
  return {
    bucket: horizonBucket(daysOut),
    capacity: e.rec.capacity,
    multiplicative: c.multiplicative,
    additive: c.additive,
    actual: e.cum[0],
  };
}
