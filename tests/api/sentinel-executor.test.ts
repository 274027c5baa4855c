// Sentinel's database wall (migration 0016, src/server/modules/nlq/execute.ts): whatever SQL
// reaches the executor — the SQL guard is deliberately NOT in front of it here — reads only the
// sentinel views of the bound partner, writes nothing, cannot switch roles or rebind the partner,
// and leaves no state behind on the connection. Runs on PGlite and, in the server pass, on
// PostgreSQL (TEST_DATABASE_URL from scripts/start-test-postgres.sh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { rows } from '../../src/server/db/client';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { customerProperties, customers, eventForecasts, sessions } from '../../src/server/db/schema';
import { executeSentinelQuery, SentinelQueryError, type SentinelFailure } from '../../src/server/modules/nlq/execute';

let t: TestDb;
let owner: string;
let userIds: Record<string, string>;

const run = (partnerId: number, text: string, params: (string | number | boolean | null | (string | number)[])[] = [], maxRows = 1000, timeoutMs?: number) =>
  executeSentinelQuery(t.db, partnerId, { sql: text, params, filters: [] }, maxRows, timeoutMs ? { timeoutMs } : {});

async function failure(p: Promise<unknown>): Promise<SentinelQueryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the query must fail').toBeInstanceOf(SentinelQueryError);
  const e = err as SentinelQueryError;
  // Never the database's own words (a table name, the SQL) in the message the API may show.
  expect(e.message).not.toMatch(/select|relation|permission|syntax|customers|users/i);
  return e;
}

/** Owner's view of the data, to compare before and after an attack. */
async function snapshot() {
  const [r] = await rows<Record<string, string | number>>(
    t.db,
    sql`SELECT (SELECT count(*) FROM customers) AS customers,
               (SELECT string_agg(coalesce(first_name, '-'), ',' ORDER BY id) FROM customers) AS names,
               (SELECT count(*) FROM customer_properties) AS properties,
               (SELECT count(*) FROM ticket_transactions) AS transactions,
               (SELECT count(*) FROM events) AS events,
               (SELECT count(*) FROM users) AS users,
               (SELECT count(*) FROM sessions) AS sessions,
               (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory') AS advisory_locks`,
  );
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]));
}

/** The connection the executor used is the application's again: its role, path and write mode. */
async function sessionState() {
  const [r] = await rows<{ who: string; path: string; ro: string; bound: string | null }>(
    t.db,
    sql`SELECT current_user AS who, current_setting('search_path') AS path, current_setting('transaction_read_only') AS ro,
               current_setting('encore.partner_id', true) AS bound`,
  );
  return r;
}

const idsOf = async (query: ReturnType<typeof sql>) => (await rows<{ id: string | number }>(t.db, query)).map((r) => String(r.id)).sort();

beforeAll(async () => {
  t = await createTestDb();
  userIds = (await seedAccounts(t.db)).userIds;
  await seedEventsFixture(t.db);
  const made = await t.db
    .insert(customers)
    .values([
      { partnerId: 1001, externalId: 'k1', postalCode: '50667', city: 'Köln', firstName: 'Anna', lastName: 'Berg', email: 'anna@example.de' },
      { partnerId: 1001, externalId: 'k2', postalCode: '53111', city: 'Bonn', firstName: 'Jörg', lastName: 'Kurz' },
      { partnerId: 1001, externalId: 'k3', postalCode: '50667', city: 'Köln', firstName: "O'Neil", lastName: 'Quote' },
      { partnerId: 1002, externalId: 'h1', postalCode: 'BS1', city: 'Bristol', firstName: 'Harriet', lastName: 'Hale', email: 'h@example.co.uk' },
      { partnerId: 1002, externalId: 'h2', postalCode: 'BS2', city: 'Bristol', firstName: 'Hugo', lastName: 'Hart' },
    ])
    .returning({ id: customers.id, partnerId: customers.partnerId });
  await t.db.insert(customerProperties).values(
    made.map((c, i) => ({ partnerId: c.partnerId, customerId: c.id, label: 'Abonnement', content: i % 2 ? 'Gold' : 'Keins' })),
  );
  // A forecast owned by partner 1002 that points at an event of 1001 (a writer's bug): the view's
  // join must not show it to 1001 (row-level security on every table the view reads).
  await t.db.insert(eventForecasts).values({
    eventId: 'e1001-00003', partnerId: 1002, ticketsSold: 1, nowValue: 1, nowBenchmark: 99, predictionValue: 1, predictionBenchmark: 1,
    predictedTickets: 1, state: 'below', modelVersion: 'foreign',
  });
  await t.db.insert(sessions).values({ userId: userIds['admin@encore.demo'], partnerId: 1001, tokenHash: 'x'.repeat(64), expiresAt: new Date(Date.now() + 3_600_000) } as typeof sessions.$inferInsert);
  [{ who: owner }] = await rows<{ who: string }>(t.db, sql`SELECT current_user AS who`);
});
afterAll(() => t.close());

