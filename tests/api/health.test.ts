// Issue 24 §3: the operator's probes. Readiness fails on exactly the check that is wrong — an
// unapplied migration, a running task nobody beats for (no worker left), a queue waiting for
// minutes with nobody busy — and recovers when it is put right; a busy worker is no failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { rows } from '../../src/server/db/client';
import { enqueueTask } from '../../src/server/modules/tasks/repo';
import { ORPHANED_AFTER_SEC, QUEUE_STALLED_AFTER_SEC, readiness } from '../../src/server/modules/health/checks';
import { GET as healthz } from '../../src/pages/healthz';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
beforeEach(async () => {
  await rows(t.db, sql`DELETE FROM tasks`);
});

async function task(status: string, { lockedAgoSec, dueAgoSec }: { lockedAgoSec?: number; dueAgoSec?: number }) {
  const row = await enqueueTask(t.db, { kind: 'test.health', payload: {} });
  await rows(t.db, sql`UPDATE tasks SET status = ${status},
    locked_at = ${lockedAgoSec === undefined ? null : sql`now() - make_interval(secs => ${lockedAgoSec})`},
    run_after = now() - make_interval(secs => ${dueAgoSec ?? 0}) WHERE id = ${row.id}`);
  return row.id;
}

describe('GET /healthz', () => {
  it('answers 200 without touching the database', async () => {
    const res = await (healthz as () => Response)();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('readiness', () => {
  it('is ready on a migrated database with an idle queue', async () => {
    expect(await readiness(t.db)).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', worker: 'ok' } });
  });

  it('fails the migrations check when one of the shipped migrations is not applied, and recovers', async () => {
    const [last] = await rows<{ id: number; hash: string; created_at: string }>(t.db, sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`);
    await rows(t.db, sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last!.id}`);
    try {
      const r = await readiness(t.db);
      expect(r.ready).toBe(false);
      expect(r.checks).toEqual({ database: 'ok', migrations: 'fail', worker: 'ok' });
    } finally {
      await rows(t.db, sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await readiness(t.db)).ready).toBe(true);
  });

  it('fails the worker check for a running task without a heartbeat long past the stale limit', async () => {
    await task('PROGRESS', { lockedAgoSec: ORPHANED_AFTER_SEC + 5 });
    expect((await readiness(t.db)).checks.worker).toBe('fail');
  });

  it('a task stale for less than that is being taken over: still ready', async () => {
    await task('STARTED', { lockedAgoSec: ORPHANED_AFTER_SEC - 10 });
    expect((await readiness(t.db)).ready).toBe(true);
  });

  it('fails the worker check for a queue due for minutes with nobody busy, not while a worker beats', async () => {
    await task('PENDING', { dueAgoSec: QUEUE_STALLED_AFTER_SEC + 30 });
    expect((await readiness(t.db)).checks.worker).toBe('fail');
    await task('PROGRESS', { lockedAgoSec: 2 });
    expect((await readiness(t.db)).checks.worker).toBe('ok');
  });

  it('a task queued just now is no stall', async () => {
    await task('PENDING', { dueAgoSec: 5 });
    expect((await readiness(t.db)).ready).toBe(true);
  });
});
