// `npm run worker`: a worker process of its own (scale-out; see ARCHITECTURE.md §1).
import { getHandle, closeDb } from '../db/client';
import { startWorker } from './worker';
import { graceFromEnv, onStopSignals } from '../lifecycle/shutdown';
import { log } from '../lib/log';
import { registerDatabaseMetrics } from '../modules/metrics/registry';
import { metricsSettings, startMetricsServer } from '../modules/metrics/server';

import { config } from '../config';
import { requireSecretKeyOrExit } from '../lib/secret-key';

if (!config.databaseUrl) {
  // An embedded PGlite directory can be opened by one process only; its worker runs in the web process.
  console.error('npm run worker needs DATABASE_URL (a PostgreSQL server). With the embedded database the worker runs inside `npm start`.');
  process.exit(2);
}
requireSecretKeyOrExit();
const { db, kind } = await getHandle();
const worker = startWorker(db, { log: console.error });
console.log(`Encore worker running on the ${kind} database (Ctrl-C stops it).`);
// A worker process answers its own metrics (its task runs, the queue) on METRICS_PORT.
const metricsAt = metricsSettings();
registerDatabaseMetrics(getHandle);
const metrics = metricsAt ? await startMetricsServer(metricsAt) : null;
onStopSignals({ worker, metrics, closeDb, graceMs: graceFromEnv(), log: (line) => log.info(line) });
