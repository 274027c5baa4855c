// spec 2 §3 "Facebook insights", "Campaign results", §4 "Attribution model", §7 "Insights and
// results": what the campaign statistics panel reads (issue 22).
import { z } from 'zod';
import { ATTRIBUTION_MODELS } from '../attribution';
import { LANGUAGES } from '../constants';

export interface FbInsights {
  impressions: number;
  clicks: number;
  /** Major units of `currency`. */
  ad_spend: number;
  currency: string;
  /** ISO instants: the first ad set's start and the last one's end. */
  start: string;
  end: string;
  /** Ad sets (taste clusters) delivering now: active and not ended. */
  running_clusters: number;
  total_ads: number;
  /** The last whole day whose delivery is in (YYYY-MM-DD); null before the first. */
  delivered_through: string | null;
  /** Meta's figures cannot be read until someone reconnects the assets (spec 2 §8). */
  user_action_required: boolean;
}

export interface ResultFigures {
  /** Tickets (purchases) attributed to the campaign; never negative (spec 2 §9). */
  total_transactions: number;
  /** Major units; never negative. */
  total_revenue: number;
  /** Ad spend per ticket; null without a ticket. */
  cpo: number | null;
  /** Revenue per unit of spend (1.5 = 150 %); null without spend. */
  roas: number | null;
}

/** One day of the statistics chart; the FD fields are null under META and EXTERNAL. */
export interface DeliveryDay {
  day: string;
  spend: number;
  purchases: number;
  /** Tickets sold since the campaign's first day (cumulative, every source). */
  actual: number | null;
  /** What the forecast at publish time expected for the same days, and its 80 % band. */
  expected: number | null;
  low: number | null;
  high: number | null;
}

export interface CampaignResults {
  eval_name: (typeof ATTRIBUTION_MODELS)[number];
  ad_account_id: string | null;
  currency: string;
  event_results: ResultFigures | null;
  /** FD only (spec 2 §4), and not while the timeframe is too short. */
  series_results: ResultFigures | null;
  /** FD: 80 % interval of the event's attributed tickets. */
  event_interval: { low: number; high: number } | null;
  series_interval: { low: number; high: number } | null;
  /** spec 2 §8 "Campaign timeframe too low to evaluate!". */
  timeframe_too_low: boolean;
  /** Nothing spent yet (paused from the start, or not delivered): nothing is attributed. */
  no_delivery: boolean;
  evaluated_days: number;
  daily: DeliveryDay[];
  /** The events of the series the series figures count (the event among them), as frozen at publish (spec 2 §2 included events). */
  included_event_ids: string[];
}

/** GET and PUT /events/{id}/attribution_model. */
export const EventAttributionBody = z.object({ model: z.string().trim().toUpperCase().pipe(z.enum(ATTRIBUTION_MODELS)) }).strict();
export interface EventAttribution {
  /** The model in force for the event. */
  model: (typeof ATTRIBUTION_MODELS)[number];
  /** The event's own choice; null when it follows the partner's. */
  event_model: (typeof ATTRIBUTION_MODELS)[number] | null;
  options: (typeof ATTRIBUTION_MODELS)[number][];
}

/** GET /api/campaign/events/{id}/report.pdf: the report's language; the interface's when absent. */
export const CampaignReportQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
