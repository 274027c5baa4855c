// Taste clusters (ITC) on the wire — spec 2 §3 "ITC status" and the Campaign entity's cluster
// fields, §4 "ITC regeneration", §7 "Event-level" and "Budget and runtime". All need the wave
// permission (src/lib/routes.ts API_RULES).
//
// Calls:
//   POST /api/v3/airflow_dag/{eventId}/itc_generator        → 200 ItcStatusResponse  (starts a run; an
//        unfinished run of the event is answered instead of starting a second one)
//   GET  /api/v3/airflow_dag/{eventId}/itc_generator        → 200 ItcStatusResponse, 404 error.itc.not_found
//        when the event never had a run (the spec's "404 means not_found")
//   GET  /api/campaign/events/{eventId}/campaigns?page&limit → 200 EventCampaignsResponse: one item per
//        taste cluster of the event's latest successful run, best rank first (empty before any run)
//   GET  /api/campaign/events/{eventId}/suggested_tcs?budget&goal → 200 SuggestedTc[] (empty before any run)
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid, 403 error.auth.forbidden (subcode wave),
// 404 error.common.notFound (no such event of the partner, also another partner's), 422
// error.itc.not_enough_customers (POST: fewer customers than a clustering needs).
import { z } from 'zod';
import { text } from './common';

export const ITC_STATUSES = ['queued', 'running', 'success', 'failed'] as const;
/**
 * spec 2 §4: queued is shown as running; failed offers a retry. From the run's task: PENDING →
 * queued; STARTED, PROGRESS, RETRY → running; SUCCESS → success; FAILURE, REVOKED → failed.
 */
export const ItcStatus = z.enum(ITC_STATUSES);
export type ItcStatus = z.infer<typeof ItcStatus>;

export const SEPARATIONS = ['strong', 'reasonable', 'weak', 'none'] as const;

export const ItcEventParam = z.object({ id: text().min(1).max(200) });

export const ItcStatusResponse = z.object({
  /** The run's id as the status box knows it (`itc_<tc_run_id>`). */
  dag_run_id: z.string(),
  status: ItcStatus,
  tc_run_id: z.number().int(),
  event_id: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** While running: the stage (loading, features, choose_k, refine, describe, storing) and 0–100. */
  progress: z.object({ stage: z.string(), percent: z.number() }).nullable(),
  /** When failed: the task's code and user-facing message. */
  error: z.object({ error_code: z.string(), message: z.string() }).nullable(),
  /**
   * When succeeded: what the run found. `silhouette` is the mean silhouette (−1…1) on a sample of
   * all clustered customers and `separation` its reading (Kaufman & Rousseeuw: strong > 0.70,
   * reasonable > 0.50, weak > 0.25, else none) — "none" means the customers do not fall into clearly
   * distinct groups and the clusters are a partition, not discovered audiences.
   */
  summary: z
    .object({
      k: z.number().int(),
      customers: z.number().int(),
      silhouette: z.number(),
      separation: z.enum(SEPARATIONS),
      silhouette_by_k: z.array(z.object({ k: z.number().int(), silhouette: z.number() })),
    })
    .nullable(),
});
export type ItcStatusResponse = z.infer<typeof ItcStatusResponse>;

/** A cluster's members in natural units (the engine's ClusterProfile). */
export const TasteClusterProfile = z.object({
  customers: z.number().int(),
  /** Mean share of each taste family in a member's tickets. */
  family_shares: z.record(z.string(), z.number()),
  /** Mean price paid per ticket, in the partner's currency (major units). */
  mean_price: z.number(),
  /** 1 = pays what others pay at the same events; above buys better seats. */
  relative_price: z.number(),
  orders_per_year: z.number(),
  tickets_per_order: z.number(),
  /** Median days booked ahead. */
  lead_days: z.number(),
  /** Median days since the last purchase. */
  recency_days: z.number(),
  /** Median distance to the nearest venue of the partner; null when no member's place is known. */
  distance_km: z.number().nullable(),
  /** Ticket spend per customer and year, major units. */
  annual_spend: z.number(),
});

/** spec 2 §3 Topic keyword. */
export const TopicKeyword = z.object({ keyword: z.string(), is_reported: z.boolean() });
export type TopicKeyword = z.infer<typeof TopicKeyword>;

/** The scores of one cluster for the event (spec 2 §3 Campaign). */
const ClusterScores = {
  tc: z.number().int(),
  tc_run_id: z.number().int(),
  /** Members of the cluster. */
  tc_size: z.number().int(),
  /** 0–1: taste for the event's kind of show (¾) and fit of its price (¼). */
  attractiveness: z.number(),
  /** 0–1: ticket spend per customer and year, relative to the run's highest cluster. */
  buying_power: z.number(),
  /** Members likely to be interested who have not bought for this event: (tc_size − bought) × attractiveness. */
  potential: z.number().int(),
  /** 1 = highest potential. */
  rank: z.number().int(),
};

