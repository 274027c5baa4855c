// spec 1 §3 and §7 "Events", spec 3 §3 Event: the calls behind the events list, the event
// drawer/page and the dashboard. Shares are percentages of capacity (0–100, one decimal), the
// way every screen shows them.
import { z } from 'zod';
import { text } from './common';
import { isCalendarDate } from './limits';

export const FRONTEND_STATUSES = ['DEFAULT', 'FLAGGED', 'HIDDEN', 'CANCELLED'] as const;
export const FrontendStatus = z.enum(FRONTEND_STATUSES);
export type FrontendStatus = z.infer<typeof FrontendStatus>;

/** spec 3 §3 Event.category plus the two special values. */
export const EVENT_CATEGORIES = [
  'ballet', 'chamber', 'comedy', 'dance', 'education', 'opera', 'operetta_musical',
  'other', 'rock_pop', 'spoken', 'symphony', 'theatre', 'vocal', 'product', 'uncategorized',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
/** Rows of these categories show a date label and a category label and no time (spec 1 §2.9). */
export const DATE_ONLY_CATEGORIES: readonly string[] = ['product', 'uncategorized'];

/**
 * How the forecast judges an event. below/on_track/above compare the predicted final share with
 * comparable events' final share; sold_out and finished need no prediction; no_data when the
 * partner has too little history or the event has no capacity.
 */
export const FORECAST_STATES = ['below', 'on_track', 'above', 'sold_out', 'finished', 'no_data'] as const;
export const ForecastState = z.enum(FORECAST_STATES);
export type ForecastState = z.infer<typeof ForecastState>;

export const ValuePair = z.object({
  /** This event, percent of capacity. */
  value: z.number().nullable(),
  /** Comparable events at the same point, percent of capacity. */
  benchmark: z.number().nullable(),
});
export type ValuePair = z.infer<typeof ValuePair>;

/** spec 1 §3 Benchmark, plus the state and what it was computed from. */
export const Benchmark = z.object({
  now: ValuePair,
  prediction: ValuePair,
  state: ForecastState,
  /** Days before the start the forecast was made at (negative after the event). */
  days_out: z.number().int().nullable(),
  tickets_sold: z.number().int(),
  predicted_tickets: z.number().int().nullable(),
  /** 80 % interval of the predicted final sales, percent of capacity (null without a prediction). */
  prediction_interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** The forecast is usually (in 80 % of replayed forecasts at this point) within ± this many tickets. */
  expected_error: z.number().int().nullable(),
  comparables: z.number().int(),
  computed_at: z.string().nullable(),
});
export type Benchmark = z.infer<typeof Benchmark>;

export const CampaignStatus = z.enum(['ACTIVE', 'PAUSED']);

/** spec 1 §3 Event (list and detail). */
export const EventItem = z.object({
  id: z.string(),
  eid: z.string(),
  title: z.string(),
  /** ISO 8601, UTC. */
  start_date_time: z.string(),
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  category: z.string(),
  benchmark: Benchmark,
  frontend_status: FrontendStatus,
  hall_name: z.string().nullable(),
  venue_name: z.string().nullable(),
  city: z.string().nullable(),
  capacity: z.number().int(),
  source: z.enum(['api', 'manual']),
  /** A marketing campaign exists for the event: the row's badge (spec 1 §2.9). */
  has_campaign: z.boolean(),
  /** Active = status ACTIVE and stop time not in the past (spec 1 §4.3). */
  has_active_campaigns: z.boolean(),
  client_campaign_status: CampaignStatus.nullable(),
  campaign_optimisation_status: CampaignStatus.nullable(),
  campaign_event_series: z.array(z.string()),
  campaign_status: z.string().nullable(),
  campaign_stop_time: z.string().nullable(),
});
export type EventItem = z.infer<typeof EventItem>;

export const EventList = z.object({ total: z.number().int(), items: z.array(EventItem) });
export type EventList = z.infer<typeof EventList>;

// Query values arrive as strings; repeated keys (city[], vh[], frontend_status[]) as arrays.
const many = z
  .union([text(), z.array(text())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s !== ''));
const bool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));
/** YYYY-MM-DD, or DD-MM-YYYY as the spec's search since-dates (spec 1 §9); a UTC day. */
export const QueryDate = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4})$/, 'Use YYYY-MM-DD or DD-MM-YYYY')
  .transform((s) => (/^\d{4}/.test(s) ? s : `${s.slice(6)}-${s.slice(3, 5)}-${s.slice(0, 2)}`))
  .refine(isCalendarDate, 'Not a calendar date');

export const EVENTS_PAGE_LIMIT = 30;

