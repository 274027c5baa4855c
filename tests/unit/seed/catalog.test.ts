import { beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import * as schema from '../../../src/server/db/schema';
import { rows, type Db } from '../../../src/server/db/client';
import { seedCatalog, type CatalogCounts } from '../../../src/server/demo/catalog';
import { planCatalog } from '../../../src/server/demo/catalog-plan';
import { POPULAR_SPEC_CATEGORIES, SPEC_CATEGORIES } from '../../../src/server/demo/categories';

const NOW = new Date('2026-03-15T12:00:00Z');
const PARTNER = { id: 1001, currency: 'EUR', language: 'de', product: 'full-service' } as const;
const OPTS = { scale: 'demo', now: NOW, seedKey: 'encore-test' } as const;
const DAY = 86_400_000;

/** A migrated in-memory database holding only the partner row. */
async function blankDb(): Promise<PGlite> {
  const client = new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: 'src/server/db/migrations' });
  await db.insert(schema.partners).values({ id: PARTNER.id, name: 'Test Partner', domain: 'test.example', product: PARTNER.product });
  return client;
}

async function seed(client: PGlite): Promise<{ db: Db; counts: CatalogCounts }> {
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, counts: await seedCatalog(db, PARTNER, OPTS) };
}

/** Fingerprint of the seeded data: aggregates plus hashes over every event and every sale. */
async function checksum(db: Db) {
  const [events] = await rows<{ n: number; h: string }>(db, sql`
    SELECT count(*)::int AS n,
           md5(string_agg(concat_ws('|', id, eid, title, category, start_date_time, hall_id, capacity, frontend_status, source), ',' ORDER BY id)) AS h
    FROM events`);
  const [sales] = await rows<{ q: string; amount: string; h: string }>(db, sql`
    SELECT sum(quantity)::text AS q, sum(amount_minor)::text AS amount,
           md5(string_agg(concat_ws('|', event_id, customer_id, sold_at, quantity, ticket_type, price_category, amount_minor, source), ',' ORDER BY id)) AS h
    FROM ticket_transactions`);
  const [customers] = await rows<{ h: string }>(db, sql`
    SELECT md5(string_agg(concat_ws('|', id, external_id, postal_code, city, birth_year, created_at), ',' ORDER BY id)) AS h FROM customers`);
  return { events, sales, customers: customers.h };
}

