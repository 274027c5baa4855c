// Builds the test database templates into a folder (see ./db-templates.ts); started by the
// vitest global setup (tests/setup/db-templates.ts) in its own process, so no test file's mocks
// or environment changes reach the templates.
// Usage: node --import tsx tests/helpers/db-templates-build.ts <folder>
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { MIGRATIONS, seedContext, templateFiles } from './db-templates';

const dir = process.argv[2];
if (!dir) throw new Error('usage: db-templates-build.ts <folder>');
const files = templateFiles(dir);
const log = (msg: string) => fs.appendFileSync(files.log, `${new Date().toISOString()} ${msg}\n`);

/** Writes beside and renames: readers never see half a file. */
function publish(file: string, data: Buffer | string): void {
  fs.writeFileSync(`${file}.part`, data);
  fs.renameSync(`${file}.part`, file);
}

async function buildPglite(): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const schema = await import('../../src/server/db/schema');
  const { seedIfEmpty } = await import('../../src/server/demo/index');
  // Small WAL settings for the build only (they are not stored in the data dir): a checkpoint
  // then drops the old segments, and the tarballs stay small (300 MB of WAL otherwise).
  const client = new PGlite({ startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'] });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const dump = async (file: string) => {
    await client.query('CHECKPOINT');
    publish(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  };
  await dump(files.migrated);
  log('pglite: migrated');
  const context = await seedContext();
  const report = await seedIfEmpty(db as never);
  if (!report.seeded) throw new Error('the demo seed did not run');
  publish(files.context, JSON.stringify(context));
  await dump(files.seeded);
  log(`pglite: seeded in ${report.ms} ms`);
  await client.close();
}

async function buildPostgres(serverUrl: string): Promise<void> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const schema = await import('../../src/server/db/schema');
  const { seedIfEmpty } = await import('../../src/server/demo/index');
  const base = `encore_tpl_${randomBytes(6).toString('hex')}`;
  const names = { migrated: `${base}_migrated`, seeded: `${base}_seeded` };
  // Names first: the teardown drops whatever of them exists, also after a failed build.
  fs.writeFileSync(files.pgNames, JSON.stringify(names));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await admin.query(`CREATE DATABASE ${names.migrated}`);
  let pool = new pg.Pool({ connectionString: urlOf(names.migrated), max: 4 });
  await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS });
  await pool.end();
  publish(files.pgMigrated, names.migrated);
  log('postgres: migrated');
  await admin.query(`CREATE DATABASE ${names.seeded} TEMPLATE ${names.migrated}`);
  pool = new pg.Pool({ connectionString: urlOf(names.seeded), max: 4 });
  const context = await seedContext();
  const report = await seedIfEmpty(drizzle(pool, { schema }) as never);
  if (!report.seeded) throw new Error('the demo seed did not run');
  await pool.end();
  await admin.end();
  publish(files.context, JSON.stringify(context));
  publish(files.pgSeeded, names.seeded);
  log(`postgres: seeded in ${report.ms} ms`);
}

try {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await buildPostgres(serverUrl);
  else await buildPglite();
  publish(files.done, '');
} catch (err) {
  log(`failed: ${err instanceof Error ? err.stack : String(err)}`);
  publish(files.failed, String(err));
  process.exitCode = 1;
}
