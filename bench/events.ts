// Budgets of issue 4 for the event list, at bench scale (100,000+ customers, 2,000,000+
// transactions): GET /events/ with filters p95 < 30 ms on loopback, PGlite and PostgreSQL; /events
// and / ship ≤ 150 KB of JavaScript (gzip) before charts load.
// Usage: npm run build && npx tsx bench/events.ts [--write] [--skip-pg]
// The bench databases are seeded once (`npm run seed -- --scale bench`, about 70 s each) and kept
// under data/bench-events (PGlite) and in the database encore_bench (PostgreSQL).
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { jsWeight, markdownTable, pageScripts, percentile, signInCookie, startServer, writePerformanceBlock, type Running } from './lib';

const PGLITE_DIR = 'data/bench-events';
const port = 4497;
const rowsOut: [string, string, string][] = [];
const today = new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** Seeds the bench scale unless the database holds data already (the seed checks). */
function seedBench(env: Record<string, string>): void {
  execFileSync('npm', ['run', '--silent', 'seed', '--', '--scale', 'bench'], { env: { ...process.env, ...env }, stdio: 'inherit' });
}

/** What the events page and the dashboard ask for, each with a filter the user sets often. */
async function queries(srv: Running, cookie: string): Promise<string[]> {
  const venues = (await (await fetch(`${srv.base}/api/v3/events/venues`, { headers: { cookie } })).json()) as { venues: { venue: string; halls: string[] }[]; cities: string[] };
  const v = venues.venues[0];
  return [
    `/api/v3/events/?page=1&limit=30&since=${today}&flagged_to_top=true`,
    `/api/v3/events/?page=1&limit=30&since=${today}&q=quartett`,
    `/api/v3/events/?page=1&limit=30&since=${today}&city[]=${encodeURIComponent(venues.cities[0])}&flagged_to_top=true`,
    `/api/v3/events/?page=1&limit=30&since=${today}&campaigns=active&campaigns=inactive`,
    `/api/v3/events/?page=1&limit=30&vh[]=${encodeURIComponent(`${v.venue};;${v.halls[0]}`)}&frontend_status[]=DEFAULT&frontend_status[]=FLAGGED&include_archived=true`,
    `/api/v3/events/?page=1&limit=30&since=${today}&until=${inDays(365)}&exclude_products=true&simulated=false`,
    `/api/v3/events/?page=8&limit=30&descending=true`,
  ];
}

async function measure(label: string, dataDir: string, env: Record<string, string>): Promise<void> {
  const srv = await startServer(dataDir, port, env);
  try {
    const cookie = await signInCookie(srv.base, 'admin@encore.demo');
    const all: number[] = [];
    const perQuery: string[] = [];
    for (const q of await queries(srv, cookie)) {
      for (let i = 0; i < 10; i++) await (await fetch(`${srv.base}${q}`, { headers: { cookie } })).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        const t0 = performance.now();
        const res = await fetch(`${srv.base}${q}`, { headers: { cookie } });
        const body = (await res.json()) as { total: number };
        if (res.status !== 200) throw new Error(`${q} answered ${res.status}`);
        times.push(performance.now() - t0);
        if (i === 0 && body.total === 0 && !q.includes('q=')) console.warn(`  (no rows for ${q})`);
      }
      all.push(...times);
      perQuery.push(percentile(times, 95).toFixed(1));
    }
    rowsOut.push([`GET /events/ with filters, ${label} (7 queries × 100, p95 / p50)`, '< 30 ms p95', `${percentile(all, 95).toFixed(1)} ms / ${percentile(all, 50).toFixed(1)} ms (per query p95: ${perQuery.join(', ')} ms)`]);

    if (label.startsWith('PGlite')) {
      for (const path of ['/', '/events']) {
        const html = await (await fetch(`${srv.base}${path}`, { headers: { cookie } })).text();
        const w = await jsWeight(srv.base, pageScripts(html), false);
        rowsOut.push([`${path} JavaScript before charts load (gzip, static chunks)`, '≤ 150 KB', `${(w.gz / 1024).toFixed(1)} KB in ${w.files} files`]);
      }
    }
  } finally {
    await srv.stop();
  }
}

seedBench({ DATA_DIR: PGLITE_DIR });
await measure('PGlite (embedded)', PGLITE_DIR, {});

if (!process.argv.includes('--skip-pg')) {
  const testUrl = execFileSync('bash', ['scripts/start-test-postgres.sh']).toString().trim().split('\n').at(-1)!;
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'encore_bench'`)).rowCount;
  if (!exists) await admin.query('CREATE DATABASE encore_bench');
  await admin.end();
  const url = new URL(testUrl);
  url.pathname = '/encore_bench';
  // The seed encrypts the demo TOTP secrets with the key under DATA_DIR: seed and server share it.
  const env = { DATABASE_URL: url.toString(), DATA_DIR: 'data/bench-events-pg' };
  seedBench(env);
  await measure('PostgreSQL 15 (loopback)', env.DATA_DIR, env);
}

const table = markdownTable(rowsOut);
console.log(table);
if (process.argv.includes('--write')) writePerformanceBlock('events', table, '`npm run build && npx tsx bench/events.ts --write` at bench scale');
process.exit(0);
