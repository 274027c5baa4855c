// Sentinel's /nlq calls on the seeded demo (spec 3 §2, §4, §7; issue 15): an answer's task, its
// rows by id and whole-answer aggregates, saved questions, cancel, expiry, export, and refusals of
// bad input, another partner's or user's question and a missing sentinel permission. Questions
// whose SQL is written here (not by the parser) go through the same row + task + guard +
// executor path as an asked question; every expected figure comes from SQL over the base tables.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql, and } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { customers, permissions, users } from '../../src/server/db/schema';
import { nowMs } from '../../src/server/lib/clock';
import { enqueueTask } from '../../src/server/modules/tasks/repo';
import { attachTask, insertQuestion, type Who } from '../../src/server/modules/nlq/repo';
import { MAX_RUNNING_PER_USER, NLQ_TASK } from '../../src/server/modules/nlq';
import { CustomerRow, DataFromIdsResponse, EventRow, NlqAnswer, SavedQuestionsResponse, SENTINEL, TransactionRow, type ResultType } from '../../src/lib/contracts/nlq';
import type { TypedQuery } from '../../src/server/engines/nlq';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission, German
let colleague: string; // partner 1001, given sentinel here
let outsider: string; // partner 1002, given sentinel here
let noSentinel: string; // partner 1001 without sentinel
const who: Record<'admin' | 'colleague' | 'outsider', Who> = {} as never;

async function userId(email: string) {
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
}

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  const analystId = await userId('analyst@encore.demo');
  const prismaId = await userId('prisma@encore.demo');
  await t.db
    .insert(permissions)
    .values([
      { userId: analystId, partnerId: 1001, name: 'sentinel', isEnabled: true },
      { userId: prismaId, partnerId: 1002, name: 'sentinel', isEnabled: true },
    ])
    .onConflictDoUpdate({ target: [permissions.userId, permissions.partnerId, permissions.name], set: { isEnabled: true } });
  admin = (await api.signIn('admin@encore.demo')).token;
  colleague = (await api.signIn('analyst@encore.demo')).token;
  outsider = (await api.signIn('prisma@encore.demo')).token;
  noSentinel = (await api.signIn('multi@encore.demo')).token;
  who.admin = { partnerId: 1001, userId: await userId('admin@encore.demo') };
  who.colleague = { partnerId: 1001, userId: analystId };
  who.outsider = { partnerId: 1002, userId: prismaId };
}, 300_000);
afterAll(() => t.close());

async function call(method: string, path: string, token = admin, init: { json?: unknown; cookie?: string; partner?: number } = {}) {
  const res = await api.request(path, { method, token, ...init });
  const type = res.headers.get('content-type') ?? '';
  return { res, status: res.status, body: type.includes('json') ? await res.clone().json() : null };
}

async function drain() {
  while (await runOnce(t.db, 'nlq-test')) {
    /* until the queue is empty */
  }
}

/** A question with hand-written SQL, stored and queued exactly as the service stores an asked one. */
async function storeQuestion(owner: Who, resultType: ResultType, sqlText: string, params: (string | number)[], typedQuery?: Partial<TypedQuery>) {
  const query = { outcome: resultType, filters: [], ...typedQuery } as TypedQuery;
  const id = await insertQuestion(t.db, owner, {
    description: `test question ${resultType}`,
    resultType,
    language: 'de',
    typedQuery: query,
    compiled: { sql: sqlText, params: [owner.partnerId, ...params], filters: [] },
  });
  const task = await enqueueTask(t.db, { kind: NLQ_TASK, partnerId: owner.partnerId, userId: owner.userId, payload: { partnerId: owner.partnerId, nlqId: id }, maxAttempts: 1 });
  await attachTask(t.db, owner, id, task.id);
  return { id, taskId: task.id };
}

async function answered(owner: Who, resultType: ResultType, sqlText: string, params: (string | number)[], typedQuery?: Partial<TypedQuery>) {
  const q = await storeQuestion(owner, resultType, sqlText, params, typedQuery);
  await drain();
  return q;
}

