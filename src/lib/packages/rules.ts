// The package builder's browser rules (issue 23; spec 3 §2 "Package builder wizard", §4 "Package
// wizard", "Customer ID matching", §5 validation, §9 constants): plain functions and constants,
// no zod, so the pages' bundles stay small (ARCHITECTURE §3 "The browser client"). Values repeated
// from src/lib/contracts/packages.ts are kept equal by tests/unit/packages/ui-rules.test.ts.
import type { CreatePackageRequest, PackageListItem, PackageStatus, TargetingMode } from '../contracts/packages';

/** spec 3 §9 constants of the package builder's screens. */
export const PB = {
  numPackages: 3,
  nTopEvents: 3,
  variationsNumber: 3,
  /** Status polling of a building package. */
  pollMs: 5_000,
  /** Customer ID matching: the all-matched state finishes by itself after this long. */
  matchAutoFinishMs: 3_000,
  /** …and the dialog's input takes the focus this long after it opened. */
  matchFocusMs: 100,
  keywordsShown: 4,
  keywordChars: 30,
  longPressMs: 500,
  scrollThresholdPx: 300,
  scrollThrottleMs: 1_000,
  /** Wide screens start above this width; at or below it the variation drawer is a page. */
  wideMaxNarrowPx: 991,
  exportNameMax: 80,
  /** The event search waits this long after the last keystroke. */
  searchDebounceMs: 300,
  /** Events per search page (server PACKAGES.searchPageSize). */
  searchPageSize: 20,
  listPageSize: 50,
  maxEvents: 50,
  maxTitle: 200,
  maxCustomerIds: 50_000,
  maxCustomerId: 64,
} as const;

export const TARGETING_MODES = ['selective_mode', 'inclusive_mode'] as const satisfies readonly TargetingMode[];

/** spec 3 §5: the ticket categories a filter may exclude (cancelled and reserved are left out). */
export const EXCLUDABLE_CATEGORIES = ['subscription', 'regular', 'regular_discount', 'discount', 'free'] as const;
export type ExcludableCategory = (typeof EXCLUDABLE_CATEGORIES)[number];
/** spec 3 §9: the default filter excludes 'free'. */
export const DEFAULT_EXCLUDED_CATEGORIES: ExcludableCategory[] = ['free'];

export const WIDE_QUERY = `(min-width: ${PB.wideMaxNarrowPx + 1}px)`;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * spec 3 §5: customer ids pasted into the wizard are split on whitespace, commas, semicolons and
 * newlines; duplicates are removed (the first keeps its place).
 */
export function splitCustomerIds(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const id = part.trim();
    if (id) seen.add(id);
  }
  return [...seen];
}