describe('the bound partner only', () => {
  for (const view of ['customers', 'events', 'transactions'] as const) {
    it(`sentinel.${view} answers the bound partner's rows, and each partner its own`, async () => {
      const base = view === 'transactions' ? 'ticket_transactions' : view;
      for (const partner of [1001, 1002]) {
        const expected = await idsOf(sql`SELECT id FROM ${sql.identifier(base)} WHERE partner_id = ${partner}`);
        expect(expected.length).toBeGreaterThan(0);
        // No partner predicate in the SQL: the policies alone hold the line.
        const got = await run(partner, `SELECT id FROM sentinel.${view}`);
        expect(got.ids.sort()).toEqual(expected);
        expect(got.truncated).toBe(false);
      }
    });
  }

  it('sentinel.customer_properties and the joined tables of sentinel.events follow the binding too', async () => {
    const props = await run(1002, 'SELECT customer_id AS id FROM sentinel.customer_properties');
    expect(props.ids.sort()).toEqual(await idsOf(sql`SELECT customer_id AS id FROM customer_properties WHERE partner_id = 1002`));
    // e1001-00003 has only partner 1002's forecast (benchmark 99): 1001 sees no benchmark there.
    const withBenchmark = await run(1001, 'SELECT id FROM sentinel.events WHERE benchmark IS NOT NULL');
    expect(withBenchmark.ids.sort()).toEqual(['e1001-00001', 'e1001-00002']);
    const currency = await run(1002, 'SELECT DISTINCT currency AS id FROM sentinel.transactions');
    expect(currency.ids).toEqual(await idsOf(sql`SELECT currency AS id FROM partners WHERE id = 1002`));
  });

  it('binds parameters as values: arrays, text with quotes, numbers, booleans', async () => {
    const [anna] = await idsOf(sql`SELECT id FROM customers WHERE first_name = 'Anna'`);
    const got = await run(1001, 'SELECT id FROM sentinel.customers WHERE (id = ANY($1) OR first_name = $2) AND ads_opt_out = $3 AND length(city) > $4', [[Number(anna)], "O'Neil", false, 1]);
    expect(got.ids.sort()).toEqual(await idsOf(sql`SELECT id FROM customers WHERE first_name IN ('Anna', 'O''Neil')`));
    // A value that looks like SQL stays a value.
    const injected = await run(1001, 'SELECT id FROM sentinel.customers WHERE first_name = $1', ["x' OR '1'='1"]);
    expect(injected.ids).toEqual([]);
  });

  it('caps the answer at maxRows and says it was truncated, keeping the order', async () => {
    const all = await run(1001, 'SELECT id FROM sentinel.customers ORDER BY last_name DESC');
    const capped = await run(1001, 'SELECT id FROM sentinel.customers ORDER BY last_name DESC', [], 2);
    expect(capped).toEqual({ ids: all.ids.slice(0, 2), truncated: true });
    expect(all.ids.length).toBe(3);
  });

  it('without a binding, or with a plain unsigned one, the views are empty', async () => {
    const asRole = async (bind: string | null) =>
      t.db
        .transaction(
          async (tx) => {
            if (bind !== null) await tx.execute(sql`SELECT set_config('encore.partner_id', ${bind}, true)`);
            await tx.execute(sql.raw('SET LOCAL ROLE encore_sentinel'));
            const r = (await tx.execute(sql.raw('SELECT (SELECT count(*) FROM sentinel.customers) + (SELECT count(*) FROM sentinel.transactions) + (SELECT count(*) FROM sentinel.events) AS n'))) as unknown as { rows: { n: string | number }[] };
            return Number(r.rows[0].n);
          },
          { accessMode: 'read only' },
        );
    expect(await asRole(null)).toBe(0);
    expect(await asRole('1001')).toBe(0);
    expect(await asRole('1001:0000')).toBe(0);
    expect(await asRole('')).toBe(0);
  });
});

