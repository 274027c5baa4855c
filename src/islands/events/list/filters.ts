// The events page filters (spec 1 §2.9, spec 3 "Events page actions") and the two places they
// are written to: the page URL, so a link can be shared and a reload restores them, and the
// GET /events/ query (spec 1 §3 event list query).
import type { EventListQueryInput, FrontendStatus } from '../../../lib/contracts/events';
import { EVENTS_PAGE_SIZE } from '../../../lib/constants';
import { defaultSince, defaultUntil, isIsoDay, isRangeOption, type RangeOption } from './dates';

export type SourceFilter = 'all' | 'manual' | 'api';
export type CampaignFilter = 'active' | 'inactive';

export const STATUS_OPTIONS: readonly FrontendStatus[] = ['DEFAULT', 'FLAGGED', 'HIDDEN', 'CANCELLED'];
/** spec 1 §4.3: lists show DEFAULT and FLAGGED unless asked otherwise. */
export const DEFAULT_STATUS: readonly FrontendStatus[] = ['DEFAULT', 'FLAGGED'];
export const CAMPAIGN_OPTIONS: readonly CampaignFilter[] = ['active', 'inactive'];

export interface EventFilters {
  /** Search text. */
  q: string;
  /** ISO days; null = the default range (today, or three years back with past events). */
  from: string | null;
  to: string | null;
  /** The range option that produced `to` ('custom' when the user picked the end). */
  range: RangeOption;
  includePastEvents: boolean;
  cities: string[];
  /** 'venue;;hall' */
  venuesAndHalls: string[];
  source: SourceFilter;
  campaigns: CampaignFilter[];
  status: FrontendStatus[];
}

export const EMPTY_FILTERS: EventFilters = {
  q: '',
  from: null,
  to: null,
  range: 'custom',
  includePastEvents: false,
  cities: [],
  venuesAndHalls: [],
  source: 'all',
  campaigns: [],
  status: [...DEFAULT_STATUS],
};

/** spec 1 §2.9 hasCustomDate: the user chose a date instead of the default range. */
export function hasCustomDate(f: EventFilters): boolean {
  return f.from !== null || f.to !== null;
}

/** The URL keys the filters own; every other parameter (the drawer's) is left alone. */
const URL_KEYS = ['q', 'from', 'to', 'range', 'past', 'city', 'vh', 'source', 'campaigns', 'status'] as const;

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Makes any combination consistent: the from day is never before today unless past events are
 * included (spec 1 §2.9), the end is not before the start, and at least one status is chosen.
 */
export function normalizeFilters(f: EventFilters, today: string): EventFilters {
  let from = f.from !== null && isIsoDay(f.from) ? f.from : null;
  let to = f.to !== null && isIsoDay(f.to) ? f.to : null;
  if (from !== null && !f.includePastEvents && from < today) from = null;
  const start = from ?? defaultSince(today, f.includePastEvents);
  if (to !== null && to < start) to = null;
  const status = unique(f.status.filter((s) => STATUS_OPTIONS.includes(s)));
  return {
    q: f.q.trim().slice(0, 200),
    from,
    to,
    range: to === null ? 'custom' : f.range,
    includePastEvents: f.includePastEvents,
    cities: unique(f.cities.filter(Boolean)),
    venuesAndHalls: unique(f.venuesAndHalls.filter((v) => v.includes(';;'))),
    source: f.source,
    campaigns: unique(f.campaigns.filter((c) => CAMPAIGN_OPTIONS.includes(c))),
    status: status.length > 0 ? STATUS_OPTIONS.filter((s) => status.includes(s)) : [...DEFAULT_STATUS],
  };
}