/**
 * spec 2 §3 Campaign, one per taste cluster. The recommendation fields come from the run; the
 * setup fields (budget, run_time, set_up_date, latest_campaign_setup, …) stay null and status
 * 'open' until a campaign is set up for the cluster (the setup process, spec 2 §4, fills them).
 */
export const EventCampaign = z.object({
  id: z.string(),
  /** The cluster's label in the viewer's language ("Opera lovers, premium, early bookers"). */
  alias: z.string(),
  ...ClusterScores,
  eid: z.string(),
  channel: z.literal('facebook'),
  status: z.enum(['open', 'running']),
  budget: z.number().nullable(),
  currency: z.string(),
  run_time: z.number().nullable(),
  cr_start_days_upfront: z.number().nullable(),
  cr_end_days_upfront: z.number().nullable(),
  set_up_date: z.string().nullable(),
  initial_set_up_date: z.string().nullable(),
  credits: z.number().nullable(),
  fb_adset_end_time: z.string().nullable(),
  published: z.boolean(),
  suggested_creative: z.unknown().nullable(),
  latest_campaign_setup: z.unknown().nullable(),
  /** The label in both languages, the dominant families and the traits (codes) behind it. */
  label: z.object({ en: z.string(), de: z.string() }),
  families: z.array(z.string()),
  traits: z.array(z.string()),
  keywords: z.array(TopicKeyword),
  /** Whether this cluster continues one of the previous run (same tc) or is new in this run. */
  carried_over: z.boolean(),
  profile: TasteClusterProfile,
});
export type EventCampaign = z.infer<typeof EventCampaign>;

export const EVENT_CAMPAIGNS_PAGE_LIMIT = 50;

export const EventCampaignsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(EVENT_CAMPAIGNS_PAGE_LIMIT),
});

export const EventCampaignsResponse = z.object({
  total: z.number().int(),
  items: z.array(EventCampaign),
  /** The run the items come from; null before the event's first successful run. */
  tc_run_id: z.number().int().nullable(),
  separation: z.enum(SEPARATIONS).nullable(),
});
export type EventCampaignsResponse = z.infer<typeof EventCampaignsResponse>;

export const CAMPAIGN_GOALS = ['UTILIZATION', 'ROAS', 'VISIBILITY'] as const;
export type CampaignGoal = (typeof CAMPAIGN_GOALS)[number];

/**
 * The old flat budget per suggested cluster. The server no longer uses it: the per-cluster minimum
 * comes from the budget model (docs/BUDGET-MODEL.md); kept for callers that need a placeholder.
 */
export const MIN_BUDGET_PER_TC = 200;

export const SuggestedTcsQuery = z.object({
  /** Total budget in the partner's currency (major units). */
  budget: z.coerce.number().min(0).max(10_000_000),
  /** spec 2 §3 Setup process: a dotted string whose last segment is the goal (case-insensitive). */
  goal: text()
    .max(200)
    .transform((g) => g.split('.').pop()!.trim().toUpperCase())
    .pipe(z.enum(CAMPAIGN_GOALS)),
  /**
   * Inclusive runtime days of the setup; the spec 2 §9 default runtime (from the later of today and
   * four months before the event to the day before it) when absent.
   */
  runtime_in_days: z.coerce.number().int().min(1).max(366).optional(),
});

/**
 * spec 2 §7 suggested_tcs: the clusters to start with for this budget and goal, best first
 * (docs/BUDGET-MODEL.md "Suggested clusters"). Clusters are ranked by the goal — UTILIZATION by
 * expected purchases (interested members not yet in the hall), ROAS by interest × the order value
 * its members bring (relative price × tickets per order), VISIBILITY by members not yet in the
 * hall — and as many unique clusters are funded as the budget carries at the model's per-cluster
 * minimum (the ad set's daily floor over the runtime, and ten purchases at the cost per purchase),
 * at least one. Each gets its minimum, the rest is split by expected purchases.
 */
export const SuggestedTc = z.object({
  ...ClusterScores,
  alias: z.string(),
  keywords: z.array(TopicKeyword),
  /** Suggested share of the budget, major units (whole numbers, summing to the budget). */
  budget: z.number(),
});
export type SuggestedTc = z.infer<typeof SuggestedTc>;
export const SuggestedTcsResponse = z.array(SuggestedTc);
