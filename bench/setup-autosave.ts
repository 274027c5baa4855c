// Budget of issue 14: the wizard's autosave round trip (PUT /api/v3/setup_processes/{eid}) under
// 100 ms p95 on loopback. The built server runs on PGlite; the data dir is prepared first (demo
// seed, a finished taste-cluster run with 3 clusters, the sandbox Meta login with its assets on,
// two media uploads) and the setup started. Each PUT then sends what a real autosave of a full
// setup sends: all 3 creatives (3 headlines, 2 bodies, 2 media, 1 URL), the targeting (50 postal
// codes per cluster), the integrations (checked against the asset rows on every PUT) and the
// wizard step — with one headline changed each time.
// Usage: npm run build && npx tsx bench/setup-autosave.ts [--write]
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { markdownTable, percentile, signInCookie, startServer, writePerformanceBlock } from './lib';

const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/setup-api-bench';
const PORT = Number(process.env.BENCH_PORT ?? 4712);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARM = 20;

fs.rmSync(DATA_DIR, { recursive: true, force: true });
process.env.DATA_DIR = DATA_DIR;
// Prepare the database in this process, then hand the data dir to the server (PGlite has one owner).
const { getDb, closeDb } = await import('../src/server/db/client');
const { seedIfEmpty } = await import('../src/server/demo/index');
const fx = await import('../tests/helpers/setup-fixture');
const db = await getDb();
await seedIfEmpty(db);
const f = await fx.setupFixture(db, 1001);
const zips = Array.from({ length: 50 }, (_, i) => String(10115 + i * 7));
const targeting = f.tcs.map((tc) => {
  const t = fx.postalTargeting(f, tc);
  return { ...t, postal_codes: { DE: zips.map((z) => ({ ...t.postal_codes.DE![0]!, key: `DE:${z}`, name: z })) } };
});
await closeDb();

const srv = await startServer(DATA_DIR, PORT);
try {
  const cookie = await signInCookie(srv.base, 'admin@encore.demo');
  const csrf = { cookie, 'content-type': 'application/json', origin: srv.base };
  const url = `${srv.base}/api/v3/setup_processes/${f.eventId}`;
  const start = await fetch(url, {
    method: 'POST',
    headers: csrf,
    body: JSON.stringify({ goal: 'UTILIZATION', total_budget: 900, start_date: fx.day(1), end_date: fx.day(20), creatives: f.tcs.map((tc) => ({ tc, tc_run_id: f.runId })), integration_details: fx.integrationDetails(f) }),
  });
  if (start.status !== 201) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  const body = (i: number) =>
    JSON.stringify({
      creatives: f.tcs.map((tc) => {
        const c = fx.fullCreative(f, tc);
        return { ...c, headline: [`Don Giovanni, edit ${i}`, ...c.headline.slice(1)] };
      }),
      targeting,
      integration_details: fx.integrationDetails(f),
      wizard: { current_step: 3, current_completed_step: 2, preview_viewed: false },
    });
  const bytes = Buffer.byteLength(body(0));
  const times: number[] = [];
  // The floor of any signed-in call, measured in between: on a shared machine it shows how much
  // of the figure is the machine's load rather than the setup's own work.
  const floor: number[] = [];
  for (let i = 0; i < WARM + ROUNDS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'PUT', headers: csrf, body: body(i) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
    if (i >= WARM) times.push(performance.now() - t0);
    const t1 = performance.now();
    await (await fetch(`${srv.base}/api/v3/features`, { headers: { cookie } })).arrayBuffer();
    if (i >= WARM) floor.push(performance.now() - t1);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`PUT /setup_processes/{eid}: ${ROUNDS} rounds, ${(bytes / 1024).toFixed(1)} KB body, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  console.log(`GET /features (floor): p50 ${percentile(floor, 50).toFixed(1)} ms, p95 ${percentile(floor, 95).toFixed(1)} ms; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  if (process.argv.includes('--write')) {
    const table = markdownTable([
      [`Autosave PUT /setup_processes/{eid}, 3 clusters, ${(bytes / 1024).toFixed(0)} KB body, ${ROUNDS} rounds on loopback, PGlite (p95 / p50)`, '< 100 ms p95', `${p95.toFixed(1)} ms / ${p50.toFixed(1)} ms`],
      ['GET /features between the PUTs, the floor of any signed-in call (p95 / p50)', '—', `${percentile(floor, 95).toFixed(1)} ms / ${percentile(floor, 50).toFixed(1)} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`],
    ]);
    writePerformanceBlock('setup-autosave', table, '`npm run build && npx tsx bench/setup-autosave.ts --write`');
  }
} finally {
  await srv.stop();
}
