// GET /tasks/{id} and the worker: Celery-style states, SKIP LOCKED claims, retries, tenancy.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { enqueueTask, claimTask } from '../../src/server/modules/tasks/repo';
import { registerTask, PermanentTaskError } from '../../src/server/modules/tasks/registry';
import { runOnce } from '../../src/server/jobs/worker';
import { tasks, sessions, users } from '../../src/server/db/schema';
import { PURGE_SESSIONS } from '../../src/server/modules/tasks/maintenance';
import { AppError } from '../../src/server/lib/errors';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let prisma: string;
/** Tasks a test reads are the admin's own: GET /tasks/{id} shows a user the tasks they started. */
let mine: { partnerId: number; userId: string };

registerTask('test.sum', async (payload, ctx) => {
  const { a, b } = payload as { a: number; b: number };
  await ctx.progress({ step: 1 });
  return { sum: a + b };
});
let flaky = 0;
registerTask('test.flaky', async () => {
  flaky += 1;
  if (flaky < 2) throw new Error('temporary outage');
  return { ok: true };
});
registerTask('test.broken', async () => {
  throw new PermanentTaskError('bad payload');
});
registerTask('test.leaky', async () => {
  throw new Error('relation "secret_table" does not exist at /srv/encore/src/server/db.ts:12');
});
registerTask('test.user_error', async () => {
  throw new AppError(400, 'error.sales_edit.invalid_date_range', 'The end date cannot be after the event');
});

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  const [adminUser] = await t.db.select().from(users).where(eq(users.email, 'admin@encore.demo'));
  mine = { partnerId: 1001, userId: adminUser.id };
});
afterAll(() => t.close());

async function drain() {
  while (await runOnce(t.db, 'test-worker')) {
    /* run until the queue is empty */
  }
}

