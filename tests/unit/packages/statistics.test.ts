// spec 3 §3 "Variation" statistics on a history small enough to compute by hand.
import { describe, expect, it } from 'vitest';
import { PackageFilters, YEAR_MS, buildPackages, indexHistory, purchaseFilter, variationStatistics } from '../../../src/server/engines/packages';
import { DAY, NOW, event, purchase } from './helpers';

const Y = YEAR_MS;
// Customer 1: event A 10 days ahead (2 tickets, 60.00), event B 30 and 2 days ahead (4 for 100.00,
// 1 for 40.00); first purchase two years ago, 2 events → 1 a year.
// Customer 2: event D 5 days ahead (3 for 150.00); first purchase four years ago → 0.25 a year.
// Customer 3: events E1–E3 50 days ahead (1 for 20.00 each); first purchase 100 days ago → at
// least one year → 3 a year.
const A = event({ id: 'A', startMs: NOW - 2 * Y + 10 * DAY });
const B = event({ id: 'B', startMs: NOW - 100 * DAY });
const D = event({ id: 'D', startMs: NOW - 4 * Y + 5 * DAY });
const E = ['E1', 'E2', 'E3'].map((id) => event({ id, startMs: NOW - 50 * DAY }));
const past = [A, B, D, ...E];
const purchases = [
  purchase(1, 'A', { soldAtMs: NOW - 2 * Y, tickets: 2, amountMinor: 6000 }),
  purchase(1, 'B', { soldAtMs: B.startMs - 30 * DAY, tickets: 4, amountMinor: 10_000 }),
  purchase(1, 'B', { soldAtMs: B.startMs - 2 * DAY, tickets: 1, amountMinor: 4000 }),
  purchase(2, 'D', { soldAtMs: NOW - 4 * Y, tickets: 3, amountMinor: 15_000 }),
  ...E.map((e) => purchase(3, e.id, { soldAtMs: NOW - 100 * DAY, tickets: 1, amountMinor: 2000 })),
  // neither counts: a cancelled purchase and a free ticket (excluded by default)
  purchase(1, 'A', { soldAtMs: NOW - 300 * DAY, tickets: 10, amountMinor: 90_000, cancelled: true }),
  purchase(2, 'D', { soldAtMs: NOW - 4 * Y + 2 * DAY, tickets: 6, amountMinor: 0, ticketType: 'free' }),
];
const people = [1, 2, 3].map((id) => ({ id, adsOptOut: false }));
const history = () => indexHistory(people, past.map((e) => e.id), purchases, purchaseFilter(PackageFilters.parse({}), NOW), 100);

describe('variation statistics', () => {
  it('takes medians over purchases for basket, price and days upfront, and over customers for events per year', () => {
    // baskets 2 4 1 3 1 1 1 → 1; prices 30 25 40 50 20 20 20 → 25; days 10 30 2 5 50 50 50 → 30; per year 1 0.25 3 → 1
    expect(variationStatistics(history(), [0, 1, 2], Float64Array.from(past, (e) => e.startMs), NOW)).toEqual({
      median_basket_size: 1,
      median_ticket_price: 25,
      median_num_events_per_year: 1,
      median_days_upfront: 30,
    });
  });

  it('averages the middle two of an even count', () => {
    // customers 1 and 2: baskets 2 4 1 3 → 2.5; prices 30 25 40 50 → 35; days 10 30 2 5 → 7.5; per year 1 0.25 → 0.625
    expect(variationStatistics(history(), [0, 1], Float64Array.from(past, (e) => e.startMs), NOW)).toEqual({
      median_basket_size: 2.5,
      median_ticket_price: 35,
      median_num_events_per_year: 0.63,
      median_days_upfront: 7.5,
    });
  });

  it('counts a newcomer over one year, not over the weeks since their first purchase', () => {
    // customer 3: 3 events, first purchase 100 days ago → 3 a year (not 11)
    expect(variationStatistics(history(), [2], Float64Array.from(past, (e) => e.startMs), NOW).median_num_events_per_year).toBe(3);
  });

  it('is empty without customers', () => {
    expect(variationStatistics(history(), [], new Float64Array(past.length), NOW)).toEqual({
      median_basket_size: null,
      median_ticket_price: null,
      median_num_events_per_year: null,
      median_days_upfront: null,
    });
  });

  it("is what a build reports for a variation of these customers", () => {
    const build = buildPackages({
      chosenEvents: [event({ id: 'next', startMs: NOW + 30 * DAY })],
      pastEvents: past,
      purchases,
      customers: people,
      nowMs: NOW,
      settings: { targeting_mode: 'selective_mode', num_packages: 1, audienceShare: 1 },
    });
    expect(build.variations).toHaveLength(1);
    expect([...build.variations[0].customer_ids].sort()).toEqual([1, 2, 3]);
    expect(build.variations[0]).toMatchObject({ median_basket_size: 1, median_ticket_price: 25, median_num_events_per_year: 1, median_days_upfront: 30 });
  });

  it("uses each customer's median unit price as their typical price", () => {
    // customer 1: 30 25 40 → 30; customer 2: 50; customer 3: 20
    expect([...history().typicalPrice]).toEqual([30, 50, 20]);
  });
});
