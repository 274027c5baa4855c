// The purchase-propensity ranker (propensity.ts, engine pkg-3): the features, the history as it
// stood at the pseudo "now", the fallback rule, what it learns that the hand-weighted affinity
// does not, and that the build stays reproducible with it.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/lib/seeded-random';
import { buildPackages, indexHistory, linkEvents, purchaseFilter, PackageFilters, type BuildInput, type Customer, type EventFeatures, type Purchase } from '../../../src/server/engines/packages';
import {
  D,
  FEATURES,
  TRAINING,
  customerFeatures,
  fallbackReason,
  featureTables,
  historyBefore,
  pairHash,
  stringHash,
  trainPropensity,
  trainingWindow,
  type FeatureInput,
} from '../../../src/server/engines/packages/propensity';
import { DAY, NOW, genreEvent, purchase, type Genre } from './helpers';

const f = (name: (typeof FEATURES)[number]) => FEATURES.indexOf(name);
const filters = PackageFilters.parse({});

/**
 * A partner with three years of history: an event every four days, genres in turn, and
 * customers of one genre each. `rate(customer, startMs)` is the chance they buy a show of their
 * genre (a tenth of it for the other genres). One upcoming show per genre 30–60 days ahead.
 */
function busyPartner(seed: number, rate: (id: number, startMs: number) => number, customerCount = 240): Omit<BuildInput, 'settings'> {
  const random = mulberry32(seed);
  const genres: Genre[] = ['classical', 'opera', 'pop'];
  const pastEvents: EventFeatures[] = [];
  for (let k = 0; k < 270; k++) pastEvents.push(genreEvent(genres[k % 3], `e${String(k).padStart(3, '0')}`, -4 - k * 4));
  const chosenEvents = genres.map((g, k) => genreEvent(g, `${g}-up`, 30 + 15 * k));
  const customers: Customer[] = Array.from({ length: customerCount }, (_, i) => ({ id: i + 1, adsOptOut: false }));
  const purchases: Purchase[] = [];
  for (const c of customers) {
    const taste = genres[c.id % 3];
    for (const e of pastEvents) {
      const mine = e.category === genreEvent(taste, 'x', 0).category;
      if (random() >= rate(c.id, e.startMs) * (mine ? 1 : 0.1)) continue;
      purchases.push(purchase(c.id, e.id, { soldAtMs: e.startMs - (5 + Math.floor(random() * 35)) * DAY, amountMinor: (e.price ?? 30) * 200 }));
    }
  }
  return { chosenEvents, pastEvents, purchases, customers, nowMs: NOW };
}

describe('feature builder', () => {
  // Customer 1: two classical concerts in Hall 1 on Saturdays, one pop night; customer 2 nothing.
  const classical = [genreEvent('classical', 'c1', -100), genreEvent('classical', 'c2', -50)];
  const pop = genreEvent('pop', 'p1', -30);
  const upcoming = [genreEvent('classical', 'up', 40), genreEvent('opera', 'op', 40, { hallId: null, hallName: '', price: null })];
  const past = [...classical, pop];
  const purchases = [
    purchase(1, 'c1', { soldAtMs: classical[0].startMs - 20 * DAY, amountMinor: 9000 }),
    purchase(1, 'c2', { soldAtMs: classical[1].startMs - 10 * DAY, amountMinor: 9000 }),
    purchase(1, 'c2', { soldAtMs: classical[1].startMs - 5 * DAY, amountMinor: 9000 }),
    purchase(1, 'p1', { soldAtMs: pop.startMs - 2 * DAY, amountMinor: 5000 }),
  ];
  const customers = [1, 2].map((id) => ({ id, adsOptOut: false }));
  const history = indexHistory(customers, past.map((e) => e.id), purchases, purchaseFilter(filters, NOW), 100);
  const links = linkEvents(upcoming, past);
  const input: FeatureInput = {
    history,
    past: links.past,
    targets: links.chosen,
    content: links.matrix,
    collaborative: new Float32Array(upcoming.length * past.length),
    affinity: Float32Array.from([2, 0, 0, 0]),
    cutoffMs: NOW,
  };
  const tables = featureTables(input);
  const out = new Float64Array(upcoming.length * D);

  it('counts purchases in the event’s category, the share, frequency and recency', () => {
    expect(customerFeatures(input, tables, 0, out)).toBe(true);
    expect(out[f('category_purchases')]).toBeCloseTo(Math.log1p(3), 12);
    expect(out[f('category_share')]).toBeCloseTo(3 / 4, 12);
    expect(out[f('purchases')]).toBeCloseTo(Math.log1p(4), 12);
    expect(out[f('days_since_last')]).toBeCloseTo(Math.log1p((NOW - (pop.startMs - 2 * DAY)) / DAY), 9);
    expect(out[f('monetary')]).toBeCloseTo(Math.log1p(320), 12);
    expect(out[f('affinity')]).toBeCloseTo(Math.log1p(2), 6);
    // recency-weighted category count is below the plain count and above zero
    expect(out[f('category_recent')]).toBeGreaterThan(0);
    expect(out[f('category_recent')]).toBeLessThan(out[f('category_purchases')]);
    // no opera bought: nothing in that category
    expect(out[D + f('category_purchases')]).toBe(0);
  });

  it('measures hall, weekday and price habits, and leaves unknowns as NaN', () => {
    customerFeatures(input, tables, 0, out);
    // two of the three distinct events were in Hall 1 (pop plays in the club)
    expect(out[f('hall_share')]).toBeCloseTo(2 / 3, 12);
    expect(out[f('venue_share')]).toBeCloseTo(1, 12);
    expect(out[f('price_gap')]).toBeGreaterThanOrEqual(0);
    // the opera has no hall and no price
    expect(out[D + f('hall_share')]).toBeNaN();
    expect(out[D + f('price_gap')]).toBeNaN();
    expect(out[D + f('venue_share')]).toBeCloseTo(1, 12);
  });

  it('says nothing about a customer without a counted purchase', () => {
    const before = out.slice();
    expect(customerFeatures(input, tables, 1, out)).toBe(false);
    expect(out).toEqual(before);
  });
});

