// Issue 22, delivery and results on the seeded demo: the demo's campaigns were published through
// the sandbox and delivered day by day (src/server/demo/campaigns.ts), so every figure here comes
// from campaign_delivery. GET fb_insights, GET campaign_results (FD, META, EXTERNAL), GET and PUT
// the event's attribution model; the daily delivery task; the dashboard card agreeing to the cent;
// bad input, another partner's event and a missing wave permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { deliverCampaigns, lastWholeDay } from '../../src/server/modules/campaign-delivery/deliver';
import { scheduleDailyMaintenance } from '../../src/server/modules/tasks/maintenance';
import { nowMs } from '../../src/server/lib/clock';
import type { CampaignResults, EventAttribution, FbInsights } from '../../src/lib/contracts/campaign-results';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // 1001, every permission
let analyst: string; // 1001, no wave
let prisma: string; // 1002, product partner (FD not offered)
let running: string; // a demo event of 1001 with an active, delivering campaign
let paused: string; // a demo event of 1001 whose campaign is paused
let noCampaign: string;
let other: string; // a campaign event of 1002

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  const byStatus = async (p: number, status: string) =>
    (await rows<{ event_id: string }>(t.db, sql`
      SELECT event_id FROM campaigns WHERE partner_id = ${p} GROUP BY event_id
      HAVING bool_and(status = ${status}) AND bool_and(stop_time > now()) AND sum(spend_minor) ${status === 'ACTIVE' ? sql`> 0` : sql`= 0`}
      ORDER BY event_id LIMIT 1`))[0]!.event_id;
  running = await byStatus(1001, 'ACTIVE');
  paused = await byStatus(1001, 'PAUSED');
  other = (await rows<{ event_id: string }>(t.db, sql`SELECT event_id FROM campaigns WHERE partner_id = 1002 LIMIT 1`))[0]!.event_id;
  noCampaign = (await rows<{ id: string }>(t.db, sql`
    SELECT id FROM events e WHERE partner_id = 1001 AND start_date_time > now() AND category <> 'product'
      AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.event_id = e.id) ORDER BY start_date_time LIMIT 1`))[0]!.id;
}, 300_000);
afterAll(() => t.close());

async function get<T>(path: string, token = admin): Promise<{ status: number; body: T }> {
  const res = await api.request(`/api/v3${path}`, { token });
  return { status: res.status, body: (await res.json()) as T };
}
const insights = (id: string, token = admin) => get<FbInsights>(`/integrations/facebook/events/${encodeURIComponent(id)}/fb_insights`, token);
const results = (id: string, token = admin) => get<CampaignResults>(`/integrations/facebook/events/${encodeURIComponent(id)}/campaign_results`, token);
const setModel = (id: string, model: unknown, token = admin) => api.request(`/api/v3/events/${encodeURIComponent(id)}/attribution_model`, { method: 'PUT', token, json: { model } });

async function sums(eventId: string) {
  return (await rows<{ spend: number; purchases: number; revenue: number; impressions: number; clicks: number; caused: number }>(t.db, sql`
    SELECT sum(d.spend_minor)::float8 AS spend, sum(d.purchases)::int AS purchases, sum(d.revenue_minor)::float8 AS revenue,
           sum(d.impressions)::float8 AS impressions, sum(d.clicks)::float8 AS clicks, sum(d.caused_tickets)::int AS caused
    FROM campaign_delivery d JOIN campaigns c ON c.id = d.campaign_id WHERE c.event_id = ${eventId}`))[0]!;
}

describe('the demo campaigns were delivered by the sandbox', () => {
  it('every published ad set has its days up to yesterday, and the row sums are the days’ sums', async () => {
    const list = await rows<{ id: string; spend: number; purchases: number; revenue: number; days_spend: number | null; days_purchases: number | null; through: string }>(t.db, sql`
      SELECT c.id, c.spend_minor::float8 AS spend, c.purchases, c.revenue_minor::float8 AS revenue, to_char(c.delivered_through, 'YYYY-MM-DD') AS through,
             (SELECT sum(spend_minor)::float8 FROM campaign_delivery d WHERE d.campaign_id = c.id) AS days_spend,
             (SELECT sum(purchases)::int FROM campaign_delivery d WHERE d.campaign_id = c.id) AS days_purchases
      FROM campaigns c`);
    expect(list.length).toBeGreaterThan(10);
    for (const c of list) {
      expect(c.through).toBe(lastWholeDay(new Date(nowMs())));
      expect(c.spend).toBe(c.days_spend ?? 0);
      expect(c.purchases).toBe(c.days_purchases ?? 0);
    }
  });

  it('the tickets the campaigns caused are ticket transactions of their events (source campaign)', async () => {
    const [r] = await rows<{ caused: number; sold: number }>(t.db, sql`
      SELECT (SELECT sum(caused_tickets)::int FROM campaign_delivery) AS caused,
             (SELECT sum(quantity)::int FROM ticket_transactions WHERE source = 'campaign') AS sold`);
    expect(r!.caused).toBeGreaterThan(0);
    expect(r!.sold).toBe(r!.caused);
    const strays = await rows(t.db, sql`SELECT 1 FROM ticket_transactions tx JOIN campaigns c ON c.id = tx.campaign_id WHERE c.event_id <> tx.event_id OR c.partner_id <> tx.partner_id`);
    expect(strays).toHaveLength(0);
  });

  it('Meta reports more purchases than the campaigns caused (its pixel also counts buyers who would have bought anyway)', async () => {
    const s = await sums(running);
    expect(s.purchases).toBeGreaterThan(s.caused);
  });

  it('a second run for the same day delivers nothing more', async () => {
    const before = await sums(running);
    expect(await deliverCampaigns(t.db, { through: lastWholeDay(new Date(nowMs())) })).toEqual({ campaigns: 0, days: 0, tickets: 0 });
    expect(await sums(running)).toEqual(before);
  });
});

