// The forecast module: stored demand forecasts of events (event_forecasts), recomputed by the
// forecast.recompute task. Importing it registers the task.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { recomputeForecasts } from './recompute';
import { readForecast, type ForecastRow } from './store';

export { clearForecastCaches, recomputeForecasts, type RecomputeOptions, type RecomputeResult } from './recompute';
export { enqueueForecastRecompute, FORECAST_RECOMPUTE, RecomputePayload } from './tasks';
export { scheduleNightlyForecasts, nightlyScheduler } from './nightly';
export { loadPartnerEvents } from './load';
export type { ForecastRow } from './store';

/**
 * The stored forecast of one of the partner's events; computed on the spot when the event has
 * none yet (created since the last run). Undefined when the partner has no such event.
 */
export async function forecastFor(db: Db, partnerId: number, eventId: string): Promise<ForecastRow | undefined> {
  const stored = await readForecast(db, partnerId, eventId);
  if (stored) return stored;
  const [exists] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.partnerId, partnerId)))
    .limit(1);
  if (!exists) return undefined;
  await recomputeForecasts(db, partnerId, { eventIds: [eventId] });
  return readForecast(db, partnerId, eventId);
}
