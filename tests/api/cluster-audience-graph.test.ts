// Taste-cluster targeting with the cluster's members (issue 22) through the real Graph client
// against the fake Graph server, which checks every request's shape: the boost publishes a
// cluster as a customer-list custom audience of its members' hashed emails (opt-outs never sent,
// no raw address ever on the wire, batches of at most 10,000 in one session), the ad set targets
// it, a cluster with too few members falls back to the area around the venue with the note the
// campaign list shows, and neither a retried boost nor a retried audience makes a second audience.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/server/db/client';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { FAKE_APP, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { day, fullCreative, mediaUploads, postalTargeting, seedClusters, upcomingEvent, type SetupFixture } from '../helpers/setup-fixture';
import { runOnce } from '../../src/server/jobs/worker';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { objectStorage, setObjectStorage } from '../../src/server/adapters/storage';
import { storeToken } from '../../src/server/modules/meta-connect';
import * as connectRepo from '../../src/server/modules/meta-connect/repo';
import { audienceName, ensureClusterAudience } from '../../src/server/modules/setup-process/cluster-audience';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let fake: FakeGraph;
let graph: GraphAdPlatform;
let f: SetupFixture;
const IMAGE = new Uint8Array(Array.from({ length: 300 }, (_, i) => i % 256));
/** Meta's normalisation and hash, written out here rather than imported from the code under test. */
const metaHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Members of cluster `tc` of the fixture's run: `ok` customers with an email who did not opt out, `optedOut` who did. */
async function addMembers(tc: number, ok: number, optedOut: number, offset: number): Promise<{ ids: number[]; optedOutIds: number[] }> {
  const pick = (out: boolean, n: number) =>
    rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1001 AND email IS NOT NULL AND ads_opt_out = ${out}
      AND id NOT IN (SELECT customer_id FROM taste_cluster_members) ORDER BY id OFFSET ${offset} LIMIT ${n}`);
  const ids = (await pick(false, ok)).map((r) => Number(r.id));
  const optedOutIds = (await pick(true, optedOut)).map((r) => Number(r.id));
  expect(ids).toHaveLength(ok);
  expect(optedOutIds).toHaveLength(optedOut);
  for (const id of [...ids, ...optedOutIds]) await t.db.execute(sql`INSERT INTO taste_cluster_members (partner_id, run_id, tc, customer_id) VALUES (1001, ${f.runId}, ${tc}, ${id})`);
  return { ids, optedOutIds };
}

const emailsOf = async (ids: number[]) =>
  rows<{ email: string | null; email_2: string | null }>(t.db, sql`SELECT email, email_2 FROM customers WHERE partner_id = 1001 AND id = ANY(${sql.param(ids.map(String))}::bigint[])`);

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  fake = await startFakeGraph();
  graph = new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 5000 });
  setAdPlatform(graph);
  const real = objectStorage();
  setObjectStorage(Object.assign(Object.create(Object.getPrototypeOf(real)), real, { open: async () => ({ body: Readable.from([Buffer.from(IMAGE)]), size: IMAGE.length }) }));
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = 1001`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = 1001`);
  await storeToken(t.db, { partnerId: 1001, actor: 'user:cluster-audience' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
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
const drain = async () => {
  while (await runOnce(t.db, 'cluster-audience-test')) {
    /* until the queue is empty */
  }
};

describe('a taste cluster published as a custom audience of its members', () => {
  it('uploads the members’ hashed emails without the opted-out, targets the audience, falls back with a note when too few, and a retried boost makes no second audience', async () => {
    const big = await addMembers(1, 150, 20, 0);
    const small = await addMembers(2, 30, 0, 0);
    // One member's address as a CRM exports it: spaces and capitals (Meta hashes it normalised).
    await t.db.execute(sql`UPDATE customers SET email = '  Mixed.Case@Example.ORG ', email_2 = 'second@example.org' WHERE id = ${big.ids[0]!}`);

    const integration_details = [
      { asset_class: 'facebook.ad_account', asset_id: f.assets.adAccount, platform: 'facebook' },
      { asset_class: 'facebook.profile', asset_id: f.assets.page, platform: 'facebook' },
      { asset_class: 'facebook.pixel', asset_id: f.assets.pixel, platform: 'facebook' },
    ];
    const started = await call('POST', P(), { goal: 'UTILIZATION', total_budget: 900, start_date: day(2), end_date: day(12), creatives: f.tcs.map((tc) => ({ tc, tc_run_id: f.runId })), integration_details });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const targeting = f.tcs.map((tc) => (tc === 3 ? postalTargeting(f, tc) : { ...postalTargeting(f, tc), targeting_mode: 'fd_targeting' }));
    expect((await call('PUT', P(), { creatives: f.tcs.map((tc) => fullCreative(f, tc)), targeting })).status).toBe(200);

    // The first boost fails at Meta after the audience was made (the campaign is refused).
    fake.failNext(/^act_111\/campaigns$/, 400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, error_user_msg: 'Campaign refused for the test.' } });
    const from = fake.requests.length;
    const first = await call('POST', `${P()}/boost`);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    await drain();
    expect((await call('GET', `/api/v3/tasks/${first.body.task_id}`)).body.status).toBe('FAILURE');
    expect(fake.audiences.size).toBe(1);

    // Boosted again: the same audience, nothing created twice.
    const again = await call('POST', `${P()}/boost`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await drain();
    const task = await call('GET', `/api/v3/tasks/${again.body.task_id}`);
    expect(task.body.status, JSON.stringify(task.body)).toBe('SUCCESS');
    expect(fake.problems).toEqual([]);

    const sent = fake.requests.slice(from).filter((r) => r.method === 'POST');
    const created = sent.filter((r) => r.path === 'act_111/customaudiences');
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toMatchObject({ subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY', name: audienceName('Publikum 1', f.runId, 1) });
    const [[audienceId, audience]] = [...fake.audiences.entries()];
    // Every request to Meta is free of addresses; the uploads carry exactly the members' hashes.
    expect(fake.requests.slice(from).every((r) => !Object.values(r.params).some((v) => /@/.test(v)))).toBe(true);
    const expected = new Set((await emailsOf(big.ids)).flatMap((r) => [r.email, r.email_2]).filter((e): e is string => Boolean(e)).map(metaHash));
    expect(expected.has(metaHash('mixed.case@example.org'))).toBe(true);
    expect(expected.has(metaHash('second@example.org'))).toBe(true);
    expect(new Set(audience!.hashes)).toEqual(expected);
    for (const r of await emailsOf(big.optedOutIds)) expect(audience!.hashes.has(metaHash(r.email!))).toBe(false);
    // Uploaded once (the retry found the audience complete): one session, one last batch.
    expect(sent.filter((r) => r.path === `${audienceId}/users`)).toHaveLength(1);
    expect([...audience!.sessions.values()]).toEqual([[-1]]);

    const sets = sent.filter((r) => r.path === 'act_111/adsets').slice(-3);
    const tOf = (i: number) => JSON.parse(sets[i]!.params.targeting!);
    expect(tOf(0)).toMatchObject({ custom_audiences: [{ id: audienceId }], geo_locations: { countries: expect.arrayContaining(['DE']) } });
    // Too few members: the circle around the venue, no custom audience.
    expect(tOf(1).custom_audiences).toBeUndefined();
    expect(tOf(1).geo_locations.custom_locations).toHaveLength(1);
    expect(tOf(2).geo_locations).toEqual({ zips: [{ key: 'DE:10115' }, { key: 'DE:10117' }] });

    const saved = await rows<{ tc: number; cluster_audience: unknown; audience_size: number }>(t.db, sql`
      SELECT tc, cluster_audience, audience_size FROM campaigns WHERE partner_id = 1001 AND event_id = ${f.eventId} ORDER BY tc`);
    expect(saved.map((r) => r.cluster_audience)).toEqual([
      { kind: 'custom_audience', audience_id: audienceId, members: 150 },
      { kind: 'too_few_members', members: small.ids.length, minimum: 100, fallback: 'area' },
      null,
    ]);
    expect(saved[0]!.audience_size).toBe(150);

    // The campaign list hands the audience and the note to the running campaign's summary.
    const list = await call('GET', `/api/campaign/events/${f.eventId}/campaigns?page=1&limit=50`);
    const byTc = new Map((list.body.items as { tc: number; latest_campaign_setup: { cluster_audience: unknown } | null }[]).map((i) => [i.tc, i.latest_campaign_setup?.cluster_audience]));
    expect(byTc.get(1)).toEqual({ kind: 'custom_audience', audience_id: audienceId, members: 150 });
    expect(byTc.get(2)).toMatchObject({ kind: 'too_few_members', fallback: 'area' });

    // Editing the running cluster keeps its audience: the new targeting names it, nothing is made or sent again.
    const n = fake.requests.length;
    const creative = { ...fullCreative(f, 1), headline: ['A new headline', 'Mozart live'] };
    const edited = await call('POST', '/api/v3/campaigns_setup', { eid: f.eventId, tc: 1, tc_run_id: f.runId, creatives: [creative], targeting: [targeting[0]], audience_id: null });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = fake.requests.slice(n);
    expect(after.filter((r) => /customaudiences$|\/users$/.test(r.path) && r.method === 'POST')).toEqual([]);
    const update = after.find((r) => r.method === 'POST' && r.params.targeting !== undefined)!;
    expect(JSON.parse(update.params.targeting!).custom_audiences).toEqual([{ id: audienceId }]);
    expect(fake.problems).toEqual([]);
  });

  it('finds an audience Meta made for an attempt that died before writing its id, instead of making a second', async () => {
    const members = await addMembers(3, 120, 0, 0);
    expect(members.ids).toHaveLength(120);
    // An earlier attempt claimed the row and Meta created the audience; the answer never got written.
    await t.db.execute(sql`INSERT INTO cluster_audiences (partner_id, ad_account_id, run_id, tc) VALUES (1001, '111', ${f.runId}, 3)`);
    const made = await graph.createCustomAudience(TOKENS.good, { adAccountId: '111', name: audienceName('Publikum 3', f.runId, 3), description: 'earlier attempt' });
    const before = fake.audiences.size;
    const got = await ensureClusterAudience(t.db, graph, TOKENS.good, { partnerId: 1001, adAccountId: '111', runId: f.runId, tc: 3, label: 'Publikum 3' });
    expect(got).toEqual({ kind: 'custom_audience', audienceId: made.id, members: 120 });
    expect(fake.audiences.size).toBe(before);
    expect(fake.audiences.get(made.id)!.hashes.size).toBeGreaterThanOrEqual(120);
    // Asked once more: nothing is sent at all.
    const n = fake.requests.length;
    expect(await ensureClusterAudience(t.db, graph, TOKENS.good, { partnerId: 1001, adAccountId: '111', runId: f.runId, tc: 3, label: 'Publikum 3' })).toEqual(got);
    expect(fake.requests.length).toBe(n);
    expect(fake.problems).toEqual([]);
  });
});

describe('the Graph client’s audience upload', () => {
  it('sends at most 10,000 hashes per request in one session, in order, the last batch flagged', async () => {
    const { id } = await graph.createCustomAudience(TOKENS.good, { adAccountId: '111', name: 'Batch test [Encore 0:0]', description: 'batches' });
    const hashes = Array.from({ length: 25_001 }, (_, i) => metaHash(`member${i}@example.org`));
    const out = await graph.addAudienceMembers(TOKENS.good, id, hashes);
    expect(out).toEqual({ received: 25_001, invalid: 0, batches: 3 });
    expect(fake.problems).toEqual([]);
    const audience = fake.audiences.get(id)!;
    expect(audience.hashes.size).toBe(25_001);
    expect([...audience.sessions.values()]).toEqual([[1, 2, -3]]);
  });

  it('refuses to send anything that is not a SHA-256 hash, before any request', async () => {
    const n = fake.requests.length;
    await expect(graph.addAudienceMembers(TOKENS.good, '6601', ['someone@example.org'])).rejects.toMatchObject({ code: 'error.connect.facebook.invalid_request' });
    expect(fake.requests.length).toBe(n);
  });
});
