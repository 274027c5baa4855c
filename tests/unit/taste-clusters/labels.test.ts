import { describe, expect, it } from 'vitest';
import { FAMILIES, clusterTraits, dominantFamilies, labelCluster, labelClusters, type ClusterProfile, type Family } from '../../../src/server/engines/taste-clusters';

function profile(p: Partial<ClusterProfile> & { shares?: Partial<Record<Family, number>> } = {}): ClusterProfile {
  const shares = p.shares ?? Object.fromEntries(FAMILIES.map((f) => [f, 1 / FAMILIES.length]));
  return {
    customers: 100,
    familyShares: FAMILIES.map((f) => shares[f] ?? 0),
    meanPrice: 40,
    relativePrice: 1,
    ordersPerYear: 3,
    ticketsPerOrder: 2,
    leadDays: 30,
    recencyDays: 60,
    distanceKm: 8,
    annualSpend: 240,
    ...p,
  };
}

const all = profile();

describe('dominant families', () => {
  it('names a family the cluster buys far more than everyone, most bought first', () => {
    expect(dominantFamilies(profile({ shares: { opera: 0.6, classical: 0.3, pop: 0.1 } }), all)).toEqual(['opera', 'classical']);
  });

  it('does not name a family that is merely common everywhere', () => {
    const everyone = profile({ shares: { pop: 0.5, comedy: 0.5 } });
    expect(dominantFamilies(profile({ shares: { pop: 0.55, comedy: 0.45 } }), everyone)).toEqual([]);
  });
});

describe('traits', () => {
  it('finds the habits a cluster stands out in, strongest first', () => {
    const c = profile({ relativePrice: 1.3, leadDays: 120, ordersPerYear: 3.2 });
    expect(clusterTraits(c, all)).toEqual(['early', 'premium']);
  });

  it('names no habit that is within the ordinary', () => {
    expect(clusterTraits(profile({ relativePrice: 1.03, leadDays: 35, ordersPerYear: 3.5, recencyDays: 70 }), all)).toEqual([]);
  });

  it('calls a cluster with large baskets a group audience, and far-away buyers travellers', () => {
    expect(clusterTraits(profile({ ticketsPerOrder: 3.4 }), all)).toContain('groups');
    expect(clusterTraits(profile({ distanceKm: 120 }), all)).toContain('travelling');
    expect(clusterTraits(profile({ leadDays: 3 }), all)).toContain('last_minute');
  });
});

describe('labels', () => {
  it('reads "Opera lovers, premium seats, early bookers" and its German counterpart', () => {
    const l = labelCluster(profile({ shares: { opera: 0.7, classical: 0.2, dance: 0.1 }, relativePrice: 1.25, leadDays: 100 }), all);
    expect(l.label.en).toBe('Opera lovers, early bookers, premium seats');
    expect(l.label.de).toBe('Opernliebhaber, Frühbucher, Premiumplätze');
    expect(l.keywords.en).toContain('Opera');
    expect(l.keywords.de).toContain('Oper');
  });

  it('names two families as a pair and a broad taste as all-rounders', () => {
    expect(labelCluster(profile({ shares: { opera: 0.45, dance: 0.4, pop: 0.15 } }), all).label.en).toBe('Fans of opera & ballet');
    expect(labelCluster(profile({ shares: { opera: 0.45, dance: 0.4, pop: 0.15 } }), all).label.de).toBe('Fans von Oper & Ballett');
    const broad = labelCluster(profile(), all);
    expect(broad.label.en).toBe('All-rounders');
    expect(broad.label.de).toBe('Vielseitiges Publikum');
    expect(broad.keywords.en.length).toBeGreaterThan(0);
  });

  it('keeps the labels of one run distinct', () => {
    const a = profile({ shares: { comedy: 0.8, pop: 0.2 }, leadDays: 4, recencyDays: 10 });
    const b = profile({ shares: { comedy: 0.8, pop: 0.2 }, leadDays: 4, recencyDays: 200 });
    const c = profile({ shares: { comedy: 0.8, pop: 0.2 }, leadDays: 4, recencyDays: 200 });
    const labels = labelClusters([a, b, c], all).map((l) => l.label.en);
    expect(new Set(labels).size).toBe(3);
    expect(labels.every((l) => l.startsWith('Comedy fans'))).toBe(true);
  });
});
