// k-means on the weighted feature space: seeded k-means++ starts (ml-kmeans), best of a few
// restarts by inertia, and Lloyd refinement of given centroids on the full data.
import { kmeans } from 'ml-kmeans';

export interface Partition {
  /** Cluster index of each point. */
  labels: Int32Array;
  centroids: number[][];
  /** Sum of squared distances of the points to their centroids. */
  inertia: number;
}

function sqDist(p: readonly number[], q: readonly number[]): number {
  let s = 0;
  for (let t = 0; t < p.length; t++) {
    const d = p[t] - q[t];
    s += d * d;
  }
  return s;
}

/** Nearest centroid of every point, and the inertia of that assignment. */
export function assign(points: readonly number[][], centroids: readonly number[][]): { labels: Int32Array; inertia: number } {
  const labels = new Int32Array(points.length);
  let inertia = 0;
  for (let i = 0; i < points.length; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < centroids.length; c++) {
      const d = sqDist(points[i], centroids[c]);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    labels[i] = best;
    inertia += bestD;
  }
  return { labels, inertia };
}

const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-8;

/**
 * k-means++ with `restarts` seeds (seed, seed + 1, …), keeping the lowest inertia: one unlucky
 * start would otherwise split a big cluster and merge two small ones, and different seeds would
 * disagree.
 */
export function kmeansPlusPlus(points: number[][], k: number, seed: number, restarts = 4): Partition {
  let best: Partition | undefined;
  for (let r = 0; r < restarts; r++) best = better(best, kmeansRestart(points, k, seed, r));
  return best!;
}

/** Restart `r` of kmeansPlusPlus (seed + r): callers that pause between restarts run them one by one. */
export function kmeansRestart(points: number[][], k: number, seed: number, r: number): Partition {
  const res = kmeans(points, k, { initialization: 'kmeans++', seed: seed + r, maxIterations: MAX_ITERATIONS, tolerance: TOLERANCE });
  const { labels, inertia } = assign(points, res.centroids);
  return { labels, centroids: res.centroids, inertia };
}

/** The restart kmeansPlusPlus keeps: the lower inertia, the earlier one on a tie. */
export const better = (best: Partition | undefined, next: Partition): Partition => (!best || next.inertia < best.inertia ? next : best);

/** Lloyd iterations from the given centroids (a sample's solution refined on all points). */
export function refine(points: number[][], centroids: number[][]): Partition {
  const res = kmeans(points, centroids.length, { initialization: centroids.map((c) => [...c]), maxIterations: MAX_ITERATIONS, tolerance: TOLERANCE });
  const { labels, inertia } = assign(points, res.centroids);
  return { labels, centroids: res.centroids, inertia };
}
