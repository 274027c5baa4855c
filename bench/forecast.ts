// Budget of issue 4: recomputing every upcoming event's forecast for one partner at bench scale
// (2,000,000 transactions) in under 10 s.
// Usage: npx tsx bench/forecast.ts [--partner 1001] [--write]
// Uses DATA_DIR (default data/bench-forecast), seeded at bench scale on first use (about 70 s).
// Every timed run starts without a learnt model, as the first run of a day does.
import fs from 'node:fs';
import { markdownTable, writePerformanceBlock } from './lib';

process.env.DATA_DIR ??= 'data/bench-forecast';
// config reads the environment when first imported, so the database modules come after DATA_DIR.
const { sql } = await import('drizzle-orm');
const { getHandle, closeDb, rows } = await import('../src/server/db/client');
const { seedIfEmpty } = await import('../src/server/demo/index');
const { recomputeForecasts, clearForecastCaches } = await import('../src/server/modules/forecast/recompute');

const args = process.argv.slice(2);
const partnerId = Number(args[args.indexOf('--partner') + 1]) || 1001;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const { db, kind } = await getHandle();
const [{ n: partners }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM partners`);
if (partners === 0) {
  console.log(`Seeding ${process.env.DATA_DIR} at bench scale (once, about 70 s)…`);
  await seedIfEmpty(db, 'bench');
}
const [size] = await rows<{ tx: number; all_tx: number; events: number; upcoming: number }>(
  db,
  sql`SELECT (SELECT count(*)::int FROM ticket_transactions WHERE partner_id = ${partnerId}) AS tx,
             (SELECT count(*)::int FROM ticket_transactions) AS all_tx,
             (SELECT count(*)::int FROM events WHERE partner_id = ${partnerId}) AS events,
             (SELECT count(*)::int FROM events WHERE partner_id = ${partnerId} AND start_date_time > now()) AS upcoming`,
);
console.log(`Partner ${partnerId}: ${size.events} events (${size.upcoming} upcoming), ${size.tx} of ${size.all_tx} transactions, ${kind}.`);

// 1. The first run: no stored forecast yet, so every event (finished ones too) is computed.
await db.execute(sql`DELETE FROM event_forecasts WHERE partner_id = ${partnerId}`);
clearForecastCaches();
const first = await recomputeForecasts(db, partnerId);
console.log('first run', first);

// 2. The nightly run: every upcoming event (finished ones keep their stored row).
const runs: Awaited<ReturnType<typeof recomputeForecasts>>[] = [];
for (let i = 0; i < 3; i++) {
  clearForecastCaches();
  runs.push(await recomputeForecasts(db, partnerId));
  console.log('upcoming run', runs[i]);
}
const mid = runs.find((r) => r.ms === median(runs.map((x) => x.ms)))!;

// 3. A sales change: one event, weights learnt already by the process.
const [one] = await rows<{ id: string }>(db, sql`SELECT id FROM events WHERE partner_id = ${partnerId} AND start_date_time > now() ORDER BY start_date_time LIMIT 1`);
const single: number[] = [];
for (let i = 0; i < 3; i++) single.push((await recomputeForecasts(db, partnerId, { eventIds: [one.id] })).ms);
await closeDb();

const p = mid.phases;
const table = markdownTable([
  [
    `Recompute every upcoming event of partner ${partnerId} (${mid.events} events, ${(size.tx / 1e6).toFixed(2)} M of ${(size.all_tx / 1e6).toFixed(2)} M transactions; median of 3)`,
    '< 10 s',
    `${sec(mid.ms)} (load ${sec(p.load)}, learn model ${sec(p.learn)}, forecast ${sec(p.forecast)}, store ${sec(p.store)})`,
  ],
  [`First run after seeding: all ${first.events} events, finished ones included`, '—', sec(first.ms)],
  ['One event after a sales change (model already learnt; median of 3)', '—', sec(median(single))],
]);
console.log(table);

if (args.includes('--write')) {
  const file = 'docs/PERFORMANCE.md';
  const doc = fs.readFileSync(file, 'utf8');
  if (!doc.includes('<!-- bench:forecast -->')) {
    const heading = doc.includes('## Demand forecast (issue 4)') ? '' : '\n## Demand forecast (issue 4)\n';
    fs.appendFileSync(file, `${heading}\n<!-- bench:forecast -->\n<!-- /bench:forecast -->\n`);
  }
  writePerformanceBlock('forecast', table, `\`npx tsx bench/forecast.ts --write\` (in-process, PGlite at ${process.env.DATA_DIR}, bench scale)`);
}
