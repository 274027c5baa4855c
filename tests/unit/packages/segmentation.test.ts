// spec 3 §3 customer segmentation: which purchases count and who may be in a package.
import { describe, expect, it } from 'vitest';
import { PackageFilters, buildPackages, eligibleCustomers, purchaseFilter, type BuildInput } from '../../../src/server/engines/packages';
import { DAY, NOW, genreEvent, purchase } from './helpers';

const filters = (f: Record<string, unknown> = {}) => PackageFilters.parse(f);

describe('purchase filters', () => {
  it('never counts a cancelled purchase, by flag or by ticket type', () => {
    const keep = purchaseFilter(filters(), NOW);
    expect(keep(purchase(1, 'a'))).toBe(true);
    expect(keep(purchase(1, 'a', { cancelled: true }))).toBe(false);
    expect(keep(purchase(1, 'a', { ticketType: 'cancelled' }))).toBe(false);
  });

  it("excludes the 'free' ticket category by default, and exactly the listed categories when given", () => {
    expect(filters().exclude_ticket_categories).toEqual(['free']);
    const byDefault = purchaseFilter(filters(), NOW);
    expect(byDefault(purchase(1, 'a', { ticketType: 'free', amountMinor: 0 }))).toBe(false);
    expect(byDefault(purchase(1, 'a', { ticketType: 'discount' }))).toBe(true);
    const listed = purchaseFilter(filters({ exclude_ticket_categories: ['discount', 'subscription'] }), NOW);
    expect(listed(purchase(1, 'a', { ticketType: 'free', amountMinor: 0 }))).toBe(true);
    expect(listed(purchase(1, 'a', { ticketType: 'discount' }))).toBe(false);
    expect(listed(purchase(1, 'a', { ticketType: 'subscription' }))).toBe(false);
    expect(listed(purchase(1, 'a', { ticketType: 'regular' }))).toBe(true);
  });

  it('drops purchases before the old-purchases date (UTC day), keeping that day', () => {
    const keep = purchaseFilter(filters({ exclude_old_purchases_before: '2025-03-10' }), NOW);
    expect(keep(purchase(1, 'a', { soldAtMs: Date.parse('2025-03-09T23:59:59Z') }))).toBe(false);
    expect(keep(purchase(1, 'a', { soldAtMs: Date.parse('2025-03-10T00:00:00Z') }))).toBe(true);
    expect(keep(purchase(1, 'a', { soldAtMs: Date.parse('2026-01-01T00:00:00Z') }))).toBe(true);
  });

  it('drops purchases after the recent-purchases date (UTC day), keeping that day', () => {
    const keep = purchaseFilter(filters({ exclude_recent_purchases_after: '2025-03-10' }), NOW);
    expect(keep(purchase(1, 'a', { soldAtMs: Date.parse('2025-03-10T23:59:59Z') }))).toBe(true);
    expect(keep(purchase(1, 'a', { soldAtMs: Date.parse('2025-03-11T00:00:00Z') }))).toBe(false);
    expect(keep(purchase(1, 'a', { soldAtMs: Date.parse('2024-01-01T00:00:00Z') }))).toBe(true);
  });

  it('ignores sales dated after now (the build sees the history as of now)', () => {
    const keep = purchaseFilter(filters(), NOW);
    expect(keep(purchase(1, 'a', { soldAtMs: NOW + DAY }))).toBe(false);
  });

  it('refuses contradictory filter pairs and non-calendar dates', () => {
    expect(() => filters({ excluded_customers: [1], included_customers: [2] })).toThrow();
    expect(() => filters({ exclude_buying_behavior_below: 10, exclude_buying_behavior_above: 50 })).toThrow();
    expect(() => filters({ exclude_old_purchases_before: '2025-01-01', exclude_recent_purchases_after: '2025-06-01' })).toThrow();
    expect(() => filters({ exclude_old_purchases_before: '2025-02-30' })).toThrow();
    expect(() => filters({ exclude_buying_behavior_below: -1 })).toThrow();
  });
});

describe('customer filters', () => {
  const people = [
    { id: 1, adsOptOut: false },
    { id: 2, adsOptOut: true },
    { id: 3, adsOptOut: false },
    { id: 4, adsOptOut: false },
  ];
  const prices = Float64Array.from([10, 30, 50, NaN]);
  const ids = (mask: Uint8Array) => people.filter((_, i) => mask[i]).map((c) => c.id);

  it('leaves out customers who opted out of ads only for a CRM export', () => {
    expect(ids(eligibleCustomers(people, prices, filters(), false))).toEqual([1, 2, 3, 4]);
    expect(ids(eligibleCustomers(people, prices, filters(), true))).toEqual([1, 3, 4]);
  });

  it('leaves out the excluded customers, or keeps only the included ones', () => {
    expect(ids(eligibleCustomers(people, prices, filters({ excluded_customers: [1, 3] }), false))).toEqual([2, 4]);
    expect(ids(eligibleCustomers(people, prices, filters({ included_customers: [3, 99] }), false))).toEqual([3]);
  });

  it('leaves out customers whose typical ticket price is below or above the given price', () => {
    expect(ids(eligibleCustomers(people, prices, filters({ exclude_buying_behavior_below: 30 }), false))).toEqual([2, 3]);
    expect(ids(eligibleCustomers(people, prices, filters({ exclude_buying_behavior_above: 30 }), false))).toEqual([1, 2]);
  });
});

