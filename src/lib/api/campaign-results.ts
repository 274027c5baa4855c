// Issue 22, spec 2 §7 "Insights and results" and the event's attribution model: the calls of the
// campaign statistics panel. Type-only imports keep zod out of the browser bundle.
import type { CampaignResults, EventAttribution, FbInsights } from '../contracts/campaign-results';
import { call, mainApi } from './client';

const enc = encodeURIComponent;

export const getFbInsights = (eventId: string, signal?: AbortSignal) => call<FbInsights>(mainApi, `/integrations/facebook/events/${enc(eventId)}/fb_insights`, { signal });
export const getCampaignResults = (eventId: string, signal?: AbortSignal) =>
  call<CampaignResults>(mainApi, `/integrations/facebook/events/${enc(eventId)}/campaign_results`, { signal });
export const getEventAttribution = (eventId: string, signal?: AbortSignal) => call<EventAttribution>(mainApi, `/events/${enc(eventId)}/attribution_model`, { signal });
export const setEventAttribution = (eventId: string, model: EventAttribution['model']) =>
  call<EventAttribution>(mainApi, `/events/${enc(eventId)}/attribution_model`, { method: 'put', json: { model } });