describe('the history at the pseudo "now"', () => {
  it('is what indexHistory gives for the events and sales before it', () => {
    const s = busyPartner(3, () => 0.2, 60);
    const past = [...s.pastEvents].sort((a, b) => (a.id < b.id ? -1 : 1));
    const now = indexHistory(s.customers, past.map((e) => e.id), s.purchases, purchaseFilter(filters, NOW), 100);
    const cut = NOW - 200 * DAY;
    const keep = new Int32Array(past.length).fill(-1);
    const before = past.filter((e) => e.startMs < cut);
    past.forEach((e, p) => (keep[p] = e.startMs < cut ? before.indexOf(e) : -1));
    const derived = historyBefore(now, keep, before.length, cut);
    // a filter ending just before the cut (indexHistory's counts sales up to and including its "now")
    const direct = indexHistory(s.customers, before.map((e) => e.id), s.purchases, purchaseFilter(filters, cut - 1), 100);
    expect(derived).toEqual(direct);
  });
});

describe('training window and row sample', () => {
  it('uses the chosen events’ horizon within its bounds, and at most half the history', () => {
    expect(trainingWindow([NOW + 30 * DAY], NOW, NOW - 5 * 365 * DAY)).toBe(TRAINING.minWindowMs);
    expect(trainingWindow([NOW + 200 * DAY, NOW + 20 * DAY], NOW, NOW - 5 * 365 * DAY)).toBe(200 * DAY);
    expect(trainingWindow([NOW + 900 * DAY], NOW, NOW - 5 * 365 * DAY)).toBe(TRAINING.maxWindowMs);
    expect(trainingWindow([NOW + 200 * DAY], NOW, NOW - 100 * DAY)).toBe(50 * DAY);
  });

  it('samples rows by ids, uniformly', () => {
    const seed = stringHash('event-17');
    expect(pairHash(42, seed)).toBe(pairHash(42, stringHash('event-17')));
    let below = 0;
    for (let id = 0; id < 20_000; id++) if (pairHash(id, seed) < 0.25) below++;
    expect(below / 20_000).toBeGreaterThan(0.24);
    expect(below / 20_000).toBeLessThan(0.26);
  });
});

describe('fallback rule', () => {
  it('asks for enough events, purchases and buyers in the last window', () => {
    const enough = { events: TRAINING.minEvents, positives: TRAINING.minPositives, positiveCustomers: TRAINING.minPositiveCustomers };
    expect(fallbackReason(enough)).toBeNull();
    expect(fallbackReason({ ...enough, events: TRAINING.minEvents - 1 })).toMatch(/events/);
    expect(fallbackReason({ ...enough, positives: TRAINING.minPositives - 1 })).toMatch(/purchases/);
    expect(fallbackReason({ ...enough, positiveCustomers: TRAINING.minPositiveCustomers - 1 })).toMatch(/buyers/);
  });

  it('keeps the affinity ranking for a partner with little history, and says why', () => {
    const s = busyPartner(5, () => 0.2, 30);
    const build = buildPackages({ ...s, settings: { targeting_mode: 'selective_mode' } });
    expect(build.ranking.method).toBe('affinity');
    expect(build.ranking.fallback).toMatch(/< /);
    expect(build.variations.length).toBeGreaterThan(0);
    // the same package as asking for the affinity outright
    const affinity = buildPackages({ ...s, settings: { targeting_mode: 'selective_mode', ranking: 'affinity' } });
    expect(build.variations).toEqual(affinity.variations);
    expect(affinity.ranking).toEqual({ method: 'affinity', fallback: null });
  });

  it('fits the ranker when the last season has enough to learn from', () => {
    const s = busyPartner(5, () => 0.2);
    const build = buildPackages({ ...s, settings: { targeting_mode: 'selective_mode' } });
    expect(build.ranking).toEqual({ method: 'propensity', fallback: null });
    const t = trainPropensity({ ...prepared(s), nowMs: NOW });
    expect(t.ok).toBe(true);
    if (t.ok) {
      expect(t.ranker.model.converged).toBe(true);
      expect(t.ranker.summary.events).toBeGreaterThanOrEqual(TRAINING.minEvents);
      expect(t.ranker.summary.positives).toBeGreaterThanOrEqual(TRAINING.minPositives);
    }
  });
});

