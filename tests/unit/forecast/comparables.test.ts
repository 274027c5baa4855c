// Comparable events: the same kind of event, never the event itself, never one that had not
// finished yet, widening from the category to all events when the category has little history.
import { describe, expect, it } from 'vitest';
import { buildHistory } from '../../../src/server/engines/forecast/history';
import { DEFAULT_SIMILARITY, comparablePool, findComparables } from '../../../src/server/engines/forecast/comparables';
import { DAY_MS } from '../../../src/server/engines/forecast/types';
import { DAY0, history, makeEvent } from './synthetic';

const later = (days: number) => (DAY0 + days) * DAY_MS;

describe('comparablePool', () => {
  it('takes the events of the same category when it has enough history', () => {
    const h = buildHistory([...history(10, { category: 'opera', prefix: 'o' }), ...history(10, { category: 'comedy', prefix: 'c' })]);
    const target = h.byId.get('o9')!;
    const { group, pool } = comparablePool(target, h, later(1000), DEFAULT_SIMILARITY);
    expect(group).toBe('category');
    expect(pool.map((e) => e.rec.category)).toEqual(Array(9).fill('opera'));
  });

  it('falls back to every show when the category has fewer than minGroup finished events', () => {
    const h = buildHistory([
      ...history(3, { category: 'ballet', prefix: 'b' }),
      ...history(10, { category: 'comedy', prefix: 'c' }),
      makeEvent({ id: 'voucher', category: 'product', startDay: DAY0 + 5, finalShare: 0.2 }),
    ]);
    const { group, pool } = comparablePool(h.byId.get('b0')!, h, later(1000), DEFAULT_SIMILARITY);
    expect(group).toBe('all');
    expect(pool).toHaveLength(12); // 2 other ballets + 10 comedies, no voucher, not itself
    expect(pool.some((e) => e.rec.id === 'b0' || e.rec.category === 'product')).toBe(false);
  });

  it('compares products only with products', () => {
    const h = buildHistory([
      ...history(10, { category: 'comedy', prefix: 'c' }),
      makeEvent({ id: 'v1', category: 'product', startDay: DAY0, finalShare: 0.2 }),
      makeEvent({ id: 'v2', category: 'product', startDay: DAY0 + 400, finalShare: 0.2 }),
    ]);
    const { pool } = comparablePool(h.byId.get('v2')!, h, later(1000), DEFAULT_SIMILARITY);
    expect(pool.map((e) => e.rec.id)).toEqual(['v1']);
  });

  it('uses only events that had started before the cutoff, and never simulated or cancelled ones', () => {
    const h = buildHistory([
      ...history(20, { prefix: 'h', spacing: 10 }),
      makeEvent({ id: 'sim', startDay: DAY0 + 1, finalShare: 0.9, learnable: false }),
    ]);
    const { pool } = comparablePool(h.byId.get('h19')!, h, later(55), DEFAULT_SIMILARITY);
    // h0..h5 start on days 0..50 at 19:00, before day 55.
    expect(pool.map((e) => e.rec.id)).toEqual(['h0', 'h1', 'h2', 'h3', 'h4', 'h5']);
  });
});

describe('findComparables', () => {
  it('ranks the same production and the same hall first', () => {
    const base = { category: 'opera', finalShare: 0.7 };
    const h = buildHistory([
      makeEvent({ ...base, id: 'other-hall', startDay: DAY0, hallId: 2, venueId: 2, title: 'Tosca' }),
      makeEvent({ ...base, id: 'same-hall', startDay: DAY0 + 1, title: 'Tosca' }),
      makeEvent({ ...base, id: 'sister', startDay: DAY0 + 2, title: 'Carmen' }),
      makeEvent({ ...base, id: 'bigger', startDay: DAY0 + 3, capacity: 2000, title: 'Aida' }),
      ...Array.from({ length: 4 }, (_, i) => makeEvent({ ...base, id: `x${i}`, startDay: DAY0 + 4 + i, hallId: 3, venueId: 3, title: `X${i}` })),
      makeEvent({ ...base, id: 'target', startDay: DAY0 + 200, title: 'Carmen' }),
    ]);
    const { neighbours } = findComparables(h.byId.get('target')!, h, later(100));
    expect(neighbours[0].event.rec.id).toBe('sister');
    expect(neighbours[1].event.rec.id).toBe('same-hall');
    expect(neighbours.at(-1)!.weight).toBeLessThan(neighbours[0].weight);
    expect(neighbours.map((n) => n.event.rec.id)).not.toContain('target');
  });

  it('keeps at most k neighbours', () => {
    const h = buildHistory(history(60));
    const { neighbours } = findComparables(h.byId.get('h59')!, h, later(1000), { ...DEFAULT_SIMILARITY, k: 7 });
    expect(neighbours).toHaveLength(7);
  });
});
