// Topic-keyword reports (spec 2 §3 Report, §4 Topic report, §7 Reports): POST, GET and delete
// through the API, the reported keyword marked in the event's campaigns and suggestions, and bad
// input, another partner's event, cluster or setup and a missing wave permission refused in the
// §3 error format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { UserReport, UserReportsResponse } from '../../src/lib/contracts/user-reports';
import { EventCampaignsResponse, SuggestedTcsResponse } from '../../src/lib/contracts/taste-clusters';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission, German
let analyst: string; // partner 1001, no wave
let prisma: string; // partner 1002, wave
let event1001: string;
let event1002: string;
let run1001: number;
let run1002: number;
let setup1001: string;
let setup1002: string;

/** A finished ITC run of the event with two clusters (keywords in both languages, paired). */
async function runWithClusters(partnerId: number, eventId: string): Promise<number> {
  const [run] = await rows<{ id: number }>(t.db, sql`
    INSERT INTO taste_cluster_runs (partner_id, event_id, seed, engine_version, k, customers, silhouette, separation, silhouette_by_k, finished_at)
    VALUES (${partnerId}, ${eventId}, 1, 'test', 2, 300, 0.3, 'weak', '[]'::jsonb, now()) RETURNING id`);
  const profile = JSON.stringify({
    customers: 150, familyShares: [0.5, 0.2, 0.1, 0.1, 0.05, 0.05, 0, 0, 0], meanPrice: 50, relativePrice: 1, ordersPerYear: 1.5,
    ticketsPerOrder: 2, leadDays: 20, recencyDays: 90, distanceKm: 5, annualSpend: 150,
  });
  for (const [tc, en, de] of [
    [1, ['Opera', 'Ballet'], ['Oper', 'Ballett']],
    [2, ['Comedy', 'Stand-up'], ['Comedy', 'Kabarett']],
  ] as const) {
    await t.db.execute(sql`
      INSERT INTO taste_clusters (run_id, tc, partner_id, size, label_en, label_de, families, traits, keywords_en, keywords_de, profile, centroid,
                                  attractiveness, buying_power, potential, rank, already_bought)
      VALUES (${run.id}, ${tc}, ${partnerId}, 150, ${`Cluster ${tc}`}, ${`Cluster ${tc}`}, '[]'::jsonb, '[]'::jsonb,
              ${JSON.stringify(en)}::jsonb, ${JSON.stringify(de)}::jsonb, ${profile}::jsonb, '[]'::jsonb, ${0.9 - tc * 0.2}, 0.5, ${150 - tc * 20}, ${tc}, 0)`);
  }
  return run.id;
}

