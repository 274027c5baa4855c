import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, separationOf, silhouette } from '../../../src/server/engines/taste-clusters';
import { jitter } from './helpers';

describe('adjustedRandIndex', () => {
  it('is 1 for the same partition under other names', () => {
    expect(adjustedRandIndex([0, 0, 1, 1, 2, 2], [5, 5, 3, 3, 9, 9])).toBe(1);
  });

  it('matches the textbook value for a partial agreement', () => {
    // Hubert & Arabie's formula by hand: contingency [[2,1,0],[0,1,2]] → index 2, rows 6, cols 3, pairs 15
    // expected = 6·3/15 = 1.2, max = 4.5 → (2 − 1.2) / (4.5 − 1.2) = 0.2424…
    expect(adjustedRandIndex([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2])).toBeCloseTo(0.8 / 3.3, 10);
  });

  it('is about 0 for labels unrelated to the truth', () => {
    const truth = Array.from({ length: 3000 }, (_, i) => i % 4);
    const noise = Array.from({ length: 3000 }, (_, i) => Math.floor((jitter(i, 3) + 1) * 2));
    expect(Math.abs(adjustedRandIndex(truth, noise))).toBeLessThan(0.02);
  });
});

describe('silhouette', () => {
  it('is close to 1 for tight groups far apart and reads as strong', () => {
    const points = [[0, 0], [0, 0.1], [0.1, 0], [10, 10], [10, 10.1], [10.1, 10]];
    const s = silhouette(points, [0, 0, 0, 1, 1, 1]);
    expect(s).toBeGreaterThan(0.95);
    expect(separationOf(s)).toBe('strong');
  });

  it('computes a(i) and b(i) as Rousseeuw defines them', () => {
    // 1-D: cluster A = {0, 2}, B = {5}. Point 0: a = 2, b = 5 → 0.6. Point 2: a = 2, b = 3 → 1/3. B alone → 0.
    expect(silhouette([[0], [2], [5]], [0, 0, 1])).toBeCloseTo((0.6 + 1 / 3 + 0) / 3, 10);
  });

  it('is near 0 for a split of one homogeneous cloud and reads as no structure', () => {
    const points = Array.from({ length: 400 }, (_, i) => [jitter(i, 1), jitter(i, 2)]);
    const halves = points.map((p) => (p[0] < 0 ? 0 : 1));
    const random = points.map((_, i) => i % 2);
    expect(silhouette(points, random)).toBeLessThan(0.05);
    // even the best cut of a uniform square is no structure by Kaufman & Rousseeuw's reading
    expect(separationOf(silhouette(points, halves))).not.toBe('strong');
  });
});
