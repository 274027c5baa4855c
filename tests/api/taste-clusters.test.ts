// Taste clusters on the seeded demo (spec 2 §4 "ITC regeneration", §7): the SQL aggregates agree
// with the engine's own, a run goes queued → success through the worker, the event's clusters and
// suggestions are read back, a regeneration keeps the ids, and bad input, another partner's event
// and a missing wave permission are refused in the §3 error format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { customers, events, partners, ticketTransactions } from '../../src/server/db/schema';
import { aggregatePurchases, FAMILIES, type Purchase } from '../../src/server/engines/taste-clusters';
import { executeItcRun, itcStatus, loadCustomerAggregates, startItc } from '../../src/server/modules/taste-clusters';
import { saveRunResult } from '../../src/server/modules/taste-clusters/store';
import type { RunResult } from '../../src/server/engines/taste-clusters';
import { AppError } from '../../src/server/lib/errors';
import { nowMs } from '../../src/server/lib/clock';
import { EventCampaignsResponse, ItcStatusResponse, SuggestedTcsResponse } from '../../src/lib/contracts/taste-clusters';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission, German
let analyst: string; // partner 1001, no wave
let prisma: string; // partner 1002, wave, English
let opera1001: string;
let opera1002: string;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  const upcomingOpera = async (p: number) =>
    (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = ${p} AND category = 'opera' AND start_date_time > now() ORDER BY start_date_time LIMIT 1`))[0].id;
  opera1001 = await upcomingOpera(1001);
  opera1002 = await upcomingOpera(1002);
}, 240_000);
afterAll(() => t.close());

async function call(method: string, path: string, token = admin, partner?: number) {
  const res = await api.request(path, { method, token, partner });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const itc = (id: string, method = 'GET', token = admin) => call(method, `/api/v3/airflow_dag/${encodeURIComponent(id)}/itc_generator`, token);
const campaignsOf = (id: string, query = '', token = admin) => call('GET', `/api/campaign/events/${encodeURIComponent(id)}/campaigns${query}`, token);
const suggested = (id: string, query: string, token = admin) => call('GET', `/api/campaign/events/${encodeURIComponent(id)}/suggested_tcs${query}`, token);

async function drain() {
  while (await runOnce(t.db, 'tc-test')) {
    /* until the queue is empty */
  }
}

describe('customer aggregates', () => {
  it("the module's SQL sums every customer's history exactly as the engine does", async () => {
    const now = nowMs();
    const fromSql = await loadCustomerAggregates(t.db, 1001, 'de', now);
    const raw = await rows<{ customer_id: string; event_id: string; category: string; quantity: number; amount_minor: string; sold_ms: number; start_ms: number; ticket_type: string }>(t.db, sql`
      SELECT t.customer_id, t.event_id, e.category, t.quantity, t.amount_minor, extract(epoch FROM t.sold_at) * 1000 AS sold_ms,
             extract(epoch FROM e.start_date_time) * 1000 AS start_ms, t.ticket_type
      FROM ticket_transactions t JOIN events e ON e.id = t.event_id
      WHERE t.partner_id = 1001 AND t.customer_id IS NOT NULL AND t.sold_at <= ${new Date(now).toISOString()}::timestamptz`);
    const purchases: Purchase[] = raw.map((r) => ({
      customerId: Number(r.customer_id), eventId: r.event_id, category: r.category, quantity: r.quantity, amountMinor: Number(r.amount_minor),
      soldAtMs: Number(r.sold_ms), eventStartMs: Number(r.start_ms), ticketType: r.ticket_type,
    }));
    const distance = new Map(fromSql.map((a) => [a.customerId, a.distanceKm]));
    const fromTs = aggregatePurchases(purchases, (id) => distance.get(id) ?? null);
    expect(fromSql.length).toBeGreaterThan(5000);
    expect(fromSql.map((a) => a.customerId)).toEqual(fromTs.map((a) => a.customerId));
    fromSql.forEach((a, i) => {
      const b = fromTs[i];
      expect({ ...a, relativePrice: null, leadDaysMedian: 0 }).toEqual({ ...b, relativePrice: null, leadDaysMedian: 0 });
      expect(a.leadDaysMedian).toBeCloseTo(b.leadDaysMedian, 6);
      if (b.relativePrice === null) expect(a.relativePrice).toBeNull();
      else expect(a.relativePrice).toBeCloseTo(b.relativePrice, 9);
    });
  });

  it('places customers: zero km in a venue city, a positive distance elsewhere, unknown for a place nobody knows', async () => {
    const venueCities = (await rows<{ city: string }>(t.db, sql`SELECT DISTINCT city FROM venues WHERE partner_id = 1001`)).map((v) => v.city);
    const [elsewhere] = await rows<{ id: string }>(t.db, sql`
      SELECT c.id FROM customers c WHERE c.partner_id = 1001 AND NOT (c.city = ANY(${sql.param(venueCities)}::text[]))
        AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id) LIMIT 1`);
    const [local] = await rows<{ id: string }>(t.db, sql`
      SELECT c.id FROM customers c WHERE c.partner_id = 1001 AND c.city = ${venueCities[0]}
        AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id) LIMIT 1`);
    const [unknown] = await rows<{ id: string }>(t.db, sql`
      UPDATE customers SET city = 'Nowhere-upon-Nothing', postal_code = '00000'
      WHERE id = (SELECT c.id FROM customers c WHERE c.partner_id = 1001 AND c.id <> ${local.id} AND c.id <> ${elsewhere?.id ?? 0}
                  AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id) ORDER BY c.id DESC LIMIT 1)
      RETURNING id`);
    const byId = new Map((await loadCustomerAggregates(t.db, 1001, 'de', nowMs())).map((a) => [a.customerId, a]));
    expect(byId.get(Number(local.id))!.distanceKm).toBe(0);
    if (elsewhere) expect(byId.get(Number(elsewhere.id))!.distanceKm).toBeGreaterThan(10);
    expect(byId.get(Number(unknown.id))!.distanceKm).toBeNull();
  });
});

describe('ITC run through the API', () => {
  let firstRun: number;

  it('has no run before the first regeneration: status 404 not_found, no campaigns, no suggestions', async () => {
    const status = await itc(opera1001);
    expect(status.status).toBe(404);
    expect((await errorOf(status.res)).error_code).toBe('error.itc.not_found');
    const list = await campaignsOf(opera1001);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ total: 0, items: [], tc_run_id: null, separation: null });
    expect((await suggested(opera1001, '?budget=1000&goal=UTILIZATION')).body).toEqual([]);
  });

  it('starts a run as a task, and a second click while it waits answers the same run', async () => {
    const first = await itc(opera1001, 'POST');
    expect(first.status).toBe(200);
    const body = ItcStatusResponse.parse(first.body);
    expect(body.status).toBe('queued');
    expect(body.dag_run_id).toBe(`itc_${body.tc_run_id}`);
    firstRun = body.tc_run_id;
    const again = await itc(opera1001, 'POST');
    expect(again.body.tc_run_id).toBe(firstRun);
    expect((await itc(opera1001)).body).toMatchObject({ status: 'queued', tc_run_id: firstRun, summary: null });
  });

  it('runs in the worker and reports success with what it found', async () => {
    await drain();
    const { status, body } = await itc(opera1001);
    expect(status).toBe(200);
    const s = ItcStatusResponse.parse(body);
    expect(s.status).toBe('success');
    expect(s.finished_at).not.toBeNull();
    expect(s.summary!.k).toBeGreaterThanOrEqual(4);
    expect(s.summary!.k).toBeLessThanOrEqual(10);
    expect(s.summary!.customers).toBeGreaterThan(5000);
    expect(s.summary!.silhouette_by_k.map((x) => x.k)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    // the run's k is the one with the best silhouette on the search sample
    const best = s.summary!.silhouette_by_k.reduce((a, b) => (b.silhouette > a.silhouette ? b : a));
    expect(best.k).toBe(s.summary!.k);
    // Issue 22: the members of every cluster are stored with the run, each customer in one cluster.
    const members = await rows<{ tc: number; n: number; size: number }>(t.db, sql`
      SELECT c.tc, c.size, (SELECT count(*)::int FROM taste_cluster_members m WHERE m.partner_id = c.partner_id AND m.run_id = c.run_id AND m.tc = c.tc) AS n
      FROM taste_clusters c WHERE c.partner_id = 1001 AND c.run_id = ${s.tc_run_id} ORDER BY c.tc`);
    expect(members).toHaveLength(s.summary!.k);
    for (const m of members) expect(m.n).toBe(m.size);
    const [{ people }] = await rows<{ people: number }>(t.db, sql`SELECT count(DISTINCT customer_id)::int AS people FROM taste_cluster_members WHERE partner_id = 1001 AND run_id = ${s.tc_run_id}`);
    expect(people).toBe(s.summary!.customers);
  });

  it('lists the clusters as campaign recommendations, best rank first, in the viewer\'s language', async () => {
    const { status, body } = await campaignsOf(opera1001);
    expect(status).toBe(200);
    const list = EventCampaignsResponse.parse(body);
    const summary = (await itc(opera1001)).body.summary;
    expect(list.tc_run_id).toBe(firstRun);
    expect(list.total).toBe(summary.k);
    expect(list.items.map((i) => i.rank)).toEqual(list.items.map((_, i) => i + 1));
    expect(list.items.reduce((n, i) => n + i.tc_size, 0)).toBe(summary.customers);
    for (const i of list.items) {
      expect(i.alias).toBe(i.label.de); // admin reads German
      expect(i.attractiveness).toBeGreaterThanOrEqual(0);
      expect(i.attractiveness).toBeLessThanOrEqual(1);
      expect(i.status).toBe('open');
      expect(i.keywords.length).toBeGreaterThan(0);
    }
    // For an opera, the most attractive audience is one that buys opera (or its neighbours).
    const keenest = [...list.items].sort((a, b) => b.attractiveness - a.attractiveness)[0];
    expect(keenest.families.some((f) => ['opera', 'dance', 'classical'].includes(f))).toBe(true);
    expect(keenest.profile.family_shares.opera).toBe(Math.max(...list.items.map((i) => i.profile.family_shares.opera)));
    expect(Object.keys(keenest.profile.family_shares)).toEqual([...FAMILIES]);

    const page2 = await campaignsOf(opera1001, '?page=2&limit=2');
    expect(page2.body.items.map((i: { tc: number }) => i.tc)).toEqual(list.items.slice(2, 4).map((i) => i.tc));
    expect(page2.body.total).toBe(list.total);
  });

  it('names the clusters in the interface language the cookie chose, over the profile language', async () => {
    const res = await api.request(`/api/campaign/events/${encodeURIComponent(opera1001)}/suggested_tcs?budget=1000&goal=UTILIZATION`, { token: admin, cookie: 'i18nextLng=en' });
    expect(res.status).toBe(200);
    const english = SuggestedTcsResponse.parse(await res.json());
    const all = EventCampaignsResponse.parse((await campaignsOf(opera1001)).body).items;
    const byTc = new Map(all.map((i) => [i.tc, i.label]));
    expect(english.length).toBeGreaterThan(0);
    for (const s of english) expect(s.alias).toBe(byTc.get(s.tc)!.en);
    // Without the cookie the admin's profile language (German) applies.
    const german = SuggestedTcsResponse.parse((await suggested(opera1001, '?budget=1000&goal=UTILIZATION')).body);
    for (const s of german) expect(s.alias).toBe(byTc.get(s.tc)!.de);
  });

  it('suggests the clusters the budget funds, ordered by the goal, with the budget split (model: tests/api/campaign-budget.test.ts)', async () => {
    const all = EventCampaignsResponse.parse((await campaignsOf(opera1001)).body).items;
    const util = SuggestedTcsResponse.parse((await suggested(opera1001, '?budget=5000&goal=campaign.goal.UTILIZATION')).body);
    expect(util.length).toBeGreaterThan(1);
    // UTILIZATION ranks by expected purchases: interested members not yet in the hall (the potential, rounded).
    for (let i = 1; i < util.length; i++) expect(util[i - 1].potential).toBeGreaterThanOrEqual(util[i].potential - 1);
    expect(util.reduce((n, s) => n + s.budget, 0)).toBe(5000);
    for (let i = 1; i < util.length; i++) expect(util[i - 1].budget).toBeGreaterThanOrEqual(util[i].budget);

    const roas = SuggestedTcsResponse.parse((await suggested(opera1001, '?budget=5000&goal=roas')).body);
    const roasScore = (s: { tc: number; attractiveness: number }) => {
      const p = all.find((a) => a.tc === s.tc)!.profile;
      return s.attractiveness * p.relative_price * p.tickets_per_order;
    };
    expect(roasScore(roas[0])).toBeCloseTo(Math.max(...all.map(roasScore)), 6);

    expect((await suggested(opera1001, '?budget=1&goal=VISIBILITY')).body).toHaveLength(1);
  });

  it('keeps every cluster id when regenerating on the same customers', async () => {
    const before = EventCampaignsResponse.parse((await campaignsOf(opera1001)).body).items;
    const started = await itc(opera1001, 'POST');
    expect(started.body.tc_run_id).toBeGreaterThan(firstRun);
    await drain();
    const after = EventCampaignsResponse.parse((await campaignsOf(opera1001)).body);
    expect(after.tc_run_id).toBe(started.body.tc_run_id);
    expect(after.items.map((i) => i.tc).sort()).toEqual(before.map((i) => i.tc).sort());
    expect(after.items.every((i) => i.carried_over)).toBe(true);
  });

  it('keeps the ids of the clusters that persist when the customers change', async () => {
    const before = EventCampaignsResponse.parse((await campaignsOf(opera1001)).body).items;
    // A new event's buyers: 150 customers each buy four comedy tickets today.
    const [ev] = await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1001 AND category = 'comedy' AND start_date_time > now() + interval '20 days' ORDER BY start_date_time LIMIT 1`);
    const buyers = await rows<{ id: string }>(t.db, sql`SELECT id FROM customers WHERE partner_id = 1001 ORDER BY id LIMIT 150`);
    await t.db.insert(ticketTransactions).values(
      buyers.map((b) => ({ partnerId: 1001, eventId: ev.id, customerId: Number(b.id), soldAt: new Date(nowMs() - 3_600_000), quantity: 4, ticketType: 'regular' as const, priceCategory: '1', amountMinor: 12_000 })),
    );
    await itc(opera1001, 'POST');
    await drain();
    const after = EventCampaignsResponse.parse((await campaignsOf(opera1001)).body).items;
    const kept = after.filter((i) => before.some((b) => b.tc === i.tc));
    expect(kept.length).toBeGreaterThanOrEqual(Math.min(before.length, after.length) - 1);
    // a kept id still names the same audience
    for (const i of kept) expect(i.families).toEqual(before.find((b) => b.tc === i.tc)!.families);
  });

  it('answers English labels to an English-speaking user of the other partner', async () => {
    await itc(opera1002, 'POST', prisma);
    await drain();
    const list = EventCampaignsResponse.parse((await campaignsOf(opera1002, '', prisma)).body);
    expect(list.total).toBeGreaterThan(3);
    for (const i of list.items) expect(i.alias).toBe(i.label.en);
  });
});

