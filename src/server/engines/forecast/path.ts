// The predicted sales path from today to the start: the analogues' mean booking curve, rescaled
// so it starts at what the event has sold and ends at the prediction. Sales come when events
// like this one sell (a late rush, an early plateau), not on a straight line.
import { MAX_DAYS } from './types';

/**
 * Cumulative shares for daysOut, daysOut − 1, …, 0 (index 0 = today). `curve[d]` is the
 * reference share at d days out (indices beyond its end read its last value).
 */
export function predictedPath(curve: ArrayLike<number>, daysOut: number, sold: number, predicted: number): number[] {
  const d = Math.max(0, daysOut);
  const ref = (x: number) => curve[Math.min(curve.length - 1, x, MAX_DAYS)];
  const from = ref(d);
  const to = ref(0);
  const span = to - from;
  const out = new Array<number>(d + 1);
  let last = sold;
  for (let i = 0; i <= d; i++) {
    const x = d - i;
    // A flat reference (nothing left to sell in comparables) gives no shape: interpolate linearly.
    const progress = span > 1e-6 ? (ref(x) - from) / span : d === 0 ? 1 : i / d;
    // Cumulative sales never fall, even where the reference wobbles.
    last = Math.max(last, sold + (predicted - sold) * Math.min(1, Math.max(0, progress)));
    out[i] = last;
  }
  out[d] = Math.max(sold, predicted);
  return out;
}