/** spec 1 §3 event list query. Search also carries source, cities and dates. */
export const EventListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(EVENTS_PAGE_LIMIT),
  q: text().trim().max(200).optional(),
  include_archived: bool,
  since: QueryDate.optional(),
  until: QueryDate.optional(),
  /**
   * "Include past events" without a from date (spec 1 §2.9): every past event, however old —
   * without it the default range starts three years back (spec 1 §9), and imported history
   * stayed out of the list until a start date was typed (issue 20 §4). `since` still wins.
   */
  include_past: bool,
  /** frontend_status filter (both spellings are accepted). */
  status: many.pipe(z.array(FrontendStatus)),
  'frontend_status[]': many.pipe(z.array(FrontendStatus)),
  frontend_status: many.pipe(z.array(FrontendStatus)),
  /** true = manual (simulated) events only, false = API events only (spec 1 §2.9 source). */
  simulated: bool,
  /** Events whose campaigns are active and/or inactive. */
  campaigns: many.pipe(z.array(z.enum(['active', 'inactive']))),
  marketing_campaign_status: many.pipe(z.array(z.enum(['active', 'inactive']))),
  'city[]': many,
  city: many,
  /** venue;;hall */
  'vh[]': many,
  vh: many,
  flagged_to_top: bool,
  exclude_products: bool,
  descending: bool,
  /**
   * Only events still ahead by the server's clock (start after now). Events carry no end: once
   * started an event is over for the forecast (state finished), so the dashboard's "upcoming
   * important events" must not list one that began earlier today (`since` is a whole UTC day).
   */
  upcoming: bool,
});
export type EventListQueryInput = z.input<typeof EventListQuery>;

/** GET /events/venues: venues with their halls, and the cities (for the filters). */
export const EventVenues = z.object({
  venues: z.array(z.object({ venue: z.string(), city: z.string(), halls: z.array(z.string()) })),
  cities: z.array(z.string()),
});
export type EventVenues = z.infer<typeof EventVenues>;

/** GET /events/{id}/sales-graph: one point per day from the on-sale day to the event. */
export const SalesGraph = z.object({
  sales: z.array(
    z.object({
      /** YYYY-MM-DD */
      mapped_date: z.string(),
      days_out: z.number().int(),
      /** Cumulative sold share (percent); null for days still ahead. */
      norm_tickets_sold_current: z.number().nullable(),
      /** Comparable events' cumulative share at the same days out (percent). */
      norm_tickets_sold_avg: z.number().nullable(),
      /** The forecast path from today to the event (percent); null before today. */
      norm_tickets_predicted: z.number().nullable(),
      /** The 80 % band around the forecast path (percent); null where the path is. */
      norm_tickets_predicted_low: z.number().nullable(),
      norm_tickets_predicted_high: z.number().nullable(),
    }),
  ),
});
export type SalesGraph = z.infer<typeof SalesGraph>;

/** Ticket type groups of the ticket type bars: full price, regular discount, discount, subscription, other. */
export const TicketsResponse = z.object({
  tickets_per_category: z.object({
    regular: z.number().int(),
    regular_discount: z.number().int(),
    discount: z.number().int(),
    subscription: z.number().int(),
    other: z.number().int(),
    share_regular_tickets: z.number(),
    share_regular_discount_tickets: z.number(),
    share_discount_tickets: z.number(),
    share_subscription_tickets: z.number(),
    share_other_tickets: z.number(),
  }),
  price_categories: z.object({
    eid: z.string(),
    /** Seat categories in hall order with sold tickets and share (percent of sold). */
    categories: z.array(z.object({ name: z.string(), tickets: z.number().int(), share: z.number() })),
  }),
});
export type TicketsResponse = z.infer<typeof TicketsResponse>;

export const TICKET_TYPE_KEYS = ['subscription', 'regular', 'regular_discount', 'discount', 'cancelled', 'free', 'reserved'] as const;

const DailyFigure = z.object({
  date: z.string(),
  revenue: z.object({ total: z.number(), parts: z.record(z.string(), z.number()) }),
  number_of_tickets: z.object({ total: z.number().int(), parts: z.record(z.string(), z.number().int()) }),
});
/** GET /daily_revenue_summary/: API sales per day and manual adjustments per day. Revenue in major units. */
export const DailyRevenueSummary = z.object({
  currency: z.string(),
  summaries: z.array(DailyFigure),
  manual_adjustments: z.array(DailyFigure),
});
export type DailyRevenueSummary = z.infer<typeof DailyRevenueSummary>;

export const DailyRevenueQuery = z.object({
  event_id: text().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  start_date: QueryDate.optional(),
  end_date: QueryDate.optional(),
});

export const SetFrontendStatusRequest = z.object({ frontend_status: FrontendStatus });
/** Campaign-side mirror (spec 1 §4.3): CANCELLED stays CANCELLED, anything else is RUNNING. */
export const CampaignSideStatusRequest = z.object({ status: z.enum(['CANCELLED', 'RUNNING']) });

/** GET /campaigns/fb/stats (spec 1 §3 Flagged/dashboard stats). Money in major units. */
export const CampaignStats = z.object({
  total_active_campaigns: z.number().int(),
  total_active_adsets: z.number().int(),
  currency: z.string(),
  sum_total_spend: z.number(),
  purchases: z.number().int(),
  revenue: z.number(),
  /** revenue / spend; null when nothing was spent. */
  roas: z.number().nullable(),
});
export type CampaignStats = z.infer<typeof CampaignStats>;
