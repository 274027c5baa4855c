import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hungarian, matchClusterIds } from '../../../src/server/engines/taste-clusters';

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

describe('hungarian', () => {
  it('finds the least total cost, as trying every assignment does', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 5, maxLength: 5 }), { minLength: 5, maxLength: 5 }), (cost) => {
        const a = hungarian(cost);
        const total = a.reduce((s, j, i) => s + cost[i][j], 0);
        const best = Math.min(...permutations(5).map((p) => p.reduce((s, j, i) => s + cost[i][j], 0)));
        expect(new Set(a).size).toBe(5);
        expect(total).toBe(best);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('leaves rows without a column when there are more rows than columns', () => {
    const a = hungarian([[1, 9], [9, 1], [5, 5]]);
    expect(a.slice(0, 2)).toEqual([0, 1]);
    expect(a[2]).toBe(-1);
  });
});

describe('matchClusterIds', () => {
  const old = [
    { tc: 3, centroid: [0, 0] },
    { tc: 7, centroid: [10, 0] },
    { tc: 9, centroid: [0, 10] },
  ];

  it('keeps each id when the clusters come back in another order and slightly moved', () => {
    const { ids, matchedFrom } = matchClusterIds([[0.4, 9.7], [0.2, -0.3], [10.3, 0.5]], old, 10);
    expect(ids).toEqual([9, 3, 7]);
    expect(matchedFrom).toEqual([9, 3, 7]);
  });

  it('gives a new id to a cluster that did not exist before', () => {
    const { ids } = matchClusterIds([[0, 0], [10, 0], [0, 10], [10, 10]], old, 10);
    expect(ids).toEqual([3, 7, 9, 10]);
  });

  it('does not hand an id to a cluster that sits between two new ones', () => {
    // The old cluster 3 at (0,0) is now between two new clusters at (−3,0) and (3,0): neither inherits it.
    const { ids, matchedFrom } = matchClusterIds([[-3, 0], [3, 0], [10, 0], [0, 10]], old, 10);
    expect(ids.slice(2)).toEqual([7, 9]);
    expect(matchedFrom.slice(0, 2)).toEqual([null, null]);
    expect(ids.slice(0, 2)).toEqual([10, 11]);
  });

  it('retires an id whose cluster is gone, and never reuses it', () => {
    const { ids } = matchClusterIds([[0, 0], [10, 0]], old, 10);
    expect(ids).toEqual([3, 7]);
    expect(matchClusterIds([[50, 50]], [], 10).ids).toEqual([10]);
  });
});
