// The one median of the engine (typical prices, variation statistics).

/** The median of `xs` (the mean of the middle two for an even count); null when empty. Sorts `xs` in place. */
export function median(xs: Float64Array): number | null {
  if (xs.length === 0) return null;
  xs.sort();
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}
