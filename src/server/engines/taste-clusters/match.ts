// Stable cluster ids across runs. A regeneration reclusters everyone, and k-means numbers its
// clusters arbitrarily; campaigns, reports and creatives refer to a cluster by its id (spec 2: a
// tc is identified by tc and tc_run_id), so "the opera lovers" must keep theirs. The new
// centroids are matched to the previous run's by the Hungarian method (least total distance,
// each old id used once); a pair counts only when the old centroid lies closer to the new one
// than half the way to any other new centroid, so a cluster that moved into a neighbour's place,
// or a new one, gets a new id instead of inheriting a wrong one.

/** Minimum-cost assignment of rows to columns of a rectangular matrix; -1 for an unassigned row. */
export function hungarian(cost: readonly number[][]): number[] {
  const rows = cost.length;
  const cols = rows ? cost[0].length : 0;
  const n = Math.max(rows, cols);
  if (n === 0) return [];
  let big = 0;
  for (const r of cost) for (const v of r) big = Math.max(big, v);
  big = big * 2 + 1;
  const a = (i: number, j: number) => (i < rows && j < cols ? cost[i][j] : big);
  // Potentials and augmenting paths (Kuhn–Munkres, O(n³)); 1-based with a virtual column 0.
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = a(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const rowToCol = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) if (p[j] - 1 < rows && j - 1 < cols) rowToCol[p[j] - 1] = j - 1;
  return rowToCol;
}

const dist = (p: readonly number[], q: readonly number[]) => Math.sqrt(p.reduce((s, x, t) => s + (x - q[t]) ** 2, 0));

export interface PreviousCluster {
  tc: number;
  /** Centroid in the same (current run's) clustering space as the new ones. */
  centroid: number[];
}

/**
 * The id of each new cluster: the matched previous cluster's tc, or a fresh one from `nextId` on.
 * Returns the ids and which previous tc each came from (null for a new id).
 */
export function matchClusterIds(
  centroids: readonly number[][],
  previous: readonly PreviousCluster[],
  nextId: number,
): { ids: number[]; matchedFrom: (number | null)[] } {
  const ids = new Array<number>(centroids.length);
  const matchedFrom = new Array<number | null>(centroids.length).fill(null);
  const assignment = previous.length ? hungarian(centroids.map((c) => previous.map((p) => dist(c, p.centroid)))) : [];
  let next = nextId;
  centroids.forEach((c, i) => {
    const j = assignment[i] ?? -1;
    // Half the distance to the nearest other new centroid: beyond it the old cluster is as much
    // that neighbour's as this one's.
    let nearestOther = Infinity;
    centroids.forEach((o, k) => {
      if (k !== i) nearestOther = Math.min(nearestOther, dist(c, o));
    });
    if (j >= 0 && dist(c, previous[j].centroid) < nearestOther / 2) {
      ids[i] = previous[j].tc;
      matchedFrom[i] = previous[j].tc;
    } else {
      ids[i] = next++;
    }
  });
  return { ids, matchedFrom };
}
