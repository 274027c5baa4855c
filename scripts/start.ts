// `npm start`: boot (migrate, seed when empty, worker), then serve the built console.
import { performance } from 'node:perf_hooks';
import { boot, bootedWorker } from '../src/server/boot';
import { closeDb, getHandle } from '../src/server/db/client';
import { registerDatabaseMetrics } from '../src/server/modules/metrics/registry';
import { metricsSettings, startMetricsServer } from '../src/server/modules/metrics/server';
import { graceFromEnv, onStopSignals } from '../src/server/lifecycle/shutdown';
import { onBackupSignal, writePidFile } from '../src/server/lifecycle/backup';
import { log } from '../src/server/lib/log';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from '../src/server/demo/accounts';
import { config } from '../src/server/config';
import { createHttpServer, listen } from '../src/server/http/serve';
import { requireSecretKeyOrExit } from '../src/server/lib/secret-key';
import { devMailboxPath } from '../src/server/lib/dev-mailbox';
import { clockShiftMs, now } from '../src/server/lib/clock';

const t0 = performance.now();
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';
process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '4321';

requireSecretKeyOrExit();
const info = await boot({ announce: false });
// Built output of `npm run build`; a variable path keeps the type checker out of dist/.
const entryPath = '../dist/server/entry.mjs';
const entry = await import(entryPath);
const server = createHttpServer(entry.handler);
await listen(server, Number(process.env.PORT), process.env.HOST);

const url = `http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT}`;
const lines = [
  `Encore is ready at ${url}  (${Math.round(performance.now() - t0)} ms, ${info.database} database${info.worker ? ', worker in process' : ''})`,
  info.seed?.seeded ? `Seeded demo data in ${(info.seed.ms / 1000).toFixed(1)} s.` : null,
  clockShiftMs() ? `ENCORE_NOW: the server's clock reads ${now().toISOString()} (tests only).` : null,
  ...(config.demo || info.seed?.seeded ? [`Sign in with one of these demo accounts, password ${DEMO_PASSWORD}:`, ...DEMO_USERS.map((u) => `  ${u.email}`)] : []),
  config.demo ? `Then enter the code of an authenticator app holding the secret ${DEMO_TOTP_SECRET}, or choose the email code and read it in the development mailbox:` : null,
  config.demo ? `  ${url}${devMailboxPath()}` : null,
].filter(Boolean);
console.log(lines.join('\n'));

// `npm run backup` finds this process by its pid file and asks it for a dump (SIGUSR2).
const handle = await getHandle();
if (handle.dump && config.dataDir !== 'memory://') {
  writePidFile(config.dataDir);
  onBackupSignal(handle.dump, config.dataDir, (line) => log.info(line));
}
const metricsAt = metricsSettings();
registerDatabaseMetrics(getHandle);
const metrics = metricsAt ? await startMetricsServer(metricsAt) : null;
if (metricsAt) log.info(`Metrics at http://${metricsAt.host}:${metricsAt.port}/metrics`);
onStopSignals({ server, metrics, worker: bootedWorker(), closeDb, graceMs: graceFromEnv(), log: (line) => log.info(line) });