describe('seedCatalog (demo scale)', () => {
  let first: { db: Db; counts: CatalogCounts };
  let second: { db: Db; counts: CatalogCounts };

  beforeAll(async () => {
    // Two separate databases; the second is a clone of the blank first (faster than a new initdb).
    const blank = await blankDb();
    const copy = (await blank.clone()) as PGlite;
    first = await seed(blank);
    second = await seed(copy);
  }, 180_000); // two demo-scale seeds; generous for a loaded 2-core CI machine

  it('produces the same catalog from the same seed key', async () => {
    expect(second.counts).toEqual(first.counts);
    expect(await checksum(second.db)).toEqual(await checksum(first.db));
  });

  it('produces a different catalog from another seed key', async () => {
    const seeded = await rows<{ title: string }>(first.db, sql`SELECT title FROM events ORDER BY id`);
    const other = planCatalog(PARTNER, { ...OPTS, seedKey: 'another-key' });
    expect(other.events.map((e) => e.title)).not.toEqual(seeded.map((e) => e.title));
  });

  it('has the demo volumes', () => {
    const c = first.counts;
    expect(c.venues).toBeGreaterThanOrEqual(4);
    expect(c.venues).toBeLessThanOrEqual(6);
    expect(c.events).toBeGreaterThanOrEqual(380);
    expect(c.events).toBeLessThanOrEqual(440);
    expect(c.customers).toBe(6_000);
    expect(c.transactions).toBeGreaterThan(30_000);
  });

  it('spreads events from three years back to two years ahead', async () => {
    const [span] = await rows<{ min: Date | string; max: Date | string }>(first.db, sql`
      SELECT min(start_date_time) AS min, max(start_date_time) AS max FROM events`);
    const min = new Date(span.min).getTime();
    const max = new Date(span.max).getTime();
    const from = Date.UTC(2023, 2, 15, 12);
    const to = Date.UTC(2028, 2, 15, 12);
    expect(min).toBeGreaterThanOrEqual(from);
    expect(min).toBeLessThan(from + 90 * DAY);
    expect(max).toBeLessThanOrEqual(to);
    expect(max).toBeGreaterThan(to - 180 * DAY);
  });

  it('records no sale after now, and none after its event started', async () => {
    const [r] = await rows<{ future_event_late: number; after_now: number; after_start: number }>(first.db, sql`
      SELECT count(*) FILTER (WHERE e.start_date_time > ${NOW.toISOString()}::timestamptz AND t.sold_at > ${NOW.toISOString()}::timestamptz)::int AS future_event_late,
             count(*) FILTER (WHERE t.sold_at > ${NOW.toISOString()}::timestamptz)::int AS after_now,
             count(*) FILTER (WHERE t.sold_at >= e.start_date_time AND e.category <> 'product')::int AS after_start
      FROM ticket_transactions t JOIN events e ON e.id = t.event_id`);
    expect(r).toEqual({ future_event_late: 0, after_now: 0, after_start: 0 });
  });

  it('never sells more tickets than an event holds', async () => {
    // Quantities are positive, so the running total peaks at the final total.
    const over = await rows<{ id: string }>(first.db, sql`
      SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id
      GROUP BY e.id, e.capacity HAVING sum(t.quantity) > e.capacity`);
    expect(over).toEqual([]);
    const [sellouts] = await rows<{ n: number }>(first.db, sql`
      SELECT count(*)::int AS n FROM (SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id
      GROUP BY e.id, e.capacity HAVING sum(t.quantity) = e.capacity) x`);
    expect(sellouts.n).toBeGreaterThan(0);
  });

  it('sells popular categories to a higher share than the others', async () => {
    const shares = await rows<{ category: string; share: number }>(first.db, sql`
      SELECT e.category, avg(coalesce(s.q, 0)::float8 / e.capacity) AS share
      FROM events e LEFT JOIN (SELECT event_id, sum(quantity) AS q FROM ticket_transactions GROUP BY 1) s ON s.event_id = e.id
      WHERE e.start_date_time < ${NOW.toISOString()}::timestamptz AND e.source = 'api'
        AND e.category NOT IN ('product', 'uncategorized')
      GROUP BY 1`);
    const isPopular = (c: string) => (POPULAR_SPEC_CATEGORIES as readonly string[]).includes(c);
    const popular = shares.filter((s) => isPopular(s.category));
    const others = shares.filter((s) => !isPopular(s.category));
    const othersMean = others.reduce((a, s) => a + Number(s.share), 0) / others.length;
    expect(popular).toHaveLength(3);
    for (const p of popular) expect(Number(p.share)).toBeGreaterThan(othersMean);
  });

  it('has every category, products, simulations and each frontend status', async () => {
    const cats = await rows<{ category: string }>(first.db, sql`SELECT DISTINCT category FROM events ORDER BY 1`);
    expect(cats.map((c) => c.category).sort()).toEqual([...SPEC_CATEGORIES, 'product', 'uncategorized'].sort());

    const [r] = await rows<{ sims: number; sims_manual: number; flagged: number; hidden: number; cancelled: number; bad_ids: number }>(first.db, sql`
      SELECT count(*) FILTER (WHERE id LIKE '%-sim-%')::int AS sims,
             count(*) FILTER (WHERE id LIKE '%-sim-%' AND source = 'manual')::int AS sims_manual,
             count(*) FILTER (WHERE frontend_status = 'FLAGGED')::int AS flagged,
             count(*) FILTER (WHERE frontend_status = 'HIDDEN')::int AS hidden,
             count(*) FILTER (WHERE frontend_status = 'CANCELLED')::int AS cancelled,
             count(*) FILTER (WHERE id !~ '^e1001-(sim-)?[0-9]{5}$')::int AS bad_ids
      FROM events`);
    expect(r.sims).toBe(10);
    expect(r.sims_manual).toBe(10);
    expect(r.flagged).toBeGreaterThan(0);
    expect(r.hidden).toBeGreaterThan(0);
    expect(r.cancelled).toBeGreaterThanOrEqual(1);
    expect(r.cancelled).toBeLessThanOrEqual(2);
    expect(r.bad_ids).toBe(0);
  });
});
