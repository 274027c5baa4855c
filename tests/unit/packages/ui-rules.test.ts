// Issue 23, spec 3 §4–§5, §9: the package builder's browser rules (src/lib/packages/rules.ts).
import { describe, expect, it } from 'vitest';
import { CreatePackageRequest, EXCLUDABLE_TICKET_CATEGORIES, PACKAGES } from '../../../src/lib/contracts/packages';
import {
  distinctEventTitles,
  createPayload,
  defaultPackageName,
  EXCLUDABLE_CATEGORIES,
  exportNameProblem,
  goBack,
  goNext,
  goTo,
  initialBuilderState,
  invalidCustomerIds,
  mergeBlocker,
  PB,
  priceProblem,
  restoreBuilderState,
  shortKeyword,
  sinceParam,
  splitCustomerIds,
  stepClickable,
  topEvents,
  unmatchedCsv,
  variationMatchesSlug,
  variationSlug,
  decodeSlugParam,
  fewerVariations,
  pastEvents,
  type BuilderState,
} from '../../../src/lib/packages/rules';

const event = (id: string) => ({
  id,
  eid: `E-${id}`,
  title: `Event ${id}`,
  date: '2027-01-01',
  start_date_time: '2027-01-01T19:30:00.000Z',
  location: 'Köln',
  hall_name: 'Saal',
  venue_name: 'Haus',
});
const withEvents = (s: BuilderState = initialBuilderState()): BuilderState => ({
  ...s,
  listItems: [event('a'), event('b')],
});

describe('the constants the browser repeats', () => {
  it('match the contract', () => {
    expect(PB.numPackages).toBe(PACKAGES.defaultNumPackages);
    expect(PB.nTopEvents).toBe(PACKAGES.defaultNTopEvents);
    expect(PB.exportNameMax).toBe(PACKAGES.maxExportName);
    expect(PB.searchPageSize).toBe(PACKAGES.searchPageSize);
    expect(PB.maxEvents).toBe(PACKAGES.maxEvents);
    expect(PB.maxCustomerIds).toBe(PACKAGES.maxCustomerIds);
    expect(PB.maxCustomerId).toBe(PACKAGES.maxCustomerId);
    expect([...EXCLUDABLE_CATEGORIES]).toEqual([...EXCLUDABLE_TICKET_CATEGORIES]);
  });
  it('are spec 3 §9', () => {
    expect([
      PB.variationsNumber,
      PB.pollMs,
      PB.matchAutoFinishMs,
      PB.matchFocusMs,
      PB.keywordsShown,
      PB.keywordChars,
      PB.longPressMs,
      PB.scrollThresholdPx,
      PB.scrollThrottleMs,
      PB.wideMaxNarrowPx,
    ]).toEqual([3, 5000, 3000, 100, 4, 30, 500, 300, 1000, 991]);
    expect(initialBuilderState().customerSegmentation.excludedTicketCategories).toEqual(['free']);
  });
});

describe('splitCustomerIds', () => {
  it('splits on whitespace, commas, semicolons and newlines and removes duplicates', () => {
    expect(splitCustomerIds(' C-1, C-2;C-3\nC-1\r\n\tC-4  C-2;;')).toEqual(['C-1', 'C-2', 'C-3', 'C-4']);
    expect(splitCustomerIds(' ,;\n')).toEqual([]);
  });
  it('names the entries the server would refuse', () => {
    expect(invalidCustomerIds(['C-1', '=cmd', 'x'.repeat(65), 'ok#1'])).toEqual(['=cmd', 'x'.repeat(65)]);
  });
});