/** Four classical customers with the same history except what each test varies. */
function classicalPartner(): BuildInput {
  const past = [0, 1, 2].map((k) => genreEvent('classical', `c${k}`, -100 - k * 30));
  return {
    chosenEvents: [genreEvent('classical', 'up', 40)],
    pastEvents: past,
    purchases: [1, 2, 3, 4].flatMap((id) => past.map((e) => purchase(id, e.id, { soldAtMs: e.startMs - 20 * DAY, amountMinor: 4000 * id }))),
    customers: [
      { id: 1, adsOptOut: false },
      { id: 2, adsOptOut: true },
      { id: 3, adsOptOut: false },
      { id: 4, adsOptOut: false },
    ],
    nowMs: NOW,
    settings: { targeting_mode: 'selective_mode', audienceShare: 1 },
  };
}
const audienceOf = (input: BuildInput) => new Set(buildPackages(input).variations.flatMap((v) => v.customer_ids));

describe('segmentation in a build', () => {
  it('never puts an opted-out customer into a CRM export, but does in the package itself', () => {
    const input = classicalPartner();
    expect(audienceOf(input)).toEqual(new Set([1, 2, 3, 4]));
    expect(audienceOf({ ...input, settings: { ...input.settings, forCrmExport: true } })).toEqual(new Set([1, 3, 4]));
  });

  it('applies excluded and included customers', () => {
    const input = classicalPartner();
    expect(audienceOf({ ...input, settings: { ...input.settings, filters: { excluded_customers: [4] } } })).toEqual(new Set([1, 2, 3]));
    expect(audienceOf({ ...input, settings: { ...input.settings, filters: { included_customers: [2, 3] } } })).toEqual(new Set([2, 3]));
  });

  it('applies the buying-behaviour price (customer n pays 20·n per ticket)', () => {
    const input = classicalPartner();
    expect(audienceOf({ ...input, settings: { ...input.settings, filters: { exclude_buying_behavior_below: 50 } } })).toEqual(new Set([3, 4]));
    expect(audienceOf({ ...input, settings: { ...input.settings, filters: { exclude_buying_behavior_above: 40 } } })).toEqual(new Set([1, 2]));
  });

  it('drops customers whose every purchase falls outside the purchase date window', () => {
    const input = classicalPartner();
    // customer 4 bought only long ago; the others also recently
    const old = NOW - 800 * DAY;
    const purchases = input.purchases.map((p) => (p.customerId === 4 ? { ...p, soldAtMs: old } : p));
    const since = new Date(NOW - 400 * DAY).toISOString().slice(0, 10);
    expect(audienceOf({ ...input, purchases })).toContain(4);
    expect(audienceOf({ ...input, purchases, settings: { ...input.settings, filters: { exclude_old_purchases_before: since } } })).toEqual(new Set([1, 2, 3]));
    const until = new Date(old + DAY).toISOString().slice(0, 10);
    expect(audienceOf({ ...input, purchases, settings: { ...input.settings, filters: { exclude_recent_purchases_after: until } } })).toEqual(new Set([4]));
  });

  it('ignores cancelled purchases and free tickets as evidence', () => {
    const input = classicalPartner();
    const purchases = input.purchases.map((p) =>
      p.customerId === 1 ? { ...p, cancelled: true } : p.customerId === 3 ? { ...p, ticketType: 'free', amountMinor: 0 } : p,
    );
    expect(audienceOf({ ...input, purchases })).toEqual(new Set([2, 4]));
    // with no category excluded, free tickets count again
    expect(audienceOf({ ...input, purchases, settings: { ...input.settings, filters: { exclude_ticket_categories: [] } } })).toEqual(new Set([2, 3, 4]));
  });

  it('an excluded customer still teaches co-purchases', () => {
    const input = classicalPartner();
    // Customer 1 also bought a comedy show; customer 5 bought only that show. The show looks
    // nothing like the classical concert: only customer 1's co-purchase links 5 to it.
    const comedy = genreEvent('comedy', 'joke', -90, { venueId: 2 });
    const withComedy: BuildInput = {
      ...input,
      pastEvents: [...input.pastEvents, comedy],
      purchases: [...input.purchases, purchase(1, 'joke'), purchase(5, 'joke')],
      customers: [...input.customers, { id: 5, adsOptOut: false }],
    };
    expect(buildPackages(withComedy).links[0].links.map((l) => l.pastEventId)).not.toContain('joke');
    expect(audienceOf(withComedy)).toContain(5);
    expect(audienceOf({ ...withComedy, settings: { ...input.settings, filters: { excluded_customers: [1] } } })).toEqual(new Set([2, 3, 4, 5]));
    // without customer 1's purchases nothing links customer 5
    const alone = { ...withComedy, purchases: withComedy.purchases.filter((p) => !(p.customerId === 1 && p.eventId === 'joke')) };
    expect(audienceOf(alone)).not.toContain(5);
  });
});
