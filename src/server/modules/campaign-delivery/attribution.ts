// spec 2 §4 "Attribution model" per event: GET and PUT /events/{id}/attribution_model. The
// event's own choice overrides the partner's (settings #system); the options are the viewer's
// (FD is not offered in the simplified mode, to product partners, or for product events).
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { attributionOptions, effectiveAttributionModel, isAttributionModel, type AttributionModel } from '../../../lib/attribution';
import type { EventAttribution } from '../../../lib/contracts/campaign-results';

export interface AttributionCtx {
  prisma: boolean;
  simpleUser: boolean;
  partnerDefault: string | null;
}

async function eventRow(db: Db, partnerId: number, eventId: string) {
  const [r] = await rows<{ model: string | null; category: string }>(db, sql`SELECT attribution_model AS model, category FROM events WHERE partner_id = ${partnerId} AND id = ${eventId}`);
  if (!r) throw notFound('Event');
  return r;
}

const optionsCtx = (ctx: AttributionCtx, category: string) => ({ prisma: ctx.prisma || category === 'product', simpleUser: ctx.simpleUser });

export async function eventAttribution(db: Db, partnerId: number, eventId: string, ctx: AttributionCtx): Promise<EventAttribution> {
  const r = await eventRow(db, partnerId, eventId);
  const o = optionsCtx(ctx, r.category);
  return {
    model: effectiveAttributionModel(r.model ?? ctx.partnerDefault, o),
    event_model: isAttributionModel(r.model) ? (r.model.toUpperCase() as AttributionModel) : null,
    options: attributionOptions(o),
  };
}

export async function setEventAttribution(db: Db, partnerId: number, eventId: string, model: AttributionModel, ctx: AttributionCtx): Promise<EventAttribution> {
  const r = await eventRow(db, partnerId, eventId);
  if (!attributionOptions(optionsCtx(ctx, r.category)).includes(model)) {
    throw new AppError(400, 'error.campaign.attributionModelNotOffered', `The ${model} attribution model is not available for this event`, 'model');
  }
  await db.execute(sql`UPDATE events SET attribution_model = ${model} WHERE partner_id = ${partnerId} AND id = ${eventId}`);
  return eventAttribution(db, partnerId, eventId, ctx);
}
