// Spherical k-means over customers' affinity directions (each row scaled to unit length): it
// groups customers by *which* of the chosen events draw them, not by how much they buy, which is
// what makes the variations differ. Seeded k-means++ starts (mulberry32), the best of a few
// restarts by total cosine distance, rows in flat typed arrays (ml-kmeans wants an array per
// point, 100,000 of them).
import { mulberry32 } from '../../../lib/seeded-random';

const MAX_ITERATIONS = 50;
const RESTARTS = 3;

export interface SphericalPartition {
  labels: Int32Array;
  /** k × dim, row-major, unit length (zero for an empty cluster). */
  centroids: Float64Array;
  /** Σ (1 − cos(point, centroid)). */
  cost: number;
}

/** Rows of `points` (m × dim, row-major) scaled to unit length in place; all-zero rows stay zero. */
export function normaliseRows(points: Float32Array, dim: number): Float32Array {
  for (let i = 0; i < points.length; i += dim) {
    let s = 0;
    for (let j = 0; j < dim; j++) s += points[i + j] ** 2;
    if (s === 0) continue;
    const inv = 1 / Math.sqrt(s);
    for (let j = 0; j < dim; j++) points[i + j] *= inv;
  }
  return points;
}

function dot(points: Float32Array, i: number, centroids: Float64Array, c: number, dim: number): number {
  let s = 0;
  for (let j = 0; j < dim; j++) s += points[i * dim + j] * centroids[c * dim + j];
  return s;
}

/** Nearest centroid (highest cosine) of every point; ties to the lower cluster index. */
function assign(points: Float32Array, m: number, dim: number, centroids: Float64Array, k: number, labels: Int32Array): number {
  let cost = 0;
  for (let i = 0; i < m; i++) {
    let best = 0;
    let bestCos = -Infinity;
    for (let c = 0; c < k; c++) {
      const cos = dot(points, i, centroids, c, dim);
      if (cos > bestCos) {
        bestCos = cos;
        best = c;
      }
    }
    labels[i] = best;
    cost += 1 - bestCos;
  }
  return cost;
}

function updateCentroids(points: Float32Array, m: number, dim: number, labels: Int32Array, k: number): Float64Array {
  const centroids = new Float64Array(k * dim);
  for (let i = 0; i < m; i++) for (let j = 0; j < dim; j++) centroids[labels[i] * dim + j] += points[i * dim + j];
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let j = 0; j < dim; j++) s += centroids[c * dim + j] ** 2;
    if (s === 0) continue;
    const inv = 1 / Math.sqrt(s);
    for (let j = 0; j < dim; j++) centroids[c * dim + j] *= inv;
  }
  return centroids;
}

/** k-means++: the first centre at random, each next one with probability ∝ its cosine distance to the nearest centre. */
function seedCentroids(points: Float32Array, m: number, dim: number, k: number, random: () => number): Float64Array {
  const centroids = new Float64Array(k * dim);
  const copy = (i: number, c: number) => {
    for (let j = 0; j < dim; j++) centroids[c * dim + j] = points[i * dim + j];
  };
  copy(Math.floor(random() * m), 0);
  const nearest = new Float64Array(m).fill(Infinity);
  for (let c = 1; c < k; c++) {
    let total = 0;
    for (let i = 0; i < m; i++) {
      const d = Math.max(0, 1 - dot(points, i, centroids, c - 1, dim));
      if (d < nearest[i]) nearest[i] = d;
      total += nearest[i];
    }
    // Every point already sits on a centre: the remaining centres repeat the first one.
    if (total === 0) {
      copy(0, c);
      continue;
    }
    let target = random() * total;
    let pick = m - 1;
    for (let i = 0; i < m; i++) {
      target -= nearest[i];
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    copy(pick, c);
  }
  return centroids;
}

/** The best of RESTARTS seeded runs (lowest cost; the earlier on a tie). `points` rows are unit length. */
export function sphericalKmeans(points: Float32Array, dim: number, k: number, seed: number): SphericalPartition {
  const m = points.length / dim;
  const random = mulberry32(seed);
  let best: SphericalPartition | undefined;
  for (let r = 0; r < RESTARTS; r++) {
    let centroids = seedCentroids(points, m, dim, k, random);
    const labels = new Int32Array(m);
    let cost = assign(points, m, dim, centroids, k, labels);
    for (let it = 0; it < MAX_ITERATIONS; it++) {
      const before = labels.slice();
      centroids = updateCentroids(points, m, dim, labels, k);
      cost = assign(points, m, dim, centroids, k, labels);
      if (labels.every((l, i) => l === before[i])) break;
    }
    if (!best || cost < best.cost - 1e-9) best = { labels, centroids, cost };
  }
  return best!;
}
