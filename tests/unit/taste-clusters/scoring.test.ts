import { describe, expect, it } from 'vitest';
import { FAMILIES, scoreClusters, type ClusterProfile, type Family } from '../../../src/server/engines/taste-clusters';

function profile(shares: Partial<Record<Family, number>>, p: Partial<ClusterProfile> = {}): ClusterProfile {
  return {
    customers: 100, familyShares: FAMILIES.map((f) => shares[f] ?? 0), meanPrice: 40, relativePrice: 1, ordersPerYear: 3,
    ticketsPerOrder: 2, leadDays: 30, recencyDays: 60, distanceKm: 8, annualSpend: 240, ...p,
  };
}

describe('scoreClusters', () => {
  const clusters = [
    { tc: 1, profile: profile({ opera: 0.7, classical: 0.3 }, { customers: 200, meanPrice: 90, annualSpend: 600 }), alreadyBought: 20 },
    { tc: 2, profile: profile({ pop: 0.9, opera: 0.1 }, { customers: 1000, meanPrice: 45, annualSpend: 300 }), alreadyBought: 0 },
    { tc: 3, profile: profile({ opera: 0.35, theatre: 0.65 }, { customers: 300, meanPrice: 60, annualSpend: 150 }), alreadyBought: 0 },
  ];

  it('finds the opera audience most attractive for an opera, and ranks by potential', () => {
    const s = scoreClusters(clusters, { family: 'opera', price: 90 });
    expect(s[0].attractiveness).toBe(1); // the most opera and the same price level
    expect(s[0].attractiveness).toBeGreaterThan(s[2].attractiveness);
    expect(s[2].attractiveness).toBeGreaterThan(s[1].attractiveness);
    // potential: (200 − 20) × 1 = 180; (300) × a₃; (1000) × a₂
    expect(s[0].potential).toBe(180);
    expect(s[0].alreadyBought).toBe(20);
    expect(s.map((x) => x.rank).sort()).toEqual([1, 2, 3]);
    const byRank = [...s].sort((a, b) => a.rank - b.rank);
    for (let i = 1; i < byRank.length; i++) expect(byRank[i - 1].potential).toBeGreaterThanOrEqual(byRank[i].potential);
  });

  it('lets the size of a loosely interested audience outweigh a small keen one in potential', () => {
    const s = scoreClusters(clusters, { family: 'pop', price: 45 });
    expect(s[1].rank).toBe(1);
    expect(s[1].tcSize).toBe(1000);
  });

  it('measures buying power against the strongest cluster of the run', () => {
    const s = scoreClusters(clusters, { family: 'opera', price: 90 });
    expect(s.map((x) => x.buyingPower)).toEqual([1, 0.5, 0.25]);
  });

  it('scores the price fit only when the event has a price, and taste only for a show', () => {
    const unpriced = scoreClusters(clusters, { family: 'opera', price: null });
    expect(unpriced[0].attractiveness).toBe(1);
    const product = scoreClusters(clusters, { family: null, price: 45 });
    expect(product[1].attractiveness).toBe(0.25); // price fit 1, no taste
    expect(product[0].attractiveness).toBeCloseTo(0.125, 3); // 90 vs 45: fit ½
  });
});