async function setupOf(partnerId: number, eventId: string): Promise<string> {
  const [s] = await rows<{ id: string }>(t.db, sql`
    INSERT INTO setup_processes (partner_id, event_id, goal, total_budget, start_date, end_date)
    VALUES (${partnerId}, ${eventId}, 'UTILIZATION', 1000, '2030-01-01', '2030-01-20') RETURNING id`);
  return s.id;
}

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  const upcoming = async (p: number) => (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = ${p} AND start_date_time > now() ORDER BY start_date_time LIMIT 1`))[0].id;
  event1001 = await upcoming(1001);
  event1002 = await upcoming(1002);
  run1001 = await runWithClusters(1001, event1001);
  run1002 = await runWithClusters(1002, event1002);
  setup1001 = await setupOf(1001, event1001);
  setup1002 = await setupOf(1002, event1002);
}, 240_000);
afterAll(() => t.close());

async function call(method: string, path: string, json?: unknown, token = admin, cookie?: string) {
  const res = await api.request(path, { method, token, json, cookie });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const report = (over: Record<string, unknown> = {}, token = admin) =>
  call('POST', '/api/v3/user_reports', { description: '_', report_type: 'WRONG_TOPIC_RECOMMENDATION', event_id: event1001, tc: 1, tc_run_id: run1001, keyword: 'Oper', ...over }, token);
const list = (query: string, token = admin) => call('GET', `/api/v3/user_reports${query}`, undefined, token);

describe('reporting a keyword', () => {
  it('records the report (201) and lists it with its keyword for the event and cluster', async () => {
    const created = await report({ description: 'Not an opera audience', setup_process_id: setup1001 });
    expect(created.status).toBe(201);
    const r = UserReport.parse(created.body);
    expect(r).toMatchObject({ keyword: 'Oper', tc: 1, tc_run_id: run1001, event_id: event1001, setup_process_id: setup1001, description: 'Not an opera audience' });
    const got = UserReportsResponse.parse((await list(`?event_id=${event1001}&reportType=WRONG_TOPIC_RECOMMENDATION&tc=1&tc_run_id=${run1001}`)).body);
    expect(got.items.map((i) => i.keyword)).toEqual(['Oper']);
    expect((await list(`?event_id=${event1001}&tc=2`)).body.items).toEqual([]);
    expect((await list(`?event_id=${event1001}&tc_run_id=${run1001 + 999}`)).body.items).toEqual([]);
  });

  it('stores the keyword as the cluster has it, whatever the case typed', async () => {
    const created = await report({ tc: 2, keyword: ' kabarett ' });
    expect(created.status).toBe(201);
    expect(created.body.keyword).toBe('Kabarett');
    expect(created.body.setup_process_id).toBeNull();
  });

  it('marks reported keywords in the campaigns and suggestions, in either language', async () => {
    const de = EventCampaignsResponse.parse((await call('GET', `/api/campaign/events/${event1001}/campaigns`)).body);
    const kw = (items: { tc: number; keywords: { keyword: string; is_reported: boolean }[] }[], tc: number) => Object.fromEntries(items.find((i) => i.tc === tc)!.keywords.map((k) => [k.keyword, k.is_reported]));
    expect(kw(de.items, 1)).toEqual({ Oper: true, Ballett: false });
    expect(kw(de.items, 2)).toEqual({ Comedy: false, Kabarett: true });
    // The English interface shows the paired keyword reported too.
    const en = EventCampaignsResponse.parse((await call('GET', `/api/campaign/events/${event1001}/campaigns`, undefined, admin, 'i18nextLng=en')).body);
    expect(kw(en.items, 1)).toEqual({ Opera: true, Ballet: false });
    expect(kw(en.items, 2)).toEqual({ Comedy: false, 'Stand-up': true });
    const suggested = SuggestedTcsResponse.parse((await call('GET', `/api/campaign/events/${event1001}/suggested_tcs?budget=100000&goal=UTILIZATION`)).body);
    expect(kw(suggested, 1)).toEqual({ Oper: true, Ballett: false });
  });

  it("deletes the reports of a setup (204), not others', and another partner's ids delete nothing", async () => {
    const other = await report({ description: 'other partner', event_id: event1002, tc_run_id: run1002, keyword: 'Opera', setup_process_id: setup1002 }, prisma);
    expect(other.status).toBe(201);
    const del = await call('POST', '/api/v3/user_reports/delete', { setup_process_ids: [setup1001, setup1002] });
    expect(del.status).toBe(204);
    const left = UserReportsResponse.parse((await list(`?event_id=${event1001}`)).body).items;
    expect(left.map((i) => i.keyword)).toEqual(['Kabarett']);
    expect(UserReportsResponse.parse((await list(`?event_id=${event1002}`, prisma)).body).items.map((i) => i.keyword)).toEqual(['Opera']);
  });
});

describe('refusals', () => {
  it("answers 404 for another partner's event, its cluster run or its setup", async () => {
    for (const r of [
      await report({ event_id: event1002 }),
      await report({ tc_run_id: run1002 }),
      await report({ tc: 3 }),
      await report({ setup_process_id: setup1002 }),
      await report({ event_id: 'e1001-99999' }),
      await list(`?event_id=${event1002}`),
    ]) {
      expect(r.status).toBe(404);
      expect((await errorOf(r.res)).error_code).toBe('error.common.notFound');
    }
  });

  it('answers 422 for a keyword that is not a topic of the cluster', async () => {
    const r = await report({ keyword: 'Heavy metal' });
    expect(r.status).toBe(422);
    expect((await errorOf(r.res)).error_code).toBe('error.user_reports.unknown_keyword');
  });

  it('answers 403 without the wave permission', async () => {
    for (const r of [await report({}, analyst), await list(`?event_id=${event1001}`, analyst), await call('POST', '/api/v3/user_reports/delete', { setup_process_ids: [setup1001] }, analyst)]) {
      expect(r.status).toBe(403);
      expect((await errorOf(r.res)).error_subcode).toBe('wave');
    }
  });

  it('answers 400 for bad input', async () => {
    for (const over of [{ report_type: 'SPAM' }, { description: '' }, { description: 'x'.repeat(1001) }, { keyword: '' }, { tc: -1 }, { tc: 1.5 }, { tc_run_id: 0 }, { setup_process_id: 'nope' }, { event_id: 5 }]) {
      const r = await report(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
    for (const q of ['', '?event_id=', `?event_id=${event1001}&tc=x`, `?event_id=${event1001}&reportType=OTHER`]) expect((await list(q)).status, q).toBe(400);
    for (const body of [{}, { setup_process_ids: [] }, { setup_process_ids: ['x'] }]) expect((await call('POST', '/api/v3/user_reports/delete', body)).status).toBe(400);
  });
});
