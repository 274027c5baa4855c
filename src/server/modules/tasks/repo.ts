// The tasks table as a queue (ARCHITECTURE.md §3 Tasks). Claims use FOR UPDATE SKIP LOCKED so any
// number of workers, in the web process or `npm run worker`, can share it.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { tasks } from '../../db/schema';
import type { TaskStatus } from '../../../lib/contracts/tasks';
import { notifyTaskQueued } from './wake';
import { TASK_INTERRUPTED } from './failure';

export type TaskRow = typeof tasks.$inferSelect;

export async function enqueueTask(
  db: Db,
  input: { kind: string; payload?: unknown; partnerId?: number | null; userId?: string | null; maxAttempts?: number; runAfter?: Date },
): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({
      kind: input.kind,
      payload: input.payload ?? {},
      partnerId: input.partnerId ?? null,
      userId: input.userId ?? null,
      maxAttempts: input.maxAttempts ?? 3,
      runAfter: input.runAfter ?? new Date(),
    })
    .returning();
  // Idle workers start it now instead of at their next poll (wake.ts); a task due later is found
  // by the poll.
  if (row.runAfter.getTime() <= Date.now()) await notifyTaskQueued(db);
  return row;
}

/** A task visible to a partner (tasks of another partner are not found). */
export async function findPartnerTask(db: Db, id: string, partnerId: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(and(eq(tasks.id, id), eq(tasks.partnerId, partnerId))).limit(1);
  return row;
}

/**
 * A running task's worker renews `locked_at` this often (worker.ts), so a worker that died (kill
 * -9, a lost machine) shows within seconds: its task is stale once no heartbeat came for
 * STALE_AFTER_SEC — six missed beats, room for a busy event loop or a slow database.
 */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_SEC = 30;

/** The worker's sign of life for a task it runs; a task it no longer holds is left alone. */
export async function heartbeat(db: Db, id: string, workerId: string): Promise<void> {
  await rows(db, sql`UPDATE tasks SET locked_at = now() WHERE id = ${id} AND locked_by = ${workerId} AND status IN ('STARTED', 'PROGRESS')`);
}

export interface AbandonedTask {
  id: string;
  kind: string;
  payload: unknown;
  partner_id: number | null;
}

/**
 * A stopping worker hands its running tasks back (graceful shutdown past its deadline): their lock
 * is made stale at once, so the next claim takes them over under the same rules as after a crash
 * (attempts counted, a boost reconciles first) without waiting STALE_AFTER_SEC. Returns their ids.
 */
export async function handBackTasks(db: Db, workerId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`UPDATE tasks SET locked_at = now() - make_interval(secs => ${STALE_AFTER_SEC + 1})
        WHERE locked_by = ${workerId} AND status IN ('STARTED', 'PROGRESS') RETURNING id`,
  );
  return r.map((x) => x.id);
}

/**
 * Stale tasks that have used their attempts end FAILURE with TASK_INTERRUPTED instead of running
 * again (a boost has one attempt: a blind re-run could publish a second campaign). Returned so
 * their modules can tidy up (registry.ts onAbandoned).
 */
export async function failAbandonedTasks(db: Db): Promise<AbandonedTask[]> {
  return rows<AbandonedTask>(
    db,
    sql`UPDATE tasks SET status = 'FAILURE', result = ${JSON.stringify(TASK_INTERRUPTED)}::jsonb, finished_at = now(), updated_at = now(),
          locked_at = NULL, locked_by = NULL
        WHERE status IN ('STARTED', 'PROGRESS') AND attempts >= max_attempts
          AND locked_at < now() - make_interval(secs => ${STALE_AFTER_SEC})
        RETURNING id, kind, payload, partner_id`,
  );
}

interface RawTask {
  id: string;
  kind: string;
  payload: unknown;
  partner_id: number | null;
  user_id: string | null;
  attempts: number;
  max_attempts: number;
}

export async function claimTask(db: Db, workerId: string): Promise<RawTask | undefined> {
  const [row] = await rows<RawTask>(
    db,
    sql`UPDATE tasks SET status = 'STARTED', locked_at = now(), locked_by = ${workerId},
          attempts = attempts + 1, updated_at = now()
        WHERE id = (
          SELECT id FROM tasks
          WHERE (status IN ('PENDING', 'RETRY') AND run_after <= now())
             OR (status IN ('STARTED', 'PROGRESS') AND locked_at < now() - make_interval(secs => ${STALE_AFTER_SEC}))
          ORDER BY run_after
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, partner_id, user_id, attempts, max_attempts`,
  );
  return row;
}

export async function setTaskState(db: Db, id: string, status: TaskStatus, result: unknown, extra: { runAfter?: Date } = {}): Promise<void> {
  const done = status === 'SUCCESS' || status === 'FAILURE' || status === 'REVOKED';
  await db
    .update(tasks)
    .set({
      status,
      result: result ?? null,
      updatedAt: new Date(),
      finishedAt: done ? new Date() : null,
      ...(status === 'RETRY' ? { lockedAt: null, lockedBy: null, runAfter: extra.runAfter ?? new Date() } : {}),
    })
    // A revoked task keeps REVOKED: a handler that could not be interrupted must not turn it into
    // SUCCESS or FAILURE when it returns (POST /nlq/cancel/{task_id}).
    .where(and(eq(tasks.id, id), ne(tasks.status, 'REVOKED')));
}

/** Revoking a task that has not finished; a finished task keeps its state. */
export async function revokeTask(db: Db, id: string, partnerId: number): Promise<boolean> {
  const res = await rows<{ id: string }>(
    db,
    sql`UPDATE tasks SET status = 'REVOKED', finished_at = now(), updated_at = now()
        WHERE id = ${id} AND partner_id = ${partnerId} AND status IN ('PENDING', 'RETRY', 'STARTED', 'PROGRESS')
        RETURNING id`,
  );
  return res.length > 0;
}
