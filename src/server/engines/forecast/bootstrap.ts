// Is the model's lead over the best baseline more than noise? A block bootstrap over months:
// the backtest's events are grouped by the month they started in, months are drawn with
// replacement (a month's events share its season, prices and audience, so they are not
// independent draws), and the difference WAPE(model) − WAPE(best baseline) is recomputed for
// each resample. The 2.5th and 97.5th percentiles give its 95 % interval; an interval that
// contains 0 is a tie, one above 0 a model significantly worse than the baseline.
import { BASELINES, wape, type Baseline, type BacktestItem, type Method } from './backtest';
import { mulberry32 } from '../../../lib/seeded-random';

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


const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

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
  const blocks = new Map<number, [number, number, number]>();
  for (const i of at) {
    const k = monthOf(i.startMs);
    const b = blocks.get(k) ?? [0, 0, 0];
    b[0] += Math.abs(i.predicted.model - i.actual) * i.capacity;
    b[1] += Math.abs(i.predicted[baseline] - i.actual) * i.capacity;
    b[2] += i.actual * i.capacity;
    blocks.set(k, b);
  }
  const list = [...blocks.values()];
  const diffOf = (m: number, b: number, a: number) => (a > 0 ? (100 * (m - b)) / a : 0);
  const total = list.reduce((s, b) => [s[0] + b[0], s[1] + b[1], s[2] + b[2]], [0, 0, 0]);
  const rand = mulberry32(opts.seed ?? BOOTSTRAP_SEED);
  const diffs = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let m = 0;
    let b = 0;
    let a = 0;
    for (let j = 0; j < list.length; j++) {
      const blk = list[Math.floor(rand() * list.length)];
      m += blk[0];
      b += blk[1];
      a += blk[2];
    }
    diffs[r] = diffOf(m, b, a);
  }
  diffs.sort();
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

function resampleRatio(blocks: readonly (readonly [number, number])[], resamples: number, seed: number): Float64Array {
  const rand = mulberry32(seed);
  const out = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let num = 0;
    let den = 0;
    for (let j = 0; j < blocks.length; j++) {
      const b = blocks[Math.floor(rand() * blocks.length)];
      num += b[0];
      den += b[1];
    }
    out[r] = den > 0 ? (100 * num) / den : 0;
  }
  return out.sort();
}

/** WAPE of `method` at `horizon` with its 95 % interval from a block bootstrap over months; null without events. */
export function bootstrapWape(
  items: readonly BacktestItem[],
  horizon: number,
  method: Method = 'model',
  opts: { resamples?: number; seed?: number } = {},
): WapeInterval | null {
  const blocks = new Map<number, [number, number]>();
  for (const i of items) {
    if (i.horizon !== horizon) continue;
    const k = monthOf(i.startMs);
    const b = blocks.get(k) ?? [0, 0];
    b[0] += Math.abs(i.predicted[method] - i.actual) * i.capacity;
    b[1] += i.actual * i.capacity;
    blocks.set(k, b);
  }
  if (blocks.size === 0) return null;
  const list = [...blocks.values()];
  const total = list.reduce((s, b) => [s[0] + b[0], s[1] + b[1]], [0, 0]);
  const d = resampleRatio(list, opts.resamples ?? BOOTSTRAP_RESAMPLES, opts.seed ?? BOOTSTRAP_SEED);
  return { wape: total[1] > 0 ? (100 * total[0]) / total[1] : 0, low: percentile(d, 0.025), high: percentile(d, 0.975) };
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
  const blocks = new Map<number, [number, number, number]>();
  let events = 0;
  for (const i of a) {
    if (i.horizon !== horizon) continue;
    const j = other.get(i.eventId);
    if (!j) continue;
    events++;
    const k = monthOf(i.startMs);
    const blk = blocks.get(k) ?? [0, 0, 0];
    blk[0] += Math.abs(i.predicted.model - i.actual) * i.capacity;
    blk[1] += Math.abs(j.predicted.model - j.actual) * j.capacity;
    blk[2] += i.actual * i.capacity;
    blocks.set(k, blk);
  }
  if (events === 0) return null;
  const list = [...blocks.values()];
  const total = list.reduce((s, x) => [s[0] + x[0], s[1] + x[1], s[2] + x[2]], [0, 0, 0]);
  const rand = mulberry32(opts.seed ?? BOOTSTRAP_SEED);
  const resamples = opts.resamples ?? BOOTSTRAP_RESAMPLES;
  const diffs = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let m = 0;
    let n = 0;
    let act = 0;
    for (let j = 0; j < list.length; j++) {
      const x = list[Math.floor(rand() * list.length)];
      m += x[0];
      n += x[1];
      act += x[2];
    }
    diffs[r] = act > 0 ? (100 * (m - n)) / act : 0;
  }
  diffs.sort();
  return { wape: total[2] > 0 ? (100 * (total[0] - total[1])) / total[2] : 0, low: percentile(diffs, 0.025), high: percentile(diffs, 0.975), events };
}
