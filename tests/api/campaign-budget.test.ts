// GET /api/v3/events/{id}/budget_min_max (spec 2 §7) and the model behind suggested_tcs on the
// seeded demo: the bounds come from the event's forecast, the clusters of its ITC run and the
// partner's past campaigns (docs/BUDGET-MODEL.md), with the basis that applied; bad input, another
// partner's event and a missing wave permission are refused in the §3 error format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { campaigns, events, ticketTransactions } from '../../src/server/db/schema';
import { nowMs } from '../../src/server/lib/clock';
import { BudgetMinMaxResponse, type BudgetMinMax } from '../../src/lib/contracts/budget';
import { SuggestedTcsResponse } from '../../src/lib/contracts/taste-clusters';
import { costPerPurchase, DAILY_FLOOR, minBudgetPerCluster, PRIOR_STRENGTH } from '../../src/server/modules/campaign-budget';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission
let analyst: string; // partner 1001, lookout without wave
let prisma: string; // partner 1002, wave
let opera1001: string;
let other1002: string;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  const upcoming = async (p: number, category: string) =>
    (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = ${p} AND category = ${category} AND start_date_time > now() + interval '40 days' ORDER BY start_date_time LIMIT 1`))[0].id;
  opera1001 = await upcoming(1001, 'opera');
  other1002 = (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1002 AND start_date_time > now() ORDER BY start_date_time LIMIT 1`))[0].id;
}, 240_000);
afterAll(() => t.close());

