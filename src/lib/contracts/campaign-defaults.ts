// GET /api/v3/events/{id}/default_campaigns_parameters (spec 1 §7, spec 2 §7 "Event-level"): what
// a new campaign setup for the event starts from. The spec names the call, not its shape; this is
// what the new-setup panel and the wizard need, computed by src/server/modules/setup-process/
// defaults.ts from the same rules the wizard uses (src/lib/campaigns/setup-defaults.ts) and the
// budget range of budget_min_max for the default runtime.
//
// Needs the wave permission (API_RULES); the event must be the viewer's partner's.
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid (an id longer than 200 characters),
// 403 error.auth.forbidden (subcode wave), 404 error.common.notFound (no such event of the
// partner, also another partner's or a malformed id), 409 error.campaign.defaults.event_past
// (the event has begun: no setup can run before it; data.event_date).
import { z } from 'zod';
import { text } from './common';
import { ATTRIBUTION_MODELS } from '../attribution';
import { CUSTOM_EVENT_TYPES, TARGETING_MODES } from '../campaigns/setup-constants';
import { CAMPAIGN_GOALS } from './taste-clusters';

export const DefaultCampaignParamsParam = z.object({ id: text().min(1).max(200) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DefaultCampaignParameters = z.object({
  event_id: z.string(),
  /** The partner's currency; every amount is in whole units of it. */
  currency: z.string(),
  /** spec 2 §4: UTILIZATION. */
  goal: z.enum(CAMPAIGN_GOALS),
  goals: z.array(z.enum(CAMPAIGN_GOALS)),
  /** spec 2 §4 "Default result type PURCHASE". */
  custom_event_type: z.enum(CUSTOM_EVENT_TYPES),
  /** spec 2 §9: the later of today and four months before the event, to the day before it (UTC days). */
  start_date: day,
  end_date: day,
  runtime_in_days: z.number().int(),
  /** The budget a setup starts with: the default snapped into the bounds below. */
  total_budget: z.number().int(),
  /** budget_min_max for the default runtime, as the slider takes them (whole units, ordered). */
  budget_abs_min: z.number().int(),
  budget_min: z.number().int(),
  budget_max: z.number().int(),
  /** spec 2 §5 "Age targeting defaults to 18 and 65". */
  age_range: z.object({ min: z.number().int(), max: z.number().int() }),
  /** spec 2 §4 "Defaults depend on permission": the mode a new cluster starts with, and the modes offered (no audience yet). */
  targeting_mode: z.enum(TARGETING_MODES),
  targeting_modes: z.array(z.enum(TARGETING_MODES)),
  /** spec 2 §4 Attribution model: the one in force for the event (its own choice, else the partner's), and the viewer's options. */
  attribution_model: z.enum(ATTRIBUTION_MODELS),
  attribution_models: z.array(z.enum(ATTRIBUTION_MODELS)),
});
export type DefaultCampaignParameters = z.infer<typeof DefaultCampaignParameters>;
