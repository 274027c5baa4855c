// suggested_tcs as a choice (docs/BUDGET-MODEL.md "Suggested clusters"): the ranking per goal, the
// count the budget funds at the per-cluster minimum over unique clusters, and the split by
// expected purchases.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectedPurchases, goalScore, splitBudget, suggestClusters, type SuggestCluster } from '../../../src/server/modules/campaign-budget/suggest';

const cluster = (tc: number, over: Partial<SuggestCluster> = {}): SuggestCluster => ({
  tc, size: 1000, alreadyBought: 0, attractiveness: 0.5, potential: 500, rank: tc, relativePrice: 1, ticketsPerOrder: 2, ...over,
});

// Opera lovers: keen, pay more. Families: many, cheap seats, big baskets. Pop: huge, not interested. Regulars: already in the hall.
const opera = cluster(1, { size: 800, attractiveness: 0.9, relativePrice: 1.4, ticketsPerOrder: 1.8 });
const families = cluster(2, { size: 2000, attractiveness: 0.4, relativePrice: 0.8, ticketsPerOrder: 3.4 });
const pop = cluster(3, { size: 6000, attractiveness: 0.05, relativePrice: 0.9, ticketsPerOrder: 2 });
const regulars = cluster(4, { size: 900, alreadyBought: 850, attractiveness: 0.95, relativePrice: 1.1, ticketsPerOrder: 2 });
const all = [pop, regulars, families, opera];

describe('ranking by goal', () => {
  it('UTILIZATION puts the clusters that bring the most purchases first', () => {
    const order = suggestClusters(all, 100_000, 'UTILIZATION', 100).map((s) => s.cluster.tc);
    expect(order).toEqual([...all].sort((a, b) => expectedPurchases(b) - expectedPurchases(a)).map((c) => c.tc));
    expect(order[0]).toBe(families.tc); // 2000 × 0.4 beats 800 × 0.9
    expect(order.at(-1)).toBe(regulars.tc); // keen, but already bought
  });

  it('ROAS puts keen buyers of dear seats and big baskets first, VISIBILITY the most members not yet in the hall', () => {
    expect(suggestClusters(all, 100_000, 'ROAS', 100)[0]!.cluster.tc).toBe(opera.tc);
    expect(goalScore('ROAS', families)).toBeGreaterThan(goalScore('ROAS', pop));
    expect(suggestClusters(all, 100_000, 'VISIBILITY', 100).map((s) => s.cluster.tc)).toEqual([pop.tc, families.tc, opera.tc, regulars.tc]);
  });

  it('breaks ties by rank', () => {
    const twins = [cluster(7, { rank: 2 }), cluster(5, { rank: 1 })];
    expect(suggestClusters(twins, 10_000, 'UTILIZATION', 100).map((s) => s.cluster.tc)).toEqual([5, 7]);
  });
});

describe('how many clusters, and the split', () => {
  it('funds only clusters that get the minimum from a split by expected purchases, at least one', () => {
    const e = all.map(expectedPurchases);
    const total = e.reduce((a, b) => a + b, 0);
    const smallest = Math.min(...e);
    // Enough for all four at their expected-purchase shares.
    const enough = Math.ceil((100 * total) / smallest) + 10;
    expect(suggestClusters(all, enough, 'UTILIZATION', 100)).toHaveLength(4);
    // Four minimums but a split that gives the weakest less: it drops out.
    const four = suggestClusters(all, 400, 'UTILIZATION', 100);
    expect(four.length).toBeLessThan(4);
    for (const s of four) expect(s.budget).toBeGreaterThanOrEqual(100);
    const tiny = suggestClusters(all, 50, 'UTILIZATION', 100);
    expect(tiny).toHaveLength(1);
    expect(tiny[0]!.budget).toBe(50);
    expect(tiny[0]!.cluster.tc).toBe(families.tc);
    expect(suggestClusters([], 1000, 'ROAS', 100)).toEqual([]);
  });

  it('counts a cluster listed twice once', () => {
    const picked = suggestClusters([opera, { ...opera }, families, { ...families, rank: 9 }], 100_000, 'UTILIZATION', 100);
    expect(picked.map((s) => s.cluster.tc)).toEqual([families.tc, opera.tc]);
  });

  it('splits by expected purchases, more to the cluster that brings more', () => {
    const picked = suggestClusters(all, 100_000, 'UTILIZATION', 100);
    const byTc = new Map(picked.map((s) => [s.cluster.tc, s.budget]));
    const total = all.reduce((n, c) => n + expectedPurchases(c), 0);
    for (const c of all) expect(Math.abs(byTc.get(c.tc)! - (100_000 * expectedPurchases(c)) / total)).toBeLessThanOrEqual(1);
    expect(byTc.get(families.tc)!).toBeGreaterThan(byTc.get(opera.tc)!);
    expect(byTc.get(opera.tc)!).toBeGreaterThan(byTc.get(regulars.tc)!);
  });

  it('always sums to the whole budget, funds unique clusters and gives each at least the minimum when it funds several', () => {
    const arb = fc.array(
      fc.record({ size: fc.integer({ min: 1, max: 100_000 }), bought: fc.double({ min: 0, max: 1, noNaN: true }), attractiveness: fc.double({ min: 0, max: 1, noNaN: true }) }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 5000 }), fc.constantFrom('UTILIZATION', 'ROAS', 'VISIBILITY' as const), (cs, budget, min, goal) => {
        const list = cs.map((c, i) => cluster(i + 1, { size: c.size, alreadyBought: Math.floor(c.size * c.bought), attractiveness: c.attractiveness }));
        const picked = suggestClusters(list, budget, goal as 'UTILIZATION', min);
        expect(picked.reduce((n, s) => n + s.budget, 0)).toBe(budget);
        expect(picked.length).toBeGreaterThanOrEqual(1);
        expect(picked.length).toBeLessThanOrEqual(Math.max(1, Math.min(list.length, Math.floor(budget / min))));
        if (picked.length > 1) for (const s of picked) expect(s.budget).toBeGreaterThanOrEqual(min);
        expect(new Set(picked.map((s) => s.cluster.tc)).size).toBe(picked.length);
        // The funded ones are the best for the goal.
        const ranked = [...list].sort((a, b) => goalScore(goal as 'UTILIZATION', b) - goalScore(goal as 'UTILIZATION', a) || a.rank - b.rank);
        expect(picked.map((s) => s.cluster.tc)).toEqual(ranked.slice(0, picked.length).map((c) => c.tc));
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it('splits whole units by largest remainders', () => {
    expect(splitBudget(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitBudget(10, [0, 0])).toEqual([5, 5]);
    expect(splitBudget(7, [])).toEqual([]);
  });
});