const ids = <T extends { id: unknown }>(list: T[]) => list.map((r) => String(r.id));

// Fixtures over the demo: a city with customers, an opera catalogue, regular tickets.
let city: string;
async function cityWithCustomers(): Promise<string> {
  const [r] = await rows<{ city: string }>(t.db, sql`SELECT city FROM customers WHERE partner_id = 1001 GROUP BY city HAVING count(*) BETWEEN 60 AND 2000 ORDER BY count(*) DESC LIMIT 1`);
  return r.city;
}
const CUSTOMERS_IN_CITY = 'SELECT c.id::text AS id FROM sentinel.customers c WHERE c.partner_id = $1 AND c.city = $2 ORDER BY c.id LIMIT 10001';
const EVENTS_OF_CATEGORY = 'SELECT e.id AS id FROM sentinel.events e WHERE e.partner_id = $1 AND e.category = $2 ORDER BY e.start_date_time, e.id LIMIT 10001';
const TX_OF_EVENT = 'SELECT t.id::text AS id FROM sentinel.transactions t WHERE t.partner_id = $1 AND t.event_id = $2 ORDER BY t.id LIMIT 10001';

describe('an answer through the task', () => {
  it('runs the question in the task and answers NlqAnswer with exactly the ids the SQL over the base tables finds', async () => {
    city = await cityWithCustomers();
    const q = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    const task = await call('GET', `/api/v3/tasks/${q.taskId}`);
    expect(task.body.status).toBe('SUCCESS');
    const answer = NlqAnswer.parse(task.body.result);
    const expected = (await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1001 AND city = ${city} ORDER BY customers.id`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(50);
    expect(answer.data).toEqual(expected);
    expect(answer.num_results).toBe(expected.length);
    expect(answer.truncated).toBe(false);
    expect(answer.query_id).toBe(q.id);
    expect(Math.abs(answer.task_completed_at! - nowMs() / 1000)).toBeLessThan(60);
    // The stored answer reads the same.
    const stored = await call('GET', `/api/v3/nlq/${q.id}`);
    expect(stored.status).toBe(200);
    expect(NlqAnswer.parse(stored.body)).toMatchObject({ query_id: q.id, data: expected, saved: false, result_type: 'customers' });
  });

  it('pages customer rows by id in the order asked, each exactly as stored, and ignores ids outside the answer', async () => {
    const q = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    const page = answer.data.slice(50, 100).reverse();
    const [foreign] = await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1002 LIMIT 1`);
    const [elsewhere] = await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1001 AND city <> ${city} LIMIT 1`);
    const query = [...page.slice(0, 48), foreign.id, elsewhere.id].map((id) => `id=${id}`).join('&');
    const res = await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}&${query}`);
    expect(res.status).toBe(200);
    const body = DataFromIdsResponse.parse(res.body);
    expect(ids(body.data)).toEqual(page.slice(0, 48));
    const first = CustomerRow.parse(body.data[0]);
    const [base] = await t.db.select().from(customers).where(and(eq(customers.partnerId, 1001), eq(customers.id, Number(first.id))));
    expect(first).toEqual({
      id: String(base.id), salutation: base.salutation, first_name: base.firstName, last_name: base.lastName, street: base.street, zip_code: base.postalCode,
      city: base.city, email: base.email, email_2: base.email2, phone1: base.phone1, phone2: base.phone2, ads_opt_out: base.adsOptOut,
    });
    // Customers show no aggregates bar.
    expect(body.aggregations).toEqual({});
    // No ids: the answer's first page.
    const firstPage = DataFromIdsResponse.parse((await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}`)).body);
    expect(ids(firstPage.data)).toEqual(answer.data.slice(0, SENTINEL.pageSize));
  });

  it('sums and averages events over the whole answer (not the page), with tickets sold and revenue from the transactions', async () => {
    const q = await answered(who.admin, 'events', EVENTS_OF_CATEGORY, ['opera']);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    expect(answer.num_results).toBeGreaterThan(3);
    const body = DataFromIdsResponse.parse((await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}&id=${answer.data[0]}`)).body);
    expect(body.data).toHaveLength(1);
    const [x] = await rows<{ capacity: number; n: number; tickets: number; revenue: number }>(
      t.db,
      sql`SELECT sum(e.capacity)::float8 AS capacity, count(*)::int AS n,
                 (SELECT coalesce(sum(quantity), 0) FROM ticket_transactions WHERE partner_id = 1001 AND ticket_type <> 'cancelled'
                    AND event_id IN (SELECT id FROM events WHERE partner_id = 1001 AND category = 'opera'))::float8 AS tickets,
                 (SELECT coalesce(sum(amount_minor), 0) FROM ticket_transactions WHERE partner_id = 1001
                    AND event_id IN (SELECT id FROM events WHERE partner_id = 1001 AND category = 'opera'))::float8 / 100 AS revenue
          FROM events e WHERE e.partner_id = 1001 AND e.category = 'opera'`,
    );
    expect(answer.num_results).toBe(x.n);
    expect(body.aggregations.capacity.sum).toBe(x.capacity);
    expect(body.aggregations.capacity.average).toBeCloseTo(x.capacity / x.n, 2);
    expect(body.aggregations.tickets_sold.sum).toBe(x.tickets);
    expect(body.aggregations.revenue.sum).toBeCloseTo(x.revenue, 2);
    expect(body.aggregations.revenue.average).toBeCloseTo(x.revenue / x.n, 2);
    // A full-service partner sees the percentages: averaged over the events that have a value,
    // never summed (issue 20 §3); money comes with the partner's currency.
    expect(Object.keys(body.aggregations)).toContain('already_sold');
    const [pct] = await rows<{ avg: number | null }>(
      t.db,
      sql`SELECT avg(f.now_value)::float8 AS avg FROM events e JOIN event_forecasts f ON f.event_id = e.id WHERE e.partner_id = 1001 AND e.category = 'opera'`,
    );
    expect(body.aggregations.already_sold.sum).toBeNull();
    if (pct.avg === null) expect(body.aggregations.already_sold.average).toBeNull();
    else expect(body.aggregations.already_sold.average).toBeCloseTo(pct.avg, 2);
    expect(body.aggregations.benchmark.sum).toBeNull();
    // The average ticket price is what the answer's tickets sold for on average, not a sum.
    expect(body.aggregations.price.sum).toBeNull();
    expect(body.aggregations.price.average).toBeCloseTo(x.revenue / x.tickets, 2);
    expect(body.currency).toBe('EUR');
    const row = EventRow.parse(body.data[0]);
    const [ev] = await rows<{ title: string; category: string; lineups: { artist_name: string }[] }>(t.db, sql`SELECT title, category, lineups FROM events WHERE id = ${row.id}`);
    expect(row).toMatchObject({ title: ev.title, category: ev.category, lineups: ev.lineups.map((l) => ({ artist_name: l.artist_name })) });
  });

  it('hides the event percentages for the prisma product type', async () => {
    const q = await answered(who.outsider, 'events', EVENTS_OF_CATEGORY, ['opera']);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`, outsider)).body);
    expect(answer.num_results).toBeGreaterThan(0);
    const body = DataFromIdsResponse.parse((await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}&id=${answer.data[0]}`, outsider)).body);
    expect(EventRow.parse(body.data[0])).toMatchObject({ already_sold: null, prediction: null, sales_prediction: null, benchmark: null });
    expect(Object.keys(body.aggregations)).not.toContain('already_sold');
    expect(Object.keys(body.aggregations)).toContain('revenue');
  });

  it('breaks transaction aggregates down by the typed query’s groupBy (revenue per ticket type)', async () => {
    const [busy] = await rows<{ event_id: string }>(t.db, sql`SELECT event_id FROM ticket_transactions WHERE partner_id = 1001 GROUP BY event_id HAVING count(DISTINCT ticket_type) > 2 ORDER BY count(*) DESC LIMIT 1`);
    const q = await answered(who.admin, 'transactions', TX_OF_EVENT, [busy.event_id], { groupBy: { tag: 't', field: 'ticket_type' } });
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    const body = DataFromIdsResponse.parse((await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}&id=${answer.data[0]}`)).body);
    TransactionRow.parse(body.data[0]);
    const expected = await rows<{ ticket_type: string; n: number; revenue: number; tickets: number }>(
      t.db,
      sql`SELECT ticket_type, count(*)::int AS n, sum(amount_minor)::float8 / 100 AS revenue, sum(quantity)::float8 AS tickets
          FROM ticket_transactions WHERE partner_id = 1001 AND event_id = ${busy.event_id} GROUP BY ticket_type ORDER BY ticket_type`,
    );
    expect(body.groups!.map((g) => [g.value, g.count])).toEqual(expected.map((e) => [e.ticket_type, e.n]));
    for (const [i, g] of body.groups!.entries()) {
      expect(g.field).toBe('t.ticket_type');
      expect(g.aggregations.sold_price.sum).toBeCloseTo(expected[i].revenue, 2);
      expect(g.aggregations.tickets.sum).toBe(expected[i].tickets);
    }
    const total = expected.reduce((s, e) => s + e.revenue, 0);
    expect(body.aggregations.sold_price.sum).toBeCloseTo(total, 2);
    expect(body.aggregations.sold_price.average).toBeCloseTo(total / answer.num_results, 2);
  });

  it('fails the task with error.nlq.failed when the guard refuses the stored SQL, logging no partner value', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const q = await answered(who.admin, 'customers', 'SELECT id::text AS id FROM public.customers WHERE partner_id = $1 AND city = $2', ['Geheimstadt-4711']);
    const task = await call('GET', `/api/v3/tasks/${q.taskId}`);
    expect(task.body.status).toBe('FAILURE');
    expect(task.body.result.error_code).toBe('error.nlq.failed');
    expect(JSON.stringify(errors.mock.calls)).not.toContain('Geheimstadt-4711');
    errors.mockRestore();
    const data = await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}`);
    expect(data.status).toBe(409);
    expect((await errorOf(data.res)).error_code).toBe('error.nlq.not_ready');
  });
});

