// Waking idle workers when a task is queued (issue 21 §4): without it a task waited up to the
// worker's idle poll (1 s) before it started, which was most of a Sentinel answer's time.
//
// The signal is PostgreSQL's NOTIFY on both drivers. It is sent in the same transaction as the
// task's INSERT, and PostgreSQL delivers it only when that transaction commits (never on a
// rollback), so a woken worker always finds the row. An in-memory signal at enqueue time would
// fire before the enclosing transaction commits (most enqueues run inside `db.transaction`) and
// wake the worker to a row it cannot see yet. On PGlite the listener is an in-process callback
// of the one embedded backend; on a PostgreSQL server it is a connection of its own per worker,
// which also wakes `npm run worker` processes for tasks queued by the web processes.
//
// Waking is only a shortcut: claims stay `FOR UPDATE SKIP LOCKED` (repo.ts), so every woken
// worker races for the row and one wins, and the idle poll stays as the fallback for a lost
// notification, a listener that is reconnecting, and tasks whose run_after lies in the future.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const TASKS_CHANNEL = 'encore_tasks';

/** Sends the wake-up in `db`'s transaction (if any): delivered when it commits. */
export async function notifyTaskQueued(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${TASKS_CHANNEL}, '')`);
}

interface PgliteLike {
  listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
}
interface PoolLike {
  options: Record<string, unknown>;
}

/** The driver behind a drizzle database (drizzle keeps it as `$client`). */
function driverOf(db: Db): PgliteLike | PoolLike | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!client || typeof client !== 'object') return null;
  if (typeof (client as PgliteLike).listen === 'function') return client as PgliteLike;
  if ((client as PoolLike).options && typeof (client as { connect?: unknown }).connect === 'function') return client as PoolLike;
  return null;
}

export interface TaskListener {
  /** Resolves once the first LISTEN is in place (or failed; the poll covers that). */
  ready: Promise<void>;
  /** Stops listening and closes the listener's connection. */
  close: () => Promise<void>;
}

/** Calls `onQueued` whenever a task is queued anywhere on this database. */
export function listenForTasks(db: Db, onQueued: () => void, log: (msg: string) => void = () => {}, retryMs = 5000): TaskListener {
  const driver = driverOf(db);
  if (!driver) return { ready: Promise.resolve(), close: async () => {} };
  if ('listen' in driver) {
    const subscribed = driver.listen(TASKS_CHANNEL, () => onQueued()).catch((err: Error) => {
      log(`[worker] cannot listen for queued tasks, polling only: ${err.message}`);
      return null;
    });
    return {
      ready: subscribed.then(() => undefined),
      close: async () => {
        const unsubscribe = await subscribed;
        // The database may already be closed (tests close it after the worker); nothing to undo then.
        await unsubscribe?.().catch(() => {});
      },
    };
  }
  return listenOnServer(driver, onQueued, log, retryMs);
}

/** A dedicated connection (not one of the pool's) that LISTENs, and reconnects after a loss. */
function listenOnServer(pool: PoolLike, onQueued: () => void, log: (msg: string) => void, retryMs: number): TaskListener {
  type Client = import('pg').Client;
  let closed = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (closed) return;
    const { default: pg } = await import('pg');
    const c = new pg.Client(pool.options as import('pg').ClientConfig);
    c.on('notification', (msg) => {
      if (msg.channel === TASKS_CHANNEL) onQueued();
    });
    // A lost connection: poll only until a new one listens (a task queued meanwhile waits at
    // most one idle delay, so wake the worker once to look).
    c.on('error', (err) => {
      if (closed || client !== c) return;
      log(`[worker] task listener lost its connection, reconnecting: ${err.message}`);
      client = null;
      c.end().catch(() => {});
      onQueued();
      retry = setTimeout(() => void connect(), retryMs);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${TASKS_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
    } catch (err) {
      c.end().catch(() => {});
      if (closed) return;
      log(`[worker] cannot listen for queued tasks, polling only for now: ${(err as Error).message}`);
      retry = setTimeout(() => void connect(), retryMs);
    }
  };
  const ready = connect();
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
