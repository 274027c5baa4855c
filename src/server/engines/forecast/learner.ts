// Rolling-origin learning: a partner's finished shows replayed in time order at one horizon, as
// if each were d days before its start. At each cutoff only what was known then is used — the
// event's own sales up to d, events that had started before the cutoff as comparables and as
// training data — and every candidate makes its forecast. When a replayed event later starts,
// its outcome joins what the next cutoffs learn from: the analogue blend, the ridge fit, the
// selection scores and the residuals the interval is read from.
//
// The same pass is the backtest (its forecasts are out of sample by construction) and the live
// training (its state after the last finished event is what today's forecasts use).
import type { PreparedEvent } from './curves';
import { countBefore, cutoffMs, type History } from './history';
import { BlendFitter, DEFAULT_ALPHA, TRAINING_HORIZONS, horizonBucket } from './blend';
import { DEFAULT_PARAMS, MIN_REPLAY_HISTORY, replayable, type ModelParams } from './model';
import { candidatesAt, type CandidateWeights } from './candidates';
import { FEATURE_COUNT } from './features';
import { RidgeAccumulator, type RidgeFit } from './ridge';
import { MIXES, Selector, mixShare, type CandidateShares } from './selection';
import { holidayCalendar, type HolidayCalendar } from './holidays';
import { clampPrediction } from './pickup';
import { DAY_MS } from './types';

/** Ridge penalty, in weighted observations (features standardised). */
export const RIDGE_LAMBDA = 300;
/** Replayed events the ridge needs before it is used (about three per feature). */
export const MIN_RIDGE_ITEMS = 3 * FEATURE_COUNT;
/** The ridge is refitted at most once per this many days of cutoffs (weekly, as a nightly job would see it grow). */
const REFIT_DAYS = 7;
/** Residuals kept for the interval: the most recent ones, so it follows the current error level. */
export const RESIDUAL_WINDOW = 400;
/** Residuals needed before an interval is given. */
export const MIN_RESIDUALS = 30;

export interface LearnOptions {
  params?: ModelParams;
  /** Public holidays of the partner's country. */
  holidays?: HolidayCalendar;
  /** Shared by the passes over one history with the same params and holidays, see allHorizonRows. */
  rows?: RowCache;
  /** false: no all-horizon ridge (learned_all repeats learned); the segments' pooling test saves its cost. */
  allHorizons?: boolean;
  /** Finished shows a replayed forecast needs (default MIN_REPLAY_HISTORY); the pooling test asks for fewer. */
  minHistory?: number;
}

/** A finished event's features and sales at one training horizon (`${id}:${days out}`); null when it had no comparables. */
export type RowCache = Map<string, { features: Float64Array; sold: number } | null>;

/**
 * What `e` looked like at each training horizon but `own`, each seen from its own cutoff (so from
 * history that had started by then, as in the replay): the all-horizon ridge learns from nine rows
 * per finished event instead of one, which the per-horizon ridge's 40 features need on a small or
 * noisy history. The analogue share among the features uses the default blend, so a row is the
 * same in every pass and is computed once per history.
 */
function allHorizonRows(e: PreparedEvent, own: number, history: History, params: ModelParams, holidays: HolidayCalendar, cache: RowCache) {
  const out: { features: Float64Array; sold: number }[] = [];
  for (const h of TRAINING_HORIZONS) {
    if (h === own) continue;
    const key = `${e.rec.id}:${h}`;
    let row = cache.get(key);
    if (row === undefined) {
      const beforeMs = cutoffMs(e, h);
      const c =
        countBefore(history.byKind.show, beforeMs) < MIN_REPLAY_HISTORY
          ? null
          : candidatesAt(e, h, history, beforeMs, { alpha: DEFAULT_ALPHA, ridge: null, ridgeAll: null }, params, holidays);
      row = c && { features: c.features, sold: c.obs.sold };
      cache.set(key, row);
    }
    if (row) out.push(row);
  }
  return out;
}

/** What one horizon bucket has learnt by a moment. */
export interface BucketModel {
  horizon: number;
  weights: CandidateWeights;
  /** Chosen mix (index into MIXES) per category, '*' for the rest. */
  choice: Map<string, number>;
  /** Quantiles of the recent residuals (actual − predicted final share) of the chosen forecasts; null while too few. */
  spread: Spread | null;
  /** Replayed events learnt from. */
  trainedOn: number;
}