describe('asking in German and English (parser → compiler → task)', () => {
  const ask = (description: string, resultType: ResultType, language: 'en' | 'de', token = admin) =>
    call('GET', `/api/v3/nlq/ids_from_nl_description?${new URLSearchParams({ description, result_type: resultType, language })}`, token);

  async function answerOf(taskId: string) {
    await drain();
    const task = await call('GET', `/api/v3/tasks/${taskId}`);
    expect(task.body.status).toBe('SUCCESS');
    return NlqAnswer.parse(task.body.result);
  }

  it('answers "Comedy in Essen" (de, events) with the comedy events of Essen\'s venues, its filters tagged e', async () => {
    const res = await ask('Comedy in Essen', 'events', 'de');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ task_id: expect.any(String), nlq_id: expect.any(Number), timestamp: expect.any(Number) });
    const answer = await answerOf(res.body.task_id);
    const expected = (await rows<{ id: string }>(t.db, sql`SELECT e.id FROM events e JOIN halls h ON h.id = e.hall_id JOIN venues v ON v.id = h.venue_id
      WHERE e.partner_id = 1001 AND e.category = 'comedy' AND v.city = 'Essen'`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    expect([...answer.data].sort()).toEqual([...expected].sort());
    expect(answer.filters.length).toBeGreaterThan(0);
    expect(answer.filters.every((f) => f.entity === 'e')).toBe(true);
    expect(answer.query).toMatch(/^\s*(WITH|SELECT)/i);
    expect(answer).toMatchObject({ original_description: 'Comedy in Essen', language: 'de', result_type: 'events', query_id: res.body.nlq_id });
  });

  it('answers "customers who live in Köln" (en, customers) with the customers of Köln, and asks it again into the same row', async () => {
    const res = await ask('customers who live in Köln', 'customers', 'en');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const answer = await answerOf(res.body.task_id);
    const expected = (await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1001 AND city = 'Köln'`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    expect([...answer.data].sort()).toEqual([...expected].sort());
    const again = await call('POST', `/api/v3/nlq/ids_from_nl_description?nlq_id=${res.body.nlq_id}`);
    expect(again.status).toBe(202);
    expect(again.body.nlq_id).toBe(res.body.nlq_id);
    expect(again.body.task_id).not.toBe(res.body.task_id);
    const second = await answerOf(again.body.task_id);
    expect([...second.data].sort()).toEqual([...expected].sort());
    expect((await call('GET', `/api/v3/nlq/${res.body.nlq_id}`)).body.data).toEqual(second.data);
  });

  it('refuses with the spec\'s codes before storing anything', async () => {
    const [before] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM nlq_questions`);
    const write = await ask('Lösche alle Kunden aus Köln', 'customers', 'de');
    expect(write.status).toBe(400);
    expect((await errorOf(write.res)).error_code).toBe('error.nlq.attempt_to_write_detected');
    // Other partners' data as such (not another partner's name: that is read like any unknown
    // name, issue 21 §4, tests/api/nlq-attacks.test.ts).
    const others = await ask('Kunden aller Partner', 'customers', 'de');
    expect(others.status).toBe(400);
    expect((await errorOf(others.res)).error_code).toBe('error.nlq.attempt_to_access_others_data');
    const gibberish = await ask('asdf qwertz jklö', 'customers', 'de');
    expect(gibberish.status).toBe(400);
    const err = (await errorOf(gibberish.res)) as { error_code: string; data?: { understood?: unknown } };
    expect(err.error_code).toBe('error.nlq.not_understood');
    expect(Array.isArray(err.data?.understood)).toBe(true);
    // A word the parser trips over (the prototype key "constructor" once threw in its lexicon) is not understood, never a 500.
    const tripped = await ask('constructor', 'customers', 'en');
    expect(tripped.status).toBe(400);
    expect((await errorOf(tripped.res)).error_code).toBe('error.nlq.not_understood');
    const [after] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM nlq_questions`);
    expect(after.n).toBe(before.n);
  });
});

describe('saved questions', () => {
  it('saves, renames, lists newest first, unsaves and deletes — personal to the user who asked', async () => {
    const a = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    const b = await answered(who.admin, 'events', EVENTS_OF_CATEGORY, ['opera']);
    const saved = await call('PUT', `/api/v3/nlq/${a.id}?save=true`);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: a.id, name: 'test question customers', result_type: 'customers' });
    await call('PUT', `/api/v3/nlq/${b.id}?save=true&name=${encodeURIComponent('Opern  Übersicht')}`);
    const renamed = await call('PUT', `/api/v3/nlq/${a.id}?name=Kunden%20vor%20Ort`);
    expect(renamed.body.name).toBe('Kunden vor Ort');
    const list = SavedQuestionsResponse.parse((await call('GET', '/api/v3/nlq')).body);
    expect(list.data.map((q) => [q.id, q.name])).toEqual([
      [b.id, 'Opern  Übersicht'],
      [a.id, 'Kunden vor Ort'],
    ]);
    expect((await call('GET', `/api/v3/nlq/${a.id}`)).body.saved).toBe(true);
    // A colleague of the same partner sees none of it.
    expect(SavedQuestionsResponse.parse((await call('GET', '/api/v3/nlq', colleague)).body).data).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/v3/nlq/${a.id}`],
      ['PUT', `/api/v3/nlq/${a.id}?save=false`],
      ['DELETE', `/api/v3/nlq/${a.id}`],
      ['GET', `/api/v3/nlq/data_from_ids?nlq_id=${a.id}`],
    ]) {
      const res = await call(method, path, colleague);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res.res)).error_code).toBe('error.common.notFound');
    }
    await call('PUT', `/api/v3/nlq/${b.id}?save=false`);
    expect(SavedQuestionsResponse.parse((await call('GET', '/api/v3/nlq')).body).data.map((q) => q.id)).toEqual([a.id]);
    expect((await call('DELETE', `/api/v3/nlq/${a.id}`)).status).toBe(204);
    expect((await call('GET', `/api/v3/nlq/${a.id}`)).status).toBe(404);
    expect(SavedQuestionsResponse.parse((await call('GET', '/api/v3/nlq')).body).data).toEqual([]);
  });

  it('refuses a PUT with neither name nor save, and an empty name', async () => {
    const a = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    for (const q of ['', '?name=', '?name=%20%20', '?save=maybe']) {
      const res = await call('PUT', `/api/v3/nlq/${a.id}${q}`);
      expect(res.status, q).toBe(400);
      expect((await errorOf(res.res)).error_code).toBe('error.validation.invalid');
    }
  });
});

