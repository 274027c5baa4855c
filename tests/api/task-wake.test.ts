// Issue 21 §4: a queued task wakes idle workers (NOTIFY on commit, tasks/wake.ts) instead of
// waiting for their next poll, and waking never hands one task to two workers.
//
// The workers here poll once a minute: a task that starts within the test's bound can only have
// been started by the wake-up (the bound is generous, 10 s, so a slow machine does not flake).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { enqueueTask } from '../../src/server/modules/tasks/repo';
import { registerTask } from '../../src/server/modules/tasks/registry';
import { startWorker, type RunningWorker } from '../../src/server/jobs/worker';
import { rows } from '../../src/server/db/client';
import { tasks } from '../../src/server/db/schema';

const POLL_MS = 60_000;
const BOUND_MS = 10_000;

let t: TestDb;
const runs = new Map<string, number>();
const waiting = new Map<string, () => void>();

registerTask('test.wake', async (_payload, ctx) => {
  runs.set(ctx.taskId, (runs.get(ctx.taskId) ?? 0) + 1);
  // Long enough that a second claim of the same task would overlap this run.
  await new Promise((r) => setTimeout(r, 5));
  waiting.get(ctx.taskId)?.();
  return { ok: true };
});

/** Resolves when the task has run; rejects after BOUND_MS (it would then be waiting for the poll). */
function ranWithinBound(taskId: string): Promise<void> {
  // A fast worker may have run it before the test got here.
  if (runs.has(taskId)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`task ${taskId} did not start within ${BOUND_MS} ms`)), BOUND_MS);
    waiting.set(taskId, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A worker that polls once a minute, started and idle (asleep) before the test queues anything. */
async function idleWorker(): Promise<RunningWorker> {
  let idle!: () => void;
  const asleep = new Promise<void>((r) => (idle = r));
  const worker = startWorker(t.db, { idleDelayMs: POLL_MS, nightly: false, onIdle: () => idle() });
  await worker.ready;
  await asleep;
  return worker;
}

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('waking the worker when a task is queued', () => {
  it('starts a task queued while the worker sleeps, long before its next poll', async () => {
    const worker = await idleWorker();
    try {
      // Queued inside a transaction, as the services do: the wake-up comes with the commit.
      const task = await t.db.transaction((tx) => enqueueTask(tx, { kind: 'test.wake' }));
      await ranWithinBound(task.id);
      // A second one after the worker went back to sleep is woken the same way.
      const again = await enqueueTask(t.db, { kind: 'test.wake' });
      await ranWithinBound(again.id);
    } finally {
      await worker.stop();
    }
  });

  it('does not wake for a transaction that rolled back (nothing to find) and keeps working after it', async () => {
    const worker = await idleWorker();
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await enqueueTask(tx, { kind: 'test.wake' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const task = await enqueueTask(t.db, { kind: 'test.wake' });
      await ranWithinBound(task.id);
    } finally {
      await worker.stop();
    }
  });

  it('never runs a task twice when several woken workers race for a burst of tasks', async () => {
    const workers = [await idleWorker(), await idleWorker(), await idleWorker()];
    try {
      const queued = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 ? enqueueTask(t.db, { kind: 'test.wake' }) : t.db.transaction((tx) => enqueueTask(tx, { kind: 'test.wake' })),
        ),
      );
      const ids = queued.map((q) => q.id);
      await Promise.all(ids.map((id) => ranWithinBound(id)));
      // Let the workers finish recording their outcomes.
      for (let i = 0; i < 100; i++) {
        const done = await t.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
        if (done.every((d) => d.status === 'SUCCESS')) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
      const stored = await t.db.select({ status: tasks.status, attempts: tasks.attempts }).from(tasks).where(inArray(tasks.id, ids));
      expect(stored).toHaveLength(30);
      expect(stored.every((s) => s.status === 'SUCCESS' && s.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  it('still finds tasks by polling when waking is off (the fallback)', async () => {
    let idle!: () => void;
    const asleep = new Promise<void>((r) => (idle = r));
    const worker = startWorker(t.db, { idleDelayMs: 50, nightly: false, listen: false, onIdle: () => idle() });
    try {
      await asleep;
      const task = await enqueueTask(t.db, { kind: 'test.wake' });
      await ranWithinBound(task.id);
    } finally {
      await worker.stop();
    }
  });

  it('leaves no listening connection behind once stopped', async () => {
    const worker = await idleWorker();
    await worker.stop();
    if (t.kind === 'postgres') {
      // A closed connection's backend exits shortly after the client hung up.
      let n = -1;
      for (let i = 0; i < 50 && n !== 0; i++) {
        if (i) await new Promise((r) => setTimeout(r, 50));
        [{ n }] = await rows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
        );
      }
      expect(n).toBe(0);
    }
    // Queuing after the stop neither throws nor runs anything.
    const task = await enqueueTask(t.db, { kind: 'test.wake' });
    const [row] = await t.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('PENDING');
    await t.db.delete(tasks).where(eq(tasks.id, task.id));
  });
});
