// Backup and restore of the embedded database (issue 24 §3, src/server/lifecycle/backup.ts,
// scripts/backup.ts and restore.ts): a backup taken with no server, and one taken by a running
// process while it writes, restore into an empty data directory with every row; a restore never
// overwrites a database, and a broken backup leaves nothing behind.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePath } from '../../src/server/lifecycle/backup';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-backup-test-'));
const source = path.join(root, 'source');

function run(script: string, dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { env, encoding: 'utf8', timeout: 120_000 });
}

/** Row counts of every table (public schema and the migrations' journal). */
async function counts(dataDir: string): Promise<Record<string, number>> {
  const client = new PGlite(pglitePath(dataDir));
  const tables = (await client.query<{ s: string; t: string }>(`SELECT table_schema AS s, table_name AS t FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2`)).rows;
  const out: Record<string, number> = {};
  for (const { s, t } of tables) out[`${s}.${t}`] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${s}"."${t}"`)).rows[0]!.n;
  await client.close();
  return out;
}

const backupFile = (stdout: string) => /Backup written: (\S+\.tar\.gz)/.exec(stdout)?.[1];

beforeAll(async () => {
  // A migrated database on disk with rows in several tables.
  fs.mkdirSync(pglitePath(source), { recursive: true });
  const client = new PGlite(pglitePath(source));
  await migrate(drizzle(client), { migrationsFolder: 'src/server/db/migrations' });
  await client.exec(`
    CREATE TABLE backup_probe (n int NOT NULL, side int NOT NULL);
    INSERT INTO tasks (kind, payload) SELECT 'backup.test', jsonb_build_object('i', i) FROM generate_series(1, 300) i;
    INSERT INTO backup_probe (n, side) SELECT i, s FROM generate_series(1, 50) i, generate_series(1, 2) s;`);
  await client.close();
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// The embedded database only: the PostgreSQL pass has nothing to add here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  it('backs up with no server running and restores every row into an empty directory', async () => {
    const before = await counts(source);
    expect(before['public.tasks']).toBe(300);
    const b = run('scripts/backup.ts', source);
    expect(b.status, b.stderr).toBe(0);
    const file = backupFile(b.stdout)!;
    expect(path.dirname(file)).toBe(path.join(source, 'backups'));
    const target = path.join(root, 'restored');
    const r = run('scripts/restore.ts', target, file);
    expect(r.status, r.stderr).toBe(0);
    expect(await counts(target)).toEqual(before);

    // Never over a database that is there.
    const again = run('scripts/restore.ts', target, file);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds a database/);
    expect(await counts(target)).toEqual(before);
  }, 240_000);

  it('asks a running server for the backup; taken while it writes, it holds whole transactions only', async () => {
    const holder = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/backup-holder.ts', source], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    holder.stdout!.on('data', (c) => (out += c));
    holder.stderr!.on('data', (c) => (out += c));
    try {
      while (!out.includes('ready')) {
        if (holder.exitCode !== null) throw new Error(out);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300));
      const b = run('scripts/backup.ts', source);
      expect(b.status, b.stderr).toBe(0);
      // The holder logs once the file is in place; the CLI may see the file first.
      await expect.poll(() => out, { timeout: 5_000 }).toMatch(/\[backup\] written: /);
      const target = path.join(root, 'live');
      const r = run('scripts/restore.ts', target, backupFile(b.stdout)!);
      expect(r.status, r.stderr).toBe(0);
      const restored = await counts(target);
      expect(restored['public.tasks']).toBe(300);
      expect(restored['public.backup_probe']).toBeGreaterThan(100);
      expect(restored['public.backup_probe']! % 2).toBe(0);
      // The holder's database stays usable, and the pid file keeps a second restore off it.
      const busy = run('scripts/restore.ts', source, backupFile(b.stdout)!);
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/server is running/);
    } finally {
      holder.kill('SIGTERM');
      await new Promise((r) => holder.once('exit', r));
    }
  }, 240_000);

  it('refuses a broken backup and leaves the target empty', () => {
    const broken = path.join(root, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not a tarball');
    const target = path.join(root, 'from-broken');
    const r = run('scripts/restore.ts', target, broken);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/could not be restored/);
    expect(fs.existsSync(pglitePath(target))).toBe(false);
    const missing = run('scripts/restore.ts', target, path.join(root, 'nope.tar.gz'));
    expect(missing.status).toBe(2);
  });
});
