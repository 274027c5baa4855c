// Pausing, resuming and switching the optimisation of a published campaign through the real Graph
// client against the fake Graph server (issue 22, spec 2 §4 "Campaign status"): the status task
// sends Meta's documented ad set update — POST /{ad-set-id} with status ACTIVE|PAUSED, and for the
// optimisation the ad set's targeting read and written back with targeting_automation.
// advantage_audience — to every ad set of the event, and every request has the documented shape.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { FAKE_APP, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import type { PublishRequest } from '../../src/server/adapters/meta/types';
import { storeToken } from '../../src/server/modules/meta-connect';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let fake: FakeGraph;
let eventId: string;
let adSetIds: string[];

const publishReq = (name: string): PublishRequest => ({
  adAccountId: '111',
  name,
  goal: 'sales',
  lifetimeBudgetMinor: 40_000,
  currency: 'EUR',
  startTime: new Date(Date.now() + 86_400_000),
  endTime: new Date(Date.now() + 20 * 86_400_000),
  targeting: { ageMin: 18, ageMax: 65, geo: { mode: 'postal_codes', keys: ['DE:10115', 'DE:10117'] }, advantageAudience: true },
  creative: {
    pageId: '1001',
    instagramAccountId: '17841400000000001',
    headlines: ['Beethoven tonight'],
    bodies: ['The Ninth, live.'],
    media: [{ type: 'image', url: 'https://cdn.example/ninth.jpg' }],
    destinationUrls: ['https://tickets.example/ninth'],
    callToAction: 'BUY_TICKETS',
    description: 'Konzerthaus, 20:00',
  },
  pixelId: '7111',
  customEventType: 'PURCHASE',
  dsa: { beneficiary: 'Konzerthaus Rheinland', payor: 'Konzerthaus Rheinland GmbH' },
  status: 'ACTIVE',
});

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  fake = await startFakeGraph();
  const graph = new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 2000 });
  setAdPlatform(graph);
  await storeToken(t.db, { partnerId: 1001, actor: 'user:status-graph' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
  // A running demo campaign whose ad sets are the ones published at the fake Graph server.
  eventId = (await rows<{ event_id: string }>(t.db, sql`
    SELECT event_id FROM campaigns WHERE partner_id = 1001 GROUP BY event_id
    HAVING bool_and(status = 'ACTIVE') AND min(stop_time) > now() + interval '10 days' AND count(*) >= 2 ORDER BY event_id LIMIT 1`))[0]!.event_id;
  const sets = await rows<{ id: string }>(t.db, sql`SELECT id FROM campaigns WHERE event_id = ${eventId} ORDER BY id`);
  adSetIds = [];
  for (const [i, s] of sets.entries()) {
    const pub = await graph.publish(TOKENS.good, publishReq(`Status test ${i + 1}`));
    adSetIds.push(pub.adSetId);
    await t.db.execute(sql`UPDATE campaigns SET meta_adset_id = ${pub.adSetId} WHERE id = ${s.id}::uuid`);
  }
}, 300_000);
afterAll(async () => {
  setAdPlatform();
  await fake.close();
  await t.close();
});
afterEach(() => {
  // Any request off the documented shape fails the test that sent it.
  expect(fake.problems).toEqual([]);
});

async function change(path: string) {
  const res = await api.request(path, { method: 'PUT', token: admin });
  expect(res.status, await res.clone().text()).toBe(204);
  while (await runOnce(t.db, 'status-graph-test')) {
    /* drain */
  }
  const task = (await (await api.request(`/api/v3/events/${eventId}/client_campaign_status/task`, { token: admin })).json()) as { status: string };
  expect(task.status).toBe('SUCCESS');
}

describe('campaign status through the Graph client', () => {
  it('pauses and resumes every ad set with the documented ad set update', async () => {
    expect(adSetIds.length).toBeGreaterThanOrEqual(2);
    const from = fake.requests.length;
    await change(`/api/v3/events/${eventId}/client_campaign_status?client_campaign_status=PAUSED`);
    const sent = fake.requests.slice(from);
    expect(sent.map((r) => [r.method, r.path, r.params.status])).toEqual(adSetIds.map((id) => ['POST', id, 'PAUSED']));
    // The partner's token with its appsecret_proof, nothing else changed on the ad set.
    for (const r of sent) {
      expect(r.params.access_token).toBe(TOKENS.good);
      expect(r.params.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(r.params).sort()).toEqual(['access_token', 'appsecret_proof', 'status']);
    }
    const from2 = fake.requests.length;
    await change(`/api/v3/events/${eventId}/client_campaign_status?client_campaign_status=ACTIVE`);
    expect(fake.requests.slice(from2).map((r) => [r.method, r.path, r.params.status])).toEqual(adSetIds.map((id) => ['POST', id, 'ACTIVE']));
  });

  it('switches the optimisation by writing the ad set’s targeting back with advantage_audience', async () => {
    const from = fake.requests.length;
    await change(`/api/v3/events/${eventId}/campaign_optimisation_status?campaign_optimisation_status=PAUSED`);
    const sent = fake.requests.slice(from);
    expect(sent.map((r) => [r.method, r.path])).toEqual(adSetIds.flatMap((id) => [['GET', id], ['POST', id]]));
    for (const r of sent.filter((x) => x.method === 'POST')) {
      const targeting = JSON.parse(r.params.targeting!) as { targeting_automation: unknown; geo_locations: unknown };
      expect(targeting.targeting_automation).toEqual({ advantage_audience: 0 });
      // The rest of the targeting is kept (Meta replaces it whole on update).
      expect(targeting.geo_locations).toBeDefined();
    }
    const stored = await rows<{ o: string }>(t.db, sql`SELECT DISTINCT optimisation_status AS o FROM campaigns WHERE event_id = ${eventId}`);
    expect(stored).toEqual([{ o: 'PAUSED' }]);
  });
});