describe('GET /integrations/facebook/events/{id}/fb_insights', () => {
  it('sums what the event’s ad sets delivered', async () => {
    const { status, body } = await insights(running);
    expect(status).toBe(200);
    const s = await sums(running);
    expect(body.ad_spend).toBe(s.spend / 100);
    expect(body.impressions).toBe(s.impressions);
    expect(body.clicks).toBe(s.clicks);
    expect(body.currency).toBe('EUR');
    expect(body.running_clusters).toBeGreaterThan(0);
    expect(body.user_action_required).toBe(false);
    expect(Date.parse(body.start)).toBeLessThan(Date.parse(body.end));
  });

  it('a paused campaign spent nothing and runs no cluster', async () => {
    const { body } = await insights(paused);
    expect(body.ad_spend).toBe(0);
    expect(body.impressions).toBe(0);
    expect(body.running_clusters).toBe(0);
  });

  it('the dashboard card and the events list read the same numbers, to the cent', async () => {
    const active = await rows<{ event_id: string }>(t.db, sql`SELECT DISTINCT event_id FROM campaigns WHERE partner_id = 1001 AND status = 'ACTIVE' AND stop_time >= now()`);
    let spend = 0;
    for (const { event_id } of active) {
      const rowsOfEvent = await rows<{ status: string; stop: Date }>(t.db, sql`SELECT status, stop_time AS stop FROM campaigns WHERE event_id = ${event_id}`);
      // Events whose ad sets are all active and running: their whole spend is on the card.
      if (rowsOfEvent.every((r) => r.status === 'ACTIVE' && new Date(r.stop) >= new Date())) spend += (await insights(event_id)).body.ad_spend;
    }
    const card = await get<{ sum_total_spend: number }>('/campaigns/fb/stats');
    expect(card.status).toBe(200);
    expect(Math.round(card.body.sum_total_spend * 100)).toBe(Math.round(spend * 100));
  });

  it('an event without a campaign, another partner’s event, no wave permission and a bad id are refused', async () => {
    expect((await insights(noCampaign)).status).toBe(404);
    const foreign = await api.request(`/api/v3/integrations/facebook/events/${other}/fb_insights`, { token: admin });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).error_code).toBe('error.common.notFound');
    const denied = await api.request(`/api/v3/integrations/facebook/events/${running}/fb_insights`, { token: analyst });
    expect(denied.status).toBe(403);
    expect((await insights('x'.repeat(201))).status).toBe(400);
    expect((await insights('no-such-event')).status).toBe(404);
  });
});

