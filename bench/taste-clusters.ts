// Issue 13 budget and quality figures of the taste clusters:
//   - an ITC run over 100,000 customers in under 20 s: the engine alone (median of 3), and the whole
//     run through the database (SQL aggregates, distances, engine, store) on a partner with 100,000
//     customers and their ~650,000 purchases;
//   - stability: adjusted Rand index between runs with different seeds, and between the run on all
//     customers and runs on bootstrap samples (each sample's clusters applied to every customer);
//   - separation: the silhouette, on the synthetic persona population, on a population without any
//     structure (the yardstick of "nothing there"), and on the seeded demo partners.
// Usage: npx tsx bench/taste-clusters.ts [--write] [--quick]
// The database is PGlite in memory (DATA_DIR=memory://): nothing is left behind.
import { markdownTable, writePerformanceBlock } from './lib';

process.env.DATA_DIR = 'memory://';
const { sql } = await import('drizzle-orm');
const { getHandle, closeDb, rows } = await import('../src/server/db/client');
const { seedIfEmpty } = await import('../src/server/demo/index');
const { generatePopulation } = await import('../src/server/demo/population');
const engine = await import('../src/server/engines/taste-clusters');
const { executeItcRun, loadCustomerAggregates } = await import('../src/server/modules/taste-clusters');
const { nowMs } = await import('../src/server/lib/clock');

type Customers = Parameters<typeof engine.clusterCustomers>[0];
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const SIZE = quick ? 20_000 : 100_000;
const REPEATS = quick ? 2 : 5;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const f3 = (x: number) => x.toFixed(3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

/** Centroids of a clustering in its own space. */
function centroidsOf(c: ReturnType<typeof engine.clusterCustomers>): number[][] {
  const d = c.points[0].length;
  const sums = Array.from({ length: c.k }, () => new Array<number>(d).fill(0));
  const n = new Array<number>(c.k).fill(0);
  c.labels.forEach((l, i) => {
    n[l]++;
    for (let j = 0; j < d; j++) sums[l][j] += c.points[i][j];
  });
  return sums.map((s, l) => s.map((x) => x / n[l]));
}

/** The labels a clustering gives to other customers: placed in its space, nearest centroid. */
function applyTo(c: ReturnType<typeof engine.clusterCustomers>, customers: Customers, now: number): Int32Array {
  const pts = customers.map((a) => engine.transform(c.scaler, engine.rawFeatures(a, now, c.prior)));
  return engine.assign(pts, centroidsOf(c)).labels;
}

interface Quality {
  k: number;
  silhouette: number;
  separation: string;
  seedAri: { mean: number; min: number; ks: number[] };
  bootAri: { mean: number; min: number };
}

/** Silhouette of a run, ARI between seeds 1..n (free k), ARI of bootstrap runs against the full run. */
function quality(name: string, customers: Customers, now: number): Quality {
  log(`${name}: ${customers.length} customers`);
  const runs = Array.from({ length: REPEATS }, (_, s) => engine.clusterCustomers(customers, { nowMs: now, seed: s + 1 }));
  const pairs: number[] = [];
  for (let a = 0; a < runs.length; a++) for (let b = a + 1; b < runs.length; b++) pairs.push(engine.adjustedRandIndex(runs[a].labels, runs[b].labels));
  const ref = runs[0];
  const random = engine.seededRandom(2026);
  const boots: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const idx = engine.bootstrapIndices(customers.length, random);
    const sample = idx.map((i) => customers[i]);
    const run = engine.clusterCustomers(sample, { nowMs: now, seed: 1 });
    boots.push(engine.adjustedRandIndex(ref.labels, applyTo(run, customers, now)));
  }
  const q = {
    k: ref.k,
    silhouette: ref.silhouette,
    separation: ref.separation,
    seedAri: { mean: pairs.reduce((a, b) => a + b, 0) / pairs.length, min: Math.min(...pairs), ks: runs.map((r) => r.k) },
    bootAri: { mean: boots.reduce((a, b) => a + b, 0) / boots.length, min: Math.min(...boots) },
  };
  log(name, JSON.stringify(q));
  return q;
}

