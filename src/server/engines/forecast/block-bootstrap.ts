// The block bootstrap over months shared by the backtest's intervals (bootstrap.ts) and the
// segments' pooling test (segments.ts): events are grouped by the UTC month they start in (a
// month's events share its season, prices and audience, so they are not independent draws), each
// month is one block of summed errors, and months are drawn with replacement.
import { mulberry32 } from '../../../lib/seeded-random';

/** The block an event starting at `ms` belongs to: its UTC month, as a running number. */
export const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** Adds `values` to the block of `key` (a tuple of sums, created at zero). */
export function addToBlock(blocks: Map<number, number[]>, key: number, ...values: number[]): void {
  let b = blocks.get(key);
  if (!b) blocks.set(key, (b = new Array<number>(values.length).fill(0)));
  for (let k = 0; k < values.length; k++) b[k] += values[k];
}

/**
 * `resamples` draws of as many blocks as there are, with replacement (seeded): each draw's
 * component-wise sums mapped by `stat`, sorted ascending. Empty blocks give `stat` of zeros.
 */
export function resampleBlocks(blocks: readonly (readonly number[])[], resamples: number, seed: number, stat: (sums: readonly number[]) => number): Float64Array {
  const rand = mulberry32(seed);
  const width = blocks[0]?.length ?? 0;
  const sums = new Array<number>(width);
  const out = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    for (let j = 0; j < blocks.length; j++) {
      const b = blocks[Math.floor(rand() * blocks.length)];
      for (let k = 0; k < width; k++) sums[k] += b[k];
    }
    out[r] = stat(sums);
  }
  return out.sort();
}

/** The component-wise totals of the blocks. */
export const blockTotals = (blocks: readonly (readonly number[])[]): number[] =>
  blocks.reduce<number[]>((s, b) => s.map((x, k) => x + b[k]), new Array<number>(blocks[0]?.length ?? 0).fill(0));
