// The packages module's pure rules (issue 23): the status the results page shows, the default
// title, the seed of a package's inputs, slugs and the variation a URL names, the export file name,
// and the contract's filters (pairs, days, ids, ticket categories, the since day of the search).
import { describe, expect, it } from 'vitest';
import { canonicalInputs, defaultTitle, effectiveStatus, exportFileName, findVariation, mergedTitle, seedOf, variationSlug } from '../../../src/server/modules/packages';
import { CreatePackageRequest, CustomerMatchRequest, EventSearchQuery, MergeQuery, PackageFiltersInput, type Variation } from '../../../src/lib/contracts/packages';

const NOW = new Date('2026-11-29T14:37:00Z');

describe('effectiveStatus', () => {
  const row = (over: Partial<Parameters<typeof effectiveStatus>[0]>) => ({
    status: 'done' as const,
    task_status: 'SUCCESS',
    task_id: 't',
    expires_at: new Date(NOW.getTime() + 1000),
    events_passed: false,
    ...over,
  });
  it('keeps a running build’s state while its task lives', () => {
    expect(effectiveStatus(row({ status: 'initializing', task_status: 'PENDING' }), NOW)).toBe('initializing');
    expect(effectiveStatus(row({ status: 'inprogress', task_status: 'PROGRESS' }), NOW)).toBe('inprogress');
    expect(effectiveStatus(row({ status: 'inprogress', task_status: 'RETRY' }), NOW)).toBe('inprogress');
  });
  it('reads failed when the task ended without the build writing its outcome', () => {
    for (const task_status of ['FAILURE', 'REVOKED', null]) expect(effectiveStatus(row({ status: 'inprogress', task_status }), NOW)).toBe('failed');
  });
  it('reads expired at its expiry time or once an event has passed', () => {
    expect(effectiveStatus(row({}), NOW)).toBe('done');
    expect(effectiveStatus(row({ expires_at: NOW }), NOW)).toBe('expired');
    expect(effectiveStatus(row({ events_passed: true }), NOW)).toBe('expired');
    expect(effectiveStatus(row({ status: 'failed', events_passed: true }), NOW)).toBe('failed');
  });
});

describe('names', () => {
  it('defaultTitle: Package- plus the date and hour (UTC)', () => {
    expect(defaultTitle(NOW)).toBe('Package-29.11.2026 14:00');
    expect(defaultTitle(new Date('2027-01-05T03:59:59Z'))).toBe('Package-05.01.2027 03:00');
  });
  it('mergedTitle: the prefix in the user’s language (fresh-eyes: “Merge:” on German screens)', () => {
    expect(mergedTitle(['Oper', 'Pop'], 'de')).toBe('Zusammengeführt: Oper + Pop');
    expect(mergedTitle(['Oper', 'Pop'], 'en')).toBe('Merge: Oper + Pop');
  });
  it('variationSlug: lowercase, spaces to hyphens (spec 3 §2)', () => {
    expect(variationSlug('Beethoven & Mozart')).toBe('beethoven-&-mozart');
    expect(variationSlug('  Der  fliegende Holländer ')).toBe('der-fliegende-holländer');
  });
  it('findVariation by title or slug, -1 for none', () => {
    const content = [{ title: 'Oper & Ballett', slug: 'oper-&-ballett' }, { title: 'Pop (2)', slug: 'pop-(2)' }] as Variation[];
    expect(findVariation(content, 'Oper & Ballett')).toBe(0);
    expect(findVariation(content, 'oper-&-ballett')).toBe(0);
    expect(findVariation(content, 'OPER & BALLETT')).toBe(0);
    expect(findVariation(content, 'pop-(2)')).toBe(1);
    expect(findVariation(content, 'pop')).toBe(-1);
  });
  it('exportFileName: the name with a timestamp, no path or header characters', () => {
    expect(exportFileName('Newsletter', NOW)).toEqual({ ascii: 'Newsletter_20261129-1437.csv', utf8: 'Newsletter_20261129-1437.csv' });
    const hostile = exportFileName('../a"b\r\n;c/Ä%', NOW);
    expect(hostile.ascii).toBe('.. - a - b - _c - ___20261129-1437.csv');
    expect(hostile.utf8).toBe('.. - a - b - ;c - Ä%_20261129-1437.csv');
    // A colon in a title reads as a dash, not as "_ " (fresh-eyes walk).
    expect(exportFileName('Konzerte: Klassik & Pop_Kaltfront & Lindqvist', NOW).utf8).toBe('Konzerte - Klassik & Pop_Kaltfront & Lindqvist_20261129-1437.csv');
    expect(exportFileName('::', NOW).utf8).toBe('customers_20261129-1437.csv');
  });
});

