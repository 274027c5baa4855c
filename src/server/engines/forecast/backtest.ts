// The backtest: every finished show of a partner replayed as if it were `h` days before its
// start (h = 90, 60, 30, 14, 7). Only its sales up to then are visible, only events that had
// started by then serve as history (so never the event itself), and the model's blend weights
// are the ones it would have learnt by then. Each forecast is compared with what the event
// finally sold; errors are summed as WAPE = Σ|predicted − actual| / Σ actual, in tickets.
//
// Three classic baselines use category-level curves (every finished event of the category,
// equally weighted): the category's average sell-through, pure multiplicative pickup and pure
// additive pickup. All methods are clamped to [sold, capacity] and scored on the same events.
import type { EventRecord } from './types';
import type { PreparedEvent } from './curves';
import { buildHistory, cutoffMs, startedBefore, type History } from './history';
import { BlendFitter, horizonBucket } from './blend';
import { DEFAULT_PARAMS, replay, replayable, trainingItem, type ModelParams } from './model';
import { additivePickup, benchmarkAt, clampPrediction, multiplicativePickup } from './pickup';
import type { Neighbour } from './comparables';

export const BACKTEST_HORIZONS = [90, 60, 30, 14, 7] as const;
export const METHODS = ['model', 'category_average', 'multiplicative', 'additive'] as const;
export type Method = (typeof METHODS)[number];

export interface BacktestItem {
  eventId: string;
  horizon: number;
  capacity: number;
  /** Shares of capacity: sold at the cutoff, finally sold, and each method's prediction. */
  sold: number;
  actual: number;
  predicted: Record<Method, number>;
}

export interface BacktestRow {
  horizon: number;
  events: number;
  actualTickets: number;
  /** Percent. */
  wape: Record<Method, number>;
}

export interface BacktestResult {
  rows: BacktestRow[];
  items: BacktestItem[];
}

/** The category's finished events as equally weighted neighbours (all shows if it has none). */
function categoryCurve(e: PreparedEvent, history: History, beforeMs: number): Neighbour[] {
  let pool = startedBefore(history.byCategory.get(e.rec.category) ?? [], beforeMs);
  if (pool.length === 0) pool = startedBefore(history.byKind.show, beforeMs);
  return pool.filter((x) => x.rec.id !== e.rec.id).map((event) => ({ event, weight: 1, distance: 0 }));
}

export function baselines(e: PreparedEvent, horizon: number, sold: number, history: History, beforeMs: number) {
  const b = benchmarkAt(categoryCurve(e, history, beforeMs), horizon);
  return {
    category_average: clampPrediction(b.final, sold),
    multiplicative: clampPrediction(multiplicativePickup(sold, b), sold),
    additive: clampPrediction(additivePickup(sold, b), sold),
  };
}

export function runBacktest(
  records: readonly EventRecord[],
  opts: { nowMs: number; horizons?: readonly number[]; params?: ModelParams },
): BacktestResult {
  const params = opts.params ?? DEFAULT_PARAMS;
  const horizons = opts.horizons ?? BACKTEST_HORIZONS;
  const history = buildHistory(records);
  const finished = history.byKind.show.filter((e) => e.rec.startMs < opts.nowMs && replayable(e));
  const items: BacktestItem[] = [];

  for (const h of horizons) {
    // Replays in cutoff order; the blend learns from events as they finish, so each forecast
    // uses only the weights that could have been known at its cutoff.
    const replays = finished
      .map((e) => ({ e, r: replay(e, h, history, params) }))
      .filter((x): x is { e: PreparedEvent; r: NonNullable<ReturnType<typeof replay>> } => x.r !== null);
    const byFinish = [...replays].sort((a, b) => a.e.rec.startMs - b.e.rec.startMs);
    const fitter = new BlendFitter();
    let learnt = 0;
    for (const { e, r } of replays.sort((a, b) => a.r.beforeMs - b.r.beforeMs)) {
      while (learnt < byFinish.length && byFinish[learnt].e.rec.startMs < r.beforeMs) {
        fitter.add(trainingItem(byFinish[learnt].e, h, byFinish[learnt].r.components));
        learnt++;
      }
      const alpha = fitter.weights().alpha[horizonBucket(h)];
      const { multiplicative: m, additive: a } = r.components;
      const sold = r.obs.sold;
      items.push({
        eventId: e.rec.id,
        horizon: h,
        capacity: e.rec.capacity,
        sold,
        actual: e.cum[0],
        predicted: { model: clampPrediction(alpha * m + (1 - alpha) * a, sold), ...baselines(e, h, sold, history, cutoffMs(e, h)) },
      });
    }
  }
  return { rows: summarise(items, horizons), items };
}

export function summarise(items: readonly BacktestItem[], horizons: readonly number[]): BacktestRow[] {
  return horizons.map((horizon) => {
    const at = items.filter((i) => i.horizon === horizon);
    const actual = at.reduce((s, i) => s + i.actual * i.capacity, 0);
    const wape = {} as Record<Method, number>;
    for (const m of METHODS) {
      const err = at.reduce((s, i) => s + Math.abs(i.predicted[m] - i.actual) * i.capacity, 0);
      wape[m] = actual > 0 ? (100 * err) / actual : 0;
    }
    return { horizon, events: at.length, actualTickets: Math.round(actual), wape };
  });
}

/** The baseline with the lowest WAPE at a horizon, and how much lower the model's is (percent). */
export function improvement(row: BacktestRow): { best: Method; reduction: number } {
  const base = METHODS.filter((m) => m !== 'model').reduce((a, b) => (row.wape[a] <= row.wape[b] ? a : b));
  const reduction = row.wape[base] > 0 ? (100 * (row.wape[base] - row.wape.model)) / row.wape[base] : 0;
  return { best: base, reduction };
}
