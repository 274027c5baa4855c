// Database templates for the tests (tests/setup/db-templates.ts builds them once per vitest run):
// a migrated and a demo-seeded database, as PGlite data-dir tarballs or, with TEST_DATABASE_URL,
// as template databases on the PostgreSQL server. createTestDb (./db.ts) clones them per file.
//
// What the demo seed depends on besides its code, and how a clone stays equal to seeding in the
// test file: the day (the catalogue is laid out from the start of today, UTC, by the server
// clock), demo mode (config.demo: demo users get the known TOTP secret), the server secret (TOTP
// secrets are sealed with it) and the local object store (the demo upload's file). The template
// records these (SeedContext); a file whose context differs (another day by its clock, another
// key, ...) seeds for real. The demo upload's file is written into the file's own store after
// cloning. Within the day, the only difference is the instant: seeded notifications and
// forecasts are "as of" the template's build time (at the start of the run) instead of the file's
// start, as if the file had seeded a few minutes earlier.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MIGRATIONS = 'src/server/db/migrations';

export interface SeedContext {
  day: string;
  demo: boolean;
  key: string;
  localStore: boolean;
}

/** The context a seed made now in this process depends on (see above). */
export async function seedContext(): Promise<SeedContext> {
  const { startOfTodayUtc } = await import('../../src/server/demo/index');
  const { config } = await import('../../src/server/config');
  const { derivedKey } = await import('../../src/server/lib/crypto');
  const { objectStorage } = await import('../../src/server/adapters/storage');
  const { LocalStorage } = await import('../../src/server/adapters/storage/local');
  return {
    day: startOfTodayUtc().toISOString(),
    demo: config.demo,
    key: createHash('sha256').update(derivedKey('test-db-template')).digest('hex'),
    localStore: objectStorage() instanceof LocalStorage,
  };
}

export const sameContext = (a: SeedContext, b: SeedContext) => a.day === b.day && a.demo === b.demo && a.key === b.key && a.localStore === b.localStore;

/** The files a build leaves in the templates folder. */
export const templateFiles = (dir: string) => ({
  migrated: path.join(dir, 'migrated.tar'),
  seeded: path.join(dir, 'seeded.tar'),
  /** PostgreSQL: the template databases' names (all of them for the teardown; each when built). */
  pgNames: path.join(dir, 'pg-names.json'),
  pgMigrated: path.join(dir, 'pg-migrated'),
  pgSeeded: path.join(dir, 'pg-seeded'),
  context: path.join(dir, 'seed-context.json'),
  /** The build ended: without error (done) or with one (failed, its message). */
  done: path.join(dir, 'done'),
  failed: path.join(dir, 'failed'),
  log: path.join(dir, 'build.log'),
});

/**
 * Waits for a file of the build; null when the build failed or ended without it (callers then do
 * the work themselves).
 */
export async function waitForTemplate(dir: string, file: string): Promise<string | null> {
  const files = templateFiles(dir);
  for (;;) {
    if (fs.existsSync(file)) return file;
    if (fs.existsSync(files.failed) || fs.existsSync(files.done)) return fs.existsSync(file) ? file : null;
    await new Promise((r) => setTimeout(r, 100));
  }
}