async function call(path: string, token = admin) {
  const res = await api.request(path, { token });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const bounds = (id: string, query: string, token = admin) => call(`/api/v3/events/${encodeURIComponent(id)}/budget_min_max${query}`, token);
async function content(id: string, days: number, token = admin): Promise<BudgetMinMax> {
  const r = await bounds(id, `?runtime_in_days=${days}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return BudgetMinMaxResponse.parse(r.body).content;
}

async function drain() {
  while (await runOnce(t.db, 'budget-test')) {
    /* until the queue is empty */
  }
}

describe('budget_min_max', () => {
  it('answers the three bounds inside a content object, in order, with the basis and the figures behind them', async () => {
    const c = await content(opera1001, 30);
    expect(c.currency).toBe('EUR');
    expect(c.runtime_in_days).toBe(30);
    expect(c.budget_abs_min).toBe(DAILY_FLOOR * 30);
    expect(c.budget_abs_min).toBeLessThanOrEqual(c.budget_min);
    expect(c.budget_min).toBeLessThanOrEqual(c.budget_max);
    // Before any ITC run the audience is the partner's customers; the seeded campaigns teach the cost.
    expect(c.basis.audience).toBe('customers');
    expect(c.basis.cost).toBe('history');
    expect(c.past_campaigns).toBeGreaterThan(0);
    expect(c.ticket_price).toBeGreaterThan(0);
    expect(['event_sales', 'list_price', 'category']).toContain(c.basis.price);
    const [f] = await rows<{ predicted_tickets: number | null; capacity: number; state: string }>(t.db, sql`
      SELECT f.predicted_tickets, e.capacity, f.state FROM event_forecasts f JOIN events e ON e.id = f.event_id WHERE f.event_id = ${opera1001}`);
    if (c.basis.shortfall === 'forecast') expect(c.shortfall_tickets).toBe(Math.max(0, f.capacity - f.predicted_tickets!));
  });

  it('learns the cost per purchase from the partner campaigns in its currency', async () => {
    const [h] = await rows<{ spend: string; purchases: string }>(t.db, sql`
      SELECT sum(spend_minor) AS spend, sum(purchases) AS purchases FROM campaigns WHERE partner_id = 1001 AND currency = 'EUR' AND spend_minor > 0`);
    const before = await content(opera1001, 30);
    expect(before.cost_per_purchase).toBeCloseTo(costPerPurchase(before.prior_cost_per_purchase, { spend: Number(h.spend) / 100, purchases: Number(h.purchases) }), 1);
    // A very expensive past campaign raises the cost and the recommendation; another currency's does not count.
    const [ev] = await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1001 ORDER BY start_date_time LIMIT 1`);
    const base = { partnerId: 1001, eventId: ev.id, name: 'Old', status: 'PAUSED' as const, startTime: new Date(nowMs() - 90 * 86_400_000), stopTime: new Date(nowMs() - 60 * 86_400_000) };
    await t.db.insert(campaigns).values({ ...base, spendMinor: 5_000_000_00, purchases: 10, currency: 'USD' });
    expect((await content(opera1001, 30)).cost_per_purchase).toBe(before.cost_per_purchase);
    await t.db.insert(campaigns).values({ ...base, spendMinor: 50_000_00, purchases: PRIOR_STRENGTH, currency: 'EUR' });
    const after = await content(opera1001, 30);
    expect(after.cost_per_purchase).toBeGreaterThan(before.cost_per_purchase);
    expect(after.budget_min).toBeGreaterThanOrEqual(before.budget_min);
    expect(after.budget_max).toBeGreaterThan(before.budget_max);
    await t.db.delete(campaigns).where(sql`${campaigns.name} = 'Old'`);
  });

  it('never lowers a bound for a longer runtime', async () => {
    let last: BudgetMinMax | null = null;
    for (const days of [1, 7, 14, 30, 60, 120]) {
      const c = await content(opera1001, days);
      if (last) {
        expect(c.budget_abs_min).toBeGreaterThan(last.budget_abs_min);
        expect(c.budget_min).toBeGreaterThanOrEqual(last.budget_min);
        expect(c.budget_max).toBeGreaterThanOrEqual(last.budget_max);
        expect(c.runtime_share).toBeGreaterThanOrEqual(last.runtime_share);
      }
      last = c;
    }
  });

  it('uses the clusters of the event once it has an ITC run, and suggested_tcs funds them at the model minimum', async () => {
    const start = await api.request(`/api/v3/airflow_dag/${encodeURIComponent(opera1001)}/itc_generator`, { method: 'POST', token: admin });
    expect(start.status).toBe(200);
    await drain();
    const c = await content(opera1001, 30);
    expect(c.basis.audience).toBe('clusters');
    const [{ members }] = await rows<{ members: number }>(t.db, sql`
      SELECT sum(greatest(size - already_bought, 0) * attractiveness)::float8 AS members FROM taste_clusters
      WHERE run_id = (SELECT max(id) FROM taste_cluster_runs WHERE event_id = ${opera1001} AND finished_at IS NOT NULL)`);
    expect(c.reachable_members).toBe(Math.round(members));

    const minimum = minBudgetPerCluster(30, c.cost_per_purchase);
    const suggest = async (budget: number) => {
      const r = await call(`/api/campaign/events/${encodeURIComponent(opera1001)}/suggested_tcs?budget=${budget}&goal=UTILIZATION&runtime_in_days=30`);
      expect(r.status).toBe(200);
      return SuggestedTcsResponse.parse(r.body);
    };
    const [{ k }] = await rows<{ k: number }>(t.db, sql`SELECT count(*)::int AS k FROM taste_clusters WHERE run_id = (SELECT max(id) FROM taste_cluster_runs WHERE event_id = ${opera1001})`);
    const two = await suggest(minimum * 2 + 1);
    expect(two.length).toBeGreaterThanOrEqual(1);
    expect(two.length).toBeLessThanOrEqual(2);
    expect(two.reduce((n, s) => n + s.budget, 0)).toBe(minimum * 2 + 1);
    for (const s of two) expect(s.budget).toBeGreaterThanOrEqual(minimum);
    const plenty = await suggest(minimum * 100);
    expect(plenty).toHaveLength(k);
    expect(new Set(plenty.map((s) => s.tc)).size).toBe(k);
    // Split by expected purchases: the cluster with more interested members not yet in the hall gets more.
    const clusterRows = await rows<{ tc: number; e: number }>(t.db, sql`
      SELECT tc, greatest(size - already_bought, 0) * attractiveness AS e FROM taste_clusters
      WHERE run_id = (SELECT max(id) FROM taste_cluster_runs WHERE event_id = ${opera1001})`);
    const expected = new Map(clusterRows.map((r) => [r.tc, Number(r.e)]));
    const sorted = [...plenty].sort((a, b) => expected.get(b.tc)! - expected.get(a.tc)!);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1].budget).toBeGreaterThanOrEqual(sorted[i].budget);
    expect(await suggest(1)).toHaveLength(1);
  });

  it('answers a sold-out event the floor as the recommendation', async () => {
    const [ev] = await rows<{ id: string }>(t.db, sql`
      INSERT INTO events (id, partner_id, eid, title, category, start_date_time, capacity)
      VALUES ('e1001-budget-1', 1001, 'BUDGET-1', 'Sold out', 'opera', now() + interval '30 days', 50) RETURNING id`);
    await t.db.insert(ticketTransactions).values({ partnerId: 1001, eventId: ev.id, soldAt: new Date(nowMs() - 86_400_000), quantity: 50, ticketType: 'regular', priceCategory: '1', amountMinor: 250_000 });
    const c = await content(ev.id, 20);
    expect(c.basis.shortfall).toBe('sold_out');
    expect(c.basis.price).toBe('event_sales');
    expect(c.ticket_price).toBe(50);
    expect(c.budget_min).toBe(c.budget_abs_min);
    await t.db.delete(events).where(sql`${events.id} = ${ev.id}`);
  });
});

describe('refusals', () => {
  it("answers 404 for another partner's event and for one that does not exist", async () => {
    for (const id of [other1002, 'e1001-99999', 'e1001 0001']) {
      const r = await bounds(id, '?runtime_in_days=10');
      expect(r.status, id).toBe(404);
      expect((await errorOf(r.res)).error_code).toBe('error.common.notFound');
    }
    // …while that partner's own user gets an answer.
    expect((await content(other1002, 10, prisma)).currency).toBeTruthy();
  });

  it('answers 403 without the wave permission', async () => {
    const r = await bounds(opera1001, '?runtime_in_days=10', analyst);
    expect(r.status).toBe(403);
    const e = await errorOf(r.res);
    expect(e.error_code).toBe('error.auth.forbidden');
    expect(e.error_subcode).toBe('wave');
  });

  it('answers 400 for a missing or bad runtime', async () => {
    for (const q of ['', '?runtime_in_days=0', '?runtime_in_days=-3', '?runtime_in_days=1.5', '?runtime_in_days=abc', '?runtime_in_days=367']) {
      const r = await bounds(opera1001, q);
      expect(r.status, q).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
    expect((await bounds('e'.repeat(201), '?runtime_in_days=3')).status).toBe(400);
  });
});
