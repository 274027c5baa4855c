// Nightly freshness: d changes every day, so every partner's upcoming events are recomputed once
// per UTC day. Workers call this when idle; the marker is the day's task itself, and the check
// and insert run under one advisory lock, so several workers (web processes, `npm run worker`)
// queue one run per partner and day between them.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { DAY_MS, MODEL_VERSION } from '../../engines/forecast';
import { enqueueTask } from '../tasks/repo';
import { FORECAST_RECOMPUTE } from './tasks';
import { nowMs as clockMs } from '../../lib/clock';

const NIGHTLY_LOCK = 7316042;

export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether every upcoming event of the partner has a forecast of the current model made today. */
async function freshToday(db: Db, partnerId: number, nowMs: number): Promise<boolean> {
  const dayStart = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString();
  const [r] = await rows<{ stale: number }>(
    db,
    sql`SELECT count(*)::int AS stale
        FROM events e LEFT JOIN event_forecasts f ON f.event_id = e.id AND f.partner_id = e.partner_id
        WHERE e.partner_id = ${partnerId} AND e.start_date_time > ${new Date(nowMs).toISOString()}::timestamptz
          AND (f.event_id IS NULL OR f.computed_at < ${dayStart}::timestamptz OR f.model_version <> ${MODEL_VERSION})`,
  );
  return r.stale === 0;
}

/** Queues today's run for every partner with demand prediction that has none yet; returns the partners queued. */
export async function scheduleNightlyForecasts(db: Db, nowMs = clockMs()): Promise<number[]> {
  const day = utcDate(nowMs);
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${NIGHTLY_LOCK})`);
    const due = await rows<{ id: number }>(
      tx,
      sql`SELECT p.id FROM partners p
          WHERE p.demand_prediction
            AND NOT EXISTS (
              SELECT 1 FROM tasks t
              WHERE t.kind = ${FORECAST_RECOMPUTE} AND t.partner_id = p.id AND t.payload->>'nightly' = ${day})
          ORDER BY p.id`,
    );
    const queued: number[] = [];
    for (const { id } of due) {
      const payload = { partnerId: id, nightly: day };
      if (await freshToday(tx, id, nowMs)) {
        // Computed today already (a seed, a restart after the nightly run): mark the day as done.
        await tx.insert(tasks).values({ kind: FORECAST_RECOMPUTE, partnerId: id, payload, status: 'SUCCESS', result: { skipped: 'fresh' }, finishedAt: new Date(nowMs) });
      } else {
        await enqueueTask(tx, { kind: FORECAST_RECOMPUTE, partnerId: id, payload });
        queued.push(id);
      }
    }
    return queued;
  });
}

/** At most one check per interval per process: the check is one query, but idle ticks come every second. */
export function nightlyScheduler(db: Db, intervalMs = 60_000): (nowMs?: number) => Promise<void> {
  let last = -Infinity;
  return async (nowMs = clockMs()) => {
    if (nowMs - last < intervalMs) return;
    last = nowMs;
    await scheduleNightlyForecasts(db, nowMs);
  };
}
