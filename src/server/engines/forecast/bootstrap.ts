// Is the model's lead over the best baseline more than noise? A block bootstrap over months:
// the backtest's events are grouped by the month they started in, months are drawn with
// replacement (a month's events share its season, prices and audience, so they are not
// independent draws), and the difference WAPE(model) − WAPE(best baseline) is recomputed for
// each resample. The 2.5th and 97.5th percentiles give its 95 % interval; an interval that
// contains 0 is a tie, one above 0 a model significantly worse than the baseline.
import { BASELINES, wape, type Baseline, type BacktestItem } from './backtest';
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
