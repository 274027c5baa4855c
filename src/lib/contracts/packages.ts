// The package builder on the wire (issue 23; spec 3 §2 "Package builder wizard", "Package results",
// §3 "Package create payload", "Package (server)", "Variation", "Event search result", §4 "Package
// status", "Customer ID matching", §7). Every call needs the backhaul permission and the feature flag
// package-builder (src/lib/routes.ts API_RULES).
//
// Calls (under /api/v3):
//   GET  /package_builder/packages/?page&limit              → 200 PackageList (newest first, no content)
//   GET  /package_builder/packages/{id}                     → 200 Package (status and content)
//   POST /package_builder/packages                          → 202 PackageCreated (the build is a task)
//   POST /package_builder/packages/{id}/regenerate          → 200 Package (same id, same inputs, its rebuild queued)
//   POST /package_builder/packages/merge?packages_ids=1&packages_ids=2 → 201 Package (merge_id '1_2')
//   GET  /package_builder/packages/{id}/{title}/customer_list?name → 200 text/csv, streamed
//   GET  /package_builder/events?since=DD-MM-YYYY&page&search → 200 EventSearchResponse
//   POST /customers/                                        → 200 CustomerMatchResponse (customer ID matching)
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid; 403 error.auth.forbidden (subcode
// backhaul or package-builder); 404 error.common.notFound (no such package of the partner, also
// another partner's; a variation title that names none); 404 error.packages.event_not_found (create:
// an event id that is not the partner's); 409 error.packages.build_running (regenerate while the build
// runs), error.packages.merge_exists; 422 error.packages.event_not_upcoming,
// error.packages.no_upcoming_events (regenerate when every event has passed),
// error.packages.no_customers_matched (included_customers matching nobody),
// error.packages.already_merged, error.packages.not_done (merge), error.packages.merged_not_regenerable,
// error.packages.not_ready (customer list of a package that is not done or expired); 403
// error.packages.demo_mode (demo mode: create, regenerate, merge), error.packages.demo_export_disabled
// (demo mode: the sample package's CSV and CRM export).
import { z } from 'zod';
import { calendarDate, LIMITS, money, text } from './common';

// ---------------------------------------------------------------------------------------------
// Constants (spec 3 §9 and the choices where it is silent)

export const PACKAGE_STATUSES = ['initializing', 'inprogress', 'done', 'failed', 'expired'] as const;
/** spec 3 §4: initializing → inprogress → done | failed; a done package later reads expired. */
export const PackageStatus = z.enum(PACKAGE_STATUSES);
export type PackageStatus = z.infer<typeof PackageStatus>;

export const TARGETING_MODES = ['selective_mode', 'inclusive_mode'] as const;
/**
 * selective_mode: each customer in at most one variation (the best); inclusive_mode: in every
 * variation scoring at least 75 % of their best (src/server/engines/packages/types.ts).
 */
export const TargetingMode = z.enum(TARGETING_MODES);
export type TargetingMode = z.infer<typeof TargetingMode>;

/** The ticket categories a filter may exclude: spec 3 §5 "the list excludes cancelled and reserved". */
export const EXCLUDABLE_TICKET_CATEGORIES = ['subscription', 'regular', 'regular_discount', 'discount', 'free'] as const;

export const PACKAGES = {
  /** spec 3 §9: num_packages 3, n_top_events 3. */
  defaultNumPackages: 3,
  defaultNTopEvents: 3,
  maxNumPackages: 10,
  maxNTopEvents: 10,
  maxEvents: 50,
  maxTitle: 200,
  /** A customer id as the partner's ticketing system knows it (customers.external_id). */
  maxCustomerId: 64,
  /** Ids per list (create filters, customer matching); the 1 MB JSON body limit holds about as many. */
  maxCustomerIds: 50_000,
  /**
   * A done package expires this many days after its build (purchase histories move on), or
   * earlier when one of its events has started (spec 3 §4 EXPIRED offers regenerate).
   */
  expiryDays: 14,
  listPageSize: 50,
  maxListPageSize: 100,
  searchPageSize: 20,
  maxMerge: 10,
  /** spec 3 §5: export name max 80 characters; a timestamp is appended. */
  maxExportName: 80,
  /** spec 3 §9: filter dates are days; years outside this range are typing mistakes. */
  minYear: 1970,
  maxYear: 2100,
} as const;

/**
 * The sample package's id in demo mode (feature flag package-builder.demo; docs/PACKAGE-BUILDER.md
 * "Demo mode"): the largest int4, which the packages' serial never hands out before it runs out,
 * so it names no real package. Outside demo mode it is an ordinary unknown id (404).
 */
export const DEMO_PACKAGE_ID = 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Pieces

/**
 * A customer id as pasted into the wizard (split on whitespace, commas, semicolons and newlines,
 * spec 3 §5): letters and digits with . _ - / : #, starting with a letter or digit, at most 64
 * characters. Text a spreadsheet would run (=cmd, +, @), quotes, control characters, NUL and lone
 * surrogates are refused with a 400 rather than matched or stored.
 */
export const CUSTOMER_ID_RE = /^[\p{L}\p{N}][\p{L}\p{N}._:/#-]*$/u;
export const CustomerExternalId = text()
  .min(1)
  .max(PACKAGES.maxCustomerId)
  .regex(CUSTOMER_ID_RE, 'A customer id holds letters, digits and . _ - / : # and starts with a letter or digit');

export const CustomerIdList = z.array(CustomerExternalId).max(PACKAGES.maxCustomerIds);

/** YYYY-MM-DD of a day that exists, 1970–2100. */
export const FilterDate = calendarDate().refine((d) => {
  const y = Number(d.slice(0, 4));
  return y >= PACKAGES.minYear && y <= PACKAGES.maxYear;
}, `A day from ${PACKAGES.minYear} to ${PACKAGES.maxYear}`);

/** spec 1 §3 ticket types; the spec's 'regular discount' key is read as regular_discount. */
export const ExcludableTicketCategory = z.preprocess(
  (v) => (v === 'regular discount' ? 'regular_discount' : v),
  z.enum(EXCLUDABLE_TICKET_CATEGORIES),
);

/** An event id of the partner (events.id). */
export const EventIdText = text().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not an event id');

// ---------------------------------------------------------------------------------------------
// POST /package_builder/packages

/**
 * spec 3 §3 filters. At most one of each pair (excluded or included customers, buying behaviour
 * below or above, old purchases before or recent purchases after); unknown keys are refused.
 * Purchase filters (dates, ticket categories) decide which purchases count as taste; customer
 * filters (ids, buying behaviour = typical ticket price in major units) who may be in the lists.
 */
export const PackageFiltersInput = z
  .strictObject({
    excluded_customers: CustomerIdList.optional(),
    included_customers: CustomerIdList.min(1).optional(),
    exclude_buying_behavior_below: money(LIMITS.price).optional(),
    exclude_buying_behavior_above: money(LIMITS.price).optional(),
    exclude_old_purchases_before: FilterDate.optional(),
    exclude_recent_purchases_after: FilterDate.optional(),
    /** spec 3 §9: the default filter excludes 'free'. An empty list counts every category. */
    exclude_ticket_categories: z
      .array(ExcludableTicketCategory)
      .max(EXCLUDABLE_TICKET_CATEGORIES.length * 2)
      .default(['free'])
      .transform((list) => [...new Set(list)]),
  })
  .superRefine((f, ctx) => {
    const pair = (a: keyof typeof f, b: keyof typeof f) => {
      if (f[a] !== undefined && f[b] !== undefined) ctx.addIssue({ code: 'custom', path: [b], message: `${a} or ${b}, not both` });
    };
    pair('excluded_customers', 'included_customers');
    pair('exclude_buying_behavior_below', 'exclude_buying_behavior_above');
    pair('exclude_old_purchases_before', 'exclude_recent_purchases_after');
  });
export type PackageFiltersInput = z.output<typeof PackageFiltersInput>;

export const CreatePackageRequest = z.strictObject({
  num_packages: z.number().int().min(1).max(PACKAGES.maxNumPackages).default(PACKAGES.defaultNumPackages),
  n_top_events: z.number().int().min(1).max(PACKAGES.maxNTopEvents).default(PACKAGES.defaultNTopEvents),
  event_ids: z
    .array(EventIdText)
    .min(1)
    .max(PACKAGES.maxEvents)
    .refine((ids) => new Set(ids).size === ids.length, 'An event may be chosen once'),
  /** Empty or blank: 'Package-' plus the current date and hour (spec 3 §5), e.g. 'Package-30.11.2026 14:00' (UTC). */
  package_title: text().max(PACKAGES.maxTitle).optional(),
  targeting_mode: TargetingMode,
  filters: PackageFiltersInput.default({ exclude_ticket_categories: ['free'] }),
});
export type CreatePackageRequest = z.output<typeof CreatePackageRequest>;

export const PackageCreated = z.object({ id: z.number().int(), task_id: z.string(), status: PackageStatus });
export type PackageCreated = z.infer<typeof PackageCreated>;

// ---------------------------------------------------------------------------------------------
// Package (server) and Variation

/** spec 3 §3 Variation top_event_N. */
export const TopEvent = z.object({
  title: z.string(),
  event_id: z.string(),
  /** ISO 8601, UTC. */
  start_date_time: z.string(),
  hall_name: z.string(),
  venue_name: z.string(),
  keywords: z.array(z.string()),
});
export type TopEvent = z.infer<typeof TopEvent>;

/**
 * spec 3 §3 Variation: title, campaign.keywords, top_event_1..n, the four medians; and what the
 * results page needs beside them: the slug that names it in URLs (title lowercased, spaces to
 * hyphens), its events, how many customers it holds and how many of them opted out of ads (kept in
 * the package, left out of every export). Money in the partner's currency, major units.
 */
const VariationBase = z.object({
  title: z.string(),
  slug: z.string(),
  campaign: z.object({ keywords: z.array(z.string()) }),
  median_basket_size: z.number().nullable(),
  median_ticket_price: z.number().nullable(),
  median_num_events_per_year: z.number().nullable(),
  median_days_upfront: z.number().nullable(),
  event_ids: z.array(z.string()),
  n_customers: z.number().int(),
  n_opted_out: z.number().int(),
});
/** Every other key is a top_event_N. */
export const Variation = VariationBase.catchall(TopEvent);
export type Variation = z.infer<typeof VariationBase> & { [K in `top_event_${number}`]?: TopEvent };

export const PackageEvent = z.object({
  id: z.string(),
  eid: z.string(),
  title: z.string(),
  start_date_time: z.string(),
  hall_name: z.string().nullable(),
  venue_name: z.string().nullable(),
});

/** spec 3 §3 Package (server). `content` is null until the build is done. */
export const Package = z.object({
  id: z.number().int(),
  title: z.string(),
  status: PackageStatus,
  num_packages: z.number().int(),
  n_top_events: z.number().int(),
  /** Distinct customers over all variations (opted-out ones included). */
  n_customers: z.number().int().nullable(),
  events: z.array(PackageEvent),
  targeting_mode: TargetingMode,
  /** The source package ids joined by '_' for a merged package, else null. */
  merge_id: z.string().nullable(),
  filter_settings: z.record(z.string(), z.unknown()),
  content: z.array(Variation).nullable(),
  task_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Why the build failed, for the user (never a stack trace); null otherwise. */
  error: z.string().nullable(),
  /** true only for demo mode's fixed sample package (no real customers; export disabled). */
  demo: z.boolean().optional(),
});
export type Package = Omit<z.infer<typeof Package>, 'content'> & { content: Variation[] | null };

export const PackageListItem = Package.omit({ content: true, filter_settings: true });
export type PackageListItem = z.infer<typeof PackageListItem>;
export const PackageList = z.object({ total: z.number().int(), items: z.array(PackageListItem) });
export type PackageList = z.infer<typeof PackageList>;

export const PackageListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(PACKAGES.maxListPageSize).default(PACKAGES.listPageSize),
});