// ------------------------------------------------------------------ 1. engine over 100,000 customers
log(`generating ${SIZE} customers from the personas…`);
const pop = generatePopulation({ size: SIZE, seed: 'bench' });
const purchases = pop.purchases.length;
log(`${pop.customers.length} customers, ${purchases} purchases`);
const engineMs: number[] = [];
let engineRun: ReturnType<typeof engine.runTasteClusters> | undefined;
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  engineRun = engine.runTasteClusters(pop.customers, { nowMs: pop.nowMs, event: { family: 'opera', price: 80 } });
  engineMs.push(performance.now() - t0);
  log(`engine run ${i + 1}: ${sec(engineMs[i])}, k = ${engineRun.clustering.k}`);
}
const truthKeys = [...new Set(pop.persona)];
const truthAri = engine.adjustedRandIndex(Int32Array.from(pop.persona, (p) => truthKeys.indexOf(p)), engineRun!.clustering.labels);

// ------------------------------------------------------------------ 2. the whole run through the database
const { db } = await getHandle();
log('seeding the demo (in memory)…');
await seedIfEmpty(db);

const BENCH_PARTNER = 1901;
log(`writing the ${SIZE} customers as partner ${BENCH_PARTNER}…`);
{
  const arr = (values: unknown[]) => sql`${sql.param(values)}`;
  await db.execute(sql`INSERT INTO partners (id, name, domain, product, language, currency) VALUES (${BENCH_PARTNER}, 'Bench', 'bench.example', 'full-service', 'de', 'EUR')`);
  const venues = await rows<{ id: number }>(db, sql`
    INSERT INTO venues (partner_id, name, city, location)
    SELECT ${BENCH_PARTNER}, 'Bench ' || c, c, 'Nordrhein-Westfalen, Deutschland' FROM unnest(${arr(pop.venueCities)}::text[]) AS u(c) RETURNING id`);
  const [hall] = await rows<{ id: number }>(db, sql`INSERT INTO halls (partner_id, venue_id, name, capacity) VALUES (${BENCH_PARTNER}, ${venues[0].id}, 'Saal', 2000) RETURNING id`);
  const ev = pop.events;
  await db.execute(sql`
    INSERT INTO events (id, partner_id, eid, title, category, start_date_time, hall_id, capacity)
    SELECT 'b-' || id, ${BENCH_PARTNER}, 'B-' || id, id, category, to_timestamp(s), ${hall.id}, 2000
    FROM unnest(${arr(ev.map((e) => e.id))}::text[], ${arr(ev.map((e) => e.category))}::text[], ${arr(ev.map((e) => e.startMs / 1000))}::float8[]) AS u(id, category, s)`);
  const BATCH = 25_000;
  for (let from = 0; from < pop.customers.length; from += BATCH) {
    const to = Math.min(pop.customers.length, from + BATCH);
    await db.execute(sql`
      INSERT INTO customers (partner_id, external_id, postal_code, city)
      SELECT ${BENCH_PARTNER}, 'B' || n, '', city FROM unnest(${arr(Array.from({ length: to - from }, (_, i) => from + i + 1))}::int[], ${arr(pop.city.slice(from, to))}::text[]) AS u(n, city)`);
  }
  // The population's customer n is the row with external id Bn.
  const ids: number[] = [];
  for (const r of await rows<{ id: string; ext: string }>(db, sql`SELECT id, external_id AS ext FROM customers WHERE partner_id = ${BENCH_PARTNER}`)) {
    ids[Number(r.ext.slice(1)) - 1] = Number(r.id);
  }
  const p = pop.purchases;
  for (let from = 0; from < p.length; from += BATCH) {
    const part = p.slice(from, from + BATCH);
    await db.execute(sql`
      INSERT INTO ticket_transactions (partner_id, event_id, customer_id, sold_at, quantity, ticket_type, price_category, amount_minor)
      SELECT ${BENCH_PARTNER}, 'b-' || e, c, to_timestamp(s), q, 'regular', '1', a
      FROM unnest(${arr(part.map((x) => x.eventId))}::text[], ${arr(part.map((x) => ids[x.customerId - 1]))}::bigint[],
                  ${arr(part.map((x) => x.soldAtMs / 1000))}::float8[], ${arr(part.map((x) => x.quantity))}::int[], ${arr(part.map((x) => x.amountMinor))}::bigint[])
        AS u(e, c, s, q, a)`);
  }
  await db.execute(sql`ANALYZE`);
}
const [benchEvent] = await rows<{ id: string }>(db, sql`SELECT id FROM events WHERE partner_id = ${BENCH_PARTNER} AND category = 'opera' ORDER BY start_date_time DESC LIMIT 1`);
const dbRuns: { total: number; load: number; engine: number; store: number; customers: number }[] = [];
for (let i = 0; i < 3; i++) {
  const [run] = await rows<{ id: number }>(db, sql`INSERT INTO taste_cluster_runs (partner_id, event_id, seed, engine_version) VALUES (${BENCH_PARTNER}, ${benchEvent.id}, 1, ${engine.ENGINE_VERSION}) RETURNING id`);
  const marks: Record<string, number> = {};
  const t0 = performance.now();
  const res = await executeItcRun(db, { partnerId: BENCH_PARTNER, eventId: benchEvent.id, runId: run.id }, async (p) => {
    marks[p.stage] ??= performance.now();
  }, { nowMs: pop.nowMs });
  const t1 = performance.now();
  dbRuns.push({ total: t1 - t0, load: marks.features - t0, engine: marks.storing - marks.features, store: t1 - marks.storing, customers: res.customers });
  log(`database run ${i + 1}: ${JSON.stringify(dbRuns[i])}`);
}
const dbMid = dbRuns.find((r) => r.total === median(dbRuns.map((x) => x.total)))!;