/** A pasted id the server would refuse (contract CUSTOMER_ID_RE, at most 64 characters). */
export function invalidCustomerIds(ids: readonly string[]): string[] {
  return ids.filter((id) => id.length > PB.maxCustomerId || !/^[\p{L}\p{N}][\p{L}\p{N}._:/#-]*$/u.test(id));
}

/** spec 3 §5: an empty package name falls back to 'Package-' plus the current date and hour. */
export function defaultPackageName(now: Date): string {
  return `Package-${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${now.getFullYear()} ${pad(now.getHours())}:00`;
}

/** spec 3 §2 "Routes": the variation title lowercased, spaces turned to hyphens. */
/** A package's events as titles, each once ("Der fliegende Holländer" plays four times, is named once). */
export function distinctEventTitles(events: readonly { title: string }[]): string[] {
  return [...new Set(events.map((e) => e.title))];
}

export function variationSlug(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, '-');
}

/** A variation slug as a URL carries it: percent-decoded (once), or as written when it is no valid encoding. */
export function decodeSlugParam(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = raw;
  try {
    s = decodeURIComponent(raw);
  } catch {
    /* a bare '%' stays as written */
  }
  return s || null;
}

/**
 * The one place a URL's slug is matched against a variation (spec 3 §2): the raw or percent-decoded
 * slug, compared with the stored slug and with the slug of the title, case and spacing aside.
 */
export function variationMatchesSlug(v: { slug?: string | null; title: string }, rawSlug: string | null | undefined): boolean {
  const decoded = decodeSlugParam(rawSlug);
  if (!decoded) return false;
  const candidates = new Set([rawSlug as string, decoded, variationSlug(decoded)]);
  return (!!v.slug && candidates.has(v.slug)) || candidates.has(variationSlug(v.title));
}

/** spec 3 §9: a keyword shows at most 30 characters. */
export function shortKeyword(keyword: string, max: number = PB.keywordChars): string {
  const chars = [...keyword];
  return chars.length <= max ? keyword : `${chars.slice(0, max - 1).join('')}…`;
}

/** spec 3 §9 "package since-date DD-MM-YYYY": today, the first day the event search offers. */
export function sinceParam(now: Date): string {
  return `${pad(now.getUTCDate())}-${pad(now.getUTCMonth() + 1)}-${now.getUTCFullYear()}`;
}

/** spec 3 §5: a price exclusion below 0 shows 'negativePrice'. */
export function priceProblem(value: number | null): 'negativePrice' | null {
  return value !== null && value < 0 ? 'negativePrice' : null;
}

/** spec 3 §4 "unmatched ids listed read-only, downloadable": unmatched_ids.csv with the header id. */
export const UNMATCHED_FILE = 'unmatched_ids.csv';
export function unmatchedCsv(ids: readonly string[]): string {
  const cell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
  return ['id', ...ids.map(cell)].join('\r\n') + '\r\n';
}

/** The export name as sent: at most 80 characters (spec 3 §5; the server appends the timestamp). */
export function exportNameProblem(name: string): 'required' | 'tooLong' | null {
  const s = name.trim();
  if (!s) return 'required';
  return [...s].length > PB.exportNameMax ? 'tooLong' : null;
}

export function defaultExportName(packageTitle: string, variationTitle: string): string {
  return [...`${packageTitle}_${variationTitle}`].slice(0, PB.exportNameMax).join('').trim();
}

// ---------------------------------------------------------------------------------------------
// The wizard's saved state (spec 3 §3 "Package builder saved state")

export type Step = 1 | 2 | 3;
export const STEPS: readonly Step[] = [1, 2, 3];

export interface SelectedEvent {
  id: string;
  eid: string;
  title: string;
  date: string;
  start_date_time: string;
  location: string | null;
  hall_name: string | null;
  venue_name: string | null;
}

export interface CustomerSegmentation {
  customerIds: {
    qualifier: 'exclude' | 'include' | null;
    value: string[];
    unmatchedIds: string[];
    loading: boolean;
    success: boolean;
    serverError: boolean;
  };
  excludedPriceRange: {
    qualifier: 'below' | 'above' | null;
    value: number | null;
  };
  excludedPurchaseDate: {
    qualifier: 'before' | 'after' | null;
    value: string | null;
  };
  excludedTicketCategories: ExcludableCategory[];
}

export interface BuilderState {
  listItems: SelectedEvent[];
  targetMode: TargetingMode | null;
  variationsNumber: number;
  currentStep: Step;
  /** The highest step completed (0: none). */
  currentCompletedStep: 0 | 1 | 2 | 3;
  name: string;
  customerSegmentation: CustomerSegmentation;
}

export function emptySegmentation(): CustomerSegmentation {
  return {
    customerIds: {
      qualifier: null,
      value: [],
      unmatchedIds: [],
      loading: false,
      success: false,
      serverError: false,
    },
    excludedPriceRange: { qualifier: null, value: null },
    excludedPurchaseDate: { qualifier: null, value: null },
    excludedTicketCategories: [...DEFAULT_EXCLUDED_CATEGORIES],
  };
}

export function initialBuilderState(): BuilderState {
  return {
    listItems: [],
    targetMode: null,
    variationsNumber: PB.variationsNumber,
    currentStep: 1,
    currentCompletedStep: 0,
    name: '',
    customerSegmentation: emptySegmentation(),
  };
}

/** spec 3 §4: forward needs at least one event (step 1) and a targeting mode (step 2). */
export function stepComplete(state: BuilderState, step: Step): boolean {
  if (step === 1) return state.listItems.length > 0;
  if (step === 2) return state.targetMode !== null && !segmentationProblem(state.customerSegmentation);
  return state.listItems.length > 0 && state.targetMode !== null;
}

/** Why step 2's filters cannot be used yet (a negative price), or null. */
export function segmentationProblem(s: CustomerSegmentation): 'negativePrice' | null {
  return s.excludedPriceRange.qualifier ? priceProblem(s.excludedPriceRange.value) : null;
}

/**
 * spec 3 §4: progress circles are clickable only up to the highest completed step (the current one
 * is never a link), and only while the steps before it still hold.
 */
export function stepClickable(target: Step, state: BuilderState): boolean {
  if (target === state.currentStep) return false;
  if (target > state.currentCompletedStep) return false;
  return STEPS.filter((s) => s < target).every((s) => stepComplete(state, s));
}

/** Next: the step is completed, the following one shown. */
export function goNext(state: BuilderState): BuilderState {
  if (state.currentStep === 3 || !stepComplete(state, state.currentStep)) return state;
  const done = state.currentStep;
  return {
    ...state,
    currentStep: (done + 1) as Step,
    currentCompletedStep: Math.max(state.currentCompletedStep, done) as BuilderState['currentCompletedStep'],
  };
}

/** spec 3 §4: back lowers the step and the completed step (step 1's Back leaves the wizard). */
export function goBack(state: BuilderState): BuilderState {
  if (state.currentStep === 1) return state;
  const step = (state.currentStep - 1) as Step;
  return {
    ...state,
    currentStep: step,
    currentCompletedStep: Math.min(state.currentCompletedStep, step - 1) as BuilderState['currentCompletedStep'],
  };
}

export function goTo(state: BuilderState, target: Step): BuilderState {
  return stepClickable(target, state) ? { ...state, currentStep: target } : state;
}

/** spec 3 §3 Package create payload from the saved state. */
export function createPayload(state: BuilderState, now: Date): CreatePackageRequest {
  const s = state.customerSegmentation;
  const filters: CreatePackageRequest['filters'] = {
    exclude_ticket_categories: [...s.excludedTicketCategories],
  };
  if (s.customerIds.qualifier && s.customerIds.value.length) {
    if (s.customerIds.qualifier === 'exclude') filters.excluded_customers = [...s.customerIds.value];
    else filters.included_customers = [...s.customerIds.value];
  }
  const price = s.excludedPriceRange;
  if (price.qualifier && price.value !== null && price.value >= 0) {
    if (price.qualifier === 'below') filters.exclude_buying_behavior_below = price.value;
    else filters.exclude_buying_behavior_above = price.value;
  }
  const date = s.excludedPurchaseDate;
  if (date.qualifier && date.value) {
    if (date.qualifier === 'before') filters.exclude_old_purchases_before = date.value;
    else filters.exclude_recent_purchases_after = date.value;
  }
  return {
    num_packages: state.variationsNumber || PB.numPackages,
    n_top_events: PB.nTopEvents,
    event_ids: state.listItems.map((e) => e.id),
    package_title: state.name.trim() || defaultPackageName(now),
    targeting_mode: state.targetMode ?? 'selective_mode',
    filters,
  };
}

/**
 * A stored state read back (localStorage can hold anything: an older shape, a hand edit): every
 * field checked, anything unusable replaced by its initial value. The loading flag never survives
 * a reload (no request runs any more).
 */
export function restoreBuilderState(raw: unknown): BuilderState {
  const base = initialBuilderState();
  if (!raw || typeof raw !== 'object') return base;
  const r = raw as Partial<Record<keyof BuilderState, unknown>>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const listItems = Array.isArray(r.listItems)
    ? (r.listItems as unknown[])
        .filter((e): e is SelectedEvent => !!e && typeof e === 'object' && typeof (e as SelectedEvent).id === 'string' && typeof (e as SelectedEvent).title === 'string')
        .slice(0, PB.maxEvents)
        .map((e) => ({
          id: e.id,
          eid: str(e.eid) ?? '',
          title: e.title,
          date: str(e.date) ?? '',
          start_date_time: str(e.start_date_time) ?? '',
          location: str(e.location),
          hall_name: str(e.hall_name),
          venue_name: str(e.venue_name),
        }))
    : [];
  const targetMode = (TARGETING_MODES as readonly unknown[]).includes(r.targetMode) ? (r.targetMode as TargetingMode) : null;
  const step = ([1, 2, 3] as unknown[]).includes(r.currentStep) ? (r.currentStep as Step) : 1;
  const completed = ([0, 1, 2, 3] as unknown[]).includes(r.currentCompletedStep) ? (r.currentCompletedStep as BuilderState['currentCompletedStep']) : 0;
  const seg = (r.customerSegmentation ?? {}) as Partial<Record<keyof CustomerSegmentation, unknown>>;
  const ids = (seg.customerIds ?? {}) as Partial<Record<keyof CustomerSegmentation['customerIds'], unknown>>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, PB.maxCustomerIds) : []);
  const price = (seg.excludedPriceRange ?? {}) as Record<string, unknown>;
  const date = (seg.excludedPurchaseDate ?? {}) as Record<string, unknown>;
  const categories = Array.isArray(seg.excludedTicketCategories)
    ? (seg.excludedTicketCategories as unknown[]).filter((c): c is ExcludableCategory => (EXCLUDABLE_CATEGORIES as readonly unknown[]).includes(c))
    : [...DEFAULT_EXCLUDED_CATEGORIES];
  const state: BuilderState = {
    listItems,
    targetMode,
    variationsNumber: typeof r.variationsNumber === 'number' && r.variationsNumber >= 1 && r.variationsNumber <= 10 ? Math.floor(r.variationsNumber) : PB.variationsNumber,
    currentStep: step,
    currentCompletedStep: completed,
    name: (str(r.name) ?? '').slice(0, PB.maxTitle),
    customerSegmentation: {
      customerIds: {
        qualifier: ids.qualifier === 'exclude' || ids.qualifier === 'include' ? ids.qualifier : null,
        value: strings(ids.value),
        unmatchedIds: strings(ids.unmatchedIds),
        loading: false,
        success: ids.success === true,
        serverError: ids.serverError === true,
      },
      excludedPriceRange: {
        qualifier: price.qualifier === 'below' || price.qualifier === 'above' ? price.qualifier : null,
        value: typeof price.value === 'number' && Number.isFinite(price.value) ? price.value : null,
      },
      excludedPurchaseDate: {
        qualifier: date.qualifier === 'before' || date.qualifier === 'after' ? date.qualifier : null,
        value: typeof date.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date.value) ? date.value : null,
      },
      excludedTicketCategories: [...new Set(categories)],
    },
  };
  // A step that cannot be shown (its earlier steps no longer hold) falls back to the first that can.
  while (state.currentStep > 1 && !STEPS.filter((s) => s < state.currentStep).every((s) => stepComplete(state, s))) {
    state.currentStep = (state.currentStep - 1) as Step;
  }
  if (state.currentCompletedStep >= state.currentStep + 1 && !stepComplete(state, state.currentStep))
    state.currentCompletedStep = (state.currentStep - 1) as BuilderState['currentCompletedStep'];
  return state;
}

