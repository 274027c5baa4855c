// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (second pass of `npm test`). `seeded: true` gives
// it the demo seed (seedIfEmpty) as well. Both are clones of templates built once per run
// (./db-templates.ts, tests/setup/db-templates.ts); without a usable template the file migrates
// and seeds itself, as before.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { MIGRATIONS, sameContext, seedContext, templateFiles, waitForTemplate, type SeedContext } from './db-templates';

export interface TestDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export interface TestDbOptions {
  /** With the demo seed (seedIfEmpty at today's date, by the server clock). */
  seeded?: boolean;
}

async function templatesDir(): Promise<string | undefined> {
  // Also used outside vitest (bench/, tests/nlq-accuracy): no templates there.
  if (!process.env.VITEST) return undefined;
  try {
    const { inject } = await import('vitest');
    return inject('dbTemplates');
  } catch {
    return undefined;
  }
}

/** The template to clone: its file (PGlite) or database name (PostgreSQL); null: none usable. */
async function template(seeded: boolean, kind: 'pglite' | 'postgres'): Promise<string | null> {
  const dir = await templatesDir();
  if (!dir) return null;
  const files = templateFiles(dir);
  const file = kind === 'pglite' ? (seeded ? files.seeded : files.migrated) : seeded ? files.pgSeeded : files.pgMigrated;
  if (!(await waitForTemplate(dir, file))) return null;
  if (seeded) {
    const built = JSON.parse(fs.readFileSync(files.context, 'utf8')) as SeedContext;
    if (!sameContext(built, await seedContext())) return null;
  }
  return kind === 'pglite' ? file : fs.readFileSync(file, 'utf8');
}

/** What seeding does outside the database: the demo upload's file in this process's store. */
async function afterClone(db: Db): Promise<void> {
  const { uploads } = schema;
  const { demoUploadRef, storeDemoUploadFile } = await import('../../src/server/demo/uploads');
  const { DEMO_PARTNERS } = await import('../../src/server/demo/accounts');
  const ids = new Set((await db.select({ id: uploads.id }).from(uploads)).map((r) => r.id));
  for (const p of DEMO_PARTNERS) {
    if (ids.has(demoUploadRef(p.id).uploadId)) await storeDemoUploadFile(p.id);
  }
}

async function seedHere(t: TestDb): Promise<TestDb> {
  const { seedIfEmpty } = await import('../../src/server/demo/index');
  await seedIfEmpty(t.db);
  return t;
}

export async function createTestDb(opts: TestDbOptions = {}): Promise<TestDb> {
  const seeded = opts.seeded ?? false;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const tpl = await template(seeded, 'pglite');
    if (!tpl && seeded) return seedHere(await createTestDb());
    const client = tpl ? new PGlite({ loadDataDir: new Blob([fs.readFileSync(tpl)]) }) : new PGlite();
    const db = drizzlePglite(client, { schema });
    if (!tpl) await migratePglite(db, { migrationsFolder: MIGRATIONS });
    if (seeded) await afterClone(db as unknown as Db);
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const tpl = await template(seeded, 'postgres');
  if (!tpl && seeded) return seedHere(await createTestDb());
  const name = `encore_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${tpl ? ` TEMPLATE ${tpl}` : ''}`);
      break;
    } catch (err) {
      // 55006: another session is on the template for a moment (e.g. another file's clone).
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
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
  if (!tpl) await migratePg(db, { migrationsFolder: MIGRATIONS });
  if (seeded) await afterClone(db as unknown as Db);
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
