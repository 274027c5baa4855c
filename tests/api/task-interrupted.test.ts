// Issue 24 §1: a worker that dies while a task runs. Running tasks carry a heartbeat, so a dead
// worker's task is stale within STALE_AFTER_SEC (not 10 minutes); a stale task with attempts left
// runs again, one without is FAILURE error.task.interrupted and never runs again, and its module
// tidies up (a boost marks its setup so nobody publishes twice without looking).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { seedEventsFixture } from '../helpers/events-fixture';
import { seedAccounts } from '../../src/server/demo/accounts';
import { claimTask, enqueueTask, HEARTBEAT_MS, STALE_AFTER_SEC } from '../../src/server/modules/tasks/repo';
import { registerTask } from '../../src/server/modules/tasks/registry';
import { runOnce } from '../../src/server/jobs/worker';
import { setupProcesses, tasks, users } from '../../src/server/db/schema';
import { rows } from '../../src/server/db/client';
import { BOOST_TASK } from '../../src/server/modules/setup-process/boost-task-kind';
import '../../src/server/modules/setup-process/boost-task';

let t: TestDb;
let runs = 0;
const abandonedSeen: string[] = [];
registerTask('test.interruptible', async () => {
  runs += 1;
  return { runs };
}, { onAbandoned: async (task) => { abandonedSeen.push(task.id); } });

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
});
afterAll(() => t.close());

/** A task as a worker that then died left it: claimed, its last heartbeat `ageSec` ago. */
async function claimedAndLeft(kind: string, maxAttempts: number, ageSec: number, payload: unknown = {}) {
  const task = await enqueueTask(t.db, { kind, payload, maxAttempts, partnerId: 1001 });
  // Claim it as a worker would (other queued tasks are claimed first if older).
  let claimed = await claimTask(t.db, 'dead-worker');
  while (claimed && claimed.id !== task.id) claimed = await claimTask(t.db, 'dead-worker');
  expect(claimed?.id).toBe(task.id);
  await rows(t.db, sql`UPDATE tasks SET locked_at = now() - make_interval(secs => ${ageSec}) WHERE id = ${task.id}`);
  return task.id;
}
const stateOf = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];

describe('an interrupted task', () => {
  it('is detected within seconds: stale after well under a minute, heartbeats well inside that', () => {
    expect(STALE_AFTER_SEC).toBeLessThanOrEqual(60);
    expect(HEARTBEAT_MS * 3).toBeLessThan(STALE_AFTER_SEC * 1000);
  });

  it('with a fresh heartbeat stays with its worker', async () => {
    const id = await claimedAndLeft('test.interruptible', 3, 1);
    runs = 0;
    expect(await runOnce(t.db, 'other-worker')).toBe(false);
    expect(runs).toBe(0);
    expect((await stateOf(id)).lockedBy).toBe('dead-worker');
    await rows(t.db, sql`UPDATE tasks SET status = 'SUCCESS' WHERE id = ${id}`);
  });

  it('with attempts left runs again on another worker, counting the attempt', async () => {
    const id = await claimedAndLeft('test.interruptible', 2, STALE_AFTER_SEC + 5);
    runs = 0;
    expect(await runOnce(t.db, 'other-worker')).toBe(true);
    const row = await stateOf(id);
    expect(runs).toBe(1);
    expect(row.status).toBe('SUCCESS');
    expect(row.attempts).toBe(2);
  });

  it('without attempts left ends FAILURE error.task.interrupted, never runs again, and its module is told', async () => {
    const id = await claimedAndLeft('test.interruptible', 1, STALE_AFTER_SEC + 5);
    runs = 0;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runOnce(t.db, 'other-worker');
    await runOnce(t.db, 'third-worker');
    log.mockRestore();
    const row = await stateOf(id);
    expect(runs).toBe(0);
    expect(row.status).toBe('FAILURE');
    expect(row.result).toMatchObject({ error_code: 'error.task.interrupted' });
    expect(row.finishedAt).not.toBeNull();
    expect(abandonedSeen).toEqual([id]);
  });

  it('a running task renews its heartbeat while its handler works', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let release!: () => void;
    registerTask('test.slow', () => new Promise((resolve) => { release = () => resolve({ done: true }); }));
    const task = await enqueueTask(t.db, { kind: 'test.slow', partnerId: 1001 });
    const running = runOnce(t.db, 'live-worker');
    await vi.waitFor(async () => expect((await stateOf(task.id)).status).toBe('STARTED'));
    await rows(t.db, sql`UPDATE tasks SET locked_at = now() - interval '1 hour' WHERE id = ${task.id}`);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS + 10);
    await vi.waitFor(async () => {
      const age = await rows<{ s: number }>(t.db, sql`SELECT extract(epoch FROM now() - locked_at)::float AS s FROM tasks WHERE id = ${task.id}`);
      expect(age[0].s).toBeLessThan(60);
    });
    release();
    await running;
    vi.useRealTimers();
    expect((await stateOf(task.id)).status).toBe('SUCCESS');
  });

  it('a boost whose worker died is not published again: the task fails and the setup says to look on Meta first', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@encore.demo'));
    const [event] = await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1001 ORDER BY id LIMIT 1`);
    const [setup] = await t.db.insert(setupProcesses).values({ partnerId: 1001, eventId: event.id, userId: admin.id, goal: 'UTILIZATION', totalBudget: 500, startDate: '2026-12-01', endDate: '2026-12-10', status: 'synced' } as typeof setupProcesses.$inferInsert).returning();
    const id = await claimedAndLeft(BOOST_TASK, 1, STALE_AFTER_SEC + 5, { partnerId: 1001, setupId: setup.id });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runOnce(t.db, 'other-worker');
    log.mockRestore();
    expect((await stateOf(id)).result).toMatchObject({ error_code: 'error.task.interrupted' });
    const [after] = await t.db.select().from(setupProcesses).where(eq(setupProcesses.id, setup.id));
    expect(after.status).not.toBe('published');
    expect(after.error).toMatchObject({ error_code: 'error.setup.boost_interrupted' });
  });
});
