// A boost through the real Graph client against the fake Graph server (issue 14, spec 2 §4
// Publishing): the partner's Meta login is a Graph token, so the task checks the assets with
// Meta, uploads the image bytes (adimages → hash) and publishes ONE campaign with an ad set per
// cluster whose creatives use those hashes; every request matches Meta's documented shape.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { FAKE_APP, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { campaignRowsOf, day, fullCreative, mediaUploads, postalTargeting, seedClusters, upcomingEvent, type SetupFixture } from '../helpers/setup-fixture';
import { runOnce } from '../../src/server/jobs/worker';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { objectStorage, setObjectStorage } from '../../src/server/adapters/storage';
import { storeToken } from '../../src/server/modules/meta-connect';
import * as connectRepo from '../../src/server/modules/meta-connect/repo';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let fake: FakeGraph;
let f: SetupFixture;
const IMAGE = new Uint8Array(Array.from({ length: 300 }, (_, i) => i % 256));

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  fake = await startFakeGraph();
  setAdPlatform(new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 2000 }));
  // The media bytes come from the object store; a stub hands out the same image for every key.
  // The stored posters are read as they are (their facts are checked on save); what the Graph API gets of them is IMAGE.
  const real = objectStorage();
  setObjectStorage(Object.assign(Object.create(Object.getPrototypeOf(real)), real, { open: async () => ({ body: Readable.from([Buffer.from(IMAGE)]), size: IMAGE.length }) }));
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = 1001`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = 1001`);
  await storeToken(t.db, { partnerId: 1001, actor: 'user:setup-graph' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
  const all = await connectRepo.listAssets(t.db, 1001);
  const row = (key: string, id: string) => all.find((a) => a.key === key && a.assetId === id)!.id;
  const assets = { adAccount: row('facebook.ad_account', '111'), page: row('facebook.profile', '1001'), pixel: row('facebook.pixel', '7111'), chfAccount: row('facebook.ad_account', '222') };
  for (const id of [assets.adAccount, assets.page, assets.pixel]) await connectRepo.setAssetEnabled(t.db, 1001, id, true, new Date());
  const eventId = await upcomingEvent(t.db, 1001);
  f = { eventId, ...(await seedClusters(t.db, 1001, eventId)), assets, mediaIds: await mediaUploads(t.db, 1001) };
}, 240_000);
afterAll(async () => {
  setAdPlatform();
  setObjectStorage(undefined);
  await fake.close();
  await t.close();
});

const P = () => `/api/v3/setup_processes/${f.eventId}`;
const call = async (method: string, path: string, json?: unknown) => {
  const res = await api.request(path, { method, token: admin, ...(json !== undefined ? { json } : {}) });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
};

describe('boost through the Graph client', () => {
  it('uploads the images, publishes one campaign with three ad sets and writes the Meta ids', async () => {
    const integration_details = [
      { asset_class: 'facebook.ad_account', asset_id: f.assets.adAccount, platform: 'facebook' },
      { asset_class: 'facebook.profile', asset_id: f.assets.page, platform: 'facebook' },
      { asset_class: 'facebook.pixel', asset_id: f.assets.pixel, platform: 'facebook' },
    ];
    const started = await call('POST', P(), { goal: 'UTILIZATION', total_budget: 600, start_date: day(2), end_date: day(12), creatives: f.tcs.map((tc) => ({ tc, tc_run_id: f.runId })), integration_details });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // Cluster 3 is targeted by its own area: around the venue, twice the members' median distance (12 km in the fixture).
    const targeting = f.tcs.map((tc) => (tc === 3 ? { ...postalTargeting(f, tc), targeting_mode: 'fd_targeting' } : postalTargeting(f, tc)));
    const put = await call('PUT', P(), { creatives: f.tcs.map((tc) => fullCreative(f, tc)), targeting });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const from = fake.requests.length;
    const boost = await call('POST', `${P()}/boost`);
    expect(boost.status, JSON.stringify(boost.body)).toBe(202);
    while (await runOnce(t.db, 'graph-test')) {
      /* drain */
    }
    const task = await call('GET', `/api/v3/tasks/${boost.body.task_id}`);
    expect(task.body.status, JSON.stringify(task.body)).toBe('SUCCESS');
    expect(fake.problems).toEqual([]);

    const sent = fake.requests.slice(from).filter((r) => r.method === 'POST');
    const images = sent.filter((r) => r.path === 'act_111/adimages');
    expect(images).toHaveLength(2);
    expect(images[0]!.params.bytes).toBe(Buffer.from(IMAGE).toString('base64'));
    expect(sent.filter((r) => r.path === 'act_111/campaigns')).toHaveLength(1);
    const sets = sent.filter((r) => r.path === 'act_111/adsets');
    expect(sets).toHaveLength(3);
    expect(sets.map((s) => Number(s.params.lifetime_budget)).reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(JSON.parse(sets[0]!.params.targeting!)).toMatchObject({ age_min: 25, age_max: 65, geo_locations: { zips: [{ key: 'DE:10115' }, { key: 'DE:10117' }] } });
    expect(JSON.parse(sets[2]!.params.targeting!).geo_locations).toEqual({ custom_locations: [expect.objectContaining({ radius: 24, distance_unit: 'kilometer' })] });
    expect(JSON.parse(sets[0]!.params.promoted_object!)).toEqual({ pixel_id: '7111', custom_event_type: 'PURCHASE' });
    const feed = JSON.parse(sent.find((r) => r.path === 'act_111/adcreatives')!.params.asset_feed_spec!);
    expect(feed.images).toEqual([{ hash: `hash-${Buffer.from(IMAGE).toString('base64').length}` }, { hash: `hash-${Buffer.from(IMAGE).toString('base64').length}` }]);
    expect(feed.titles).toEqual([{ text: 'Don Giovanni tonight' }, { text: 'Mozart live' }, { text: 'Last seats' }]);

    const rowsOut = await campaignRowsOf(t.db, 1001, f.eventId);
    expect(rowsOut).toHaveLength(3);
    expect(rowsOut.every((r) => /^\d+$/.test(r.meta_campaign_id) && /^\d+$/.test(r.meta_adset_id))).toBe(true);
  });
});
