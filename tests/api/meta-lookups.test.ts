// The setup wizard's asset lookups (spec 2 §7 "Assets and lookups"; issue 13): audiences, conversions,
// a conversion's name, lead forms, custom event types and calls to action — on the sandbox and
// through the real Graph client against the fake Graph server. Assets are named by our row ids;
// another partner's or another class's row is 404, a switched-off or unreachable asset is the
// spec's permission error with the asset's name and id; the wave permission, not settings, opens them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { FAKE_APP, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { permissions, users } from '../../src/server/db/schema';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { sandboxToken } from '../../src/server/adapters/meta/sandbox';
import { sandboxWorld } from '../../src/server/adapters/meta/sandbox-seed';
import { storeToken } from '../../src/server/modules/meta-connect';
import * as repo from '../../src/server/modules/meta-connect/repo';

const C = '/api/v3/integrations/connect/facebook/assets';
const S = '/api/v3/setup_processes';
let t: TestDb;
let api: ReturnType<typeof apiClient>;
let prisma: string; // partner 1002: wave and settings
let admin: string; // partner 1001: everything
let analyst: string; // partner 1001: no wave, no settings

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  prisma = (await api.signIn('prisma@encore.demo')).token;
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
}, 240_000);
afterAll(() => t.close());

async function get(path: string, token: string | undefined = prisma) {
  const res = await api.request(path, { token });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
async function expectError(p: ReturnType<typeof get>, status: number, code: string) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const err = await errorOf(r.res);
  expect(err.error_code).toBe(code);
  return err as Awaited<ReturnType<typeof errorOf>> & { data?: Record<string, unknown> };
}

async function reset(partnerId: number) {
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = ${partnerId}`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = ${partnerId}`);
}

/** Connects the partner's sandbox user through the service, as the connect flow's exchange does. */
async function connectSandbox(partnerId: number, expiresAt = new Date(Date.now() + 86_400_000)) {
  return storeToken(t.db, { partnerId, actor: `user:lookups-${partnerId}` }, { accessToken: sandboxToken(String(partnerId), new Date()), expiresAt, tokenType: 'USER' });
}

/** Our row of a Meta asset of the partner. */
async function rowOf(partnerId: number, key: string, assetId: string) {
  const row = (await repo.listAssets(t.db, partnerId)).find((a) => a.key === key && a.assetId === assetId);
  if (!row) throw new Error(`no row for ${key} ${assetId}`);
  return row.id;
}

