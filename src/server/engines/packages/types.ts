// The package builder engine's data: what it reads (a partner's chosen upcoming events, its past
// events, the purchase history, the customers and the wizard's settings) and what it answers (the
// variations of spec 3 §3 "Variation"). Pure data, no database types: the packages module loads,
// resolves customer ids and stores.
//
// The settings are zod schemas (the module validates what it read back from a stored package
// with them); the bulk rows are plain interfaces, because parsing two million purchases with zod
// would cost more than the whole build.
import { z } from 'zod';
import { calendarDate } from '../../../lib/contracts/common';

export const DAY_MS = 86_400_000;
export const YEAR_MS = 365.25 * DAY_MS;

/** Bumped when scoring, grouping or statistics change, so stored packages say which engine made them. */
export const ENGINE_VERSION = 'pkg-3';

// ---------------------------------------------------------------------------------------------
// Input rows

/** The content of an event, upcoming or past: what a programme planner compares (issue 23). */
export interface EventFeatures {
  id: string;
  title: string;
  /** spec 3 category (symphony, opera, …); 'product' for vouchers and passes. */
  category: string;
  /** Performer names (the event's lineup). */
  artists: readonly string[];
  /** Composers or authors (from the setlists); may be empty. */
  composers: readonly string[];
  venueId: number | null;
  venueName: string;
  hallId: number | null;
  hallName: string;
  /** Average ticket price, major currency units; null when unknown. */
  price: number | null;
  /** Explicit tags of the event, if the partner keeps any; the description adds its own words. */
  keywords: readonly string[];
  description: string;
  startMs: number;
  /** IANA zone the weekday and start time are read in (the hall's); UTC when absent. */
  timezone?: string | null;
}

/**
 * One ticket transaction. `ticketType` is the spec's ticket category (subscription, regular,
 * regular_discount, discount, free, reserved, cancelled); a purchase is cancelled when
 * `cancelled` is set or its type is 'cancelled'.
 */
export interface Purchase {
  customerId: number;
  eventId: string;
  ticketType: string;
  tickets: number;
  /** What the customer paid for the transaction, minor currency units. */
  amountMinor: number;
  soldAtMs: number;
  cancelled?: boolean;
}

export interface Customer {
  /** The customer's id in Encore (the module resolves the wizard's external ids to these). */
  id: number;
  adsOptOut: boolean;
}

// ---------------------------------------------------------------------------------------------
// Settings (spec 3 §3 "Package create payload")

export const TARGETING_MODES = ['selective_mode', 'inclusive_mode'] as const;
/**
 * The spec names the two cards but not what they do. Here:
 *  - selective_mode: every customer is in at most one variation, the one they score best in
 *    (disjoint lists: no one gets two mailings);
 *  - inclusive_mode: a customer is in every variation they score at least INCLUSIVE_RATIO of
 *    their best variation's score in (overlapping lists: wider reach per variation).
 */
export const TargetingMode = z.enum(TARGETING_MODES);
export type TargetingMode = z.infer<typeof TargetingMode>;

/** spec 3 §10: the default filter excludes the 'free' ticket category. */
export const DEFAULT_EXCLUDED_TICKET_CATEGORIES = ['free'] as const;

/**
 * spec 3 §3 "Package create payload" filters, with customer ids already resolved to Encore ids.
 * At most one of each pair: excluded or included customers, price below or above, purchases
 * before or after.
 */
export const PackageFilters = z
  .object({
    excluded_customers: z.array(z.number().int()).optional(),
    included_customers: z.array(z.number().int()).optional(),
    /** Customers whose typical ticket price (major units) is below this are left out. */
    exclude_buying_behavior_below: z.number().min(0).optional(),
    exclude_buying_behavior_above: z.number().min(0).optional(),
    /** Purchases made before this UTC day do not count. */
    exclude_old_purchases_before: calendarDate().optional(),
    /** Purchases made after this UTC day do not count (the day itself does). */
    exclude_recent_purchases_after: calendarDate().optional(),
    /** Purchases of these ticket categories do not count. */
    exclude_ticket_categories: z.array(z.string()).default([...DEFAULT_EXCLUDED_TICKET_CATEGORIES]),
  })
  .refine((f) => !(f.excluded_customers && f.included_customers), { message: 'excluded_customers or included_customers, not both' })
  .refine((f) => f.exclude_buying_behavior_below === undefined || f.exclude_buying_behavior_above === undefined, {
    message: 'exclude_buying_behavior_below or _above, not both',
  })
  .refine((f) => f.exclude_old_purchases_before === undefined || f.exclude_recent_purchases_after === undefined, {
    message: 'exclude_old_purchases_before or exclude_recent_purchases_after, not both',
  });