/** What build.ts hands the trainer, for a partner. */
function prepared(s: Omit<BuildInput, 'settings'>) {
  const byId = <T extends { id: string | number }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const chosen = [...s.chosenEvents].sort(byId);
  const pastEvents = [...s.pastEvents].sort(byId);
  const customers = [...s.customers].sort(byId);
  const history = indexHistory(customers, pastEvents.map((e) => e.id), s.purchases, purchaseFilter(filters, NOW), 100);
  return { chosen: linkEvents(chosen, pastEvents).chosen, pastEvents, customers, history };
}

describe('what the ranker learns', () => {
  // Customers 1–120 buy steadily; 121–240 bought a lot until a year and a half ago and then
  // stopped. The affinity still counts the lapsed customers' old purchases (recency halves only
  // every two years); the last season shows that they no longer come.
  const lapsedAfter = NOW - 1.5 * 365 * DAY;
  const s = busyPartner(9, (id, startMs) => (id <= 120 ? 0.15 : startMs < lapsedAfter ? 0.6 : 0));
  const activeShare = (ranking: 'propensity' | 'affinity') => {
    const build = buildPackages({ ...s, settings: { targeting_mode: 'selective_mode', num_packages: 1, n_top_events: 3, audienceShare: 0.5, ranking } });
    const top = build.variations[0].customer_ids.slice(0, 60);
    return top.filter((id) => id <= 120).length / top.length;
  };

  it('ranks the customers who still buy above those who stopped, where the affinity does not', () => {
    const learned = activeShare('propensity');
    const affinity = activeShare('affinity');
    expect(learned).toBeGreaterThan(0.9);
    expect(affinity).toBeLessThan(0.6);
  });

  it('learns a negative weight for time since the last purchase there', () => {
    const t = trainPropensity({ ...prepared(s), nowMs: NOW });
    expect(t.ok).toBe(true);
    if (t.ok) expect(t.ranker.model.coef[f('days_since_last')]).toBeLessThan(0);
  });
});

describe('reproducibility with the ranker', () => {
  it('gives the same package whatever order events, customers and purchases came in', () => {
    const s = busyPartner(13, (id) => (id % 4 === 0 ? 0.3 : 0.1));
    const settings = { targeting_mode: 'inclusive_mode' as const };
    const a = buildPackages({ ...s, settings });
    const b = buildPackages({
      ...s,
      chosenEvents: [...s.chosenEvents].reverse(),
      pastEvents: [...s.pastEvents].reverse(),
      customers: [...s.customers].reverse(),
      purchases: [...s.purchases].reverse(),
      settings,
    });
    expect(a.ranking.method).toBe('propensity');
    expect(b).toEqual(a);
  });

  it('keeps the targeting modes: disjoint lists in selective mode, each best variation kept in inclusive mode', () => {
    const s = busyPartner(17, (id) => (id % 5 === 0 ? 0.3 : 0.12));
    const extra = (['classical', 'opera', 'pop'] as const).map((g, k) => genreEvent(g, `${g}-up2`, 70 + 10 * k));
    const input = { ...s, chosenEvents: [...s.chosenEvents, ...extra] };
    const selective = buildPackages({ ...input, settings: { targeting_mode: 'selective_mode' } });
    const inclusive = buildPackages({ ...input, settings: { targeting_mode: 'inclusive_mode' } });
    expect(selective.ranking.method).toBe('propensity');
    const all = selective.variations.flatMap((v) => v.customer_ids);
    expect(new Set(all).size).toBe(all.length);
    expect(inclusive.n_customers).toBe(selective.n_customers);
    selective.variations.forEach((v, k) => {
      const wider = new Set(inclusive.variations[k].customer_ids);
      expect(v.customer_ids.every((id) => wider.has(id))).toBe(true);
    });
  });
});
