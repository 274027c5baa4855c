// How long an ITC run holds up everyone else. The web process runs the task worker, and on
// PGlite the database runs on its event loop too: while the demo partner's taste clusters are
// generated, a probe asks for a trivial query every 20 ms (as a request of another partner
// would) and we keep the longest it waited from being due to its answer.
// Budget: < 500 ms. Usage: npx tsx bench/itc-event-loop.ts [--write]
// The database is PGlite in memory (DATA_DIR=memory://), seeded with the demo.
import { markdownTable, writePerformanceBlock } from './lib';

process.env.DATA_DIR = 'memory://';
const { sql } = await import('drizzle-orm');
const { getDb, closeDb, rows } = await import('../src/server/db/client');
const { seedIfEmpty } = await import('../src/server/demo/index');
const { executeItcRun } = await import('../src/server/modules/taste-clusters');

const RUNS = 3;
const PROBE_MS = 20;
const db = await getDb();
await seedIfEmpty(db);
const [event] = await rows<{ partner_id: number; id: string }>(db, sql`
  SELECT e.partner_id, e.id FROM events e WHERE e.partner_id = (SELECT min(id) FROM partners) AND e.category <> 'product'
  ORDER BY e.id LIMIT 1`);
const [{ n: customers }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM customers WHERE partner_id = ${event.partner_id}`);

/** Probes until stopped; resolves with the longest wait of a probe (ms). */
function probe(): { stop: () => Promise<number> } {
  let worst = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const due = performance.now() + PROBE_MS;
      await new Promise((r) => setTimeout(r, PROBE_MS));
      await rows(db, sql`SELECT 1`);
      worst = Math.max(worst, performance.now() - due);
    }
  })();
  return { stop: async () => ((running = false), await loop, worst) };
}

const waits: number[] = [];
const durations: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const [run] = await rows<{ id: number }>(db, sql`
    INSERT INTO taste_cluster_runs (partner_id, event_id, seed, engine_version) VALUES (${event.partner_id}, ${event.id}, 1, 'bench') RETURNING id`);
  const p = probe();
  const t0 = performance.now();
  await executeItcRun(db, { partnerId: event.partner_id, eventId: event.id, runId: run.id });
  durations.push(performance.now() - t0);
  waits.push(await p.stop());
  console.log(`run ${i + 1}: ${Math.round(durations.at(-1)!)} ms, longest wait of a probe ${Math.round(waits.at(-1)!)} ms`);
}
await closeDb();

const worst = Math.max(...waits);
const median = [...durations].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
const table = markdownTable([
  [`Longest wait of a trivial query during a demo ITC run (${customers.toLocaleString('en')} customers, worst of ${RUNS}, PGlite in memory)`, '< 500 ms', `${Math.round(worst)} ms`],
  [`The run itself (median of ${RUNS})`, '—', `${(median / 1000).toFixed(2)} s`],
]);
console.log(table);
if (process.argv.includes('--write')) writePerformanceBlock('itc-event-loop', table, '`npx tsx bench/itc-event-loop.ts --write`');