describe('refusals', () => {
  it("answers 404 for another partner's event on every call", async () => {
    for (const r of [await itc(opera1002), await itc(opera1002, 'POST'), await campaignsOf(opera1002), await suggested(opera1002, '?budget=500&goal=ROAS')]) {
      expect(r.status).toBe(404);
      expect((await errorOf(r.res)).error_code).toBe('error.common.notFound');
    }
    const unknown = await itc('e1001-99999');
    expect(unknown.status).toBe(404);
  });

  it('answers 403 without the wave permission', async () => {
    for (const r of [await itc(opera1001, 'GET', analyst), await itc(opera1001, 'POST', analyst), await campaignsOf(opera1001, '', analyst), await suggested(opera1001, '?budget=500&goal=ROAS', analyst)]) {
      expect(r.status).toBe(403);
      const e = await errorOf(r.res);
      expect(e.error_code).toBe('error.auth.forbidden');
      expect(e.error_subcode).toBe('wave');
    }
  });

  it('answers 400 for bad input', async () => {
    for (const q of ['?budget=500', '?goal=ROAS', '?budget=-1&goal=ROAS', '?budget=abc&goal=ROAS', '?budget=500&goal=REACH', '?budget=500&goal=campaign.goal.']) {
      const r = await suggested(opera1001, q);
      expect(r.status, q).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
    for (const q of ['?page=0', '?limit=500', '?page=x']) {
      const r = await campaignsOf(opera1001, q);
      expect(r.status, q).toBe(400);
    }
    const long = await itc('e'.repeat(201));
    expect(long.status).toBe(400);
    const odd = await itc('e1001 00001');
    expect(odd.status).toBe(404);
  });
});

describe('runs that cannot be made', () => {
  async function partnerWithCustomers(id: number, count: number): Promise<string> {
    await t.db.insert(partners).values({ id, name: `Small ${id}`, domain: `small${id}.example`, product: 'full-service' });
    await t.db.insert(events).values({ id: `e${id}-00001`, partnerId: id, eid: `S-${id}`, title: 'Tosca', category: 'opera', startDateTime: new Date(nowMs() + 30 * 86_400_000), capacity: 500 });
    if (count) await t.db.insert(customers).values(Array.from({ length: count }, (_, i) => ({ partnerId: id, externalId: `c${i}`, postalCode: '50667', city: 'Köln' })));
    return `e${id}-00001`;
  }

  it('refuses to start for a partner with too few customers (422)', async () => {
    const ev = await partnerWithCustomers(77, 10);
    await expect(startItc(t.db, { partnerId: 77, language: 'en' }, ev)).rejects.toMatchObject({ status: 422, code: 'error.itc.not_enough_customers' });
    await expect(startItc(t.db, { partnerId: 77, language: 'en' }, ev)).rejects.toBeInstanceOf(AppError);
  });

  it('fails the run, with a code for the status box, when the customers have no purchases', async () => {
    const ev = await partnerWithCustomers(78, 50);
    const started = await startItc(t.db, { partnerId: 78, language: 'en' }, ev);
    expect(started.status).toBe('queued');
    await drain();
    const s = await itcStatus(t.db, { partnerId: 78, language: 'en' }, ev);
    expect(s.status).toBe('failed');
    expect(s.error).toEqual({ error_code: 'error.task.failed', message: expect.any(String) });
    // a failed run is retried by starting again
    expect((await startItc(t.db, { partnerId: 78, language: 'en' }, ev)).tc_run_id).toBeGreaterThan(s.tc_run_id);
  });

  it('reports its progress through the stages while it runs', async () => {
    const [run] = await rows<{ id: number }>(t.db, sql`
      INSERT INTO taste_cluster_runs (partner_id, event_id, seed, engine_version) VALUES (1002, ${opera1002}, 1, 'tc-1') RETURNING id`);
    const seen: { stage: string; percent: number }[] = [];
    const result = await executeItcRun(t.db, { partnerId: 1002, eventId: opera1002, runId: run.id }, async (p) => {
      seen.push(p);
    });
    expect(seen.map((p) => p.stage)).toEqual(expect.arrayContaining(['loading', 'features', 'choose_k', 'refine', 'describe', 'storing']));
    for (let i = 1; i < seen.length; i++) expect(seen[i].percent).toBeGreaterThanOrEqual(seen[i - 1].percent);
    expect(result.tc_run_id).toBe(run.id);
  });
});

describe('numbering', () => {
  it('gives two runs finishing at once different numbers for their new clusters', async () => {
    const newRun = async () =>
      (await rows<{ id: number }>(t.db, sql`INSERT INTO taste_cluster_runs (partner_id, event_id, seed, engine_version) VALUES (1002, ${opera1002}, 1, 'tc-1') RETURNING id`))[0].id;
    const [a, b] = [await newRun(), await newRun()];
    const [{ max }] = await rows<{ max: number }>(t.db, sql`SELECT max(tc)::int AS max FROM taste_clusters WHERE partner_id = 1002`);
    // Both engines numbered their one new cluster max + 1, from the same state of the table.
    const result = (tc: number): RunResult =>
      ({
        clustering: { k: 1, labels: new Int32Array(1), silhouette: 0, separation: 'none', silhouetteByK: [] },
        clusters: [{
          tc, matchedFrom: null, size: 1, rawCentroid: [0], profile: {}, memberIds: [1], families: [], traits: [],
          label: { en: 'x', de: 'x' }, keywords: { en: [], de: [] }, attractiveness: 0, buyingPower: 0, potential: 0, rank: 1, tcSize: 1, alreadyBought: 0,
        }],
      }) as unknown as RunResult;
    await Promise.all([saveRunResult(t.db, 1002, a, result(max + 1)), saveRunResult(t.db, 1002, b, result(max + 1))]);
    const stored = await rows<{ run_id: number; tc: number }>(t.db, sql`SELECT run_id, tc FROM taste_clusters WHERE run_id IN (${a}, ${b}) ORDER BY tc`);
    expect(stored.map((r) => r.tc)).toEqual([max + 1, max + 2]);
  });
});
