// Graceful shutdown (issue 24 §3, src/server/lifecycle/shutdown.ts): a request under way when the
// signal comes still gets its answer and nothing new is accepted; past the deadline the rest is
// cut; the worker finishes its task, or hands it back at the deadline so the next claim takes it
// over at once instead of after STALE_AFTER_SEC; the database closes last.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { claimTask, enqueueTask } from '../../src/server/modules/tasks/repo';
import { registerTask } from '../../src/server/modules/tasks/registry';
import { startWorker } from '../../src/server/jobs/worker';
import { tasks } from '../../src/server/db/schema';
import { DEFAULT_GRACE_MS, graceFromEnv, isDraining, shutdown } from '../../src/server/lifecycle/shutdown';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** A server whose /slow answers after `ms` (never when ms < 0) and / at once. */
async function server(ms: number): Promise<{ srv: http.Server; url: string }> {
  const srv = http.createServer((req, res) => {
    if (req.url === '/slow') {
      if (ms >= 0) setTimeout(() => res.end('done'), ms);
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return { srv, url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}` };
}

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const started = (taskId: string, ran: Set<string>) =>
  new Promise<void>((resolve) => {
    const tick = () => (ran.has(taskId) ? resolve() : setTimeout(tick, 10));
    tick();
  });

describe('graceful shutdown', () => {
  it('answers the request under way, refuses new connections, and closes the database after both', async () => {
    const { srv, url } = await server(300);
    const order: string[] = [];
    const slow = get(`${url}/slow`).then((r) => (order.push('answered'), r));
    await new Promise((r) => setTimeout(r, 50));
    const done = shutdown({ server: srv, closeDb: async () => void order.push('db closed'), graceMs: 5_000 });
    expect(isDraining()).toBe(true);
    await expect(get(`${url}/`)).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toEqual({ status: 200, body: 'done' });
    const report = await done;
    expect(report.cutConnections).toBe(false);
    // The keep-alive connection is closed once idle, not left to its 5 s timeout.
    expect(report.ms).toBeLessThan(2_500);
    expect(order).toEqual(['answered', 'db closed']);
  });

  it('cuts a request still open at the deadline', async () => {
    const { srv, url } = await server(-1);
    const hanging = get(`${url}/slow`);
    await new Promise((r) => setTimeout(r, 50));
    const report = await shutdown({ server: srv, closeDb: async () => {}, graceMs: 200 });
    expect(report.cutConnections).toBe(true);
    expect(report.ms).toBeGreaterThanOrEqual(150);
    expect(report.ms).toBeLessThan(3_000);
    await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('lets the running task finish within the deadline', async () => {
    const ran = new Set<string>();
    registerTask('test.shutdown.short', async (_p, ctx) => {
      ran.add(ctx.taskId);
      await new Promise((r) => setTimeout(r, 200));
      return { ok: true };
    });
    const worker = startWorker(t.db, { idleDelayMs: 20, nightly: false, listen: false });
    const task = await enqueueTask(t.db, { kind: 'test.shutdown.short' });
    await started(task.id, ran);
    const report = await shutdown({ worker, closeDb: async () => {}, graceMs: 5_000 });
    expect(report.handedBack).toEqual([]);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe('SUCCESS');
  });

  it('hands a task still running at the deadline back, so the next claim takes it over at once', async () => {
    const ran = new Set<string>();
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    registerTask('test.shutdown.long', async (_p, ctx) => {
      ran.add(ctx.taskId);
      await blocked;
      return { ok: true };
    });
    const worker = startWorker(t.db, { idleDelayMs: 20, nightly: false, listen: false });
    const task = await enqueueTask(t.db, { kind: 'test.shutdown.long', maxAttempts: 3 });
    await started(task.id, ran);
    // Another worker cannot take a task whose lock is fresh…
    expect(await claimTask(t.db, 'other-worker')).toBeUndefined();
    const report = await shutdown({ worker, closeDb: async () => {}, graceMs: 150 });
    expect(report.handedBack).toEqual([task.id]);
    // …but takes the handed-back one now, counting the attempt (the crash rules apply).
    const taken = await claimTask(t.db, 'other-worker');
    expect(taken?.id).toBe(task.id);
    expect(taken?.attempts).toBe(2);
    release();
  });

  it('reads SHUTDOWN_GRACE_MS when it is a sensible number of milliseconds', () => {
    expect(graceFromEnv({})).toBe(DEFAULT_GRACE_MS);
    expect(graceFromEnv({ SHUTDOWN_GRACE_MS: '2500' })).toBe(2_500);
    expect(graceFromEnv({ SHUTDOWN_GRACE_MS: '0' })).toBe(0);
    for (const bad of ['', ' ', '-1', '1.5', 'abc', '1e9', '600001']) expect(graceFromEnv({ SHUTDOWN_GRACE_MS: bad })).toBe(DEFAULT_GRACE_MS);
  });
});