// ---------------------------------------------------------------------------------------------
// The package list

export const STATUS_ORDER: readonly PackageStatus[] = ['initializing', 'inprogress', 'done', 'failed', 'expired'];

export const isBuilding = (s: PackageStatus) => s === 'initializing' || s === 'inprogress';

/**
 * spec 3 §2 "Merge requires that no selected package is already merged" (and the server's: every
 * one done): why the selection cannot be merged, or null. The titles name the packages at fault.
 */
export function mergeBlocker(
  selected: readonly Pick<PackageListItem, 'title' | 'status' | 'merge_id'>[],
): { reason: 'tooFew' | 'alreadyMerged' | 'notDone'; titles: string[] } | null {
  if (selected.length < 2) return { reason: 'tooFew', titles: [] };
  const merged = selected.filter((p) => p.merge_id !== null);
  if (merged.length) return { reason: 'alreadyMerged', titles: merged.map((p) => p.title) };
  const notDone = selected.filter((p) => p.status !== 'done');
  if (notDone.length) return { reason: 'notDone', titles: notDone.map((p) => p.title) };
  return null;
}

/** The variation's top events in order (top_event_1, top_event_2, …). */
export function topEvents<T>(variation: Record<string, unknown>): T[] {
  return Object.keys(variation)
    .map((k) => /^top_event_(\d+)$/.exec(k))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => variation[m[0]] as T);
}

/**
 * When a built package holds fewer variations than were asked for (too few chosen events or
 * customers to form distinct ones), what the results page says; null otherwise. Merged packages
 * are left out: their variations are their sources'.
 */
export function fewerVariations(pkg: { num_packages: number; merge_id: string | null; content: readonly unknown[] | null }): { count: number; requested: number } | null {
  if (!pkg.content || pkg.merge_id) return null;
  return pkg.content.length < pkg.num_packages ? { count: pkg.content.length, requested: pkg.num_packages } : null;
}

/** spec 3 §4: the events a regenerate leaves out, those that have started by `nowMs`. */
export function pastEvents<E extends { start_date_time: string }>(events: readonly E[], nowMs: number): E[] {
  return events.filter((e) => Date.parse(e.start_date_time) <= nowMs);
}
