// The 95 % Wilson score interval of an accuracy (issue 21 §3: the hold-out's figure is reported
// with its uncertainty). Wilson rather than the normal approximation because the accuracies sit
// close to 100 % on ~60 questions per language, where p ± 1.96·√(p(1−p)/n) leaves [0, 1] or
// collapses to a zero width at 100 %.

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for `correct` successes out of `total` trials; [0, 1] when total is 0. */
export function wilsonInterval(correct: number, total: number, z = Z95): Interval {
  if (!Number.isInteger(correct) || !Number.isInteger(total) || correct < 0 || total < 0 || correct > total) {
    throw new RangeError(`wilsonInterval: need 0 ≤ correct ≤ total integers, got ${correct}/${total}`);
  }
  if (total === 0) return { low: 0, high: 1 };
  const p = correct / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  // Clamp the rounding noise at the ends (p = 0 or 1 gives exactly 0 / 1 mathematically).
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** "93.3 % [84.1–97.4 %]" */
export function formatWithInterval(correct: number, total: number): string {
  const pct = (x: number) => (x * 100).toFixed(1);
  const { low, high } = wilsonInterval(correct, total);
  const acc = total === 0 ? 0 : correct / total;
  return `${pct(acc)} % [${pct(low)}–${pct(high)} %]`;
}
