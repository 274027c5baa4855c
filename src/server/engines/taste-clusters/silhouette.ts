// Silhouette (Rousseeuw 1987) of a partition, on Euclidean distance: for each point,
// s = (b − a) / max(a, b), a its mean distance to its own cluster, b to the nearest other one.
// The mean runs from −1 to 1; Kaufman & Rousseeuw read above 0.70 as a strong structure, 0.51–0.70
// reasonable, 0.26–0.50 weak (possibly artificial), 0.25 and below as no substantial structure.
// O(n²): call it on a sample (ml-kmeans does not provide one).
import type { Separation } from './types';

export function silhouette(points: readonly number[][], labels: ArrayLike<number>): number {
  const n = points.length;
  if (n < 2) return 0;
  let k = 0;
  for (let i = 0; i < n; i++) k = Math.max(k, labels[i] + 1);
  if (k < 2) return 0;
  const size = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) size[labels[i]]++;
  const d = points[0].length;
  const sums = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    const p = points[i];
    for (let j = i + 1; j < n; j++) {
      const q = points[j];
      let s = 0;
      for (let t = 0; t < d; t++) {
        const diff = p[t] - q[t];
        s += diff * diff;
      }
      const dist = Math.sqrt(s);
      sums[i * k + labels[j]] += dist;
      sums[j * k + labels[i]] += dist;
    }
  }
  let total = 0;
  for (let i = 0; i < n; i++) {
    const own = labels[i];
    // A point alone in its cluster scores 0 by convention.
    if (size[own] < 2) continue;
    const a = sums[i * k + own] / (size[own] - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && size[c] > 0) b = Math.min(b, sums[i * k + c] / size[c]);
    const m = Math.max(a, b);
    total += m > 0 && Number.isFinite(b) ? (b - a) / m : 0;
  }
  return total / n;
}

/** Kaufman & Rousseeuw's reading of a mean silhouette. */
export function separationOf(s: number): Separation {
  return s > 0.7 ? 'strong' : s > 0.5 ? 'reasonable' : s > 0.25 ? 'weak' : 'none';
}
