// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (second pass of `npm test`).
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

const MIGRATIONS = 'src/server/db/migrations';

export interface TestDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const name = `encore_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  let closing = false;
  // A backend that is still saying goodbye when the database is dropped answers FATAL 57P01 to a
  // client that has no query left to fail: without a listener that is an uncaught exception.
  pool.on('connect', (client) => client.on('error', (err) => {
    if (!closing) throw err;
  }));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: async () => {
      closing = true;
      await pool.end();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      // Let sessions that are still closing go first; FORCE only for what a test left behind.
      for (let attempt = 0; ; attempt++) {
        try {
          await drop.query(`DROP DATABASE IF EXISTS ${name}${attempt < 20 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (err) {
          if (attempt >= 20) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await drop.end();
    },
  };
}