describe('on the sandbox', () => {
  const world = sandboxWorld('1002');
  const [eur, , noPermission] = world.adAccounts;
  const [page, , hiddenPage] = world.pages;
  let eurRow: string;
  let pageRow: string;

  beforeAll(async () => {
    await reset(1002);
    await reset(1001);
    await connectSandbox(1002);
    await connectSandbox(1001);
    eurRow = await rowOf(1002, 'facebook.ad_account', eur!.id);
    pageRow = await rowOf(1002, 'facebook.profile', page!.id);
  });

  it("lists the ad account's custom audiences by name, and filters by type", async () => {
    const all = await get(`${C}/ad_accounts/${eurRow}/audiences`);
    expect(all.status).toBe(200);
    const expected = world.audiences[eur!.id]!.map((a) => ({ id: a.id, name: a.name, type: a.subtype, approximate_size: a.approximateSize })).sort((x, y) => x.name.localeCompare(y.name));
    expect(all.body.items).toEqual(expected);
    const website = await get(`${C}/ad_accounts/${eurRow}/audiences?type=WEBSITE`);
    expect(website.body.items.map((a: { id: string }) => a.id)).toEqual(world.audiences[eur!.id]!.filter((a) => a.subtype === 'WEBSITE').map((a) => a.id));
    expect(website.body.items.length).toBeGreaterThan(0);
    expect(website.body.items.length).toBeLessThan(all.body.items.length);
  });

  it('lists conversions (only lead ones with a lead form) and names one', async () => {
    const all = await get(`${C}/ad_accounts/${eurRow}/conversions`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((c: { id: string }) => c.id)).toEqual(world.conversions[eur!.id]!.map((c) => c.id));
    const withForm = await get(`${C}/ad_accounts/${eurRow}/conversions?lead_form_id=${world.leadForms[page!.id]![0]!.id}`);
    expect(withForm.body.items.length).toBeGreaterThan(0);
    expect(withForm.body.items.every((c: { custom_event_type: string }) => c.custom_event_type === 'LEAD')).toBe(true);
    expect(withForm.body.items.length).toBeLessThan(all.body.items.length);
    const one = world.conversions[eur!.id]![2]!;
    const named = await get(`${C}/ad_accounts/${eurRow}/conversions/${one.id}`);
    expect(named.body).toEqual({ id: one.id, name: one.name });
    await expectError(get(`${C}/ad_accounts/${eurRow}/conversions/123456`), 404, 'error.connect.facebook.not_found');
    // Another ad account's conversion is not this one's.
    await expectError(get(`${C}/ad_accounts/${eurRow}/conversions/${world.conversions[world.adAccounts[1]!.id]![0]!.id}`), 404, 'error.connect.facebook.not_found');
  });

  it("lists the page's active lead forms and needs the ad account", async () => {
    const r = await get(`${C}/lead_forms?page_id=${pageRow}&ad_account_id=${eurRow}`);
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual(world.leadForms[page!.id]!.filter((f) => f.status === 'active').map((f) => ({ id: f.id, name: f.name })));
    await expectError(get(`${C}/lead_forms?page_id=${pageRow}`), 400, 'error.connect.facebook.ad_account_id_required');
    await expectError(get(`${C}/lead_forms?ad_account_id=${eurRow}`), 400, 'error.validation.invalid');
  });

  it('answers the event types: LEAD with a lead form, else PURCHASE first', async () => {
    const plain = await get(`${S}/event_types`);
    expect(plain.status).toBe(200);
    expect(plain.body[0]).toBe('PURCHASE');
    expect(plain.body).toContain('LEAD');
    expect((await get(`${S}/event_types?lead_form_id=123`)).body).toEqual(['LEAD']);
    await expectError(get(`${S}/event_types?lead_form_id=abc`), 400, 'error.validation.invalid');
  });

  it('answers the calls to action per goal, pixel and lead form', async () => {
    const cta = async (q: string) => {
      const r = await get(`${S}/call_to_action/?${q}`);
      expect(r.status, q).toBe(200);
      return r.body as string[];
    };
    const lead = await cta('goal=campaign.goal.UTILIZATION&has_pixel=true&lead_form_id=42');
    const sales = await cta('goal=utilization&has_pixel=true');
    const roasWithForm = await cta('goal=roas&has_pixel=true&lead_form_id=42');
    const noPixel = await cta('goal=roas&has_pixel=false');
    const visibility = await cta('goal=visibility&has_pixel=true&lead_form_id=42');
    // A lead form opens a form: no button that promises a sale on the website.
    expect(lead).toContain('SIGN_UP');
    expect(lead).not.toContain('BUY_TICKETS');
    expect(lead).not.toContain('SHOP_NOW');
    expect(sales[0]).toBe('BUY_TICKETS');
    // Only utilization collects leads (spec 2 §4: other goals clear the lead form).
    expect(roasWithForm).toEqual(sales);
    expect(noPixel).not.toEqual(sales);
    expect(visibility).not.toContain('SHOP_NOW');
    expect(new Set([lead, sales, noPixel, visibility].map((l) => l.join()))).toHaveProperty('size', 4);
    for (const list of [lead, sales, noPixel, visibility]) expect(new Set(list).size).toBe(list.length);
    await expectError(get(`${S}/call_to_action/?goal=growth&has_pixel=true`), 400, 'error.validation.invalid');
    await expectError(get(`${S}/call_to_action/?goal=roas&has_pixel=maybe`), 400, 'error.validation.invalid');
    await expectError(get(`${S}/call_to_action/?has_pixel=true`), 400, 'error.validation.invalid');
  });

  it('refuses bad ids with 400', async () => {
    await expectError(get(`${C}/ad_accounts/not-a-uuid/audiences`), 400, 'error.validation.invalid');
    await expectError(get(`${C}/ad_accounts/${eurRow}/audiences?type=FRIENDS`), 400, 'error.validation.invalid');
    await expectError(get(`${C}/ad_accounts/${eurRow}/conversions/act_1`), 400, 'error.validation.invalid');
    await expectError(get(`${C}/lead_forms?page_id=x&ad_account_id=${eurRow}`), 400, 'error.validation.invalid');
  });

  it("answers 404 for another partner's asset and for a row of another class", async () => {
    const other = sandboxWorld('1001');
    const theirAccount = await rowOf(1001, 'facebook.ad_account', other.adAccounts[0]!.id);
    const theirPage = await rowOf(1001, 'facebook.profile', other.pages[0]!.id);
    for (const path of [`${C}/ad_accounts/${theirAccount}/audiences`, `${C}/ad_accounts/${theirAccount}/conversions`, `${C}/ad_accounts/${theirAccount}/conversions/1`, `${C}/ad_accounts/${pageRow}/audiences`]) {
      await expectError(get(path), 404, 'error.connect.facebook.ad_account_not_found');
    }
    await expectError(get(`${C}/lead_forms?page_id=${theirPage}&ad_account_id=${eurRow}`), 404, 'error.connect.facebook.page_not_found');
    await expectError(get(`${C}/lead_forms?page_id=${eurRow}&ad_account_id=${eurRow}`), 404, 'error.connect.facebook.page_not_found');
    await expectError(get(`${C}/lead_forms?page_id=${pageRow}&ad_account_id=${theirAccount}`), 404, 'error.connect.facebook.ad_account_not_found');
    // The owner of those rows gets them.
    expect((await get(`${C}/ad_accounts/${theirAccount}/audiences`, admin)).status).toBe(200);
  });

  it('answers the permission error with the asset for an unpermitted, a switched-off or an unreachable asset', async () => {
    const unpermitted = await rowOf(1002, 'facebook.ad_account', noPermission!.id);
    const e1 = await expectError(get(`${C}/ad_accounts/${unpermitted}/audiences`), 403, 'error.connect.facebook.missing_permissions');
    expect(e1.data).toEqual({ account: noPermission!.name, id: noPermission!.id });
    expect(e1.message).toContain(`(ID: ${noPermission!.id})`);
    const hidden = await rowOf(1002, 'facebook.profile', hiddenPage!.id);
    const e2 = await expectError(get(`${C}/lead_forms?page_id=${hidden}&ad_account_id=${eurRow}`), 403, 'error.connect.facebook.missing_permissions');
    expect(e2.data).toEqual({ account: hiddenPage!.name, id: hiddenPage!.id });

    await repo.setAssetEnabled(t.db, 1002, eurRow, false, new Date());
    try {
      const e3 = await expectError(get(`${C}/ad_accounts/${eurRow}/conversions`), 403, 'error.connect.facebook.missing_permissions');
      expect(e3.data).toEqual({ account: eur!.name, id: eur!.id });
      await expectError(get(`${C}/lead_forms?page_id=${pageRow}&ad_account_id=${eurRow}`), 403, 'error.connect.facebook.missing_permissions');
    } finally {
      await repo.setAssetEnabled(t.db, 1002, eurRow, true, new Date());
    }
    // The only login that reaches it has expired: nobody can use it now.
    await connectSandbox(1002, new Date(Date.now() - 60_000));
    try {
      const e4 = await expectError(get(`${C}/ad_accounts/${eurRow}/audiences`), 403, 'error.connect.facebook.missing_permissions');
      expect(e4.data).toEqual({ account: eur!.name, id: eur!.id });
    } finally {
      await connectSandbox(1002);
    }
    expect((await get(`${C}/ad_accounts/${eurRow}/audiences`)).status).toBe(200);
  });

  it('needs a session, and wave rather than settings', async () => {
    const paths = [`${C}/ad_accounts/${eurRow}/audiences`, `${C}/ad_accounts/${eurRow}/conversions`, `${C}/ad_accounts/${eurRow}/conversions/${world.conversions[eur!.id]![0]!.id}`, `${C}/lead_forms?page_id=${pageRow}&ad_account_id=${eurRow}`, `${S}/event_types`, `${S}/call_to_action/?goal=roas&has_pixel=true`];
    for (const p of paths) {
      await expectError(get(p, ''), 401, 'error.auth.unauthenticated');
      expect((await expectError(get(p, analyst), 403, 'error.auth.forbidden')).error_subcode, p).toBe('wave');
    }
    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'prisma@encore.demo'));
    const settings = and(eq(permissions.userId, userId!), eq(permissions.partnerId, 1002), eq(permissions.name, 'settings'));
    await t.db.update(permissions).set({ isEnabled: false }).where(settings);
    try {
      for (const p of paths) expect((await get(p)).status, p).toBe(200);
      // The wizard's Accounts step reads the assets (spec 2 §2); changing them stays a settings matter.
      expect((await get(`${C}?is_enabled=true`)).status).toBe(200);
      expect((await expectError(get(`${C.replace('/assets', '/status')}`), 403, 'error.auth.forbidden')).error_subcode).toBe('settings');
      const put = await api.request(`${C}/${eurRow}`, { method: 'PUT', token: prisma, json: { enabled: false } });
      expect(put.status).toBe(403);
    } finally {
      await t.db.update(permissions).set({ isEnabled: true }).where(settings);
    }
  });
});

