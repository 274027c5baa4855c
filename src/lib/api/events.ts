// spec 1 §7 "Events": the calls the events list, the event drawer/page and the dashboard make.
// Types come from the contracts (type-only imports keep zod out of the browser bundles).
import type {
  Benchmark,
  CampaignStats,
  DailyRevenueSummary,
  EventItem,
  EventList,
  EventListQueryInput,
  EventVenues,
  FrontendStatus,
  SalesGraph,
  TicketsResponse,
} from '../contracts/events';
import { call, campaignApi, mainApi } from './client';

type Search = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

/** Query string with repeated keys for arrays (city[]=a&city[]=b); undefined and '' are left out. */
export function toSearchParams(query: Search): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

const enc = encodeURIComponent;

export const listEvents = (query: EventListQueryInput & Search, signal?: AbortSignal) =>
  call<EventList>(mainApi, '/events/', { searchParams: toSearchParams(query), signal });
export const listFlaggedEvents = (query: EventListQueryInput & Search = {}, signal?: AbortSignal) =>
  call<EventList>(mainApi, '/events/flagged/', { searchParams: toSearchParams(query), signal });
/** Abortable (spec 1 §7): the filters cancel it when they close. */
export const getEventVenues = (signal?: AbortSignal) => call<EventVenues>(mainApi, '/events/venues', { signal });
export const getEvent = (id: string, signal?: AbortSignal) => call<EventItem>(mainApi, `/events/${enc(id)}`, { signal });
export const getEventSeries = (id: string, signal?: AbortSignal) => call<EventList>(mainApi, `/events/${enc(id)}/series`, { signal });
export const getEventBenchmark = (id: string, signal?: AbortSignal) => call<Benchmark>(mainApi, `/events/${enc(id)}/benchmark`, { signal });
export const getSalesGraph = (id: string, signal?: AbortSignal) => call<SalesGraph>(mainApi, `/events/${enc(id)}/sales-graph`, { signal });
export const getEventTickets = (id: string, signal?: AbortSignal) => call<TicketsResponse>(mainApi, `/events/${enc(id)}/tickets`, { signal });
export const getDailyRevenueSummary = (
  query: { event_id: string; currency?: string; start_date?: string; end_date?: string },
  signal?: AbortSignal,
) => call<DailyRevenueSummary>(mainApi, '/daily_revenue_summary/', { searchParams: toSearchParams(query), signal });
export const getCampaignStats = (signal?: AbortSignal) => call<CampaignStats>(mainApi, '/campaigns/fb/stats', { signal });

/**
 * spec 1 §4.3: what to mirror to the campaign-side service after a status change — CANCELLED stays
 * CANCELLED, anything else is RUNNING — or null for a user without the campaigns permission (wave):
 * that service belongs to the campaigns module (src/lib/routes.ts API_RULES) and would only refuse.
 */
export function campaignMirrorStatus(status: FrontendStatus, canCampaigns: boolean): 'CANCELLED' | 'RUNNING' | null {
  if (!canCampaigns) return null;
  return status === 'CANCELLED' ? 'CANCELLED' : 'RUNNING';
}

/**
 * spec 1 §4.3: set the status (204), then mirror it to the campaign-side service when the user
 * may use it (`canCampaigns`: the wave permission the page passes). A failed mirror is only logged.
 */
export async function setFrontendStatus(id: string, status: FrontendStatus, { canCampaigns }: { canCampaigns: boolean }): Promise<void> {
  await call(mainApi, `/events/${enc(id)}/setup_frontend_status`, { method: 'PUT', json: { frontend_status: status } });
  const mirrored = campaignMirrorStatus(status, canCampaigns);
  if (!mirrored) return;
  try {
    await call(campaignApi, `/events/last_updated_on_fe/${enc(id)}`, { method: 'PUT', json: { status: mirrored } });
  } catch (err) {
    console.warn('Campaign-side status mirror failed', err);
  }
}
