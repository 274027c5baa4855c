// GET /events/{id}/default_campaigns_parameters (spec 1 §7, spec 2 §7 "Event-level"): the values a
// new campaign setup for the event starts from. Every rule is the wizard's own
// (lib/campaigns/setup-defaults: goal, runtime, budget snapping, age range, targeting mode), the
// budget range is budget_min_max's for the default runtime, and the attribution model the one in
// force for the event (campaign-delivery/attribution). Contract: lib/contracts/campaign-defaults.ts.
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { now as clockNow } from '../../lib/clock';
import { getEventItem } from '../events/item';
import { budgetMinMax } from '../campaign-budget';
import { eventAttribution, type AttributionCtx } from '../campaign-delivery/attribution';
import { targetingModeOptions } from '../../../lib/campaigns/setup-rules';
import {
  DEFAULT_AGE_RANGE,
  DEFAULT_CUSTOM_EVENT_TYPE,
  DEFAULT_GOAL,
  GOALS,
  boundsOf,
  defaultBudget,
  defaultRuntime,
  defaultTargetingMode,
  runtimeDays,
} from '../../../lib/campaigns/setup-defaults';
import type { DefaultCampaignParameters } from '../../../lib/contracts/campaign-defaults';

const utcDay = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/**
 * The defaults for the partner's event; 404 for another partner's (or no) event. An event that has
 * begun has no runtime before it, so there are no defaults to give: 409, rather than a runtime of
 * "today" ending after the event that the wizard would only warn about.
 */
export async function defaultCampaignParameters(db: Db, ctx: AttributionCtx & { partnerId: number }, eventId: string, now = clockNow()): Promise<DefaultCampaignParameters> {
  const event = await getEventItem(db, ctx.partnerId, eventId, now);
  if (Date.parse(event.start_date_time) <= now.getTime()) {
    throw new AppError(409, 'error.campaign.defaults.event_past', 'The event has begun: no campaign can be set up for it.', undefined, undefined, undefined, { event_date: event.start_date_time });
  }
  const { start, end } = defaultRuntime(utcDay(event.start_date_time), utcDay(now));
  const days = runtimeDays(start, end);
  const range = (await budgetMinMax(db, ctx.partnerId, eventId, days)).content;
  const bounds = boundsOf(range);
  const attribution = await eventAttribution(db, ctx.partnerId, eventId, ctx);
  // spec 2 §4: the wave condition (a prisma partner, whose customers Encore does not know) leaves
  // only the geographic modes; no audience is chosen when a setup starts.
  const geoOnly = ctx.prisma;
  return {
    event_id: event.id,
    currency: range.currency,
    goal: DEFAULT_GOAL,
    goals: [...GOALS],
    custom_event_type: DEFAULT_CUSTOM_EVENT_TYPE,
    start_date: start,
    end_date: end,
    runtime_in_days: days,
    total_budget: defaultBudget(bounds),
    budget_abs_min: bounds.min,
    budget_min: bounds.recommendedMin,
    budget_max: bounds.max,
    age_range: { ...DEFAULT_AGE_RANGE },
    targeting_mode: defaultTargetingMode(geoOnly),
    targeting_modes: targetingModeOptions(false, geoOnly),
    attribution_model: attribution.model,
    attribution_models: attribution.options,
  };
}
