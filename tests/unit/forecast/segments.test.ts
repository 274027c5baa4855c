// Issue 25: a partner's events are not one population. The pooling test (segments.ts) keeps one
// population where pooling helps, separates units where it helps neither side, never pools
// products with shows, and decides from the shows that had finished by its moment only; each
// population's forecasts are then made from its own history, so a population that left cannot
// move another's forecasts.
import { describe, expect, it } from 'vitest';
import { regimeHistory, makeEvent } from '../../../src/server/demo/forecast-regimes';
import { buildHistory } from '../../../src/server/engines/forecast/history';
import { partitionHistory, populationOf } from '../../../src/server/engines/forecast/segments';
import { createForecaster } from '../../../src/server/engines/forecast';
import { runBacktest } from '../../../src/server/engines/forecast/backtest';
import { DAY_MS, type EventRecord } from '../../../src/server/engines/forecast/types';

const NOW = (20_000 + 2_000) * DAY_MS;
const atVenue = (recs: EventRecord[], venue: number): EventRecord[] => recs.map((r) => ({ ...r, venueId: venue, hallId: venue * 10 }));
const units = (recs: EventRecord[]) => partitionHistory(buildHistory(recs), NOW).populations.map((p) => p.units);

describe('the pooling test', () => {
  it('keeps one population where one rule made the sales of two venues', () => {
    const one = regimeHistory('strong_early', 400, { seed: 9, spacing: 1, prefix: 'x' }).map((r, i) => ({ ...r, venueId: i % 2 ? 1 : 2, hallId: i % 2 ? 10 : 20 }));
    expect(units(one)).toEqual([['show:1', 'show:2'], ['product:-']]);
  });

  it("separates a venue whose history helps neither the others' forecasts nor its own (a business of another kind, years before)", () => {
    const shows = atVenue(regimeHistory('strong_early', 300, { seed: 6, spacing: 1, prefix: 's' }), 2);
    const earlier = atVenue(regimeHistory('additive', 200, { seed: 7, spacing: 1, prefix: 'e', firstDay: 20_000 - 800 }), 3);
    const p = partitionHistory(buildHistory([...shows, ...earlier]), NOW);
    expect(p.populations.map((x) => x.units)).toEqual([['show:3'], ['show:2'], ['product:-']]);
    expect(p.populations.every((x) => x.borrowed.length === 0)).toBe(true);
    const decided = p.tests.find((t) => t.decided)!;
    // The later venue's forecasts were worse in the pool; the earlier venue's could not gain from it.
    expect(decided.own.pooled).toBeGreaterThan(decided.own.apart);
    expect(decided.rest!.pooled).toBeGreaterThanOrEqual(decided.rest!.apart);

    // So adding the earlier venue's history moves none of the later venue's forecasts.
    const upcoming = atVenue(
      Array.from({ length: 12 }, (_, i) => makeEvent({ id: `u${i}`, startDay: 22_000 + 5 + 7 * i, finalShare: 0.3 + 0.05 * i, soldUntilDaysOut: 5 + 7 * i })),
      2,
    );
    const alone = createForecaster([...shows, ...upcoming], { nowMs: NOW });
    const mixed = createForecaster([...shows, ...earlier, ...upcoming], { nowMs: NOW });
    for (const u of upcoming) {
      const a = alone.forecast(u.id)!;
      const b = mixed.forecast(u.id)!;
      expect(b.prediction.value, u.id).not.toBeNull();
      expect(b.prediction, u.id).toEqual(a.prediction);
      expect(b.interval, u.id).toEqual(a.interval);
    }
  });

  it('never pools products with shows: a show history does not move a product forecast', () => {
    // Eight vouchers sold out their year, the ninth is on sale (60 days before its date).
    const products = Array.from({ length: 9 }, (_, i) =>
      makeEvent({ id: `p${i}`, category: 'product', title: `Voucher ${i}`, capacity: 1000, startDay: i < 8 ? 20_000 + 240 * i : 22_060, finalShare: 0.2 + 0.02 * i, saleDays: 300, tau: 120, soldUntilDaysOut: i < 8 ? 0 : 60 }),
    ).map((p) => ({ ...p, venueId: null, hallId: null }));
    const shows = atVenue(regimeHistory('weekly', 300, { seed: 3, spacing: 1, prefix: 'w' }), 1);
    const history = buildHistory([...products, ...shows]);
    const p = partitionHistory(history, NOW);
    expect(p.populations.at(-1)!.units).toEqual(['product:-']);
    expect(populationOf(p, history.byId.get('p0')!)).toBe(p.populations.length - 1);
    const without = createForecaster(products, { nowMs: NOW });
    const withShows = createForecaster([...products, ...shows], { nowMs: NOW });
    expect(withShows.forecast('p8')!.prediction.value).not.toBeNull();
    for (const id of products.map((x) => x.id)) expect(withShows.forecast(id), id).toEqual(without.forecast(id));
  });

  it('decides from the shows that had started by its moment only', () => {
    const shows = atVenue(regimeHistory('strong_early', 300, { seed: 6, spacing: 1, prefix: 's' }), 2);
    const earlier = atVenue(regimeHistory('additive', 200, { seed: 7, spacing: 1, prefix: 'e', firstDay: 20_000 - 800 }), 3);
    const at = (20_000 + 200) * DAY_MS;
    const before = partitionHistory(buildHistory([...shows, ...earlier]), at);
    // Every show starting after the moment sells something else entirely: nothing changes.
    const changed = [...shows, ...earlier].map((r) => (r.startMs < at ? r : { ...r, saleDays: [Math.floor(r.startMs / DAY_MS) - 1], saleQty: [r.capacity] }));
    const after = partitionHistory(buildHistory(changed), at);
    expect(after.populations).toEqual(before.populations);
    expect(after.tests).toEqual(before.tests);
  });
});

describe('the backtest with segments', () => {
  it('is the model without segments on a partner of one venue', () => {
    const shows = atVenue(regimeHistory('independent', 300, { seed: 4, spacing: 1 }), 1);
    const a = runBacktest(shows, { nowMs: NOW, horizons: [30], segments: true });
    const b = runBacktest(shows, { nowMs: NOW, horizons: [30], segments: false });
    expect(a.items).toEqual(b.items);
  });

  it('forecasts each cutoff with the partition decided at the checkpoint before it', () => {
    const shows = atVenue(regimeHistory('strong_early', 300, { seed: 6, spacing: 1, prefix: 's' }), 2);
    const earlier = atVenue(regimeHistory('additive', 200, { seed: 7, spacing: 1, prefix: 'e', firstDay: 20_000 - 800 }), 3);
    const { epochs, items } = runBacktest([...shows, ...earlier], { nowMs: NOW, horizons: [30] });
    expect(epochs.length).toBeGreaterThan(1);
    for (let i = 1; i < epochs.length; i++) expect(epochs[i].fromMs).toBe(epochs[i - 1].toMs);
    // While the later venue had not finished enough shows to be judged, it was pooled; at the end it is not.
    expect(epochs.some((e) => e.partition.populations[0].units.join() === 'show:2,show:3')).toBe(true);
    expect(epochs.at(-1)!.partition.populations.map((p) => p.units)).toEqual([['show:3'], ['show:2'], ['product:-']]);
    expect(new Set(items.map((i) => i.eventId)).size).toBe(items.length);
  });
});