export interface LearntModel {
  buckets: BucketModel[];
  params: ModelParams;
  holidays: HolidayCalendar;
}

/** One replayed forecast, scored later against what the event sold. */
export interface ReplayedForecast {
  e: PreparedEvent;
  horizon: number;
  sold: number;
  actual: number;
  capacity: number;
  shares: CandidateShares;
  /** The chosen mix and its prediction (shares of capacity). */
  mix: number;
  model: number;
  /** The 80 % interval it would have shown, null while too few residuals were known. */
  interval: { low: number; high: number } | null;
  /** Size of the comparable pool. */
  poolSize: number;
  /** The learned candidate's inputs (kept for diagnostics and tests). */
  features: Float64Array;
}

const quantile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
};

/** Where `x` goes in ascending `sorted` (first index with a value ≥ x). */
function lowerBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The last RESIDUAL_WINDOW residuals, kept sorted as they come and go, so their quantiles cost
 * nothing per forecast (the replay asks for them once per replayed event).
 */
export class ResidualWindow {
  readonly recent: number[] = [];
  private readonly sorted: number[] = [];
  private readonly abs: number[] = [];

  constructor(private readonly size = RESIDUAL_WINDOW) {}

  get length(): number {
    return this.recent.length;
  }

  push(r: number): void {
    this.recent.push(r);
    this.sorted.splice(lowerBound(this.sorted, r), 0, r);
    this.abs.splice(lowerBound(this.abs, Math.abs(r)), 0, Math.abs(r));
    if (this.recent.length > this.size) {
      const old = this.recent.shift()!;
      this.sorted.splice(lowerBound(this.sorted, old), 1);
      this.abs.splice(lowerBound(this.abs, Math.abs(old)), 1);
    }
  }

  /** 10th and 90th percentiles of the residuals, 80th of their absolute values; null while too few. */
  spread(): Spread | null {
    if (this.recent.length < MIN_RESIDUALS) return null;
    return { low: quantile(this.sorted, 0.1), high: quantile(this.sorted, 0.9), absError: quantile(this.abs, 0.8) };
  }
}

/** Residual quantiles (shares of capacity) of one horizon's chosen forecasts. */
export interface Spread {
  low: number;
  high: number;
  absError: number;
}

/**
 * The 80 % interval of a predicted final share: the prediction plus the 10th and 90th percentiles
 * of the same forecasts' residuals on finished events, never below what is sold nor above
 * capacity; with the 80th percentile of the absolute error (times capacity: "usually within").
 */
export function intervalAround(spread: Spread | null, predicted: number, sold: number): { low: number; high: number; absError: number } | null {
  if (!spread) return null;
  const top = Math.max(1, sold);
  return {
    low: Math.min(top, Math.max(sold, predicted + spread.low)),
    high: Math.min(top, Math.max(sold, predicted + spread.high)),
    absError: spread.absError,
  };
}

/** intervalAround from raw residuals (tests, one-off use). */
export function intervalFrom(residuals: readonly number[], predicted: number, sold: number): { low: number; high: number; absError: number } | null {
  const w = new ResidualWindow(Math.max(residuals.length, 1));
  for (const r of residuals) w.push(r);
  return intervalAround(w.spread(), predicted, sold);
}

/** A replayed forecast waiting for its event to start. */
interface Pending {
  item: ReplayedForecast;
  features: Float64Array;
  multiplicative: number;
  additive: number;
}

/**
 * Replays the finished shows of `history` that started before `nowMs` at `horizon` days out, in
 * time order; returns every replayed forecast and the bucket's state at `nowMs`.
 */
