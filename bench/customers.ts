// Budget of issue 15 for the customer detail: GET /customers/{id} and /customers/sales_summary/{id}
// answer fast at bench scale (100,000+ customers, 2,000,000+ transactions), for the customers who
// bought most (the worst case: every transaction of theirs is read and grouped) and for others.
// Usage: DATA_DIR=/tmp/customer-bench npm run seed -- --scale bench
//        DATA_DIR=/tmp/customer-bench npx tsx bench/customers.ts [--write]
// In-process: the Hono app on the data dir's database (PGlite, or DATABASE_URL), as the API tests
// drive it, signed in as the demo admin (partner 1001).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getDb, closeDb, rows } from '../src/server/db/client';
import { apiClient } from '../tests/helpers/api';
import { markdownTable, percentile, writePerformanceBlock } from './lib';

const REPS = 5;

async function main() {
  const db = await getDb();
  const [{ customers, transactions }] = await rows<{ customers: number; transactions: number }>(
    db,
    sql`select (select count(*) from customers)::int as customers, (select count(*) from ticket_transactions)::int as transactions`,
  );
  const heavy = await rows<{ id: string; n: number }>(
    db,
    sql`select customer_id::text as id, count(*)::int as n from ticket_transactions
        where partner_id = 1001 and customer_id is not null group by customer_id order by count(*) desc limit 10`,
  );
  const others = await rows<{ id: string }>(db, sql`select id::text as id from customers where partner_id = 1001 order by md5(id::text) limit 40`);
  const api = apiClient(db);
  const { token } = await api.signIn('admin@encore.demo');
  const time = async (ids: string[]) => {
    const detail: number[] = [];
    const summary: number[] = [];
    for (let r = 0; r < REPS; r++) {
      for (const id of ids) {
        let t0 = performance.now();
        const a = await api.request(`/api/v3/customers/${id}`, { token });
        detail.push(performance.now() - t0);
        t0 = performance.now();
        const b = await api.request(`/api/v3/customers/sales_summary/${id}`, { token });
        summary.push(performance.now() - t0);
        if (a.status !== 200 || b.status !== 200) throw new Error(`customer ${id}: ${a.status} / ${b.status}`);
        await a.arrayBuffer();
        await b.arrayBuffer();
      }
    }
    return { detail, summary };
  };
  await time(others.slice(0, 5).map((c) => c.id)); // warm-up: plans and caches
  const h = await time(heavy.map((c) => c.id));
  const o = await time(others.map((c) => c.id));
  const fmt = (v: number[]) => `${percentile(v, 95).toFixed(1)} ms / ${percentile(v, 50).toFixed(1)} ms`;
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const table = markdownTable([
    [`GET /customers/sales_summary/{id}, ${kind}, the 10 biggest buyers (${heavy[0]?.n ?? 0}–${heavy.at(-1)?.n ?? 0} transactions) × ${REPS} (p95 / p50)`, '< 100 ms p95', fmt(h.summary)],
    [`GET /customers/sales_summary/{id}, ${kind}, 40 other customers × ${REPS} (p95 / p50)`, '< 100 ms p95', fmt(o.summary)],
    [`GET /customers/{id}, ${kind}, all 50 × ${REPS} (p95 / p50)`, '< 100 ms p95', fmt([...h.detail, ...o.detail])],
  ]);
  console.log(`${customers} customers, ${transactions} transactions\n${table}`);
  if (process.argv.includes('--write')) writePerformanceBlock('customers', table, '`DATA_DIR=… npx tsx bench/customers.ts --write` at bench scale');
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