// Attacks through the executor: the SQL a compromised compiler or a raw-SQL path could send.
const ATTACKS: { name: string; sql: (owner: string) => string; kind: SentinelFailure | SentinelFailure[] }[] = [
  { name: 'a base table by its name', sql: () => 'SELECT id FROM public.customers', kind: 'forbidden' },
  // Unqualified names resolve in the schema sentinel only (`customers` is the view).
  { name: 'a base table unqualified', sql: () => 'SELECT id::text FROM sessions', kind: 'forbidden' },
  { name: 'users', sql: () => 'SELECT id::text FROM public.users', kind: 'forbidden' },
  { name: 'sessions', sql: () => 'SELECT id::text FROM public.sessions', kind: 'forbidden' },
  { name: 'pg_read_file', sql: () => "SELECT pg_read_file('/etc/hostname') AS id", kind: 'forbidden' },
  { name: 'lo_import', sql: () => "SELECT lo_import('/etc/hostname')::text AS id", kind: 'forbidden' },
  { name: 'a sequence', sql: () => "SELECT nextval('public.customers_id_seq')::text AS id", kind: 'forbidden' },
  { name: 'a writable CTE', sql: () => 'WITH x AS (DELETE FROM sentinel.customers RETURNING id) SELECT id FROM x', kind: ['failed', 'forbidden'] },
  { name: 'SELECT INTO', sql: () => 'SELECT id INTO TEMP stolen FROM sentinel.customers', kind: 'failed' },
  { name: 'a second statement', sql: () => 'SELECT id FROM sentinel.customers) q; DELETE FROM customers; SELECT (1', kind: 'failed' },
  { name: 'FOR UPDATE', sql: () => 'SELECT id FROM sentinel.customers FOR UPDATE', kind: 'forbidden' },
  { name: 'set_config(role) back to the owner', sql: (o) => `SELECT set_config('role', '${o}', true) || query_to_xml('SELECT count(*) FROM public.customers', true, false, '')::text AS id`, kind: 'forbidden' },
  { name: 'set_config(session_authorization)', sql: (o) => `SELECT set_config('session_authorization', '${o}', true) AS id`, kind: 'forbidden' },
  { name: 'RESET ROLE by set_config', sql: () => "SELECT set_config('role', 'none', true) AS id", kind: 'forbidden' },
  { name: 'read-write mode', sql: () => "SELECT set_config('transaction_read_only', 'off', true) AS id", kind: ['failed', 'forbidden'] },
  { name: 'dynamic SQL at a base table', sql: () => "SELECT query_to_xml('SELECT count(*) FROM public.users', true, false, '')::text AS id", kind: 'forbidden' },
];

describe('attacks through the executor fail closed and change nothing', () => {
  for (const a of ATTACKS) {
    it(a.name, async () => {
      const before = await snapshot();
      const e = await failure(run(1001, a.sql(owner)));
      expect([a.kind].flat()).toContain(e.kind);
      expect(await snapshot()).toEqual(before);
      expect(await sessionState()).toMatchObject({ who: owner, ro: 'off' });
    });
  }

  it('rebinding the partner inside the query (set_config) reaches no row of the other partner', async () => {
    const other = await idsOf(sql`SELECT id FROM customers WHERE partner_id = 1002`);
    const got = await run(1001, "SELECT set_config('encore.partner_id', '1002', true) AS id UNION ALL SELECT id::text FROM sentinel.customers");
    expect(got.ids.filter((id) => other.includes(id))).toEqual([]);
    const lateral = await run(1001, "SELECT c.id FROM (SELECT set_config('encore.partner_id', '1002', false)) s, sentinel.customers c");
    expect(lateral.ids).toEqual([]);
    // Not even a session-level (false) setting outlives the executor's transaction.
    expect((await sessionState()).bound ?? '').toBe('');
  });

  it('dynamic SQL still runs as the Sentinel role, under the binding', async () => {
    const got = await run(1002, "SELECT query_to_xml('SELECT count(*) AS n FROM sentinel.customers', true, false, '')::text AS id");
    expect(got.ids[0]).toContain('<n>2</n>');
  });

  it('a session advisory lock or a session setting does not outlive the query', async () => {
    const before = await snapshot();
    await run(1001, 'SELECT pg_advisory_lock(4242)::text AS id');
    await run(1001, "SELECT set_config('search_path', 'sentinel', false) || set_config('default_transaction_read_only', 'on', false) AS id");
    expect(await snapshot()).toEqual(before);
    const state = await sessionState();
    expect(state.path).not.toBe('sentinel');
    // The application's next write still works on the same connection.
    await t.db.execute(sql`UPDATE customers SET first_name = first_name WHERE false`);
  });

  it('a query past the statement timeout is a timeout (PostgreSQL; PGlite has no timer)', async (ctx) => {
    if (t.kind !== 'postgres') ctx.skip();
    const e = await failure(run(1001, 'SELECT id FROM sentinel.customers WHERE pg_sleep(2) IS NOT NULL', [], 10, 200));
    expect(e.kind).toBe('timeout');
  });
});