export type PackageFilters = z.infer<typeof PackageFilters>;

/** spec 3 §10: num_packages 3, n_top_events 3. */
export const DEFAULT_NUM_PACKAGES = 3;
export const DEFAULT_N_TOP_EVENTS = 3;

export const BuildSettings = z.object({
  targeting_mode: TargetingMode,
  num_packages: z.number().int().min(1).max(20).default(DEFAULT_NUM_PACKAGES),
  n_top_events: z.number().int().min(1).max(10).default(DEFAULT_N_TOP_EVENTS),
  filters: PackageFilters.default({ exclude_ticket_categories: [...DEFAULT_EXCLUDED_TICKET_CATEGORIES] }),
  /** The lists go to a CRM (or a customer list export): customers who opted out of ads never do. */
  forCrmExport: z.boolean().default(false),
  /** Seed of the customer clustering; the same inputs and seed give the same package. */
  seed: z.number().int().default(1),
  /**
   * At most this share of the customers with any affinity form the audience (the best scoring).
   * The rest have only a faint content link to the chosen events and would dilute every list.
   */
  audienceShare: z.number().gt(0).max(1).default(0.3),
  /** Minor units per major unit of the partner's currency (100 for EUR, 1 for JPY). */
  minorPerMajor: z.number().int().positive().default(100),
  /**
   * How customers are ranked: 'propensity' fits a purchase-propensity model to the partner's last
   * season (propensity.ts; the affinity when there is too little to learn from), 'affinity' keeps
   * the hand-weighted affinity (engine pkg-2).
   */
  ranking: z.enum(['propensity', 'affinity']).default('propensity'),
});
export type BuildSettings = z.infer<typeof BuildSettings>;
export type BuildSettingsInput = z.input<typeof BuildSettings>;

export interface BuildInput {
  /** The events the marketer chose (spec 3 §3 event_ids), upcoming. */
  chosenEvents: readonly EventFeatures[];
  /** The partner's past events (started before `nowMs`); others are ignored. */
  pastEvents: readonly EventFeatures[];
  purchases: readonly Purchase[];
  customers: readonly Customer[];
  settings: BuildSettingsInput;
  nowMs: number;
}

// ---------------------------------------------------------------------------------------------
// Output

/** spec 3 §3 Variation top_event_N. */
export interface TopEvent {
  title: string;
  event_id: string;
  /** ISO 8601, UTC. */
  start_date_time: string;
  hall_name: string;
  venue_name: string;
  keywords: string[];
}

/**
 * spec 3 §3 "Variation", plus what the module stores beside it: the event ids and the customer
 * list (best first) with each customer's score in this variation.
 */
export type Variation = {
  title: string;
  campaign: { keywords: string[] };
  median_basket_size: number | null;
  /** Major currency units. */
  median_ticket_price: number | null;
  median_num_events_per_year: number | null;
  median_days_upfront: number | null;
  event_ids: string[];
  customer_ids: number[];
  customer_scores: number[];
} & { [K in `top_event_${number}`]?: TopEvent };

/** A chosen event's most similar past events (content only), most similar first. */
export interface EventLinks {
  eventId: string;
  links: { pastEventId: string; similarity: number }[];
}

export interface PackageBuild {
  engineVersion: string;
  /** Distinct customers over all variations (spec 3 §3 Package n_customers). */
  n_customers: number;
  variations: Variation[];
  links: EventLinks[];
  /** Customers left after the segmentation filters, and how many of them scored for any event. */
  eligibleCustomers: number;
  scoredCustomers: number;
  /** How the customers were ranked; `fallback` says why not by the propensity model when it was asked for and not used. */
  ranking: { method: 'propensity' | 'affinity'; fallback: string | null };
}
