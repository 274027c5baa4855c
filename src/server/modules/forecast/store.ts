// Writes forecasts to event_forecasts: batched upserts, one statement per batch with one array
// parameter per column (the seed's unnest pattern), so a partner's thousands of events take a
// handful of round trips.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventForecasts } from '../../db/schema';
import { MODEL_VERSION, type Forecast } from '../../engines/forecast';

const BATCH = 500;

const arr = (values: unknown[]): SQL => sql`${sql.param(values)}`;

export async function storeForecasts(db: Db, partnerId: number, forecasts: readonly Forecast[], computedAt: Date): Promise<void> {
  for (let from = 0; from < forecasts.length; from += BATCH) {
    const f = forecasts.slice(from, from + BATCH);
    await db.execute(sql`
      INSERT INTO event_forecasts AS t
        (event_id, partner_id, computed_at, days_out, tickets_sold, now_value, now_benchmark, prediction_value,
         prediction_benchmark, predicted_tickets, interval_low, interval_high, expected_error, state, comparables, benchmark_curve,
         predicted_path, model_version)
      SELECT event_id, ${partnerId}::int, ${computedAt.toISOString()}::timestamptz, days_out, tickets_sold, now_value,
             now_benchmark, prediction_value, prediction_benchmark, predicted_tickets, interval_low, interval_high, expected_error,
             state, comparables,
             benchmark_curve::jsonb, predicted_path::jsonb, ${MODEL_VERSION}
      FROM unnest(
        ${arr(f.map((x) => x.eventId))}::text[], ${arr(f.map((x) => x.daysOut))}::int[],
        ${arr(f.map((x) => x.ticketsSold))}::int[], ${arr(f.map((x) => x.now.value))}::real[],
        ${arr(f.map((x) => x.now.benchmark))}::real[], ${arr(f.map((x) => x.prediction.value))}::real[],
        ${arr(f.map((x) => x.prediction.benchmark))}::real[], ${arr(f.map((x) => x.predictedTickets))}::int[],
        ${arr(f.map((x) => x.interval?.low ?? null))}::real[], ${arr(f.map((x) => x.interval?.high ?? null))}::real[],
        ${arr(f.map((x) => x.expectedError))}::int[],
        ${arr(f.map((x) => x.state))}::text[], ${arr(f.map((x) => x.comparables))}::int[],
        ${arr(f.map((x) => JSON.stringify(x.benchmarkCurve)))}::text[], ${arr(f.map((x) => JSON.stringify(x.predictedPath)))}::text[]
      ) AS u(event_id, days_out, tickets_sold, now_value, now_benchmark, prediction_value, prediction_benchmark,
             predicted_tickets, interval_low, interval_high, expected_error, state, comparables, benchmark_curve, predicted_path)
      ON CONFLICT (event_id) DO UPDATE SET
        computed_at = excluded.computed_at, days_out = excluded.days_out, tickets_sold = excluded.tickets_sold,
        now_value = excluded.now_value, now_benchmark = excluded.now_benchmark,
        prediction_value = excluded.prediction_value, prediction_benchmark = excluded.prediction_benchmark,
        predicted_tickets = excluded.predicted_tickets, interval_low = excluded.interval_low,
        interval_high = excluded.interval_high, expected_error = excluded.expected_error, state = excluded.state, comparables = excluded.comparables,
        benchmark_curve = excluded.benchmark_curve, predicted_path = excluded.predicted_path,
        model_version = excluded.model_version
      -- An event id belongs to one partner; never let one partner's run overwrite another's row.
      WHERE t.partner_id = excluded.partner_id`);
  }
}

export type ForecastRow = typeof eventForecasts.$inferSelect;

export async function readForecast(db: Db, partnerId: number, eventId: string): Promise<ForecastRow | undefined> {
  const [row] = await db
    .select()
    .from(eventForecasts)
    .where(and(eq(eventForecasts.eventId, eventId), eq(eventForecasts.partnerId, partnerId)))
    .limit(1);
  return row;
}