// ------------------------------------------------------------------ 3. stability and separation
const qPersonas = quality('persona population', pop.customers, pop.nowMs);
const none = generatePopulation({ size: SIZE, seed: 'bench', structure: 'none' });
const qNone = quality('population without structure', none.customers, none.nowMs);
const demo: Record<number, Quality> = {};
for (const partner of [1001, 1002]) {
  const customers = await loadCustomerAggregates(db, partner, partner === 1001 ? 'de' : 'en', nowMs());
  demo[partner] = quality(`demo partner ${partner}`, customers, nowMs());
}
await closeDb();

// ------------------------------------------------------------------ report
const c = engineRun!.clustering;
const budgetRows: [string, string, string][] = [
  [`ITC engine run over ${SIZE.toLocaleString('en')} customers (features, k = 4…10 by silhouette, refine, labels, ids, scores; median of 3)`, '< 20 s', `${sec(median(engineMs))} (k = ${c.k})`],
  [
    `Whole ITC run through the database, ${dbMid.customers.toLocaleString('en')} customers / ${purchases.toLocaleString('en')} purchases (SQL aggregates + distances, engine, store; median of 3, PGlite in memory)`,
    '< 20 s',
    `${sec(dbMid.total)} (load ${sec(dbMid.load)}, engine ${sec(dbMid.engine)}, store ${sec(dbMid.store)})`,
  ],
];
const qRow = (name: string, q: Quality): string =>
  `| ${name} | ${q.k} | ${f3(q.silhouette)} (${q.separation}) | ${f3(q.seedAri.mean)} / ${f3(q.seedAri.min)} (k: ${q.seedAri.ks.join(', ')}) | ${f3(q.bootAri.mean)} / ${f3(q.bootAri.min)} |`;
const table = [
  markdownTable(budgetRows),
  '',
  `Stability and separation (${REPEATS} seeds, ${REPEATS} bootstrap samples; ARI mean / min):`,
  '',
  '| data | k | silhouette (reading) | ARI between seeds | ARI bootstrap vs all |',
  '|---|---|---|---|---|',
  qRow(`persona population, ${SIZE.toLocaleString('en')} customers (ARI vs planted personas ${f3(truthAri)})`, qPersonas),
  qRow(`population without structure, ${SIZE.toLocaleString('en')} customers`, qNone),
  qRow('demo partner 1001', demo[1001]),
  qRow('demo partner 1002', demo[1002]),
].join('\n');
console.log(`\n${table}`);
if (args.includes('--write')) writePerformanceBlock('taste-clusters', table, `\`npx tsx bench/taste-clusters.ts --write\`${quick ? ' --quick' : ''}`);
