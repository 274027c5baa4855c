// What an operator's probes ask (issue 24 §3): is the process alive (/healthz), and can it serve
// (/readyz): the database answers, every migration of this build is applied, and the task queue
// moves — no running task left without a heartbeat long past the stale limit (no worker alive to
// take it over), no due task waiting for minutes. Cheap (three small queries, no session), and
// the answer names only which check failed, never why: the probes are unauthenticated.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, MIGRATIONS_DIR, type Db } from '../../db/client';
import { STALE_AFTER_SEC } from '../tasks/repo';

export type CheckState = 'ok' | 'fail';
export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; worker: CheckState };
}

/** A running task this long without a heartbeat has no worker left to take it over. */
export const ORPHANED_AFTER_SEC = STALE_AFTER_SEC * 2;
/** A task due this long and still queued: no worker is taking tasks. */
export const QUEUE_STALLED_AFTER_SEC = 300;

let journalCount: number | undefined;
/** The migrations this build ships (read once: the folder does not change while running). */
function shippedMigrations(): number {
  journalCount ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  return journalCount;
}

async function check(run: () => Promise<boolean>): Promise<CheckState> {
  try {
    return (await run()) ? 'ok' : 'fail';
  } catch {
    return 'fail';
  }
}

export async function readiness(db: Db): Promise<Readiness> {
  const database = await check(async () => (await rows<{ one: number }>(db, sql`SELECT 1 AS one`))[0]?.one === 1);
  const migrations = database === 'ok'
    ? await check(async () => Number((await rows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`))[0]?.n) >= shippedMigrations())
    : 'fail';
  const worker = database === 'ok'
    ? await check(async () => {
      // A long task (a big history import) keeps the queue waiting while its heartbeat is fresh:
      // a busy worker is alive, so a waiting queue fails the check only with nobody beating.
      const [r] = await rows<{ orphaned: string | number; stalled: string | number; busy: string | number }>(db, sql`
        SELECT
          (SELECT count(*) FROM tasks WHERE status IN ('STARTED', 'PROGRESS') AND locked_at < now() - make_interval(secs => ${ORPHANED_AFTER_SEC})) AS orphaned,
          (SELECT count(*) FROM tasks WHERE status IN ('PENDING', 'RETRY') AND run_after < now() - make_interval(secs => ${QUEUE_STALLED_AFTER_SEC})) AS stalled,
          (SELECT count(*) FROM tasks WHERE status IN ('STARTED', 'PROGRESS') AND locked_at >= now() - make_interval(secs => ${STALE_AFTER_SEC})) AS busy`);
      return Number(r?.orphaned) === 0 && (Number(r?.stalled) === 0 || Number(r?.busy) > 0);
    })
    : 'fail';
  return { ready: database === 'ok' && migrations === 'ok' && worker === 'ok', checks: { database, migrations, worker } };
}
