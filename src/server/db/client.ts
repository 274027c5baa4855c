// The one database handle of the process: PGlite under DATA_DIR by default, a PostgreSQL server
// when DATABASE_URL is set. It lives on globalThis because the start script, the worker and the
// Astro server bundle each load their own copy of this module, and an embedded PGlite directory
// must be opened exactly once per process.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { config } from '../config';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Handle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL's connection pool, for the metrics (PGlite has one connection). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** The embedded database's consistent dump (a gzipped tarball), for `npm run backup`. */
  dump?: () => Promise<Blob>;
}

const KEY = Symbol.for('encore.db');
type Holder = { [KEY]?: Promise<Handle> };
const holder = globalThis as unknown as Holder;

export const MIGRATIONS_DIR = path.resolve(config.rootDir, 'src/server/db/migrations');

async function open(): Promise<Handle> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.dbPoolSize });
    const db = drizzle(pool, { schema });
    await migrateLocked(config.databaseUrl, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }));
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), pool };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The cache size is a setting because the history import CLI runs with a smaller one
  // (scripts/import-history-memory.ts). startParams replaces PGlite's own start parameters, so
  // they are passed along.
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${config.pgliteSharedBuffers}`] };
  let client;
  if (config.dataDir === 'memory://') {
    client = new PGlite(options);
  } else {
    // PGlite does not create parent folders (STACK.md trap).
    const dir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, options);
  }
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('gzip') };
}

/** pg_advisory_lock key held while migrating ("encore" migrations). */
export const MIGRATION_LOCK = 7316000;

/**
 * Runs `migrate` while holding a session-level advisory lock on a connection of its own (not the
 * pool's: a pool of one would wait for itself). Several processes starting at once on one server
 * (web processes, workers) migrate one after the other: drizzle's migrator reads the last applied
 * migration before its transaction, so two at once both applied everything and the second failed
 * on tables the first had made.
 */
export async function migrateLocked(databaseUrl: string, migrate: () => Promise<void>): Promise<void> {
  const { default: pg } = await import('pg');
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Ending the session releases the lock too; unlocking first frees it at once.
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await lock.end().catch(() => {});
  }
}

/** The migrated database; opened on first use. */
export function getHandle(): Promise<Handle> {
  holder[KEY] ??= open().catch((err) => {
    delete holder[KEY];
    throw err;
  });
  return holder[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

export async function closeDb(): Promise<void> {
  const pending = holder[KEY];
  if (!pending) return;
  delete holder[KEY];
  await (await pending).close();
}

/** Rows of a raw query, the same shape on both drivers. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
