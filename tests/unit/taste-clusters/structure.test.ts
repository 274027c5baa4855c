// The engine on data whose structure is known: planted audiences are found again, and data with
// no audiences in it is reported as having no substantial structure.
import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, clusterCustomers, labelClusters } from '../../../src/server/engines/taste-clusters';
import { generatePopulation } from '../../../src/server/demo/population';
import { PERSONAS } from '../../../src/server/demo/personas';

const planted = generatePopulation({ size: 3000, seed: 'structure-test', personas: PERSONAS.filter((p) => p.key !== 'all_rounder'), medianOrders: 12 });
const noStructure = generatePopulation({ size: 3000, seed: 'structure-test', structure: 'none', medianOrders: 12 });
const truthOf = (persona: string[]) => {
  const keys = [...new Set(persona)];
  return persona.map((p) => keys.indexOf(p));
};

/** The family each planted persona is about (its top kind of show). */
const PERSONA_FAMILY: Record<string, string[]> = {
  classical: ['classical'], opera_ballet: ['opera', 'dance'], theatre: ['theatre'], rock_pop: ['pop'],
  comedy: ['comedy'], families: ['family'], musical: ['musical'], sports: ['other'],
};

describe('planted audiences', () => {
  const r = clusterCustomers(planted.customers, { nowMs: planted.nowMs });

  it('are recovered: k near the eight personas and a high adjusted Rand index against the truth', () => {
    expect(r.k).toBeGreaterThanOrEqual(7);
    expect(r.k).toBeLessThanOrEqual(9);
    expect(adjustedRandIndex(truthOf(planted.persona), r.labels)).toBeGreaterThan(0.85);
  });

  it('are reported as a real (if overlapping) structure', () => {
    expect(r.separation).not.toBe('none');
    expect(r.silhouette).toBeGreaterThan(0.3);
  });

  it("are named after the persona's taste", () => {
    const labels = labelClusters(r.clusters.map((c) => c.profile), r.population);
    for (const [persona, families] of Object.entries(PERSONA_FAMILY)) {
      const counts = new Map<number, number>();
      planted.persona.forEach((p, i) => p === persona && counts.set(r.labels[i], (counts.get(r.labels[i]) ?? 0) + 1));
      const home = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
      expect(labels[home].families.some((f) => families.includes(f)), `${persona} → ${labels[home].label.en}`).toBe(true);
    }
  });
});

describe('data without structure', () => {
  const r = clusterCustomers(noStructure.customers, { nowMs: noStructure.nowMs });
  const p = clusterCustomers(planted.customers, { nowMs: planted.nowMs });

  it('is reported as having no substantial structure', () => {
    expect(r.separation).toBe('none');
    expect(r.silhouette).toBeLessThan(0.25);
  });

  it('scores a far lower silhouette than planted audiences of the same size', () => {
    expect(r.silhouette).toBeLessThan(p.silhouette * 0.6);
  });
});
