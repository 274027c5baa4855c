// The setup wizard's asset lookups on the wire — spec 2 §3 (Audience, Lead form, Conversion goal,
// Setup process custom_event_type), §4 Goal and result rules, §7 "Assets and lookups", §8.
// They serve the campaigns wizard, so they need the wave permission (src/lib/routes.ts
// API_RULES), not settings like the connection itself.
//
// Calls (under /api/v3):
//   GET /integrations/connect/facebook/assets/ad_accounts/{id}/audiences?type=   → AudienceList
//   GET /integrations/connect/facebook/assets/ad_accounts/{id}/conversions?lead_form_id= → ConversionList
//   GET /integrations/connect/facebook/assets/ad_accounts/{id}/conversions/{conversion_id} → ConversionName
//   GET /integrations/connect/facebook/assets/lead_forms?page_id=&ad_account_id=  → LeadFormList
//   GET /setup_processes/event_types?lead_form_id=                                 → CustomEventTypeName[]
//   GET /setup_processes/call_to_action/?goal=&has_pixel=&lead_form_id=            → CallToActionName[]
// `{id}`, `page_id` and `ad_account_id` are our asset row ids (meta_assets.id, the `id` of
// GET /assets); conversion and lead form ids are Meta's.
// Errors (ARCHITECTURE §3): 400 error.validation.invalid; 400 error.connect.facebook.ad_account_id_required;
// 401 error.auth.unauthenticated; 403 error.auth.forbidden (subcode wave);
// 404 error.connect.facebook.ad_account_not_found / page_not_found (not the partner's, or another
// class) and …not_found (a conversion the ad account does not have); 403
// error.connect.facebook.missing_permissions (asset switched off, or no live login reaches it with
// permission: `data` {account, id} fills "Permission missing to access {account} (ID: {id})"),
// …invalid_token (Meta refused the login); 429 …rate_limit; 502 …graph_api_error; 503 …api_error.
import { z } from 'zod';
import { text } from './common';

/** Meta ids are numeric strings (sandbox ids too). */
export const MetaObjectId = z.string().regex(/^\d{1,30}$/, 'A Meta id (digits)');
const AssetRowId = z.uuid();

export const AdAccountAssetParam = z.object({ id: AssetRowId });
export const ConversionParam = z.object({ id: AssetRowId, conversion_id: MetaObjectId });

/**
 * Custom audience types (Meta's `subtype` of a custom audience): customer lists, website
 * visitors, lookalikes, engagement (page/video/lead form). `type` keeps one of them.
 */
export const AUDIENCE_TYPES = ['CUSTOM', 'WEBSITE', 'LOOKALIKE', 'ENGAGEMENT', 'OTHER'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

export const AudiencesQuery = z.object({ type: z.enum(AUDIENCE_TYPES).optional() });
export const Audience = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(AUDIENCE_TYPES),
  /** Meta's lower bound of the size; null while Meta is still computing it. */
  approximate_size: z.number().int().nullable(),
});
export const AudienceList = z.object({ items: z.array(Audience) });
export type AudienceList = z.infer<typeof AudienceList>;

export const CUSTOM_EVENT_TYPE_NAMES = ['PURCHASE', 'LEAD', 'COMPLETE_REGISTRATION', 'ADD_TO_CART', 'INITIATED_CHECKOUT', 'CONTENT_VIEW', 'SEARCH', 'OTHER'] as const;
export type CustomEventTypeName = (typeof CUSTOM_EVENT_TYPE_NAMES)[number];

export const ConversionsQuery = z.object({ lead_form_id: MetaObjectId.optional() });
export const ConversionGoal = z.object({
  id: z.string(),
  name: z.string(),
  /** `custom_event` when it wraps a standard event, `other` for URL rules (spec 2 §3). */
  type: z.enum(['custom_event', 'other']),
  custom_event_type: z.enum(CUSTOM_EVENT_TYPE_NAMES),
  pixel_id: z.string().nullable(),
});
export const ConversionList = z.object({ items: z.array(ConversionGoal) });
export type ConversionList = z.infer<typeof ConversionList>;
export const ConversionName = z.object({ id: z.string(), name: z.string() });
export type ConversionName = z.infer<typeof ConversionName>;

export const LeadFormsQuery = z.object({
  page_id: AssetRowId,
  /** Required (spec 2 §7); absent → 400 error.connect.facebook.ad_account_id_required. */
  ad_account_id: AssetRowId.optional(),
});
export const LeadForm = z.object({ id: z.string(), name: z.string() });
export const LeadFormList = z.object({ items: z.array(LeadForm) });
export type LeadFormList = z.infer<typeof LeadFormList>;

export const EventTypesQuery = z.object({ lead_form_id: MetaObjectId.optional() });
export const EventTypes = z.array(z.enum(CUSTOM_EVENT_TYPE_NAMES));

/** spec 2 §4: the goals; the wire may send the full dotted goal name or its last segment. */
export const SETUP_GOALS = ['utilization', 'roas', 'visibility'] as const;
export type SetupGoal = (typeof SETUP_GOALS)[number];

export const CALL_TO_ACTIONS = ['BUY_TICKETS', 'LEARN_MORE', 'SHOP_NOW', 'SIGN_UP', 'BOOK_NOW', 'GET_OFFER', 'SUBSCRIBE', 'CONTACT_US', 'APPLY_NOW'] as const;
export type CallToActionName = (typeof CALL_TO_ACTIONS)[number];

const bool = z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1');

export const CallToActionQuery = z.object({
  goal: text()
    .max(100)
    .transform((s) => s.split('.').at(-1)!.trim().toLowerCase())
    .pipe(z.enum(SETUP_GOALS)),
  has_pixel: bool.default(false),
  lead_form_id: MetaObjectId.optional(),
});
export const CallToActions = z.array(z.enum(CALL_TO_ACTIONS));
