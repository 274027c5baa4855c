// Is the model's lead over the best baseline more than noise? A block bootstrap over months:
// the backtest's events are grouped by the month they started in, months are drawn with
// replacement (a month's events share its season, prices and audience, so they are not
// independent draws), and the difference WAPE(model) − WAPE(best baseline) is recomputed for
// each resample. The 2.5th and 97.5th percentiles give its 95 % interval; an interval that
// contains 0 is a tie, one above 0 a model significantly worse than the baseline.
import { BASELINES, wape, type Baseline, type BacktestItem, type Method } from './backtest';
import { addToBlock, blockTotals, monthOf, resampleBlocks } from './block-bootstrap';

export interface BootstrapInterval {
  horizon: number;
  /** The baseline with the lowest WAPE on the whole sample at this horizon. */
  baseline: Baseline;
  /** WAPE(model) − WAPE(baseline) in percentage points on the whole sample, and its 95 % interval. */
  diff: number;
  low: number;
  high: number;
  months: number;
  resamples: number;
}

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 20_160_815;

function percentile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** The 95 % interval of WAPE(model) − WAPE(best baseline) at one horizon; null without events. */
export function bootstrapDifference(
  items: readonly BacktestItem[],
  horizon: number,
  opts: { resamples?: number; seed?: number; baseline?: Baseline } = {},
): BootstrapInterval | null {
  const at = items.filter((i) => i.horizon === horizon);
  if (at.length === 0) return null;
  const baseline = opts.baseline ?? BASELINES.reduce((a, b) => (wape(at, a) <= wape(at, b) ? a : b));
  const resamples = opts.resamples ?? BOOTSTRAP_RESAMPLES;
  // Per month: the model's and the baseline's absolute errors and the actual sales, in tickets.
  const blocks = new Map<number, number[]>();
  for (const i of at) addToBlock(blocks, monthOf(i.startMs), Math.abs(i.predicted.model - i.actual) * i.capacity, Math.abs(i.predicted[baseline] - i.actual) * i.capacity, i.actual * i.capacity);
  const list = [...blocks.values()];
  const diffOf = (m: number, b: number, a: number) => (a > 0 ? (100 * (m - b)) / a : 0);
  const total = blockTotals(list);
  const diffs = resampleBlocks(list, resamples, opts.seed ?? BOOTSTRAP_SEED, (x) => diffOf(x[0], x[1], x[2]));
  return {
    horizon,
    baseline,
    diff: diffOf(total[0], total[1], total[2]),
    low: percentile(diffs, 0.025),
    high: percentile(diffs, 0.975),
    months: list.length,
    resamples,
  };
}

/** A WAPE (percent) and its 95 % block-bootstrap interval (months of starts). */
export interface WapeInterval {
  wape: number;
  low: number;
  high: number;
}

/** WAPE of `method` at `horizon` with its 95 % interval from a block bootstrap over months; null without events. */
export function bootstrapWape(
  items: readonly BacktestItem[],
  horizon: number,
  method: Method = 'model',
  opts: { resamples?: number; seed?: number } = {},
): WapeInterval | null {
  const blocks = new Map<number, number[]>();
  for (const i of items) {
    if (i.horizon !== horizon) continue;
    addToBlock(blocks, monthOf(i.startMs), Math.abs(i.predicted[method] - i.actual) * i.capacity, i.actual * i.capacity);
  }
  if (blocks.size === 0) return null;
  const list = [...blocks.values()];
  const total = blockTotals(list);
  const ratio = (x: readonly number[]) => (x[1] > 0 ? (100 * x[0]) / x[1] : 0);
  const d = resampleBlocks(list, opts.resamples ?? BOOTSTRAP_RESAMPLES, opts.seed ?? BOOTSTRAP_SEED, ratio);
  return { wape: ratio(total), low: percentile(d, 0.025), high: percentile(d, 0.975) };
}

/**
 * WAPE(model of `a`) − WAPE(model of `b`) in points on the events both replayed at `horizon`, with
 * its 95 % block-bootstrap interval: how two versions of the model compare on the same forecasts.
 */
export function bootstrapPaired(
  a: readonly BacktestItem[],
  b: readonly BacktestItem[],
  horizon: number,
  opts: { resamples?: number; seed?: number } = {},
): (WapeInterval & { events: number }) | null {
  const other = new Map<string, BacktestItem>();
  for (const i of b) if (i.horizon === horizon) other.set(i.eventId, i);
  const blocks = new Map<number, number[]>();
  let events = 0;
  for (const i of a) {
    if (i.horizon !== horizon) continue;
    const j = other.get(i.eventId);
    if (!j) continue;
    events++;
    addToBlock(blocks, monthOf(i.startMs), Math.abs(i.predicted.model - i.actual) * i.capacity, Math.abs(j.predicted.model - j.actual) * j.capacity, i.actual * i.capacity);
  }
  if (events === 0) return null;
  const list = [...blocks.values()];
  const diff = (x: readonly number[]) => (x[2] > 0 ? (100 * (x[0] - x[1])) / x[2] : 0);
  const diffs = resampleBlocks(list, opts.resamples ?? BOOTSTRAP_RESAMPLES, opts.seed ?? BOOTSTRAP_SEED, diff);
  return { wape: diff(blockTotals(list)), low: percentile(diffs, 0.025), high: percentile(diffs, 0.975), events };
}
