// The package builder's input on the seeded demo (issue 23): every bad value of the create payload
// and its filters is a 400 in the ARCHITECTURE §3 error format (impossible dates, both of a pair,
// unknown keys, huge lists, NUL bytes, lone surrogates, formula-like ids), events that are not the
// partner's (404) or not upcoming (422), the wizard's event search (upcoming only, since, search,
// pages) and the customer ID matching of POST /customers/ with hostile ids — never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { CustomerMatchResponse, EventSearchResponse, PACKAGES } from '../../src/lib/contracts/packages';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let upcoming: string[];
let past: string;
let other: string; // an upcoming event of partner 1002

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  upcoming = (
    await rows<{ id: string }>(t.db, sql`
      SELECT id FROM events WHERE partner_id = 1001 AND start_date_time > now() + interval '1 day' AND frontend_status IN ('DEFAULT', 'FLAGGED')
      ORDER BY start_date_time, id LIMIT 60`)
  ).map((r) => r.id);
  past = (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1001 AND start_date_time < now() ORDER BY start_date_time DESC LIMIT 1`))[0].id;
  other = (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1002 AND start_date_time > now() + interval '1 day' LIMIT 1`))[0].id;
}, 240_000);
afterAll(() => t.close());

async function call(method: string, path: string, json?: unknown, init: { body?: string; headers?: Record<string, string> } = {}) {
  const res = await api.request(path, { method, token: admin, json, ...init });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const P = '/api/v3/package_builder/packages';
const valid = () => ({ event_ids: upcoming.slice(0, 3), targeting_mode: 'selective_mode' });
const packagesNow = async () => (await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM packages`))[0].n;

async function expectRefused(body: unknown, status = 400, code = 'error.validation.invalid') {
  const before = await packagesNow();
  const r = await call('POST', P, body);
  if (r.status !== status) throw new Error(`expected ${status} for ${JSON.stringify(body).slice(0, 200)}, got ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
  expect((await errorOf(r.res)).error_code).toBe(code);
  expect(await packagesNow()).toBe(before);
  return r;
}

describe('POST /package_builder/packages: bad input', () => {
  it('accepts the valid payload (the control)', async () => {
    const r = await call('POST', P, valid());
    expect(r.status).toBe(202);
  });

  it('refuses bad sizes: num_packages, n_top_events, title', async () => {
    for (const num_packages of [0, 11, 1.5, -1, '3', null]) await expectRefused({ ...valid(), num_packages });
    for (const n_top_events of [0, 11, 2.5]) await expectRefused({ ...valid(), n_top_events });
    await expectRefused({ ...valid(), package_title: 'x'.repeat(PACKAGES.maxTitle + 1) });
    await expectRefused({ ...valid(), targeting_mode: 'both' });
    await expectRefused({ ...valid(), targeting_mode: undefined });
    await expectRefused({ ...valid(), surprise: 1 });
  });

  it('refuses event lists that are empty, too long, repeated or not ids', async () => {
    await expectRefused({ ...valid(), event_ids: [] });
    await expectRefused({ ...valid(), event_ids: upcoming.slice(0, 51).concat(Array.from({ length: Math.max(0, 51 - upcoming.length) }, (_, i) => `e1001-x${i}`)) });
    await expectRefused({ ...valid(), event_ids: [upcoming[0], upcoming[0]] });
    await expectRefused({ ...valid(), event_ids: ['a b'] });
    await expectRefused({ ...valid(), event_ids: [''] });
    await expectRefused({ ...valid(), event_ids: 'e1001-00001' });
  });

  it('refuses events of another partner or unknown (404) and events that have started (422), naming them', async () => {
    const r = await expectRefused({ ...valid(), event_ids: [upcoming[0], other, 'e1001-99999'] }, 404, 'error.packages.event_not_found');
    expect(r.body.data.event_ids).toEqual([other, 'e1001-99999']);
    const p = await expectRefused({ ...valid(), event_ids: [upcoming[0], past] }, 422, 'error.packages.event_not_upcoming');
    expect(p.body.data.event_ids).toEqual([past]);
  });

  it('refuses each filter’s bad values', async () => {
    const f = (filters: unknown) => expectRefused({ ...valid(), filters });
    // impossible and malformed days, years out of range
    for (const d of ['2027-02-30', '2027-13-01', '2026-02-29', '27-01-2027', '2027-1-1', '0000-00-00', '1800-01-01', '2200-01-01', '', 20270101]) {
      await f({ exclude_old_purchases_before: d });
      await f({ exclude_recent_purchases_after: d });
    }
    // both of a pair
    await f({ exclude_old_purchases_before: '2025-01-01', exclude_recent_purchases_after: '2026-01-01' });
    await f({ exclude_buying_behavior_below: 10, exclude_buying_behavior_above: 50 });
    await f({ excluded_customers: ['C1001-000001'], included_customers: ['C1001-000002'] });
    // prices: negative, too many decimals, too large, not a number
    for (const v of [-1, 10.005, 1e9, 'ten', null]) {
      await f({ exclude_buying_behavior_below: v });
      await f({ exclude_buying_behavior_above: v });
    }
    // ticket categories: only the five a filter may exclude
    for (const c of [['cancelled'], ['reserved'], ['FREE'], ['free', 1], 'free', Array(11).fill('free')]) await f({ exclude_ticket_categories: c });
    // unknown filter, wrong shape
    await f({ exclude_everyone: true });
    await f(['free']);
    await f({ included_customers: [] });
  });

  it('refuses customer lists that are too long or hold ids that are not ids (formulas, NUL, lone surrogates, long)', async () => {
    const f = (ids: unknown[]) => expectRefused({ ...valid(), filters: { excluded_customers: ids } });
    await f(Array.from({ length: PACKAGES.maxCustomerIds + 1 }, (_, i) => `C${i}`));
    for (const bad of ['=cmd|"/c calc"!A1', '+1', '@SUM(A1)', '-2', 'a\u0000b', '\u0000', 'x\ud800', '\udfff', 'x'.repeat(65), '', ' C1', 'a,b', 'a;b', 'a"b', '<script>', 12345]) await f(['C1001-000001', bad]);
  });

  it('refuses text that cannot be stored in the title (NUL, a lone surrogate) — 400, never 500', async () => {
    await expectRefused({ ...valid(), package_title: 'Winter\u0000' });
    await expectRefused({ ...valid(), package_title: 'Winter \ud83d' });
    // Raw JSON with an escaped lone surrogate and NUL, as a hostile client sends it.
    for (const body of ['{"event_ids":["e1"],"targeting_mode":"selective_mode","package_title":"\\ud800"}', '{"event_ids":["e1\\u0000"],"targeting_mode":"selective_mode"}', '{"event_ids":', 'null', '[]']) {
      const r = await call('POST', P, undefined, { body, headers: { 'content-type': 'application/json' } });
      expect(r.status, body).toBe(400);
      await errorOf(r.res);
    }
  });

  it('an include list naming none of the partner’s customers is refused (422); unknown ids among known ones are ignored', async () => {
    const r = await expectRefused({ ...valid(), filters: { included_customers: ['NOBODY-1', 'C1002-000001'] } }, 422, 'error.packages.no_customers_matched');
    expect(r.body.message).toMatch(/None of the included/);
    const ok = await call('POST', P, { ...valid(), filters: { included_customers: ['NOBODY-1', 'C1001-000001'] } });
    expect(ok.status).toBe(202);
  });

  it('refuses a body over the size limit with 413', async () => {
    const r = await call('POST', P, { ...valid(), filters: { excluded_customers: Array.from({ length: 40_000 }, (_, i) => `CUSTOMER-${String(i).padStart(20, '0')}`) } });
    expect(r.status).toBe(413);
    expect((await errorOf(r.res)).error_code).toBe('error.request.tooLarge');
  });
});

describe('GET /package_builder/events (wizard step 1)', () => {
  const search = async (q: string) => call('GET', `/api/v3/package_builder/events${q}`);

  it('pages through the partner’s upcoming events only, soonest first, with keywords', async () => {
    const first = await search('?page=1');
    expect(first.status).toBe(200);
    const body = EventSearchResponse.parse(first.body);
    expect(body.items).toHaveLength(PACKAGES.searchPageSize);
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM events WHERE partner_id = 1001 AND start_date_time > now() AND frontend_status IN ('DEFAULT', 'FLAGGED')`);
    expect(body.total).toBe(n);
    expect(body.page_count).toBe(Math.ceil(n / PACKAGES.searchPageSize));
    const starts = body.items.map((e) => Date.parse(e.start_date_time));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeGreaterThan(Date.now() - 60_000);
    expect(body.items.every((e) => e.id.startsWith('e1001-'))).toBe(true);
    expect(body.items.some((e) => e.keywords.length > 0)).toBe(true);
    expect(body.items[0]).toMatchObject({ date: body.items[0].start_date_time.slice(0, 10) });
    const second = EventSearchResponse.parse((await search('?page=2')).body);
    expect(second.items[0].id).not.toBe(body.items[0].id);
    const beyond = EventSearchResponse.parse((await search('?page=999')).body);
    expect(beyond).toMatchObject({ items: [], total: n });
  });

  it('since DD-MM-YYYY starts later; a past since still shows only upcoming events', async () => {
    const d = new Date(Date.now() + 60 * 86_400_000);
    const p = (x: number) => String(x).padStart(2, '0');
    const since = `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
    const later = EventSearchResponse.parse((await search(`?since=${since}`)).body);
    const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    expect(later.items.length).toBeGreaterThan(0);
    for (const e of later.items) expect(Date.parse(e.start_date_time)).toBeGreaterThanOrEqual(dayStart);
    const old = EventSearchResponse.parse((await search('?since=01-01-2020')).body);
    expect(old.total).toBe(EventSearchResponse.parse((await search('')).body).total);
  });

  it('search matches title, venue or city, case-insensitively; % and _ are literal', async () => {
    const [e] = await rows<{ title: string }>(t.db, sql`SELECT title FROM events WHERE partner_id = 1001 AND start_date_time > now() AND frontend_status = 'DEFAULT' ORDER BY start_date_time LIMIT 1`);
    const word = e.title.split(/\s+/)[0];
    const found = EventSearchResponse.parse((await search(`?search=${encodeURIComponent(word.toUpperCase())}`)).body);
    expect(found.items.length).toBeGreaterThan(0);
    for (const i of found.items) expect(`${i.title} ${i.venue_name} ${i.hall_name} ${i.location} ${i.eid}`.toLowerCase()).toContain(word.toLowerCase());
    expect(EventSearchResponse.parse((await search('?search=%25')).body).total).toBe(0);
    expect(EventSearchResponse.parse((await search('?search=_')).body).total).toBe(0);
  });

  it('refuses impossible or malformed since days, bad pages and unsafe text (400)', async () => {
    for (const q of ['?since=31-02-2027', '?since=2027-01-01', '?since=1-1-2027', '?since=00-00-0000', '?page=0', '?page=x', '?page=1.5', `?search=${'x'.repeat(201)}`, '?search=%00', '?search=%ED%A0%80']) {
      const r = await search(q);
      expect(r.status, q).toBe(400);
      await errorOf(r.res);
    }
  });
});

describe('POST /customers/ (customer ID matching)', () => {
  const match = (json: unknown) => call('POST', '/api/v3/customers/', json);

  it('answers which ids are the partner’s customers, each once, in the order given', async () => {
    const r = await match({ ids: ['C1001-000002', 'NOPE', 'C1001-000001', 'C1001-000002', 'C1002-000001', 'c1001-000003'] });
    expect(r.status).toBe(200);
    expect(CustomerMatchResponse.parse(r.body)).toEqual({ matched: ['C1001-000002', 'C1001-000001'], unmatched_ids: ['NOPE', 'C1002-000001', 'c1001-000003'] });
    // The path without the trailing slash is the same call.
    expect((await call('POST', '/api/v3/customers', { ids: ['C1001-000001'] })).body).toEqual({ matched: ['C1001-000001'], unmatched_ids: [] });
  });

  it('matches a large list (the maximum) in one call', async () => {
    const ids = Array.from({ length: PACKAGES.maxCustomerIds }, (_, i) => `C1001-${String(i + 1).padStart(6, '0')}`);
    const r = await match({ ids });
    expect(r.status).toBe(200);
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM customers WHERE partner_id = 1001`);
    expect(r.body.matched).toHaveLength(n);
    expect(r.body.unmatched_ids).toHaveLength(ids.length - n);
  });

  it('refuses hostile ids with a 400 in the error format, never a 500', async () => {
    for (const bad of ['=cmd|"/c calc"!A1', '=1+1', '+SUM(1)', '@A1', '-1', 'a\u0000b', '\u0000', 'x\ud800y', '\udc00', 'x'.repeat(65), '', ' ', 'a b', 'a\tb', 'a\r\nb', '"', "'; DROP TABLE customers; --"]) {
      const r = await match({ ids: ['C1001-000001', bad] });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      const err = await errorOf(r.res);
      expect(err.error_code).toBe('error.validation.invalid');
      expect(err.issues?.[0]?.path).toMatch(/^ids/);
    }
    for (const body of [{}, { ids: [] }, { ids: 'C1001-000001' }, { ids: [1] }, { ids: null }, { ids: ['C1'], more: 1 }, { ids: Array(PACKAGES.maxCustomerIds + 1).fill('C1') }]) {
      const r = await match(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      await errorOf(r.res);
    }
    for (const raw of ['{"ids":["\\ud800"]}', '{"ids":["a\\u0000"]}', '{"ids":["=cmd"]', 'ids=C1']) {
      const r = await call('POST', '/api/v3/customers/', undefined, { body: raw, headers: { 'content-type': 'application/json' } });
      expect(r.status, raw).toBe(400);
      await errorOf(r.res);
    }
  });
});
