import { describe, expect, it } from 'vitest';
import {
  FAMILIES,
  FEATURES,
  aggregatePurchases,
  familyPrior,
  fitScaler,
  rawFeatures,
  smoothedShares,
  transform,
  type Purchase,
} from '../../../src/server/engines/taste-clusters';
import { BLOCK_SHARE, F, TASTE_PRIOR_TICKETS } from '../../../src/server/engines/taste-clusters/features';
import { NOW, customer } from './helpers';

const DAY = 86_400_000;
const fam = (f: string) => FAMILIES.indexOf(f as never);

function purchase(p: Partial<Purchase> & { customerId: number; eventId: string; category: string }): Purchase {
  return { quantity: 1, amountMinor: 5000, soldAtMs: NOW - 100 * DAY, eventStartMs: NOW - 70 * DAY, ...p };
}

describe('aggregatePurchases', () => {
  const purchases: Purchase[] = [
    purchase({ customerId: 1, eventId: 'a', category: 'opera', quantity: 2, amountMinor: 16000, soldAtMs: NOW - 100 * DAY, eventStartMs: NOW - 40 * DAY }),
    purchase({ customerId: 1, eventId: 'b', category: 'symphony', quantity: 1, amountMinor: 3000, soldAtMs: NOW - 20 * DAY, eventStartMs: NOW - 10 * DAY }),
    purchase({ customerId: 1, eventId: 'c', category: 'chamber', quantity: 1, amountMinor: 0, soldAtMs: NOW - 5 * DAY, eventStartMs: NOW - 3 * DAY }),
    // not counted: cancelled, a product, a refund row, a sale after the show started
    purchase({ customerId: 1, eventId: 'a', category: 'opera', quantity: 4, ticketType: 'cancelled' }),
    purchase({ customerId: 1, eventId: 'v', category: 'product', quantity: 1, amountMinor: 5000 }),
    purchase({ customerId: 1, eventId: 'a', category: 'opera', quantity: -1, amountMinor: -8000 }),
    purchase({ customerId: 1, eventId: 'b', category: 'symphony', soldAtMs: NOW - 9 * DAY, eventStartMs: NOW - 10 * DAY }),
    // another buyer of event a pays half as much per ticket
    purchase({ customerId: 2, eventId: 'a', category: 'opera', quantity: 2, amountMinor: 8000 }),
  ];
  const [one, two] = aggregatePurchases(purchases, (id) => (id === 1 ? 12.5 : null));

  it('counts tickets per taste family, not per category, and leaves out what says nothing about taste', () => {
    expect(one.familyTickets[fam('opera')]).toBe(2);
    expect(one.familyTickets[fam('classical')]).toBe(2); // symphony + chamber
    expect(one.orders).toBe(3);
    expect(one.tickets).toBe(4);
  });

  it('separates paid from free tickets for prices', () => {
    expect(one.paidTickets).toBe(3);
    expect(one.spendMinor).toBe(19000);
  });

  it("measures the price level against what others paid at the same event", () => {
    // event a: (16000 + 8000) / 4 tickets = 6000 per ticket; customer 1 paid 8000 (×4/3), customer 2 4000 (×2/3)
    // event b: only customer 1 (3000): ×1. Mean over customer 1's paid purchases: (4/3 + 1) / 2.
    expect(one.relativePrice).toBeCloseTo((4 / 3 + 1) / 2, 10);
    expect(two.relativePrice).toBeCloseTo(2 / 3, 10);
  });

  it('takes the median lead time and the first and last purchase', () => {
    expect(one.leadDaysMedian).toBe(10); // leads 60, 10, 2
    expect(one.firstPurchaseMs).toBe(NOW - 100 * DAY);
    expect(one.lastPurchaseMs).toBe(NOW - 5 * DAY);
    expect(one.distanceKm).toBe(12.5);
    expect(two.distanceKm).toBeNull();
  });
});

describe('features', () => {
  it('smooths a thin history towards the partner mix, and less so the more a customer bought', () => {
    const prior = FAMILIES.map(() => 1 / FAMILIES.length);
    const once = smoothedShares(customer({ id: 1, tickets: { comedy: 1 } }), prior)[fam('comedy')];
    const often = smoothedShares(customer({ id: 2, tickets: { comedy: 20 } }), prior)[fam('comedy')];
    expect(once).toBeCloseTo((1 + TASTE_PRIOR_TICKETS / 9) / (1 + TASTE_PRIOR_TICKETS), 10);
    expect(once).toBeLessThan(0.5);
    expect(often).toBeGreaterThan(0.85);
    expect(smoothedShares(customer({ id: 3, tickets: { opera: 3, pop: 5 } }), prior).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('takes the partner mix as the prior', () => {
    const prior = familyPrior([customer({ id: 1, tickets: { opera: 3 } }), customer({ id: 2, tickets: { pop: 1 } })]);
    expect(prior[fam('opera')]).toBeCloseTo(0.75);
    expect(prior[fam('pop')]).toBeCloseTo(0.25);
  });

  it('logs skewed quantities and marks unknown ones as missing', () => {
    const c = customer({ id: 1, tickets: { opera: 4 }, orders: 2, price: 60, leadDays: 20, firstDaysAgo: 730.5, lastDaysAgo: 9, distanceKm: null, relativePrice: null });
    const row = rawFeatures(c, NOW, FAMILIES.map(() => 1 / 9));
    expect(row[F.log_price]).toBeCloseTo(Math.log1p(60), 10);
    expect(row[F.tickets_per_order]).toBe(2);
    expect(row[F.log_orders_per_year]).toBeCloseTo(Math.log1p(1), 2); // 2 orders in two years
    expect(row[F.log_lead_days]).toBeCloseTo(Math.log1p(20), 10);
    expect(row[F.log_recency_days]).toBeCloseTo(Math.log1p(9), 10);
    expect(Number.isNaN(row[F.log_distance_km])).toBe(true);
    expect(Number.isNaN(row[F.relative_price])).toBe(true);
  });

  it('standardises every feature, imputes the median, clips outliers and weights blocks by their share', () => {
    const rows = Array.from({ length: 101 }, (_, i) => {
      const r = new Float64Array(FEATURES.length);
      for (let j = 0; j < r.length; j++) r[j] = i + j;
      return r;
    });
    rows[0][F.log_distance_km] = NaN;
    rows[100][F.log_price] = 1e6; // an outlier
    const s = fitScaler(rows);
    expect(s.median[F.log_distance_km]).toBeCloseTo(50.5 + F.log_distance_km, 10); // rows 1..100 present
    const z = rows.map((r) => transform(s, r));
    const col = (j: number) => z.map((r) => r[j] / s.weight[j]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(Math.abs(mean(col(F.tickets_per_order)))).toBeLessThan(1e-9);
    expect(Math.max(...col(F.log_price))).toBe(4);
    // the missing value sits at the median, i.e. near z = 0
    expect(Math.abs(col(F.log_distance_km)[0])).toBeLessThan(0.05);
    // block weights: Σ w² per block = its share, and the shares sum to 1
    const byBlock = new Map<string, number>();
    FEATURES.forEach((f, j) => byBlock.set(f.block, (byBlock.get(f.block) ?? 0) + s.weight[j] ** 2));
    for (const [block, total] of byBlock) expect(total).toBeCloseTo(BLOCK_SHARE[block as keyof typeof BLOCK_SHARE], 10);
    expect([...byBlock.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });
});