// The database on its own, with no wrapper around the statement: what sentinel.run refuses.
describe('sentinel.run refuses every write and role change by itself', () => {
  const direct = (partnerId: number, statement: string) =>
    t.db.transaction(
      async (tx) => {
        await tx.execute(sql`SELECT public.sentinel_bind(${partnerId}::int)`);
        await tx.execute(sql.raw('SET LOCAL ROLE encore_sentinel'));
        return tx.execute(sql`SELECT * FROM sentinel.run(${statement})`);
      },
      { accessMode: 'read only' },
    );
  const STATEMENTS = (o: string) => [
    "INSERT INTO sentinel.customer_properties (partner_id, customer_id, label, content) SELECT partner_id, id, 'x', 'y' FROM sentinel.customers RETURNING label",
    "UPDATE sentinel.customers SET first_name = 'pwned' RETURNING id::text",
    'DELETE FROM sentinel.transactions RETURNING id::text',
    'DELETE FROM public.customers RETURNING id::text',
    'WITH x AS (DELETE FROM sentinel.customers RETURNING id) SELECT id::text FROM x',
    'SELECT id::text INTO stolen FROM sentinel.customers',
    'EXPLAIN ANALYZE DELETE FROM sentinel.customers',
    `SET ROLE ${o}`,
    'RESET ROLE',
    'SET ROLE postgres',
    "COPY (SELECT 1) TO PROGRAM 'touch /tmp/sentinel-pwned'",
    'COMMIT',
    "SELECT first_name FROM sentinel.customers; UPDATE customers SET first_name = 'pwned'",
  ];
  it('each fails, with no side effect', async () => {
    for (const statement of STATEMENTS(owner)) {
      const before = await snapshot();
      await expect(direct(1001, statement), statement).rejects.toThrow();
      expect(await snapshot(), statement).toEqual(before);
      expect(await sessionState(), statement).toMatchObject({ who: owner, ro: 'off' });
    }
  });

  it('encore_sentinel holds no other privilege: not on base tables, not on users, not to log in', async () => {
    const [r] = await rows<Record<string, boolean>>(
      t.db,
      sql`SELECT has_table_privilege('encore_sentinel', 'public.users', 'SELECT') AS users,
                 has_table_privilege('encore_sentinel', 'public.customers', 'SELECT') AS customers_table,
                 has_any_column_privilege('encore_sentinel', 'public.users', 'SELECT') AS users_columns,
                 has_column_privilege('encore_sentinel', 'public.customers', 'external_id', 'SELECT') AS external_id,
                 has_table_privilege('encore_sentinel', 'sentinel.customers', 'INSERT') AS view_insert,
                 has_schema_privilege('encore_sentinel', 'public', 'USAGE') AS public_usage,
                 has_schema_privilege('encore_sentinel', 'sentinel', 'CREATE') AS sentinel_create,
                 has_function_privilege('encore_sentinel', 'public.sentinel_bind(integer)', 'EXECUTE') AS bind,
                 (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'encore_sentinel') AS login`,
    );
    expect(r).toEqual({
      users: false, customers_table: false, users_columns: false, external_id: false, view_insert: false,
      public_usage: false, sentinel_create: false, bind: false, login: false,
    });
  });
});
