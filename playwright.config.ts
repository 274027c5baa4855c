import { defineConfig, devices } from '@playwright/test';

// Journeys run against the built server on a fresh embedded database (seeded at start).
// Traces are opt-in (E2E_TRACE=1, kept for failed tests, DOM snapshots without screencast): on a
// loaded 2-core CI machine, stopping the trace recorder at context teardown could hang past the
// test timeout after every step had passed (Playwright issues #16143, #18016, #24210), and CI
// keeps no artefacts to open a trace with anyway.
const PORT = Number(process.env.E2E_PORT ?? 4455);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'data/e2e';
// The journeys read email codes from the development mailbox, which needs its token: fixed here
// for the test server only (npm start otherwise makes a random one). Set before the workers start,
// so tests/e2e/auth-helpers.ts reads the same value from the environment.
const MAILBOX_TOKEN = (process.env.ENCORE_DEV_MAILBOX_TOKEN ??= 'e2e-dev-mailbox-token-not-a-secret');

// ENCORE_NOW=2027-03-01T09:00:00Z runs the whole suite on another day: the server's clock (and so
// the demo seed) starts there, and so do the browsers' clocks (tests/e2e/fixtures.ts). The real
// instant it corresponds to is fixed here once, before the server and the workers start (they
// inherit it), so every clock of the run agrees to the millisecond.
if (process.env.ENCORE_NOW) process.env.ENCORE_NOW_SINCE ??= String(Date.now());
const CLOCK = process.env.ENCORE_NOW ? `ENCORE_NOW='${process.env.ENCORE_NOW}' ENCORE_NOW_SINCE=${process.env.ENCORE_NOW_SINCE} ` : '';
// The delivery journey (tests/e2e/campaign-delivery.spec.ts) moves the server's clock forward
// (POST /api/v3/dev/clock, ENCORE_DEV_CLOCK=1), which every other journey would feel: it runs
// against a second server of its own (port E2E_DELIVERY_PORT, default E2E_PORT + 1; data dir
// E2E_DATA_DIR-delivery) from the same build. That server is started only when the run may reach
// the delivery projects (no --project given, or a delivery-* one).
const DELIVERY_PORT = Number(process.env.E2E_DELIVERY_PORT ?? PORT + 1);
const DELIVERY_DATA_DIR = `${DATA_DIR}-delivery`;
const DELIVERY_SPEC = /campaign-delivery\.spec\.ts$/;
const askedProjects = process.argv.flatMap((arg, i, all) => (arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg === '--project' && all[i + 1] ? [all[i + 1]!] : []));
const DELIVERY_RUNS = askedProjects.length === 0 || askedProjects.some((p) => p.startsWith('delivery'));
const MAIN_RUNS = askedProjects.length === 0 || askedProjects.some((p) => !p.startsWith('delivery'));
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // The suite must pass on the first try: a journey that needs a retry has a race to fix.
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: { baseURL: `http://127.0.0.1:${PORT}`, launchOptions: chromium, trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off' },
  projects: [
    // Remembers a device per demo user first (MFA is enforced; see tests/e2e/devices.setup.ts).
    { name: 'setup', testMatch: /devices\.setup\.ts/ },
    { name: 'desktop', dependencies: ['setup'], testIgnore: DELIVERY_SPEC, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium } },
    // What these check is the server's, not the layout's (hostile page parameters, the route guard's
    // redirects, two tabs' version conflict, Meta's refusals): once, at desktop size.
    { name: 'phone', dependencies: ['setup'], testIgnore: [/(fuzz-pages|guard|setup-two-tabs|meta-connect-flows)\.spec\.ts$/, DELIVERY_SPEC], use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
    // The delivery journey on its own server, desktop first and then the phone: each moves that
    // server's clock a week on, which must not happen while the other is inside the wizard.
    { name: 'delivery-desktop', testMatch: DELIVERY_SPEC, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: `http://127.0.0.1:${DELIVERY_PORT}`, launchOptions: chromium } },
    { name: 'delivery-phone', testMatch: DELIVERY_SPEC, dependencies: ['delivery-desktop'], use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: `http://127.0.0.1:${DELIVERY_PORT}`, launchOptions: chromium } },
  ],
  webServer: [
  ...(MAIN_RUNS ? [{
    // Every journey signs in from 127.0.0.1: the per-address limits are scaled for that one address.
    // Its JSON log (stdout) goes to DATA_DIR.log: scripts/check-server-log.ts reads it after the run.
    command: `rm -rf ${DATA_DIR} ${DATA_DIR}.log && ${CLOCK}DATA_DIR=${DATA_DIR} PORT=${PORT} RATE_LIMIT_IP_SCALE=50 ENCORE_DEV_MAILBOX_TOKEN=${MAILBOX_TOKEN} npm start > ${DATA_DIR}.log`,
    url: `http://127.0.0.1:${PORT}/login`,
    // Migrations and the demo seed take ~20 s alone, several times that on a busy shared machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
  }] : []),
  ...(DELIVERY_RUNS
    ? [
        {
          // The development clock is on for this server only (never under NODE_ENV=production: the server refuses to start).
          command: `rm -rf ${DELIVERY_DATA_DIR} ${DELIVERY_DATA_DIR}.log && ${CLOCK}DATA_DIR=${DELIVERY_DATA_DIR} PORT=${DELIVERY_PORT} RATE_LIMIT_IP_SCALE=50 ENCORE_DEV_MAILBOX_TOKEN=${MAILBOX_TOKEN} ENCORE_DEV_CLOCK=1 npm start > ${DELIVERY_DATA_DIR}.log`,
          url: `http://127.0.0.1:${DELIVERY_PORT}/login`,
          timeout: 300_000,
          reuseExistingServer: false,
          stdout: 'pipe' as const,
        },
      ]
    : []),
  ],
});
