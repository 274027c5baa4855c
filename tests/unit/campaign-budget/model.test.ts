// The budget model of docs/BUDGET-MODEL.md over generated regimes: no history and strong history,
// a sold-out and a finished event, no forecast, huge and small clusters; and the properties the
// new-setup panel relies on (abs_min ≤ min ≤ max, monotone in runtime and shortfall).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  budgetBounds,
  budgetFor,
  budgetStep,
  costPerPurchase,
  DAILY_FLOOR,
  minBudgetPerCluster,
  PRIOR_CPP_NO_PRICE,
  PRIOR_STRENGTH,
  priorCostPerPurchase,
  runtimeShare,
  saturationBudget,
  shortfall,
  type BudgetCluster,
  type BudgetInput,
} from '../../../src/server/modules/campaign-budget/model';

/** A typical event: 60 days out, 1,000 seats, 400 sold, 700 expected, six clusters. */
function event(over: Partial<BudgetInput> = {}): BudgetInput {
  return {
    capacity: 1000,
    ticketsSold: 400,
    daysOut: 60,
    ticketPrice: 45,
    forecast: { predictedTickets: 700, state: 'below', benchmarkCurve: [] },
    clusters: clusters(6, 1500),
    customers: 9000,
    history: { spend: 0, purchases: 0, campaigns: 0 },
    runtimeDays: 30,
    ...over,
  };
}

function clusters(n: number, size: number, attractiveness = 0.5): BudgetCluster[] {
  return Array.from({ length: n }, (_, i) => ({ tc: i + 1, size, alreadyBought: Math.round(size * 0.05), attractiveness, ticketsPerOrder: 2.2 }));
}

const arbInput = fc.record({
  capacity: fc.integer({ min: 0, max: 50_000 }),
  soldShare: fc.double({ min: 0, max: 1, noNaN: true }),
  predictedShare: fc.option(fc.double({ min: 0, max: 1.2, noNaN: true }), { nil: null }),
  daysOut: fc.integer({ min: -5, max: 365 }),
  ticketPrice: fc.option(fc.double({ min: 1, max: 500, noNaN: true }), { nil: null }),
  nClusters: fc.integer({ min: 0, max: 10 }),
  clusterSize: fc.integer({ min: 1, max: 200_000 }),
  attractiveness: fc.double({ min: 0, max: 1, noNaN: true }),
  customers: fc.integer({ min: 0, max: 500_000 }),
  spend: fc.double({ min: 0, max: 1_000_000, noNaN: true }),
  purchases: fc.integer({ min: 0, max: 50_000 }),
  runtimeDays: fc.integer({ min: 1, max: 366 }),
});

type Generated = typeof arbInput extends fc.Arbitrary<infer T> ? T : never;

function toInput(a: Generated): BudgetInput {
  const sold = Math.floor(a.capacity * a.soldShare);
  return {
    capacity: a.capacity,
    ticketsSold: sold,
    daysOut: a.daysOut,
    ticketPrice: a.ticketPrice,
    forecast: a.predictedShare === null ? null : { predictedTickets: Math.round(a.capacity * a.predictedShare), state: 'below', benchmarkCurve: [] },
    clusters: clusters(a.nClusters, a.clusterSize, a.attractiveness),
    customers: a.customers,
    history: { spend: a.spend, purchases: a.purchases, campaigns: a.purchases > 0 ? 1 : 0 },
    runtimeDays: a.runtimeDays,
  };
}

describe('cost per purchase', () => {
  it('is the prior without history and moves to the observed cost as purchases accumulate', () => {
    const prior = priorCostPerPurchase(45, 2);
    expect(costPerPurchase(prior, { spend: 0, purchases: 0 })).toBeCloseTo(prior, 9);
    const observed = 8; // spend ÷ purchases
    const few = costPerPurchase(prior, { spend: observed * 5, purchases: 5 });
    const many = costPerPurchase(prior, { spend: observed * 5000, purchases: 5000 });
    expect(Math.abs(few - observed)).toBeGreaterThan(Math.abs(many - observed));
    expect(many).toBeCloseTo(observed, 0);
    // With as many purchases as the prior's strength, it sits half-way.
    expect(costPerPurchase(prior, { spend: observed * PRIOR_STRENGTH, purchases: PRIOR_STRENGTH })).toBeCloseTo((prior + observed) / 2, 9);
  });

  it('prices the prior by the order value, within its bounds, and falls back without a price', () => {
    expect(priorCostPerPurchase(null, 2)).toBe(PRIOR_CPP_NO_PRICE);
    expect(priorCostPerPurchase(80, 2)).toBeGreaterThan(priorCostPerPurchase(20, 2));
    expect(priorCostPerPurchase(10_000, 4)).toBeLessThan(100);
    expect(priorCostPerPurchase(0.5, 1)).toBeGreaterThan(1);
  });
});

