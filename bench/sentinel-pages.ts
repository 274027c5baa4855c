// Issue 15 budget of a results page: 50 rows by id (GET /nlq/data_from_ids) under 100 ms at bench
// scale (100,000+ customers, 2,000,000+ transactions), for each outcome, on answers of the row cap
// (10,000 ids); and the time the task spends on the whole-answer aggregates. Measured through the
// service (no HTTP), p50/p95 over 40 random pages each.
// Usage: npx tsx bench/sentinel-pages.ts [--write]   (DATA_DIR defaults to /tmp/encore-bench-sentinel;
// the bench seed is made there once, about a minute on PGlite; DATABASE_URL measures PostgreSQL)
import { markdownTable, percentile, writePerformanceBlock } from './lib';

process.env.DATA_DIR ??= '/tmp/encore-bench-sentinel';
const { sql } = await import('drizzle-orm');
const { getHandle, closeDb, rows } = await import('../src/server/db/client');
const { seedIfEmpty } = await import('../src/server/demo/index');
const { insertQuestion, attachTask } = await import('../src/server/modules/nlq/repo');
const { enqueueTask } = await import('../src/server/modules/tasks/repo');
const { answerQuestion } = await import('../src/server/modules/nlq/task');
const { dataFromIds, NLQ_TASK } = await import('../src/server/modules/nlq');
type ResultType = 'customers' | 'events' | 'transactions';

const { db, kind } = await getHandle();
const seeded = await seedIfEmpty(db, 'bench');
const [counts] = await rows<{ c: number; t: number }>(db, sql`SELECT (SELECT count(*) FROM customers)::int AS c, (SELECT count(*) FROM ticket_transactions)::int AS t`);
console.log(`${kind}: ${counts.c} customers, ${counts.t} transactions${seeded.seeded ? ` (seeded in ${seeded.ms} ms)` : ''}`);
const [admin] = await rows<{ id: string }>(db, sql`SELECT id::text AS id FROM users WHERE email = 'admin@encore.demo'`);
const ctx = { partnerId: 1001, userId: admin.id, product: 'full-service', language: 'de' as const };

const QUESTIONS: Record<ResultType, string> = {
  customers: 'SELECT c.id::text AS id FROM sentinel.customers c WHERE c.partner_id = $1 ORDER BY c.id DESC LIMIT 10001',
  events: 'SELECT e.id AS id FROM sentinel.events e WHERE e.partner_id = $1 ORDER BY e.start_date_time DESC, e.id LIMIT 10001',
  transactions: 'SELECT t.id::text AS id FROM sentinel.transactions t WHERE t.partner_id = $1 ORDER BY t.id DESC LIMIT 10001',
};

const out: [string, string, string][] = [];
for (const type of Object.keys(QUESTIONS) as ResultType[]) {
  const id = await insertQuestion(db, ctx, {
    description: `bench ${type}`, resultType: type, language: 'de', typedQuery: { outcome: type, filters: [], groupBy: type === 'customers' ? undefined : { tag: 'e', field: 'category' } },
    compiled: { sql: QUESTIONS[type], params: [1001], filters: [] },
  });
  const task = await enqueueTask(db, { kind: NLQ_TASK, partnerId: 1001, userId: ctx.userId, payload: { partnerId: 1001, nlqId: id }, maxAttempts: 1 });
  await attachTask(db, ctx, id, task.id);
  const t0 = performance.now();
  const answer = await answerQuestion(db, task.id, { partnerId: 1001, nlqId: id });
  const taskMs = performance.now() - t0;
  const ids = answer!.data;
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const from = Math.floor(Math.random() * Math.max(1, ids.length - 50));
    const s = performance.now();
    const page = await dataFromIds(db, ctx, { nlq_id: id, id: ids.slice(from, from + 50) });
    times.push(performance.now() - s);
    if (page.data.length !== Math.min(50, ids.length)) throw new Error(`${type}: page has ${page.data.length} rows`);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`${type}: ${ids.length} ids; task (query + aggregates) ${taskMs.toFixed(0)} ms; page of 50 p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  out.push([`Sentinel page of 50 ${type} (${kind}, answer of ${ids.length} ids)`, `${p95.toFixed(1)} ms p95 (p50 ${p50.toFixed(1)})`, '< 100 ms']);
  out.push([`Sentinel task for ${ids.length} ${type}: query + whole-answer aggregates (${kind})`, `${taskMs.toFixed(0)} ms`, '—']);
}
if (process.argv.includes('--write')) writePerformanceBlock('sentinel-pages', markdownTable(out), '`npx tsx bench/sentinel-pages.ts --write` at bench scale');
await closeDb();
