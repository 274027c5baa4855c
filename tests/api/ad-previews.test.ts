// Ad previews of the setup wizard (spec 2 §2 Ad preview modal, §7 page_infos, §8 page-info failure):
// the sandbox's own renderings and Meta's generatepreviews through the real Graph client against
// the fake Graph server. Assets are our row ids; another partner's rows and events are 404; the
// wave permission opens both calls.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { FAKE_APP, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { rows } from '../../src/server/db/client';
import { permissions, users } from '../../src/server/db/schema';
import { MetaError, setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { SandboxAdPlatform, sandboxToken } from '../../src/server/adapters/meta/sandbox';
import { sandboxWorld } from '../../src/server/adapters/meta/sandbox-seed';
import { storeToken } from '../../src/server/modules/meta-connect';
import * as repo from '../../src/server/modules/meta-connect/repo';
import type { Creative, MediaItem } from '../../src/lib/contracts/setup-process';
import { storeMediaUpload } from '../helpers/setup-fixture';
import { mp4 } from '../helpers/media-fixtures';
import type { PreviewsResponse } from '../../src/lib/contracts/ad-previews';

const S = '/api/v3/setup_processes';
const PAGE_INFOS = '/api/v3/integrations/facebook/page_infos';
let t: TestDb;
let api: ReturnType<typeof apiClient>;
let prisma: string; // partner 1002: wave and settings
let admin: string; // partner 1001: everything
let analyst: string; // partner 1001: no wave
let event1002: string;
let event1001: string;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  prisma = (await api.signIn('prisma@encore.demo')).token;
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  event1002 = (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1002 ORDER BY start_date_time LIMIT 1`))[0]!.id;
  event1001 = (await rows<{ id: string }>(t.db, sql`SELECT id FROM events WHERE partner_id = 1001 ORDER BY start_date_time LIMIT 1`))[0]!.id;
}, 240_000);
afterAll(() => t.close());

async function reset(partnerId: number) {
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = ${partnerId}`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = ${partnerId}`);
}
async function connectSandbox(partnerId: number) {
  return storeToken(t.db, { partnerId, actor: `user:previews-${partnerId}` }, { accessToken: sandboxToken(String(partnerId), new Date()), expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
}
async function rowOf(partnerId: number, key: string, assetId: string) {
  const row = (await repo.listAssets(t.db, partnerId)).find((a) => a.key === key && a.assetId === assetId);
  if (!row) throw new Error(`no row for ${key} ${assetId}`);
  return row.id;
}

const media = (i: number, over: Partial<MediaItem> = {}): MediaItem => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  index: i,
  name: `m${i}.jpg`,
  url: `/api/v3/storage/media/m${i}.jpg`,
  preview: null,
  size: 1000,
  type: 'image/jpeg',
  width: 1080,
  height: 1080,
  duration: null,
  status: 'SUCCESS',
  ...over,
});

const creative = (over: Partial<Creative> = {}): Creative => ({
  tc: 3,
  tc_run_id: 1,
  headline: ['Beethoven tonight', 'The Ninth, live', ''],
  body: ['An evening with the Ninth.', 'Last seats!'],
  media: [media(0), media(1)],
  destination_url: ['https://tickets.example/ninth', ''],
  call_to_action: 'BUY_TICKETS',
  description: 'Konzerthaus, 20:00',
  language: 'en',
  excluded_variations: [],
  audience_id: null,
  destination_url_inherited: false,
  ...over,
});

async function post(eid: string, json: unknown, token: string | undefined = prisma) {
  const res = await api.request(`${S}/${encodeURIComponent(eid)}/previews`, { method: 'POST', token, json });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
async function expectError(p: Promise<{ res: Response; status: number; body: unknown }>, status: number, code: string) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const err = await errorOf(r.res);
  expect(err.error_code).toBe(code);
  return err;
}

describe('on the sandbox', () => {
  const world = sandboxWorld('1002');
  const [eur] = world.adAccounts;
  const [page] = world.pages;
  let ids: { page_asset_id: string; ad_account_asset_id: string; instagram_asset_id: string };

  beforeAll(async () => {
    await reset(1002);
    await reset(1001);
    await connectSandbox(1002);
    await connectSandbox(1001);
    ids = {
      page_asset_id: await rowOf(1002, 'facebook.profile', page!.id),
      ad_account_asset_id: await rowOf(1002, 'facebook.ad_account', eur!.id),
      instagram_asset_id: await rowOf(1002, 'instagram.profile', page!.instagramAccountId!),
    };
  });

  it('renders the first variations in the four placements with the page info', async () => {
    const r = await post(event1002, { creative: creative(), ...ids });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const body = r.body as PreviewsResponse;
    expect(body.sandbox).toBe(true);
    expect(body.page_info_error).toBe(false);
    expect(body.page_info!.page_name).toBe(page!.name);
    expect(body.page_info!.profile_picture_url).toMatch(/^data:image\/svg\+xml;base64,/);
    // 2 headlines (the blank one does not count) × 2 bodies × 2 media × 1 URL = 8 variations.
    const codes = [...new Set(body.previews.map((p) => p.variation))];
    expect(codes).toEqual(['1111', '1121', '1211', '1221', '2111', '2121', '2211', '2221']);
    expect(body.previews).toHaveLength(8 * 4);
    for (const code of codes) {
      expect(body.previews.filter((p) => p.variation === code).map((p) => p.placement).sort()).toEqual(['facebook_feed_desktop', 'facebook_feed_mobile', 'instagram_feed', 'instagram_reels']);
    }
    const desktop = body.previews.find((p) => p.variation === '2211' && p.placement === 'facebook_feed_desktop')!;
    expect(desktop.iframe_src).toBeNull();
    expect(desktop.html).toContain('The Ninth, live');
    expect(desktop.html).toContain('Last seats!');
    expect(desktop.html).toContain('TICKETS.EXAMPLE');
    expect(desktop.html).toContain('Buy tickets');
    // Stored same-origin media paths become absolute for the srcdoc document.
    expect(desktop.html).toContain('src="http://localhost/api/v3/storage/media/m0.jpg"');
    expect(body.previews.find((p) => p.variation === '1121')!.html).toContain('/m1.jpg"');
    // Its own CSP: nothing but images and the same-origin stylesheet.
    expect(desktop.html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';[^"]*style-src 'self'/);
  });

  it('speaks the interface language around the ad in the sandbox (the language cookie, as the console sets it)', async () => {
    const res = await api.request(`${S}/${encodeURIComponent(event1002)}/previews`, { method: 'POST', token: prisma, json: { creative: creative(), ...ids }, cookie: 'i18nextLng=de' });
    expect(res.status).toBe(200);
    const html = ((await res.json()) as PreviewsResponse).previews.find((p) => p.placement === 'facebook_feed_desktop')!.html;
    expect(html).toContain('Gesponsert');
    expect(html).toContain('Tickets kaufen');
    expect(html).not.toContain('Sponsored');
  });

  it('asks Meta to fetch a video of the partner by a signed link, and never signs another partner’s medium', async () => {
    const bytes = mp4({ width: 1280, height: 720, duration: 30 });
    const mine = await storeMediaUpload(t.db, 1002, bytes, 'video/mp4', 'mine.mp4');
    const theirs = await storeMediaUpload(t.db, 1001, bytes, 'video/mp4', 'theirs.mp4');
    const fetchedBy: string[] = [];
    class Spy extends SandboxAdPlatform {
      override async uploadVideo(token: string, adAccountId: string, fileUrl: string, name: string) {
        fetchedBy.push(fileUrl);
        return super.uploadVideo(token, adAccountId, fileUrl, name);
      }
    }
    setAdPlatform(new Spy());
    try {
      const video = (id: string, i: number) => media(i, { id, name: `${i}.mp4`, type: 'video/mp4', url: `/api/v3/storage/media/${id}` });
      const r = await post(event1002, { creative: creative({ media: [video(mine, 0), video(theirs, 1)] }), ...ids });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    } finally {
      setAdPlatform();
    }
    const signed = fetchedBy.map((u) => new URL(u)).find((u) => u.pathname.endsWith(mine))!;
    expect(signed.pathname).toBe(`/api/v3/storage/media-link/${mine}`);
    const res = await api.request(`${signed.pathname}${signed.search}`, { method: 'GET' });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetchedBy.map((u) => new URL(u).pathname)).toContain(`/api/v3/storage/media/${theirs}`);
  });

  it('renders exactly the asked variations, and refuses codes the creative has not', async () => {
    const r = await post(event1002, { creative: creative(), ...ids, variations: ['2221', '1111'], placements: ['instagram_reels'] });
    expect(r.status).toBe(200);
    expect((r.body as PreviewsResponse).previews.map((p) => [p.variation, p.placement])).toEqual([['2221', 'instagram_reels'], ['1111', 'instagram_reels']]);
    // A third headline is blank, so 3xxx does not exist; 5 digits need a media index of 10 or more.
    for (const variations of [['3111'], ['1131'], ['11011'], ['1112']]) {
      const e = await expectError(post(event1002, { creative: creative(), ...ids, variations }), 400, 'error.validation.invalid');
      expect(e.issues?.[0]?.path).toBe('variations');
    }
    const thirteen = Array.from({ length: 13 }, () => '1111');
    await expectError(post(event1002, { creative: creative(), ...ids, variations: thirteen }), 400, 'error.validation.invalid');
  });

  it('pages through a creative of more variations than one call renders', async () => {
    // 5 × 5 × 3 × 1 = 75 variations: the first call renders the first 12 only.
    const big = creative({ headline: ['a', 'b', 'c', 'd', 'e'], body: ['1', '2', '3', '4', '5'], media: [media(0), media(1), media(2)] });
    const first = (await post(event1002, { creative: big, ...ids, placements: ['facebook_feed_mobile'] })).body as PreviewsResponse;
    expect(first.previews).toHaveLength(12);
    const last = (await post(event1002, { creative: big, ...ids, placements: ['facebook_feed_mobile'], variations: ['5531', '5521'] })).body as PreviewsResponse;
    expect(last.previews.map((p) => p.variation)).toEqual(['5531', '5521']);
    expect(last.previews[0]!.html).toContain('>e<');
  });

  it('answers no previews for a creative without a complete variation', async () => {
    const r = await post(event1002, { creative: creative({ headline: ['', ''], media: [] }), ...ids });
    expect(r.status).toBe(200);
    expect((r.body as PreviewsResponse).previews).toEqual([]);
  });

  it('escapes hostile text in every placement', async () => {
    const hostile = creative({
      headline: ['<script>alert(1)</script>"onload="x'],
      body: ["It's \"live\" <img src=x onerror=alert(2)> مرحبا بالعالم 🎻🔥"],
      description: '</p><iframe src="https://evil.example">',
      media: [media(0, { url: 'javascript:alert(3)' })],
    });
    const r = await post(event1002, { creative: hostile, ...ids });
    expect(r.status).toBe(200);
    for (const p of (r.body as PreviewsResponse).previews) {
      expect(p.html).not.toMatch(/<script|<img src=x|<iframe|javascript:/i);
      // The attribute text survives only as text: its tag is escaped.
      expect(p.html).toContain('&lt;img src=x onerror=alert(2)&gt;');
      expect(p.html).not.toMatch(/<[^>]*\sonerror=/i);
      expect(p.html).toContain('مرحبا بالعالم 🎻🔥');
      if (p.placement.startsWith('facebook')) expect(p.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;onload=&quot;x');
    }
  });

  it("answers 404 for another partner's assets and events, and for rows of another class", async () => {
    const other = sandboxWorld('1001');
    const theirAccount = await rowOf(1001, 'facebook.ad_account', other.adAccounts[0]!.id);
    const theirPage = await rowOf(1001, 'facebook.profile', other.pages[0]!.id);
    const theirIg = await rowOf(1001, 'instagram.profile', other.pages[0]!.instagramAccountId!);
    await expectError(post(event1002, { creative: creative(), ...ids, ad_account_asset_id: theirAccount }), 404, 'error.connect.facebook.ad_account_not_found');
    await expectError(post(event1002, { creative: creative(), ...ids, ad_account_asset_id: ids.page_asset_id }), 404, 'error.connect.facebook.ad_account_not_found');
    await expectError(post(event1002, { creative: creative(), ...ids, page_asset_id: theirPage }), 404, 'error.connect.facebook.page_not_found');
    await expectError(post(event1002, { creative: creative(), ...ids, page_asset_id: ids.ad_account_asset_id }), 404, 'error.connect.facebook.page_not_found');
    await expectError(post(event1002, { creative: creative(), ...ids, instagram_asset_id: theirIg }), 404, 'error.connect.facebook.not_found');
    await expectError(post(event1001, { creative: creative(), ...ids }), 404, 'error.common.notFound');
    await expectError(post('no-such-event', { creative: creative(), ...ids }), 404, 'error.common.notFound');
    // The owner of those rows gets them.
    const own = await post(event1001, { creative: creative(), page_asset_id: theirPage, ad_account_asset_id: theirAccount }, admin);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('refuses bad bodies with 400', async () => {
    const bad: unknown[] = [
      {},
      { creative: creative(), ...ids, ad_account_asset_id: 'act_1' },
      { creative: creative(), page_asset_id: ids.page_asset_id },
      { creative: { ...creative(), headline: 'x' }, ...ids },
      { creative: creative(), ...ids, extra: 1 },
      { creative: creative(), ...ids, variations: ['abc'] },
      { creative: creative(), ...ids, placements: ['tiktok'] },
      { creative: creative({ body: ['x'.repeat(281)] }), ...ids },
    ];
    for (const json of bad) await expectError(post(event1002, json), 400, 'error.validation.invalid');
  });

  it('keeps the previews when the page info fails, showing the stored page name', async () => {
    class NoPageInfo extends SandboxAdPlatform {
      override async pageInfo(): Promise<never> {
        throw new MetaError('api_error');
      }
    }
    setAdPlatform(new NoPageInfo());
    try {
      const r = await post(event1002, { creative: creative(), ...ids, placements: ['instagram_feed'] });
      expect(r.status).toBe(200);
      const body = r.body as PreviewsResponse;
      expect(body.page_info).toBeNull();
      expect(body.page_info_error).toBe(true);
      expect(body.previews.length).toBeGreaterThan(0);
      expect(body.previews[0]!.html).toContain(page!.name.replace(/&/g, '&amp;'));
    } finally {
      setAdPlatform();
    }
  });

  it('answers the page info of a page row of the partner', async () => {
    const r = await api.request(`${PAGE_INFOS}?fb_page_id=${ids.page_asset_id}`, { token: prisma });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.page_name).toBe(page!.name);
    expect(body.profile_picture_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const theirPage = await rowOf(1001, 'facebook.profile', sandboxWorld('1001').pages[0]!.id);
    for (const [q, status, code] of [
      [theirPage, 404, 'error.connect.facebook.page_not_found'],
      [ids.ad_account_asset_id, 404, 'error.connect.facebook.page_not_found'],
      [page!.id, 400, 'error.validation.invalid'],
      ['', 400, 'error.validation.invalid'],
    ] as const) {
      const res = await api.request(`${PAGE_INFOS}?fb_page_id=${q}`, { token: prisma });
      expect(res.status, q).toBe(status);
      expect((await errorOf(res)).error_code).toBe(code);
    }
  });

  it('needs a session, and wave rather than settings', async () => {
    const calls = [
      () => api.request(`${S}/${event1002}/previews`, { method: 'POST', token: undefined, json: { creative: creative(), ...ids } }),
      () => api.request(`${PAGE_INFOS}?fb_page_id=${ids.page_asset_id}`),
    ];
    for (const call of calls) expect((await errorOf(await call())).error_code).toBe('error.auth.unauthenticated');
    const noWave = await expectError(post(event1001, { creative: creative(), ...ids }, analyst), 403, 'error.auth.forbidden');
    expect(noWave.error_subcode).toBe('wave');
    const pi = await api.request(`${PAGE_INFOS}?fb_page_id=${ids.page_asset_id}`, { token: analyst });
    expect(pi.status).toBe(403);
    expect((await errorOf(pi)).error_subcode).toBe('wave');

    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'prisma@encore.demo'));
    const settings = and(eq(permissions.userId, userId!), eq(permissions.partnerId, 1002), eq(permissions.name, 'settings'));
    await t.db.update(permissions).set({ isEnabled: false }).where(settings);
    try {
      expect((await api.request(`${PAGE_INFOS}?fb_page_id=${ids.page_asset_id}`, { token: prisma })).status).toBe(200);
      expect((await post(event1002, { creative: creative(), ...ids, variations: ['1111'] })).status).toBe(200);
    } finally {
      await t.db.update(permissions).set({ isEnabled: true }).where(settings);
    }
  });
});

describe("through the Graph client's generatepreviews against the fake Graph", () => {
  let fake: FakeGraph;
  let ids: { page_asset_id: string; ad_account_asset_id: string; instagram_asset_id: string };

  beforeAll(async () => {
    fake = await startFakeGraph();
    setAdPlatform(new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 1500 }));
    await reset(1002);
    await storeToken(t.db, { partnerId: 1002, actor: 'user:previews-graph' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
    ids = {
      page_asset_id: await rowOf(1002, 'facebook.profile', '1001'),
      ad_account_asset_id: await rowOf(1002, 'facebook.ad_account', '111'),
      instagram_asset_id: await rowOf(1002, 'instagram.profile', '17841400000000001'),
    };
  });
  afterAll(async () => {
    setAdPlatform();
    await fake.close();
  });
  afterEach(() => {
    expect(fake.problems).toEqual([]);
    fake.problems.length = 0;
  });

  it("asks Meta for one preview per variation and placement and hands on Meta's iframe address", async () => {
    const c = creative({ media: [media(0, { url: 'https://cdn.example/ninth.jpg' })] });
    fake.requests.length = 0;
    const r = await post(event1002, { creative: c, ...ids, variations: ['2111', '1211'], placements: ['facebook_feed_desktop', 'instagram_reels'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const body = r.body as PreviewsResponse;
    expect(body.sandbox).toBe(false);
    expect(body.page_info).toEqual({ page_name: 'Konzerthaus', profile_picture_url: 'https://scontent.example/1001.jpg' });
    expect(body.previews.map((p) => [p.variation, p.placement])).toEqual([
      ['2111', 'facebook_feed_desktop'], ['2111', 'instagram_reels'], ['1211', 'facebook_feed_desktop'], ['1211', 'instagram_reels'],
    ]);
    for (const p of body.previews) expect(p.iframe_src).toMatch(/^https:\/\/www\.facebook\.com\/ads\/api\/preview_iframe\.php\?/);
    const calls = fake.requests.filter((q) => q.path === 'act_111/generatepreviews');
    expect(calls.map((q) => q.params.ad_format)).toEqual(['DESKTOP_FEED_STANDARD', 'INSTAGRAM_REELS', 'DESKTOP_FEED_STANDARD', 'INSTAGRAM_REELS']);
    const story = JSON.parse(calls[0]!.params.creative!).object_story_spec;
    expect(story).toMatchObject({ page_id: '1001', instagram_user_id: '17841400000000001', link_data: { name: 'The Ninth, live', message: 'An evening with the Ninth.', picture: 'https://cdn.example/ninth.jpg', link: 'https://tickets.example/ninth' } });
    expect(JSON.parse(calls[2]!.params.creative!).object_story_spec.link_data).toMatchObject({ name: 'Beethoven tonight', message: 'Last seats!' });
  });
});
