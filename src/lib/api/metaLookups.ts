// spec 2 §7 "Assets and lookups": the setup wizard's lookups (contracts: ../contracts/meta-lookups).
// Asset ids are our row ids (the `id` of GET /integrations/connect/facebook/assets). Types only
// from the contracts, so zod stays out of the browser bundles.
import type {
  AudienceList,
  AudienceType,
  CallToActionName,
  ConversionList,
  ConversionName,
  CustomEventTypeName,
  LeadFormList,
  SetupGoal,
} from '../contracts/meta-lookups';
import { call, mainApi } from './client';

const ASSETS = '/integrations/connect/facebook/assets';
const opt = (q: Record<string, string | undefined>) => Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));

export const getAudiences = (adAccountRowId: string, type?: AudienceType, signal?: AbortSignal) =>
  call<AudienceList>(mainApi, `${ASSETS}/ad_accounts/${encodeURIComponent(adAccountRowId)}/audiences`, { searchParams: opt({ type }), signal });

export const getConversions = (adAccountRowId: string, leadFormId?: string, signal?: AbortSignal) =>
  call<ConversionList>(mainApi, `${ASSETS}/ad_accounts/${encodeURIComponent(adAccountRowId)}/conversions`, { searchParams: opt({ lead_form_id: leadFormId }), signal });

export const getConversionName = (adAccountRowId: string, conversionId: string, signal?: AbortSignal) =>
  call<ConversionName>(mainApi, `${ASSETS}/ad_accounts/${encodeURIComponent(adAccountRowId)}/conversions/${encodeURIComponent(conversionId)}`, { signal });

export const getLeadForms = (pageRowId: string, adAccountRowId: string, signal?: AbortSignal) =>
  call<LeadFormList>(mainApi, `${ASSETS}/lead_forms`, { searchParams: { page_id: pageRowId, ad_account_id: adAccountRowId }, signal });

export const getEventTypes = (leadFormId?: string, signal?: AbortSignal) =>
  call<CustomEventTypeName[]>(mainApi, '/setup_processes/event_types', { searchParams: opt({ lead_form_id: leadFormId }), signal });

/** `goal` may be the full dotted goal name; the server keeps its last segment. */
export const getCallToActions = (goal: SetupGoal | string, hasPixel: boolean, leadFormId?: string, signal?: AbortSignal) =>
  call<CallToActionName[]>(mainApi, '/setup_processes/call_to_action/', { searchParams: opt({ goal, has_pixel: String(hasPixel), lead_form_id: leadFormId }), signal });
