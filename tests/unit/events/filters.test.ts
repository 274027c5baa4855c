// Events page filters in the URL (shareable, restored on reload) and in the GET /events/ query.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  listKey,
  normalizeFilters,
  resetFilters,
  toListQuery,
  type EventFilters,
} from '../../../src/islands/events/list/filters';

const TODAY = '2026-05-10';
const parse = (search: string) => filtersFromSearch(new URLSearchParams(search), TODAY);

describe('filters in the URL', () => {
  it('leaves the URL empty for the defaults', () => {
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe('');
    expect(parse('')).toEqual(EMPTY_FILTERS);
    expect(activeFilterCount(parse(''))).toBe(0);
  });

  it('reads every filter back from the URL it wrote', () => {
    const filters: EventFilters = {
      q: 'Brahms',
      from: '2026-06-01',
      to: '2026-07-01',
      range: '1m',
      includePastEvents: false,
      cities: ['Köln', 'Bonn'],
      venuesAndHalls: ['Konzerthaus;;Großer Saal'],
      source: 'manual',
      campaigns: ['active'],
      status: ['FLAGGED', 'HIDDEN'],
    };
    const search = filtersToSearch(filters).toString();
    expect(parse(search)).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(6);
  });

  it('keeps the drawer parameters and replaces only its own', () => {
    const current = new URLSearchParams('drawer-open=true&event-id=e1&q=old&city=Bonn');
    const out = filtersToSearch({ ...EMPTY_FILTERS, q: 'new' }, current);
    expect(out.get('drawer-open')).toBe('true');
    expect(out.get('event-id')).toBe('e1');
    expect(out.get('q')).toBe('new');
    expect(out.getAll('city')).toEqual([]);
  });

  it('never starts before today unless past events are included', () => {
    expect(parse('from=2026-01-01').from).toBeNull();
    expect(parse('from=2026-01-01&past=1').from).toBe('2026-01-01');
  });

  it('drops broken values instead of failing', () => {
    const f = parse('from=31.12.2026&to=2026-02-30&range=decade&source=x&status=NOPE&campaigns=maybe&vh=no-separator');
    expect(f).toEqual(EMPTY_FILTERS);
  });

  it('drops an end before the start', () => {
    expect(parse('from=2026-08-01&to=2026-07-01').to).toBeNull();
  });

  it('survives any URL', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('q', 'from', 'to', 'range', 'past', 'city', 'vh', 'source', 'campaigns', 'status'), fc.string())),
        (pairs) => {
          const f = parse(new URLSearchParams(pairs).toString());
          expect(f.status.length).toBeGreaterThan(0);
          expect(normalizeFilters(f, TODAY)).toEqual(f);
          expect(parse(filtersToSearch(f).toString())).toEqual(f);
        },
      ),
    );
  });

  it('resets the filters but keeps the search', () => {
    const f = parse('q=Mahler&city=Bonn&status=CANCELLED');
    expect(resetFilters(f)).toEqual({ ...EMPTY_FILTERS, q: 'Mahler' });
  });
});

describe('list query', () => {
  it('asks for upcoming DEFAULT and FLAGGED events, 30 a page, up to two years ahead', () => {
    expect(toListQuery(EMPTY_FILTERS, TODAY)).toMatchObject({
      page: 1,
      limit: 30,
      since: '2026-05-10',
      until: '2028-05-10',
      'frontend_status[]': ['DEFAULT', 'FLAGGED'],
      include_archived: undefined,
      simulated: undefined,
    });
  });

  it('maps source, archived status, cities, venues and campaigns', () => {
    const q = toListQuery(parse('source=api&status=HIDDEN&city=Bonn&vh=A;;B&campaigns=inactive&past=1'), TODAY, 3);
    expect(q).toMatchObject({
      page: 3,
      since: undefined,
      include_past: 'true',
      simulated: 'false',
      include_archived: 'true',
      'frontend_status[]': ['HIDDEN'],
      'city[]': ['Bonn'],
      'vh[]': ['A;;B'],
      campaigns: ['inactive'],
    });
    expect(toListQuery(parse('source=manual'), TODAY).simulated).toBe('true');
  });

  it('asks for every past event, however old, with past events and no from day (issue 20 §4)', () => {
    expect(toListQuery(parse('past=1'), TODAY)).toMatchObject({ since: undefined, include_past: 'true', until: '2028-05-10' });
    // A from day the user typed still bounds the list.
    expect(toListQuery(parse('past=1&from=2020-01-01'), TODAY)).toMatchObject({ since: '2020-01-01', include_past: undefined });
    expect(toListQuery(EMPTY_FILTERS, TODAY).include_past).toBeUndefined();
  });

  it('has no default end for a start beyond it', () => {
    expect(toListQuery(parse('from=2029-01-01'), TODAY).until).toBeUndefined();
  });

  it('gives pages of one list the same key and another list another', () => {
    const f = parse('q=x');
    expect(listKey(toListQuery(f, TODAY, 1))).toBe(listKey(toListQuery(f, TODAY, 4)));
    expect(listKey(toListQuery(f, TODAY))).not.toBe(listKey(toListQuery(parse('q=y'), TODAY)));
  });
});