/** The filters a page URL carries; unknown or broken values fall back to the defaults. */
export function filtersFromSearch(params: URLSearchParams, today: string): EventFilters {
  const source = params.get('source');
  const range = params.get('range');
  const status = params.getAll('status') as FrontendStatus[];
  return normalizeFilters(
    {
      q: params.get('q') ?? '',
      from: params.get('from'),
      to: params.get('to'),
      range: isRangeOption(range) ? range : 'custom',
      includePastEvents: params.get('past') === '1' || params.get('past') === 'true',
      cities: params.getAll('city'),
      venuesAndHalls: params.getAll('vh'),
      source: source === 'manual' || source === 'api' ? source : 'all',
      campaigns: params.getAll('campaigns') as CampaignFilter[],
      status: status.length > 0 ? status : [...DEFAULT_STATUS],
    },
    today,
  );
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** The page URL's parameters for these filters; defaults are left out, other parameters kept. */
export function filtersToSearch(f: EventFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of current) if (!(URL_KEYS as readonly string[]).includes(key)) out.append(key, value);
  if (f.q) out.set('q', f.q);
  if (f.from) out.set('from', f.from);
  if (f.to) out.set('to', f.to);
  if (f.to && f.range !== 'custom') out.set('range', f.range);
  if (f.includePastEvents) out.set('past', '1');
  for (const c of f.cities) out.append('city', c);
  for (const v of f.venuesAndHalls) out.append('vh', v);
  if (f.source !== 'all') out.set('source', f.source);
  for (const c of f.campaigns) out.append('campaigns', c);
  if (!sameSet(f.status, DEFAULT_STATUS)) for (const s of f.status) out.append('status', s);
  return out;
}

/** How many filter groups differ from the defaults (the badge on the filters button). Search is not a filter. */
export function activeFilterCount(f: EventFilters): number {
  return [
    hasCustomDate(f),
    f.includePastEvents,
    f.cities.length > 0,
    f.venuesAndHalls.length > 0,
    f.source !== 'all',
    f.campaigns.length > 0,
    !sameSet(f.status, DEFAULT_STATUS),
  ].filter(Boolean).length;
}

/** Resets the filters and keeps the search text. */
export function resetFilters(f: EventFilters): EventFilters {
  return { ...EMPTY_FILTERS, status: [...DEFAULT_STATUS], q: f.q };
}

/** GET /events/ parameters as they go on the wire (booleans as 'true'/'false', arrays as repeated keys). */
export type ListQuery = Pick<EventListQueryInput, 'q' | 'since' | 'until' | 'include_archived' | 'include_past' | 'simulated'> & {
  page: number;
  limit: number;
  'frontend_status[]': FrontendStatus[];
  campaigns?: CampaignFilter[];
  'city[]'?: string[];
  'vh[]'?: string[];
};

/**
 * GET /events/ parameters (spec 1 §3) for one page. The date range is explicit, so the server and
 * the export see the same days the filters show — except "include past events" without a from
 * date, which asks for every past event however old (include_past; issue 20 §4: imported history
 * from years back stayed hidden until a start date was typed).
 */
export function toListQuery(f: EventFilters, today: string, page = 1): ListQuery {
  const archived = f.status.includes('HIDDEN');
  const allPast = f.includePastEvents && f.from === null;
  const since = allPast ? undefined : (f.from ?? defaultSince(today, f.includePastEvents));
  const until = f.to ?? defaultUntil(today);
  return {
    page,
    limit: EVENTS_PAGE_SIZE,
    q: f.q || undefined,
    since,
    include_past: allPast ? 'true' : undefined,
    // A start beyond the default end has no default end: everything from that day on.
    until: since === undefined || until >= since ? until : undefined,
    'frontend_status[]': [...f.status],
    // spec 1 §2.9 status HIDDEN = the archived events, which the server leaves out unless asked.
    include_archived: archived ? 'true' : undefined,
    simulated: f.source === 'all' ? undefined : f.source === 'manual' ? 'true' : 'false',
    campaigns: f.campaigns.length > 0 ? [...f.campaigns] : undefined,
    'city[]': f.cities.length > 0 ? [...f.cities] : undefined,
    'vh[]': f.venuesAndHalls.length > 0 ? [...f.venuesAndHalls] : undefined,
  };
}

/** A stable identity of a query without its page: a new key means a new list. */
export function listKey(query: ListQuery): string {
  const { page: _page, ...rest } = query;
  return JSON.stringify(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Whether an event with this status still belongs in a list filtered by `status`. */
export function statusShown(status: FrontendStatus, f: EventFilters): boolean {
  return f.status.includes(status);
}