describe('texts and names', () => {
  it('falls back to Package- plus the date and hour', () => {
    expect(defaultPackageName(new Date(2026, 10, 29, 14, 37))).toBe('Package-29.11.2026 14:00');
  });
  it('makes the slug of a variation title', () => {
    expect(variationSlug('Opera  Lovers Köln')).toBe('opera-lovers-köln');
  });
  it('opens a variation from its own (percent-encoded) link on reload', () => {
    const v = { title: 'Kaltfront & Lindqvist', slug: 'kaltfront-&-lindqvist' };
    const link = encodeURIComponent(v.slug);
    expect(link).toBe('kaltfront-%26-lindqvist');
    expect(decodeSlugParam(link)).toBe('kaltfront-&-lindqvist');
    expect(variationMatchesSlug(v, link)).toBe(true);
    expect(variationMatchesSlug(v, 'kaltfront-&-lindqvist')).toBe(true);
    expect(variationMatchesSlug(v, 'Kaltfront%20%26%20Lindqvist')).toBe(true);
    expect(variationMatchesSlug({ title: 'Opera Lovers Köln', slug: 'opera-lovers-köln' }, 'opera-lovers-k%C3%B6ln')).toBe(true);
    expect(variationMatchesSlug(v, 'kaltfront')).toBe(false);
    expect(decodeSlugParam('100%-bad')).toBe('100%-bad');
  });
  it('cuts keywords to 30 characters', () => {
    expect(shortKeyword('short')).toBe('short');
    const long = 'Wolfgang Amadeus Mozart Symphonies';
    expect([...shortKeyword(long)]).toHaveLength(30);
    expect(shortKeyword(long).endsWith('…')).toBe(true);
  });
  it('writes the since date as DD-MM-YYYY', () => {
    expect(sinceParam(new Date('2026-03-05T23:00:00Z'))).toBe('05-03-2026');
  });
  it('refuses a negative price and an empty or long export name', () => {
    expect(priceProblem(-0.01)).toBe('negativePrice');
    expect(priceProblem(0)).toBeNull();
    expect(priceProblem(null)).toBeNull();
    expect(exportNameProblem('  ')).toBe('required');
    expect(exportNameProblem('x'.repeat(80))).toBeNull();
    expect(exportNameProblem('x'.repeat(81))).toBe('tooLong');
  });
  it('writes unmatched_ids.csv with the header id and defused cells', () => {
    expect(unmatchedCsv(['A1', '=B'])).toBe("id\r\nA1\r\n'=B\r\n");
  });
});

describe('wizard steps (spec 3 §4)', () => {
  it('goes forward only with events, then with a mode', () => {
    const empty = initialBuilderState();
    expect(goNext(empty)).toBe(empty);
    const s2 = goNext(withEvents());
    expect(s2.currentStep).toBe(2);
    expect(s2.currentCompletedStep).toBe(1);
    expect(goNext(s2)).toBe(s2);
    const s3 = goNext({ ...s2, targetMode: 'inclusive_mode' });
    expect([s3.currentStep, s3.currentCompletedStep]).toEqual([3, 2]);
  });
  it('blocks step 2 while the price is negative', () => {
    const s2 = {
      ...goNext(withEvents()),
      targetMode: 'selective_mode' as const,
    };
    const bad = {
      ...s2,
      customerSegmentation: {
        ...s2.customerSegmentation,
        excludedPriceRange: { qualifier: 'below' as const, value: -1 },
      },
    };
    expect(goNext(bad)).toBe(bad);
  });
  it('back lowers the step and the completed step', () => {
    const s3 = goNext({
      ...goNext(withEvents()),
      targetMode: 'selective_mode',
    });
    const back = goBack(s3);
    expect([back.currentStep, back.currentCompletedStep]).toEqual([2, 1]);
    expect(goBack(initialBuilderState()).currentStep).toBe(1);
  });
  it('lets circles go up to the highest completed step only', () => {
    const s3 = goNext({
      ...goNext(withEvents()),
      targetMode: 'selective_mode',
    });
    expect(stepClickable(1, s3)).toBe(true);
    expect(stepClickable(2, s3)).toBe(true);
    expect(stepClickable(3, s3)).toBe(false);
    const at1 = goTo(s3, 1);
    expect(at1.currentStep).toBe(1);
    expect(stepClickable(2, at1)).toBe(true);
    expect(stepClickable(3, at1)).toBe(false);
    expect(stepClickable(2, { ...at1, listItems: [] })).toBe(false);
  });
});