export const PackageIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const CustomerListParam = PackageIdParam.extend({ title: text().min(1).max(300) });
export const CustomerListQuery = z.object({
  /** The export name (spec 3 §5: at most 80 characters, a timestamp is appended); the file name. */
  name: text().trim().min(1).max(PACKAGES.maxExportName).optional(),
});

/** Repeated packages_ids (spec 3 §7); two to ten distinct ids. */
export const MergeQuery = z.object({
  packages_ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number().int().min(1).max(2_147_483_647))
      .min(2)
      .max(PACKAGES.maxMerge)
      .refine((ids) => new Set(ids).size === ids.length, 'A package may be chosen once'),
  ),
});

// ---------------------------------------------------------------------------------------------
// GET /package_builder/events (spec 3 §7 "Event search with since date DD-MM-YYYY, page, search")

/** DD-MM-YYYY of a day that exists (spec 3 §9 "package since-date DD-MM-YYYY"). */
export const SinceDate = text().refine((s) => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
  if (!m) return false;
  const y = Number(m[3]);
  if (y < PACKAGES.minYear || y > PACKAGES.maxYear) return false;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}, 'A day as DD-MM-YYYY');

export const EventSearchQuery = z.object({
  /** Events starting on or after this day (UTC); never earlier than now. Default: now. */
  since: SinceDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: text().trim().max(200).optional(),
});

/** spec 3 §3 Event search result. */
export const EventSearchResult = z.object({
  eid: z.string(),
  id: z.string(),
  title: z.string(),
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  start_date_time: z.string(),
  /** The city. */
  location: z.string().nullable(),
  hall_name: z.string().nullable(),
  venue_name: z.string().nullable(),
  keywords: z.array(z.string()),
});
export type EventSearchResult = z.infer<typeof EventSearchResult>;

export const EventSearchResponse = z.object({
  items: z.array(EventSearchResult),
  total: z.number().int(),
  page: z.number().int(),
  page_count: z.number().int(),
});
export type EventSearchResponse = z.infer<typeof EventSearchResponse>;

// ---------------------------------------------------------------------------------------------
// POST /customers/ (spec 3 §4 "Customer ID matching")

export const CustomerMatchRequest = z.strictObject({ ids: CustomerIdList.min(1) });
/** The ids as given (duplicates once, input order): those naming a customer of the partner, and the rest. */
export const CustomerMatchResponse = z.object({ matched: z.array(z.string()), unmatched_ids: z.array(z.string()) });
export type CustomerMatchResponse = z.infer<typeof CustomerMatchResponse>;
