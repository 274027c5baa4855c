// Brings the server's dependencies up: database (migrated), demo data on an empty database,
// and the in-process worker. Called by the start script before the HTTP server listens, and
// lazily by the first request in `astro dev`.
import { getHandle } from './db/client';
import { seedIfEmpty, type SeedReport } from './demo/index';
import { startWorker, type RunningWorker } from './jobs/worker';
import { config } from './config';
import { secretKey } from './lib/secret-key';
import { devMailboxPath } from './lib/dev-mailbox';

const KEY = Symbol.for('encore.boot');
type Holder = { [KEY]?: Promise<BootInfo> };

export interface BootInfo {
  database: 'pglite' | 'postgres';
  seed: SeedReport | null;
  worker: boolean;
}

let inProcessWorker: RunningWorker | null = null;

/** The worker boot started in this process (null without one): graceful shutdown stops it. */
export function bootedWorker(): RunningWorker | null {
  return inProcessWorker;
}

async function doBoot(announce: boolean): Promise<BootInfo> {
  // Production refuses to start without ENCORE_SECRET_KEY (lib/secret-key.ts); fail before serving.
  secretKey();
  const { db, kind } = await getHandle();
  const seed = config.autoSeed ? await seedIfEmpty(db) : null;
  if (seed?.seeded && config.production) {
    console.error('[boot] ENCORE_AUTO_SEED=on: demo accounts with the public demo password were seeded into this production database.');
  }
  if (config.inProcessWorker) inProcessWorker = startWorker(db, { log: console.error });
  // The development mailbox opens only with this process's token: say where (npm start prints
  // it in its banner instead, with the full address).
  if (config.demo) {
    const mailbox = devMailboxPath();
    if (announce) console.error(`[dev] Development mailbox (email codes of the demo): ${mailbox}`);
  }
  return { database: kind, seed, worker: config.inProcessWorker };
}

/** The first caller starts it (and decides whether boot logs the mailbox link); later ones wait for it. */
export function boot(opts: { announce?: boolean } = {}): Promise<BootInfo> {
  const holder = globalThis as unknown as Holder;
  holder[KEY] ??= doBoot(opts.announce ?? true);
  return holder[KEY];
}
