// Several processes on one PostgreSQL (issue 24 §2): web processes and workers that start at once
// all migrate at start; migrateLocked (src/server/db/client.ts) makes them take turns, so every
// one of them starts and each migration is applied once.
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateLocked, MIGRATIONS_DIR } from '../../src/server/db/client';

const serverUrl = process.env.TEST_DATABASE_URL;
const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `encore_migrate_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** One process's start: its own pool (of one connection, the smallest allowed), migrating. */
async function start(url: string, locked: boolean): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const run = () => migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
    await (locked ? migrateLocked(url, run) : run());
  } finally {
    await pool.end();
  }
}

describe.skipIf(!serverUrl)('migrations from several processes at once', () => {
  it('four processes starting together all start, and each migration is applied once', async () => {
    const url = await emptyDatabase();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => start(url, true)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: number; distinct_hashes: number }>('SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0]!.n).toBeGreaterThan(20);
    expect(rows[0]!.n).toBe(rows[0]!.distinct_hashes);
  }, 120_000);

  it('without the lock they collide (what the lock is for)', async () => {
    const url = await emptyDatabase();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => start(url, false)));
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
  }, 120_000);
});
