// The ranking evaluation's metrics (src/server/engines/packages/evaluation.ts) on hand-made
// examples whose answers are worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  bootstrapMetrics,
  categoryAudience,
  hitRate,
  pooledMetrics,
  popularityAudience,
  quantile,
  recall,
  type EvalCase,
} from '../../../src/server/engines/packages/evaluation';

describe('hit rate and recall', () => {
  // Audience 1–4; buyers 3, 4, 5, 6, 7: two of four hit, two of five buyers reached.
  const buyers = new Set([3, 4, 5, 6, 7]);
  it('hit rate is the share of the audience who bought', () => {
    expect(hitRate([1, 2, 3, 4], buyers)).toBe(0.5);
    expect(hitRate([5], buyers)).toBe(1);
    expect(hitRate([], buyers)).toBeNaN();
  });
  it('recall is the share of the buyers in the audience', () => {
    expect(recall([1, 2, 3, 4], buyers)).toBe(0.4);
    expect(recall([1, 2], buyers)).toBe(0);
    expect(recall([1], new Set())).toBeNaN();
  });
});

describe('baselines', () => {
  const purchases = new Map([
    [10, 5],
    [11, 9],
    [12, 5],
    [13, 1],
    [14, 0],
  ]);
  it('popularity: most purchases first, ties by id, no one without a purchase', () => {
    expect(popularityAudience(purchases, 3)).toEqual([11, 10, 12]);
    expect(popularityAudience(purchases, 10)).toEqual([11, 10, 12, 13]);
  });
  it('category: most purchases in the categories, ties by all purchases, filled up by popularity', () => {
    const inCategories = new Map([
      [13, 2],
      [12, 2],
      [10, 2],
    ]);
    // 10 and 12 tie on 2 in the categories and 5 overall: by id. 13 has 2 in the categories but 1 overall.
    expect(categoryAudience(inCategories, purchases, 3)).toEqual([10, 12, 13]);
    // Only three bought in the categories: the fourth place goes to the most popular of the rest.
    expect(categoryAudience(inCategories, purchases, 4)).toEqual([10, 12, 13, 11]);
  });
});

describe('pooled metrics', () => {
  const cases: EvalCase[] = [
    { buyers: [1, 2], audiences: { a: [1, 3], b: [3, 4] } },
    { buyers: [5], audiences: { a: [5, 6, 7, 8], b: [5, 1, 2, 3] } },
  ];
  it('sums hits, audiences and buyers over the variations', () => {
    const m = pooledMetrics(cases, ['a', 'b']);
    // a: hits 1 + 1 over audiences 2 + 4 and buyers 2 + 1
    expect(m.a).toEqual({ hits: 2, audience: 6, buyers: 3, hitRate: 2 / 6, recall: 2 / 3 });
    expect(m.b).toEqual({ hits: 1, audience: 6, buyers: 3, hitRate: 1 / 6, recall: 1 / 3 });
  });
});

describe('bootstrap', () => {
  const universe = Array.from({ length: 200 }, (_, i) => i + 1);
  // Variation 1: buyers 1–40. Method a targets 1–50 (40 hits), method b 31–80 (10 hits).
  // Variation 2: buyers 101–120. a targets 101–130 (20 hits), b 111–140 (10 hits).
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const cases: EvalCase[] = [
    { buyers: range(1, 40), audiences: { a: range(1, 50), b: range(31, 80) } },
    { buyers: range(101, 120), audiences: { a: range(101, 130), b: range(111, 140) } },
  ];
  const result = bootstrapMetrics(cases, ['a', 'b'], universe, { resamples: 1000, seed: 7, pairs: [['a', 'b']] });

  it('reports the pooled point values', () => {
    expect(result.methods.a.hitRate.value).toBeCloseTo(60 / 80, 12);
    expect(result.methods.b.hitRate.value).toBeCloseTo(20 / 80, 12);
    expect(result.methods.a.recall.value).toBeCloseTo(60 / 60, 12);
    expect(result.methods.b.recall.value).toBeCloseTo(20 / 60, 12);
    expect(result.ratios['a/b'].hitRate.value).toBeCloseTo(3, 12);
    expect(result.ratios['a/b'].recall.value).toBeCloseTo(3, 12);
  });

  it('gives intervals around them that are neither empty nor absurdly wide', () => {
    const hr = result.methods.a.hitRate;
    expect(hr.low).toBeLessThan(hr.value);
    expect(hr.high).toBeGreaterThan(hr.value);
    // Binomial-like spread for 80 audience members at p = 0.75: sd ≈ 0.05, so the 95 % interval
    // is about ±0.1 wide on each side; allow generous bounds.
    expect(hr.high - hr.low).toBeGreaterThan(0.08);
    expect(hr.high - hr.low).toBeLessThan(0.35);
    // Every buyer is in a's audiences: recall 1 in every resample.
    expect(result.methods.a.recall.low).toBe(1);
    expect(result.methods.a.recall.high).toBe(1);
    expect(result.ratios['a/b'].hitRate.low).toBeGreaterThan(1.5);
    expect(result.ratios['a/b'].hitRate.high).toBeLessThan(8);
  });

  it('is reproducible for a seed and moves with another', () => {
    const again = bootstrapMetrics(cases, ['a', 'b'], universe, { resamples: 1000, seed: 7, pairs: [['a', 'b']] });
    expect(again).toEqual(result);
    const other = bootstrapMetrics(cases, ['a', 'b'], universe, { resamples: 1000, seed: 8, pairs: [['a', 'b']] });
    expect(other.methods.a.hitRate.low).not.toBe(result.methods.a.hitRate.low);
  });

  it('resamples customers, not variations: one customer in many audiences moves them together', () => {
    // Customer 1 is the only buyer and in both methods' audiences of every variation: any resample
    // that has them gives both methods the same hits, so the ratio is exactly 1 whenever defined.
    const shared: EvalCase[] = Array.from({ length: 5 }, () => ({ buyers: [1], audiences: { a: [1, 2], b: [1, 3] } }));
    const r = bootstrapMetrics(shared, ['a', 'b'], range(1, 10), { resamples: 300, seed: 3, pairs: [['a', 'b']] });
    expect(r.ratios['a/b'].recall).toEqual({ value: 1, low: 1, high: 1 });
  });

  it('quantile interpolates between neighbours', () => {
    expect(quantile([0, 10], 0.5)).toBe(5);
    expect(quantile([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1, 12);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