describe('through the Graph client against the fake Graph', () => {
  let fake: FakeGraph;
  let act111: string;
  let page1001: string;

  beforeAll(async () => {
    fake = await startFakeGraph();
    setAdPlatform(new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 1500 }));
    await reset(1002);
    await storeToken(t.db, { partnerId: 1002, actor: 'user:lookups-graph' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
    act111 = await rowOf(1002, 'facebook.ad_account', '111');
    page1001 = await rowOf(1002, 'facebook.profile', '1001');
  });
  afterAll(async () => {
    setAdPlatform();
    await fake.close();
  });
  afterEach(() => {
    expect(fake.problems).toEqual([]);
    fake.problems.length = 0;
  });

  it("reads audiences with their subtype, conversions and lead forms with the page's token", async () => {
    const all = await get(`${C}/ad_accounts/${act111}/audiences`);
    expect(all.status).toBe(200);
    expect(all.body.items).toContainEqual({ id: '6603', name: 'Buyers lookalike', type: 'LOOKALIKE', approximate_size: 900000 });
    expect(all.body.items).toContainEqual({ id: '6604', name: 'App users', type: 'OTHER', approximate_size: null });
    const lookalike = await get(`${C}/ad_accounts/${act111}/audiences?type=LOOKALIKE`);
    expect(lookalike.body.items.map((a: { id: string }) => a.id)).toEqual(['6603']);
    expect(fake.requests.at(-1)!.path).toBe('act_111/customaudiences');

    const conv = await get(`${C}/ad_accounts/${act111}/conversions`);
    expect(conv.body.items).toContainEqual({ id: '5501', name: 'Ticket bought', type: 'custom_event', custom_event_type: 'PURCHASE', pixel_id: '7111' });
    expect((await get(`${C}/ad_accounts/${act111}/conversions/5502`)).body).toEqual({ id: '5502', name: 'Thank-you page' });

    const forms = await get(`${C}/lead_forms?page_id=${page1001}&ad_account_id=${act111}`);
    expect(forms.body.items).toEqual([{ id: '8801', name: 'Newsletter sign-up' }]);
    expect(fake.requests.at(-1)!.params.access_token).toBe('page-token-1001');
  });

  it("maps Meta's failures to the spec 2 §8 codes without Meta's internal message", async () => {
    const failures: [number, unknown, number, string][] = [
      [403, { error: { message: 'internal-detail', type: 'OAuthException', code: 10 } }, 403, 'error.connect.facebook.missing_permissions'],
      [400, { error: { message: 'internal-detail', code: 17 } }, 429, 'error.connect.facebook.rate_limit'],
      [500, { error: { message: 'internal-detail', code: 2, is_transient: true } }, 502, 'error.connect.facebook.graph_api_error'],
      [400, { error: { message: 'internal-detail', code: 1234 } }, 502, 'error.connect.facebook.graph_api_error'],
      [503, '', 503, 'error.connect.facebook.api_error'],
      [400, { error: { message: 'internal-detail', type: 'GraphMethodException', code: 100, error_subcode: 33 } }, 404, 'error.connect.facebook.ad_account_not_found'],
    ];
    for (const [edge, path] of [
      [/customaudiences$/, `${C}/ad_accounts/${act111}/audiences`],
      [/customconversions$/, `${C}/ad_accounts/${act111}/conversions`],
      [/customconversions$/, `${C}/ad_accounts/${act111}/conversions/5501`],
    ] as const) {
      for (const [status, body, want, code] of failures) {
        fake.failNext(edge, status, body);
        const err = await expectError(get(path), want, code);
        expect(err.message).not.toContain('internal-detail');
      }
    }
    fake.failNext(/^1001$/, 400, { error: { message: 'internal-detail', type: 'GraphMethodException', code: 100, error_subcode: 33 } });
    await expectError(get(`${C}/lead_forms?page_id=${page1001}&ad_account_id=${act111}`), 404, 'error.connect.facebook.page_not_found');
    fake.failNext(/leadgen_forms$/, 400, { error: { message: 'internal-detail', code: 4 } });
    const limited = await get(`${C}/lead_forms?page_id=${page1001}&ad_account_id=${act111}`);
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get('retry-after')).toBe('60');
  });

  it('a refused token answers invalid_token and marks the connection, so the asset is unreachable until a new login', async () => {
    fake.failNext(/customaudiences$/, 400, { error: { message: 'internal-detail', type: 'OAuthException', code: 190, error_subcode: 463 } });
    await expectError(get(`${C}/ad_accounts/${act111}/audiences`), 403, 'error.connect.facebook.invalid_token');
    const [conn] = await repo.listConnections(t.db, 1002);
    expect(conn!.status).toBe('invalid');
    await expectError(get(`${C}/ad_accounts/${act111}/audiences`), 403, 'error.connect.facebook.missing_permissions');
    await storeToken(t.db, { partnerId: 1002, actor: 'user:lookups-graph' }, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
    expect((await get(`${C}/ad_accounts/${act111}/audiences`)).status).toBe(200);
  });
});