describe('tasks', () => {
  it('reports PENDING, then SUCCESS with the result once a worker ran it', async () => {
    const task = await enqueueTask(t.db, { kind: 'test.sum', payload: { a: 2, b: 3 }, ...mine });
    const pending = await (await api.request(`/api/v3/tasks/${task.id}`, { token: admin })).json();
    expect(pending).toEqual({ task_id: task.id, ready: false, status: 'PENDING', result: null });
    await drain();
    const done = await (await api.request(`/api/v3/tasks/${task.id}`, { token: admin })).json();
    expect(done).toEqual({ task_id: task.id, ready: true, status: 'SUCCESS', result: { sum: 5 } });
  });

  it('retries a failing task with back-off, then succeeds', async () => {
    const task = await enqueueTask(t.db, { kind: 'test.flaky', ...mine });
    await runOnce(t.db, 'w');
    const [afterFirst] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(afterFirst.status).toBe('RETRY');
    expect(afterFirst.runAfter.getTime()).toBeGreaterThan(Date.now());
    await t.db.update(tasks).set({ runAfter: new Date(Date.now() - 1000) }).where(eq(tasks.id, task.id));
    await runOnce(t.db, 'w');
    const [final] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(final.status).toBe('SUCCESS');
    expect(final.attempts).toBe(2);
  });

  it('fails at once on a permanent error and on an unknown kind', async () => {
    const a = await enqueueTask(t.db, { kind: 'test.broken', ...mine });
    const b = await enqueueTask(t.db, { kind: 'no.such.kind', ...mine });
    await drain();
    for (const id of [a.id, b.id]) {
      const body = await (await api.request(`/api/v3/tasks/${id}`, { token: admin })).json();
      expect(body.status).toBe('FAILURE');
      expect(body.ready).toBe(true);
      expect(body.result).toEqual({ error_code: 'error.task.failed', message: 'The task failed. Please try again.' });
    }
  });

  // Security hardening: a handler's raw error (SQL, paths, internals) went to the browser.
  it('answers a failure with an error code and a safe message; the raw error goes only to the log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const leak = await enqueueTask(t.db, { kind: 'test.leaky', ...mine, maxAttempts: 1 });
      const user = await enqueueTask(t.db, { kind: 'test.user_error', ...mine, maxAttempts: 1 });
      await drain();
      const leaked = await (await api.request(`/api/v3/tasks/${leak.id}`, { token: admin })).json();
      expect(leaked).toMatchObject({ status: 'FAILURE', ready: true, result: { error_code: 'error.task.failed', message: 'The task failed. Please try again.' } });
      expect(JSON.stringify(leaked)).not.toContain('secret_table');
      expect(logged.mock.calls.flat().map(String).join(' ')).toContain('secret_table');
      // An AppError is written for users: its code and message pass through.
      const shown = await (await api.request(`/api/v3/tasks/${user.id}`, { token: admin })).json();
      expect(shown.result).toEqual({ error_code: 'error.sales_edit.invalid_date_range', message: 'The end date cannot be after the event' });
      // A RETRY shows the same safe result while it waits.
      const retry = await enqueueTask(t.db, { kind: 'test.leaky', ...mine, maxAttempts: 3 });
      await runOnce(t.db, 'w');
      const waiting = await (await api.request(`/api/v3/tasks/${retry.id}`, { token: admin })).json();
      expect(waiting).toMatchObject({ status: 'RETRY', result: { error_code: 'error.task.failed' } });
      await t.db.delete(tasks).where(eq(tasks.id, retry.id));
      // Rows written before this rule (raw {error}) are answered safely as well.
      const old = await enqueueTask(t.db, { kind: 'test.sum', ...mine });
      await t.db.update(tasks).set({ status: 'FAILURE', result: { error: 'relation "secret_table" does not exist' } }).where(eq(tasks.id, old.id));
      const oldBody = await (await api.request(`/api/v3/tasks/${old.id}`, { token: admin })).json();
      expect(oldBody.result).toEqual({ error_code: 'error.task.failed', message: 'The task failed. Please try again.' });
    } finally {
      logged.mockRestore();
    }
  });

  it('never hands one task to two workers', async () => {
    const task = await enqueueTask(t.db, { kind: 'test.sum', payload: { a: 1, b: 1 }, ...mine });
    const [first, second] = await Promise.all([claimTask(t.db, 'w1'), claimTask(t.db, 'w2')]);
    const claimed = [first, second].filter(Boolean);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]!.id).toBe(task.id);
    await t.db.delete(tasks).where(eq(tasks.id, task.id));
  });

  it("answers 404 for another partner's task and 400 for a malformed id", async () => {
    const task = await enqueueTask(t.db, { kind: 'test.sum', payload: { a: 1, b: 2 }, ...mine });
    const other = await api.request(`/api/v3/tasks/${task.id}`, { token: prisma });
    expect(other.status).toBe(404);
    expect((await errorOf(other)).error_code).toBe('error.common.notFound');
    const bad = await api.request('/api/v3/tasks/not-a-uuid', { token: admin });
    expect(bad.status).toBe(400);
    await errorOf(bad);
    expect((await api.request(`/api/v3/tasks/${task.id}`)).status).toBe(401);
    await drain();
  });

  it('shows a user the tasks they started; colleagues only what a module shares, with its permission (issue 24 §1)', async () => {
    // The analyst (lookout, sales; no sentinel, settings or wave) read the admin's Sentinel answer,
    // import outcome and boost by id before.
    const analyst = (await api.signIn('analyst@encore.demo')).token;
    const own = [
      await enqueueTask(t.db, { kind: 'nlq.question', ...mine, payload: {} }),
      await enqueueTask(t.db, { kind: 'history.import', ...mine, payload: {} }),
      await enqueueTask(t.db, { kind: 'meta-connect.exchange', ...mine, payload: {} }),
      await enqueueTask(t.db, { kind: 'setup_process.boost', ...mine, payload: {} }),
    ];
    const recompute = await enqueueTask(t.db, { kind: 'forecast.recompute', partnerId: 1001, payload: { partnerId: 1001 } });
    try {
      for (const task of own) {
        expect((await api.request(`/api/v3/tasks/${task.id}`, { token: admin })).status, task.kind).toBe(200);
        const other = await api.request(`/api/v3/tasks/${task.id}`, { token: analyst });
        expect(other.status, task.kind).toBe(404);
        expect((await errorOf(other)).error_code).toBe('error.common.notFound');
      }
      // A forecast refresh the system started: anyone who sees the events' numbers may follow it.
      expect((await api.request(`/api/v3/tasks/${recompute.id}`, { token: analyst })).status).toBe(200);
    } finally {
      for (const task of [...own, recompute]) await t.db.delete(tasks).where(eq(tasks.id, task.id));
    }
  });

  it('purges long-ended sessions in the maintenance task', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, 'admin@encore.demo'));
    const old = new Date(Date.now() - 30 * 86_400_000);
    await t.db.insert(sessions).values({ userId: user.id, tokenHash: 'old-hash', expiresAt: old, lastSeenAt: old });
    const task = await enqueueTask(t.db, { kind: PURGE_SESSIONS });
    await drain();
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('SUCCESS');
    expect((row.result as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, 'old-hash'))).toHaveLength(0);
  });
});