export function rollingOrigin(
  history: History,
  horizon: number,
  nowMs: number,
  opts: LearnOptions = {},
): { items: ReplayedForecast[]; model: BucketModel } {
  const params = opts.params ?? DEFAULT_PARAMS;
  const holidays = opts.holidays ?? holidayCalendar();
  const rows = opts.rows ?? new Map();
  const allHorizons = opts.allHorizons ?? true;
  const minHistory = opts.minHistory ?? MIN_REPLAY_HISTORY;
  const bucket = horizonBucket(horizon);
  const finished = history.byKind.show.filter((e) => e.rec.startMs < nowMs && replayable(e));
  const pending: (Pending | null)[] = new Array(finished.length).fill(null);

  const fitter = new BlendFitter();
  const ridgeAcc = new RidgeAccumulator(FEATURE_COUNT);
  const allAcc = new RidgeAccumulator(FEATURE_COUNT);
  const selector = new Selector();
  const residuals = new ResidualWindow();
  let weights: CandidateWeights = { alpha: fitter.weights().alpha[bucket], ridge: null, ridgeAll: null };
  let lastFitDay = Number.NEGATIVE_INFINITY;
  let grown = false;
  let released = 0;
  let trainedOn = 0;
  const items: ReplayedForecast[] = [];

  const release = (beforeMs: number) => {
    while (released < finished.length && finished[released].rec.startMs < beforeMs) {
      const p = pending[released];
      pending[released] = null;
      released++;
      if (!p) continue;
      const { item } = p;
      fitter.add({ bucket, capacity: item.capacity, multiplicative: p.multiplicative, additive: p.additive, actual: item.actual });
      ridgeAcc.add(p.features, item.actual - item.sold, item.capacity);
      if (allHorizons) {
        allAcc.add(p.features, item.actual - item.sold, item.capacity);
        for (const r of allHorizonRows(item.e, horizon, history, params, holidays, rows)) allAcc.add(r.features, item.actual - r.sold, item.capacity);
      }
      selector.add(item.e.rec.category, item.shares, item.actual, item.capacity, item.e.startDay);
      residuals.push(item.actual - item.model);
      trainedOn++;
      grown = true;
    }
  };

  const refit = (day: number, force: boolean) => {
    if (!grown || (!force && day - lastFitDay < REFIT_DAYS)) return;
    grown = false;
    lastFitDay = day;
    // Both ridges start together, once this horizon has MIN_RIDGE_ITEMS replayed events.
    const ready = ridgeAcc.size >= MIN_RIDGE_ITEMS;
    weights = {
      alpha: fitter.weights().alpha[bucket],
      ridge: ready ? ridgeAcc.fit(RIDGE_LAMBDA) : null,
      ridgeAll: ready && allHorizons ? allAcc.fit(RIDGE_LAMBDA) : null,
    };
  };

  finished.forEach((e, i) => {
    const beforeMs = cutoffMs(e, horizon);
    release(beforeMs);
    if (countBefore(history.byKind.show, beforeMs) < minHistory) return;
    refit(Math.floor(beforeMs / DAY_MS), false);
    const c = candidatesAt(e, horizon, history, beforeMs, weights, params, holidays);
    if (!c) return;
    const mix = selector.choose(e.rec.category);
    const sold = c.obs.sold;
    const model = clampPrediction(mixShare(MIXES[mix], c.shares), sold);
    const iv = intervalAround(residuals.spread(), model, sold);
    const item: ReplayedForecast = {
      e,
      horizon,
      sold,
      actual: e.cum[0],
      capacity: e.rec.capacity,
      shares: c.shares,
      mix,
      model,
      interval: iv && { low: iv.low, high: iv.high },
      poolSize: c.poolSize,
      features: c.features,
    };
    items.push(item);
    pending[i] = { item, features: c.features, multiplicative: c.components.multiplicative, additive: c.components.additive };
  });
  release(nowMs);
  refit(Math.floor(nowMs / DAY_MS), true);

  return {
    items,
    model: { horizon, weights, choice: selector.snapshot(), spread: residuals.spread(), trainedOn },
  };
}

/** Every bucket of TRAINING_HORIZONS learnt from the shows finished before `nowMs`. */
export function learnModel(history: History, nowMs: number, opts: LearnOptions = {}): LearntModel {
  const params = opts.params ?? DEFAULT_PARAMS;
  const holidays = opts.holidays ?? holidayCalendar();
  const rows: RowCache = new Map();
  return {
    buckets: TRAINING_HORIZONS.map((h) => rollingOrigin(history, h, nowMs, { params, holidays, rows }).model),
    params,
    holidays,
  };
}

export const bucketFor = (m: LearntModel, daysOut: number): BucketModel => m.buckets[horizonBucket(daysOut)];

export const choiceFor = (b: BucketModel, category: string): number => b.choice.get(category) ?? b.choice.get('*')!;
