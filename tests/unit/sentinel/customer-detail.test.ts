// spec 3 §2 "Customer detail", §9: the pure rules behind the customer drawer and page.
import { describe, expect, it } from 'vitest';
import { SENTINEL } from '../../../src/lib/contracts/nlq';
import { addressLines, COPIED_MS, formatAmount, formatDay, fullName, initials, pageOf, splitVisited, VISITED_EVENTS_PAGE_SIZE } from '../../../src/islands/sentinel/customer/format';
import { customerDrawerHref, customerPageHref, drawerCustomerId } from '../../../src/islands/sentinel/customer/navigation';
import { errorMessage } from '../../../src/islands/sentinel/customer/CustomerDetail';
import en from '../../../public/locales/en/common.json';
import de from '../../../public/locales/de/common.json';

describe('the spec constants the browser repeats', () => {
  it('match SENTINEL of the contract', () => {
    expect(VISITED_EVENTS_PAGE_SIZE).toBe(SENTINEL.visitedEventsPageSize);
    expect(COPIED_MS).toBe(SENTINEL.copiedMs);
  });
});

describe('formatDay', () => {
  it('writes a day or a timestamp as DD.MM.YYYY in UTC', () => {
    expect(formatDay('2025-03-07')).toBe('07.03.2025');
    expect(formatDay('2025-12-31T23:30:00Z')).toBe('31.12.2025');
  });
  it('writes nothing for no or a broken date', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('soon')).toBe('');
  });
});

describe('formatAmount', () => {
  it('keeps the cents in the language’s way', () => {
    expect(formatAmount(75.5, 'EUR', 'de')).toMatch(/^75,50\s€$/);
    expect(formatAmount(1234.5, 'GBP', 'en')).toBe('£1,234.50');
  });
});

describe('names and address', () => {
  it('joins first and last name and falls back to null when both are missing', () => {
    expect(fullName({ first_name: 'Greta', last_name: 'Bäcker' })).toBe('Greta Bäcker');
    expect(fullName({ first_name: null, last_name: ' Bäcker ' })).toBe('Bäcker');
    expect(fullName({ first_name: null, last_name: '' })).toBeNull();
    expect(initials({ first_name: 'greta', last_name: 'bäcker' })).toBe('GB');
    expect(initials({ first_name: null, last_name: null })).toBe('?');
  });
  it('writes the street and the zip-city line without empty parts', () => {
    expect(addressLines({ street: 'Domstraße 1', zip_code: '50667', city: 'Köln', country: 'DE' })).toEqual(['Domstraße 1', '50667 Köln, DE']);
    expect(addressLines({ street: null, zip_code: null, city: 'Bonn', country: null })).toEqual(['Bonn']);
    expect(addressLines({ street: null, zip_code: null, city: null, country: null })).toEqual([]);
  });
});

describe('pageOf (visited events, 10 a page)', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  it('cuts pages of ten and counts them', () => {
    expect(pageOf(items, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], page: 1, pages: 3 });
    expect(pageOf(items, 3)).toEqual({ items: [21, 22, 23], page: 3, pages: 3 });
  });
  it('keeps the page within the list', () => {
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf(items, 0).page).toBe(1);
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe('visited and upcoming events (issue 20 §3)', () => {
  const ev = (event_id: string, event_date: string, upcoming: boolean) => ({ event_id, event_date, title: event_id, ticket_count: 1, total_spent: 10, upcoming });
  it('lists only events that took place as visited (newest first) and the others as upcoming, soonest first', () => {
    const list = [ev('later', '2027-03-01', true), ev('soon', '2027-01-10', true), ev('last-week', '2026-11-20', false), ev('old', '2025-05-01', false)];
    const { visited, upcoming } = splitVisited(list);
    expect(visited.map((e) => e.event_id)).toEqual(['last-week', 'old']);
    expect(upcoming.map((e) => e.event_id)).toEqual(['soon', 'later']);
  });
  it('has nothing upcoming for a customer who only went to past events', () => {
    expect(splitVisited([ev('old', '2025-05-01', false)]).upcoming).toEqual([]);
  });
});

describe('customer URLs', () => {
  it('builds the drawer and the page URL and reads the drawer back', () => {
    expect(customerDrawerHref('42')).toBe('/sentinel/?drawer-open=true&result-id=42');
    expect(customerPageHref('4 2')).toBe('/sentinel/results/4%202');
    expect(drawerCustomerId(new URL(customerDrawerHref('42'), 'http://x').search)).toBe('42');
    expect(drawerCustomerId('?drawer-open=false&result-id=42')).toBeNull();
    expect(drawerCustomerId('?drawer-open=true')).toBeNull();
  });
});

describe('errorMessage (spec 3 §8)', () => {
  const dict = { 'common.serverErrors.error.common.notFound': 'not found', 'common.errors.inServerResponse': 'generic' } as Record<string, string>;
  const t = (key: string) => dict[key] ?? key;
  it('shows the server code’s text, or the default one for a code without text', () => {
    expect(errorMessage(t, { i18nKey: 'common.serverErrors.error.common.notFound' })).toBe('not found');
    expect(errorMessage(t, { i18nKey: 'common.serverErrors.error.nobody.knows' })).toBe('generic');
  });
});

describe('the detail’s wording', () => {
  const leaves = (o: unknown, prefix = ''): string[] =>
    typeof o === 'string' ? [prefix] : Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  it('has the same keys in English and German', () => {
    expect(leaves((de as Record<string, unknown>).customer).sort()).toEqual(leaves((en as Record<string, unknown>).customer).sort());
    expect(leaves((de as Record<string, unknown>).sentinel).sort()).toEqual(leaves((en as Record<string, unknown>).sentinel).sort());
    expect(leaves((en as Record<string, unknown>).customer).length).toBeGreaterThan(20);
  });
});