describe('shortfall and runtime share', () => {
  it('takes the gap between capacity and the forecast, zero when sold out or finished, a share of the unsold seats without a forecast', () => {
    expect(shortfall({ capacity: 1000, ticketsSold: 400, daysOut: 30, forecast: { predictedTickets: 700, state: 'below', benchmarkCurve: [] } })).toEqual({ tickets: 300, basis: 'forecast' });
    expect(shortfall({ capacity: 1000, ticketsSold: 1000, daysOut: 30, forecast: null }).basis).toBe('sold_out');
    expect(shortfall({ capacity: 1000, ticketsSold: 900, daysOut: 30, forecast: { predictedTickets: 1040, state: 'above', benchmarkCurve: [] } })).toEqual({ tickets: 0, basis: 'sold_out' });
    expect(shortfall({ capacity: 1000, ticketsSold: 400, daysOut: -1, forecast: null }).basis).toBe('finished');
    const none = shortfall({ capacity: 1000, ticketsSold: 400, daysOut: 30, forecast: null });
    expect(none.basis).toBe('no_forecast');
    expect(none.tickets).toBeGreaterThan(0);
    expect(none.tickets).toBeLessThan(600);
  });

  it('reads the share of the remaining sales in the runtime from the booking curve, more than linear when sales come late', () => {
    // Cumulative percent sold by days out: half of all sales in the last 10 days.
    const curve = Array.from({ length: 91 }, (_, d) => 100 * Math.exp(-d / 14));
    const late = runtimeShare(10, 90, curve);
    expect(late).toBeGreaterThan(10 / 90);
    expect(runtimeShare(90, 90, curve)).toBe(1);
    expect(runtimeShare(200, 90, curve)).toBe(1);
    expect(runtimeShare(10, 90, [])).toBeCloseTo(10 / 90, 9);
    // A noisy curve still gives a longer runtime at least the share of a shorter one.
    const noisy = curve.map((x, d) => x + (d % 3 === 0 ? 4 : 0));
    for (let d = 1; d < 90; d++) expect(runtimeShare(d + 1, 90, noisy)).toBeGreaterThanOrEqual(runtimeShare(d, 90, noisy));
  });
});

describe('budget bounds in the regimes', () => {
  it('a partner without history gets bounds from the prior', () => {
    const r = budgetBounds(event());
    expect(r.basis).toEqual({ shortfall: 'forecast', audience: 'clusters', cost: 'prior' });
    expect(r.cost_per_purchase).toBeCloseTo(r.prior_cost_per_purchase, 2);
    expect(r.budget_abs_min).toBe(DAILY_FLOOR * 30);
    expect(r.budget_min).toBeGreaterThan(r.budget_abs_min);
    expect(r.budget_max).toBeGreaterThan(r.budget_min);
  });

  it('strong cheap history lowers every bound above the floor, expensive history raises them', () => {
    const prior = budgetBounds(event());
    const cheap = budgetBounds(event({ history: { spend: 2000, purchases: 1000, campaigns: 40 } }));
    const dear = budgetBounds(event({ history: { spend: 100_000, purchases: 1000, campaigns: 40 } }));
    expect(cheap.basis.cost).toBe('history');
    expect(cheap.cost_per_purchase).toBeLessThan(prior.cost_per_purchase);
    expect(cheap.budget_min).toBeLessThan(prior.budget_min);
    expect(dear.budget_min).toBeGreaterThan(prior.budget_min);
    expect(dear.budget_max).toBeGreaterThan(prior.budget_max);
    expect(dear.budget_abs_min).toBe(prior.budget_abs_min);
  });

  it('a sold-out event is recommended the minimum; the maximum still follows the audience', () => {
    const r = budgetBounds(event({ ticketsSold: 1000, forecast: { predictedTickets: 1000, state: 'sold_out', benchmarkCurve: [] } }));
    expect(r.basis.shortfall).toBe('sold_out');
    expect(r.target_purchases).toBe(0);
    expect(r.budget_min).toBe(r.budget_abs_min);
    expect(r.budget_max).toBe(budgetBounds(event()).budget_max);
  });

  it('a finished event answers the floor, not an error', () => {
    const r = budgetBounds(event({ daysOut: -3 }));
    expect(r.basis.shortfall).toBe('finished');
    expect(r.budget_min).toBe(r.budget_abs_min);
  });

  it('a small audience caps the recommendation at what it can buy; a huge one lets the shortfall decide', () => {
    const small = budgetBounds(event({ clusters: clusters(2, 60) }));
    expect(small.target_purchases).toBeLessThan(small.target_tickets / small.tickets_per_order);
    expect(small.target_purchases).toBeLessThanOrEqual(small.reachable_purchases);
    const huge = budgetBounds(event({ clusters: clusters(10, 200_000) }));
    expect(huge.target_purchases).toBe(Math.round(huge.target_tickets / huge.tickets_per_order));
    expect(huge.budget_max).toBeGreaterThan(small.budget_max * 100);
  });

  it('without clusters the audience comes from the customers, without customers from the hall', () => {
    expect(budgetBounds(event({ clusters: [] })).basis.audience).toBe('customers');
    const bare = budgetBounds(event({ clusters: [], customers: 0, forecast: null }));
    expect(bare.basis).toEqual({ shortfall: 'no_forecast', audience: 'capacity', cost: 'prior' });
    expect(bare.budget_min).toBeGreaterThanOrEqual(bare.budget_abs_min);
  });
});

