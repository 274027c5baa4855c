// spec 2 §7 taste-cluster calls for the campaign screens (contracts: ../contracts/taste-clusters).
// Types only from the contracts, so zod stays out of the browser bundles.
import type { CampaignGoal, EventCampaignsResponse, ItcStatusResponse, SuggestedTc } from '../contracts/taste-clusters';
import { call, campaignApi, mainApi } from './client';

const enc = encodeURIComponent;

/** Starts an ITC run for the event (or answers the one still queued or running). */
export const startItcRun = (eventId: string, signal?: AbortSignal) =>
  call<ItcStatusResponse>(mainApi, `/airflow_dag/${enc(eventId)}/itc_generator`, { method: 'post', signal });

/** The event's latest ITC run; an ApiError with status 404 means not_found (spec 2 §4). */
export const getItcStatus = (eventId: string, signal?: AbortSignal) =>
  call<ItcStatusResponse>(mainApi, `/airflow_dag/${enc(eventId)}/itc_generator`, { signal });

/** The event's taste clusters as campaign recommendations, best rank first. */
export const getEventCampaigns = (eventId: string, query: { page?: number; limit?: number } = {}, signal?: AbortSignal) =>
  call<EventCampaignsResponse>(campaignApi, `/events/${enc(eventId)}/campaigns`, {
    searchParams: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, number>,
    signal,
  });

/**
 * The clusters to suggest for a budget (major units) and goal (a goal name or dotted goal string);
 * `runtimeDays` (inclusive days of the chosen runtime) sets the per-cluster minimum, the spec's
 * default runtime when absent.
 */
export const getSuggestedTcs = (eventId: string, budget: number, goal: CampaignGoal | string, signal?: AbortSignal, runtimeDays?: number) =>
  call<SuggestedTc[]>(campaignApi, `/events/${enc(eventId)}/suggested_tcs`, {
    searchParams: runtimeDays === undefined ? { budget, goal } : { budget, goal, runtime_in_days: runtimeDays },
    signal,
  });
