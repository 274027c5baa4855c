// PUT /partners/attribution_model (spec 1 §7, settings #system): the partner's attribution
// model, within the options spec 2 §4 allows this viewer (src/lib/attribution.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { attributionOptions, type AttributionModel } from '../../../lib/attribution';
import type { Viewer } from '../auth/viewer';

export async function setAttributionModel(db: Db, viewer: Viewer & { partner: NonNullable<Viewer['partner']> }, model: AttributionModel): Promise<void> {
  const options = attributionOptions({ prisma: viewer.partner.product === 'prisma', simpleUser: viewer.features['simple-user'] });
  if (!options.includes(model)) {
    throw new AppError(400, 'error.partner.attributionModelNotOffered', `The ${model} attribution model is not available for this account`, 'model');
  }
  await db.update(partners).set({ attributionModelDefault: model }).where(eq(partners.id, viewer.partner.id));
}