describe('tenancy, permission and bad input', () => {
  it("answers 404 for another partner's question on every call", async () => {
    const q = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    for (const [method, path, json] of [
      ['GET', `/api/v3/nlq/${q.id}`],
      ['GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}`],
      ['PUT', `/api/v3/nlq/${q.id}?save=true`],
      ['DELETE', `/api/v3/nlq/${q.id}`],
      ['POST', `/api/v3/nlq/ids_from_nl_description?nlq_id=${q.id}`],
      ['POST', `/api/v3/nlq/cancel/${q.taskId}`],
      ['POST', '/api/v3/nlq/export_file_from_ids', { nlq_id: q.id, ids: [], file_type: 'csv' }],
    ] as [string, string, unknown?][]) {
      const res = await call(method, path, outsider, { json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res.res)).error_code).toBe('error.common.notFound');
    }
    // Still there for its owner.
    expect((await call('GET', `/api/v3/nlq/${q.id}`)).status).toBe(200);
  });

  it('answers 403 error.auth.forbidden (sentinel) without the permission', async () => {
    for (const [method, path] of [
      ['GET', '/api/v3/nlq'],
      ['GET', '/api/v3/nlq/ids_from_nl_description?description=Kunden&result_type=customers'],
      ['GET', '/api/v3/nlq/1'],
      ['POST', '/api/v3/nlq/export_file_from_ids'],
    ]) {
      const res = await call(method, path, noSentinel, { partner: 1001 });
      expect(res.status, path).toBe(403);
      const err = await errorOf(res.res);
      expect([err.error_code, err.error_subcode]).toEqual(['error.auth.forbidden', 'sentinel']);
    }
  });

  it('answers 400 error.validation.invalid for bad input', async () => {
    const long = 'x'.repeat(SENTINEL.questionMax + 1);
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `id=${i + 1}`).join('&');
    for (const [method, path, json] of [
      ['GET', '/api/v3/nlq/ids_from_nl_description?result_type=customers'],
      ['GET', '/api/v3/nlq/ids_from_nl_description?description=%20%20&result_type=customers'],
      ['GET', '/api/v3/nlq/ids_from_nl_description?description=Kunden&result_type=venues'],
      ['GET', `/api/v3/nlq/ids_from_nl_description?description=${long}&result_type=customers`],
      ['GET', '/api/v3/nlq/ids_from_nl_description?description=Kunden&result_type=customers&language=fr'],
      ['POST', '/api/v3/nlq/ids_from_nl_description?nlq_id=abc'],
      ['GET', `/api/v3/nlq/data_from_ids?nlq_id=1&${fiftyOne}`],
      ['GET', '/api/v3/nlq/data_from_ids?nlq_id=0'],
      ['GET', '/api/v3/nlq/-3'],
      ['DELETE', '/api/v3/nlq/99999999999'],
      ['POST', '/api/v3/nlq/cancel/not-a-task'],
      ['POST', '/api/v3/nlq/export_file_from_ids', { nlq_id: 1, ids: [], file_type: 'pdf' }],
      ['POST', '/api/v3/nlq/export_file_from_ids', { nlq_id: 1, file_type: 'csv' }],
    ] as [string, string, unknown?][]) {
      const res = await call(method, path, admin, { json });
      expect(res.status, `${method} ${path.slice(0, 120)}`).toBe(400);
      expect((await errorOf(res.res)).error_code).toBe('error.validation.invalid');
    }
  });
});

