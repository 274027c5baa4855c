// Housekeeping tasks of the platform itself.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { registerTask } from './registry';
import { enqueueTask } from './repo';
import { PURGE_UPLOADS } from '../storage/purge';
import { PURGE_META_GRANTS } from '../meta-connect/purge-task';
import { CAMPAIGN_DELIVERY } from '../campaign-delivery/task';
import { now as clockNow, nowMs as clockMs } from '../../lib/clock';

export const PURGE_SESSIONS = 'maintenance.purge_sessions';

// Ended sessions are kept a week for the "your sessions" list, then deleted.
// Session times come from the server's clock (ENCORE_NOW may move it), so the cut-off does too.
registerTask(PURGE_SESSIONS, async (_payload, { db }) => {
  const t = clockNow().toISOString();
  const deleted = await rows<{ id: string }>(
    db,
    sql`DELETE FROM sessions WHERE (revoked_at IS NOT NULL OR COALESCE(refresh_expires_at, expires_at) < ${t}::timestamptz) AND last_seen_at < ${t}::timestamptz - interval '7 days' RETURNING id`,
  );
  return { deleted: deleted.length };
});

/** The housekeeping every deployment runs once per UTC day, and the campaigns' delivery of the day before. */
export const DAILY_MAINTENANCE = [PURGE_SESSIONS, PURGE_UPLOADS, PURGE_META_GRANTS, CAMPAIGN_DELIVERY] as const;
const MAINTENANCE_LOCK = 7316043;

/**
 * Queues today's housekeeping tasks that are not queued yet. The day's task is its own marker and
 * the check runs under an advisory lock, so several workers queue each task once per day.
 */
export async function scheduleDailyMaintenance(db: Db, nowMs = clockMs()): Promise<string[]> {
  const day = new Date(nowMs).toISOString().slice(0, 10);
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
    const queued: string[] = [];
    for (const kind of DAILY_MAINTENANCE) {
      const done = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${tasks} WHERE ${tasks.kind} = ${kind} AND ${tasks.payload}->>'day' = ${day}`);
      if (done[0]!.n > 0) continue;
      await enqueueTask(tx, { kind, payload: { day } });
      queued.push(kind);
    }
    return queued;
  });
}

/** At most one check per interval per process (idle worker ticks come every second). */
export function dailyMaintenanceScheduler(db: Db, intervalMs = 60_000): (nowMs?: number) => Promise<void> {
  let last = -Infinity;
  return async (nowMs = clockMs()) => {
    if (nowMs - last < intervalMs) return;
    last = nowMs;
    await scheduleDailyMaintenance(db, nowMs);
  };
}