describe('GET /integrations/facebook/events/{id}/campaign_results', () => {
  it('FD (the partner’s default): actual sales since the start minus the forecast of the first day, with an 80 % interval and the daily chart', async () => {
    const { status, body } = await results(running);
    expect(status).toBe(200);
    expect(body.eval_name).toBe('FD');
    expect(body.timeframe_too_low).toBe(false);
    expect(body.event_results).not.toBeNull();
    const last = body.daily.at(-1)!;
    expect(last.day).toBe(lastWholeDay(new Date(nowMs())));
    // The estimate is the last day's actual minus expected, never below zero.
    expect(body.event_results!.total_transactions).toBe(Math.max(0, Math.round(last.actual! - last.expected!)));
    expect(body.event_interval!.low).toBeLessThanOrEqual(body.event_results!.total_transactions);
    expect(body.event_interval!.high).toBeGreaterThanOrEqual(body.event_results!.total_transactions);
    // Spend of the chart adds up to the ad spend.
    const spend = body.daily.reduce((s, d) => s + d.spend, 0);
    expect(Math.round(spend * 100)).toBe((await sums(running)).spend);
    // Cumulative actual sales never fall.
    for (let i = 1; i < body.daily.length; i++) expect(body.daily[i]!.actual!).toBeGreaterThanOrEqual(body.daily[i - 1]!.actual!);
  });

  it('META: the platform’s purchases and revenue; EXTERNAL: no series numbers', async () => {
    expect((await setModel(running, 'meta')).status).toBe(200);
    const { body } = await results(running);
    const s = await sums(running);
    expect(body.eval_name).toBe('META');
    expect(body.event_results).toEqual({
      total_transactions: s.purchases,
      total_revenue: s.revenue / 100,
      cpo: Math.round((s.spend / 100 / s.purchases) * 100) / 100,
      roas: Math.round((s.revenue / s.spend) * 100) / 100,
    });
    expect(body.series_results).toBeNull();
    expect(body.daily.every((d) => d.expected === null)).toBe(true);
    expect((await setModel(running, 'EXTERNAL')).status).toBe(200);
    const ext = await results(running);
    expect(ext.body.eval_name).toBe('EXTERNAL');
    expect(ext.body.series_results).toBeNull();
    expect((await setModel(running, 'FD')).status).toBe(200);
  });

  it('a campaign that has spent nothing is credited with nothing, whatever the forecast missed', async () => {
    const { body } = await results(paused);
    expect(body.no_delivery).toBe(true);
    expect(body.event_results).toEqual({ total_transactions: 0, total_revenue: 0, cpo: null, roas: null });
    expect(body.event_interval).toBeNull();
    expect(body.series_results).toBeNull();
  });

  it('the cost per ticket is the spend over the tickets as shown', async () => {
    const { body } = await results(running);
    const spend = (await sums(running)).spend / 100;
    expect(body.event_results!.cpo).toBe(Math.round((spend / body.event_results!.total_transactions) * 100) / 100);
  });

  it('a campaign that has only just started is too short to evaluate', async () => {
    await t.db.execute(sql`UPDATE campaigns SET start_time = now(), delivered_through = NULL WHERE event_id = ${paused}`);
    await t.db.execute(sql`DELETE FROM campaign_delivery d USING campaigns c WHERE c.id = d.campaign_id AND c.event_id = ${paused}`);
    const { body } = await results(paused);
    expect(body.timeframe_too_low).toBe(true);
    expect(body.series_results).toBeNull();
  });

  it('refuses another partner’s event and a viewer without wave', async () => {
    expect((await results(other)).status).toBe(404);
    expect((await results(running, analyst)).status).toBe(403);
    expect((await results(noCampaign)).status).toBe(404);
  });
});

describe('GET and PUT /events/{id}/attribution_model', () => {
  it('follows the partner until the event chooses; the choice is kept per event', async () => {
    const before = await get<EventAttribution>(`/events/${running}/attribution_model`);
    expect(before.status).toBe(200);
    expect(before.body.options).toEqual(['FD', 'META', 'EXTERNAL']);
    const res = await setModel(running, 'external');
    expect(res.status).toBe(200);
    expect(((await res.json()) as EventAttribution).event_model).toBe('EXTERNAL');
    const neighbour = await get<EventAttribution>(`/events/${noCampaign}/attribution_model`);
    expect(neighbour.body.event_model).toBeNull();
    expect(neighbour.body.model).toBe('FD');
    await setModel(running, 'FD');
  });

  it('refuses a model that is not offered, a bad body, another partner’s event and no wave', async () => {
    // Product partners are not offered FD (spec 2 §4).
    const notOffered = await setModel(other, 'FD', prisma);
    expect(notOffered.status).toBe(400);
    expect((await errorOf(notOffered)).error_code).toBe('error.campaign.attributionModelNotOffered');
    expect((await setModel(running, 'GOOGLE')).status).toBe(400);
    expect((await setModel(running, 'FD\u0000')).status).toBe(400);
    expect((await api.request(`/api/v3/events/${running}/attribution_model`, { method: 'PUT', token: admin, json: { model: 'FD', extra: 1 } })).status).toBe(400);
    expect((await setModel(other, 'META')).status).toBe(404);
    expect((await setModel(running, 'META', analyst)).status).toBe(403);
  });
});

describe('the daily delivery task', () => {
  it('is queued with the housekeeping and delivers the day before', async () => {
    // A campaign published today through the wizard's path: only its row matters to delivery.
    const [c] = await rows<{ id: string }>(t.db, sql`
      INSERT INTO campaigns (partner_id, event_id, name, status, start_time, stop_time, adsets, currency, meta_campaign_id, meta_adset_id, budget_minor, audience_size, published_at)
      VALUES (1001, ${noCampaign}, 'Test – Meta', 'ACTIVE', now(), now() + interval '20 days', 1, 'EUR', '1200000000001', '1300000000001', 100000, 80000, now())
      RETURNING id`);
    const tomorrow = nowMs() + 86_400_000;
    const queued = await scheduleDailyMaintenance(t.db, tomorrow);
    expect(queued).toContain('campaigns.deliver');
    while (await runOnce(t.db, 'delivery-test')) {
      /* drain */
    }
    const days = await rows<{ day: string; spend: number }>(t.db, sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, spend_minor::float8 AS spend FROM campaign_delivery WHERE campaign_id = ${c!.id}`);
    expect(days).toEqual([{ day: new Date(nowMs()).toISOString().slice(0, 10), spend: expect.any(Number) }]);
    expect(days[0]!.spend).toBeGreaterThan(0);
    expect(days[0]!.spend).toBeLessThanOrEqual(100000);
  });
});
