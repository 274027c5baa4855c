// Brings the server's dependencies up: database (migrated), demo data on an empty database,
// and the in-process worker. Called by the start script before the HTTP server listens, and
// lazily by the first request in `astro dev`.
import { getHandle } from './db/client';
import { seedIfEmpty, type SeedReport } from './db/seed/index';
import { startWorker } from './jobs/worker';
import { config } from './config';
import { secretKey } from './lib/secret-key';

const KEY = Symbol.for('encore.boot');
type Holder = { [KEY]?: Promise<BootInfo> };

export interface BootInfo {
  database: 'pglite' | 'postgres';
  seed: SeedReport | null;
  worker: boolean;
}

async function doBoot(): Promise<BootInfo> {
  // Production refuses to start without ENCORE_SECRET_KEY (lib/secret-key.ts); fail before serving.
  secretKey();
  const { db, kind } = await getHandle();
  const seed = config.autoSeed ? await seedIfEmpty(db) : null;
  if (seed?.seeded && config.production) {
    console.error('[boot] ENCORE_AUTO_SEED=on: demo accounts with the public demo password were seeded into this production database.');
  }
  if (config.inProcessWorker) startWorker(db, { log: console.error });
  return { database: kind, seed, worker: config.inProcessWorker };
}

export function boot(): Promise<BootInfo> {
  const holder = globalThis as unknown as Holder;
  holder[KEY] ??= doBoot();
  return holder[KEY];
}
