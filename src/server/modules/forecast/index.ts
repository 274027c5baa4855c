// The forecast module: stored demand forecasts of events (event_forecasts), recomputed by the
// forecast.recompute task. Importing it registers the task.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { Benchmark } from '../../../lib/contracts/events';
import { recomputeForecasts } from './recompute';
import { readForecast, type ForecastRow } from './store';

export { clearForecastCaches, recomputeForecasts, type RecomputeOptions, type RecomputeResult } from './recompute';
export { enqueueForecastRecompute, FORECAST_RECOMPUTE, RecomputePayload } from './tasks';
export { scheduleNightlyForecasts, nightlyScheduler } from './nightly';
export { loadPartnerEvents, SOLD_TICKET } from './load';
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

/** A stored forecast in the shape of the API (spec 1 §3 Benchmark). */
export function toBenchmark(row: ForecastRow | undefined): Benchmark {
  if (!row) {
    return {
      now: { value: null, benchmark: null },
      prediction: { value: null, benchmark: null },
      state: 'no_data',
      days_out: null,
      tickets_sold: 0,
      predicted_tickets: null,
      comparables: 0,
      computed_at: null,
    };
  }
  const one = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    now: { value: one(row.nowValue), benchmark: one(row.nowBenchmark) },
    prediction: { value: one(row.predictionValue), benchmark: one(row.predictionBenchmark) },
    state: row.state,
    days_out: row.daysOut,
    tickets_sold: row.ticketsSold,
    predicted_tickets: row.predictedTickets,
    comparables: row.comparables,
    computed_at: row.computedAt.toISOString(),
  };
}
