// k-means and the choice of k on data whose number of groups is known.
import { describe, expect, it } from 'vitest';
import { FAMILIES, adjustedRandIndex, clusterCustomers, type Family } from '../../../src/server/engines/taste-clusters';
import { NOW, customer, jitter } from './helpers';

/** `groups` audiences, each buying (almost) only its own family, with mildly varied habits. */
function plantedGroups(groups: number, perGroup: number) {
  const customers = [];
  const truth: number[] = [];
  for (let g = 0; g < groups; g++) {
    const own = FAMILIES[g] as Family;
    for (let i = 0; i < perGroup; i++) {
      const id = g * perGroup + i + 1;
      customers.push(
        customer({
          id,
          tickets: { [own]: 8 + Math.round(3 * jitter(id, 1)) },
          price: 40 * (1 + 0.2 * jitter(id, 3)),
          leadDays: 30 * (1 + 0.3 * jitter(id, 4)),
          lastDaysAgo: 40 * (1 + 0.5 * jitter(id, 5)),
          distanceKm: 10 * (1 + 0.5 * jitter(id, 6)),
        }),
      );
      truth.push(g);
    }
  }
  return { customers, truth };
}

describe('choosing k by silhouette', () => {
  for (const groups of [5, 7]) {
    it(`finds the ${groups} planted audiences and recovers them`, () => {
      const { customers, truth } = plantedGroups(groups, 60);
      const r = clusterCustomers(customers, { nowMs: NOW });
      expect(r.k).toBe(groups);
      expect(adjustedRandIndex(truth, r.labels)).toBeGreaterThan(0.95);
      // the winner is the k with the highest silhouette among those tried
      const best = r.silhouetteByK.reduce((a, b) => (b.silhouette > a.silhouette ? b : a));
      expect(best.k).toBe(groups);
      expect(r.silhouetteByK.map((s) => s.k)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    });
  }

  it('gives the same partition for the same seed and customers in another order', () => {
    const { customers } = plantedGroups(6, 50);
    const a = clusterCustomers(customers, { nowMs: NOW, seed: 3 });
    const b = clusterCustomers(customers, { nowMs: NOW, seed: 3 });
    expect(Array.from(b.labels)).toEqual(Array.from(a.labels));
    const reversed = [...customers].reverse();
    const c = clusterCustomers(reversed, { nowMs: NOW, seed: 11 });
    expect(adjustedRandIndex(Array.from(a.labels).reverse(), c.labels)).toBeGreaterThan(0.95);
  });

  it('caps k so that a small population keeps clusters of about ten customers', () => {
    const { customers } = plantedGroups(5, 10); // 50 customers → at most 5 clusters
    const r = clusterCustomers(customers, { nowMs: NOW });
    expect(r.silhouetteByK.every((s) => s.k <= 5)).toBe(true);
    expect(r.k).toBeLessThanOrEqual(5);
  });

  it('refuses a population too small to cluster', () => {
    const { customers } = plantedGroups(3, 10);
    expect(() => clusterCustomers(customers, { nowMs: NOW })).toThrow(/at least/);
  });

  it('describes every cluster: sizes add up and the profile shows the planted taste', () => {
    const { customers } = plantedGroups(5, 40);
    const r = clusterCustomers(customers, { nowMs: NOW });
    expect(r.clusters.reduce((n, c) => n + c.size, 0)).toBe(customers.length);
    for (const c of r.clusters) {
      const top = Math.max(...c.profile.familyShares);
      expect(top).toBeGreaterThan(0.6);
      expect(c.profile.customers).toBe(c.size);
    }
  });
});