describe('seedOf(canonicalInputs)', () => {
  const base = CreatePackageRequest.parse({ event_ids: ['e1', 'e2', 'e3'], targeting_mode: 'selective_mode', filters: { excluded_customers: ['b', 'a'] } });
  it('is the same for the same inputs in any order, and a positive int4', () => {
    const shuffled = CreatePackageRequest.parse({ event_ids: ['e3', 'e1', 'e2'], targeting_mode: 'selective_mode', filters: { excluded_customers: ['a', 'b'] } });
    const s = seedOf(canonicalInputs(base));
    expect(seedOf(canonicalInputs(shuffled))).toBe(s);
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(2 ** 31);
  });
  it('differs when an input differs', () => {
    const s = seedOf(canonicalInputs(base));
    for (const other of [
      { ...base, num_packages: 4 },
      { ...base, targeting_mode: 'inclusive_mode' as const },
      { ...base, event_ids: ['e1', 'e2'] },
      { ...base, filters: { ...base.filters, exclude_ticket_categories: [] } },
    ]) expect(seedOf(canonicalInputs(other))).not.toBe(s);
  });
});

describe('contracts', () => {
  it('filters: defaults, the spec’s regular discount key, duplicates once', () => {
    expect(PackageFiltersInput.parse({})).toEqual({ exclude_ticket_categories: ['free'] });
    expect(PackageFiltersInput.parse({ exclude_ticket_categories: ['regular discount', 'regular_discount', 'free'] }).exclude_ticket_categories).toEqual(['regular_discount', 'free']);
    expect(PackageFiltersInput.parse({ exclude_ticket_categories: [] }).exclude_ticket_categories).toEqual([]);
    expect(CreatePackageRequest.parse({ event_ids: ['e1'], targeting_mode: 'inclusive_mode' })).toMatchObject({ num_packages: 3, n_top_events: 3, filters: { exclude_ticket_categories: ['free'] } });
  });
  it('filters: one of each pair; days that exist from 1970 to 2100', () => {
    const bad = [
      { excluded_customers: ['a'], included_customers: ['b'] },
      { exclude_buying_behavior_below: 1, exclude_buying_behavior_above: 2 },
      { exclude_old_purchases_before: '2026-01-01', exclude_recent_purchases_after: '2026-02-01' },
      { exclude_old_purchases_before: '2026-02-29' },
      { exclude_recent_purchases_after: '1969-12-31' },
      { exclude_recent_purchases_after: '2101-01-01' },
    ];
    for (const f of bad) expect(PackageFiltersInput.safeParse(f).success, JSON.stringify(f)).toBe(false);
    expect(PackageFiltersInput.safeParse({ exclude_old_purchases_before: '2024-02-29' }).success).toBe(true);
  });
  it('customer ids: letters, digits and . _ - / : #, starting with a letter or digit', () => {
    for (const ok of ['C1001-000001', '12345', 'ÄBC.1/2:3#4', 'x_y']) expect(CustomerMatchRequest.safeParse({ ids: [ok] }).success, ok).toBe(true);
    for (const bad of ['=1', '+1', '-1', '@1', '#1', '.1', 'a b', 'a\u0000', '\ud800', 'a'.repeat(65), '']) expect(CustomerMatchRequest.safeParse({ ids: [bad] }).success, bad).toBe(false);
  });
  it('merge: two to ten distinct ids from the repeated query', () => {
    expect(MergeQuery.parse({ packages_ids: ['2', '1'] }).packages_ids).toEqual([2, 1]);
    for (const q of [{}, { packages_ids: '1' }, { packages_ids: ['1', '1'] }, { packages_ids: Array.from({ length: 11 }, (_, i) => String(i + 1)) }]) expect(MergeQuery.safeParse(q).success).toBe(false);
  });
  it('event search: since is a DD-MM-YYYY day that exists', () => {
    expect(EventSearchQuery.parse({ since: '29-02-2028' })).toMatchObject({ since: '29-02-2028', page: 1 });
    for (const since of ['29-02-2027', '2027-01-01', '1-1-2027', '31-04-2027', '01-01-1969']) expect(EventSearchQuery.safeParse({ since }).success, since).toBe(false);
  });
});