describe('createPayload (spec 3 §3)', () => {
  it('sends what the contract accepts, with the defaults', () => {
    const s = { ...withEvents(), targetMode: 'selective_mode' as const };
    const body = createPayload(s, new Date(2026, 0, 2, 9, 5));
    expect(body).toEqual({
      num_packages: 3,
      n_top_events: 3,
      event_ids: ['a', 'b'],
      package_title: 'Package-02.01.2026 09:00',
      targeting_mode: 'selective_mode',
      filters: { exclude_ticket_categories: ['free'] },
    });
    expect(CreatePackageRequest.safeParse(body).success).toBe(true);
  });
  it('maps every filter to its field, and leaves out one without its qualifier', () => {
    const s = withEvents({
      ...initialBuilderState(),
      targetMode: 'inclusive_mode',
      name: ' Spring ',
    });
    s.customerSegmentation = {
      customerIds: {
        qualifier: 'include',
        value: ['C1', 'C2'],
        unmatchedIds: [],
        loading: false,
        success: true,
        serverError: false,
      },
      excludedPriceRange: { qualifier: 'above', value: 80 },
      excludedPurchaseDate: { qualifier: 'before', value: '2024-01-01' },
      excludedTicketCategories: ['free', 'regular_discount'],
    };
    const body = createPayload(s, new Date());
    expect(body.package_title).toBe('Spring');
    expect(body.filters).toEqual({
      included_customers: ['C1', 'C2'],
      exclude_buying_behavior_above: 80,
      exclude_old_purchases_before: '2024-01-01',
      exclude_ticket_categories: ['free', 'regular_discount'],
    });
    expect(CreatePackageRequest.safeParse(body).success).toBe(true);
    s.customerSegmentation.excludedPriceRange.qualifier = null;
    s.customerSegmentation.customerIds.qualifier = null;
    expect(createPayload(s, new Date()).filters).toEqual({
      exclude_old_purchases_before: '2024-01-01',
      exclude_ticket_categories: ['free', 'regular_discount'],
    });
  });
});

describe('restoreBuilderState', () => {
  it('gives the same state back', () => {
    const s = goNext(withEvents({ ...initialBuilderState(), name: 'Kept' }));
    expect(restoreBuilderState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
  it('replaces what cannot be used and never restores a running check', () => {
    const r = restoreBuilderState({
      listItems: [{ nope: 1 }, event('x')],
      targetMode: 'evil',
      currentStep: 3,
      currentCompletedStep: 9,
      customerSegmentation: {
        customerIds: { qualifier: 'include', value: ['A', 5], loading: true },
        excludedTicketCategories: ['cancelled', 'free'],
      },
    });
    expect(r.listItems.map((e) => e.id)).toEqual(['x']);
    expect(r.targetMode).toBeNull();
    expect(r.currentStep).toBe(2);
    expect(r.customerSegmentation.customerIds).toMatchObject({
      qualifier: 'include',
      value: ['A'],
      loading: false,
    });
    expect(r.customerSegmentation.excludedTicketCategories).toEqual(['free']);
    expect(restoreBuilderState('garbage')).toEqual(initialBuilderState());
  });
});

describe('merge and variations', () => {
  const p = (title: string, status: 'done' | 'failed' | 'expired' = 'done', merge_id: string | null = null) => ({ title, status, merge_id });
  it('says why a selection cannot be merged', () => {
    expect(mergeBlocker([p('A')])).toEqual({ reason: 'tooFew', titles: [] });
    expect(mergeBlocker([p('A'), p('B', 'done', '1_2')])).toEqual({
      reason: 'alreadyMerged',
      titles: ['B'],
    });
    expect(mergeBlocker([p('A'), p('B', 'expired')])).toEqual({
      reason: 'notDone',
      titles: ['B'],
    });
    expect(mergeBlocker([p('A'), p('B')])).toBeNull();
  });
  it('reads the top events in order', () => {
    expect(
      topEvents({
        title: 'x',
        top_event_10: 'j',
        top_event_2: 'b',
        top_event_1: 'a',
      }),
    ).toEqual(['a', 'b', 'j']);
  });
});

describe('fewer variations than asked for (fresh-eyes)', () => {
  it('says how many came back of how many', () => {
    expect(fewerVariations({ num_packages: 3, merge_id: null, content: [{}] })).toEqual({ count: 1, requested: 3 });
    expect(fewerVariations({ num_packages: 3, merge_id: null, content: [{}, {}, {}] })).toBeNull();
    expect(fewerVariations({ num_packages: 3, merge_id: '1_2', content: [{}] })).toBeNull();
    expect(fewerVariations({ num_packages: 3, merge_id: null, content: null })).toBeNull();
  });
});

describe('regenerate names the events it leaves out (fresh-eyes)', () => {
  it('lists the events that have started', () => {
    const now = Date.parse('2026-11-29T17:00:00Z');
    const events = [
      { title: 'Past', start_date_time: '2026-11-20T19:00:00Z' },
      { title: 'Ahead', start_date_time: '2026-12-20T19:00:00Z' },
    ];
    expect(pastEvents(events, now).map((e) => e.title)).toEqual(['Past']);
  });
});

describe('distinctEventTitles', () => {
  it('names each title once, in the order of first appearance', () => {
    expect(distinctEventTitles([{ title: 'Holländer' }, { title: 'Was ihr wollt' }, { title: 'Holländer' }, { title: 'Fidelio' }])).toEqual(['Holländer', 'Was ihr wollt', 'Fidelio']);
  });
});
