// Issue 22, spec 2 §7 "Insights and results" and the event's attribution model: the calls of the
// campaign statistics panel. Type-only imports keep zod out of the browser bundle.
import type { CampaignResults, EventAttribution, FbInsights } from '../contracts/campaign-results';
import type { RuntimeBudget, RuntimeBudgetChange } from '../contracts/runtime-budget';
import type { StatusTask } from '../contracts/campaign-status';
import type { CampaignEditBody, CampaignEditResult } from '../contracts/campaign-edit';
import type { DeliveryStatus } from '../campaigns/campaign-status-rules';
import { call, campaignApi, mainApi } from './client';
import { saveDownload } from './download';

const enc = encodeURIComponent;

export const getFbInsights = (eventId: string, signal?: AbortSignal) => call<FbInsights>(mainApi, `/integrations/facebook/events/${enc(eventId)}/fb_insights`, { signal });
export const getCampaignResults = (eventId: string, signal?: AbortSignal) =>
  call<CampaignResults>(mainApi, `/integrations/facebook/events/${enc(eventId)}/campaign_results`, { signal });
export const getEventAttribution = (eventId: string, signal?: AbortSignal) => call<EventAttribution>(mainApi, `/events/${enc(eventId)}/attribution_model`, { signal });
export const setEventAttribution = (eventId: string, model: EventAttribution['model']) =>
  call<EventAttribution>(mainApi, `/events/${enc(eventId)}/attribution_model`, { method: 'put', json: { model } });

// spec 2 §7 "Budget and runtime" of a running campaign.
export const getRuntimeBudget = (eventId: string, signal?: AbortSignal) => call<RuntimeBudget>(mainApi, `/campaigns/current_runtime_budget/${enc(eventId)}`, { signal });
const changeQuery = (c: RuntimeBudgetChange) => new URLSearchParams({ eid: c.eid, budget: String(c.budget), start_date: c.start_date, end_date: c.end_date });
export const previewRuntimeBudget = (c: RuntimeBudgetChange) => call<{ new_daily_budget: number }>(mainApi, '/campaigns/new_runtime_budget', { searchParams: changeQuery(c) });
export const postRuntimeBudget = (c: RuntimeBudgetChange) => call<{ task_id: string; status: string }>(mainApi, '/campaigns/new_runtime_budget', { method: 'post', searchParams: changeQuery(c) });

// spec 2 §4 "Campaign status", §7 "Event-level": the status and optimisation switches (204) and their task.
export const getStatusTask = (eventId: string, signal?: AbortSignal) => call<StatusTask>(mainApi, `/events/${enc(eventId)}/client_campaign_status/task`, { signal });
export const putCampaignStatus = (eventId: string, status: DeliveryStatus) =>
  call<void>(mainApi, `/events/${enc(eventId)}/client_campaign_status`, { method: 'put', searchParams: { client_campaign_status: status } });
export const putOptimisationStatus = (eventId: string, status: DeliveryStatus) =>
  call<void>(mainApi, `/events/${enc(eventId)}/campaign_optimisation_status`, { method: 'put', searchParams: { campaign_optimisation_status: status } });

/** spec 2 §7 POST /campaigns_setup: a running campaign's creative, targeting and audience. */
export const postCampaignEdit = (body: CampaignEditBody) => call<CampaignEditResult>(mainApi, '/campaigns_setup', { method: 'post', json: body });

/**
 * spec 2 §2 "Campaign report": the PDF in the interface's language, saved under the server's
 * file name. Failures arrive as ApiError (the panel maps them like every other call).
 */
export const downloadCampaignReport = (eventId: string, lang: string) =>
  saveDownload(() => campaignApi(`events/${enc(eventId)}/report.pdf`, { searchParams: { lang } }), 'campaign-report.pdf');
