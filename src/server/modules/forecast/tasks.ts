// The forecast.recompute task: other modules ask for fresh forecasts (sales or event details
// changed) and the worker computes them in the background.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { enqueueTask, type TaskRow } from '../tasks/repo';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { recomputeForecasts } from './recompute';

export const FORECAST_RECOMPUTE = 'forecast.recompute';

/** Beyond this many queued event ids a partial run is no cheaper than a full one. */
const MAX_MERGED_IDS = 500;

export const RecomputePayload = z.object({
  partnerId: z.number().int().positive(),
  eventIds: z.array(z.string().min(1).max(64)).max(10_000).optional(),
  /** UTC day (YYYY-MM-DD) of a nightly run: the marker that keeps it to one per partner and day. */
  nightly: z.string().optional(),
});
export type RecomputePayload = z.infer<typeof RecomputePayload>;

registerTask(FORECAST_RECOMPUTE, async (payload, ctx) => {
  const parsed = RecomputePayload.safeParse(payload);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${FORECAST_RECOMPUTE} payload`);
  const { partnerId, eventIds } = parsed.data;
  if (ctx.partnerId !== null && ctx.partnerId !== partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
  return recomputeForecasts(ctx.db, partnerId, { eventIds });
});

interface PendingRow {
  id: string;
  payload: RecomputePayload;
}

/**
 * Asks for fresh forecasts of a partner's events (all that need it when `eventIds` is omitted).
 * Requests pile up while sales stream in, so one that is still waiting absorbs the next: a
 * pending full run covers everything, a pending partial run takes the new ids on board.
 */
export async function enqueueForecastRecompute(db: Db, partnerId: number, eventIds?: string[]): Promise<TaskRow> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // SKIP LOCKED: a task a worker is claiming right now is left alone and a new one queued.
    const [pending] = await rows<PendingRow>(
      tx,
      sql`SELECT id, payload FROM tasks
          WHERE kind = ${FORECAST_RECOMPUTE} AND partner_id = ${partnerId} AND status = 'PENDING'
            AND payload->>'nightly' IS NULL
          ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (pending) {
      const queued = pending.payload.eventIds;
      if (queued !== undefined) {
        const merged = eventIds === undefined ? undefined : [...new Set([...queued, ...eventIds])];
        const payload: RecomputePayload =
          merged === undefined || merged.length > MAX_MERGED_IDS ? { partnerId } : { partnerId, eventIds: merged };
        await tx.update(tasks).set({ payload, updatedAt: new Date() }).where(eq(tasks.id, pending.id));
      }
      const [row] = await tx.select().from(tasks).where(eq(tasks.id, pending.id));
      return row;
    }
    return enqueueTask(tx, {
      kind: FORECAST_RECOMPUTE,
      partnerId,
      payload: eventIds === undefined ? { partnerId } : { partnerId, eventIds: [...new Set(eventIds)] },
    });
  });
}