describe('expiry, cancel and the running limit', () => {
  it('answers 409 error.nlq.expired for rows and export of an answer older than 48 h', async () => {
    const q = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    expect((await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}`)).status).toBe(200);
    // The answer's age, not the clock: moving the clock 48 h would end the session too.
    await t.db.execute(sql`UPDATE nlq_questions SET task_completed_at = now() - make_interval(secs => ${SENTINEL.expiryMs / 1000 + 60}) WHERE id = ${q.id}`);
    for (const [method, path, json] of [
      ['GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}`],
      ['POST', '/api/v3/nlq/export_file_from_ids', { nlq_id: q.id, ids: [], file_type: 'csv' }],
    ] as [string, string, unknown?][]) {
      const res = await call(method, path, admin, { json });
      expect(res.status).toBe(409);
      expect((await errorOf(res.res)).error_code).toBe('error.nlq.expired');
    }
    // The stored answer itself still reads (the page sees its age and asks again).
    expect((await call('GET', `/api/v3/nlq/${q.id}`)).status).toBe(200);
  });

  it('cancels a waiting question: the task ends REVOKED, nothing is answered and it stays revoked after a worker ran', async () => {
    const q = await storeQuestion(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    const res = await call('POST', `/api/v3/nlq/cancel/${q.taskId}`);
    expect(res.status).toBe(204);
    await drain();
    const task = await call('GET', `/api/v3/tasks/${q.taskId}`);
    expect([task.body.status, task.body.ready]).toEqual(['REVOKED', true]);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    expect([answer.num_results, answer.task_completed_at]).toEqual([0, null]);
    expect((await call('GET', `/api/v3/nlq/data_from_ids?nlq_id=${q.id}`)).status).toBe(409);
    // Cancelling again (or a finished task) is harmless.
    expect((await call('POST', `/api/v3/nlq/cancel/${q.taskId}`)).status).toBe(204);
  });

  it(`allows ${MAX_RUNNING_PER_USER} waiting questions per user, answers 429 beyond, and leaves other users free`, async () => {
    const waiting = [];
    for (let i = 0; i < MAX_RUNNING_PER_USER; i++) waiting.push(await storeQuestion(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]));
    const res = await call('GET', '/api/v3/nlq/ids_from_nl_description?description=Kunden%20aus%20K%C3%B6ln&result_type=customers');
    expect(res.status).toBe(429);
    expect((await errorOf(res.res)).error_code).toBe('error.nlq.too_many_running');
    const again = await call('POST', `/api/v3/nlq/ids_from_nl_description?nlq_id=${waiting[0].id}`);
    // Asking one of them again revokes it first, so there is room for its new task.
    expect(again.status).not.toBe(429);
    // A colleague is not held up by it.
    const other = await call('GET', '/api/v3/nlq/ids_from_nl_description?description=Kunden%20aus%20K%C3%B6ln&result_type=customers', colleague);
    expect(other.status).not.toBe(429);
    await drain();
    const [left] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM tasks WHERE kind = ${NLQ_TASK} AND status IN ('PENDING', 'STARTED')`);
    expect(left.n).toBe(0);
  });
});

describe('the running limit under concurrent asks', () => {
  it(`lets exactly ${MAX_RUNNING_PER_USER} of several asks sent at the same moment through`, async () => {
    await drain();
    const asks = Array.from({ length: MAX_RUNNING_PER_USER + 2 }, () =>
      call('GET', `/api/v3/nlq/ids_from_nl_description?${new URLSearchParams({ description: 'Comedy in Essen', result_type: 'events', language: 'de' })}`, colleague),
    );
    const statuses = (await Promise.all(asks)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(MAX_RUNNING_PER_USER).fill(202), 429, 429]);
    await drain();
  });
});

describe('export', () => {
  const exportFile = (json: unknown, token = admin, cookie?: string) => api.request('/api/v3/nlq/export_file_from_ids', { method: 'POST', token, json, cookie });

  function parseCsv(text: string, sep: string): string[][] {
    const out: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
        else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === sep) row.push(cell), (cell = '');
      else if (ch === '\n') row.push(cell), out.push(row), (row = []), (cell = '');
      else if (ch !== '\r') cell += ch;
    }
    return out;
  }

  it('writes the whole answer as Sentinel.csv in German (BOM, semicolons, German headers) with formula cells neutralised', async () => {
    const q = await answered(who.admin, 'customers', CUSTOMERS_IN_CITY, [city]);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    await t.db.update(customers).set({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: 'Müller; Söhne' }).where(eq(customers.id, Number(answer.data[3])));
    const res = await exportFile({ nlq_id: q.id, ids: [], file_type: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Sentinel.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = parseCsv(new TextDecoder().decode(bytes.slice(3)), ';');
    expect(table[0].slice(0, 4)).toEqual(['ID', 'Anrede', 'Vorname', 'Nachname']);
    // The grid's names (sentinel.columns.*): "Stadt" as on screen, yes/no in words.
    expect(table[0]).toContain('Stadt');
    expect(table[0]).not.toContain('Ort');
    expect(new Set(table.slice(1).map((r) => r[table[0].indexOf('Werbewiderspruch')]))).toSatisfy((s: Set<string>) => [...s].every((v) => v === 'Ja' || v === 'Nein'));
    expect(table.slice(1).map((r) => r[0])).toEqual(answer.data);
    const evil = table[4];
    expect(evil[2]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(evil[3]).toBe('Müller; Söhne');
  });

  it('writes only the selected ids of the answer, in English with commas when the interface is English', async () => {
    const q = await answered(who.admin, 'transactions', TX_OF_EVENT, [(await rows<{ id: string }>(t.db, sql`SELECT event_id AS id FROM ticket_transactions WHERE partner_id = 1001 LIMIT 1`))[0].id]);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    const [foreign] = await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM ticket_transactions WHERE partner_id = 1002 LIMIT 1`);
    const chosen = answer.data.slice(0, 2);
    const res = await exportFile({ nlq_id: q.id, ids: [...chosen, foreign.id], file_type: 'csv' }, admin, 'i18nextLng=en');
    const table = parseCsv(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3)), ',');
    expect(table[0]).toContain('FD Ticket Category');
    expect(table.slice(1).map((r) => r[0])).toEqual(chosen);
    const [tx] = await rows<{ amount: number }>(t.db, sql`SELECT amount_minor::float8 / 100 AS amount FROM ticket_transactions WHERE id = ${Number(chosen[0])}`);
    expect(Number(table[1][table[0].indexOf('Sold price')])).toBeCloseTo(tx.amount, 2);
  });

  it('writes Sentinel.xlsx that reads back with the same rows', async () => {
    const q = await answered(who.admin, 'events', EVENTS_OF_CATEGORY, ['opera']);
    const answer = NlqAnswer.parse((await call('GET', `/api/v3/nlq/${q.id}`)).body);
    const res = await exportFile({ nlq_id: q.id, ids: [], file_type: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Sentinel.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.getWorksheet('Sentinel')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['ID', 'Titel']);
    const got: string[] = [];
    sheet.eachRow((r, n) => n > 1 && got.push(String(r.getCell(1).value)));
    expect(got).toEqual(answer.data);
    const [first] = await rows<{ capacity: number }>(t.db, sql`SELECT capacity FROM events WHERE id = ${answer.data[0]}`);
    expect(sheet.getRow(2).getCell(header.indexOf('Kapazität') + 1).value).toBe(first.capacity);
  });
});
