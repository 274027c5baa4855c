// The demo's buyers follow personas, and choosing one costs the seed exactly the one random number
// it always did (so adding tastes changed who buys, not what was sold).
import { describe, expect, it } from 'vitest';
import { Buyers } from '../../../src/server/demo/buyers';
import { createRng } from '../../../src/server/demo/random';
import { planCatalog } from '../../../src/server/demo/catalog-plan';

describe('Buyers', () => {
  it('draws one number of the caller\'s stream per choice', () => {
    const buyers = new Buyers(createRng('loyalty'), 2000, createRng('tastes'));
    const a = createRng('sales');
    const b = createRng('sales');
    for (let i = 0; i < 500; i++) {
      const traits = { kind: i % 3 ? 'opera' : 'comedy', seatRank: (i % 4) / 3, phase: i % 2 ? 'rush' : 'body', quantity: 1 + (i % 4) } as const;
      const c = i % 5 ? buyers.any(a, traits) : buyers.subscriber(a, traits);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThan(2000);
      b.next();
    }
    expect(a.next()).toBe(b.next());
  });
});

describe('demo customers', () => {
  const plan = planCatalog({ id: 1001, currency: 'EUR', language: 'de', product: 'full-service' }, { scale: 'demo', now: new Date('2026-03-15T00:00:00Z'), seedKey: 'buyers-test' });
  const kindOf = plan.events.map((e) => e.kind);

  it('have tastes: whoever buys opera buys mostly opera, far above the overall share', () => {
    const tickets = new Map<number, { opera: number; all: number }>();
    let opera = 0;
    let all = 0;
    plan.sales.customer.forEach((c, i) => {
      if (c < 0) return;
      const k = kindOf[plan.sales.event[i]];
      const q = plan.sales.quantity[i];
      const t = tickets.get(c) ?? { opera: 0, all: 0 };
      t.all += q;
      all += q;
      if (k === 'opera') {
        t.opera += q;
        opera += q;
      }
      tickets.set(c, t);
    });
    const buyers = [...tickets.values()].filter((t) => t.opera > 0 && t.all >= 5);
    const meanShare = buyers.reduce((s, t) => s + t.opera / t.all, 0) / buyers.length;
    expect(meanShare).toBeGreaterThan(3 * (opera / all));
  });
});
