// spec 1 §2.8 "upcoming important events" ordering, §9 infinite scroll and statistics rules.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FORECAST_STATES, type ForecastState } from '../../../src/lib/contracts/events';
import { byImportance, importanceRank, mergePage, nearEnd, nonNegative, roasPercent } from '../../../src/islands/dashboard/importance';

const ev = (id: string, state: ForecastState, day: string) => ({ id, start_date_time: `${day}T19:00:00Z`, benchmark: { state } });

describe('byImportance', () => {
  it('puts events selling below comparable ones first, then the soonest', () => {
    const items = [ev('a', 'on_track', '2026-12-01'), ev('b', 'below', '2026-12-20'), ev('c', 'below', '2026-12-05'), ev('d', 'sold_out', '2026-11-30'), ev('e', 'no_data', '2026-12-02')];
    expect(byImportance(items).map((e) => e.id)).toEqual(['c', 'b', 'e', 'a', 'd']);
  });
  it('is a stable total order that keeps every event', () => {
    const arb = fc.array(fc.record({ id: fc.uuid(), state: fc.constantFrom(...FORECAST_STATES), day: fc.integer({ min: 1, max: 28 }) }), { maxLength: 40 });
    fc.assert(
      fc.property(arb, (rows) => {
        const items = rows.map((r) => ev(r.id, r.state, `2026-12-${String(r.day).padStart(2, '0')}`));
        const sorted = byImportance(items);
        expect(sorted).toHaveLength(items.length);
        for (let i = 1; i < sorted.length; i++) expect(importanceRank(sorted[i - 1].benchmark.state)).toBeLessThanOrEqual(importanceRank(sorted[i].benchmark.state));
        expect(byImportance([...items].reverse())).toEqual(sorted);
      }),
    );
  });
});

describe('paging', () => {
  it('merges a next page without duplicates', () => {
    expect(mergePage([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }]).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
  it('asks for more within 300 px of the end', () => {
    expect(nearEnd({ scrollTop: 0, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
    expect(nearEnd({ scrollTop: 1200, clientHeight: 500, scrollHeight: 2000 })).toBe(true);
    expect(nearEnd({ scrollTop: 1199, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
  });
});

describe('campaign statistics', () => {
  it('shows return on ad spend as a whole percentage', () => {
    expect(roasPercent(3.7)).toBe(370);
    expect(roasPercent(0.456)).toBe(46);
    expect(roasPercent(null)).toBeNull();
    expect(roasPercent(-1)).toBe(0);
  });
  it('never shows negative purchases or revenue', () => {
    expect(nonNegative(-5)).toBe(0);
    expect(nonNegative(12.5)).toBe(12.5);
    expect(nonNegative(Number.NaN)).toBe(0);
  });
});
