// Delivery through the real Graph client against the fake Graph server (issue 22 "The Graph client
// reads the same figures from Meta's Insights API"): the daily `campaigns.deliver` run asks
// GET /{ad-set-id}/insights once per missing whole day with the documented fields and a one-day
// time_range, stores each day in campaign_delivery and moves the campaign's sums; Meta's purchases
// are counted once (the pixel's and the generic action type are the same purchases), and nothing is
// sold as tickets (only the sandbox knows what a campaign caused). Without a live token nothing is read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { FAKE_APP, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { rows } from '../../src/server/db/client';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { storeToken } from '../../src/server/modules/meta-connect';
import { deliverCampaigns, lastWholeDay } from '../../src/server/modules/campaign-delivery/deliver';

let t: TestDb;
let fake: FakeGraph;
let graph: GraphAdPlatform;
const through = lastWholeDay();
const daysBefore = (n: number) => new Date(Date.parse(`${through}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  // The demo's own campaigns (sandbox ad sets) are delivered up to `through` first.
  await deliverCampaigns(t.db, { through, recompute: false });
  fake = await startFakeGraph();
  graph = new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 2000 });
  setAdPlatform(graph);
}, 300_000);
afterAll(async () => {
  setAdPlatform();
  await fake.close();
  await t.close();
});
afterEach(() => {
  expect(fake.problems).toEqual([]);
});

/** A published ad set at Meta (an id the fake server knows), running since three days before `through`. */
async function publishedAdSet(adSetId: string): Promise<{ id: string; eventId: string }> {
  const [event] = await rows<{ id: string }>(t.db, sql`
    SELECT id FROM events WHERE partner_id = 1001 AND start_date_time > now() + interval '20 days' AND frontend_status <> 'HIDDEN' ORDER BY start_date_time, id LIMIT 1`);
  const [row] = await rows<{ id: string }>(t.db, sql`
    INSERT INTO campaigns (partner_id, event_id, name, status, start_time, stop_time, adsets, currency, meta_campaign_id, meta_adset_id, budget_minor, published_at)
    VALUES (1001, ${event!.id}, 'Graph delivery', 'ACTIVE', ${daysBefore(2)}::date, ${through}::date + 20, 1, 'EUR', '9990001', ${adSetId}, 300000, ${daysBefore(2)}::date)
    RETURNING id`);
  return { id: row!.id, eventId: event!.id };
}

describe('delivery from the Insights API', () => {
  it('reads each missing day once with the documented request and stores Meta’s figures', async () => {
    await storeToken(t.db, { partnerId: 1001, actor: 'user:delivery-graph' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
    const campaign = await publishedAdSet('6660001');
    const ticketsBefore = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ticket_transactions WHERE campaign_id = ${campaign.id}::uuid`);
    const from = fake.requests.length;

    const run = await deliverCampaigns(t.db, { through, partnerId: 1001, recompute: false });
    expect(run).toMatchObject({ campaigns: 1, days: 3, tickets: 0 });

    const sent = fake.requests.slice(from);
    expect(sent.map((r) => [r.method, r.path])).toEqual([0, 1, 2].map(() => ['GET', '6660001/insights']));
    expect(sent.map((r) => JSON.parse(String(r.params.time_range)))).toEqual([2, 1, 0].map((n) => ({ since: daysBefore(n), until: daysBefore(n) })));
    for (const r of sent) {
      expect(String(r.params.fields).split(',')).toEqual(expect.arrayContaining(['impressions', 'clicks', 'spend', 'actions', 'action_values']));
      expect(r.params.access_token).toBe(TOKENS.good);
      expect(r.params.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);
    }

    // The fake answers 12,345 impressions, 321 clicks, 45.67 spent, 7 purchases worth 350.50 a day.
    const days = await rows<{ day: string; impressions: number; clicks: number; spend_minor: number; purchases: number; revenue_minor: number; caused_tickets: number | null }>(t.db, sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, impressions::int, clicks::int, spend_minor::int, purchases, revenue_minor::int, caused_tickets
      FROM campaign_delivery WHERE campaign_id = ${campaign.id}::uuid ORDER BY day`);
    expect(days).toEqual([2, 1, 0].map((n) => ({ day: daysBefore(n), impressions: 12_345, clicks: 321, spend_minor: 4_567, purchases: 7, revenue_minor: 35_050, caused_tickets: null })));
    const [sums] = await rows<{ spend_minor: number; purchases: number; revenue_minor: number; delivered_through: string }>(t.db, sql`
      SELECT spend_minor::int, purchases, revenue_minor::int, to_char(delivered_through, 'YYYY-MM-DD') AS delivered_through FROM campaigns WHERE id = ${campaign.id}::uuid`);
    expect(sums).toEqual({ spend_minor: 3 * 4_567, purchases: 21, revenue_minor: 3 * 35_050, delivered_through: through });
    const ticketsAfter = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ticket_transactions WHERE campaign_id = ${campaign.id}::uuid`);
    expect(ticketsAfter[0]!.n).toBe(ticketsBefore[0]!.n);

    // A day is read once: the next run asks nothing.
    const again = fake.requests.length;
    expect(await deliverCampaigns(t.db, { through, partnerId: 1001, recompute: false })).toMatchObject({ campaigns: 0 });
    expect(fake.requests.length).toBe(again);
  });

  it('reads nothing without a live token', async () => {
    await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = 1001`);
    const campaign = await publishedAdSet('6660002');
    const from = fake.requests.length;
    expect(await deliverCampaigns(t.db, { through, partnerId: 1001, recompute: false })).toMatchObject({ campaigns: 0 });
    expect(fake.requests.length).toBe(from);
    const [row] = await rows<{ delivered_through: string | null }>(t.db, sql`SELECT delivered_through FROM campaigns WHERE id = ${campaign.id}::uuid`);
    expect(row!.delivered_through).toBeNull();
  });
});