describe('properties over generated events', () => {
  it('abs_min ≤ min ≤ max, all whole amounts on the rounding steps, and finite', () => {
    fc.assert(
      fc.property(arbInput, (a) => {
        const r = budgetBounds(toInput(a));
        expect(r.budget_abs_min).toBeGreaterThanOrEqual(DAILY_FLOOR);
        expect(r.budget_abs_min).toBeLessThanOrEqual(r.budget_min);
        expect(r.budget_min).toBeLessThanOrEqual(r.budget_max);
        expect(r.budget_max).toBeGreaterThan(r.budget_abs_min);
        for (const x of [r.budget_abs_min, r.budget_min, r.budget_max]) {
          expect(Number.isFinite(x)).toBe(true);
          expect(x % budgetStep(x) === 0 || x % 10 === 0).toBe(true);
        }
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it('no bound falls when the runtime grows', () => {
    fc.assert(
      fc.property(arbInput, fc.integer({ min: 1, max: 60 }), (a, extra) => {
        const base = toInput(a);
        const longer = { ...base, runtimeDays: Math.min(366, base.runtimeDays + extra) };
        const r1 = budgetBounds(base);
        const r2 = budgetBounds(longer);
        expect(r2.budget_abs_min).toBeGreaterThanOrEqual(r1.budget_abs_min);
        expect(r2.budget_min).toBeGreaterThanOrEqual(r1.budget_min);
        expect(r2.budget_max).toBeGreaterThanOrEqual(r1.budget_max);
      }),
      { numRuns: 300, seed: 15 },
    );
  });

  it('the recommendation does not fall when the forecast shortfall grows', () => {
    fc.assert(
      fc.property(arbInput, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, p1, p2) => {
        const base = toInput({ ...a, daysOut: Math.max(1, a.daysOut) });
        const hi = Math.round(base.capacity * Math.max(p1, p2));
        const lo = Math.round(base.capacity * Math.min(p1, p2));
        const withPrediction = (p: number) => budgetBounds({ ...base, forecast: { predictedTickets: p, state: 'below', benchmarkCurve: [] } });
        // A lower prediction is a larger shortfall.
        expect(withPrediction(lo).budget_min).toBeGreaterThanOrEqual(withPrediction(hi).budget_min);
      }),
      { numRuns: 300, seed: 16 },
    );
  });
});

describe('the saturation curve', () => {
  it('buys the first purchases at the base cost and gets dearer towards the saturation budget', () => {
    expect(budgetFor(1, 10_000, 10)).toBeCloseTo(10, 1);
    expect(budgetFor(5000, 10_000, 10) / 5000).toBeGreaterThan(10 * 1.3);
    expect(budgetFor(10_000, 10_000, 10)).toBeCloseTo(saturationBudget(10_000, 10), 6);
    expect(budgetFor(0, 10_000, 10)).toBe(0);
  });

  it('gives each cluster at least its ad set floor over the runtime and a few purchases', () => {
    expect(minBudgetPerCluster(30, 1)).toBe(DAILY_FLOOR * 30);
    expect(minBudgetPerCluster(1, 50)).toBe(500);
    expect(minBudgetPerCluster(60, 20)).toBeGreaterThanOrEqual(minBudgetPerCluster(30, 20));
  });
});
