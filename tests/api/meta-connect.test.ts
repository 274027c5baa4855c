// Connecting Meta (issue 13): the connect calls of spec 2 §7 against the sandbox, the code
// exchange as a task, the required-page rule, owners vs others, token expiry, and the two scoped
// identities (shared-link session X-Auth-Code, partner token X-Partner-Token) that may call
// nothing else. Errors in the ARCHITECTURE §3 format; another partner's ids are 404.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { nowMs, setClock } from '../../src/server/lib/clock';
import { sandboxAuthorizationCode } from '../../src/server/adapters/meta';
import { sandboxToken } from '../../src/server/adapters/meta/sandbox';
import { readOAuthState } from '../../src/server/modules/meta-connect';
import type { AssetList, ConnectStatus, ExchangeResult, MetaAsset, TokenStatus } from '../../src/lib/contracts/meta-connect';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // 1001, settings
let multi: string; // 1001 (header) and 1002, settings at both
let analyst: string; // 1001, no settings
let prisma: string; // 1002, settings

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  A.token = admin;
  M1001.token = multi;
  P.token = prisma;
}, 240_000);
afterAll(() => t.close());
afterEach(() => setClock());

type Who = { token?: string; partner?: number; headers?: Record<string, string> };
// Filled in beforeAll, once the users have signed in.
const A: Who = {};
const M1001: Who = { partner: 1001 };
const P: Who = {};

async function call(method: string, path: string, who: Who, json?: unknown) {
  const res = await api.request(path, { method, token: who.token, partner: who.partner, headers: who.headers, json });
  const body = res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null;
  return { res, status: res.status, body };
}
const C = '/api/v3/integrations/connect/facebook';

async function drain() {
  while (await runOnce(t.db, 'meta-connect-test')) {
    /* until the queue is empty */
  }
}

/** What the popup does: the consent page's code for the partner, handed to /authorize with the state of GET /status. */
async function connectViaPopup(who: Who, partnerId: number, code = sandboxAuthorizationCode(String(partnerId))) {
  const status = (await call('GET', `${C}/status`, who)).body as ConnectStatus;
  const started = await call('POST', `${C}/authorize`, who, { code, redirect_uri: status.login.redirect_uri, state: status.login.state });
  expect(started.status).toBe(202);
  await drain();
  const task = await call('GET', `/api/v3/tasks/${started.body.task_id}`, who);
  expect(task.status).toBe(200);
  return task.body as { status: string; ready: boolean; result: ExchangeResult & { error_code?: string } };
}

const assetsOf = async (who: Who, q = '') => ((await call('GET', `${C}/assets${q}`, who)).body as AssetList).items;

async function resetPartner(partnerId: number) {
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = ${partnerId}`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = ${partnerId}`);
}

describe('the connect flow (signed-in user, sandbox)', () => {
  it('status names the sandbox, the login URL of the consent page and a state, and nothing connected yet', async () => {
    await resetPartner(1001);
    const { status, body } = await call('GET', `${C}/status`, A);
    expect(status).toBe(200);
    const s = body as ConnectStatus;
    expect(s.partner_connection_type).toBe('NONE');
    expect(s.sandbox).toBe(true);
    expect(s.identity).toBe('user');
    expect(s.connections).toEqual([]);
    const url = new URL(s.login.url, 'http://localhost');
    expect(url.pathname).toBe('/sandbox/meta/oauth');
    expect(url.searchParams.get('state')).toBe(s.login.state);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/fb-callback');
    expect(url.searchParams.get('response_type')).toBe('code');
  });

  it('exchanges the code in a task; the result and every answer carry status and expiry but never the token', async () => {
    await resetPartner(1001);
    const task = await connectViaPopup(A, 1001);
    expect(task.status).toBe('SUCCESS');
    expect(task.ready).toBe(true);
    const conn = task.result.connection;
    expect(conn).toMatchObject({ token_type: 'USER', username: 'Sandbox User', status: 'valid', owned: true });
    expect(Date.parse(conn.expires_at!)).toBeGreaterThan(nowMs() + 59 * 24 * 3600 * 1000);
    const stored = await rows<{ sealed_token: string }>(t.db, sql`SELECT sealed_token FROM meta_connections WHERE partner_id = 1001`);
    expect(stored).toHaveLength(1);
    expect(stored[0].sealed_token).toMatch(/^v1\./);
    expect(stored[0].sealed_token).not.toContain('sbx-');
    const status = (await call('GET', `${C}/status`, A)).body as ConnectStatus;
    expect(status.partner_connection_type).toBe('USER');
    const everything = JSON.stringify([task, status, await assetsOf(A)]);
    expect(everything).not.toMatch(/sbx-(long|short)|access_token/);
  });

  it('lists the assets grouped in the spec order; permitted ones start enabled, the one without permission is listed invalid and off', async () => {
    const items = await assetsOf(A);
    const keys = items.map((a) => a.key);
    expect(keys).toEqual([...keys].sort((x, y) => ['facebook.profile', 'instagram.profile', 'facebook.ad_account', 'facebook.pixel'].indexOf(x) - ['facebook.profile', 'instagram.profile', 'facebook.ad_account', 'facebook.pixel'].indexOf(y)));
    expect(new Set(keys)).toEqual(new Set(['facebook.profile', 'instagram.profile', 'facebook.ad_account', 'facebook.pixel']));
    const pages = items.filter((a) => a.key === 'facebook.profile');
    expect(pages).toHaveLength(3);
    const archive = pages.find((p) => p.asset_label.startsWith('Archive page'))!;
    expect(archive).toMatchObject({ valid: false, is_enabled: false, owned: true, asset_class: 'profile', platform: 'facebook' });
    expect(pages.filter((p) => p.valid).every((p) => p.is_enabled)).toBe(true);
    const eur = items.find((a) => a.asset_label === 'Sandbox ads EUR')!;
    expect(eur).toMatchObject({ currency: 'EUR', asset_class: 'ad_account', is_active: true, usernames: ['Sandbox User'] });
    expect(eur.asset_users).toEqual([{ token_type: 'USER', platform_user_id: expect.stringMatching(/^\d+$/) }]);
    expect((await assetsOf(A, '?is_enabled=false')).every((a) => !a.is_enabled)).toBe(true);
    expect(await assetsOf(A, '?platform_user_ids=999')).toEqual([]);
    expect((await assetsOf(A, `?platform_user_ids=${eur.asset_users[0].platform_user_id}`)).length).toBe(items.length);
  });

  it('the last enabled page cannot be switched off (error.connect.facebook.page_required); an asset without permission cannot be switched on', async () => {
    const pages = (await assetsOf(A)).filter((a) => a.key === 'facebook.profile' && a.valid);
    const off = await call('PUT', `${C}/assets/${pages[0].id}`, A, { enabled: false });
    expect(off.status).toBe(200);
    expect((off.body as MetaAsset).is_enabled).toBe(false);
    const last = await call('PUT', `${C}/assets/${pages[1].id}`, A, { enabled: false });
    expect(last.status).toBe(422);
    expect((await errorOf(last.res)).error_code).toBe('error.connect.facebook.page_required');
    expect((await assetsOf(A)).find((a) => a.id === pages[1].id)!.is_enabled).toBe(true);
    // another asset class has no such rule
    const pixel = (await assetsOf(A)).find((a) => a.key === 'facebook.pixel' && a.is_enabled)!;
    expect((await call('PUT', `${C}/assets/${pixel.id}`, A, { enabled: false })).status).toBe(200);
    const archive = (await assetsOf(A)).find((a) => !a.valid && a.key === 'facebook.profile')!;
    const on = await call('PUT', `${C}/assets/${archive.id}`, A, { enabled: true });
    expect(on.status).toBe(403);
    expect((await errorOf(on.res)).error_code).toBe('error.connect.facebook.missing_permissions');
    expect((await call('PUT', `${C}/assets/${pages[0].id}`, A, { enabled: true })).status).toBe(200);
  });

  it('others see only enabled assets and cannot toggle them (owners only)', async () => {
    const mine = await assetsOf(A);
    const theirs = await assetsOf(M1001);
    expect(theirs.length).toBeLessThan(mine.length);
    expect(theirs.every((a) => a.is_enabled && !a.owned)).toBe(true);
    const r = await call('PUT', `${C}/assets/${theirs[0].id}`, M1001, { enabled: false });
    expect(r.status).toBe(403);
    expect((await errorOf(r.res)).error_code).toBe('error.connect.facebook.not_owner');
    const hidden = mine.find((a) => !a.is_enabled)!;
    expect((await call('PUT', `${C}/assets/${hidden.id}`, M1001, { enabled: true })).status).toBe(404);
  });

  it('bad input is a 400 in the §3 format', async () => {
    const id = (await assetsOf(A))[0].id;
    for (const [method, path, json] of [
      ['PUT', `${C}/assets/not-a-uuid`, { enabled: true }],
      ['PUT', `${C}/assets/${id}`, { enabled: 'yes' }],
      ['PUT', `${C}/assets/${id}`, {}],
      ['POST', `${C}/authorize`, { code: 'x' }],
      ['POST', `${C}/authorize`, { code: 'x', redirect_uri: 'not a url', state: 's' }],
      ['POST', `${C}/assets/enrich`, { assets: [] }],
      ['POST', `${C}/assets/enrich`, { assets: [{ asset_id: 'abc', asset_class: 'profile', platform: 'facebook' }] }],
      ['DELETE', `${C}/token`, { token_type: 'ROBOT', platform_user_id: '1' }],
      ['POST', `${C}/token`, { access_token: '' }],
      ['GET', `${C}/token-status/123`, undefined],
    ] as const) {
      const r = await call(method, path, A, json);
      expect(r.status, `${method} ${path}`).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
  });

  it("another partner's asset, connection and task ids are 404", async () => {
    const asset = (await assetsOf(A))[0];
    const conn = ((await call('GET', `${C}/status`, A)).body as ConnectStatus).connections[0];
    expect((await call('PUT', `${C}/assets/${asset.id}`, P, { enabled: false })).status).toBe(404);
    expect((await call('GET', `${C}/token-status/${conn.id}`, P)).status).toBe(404);
    expect((await call('DELETE', `${C}/token`, P, { token_type: 'USER', platform_user_id: conn.platform_user_id })).status).toBe(404);
    expect(await assetsOf(P)).toEqual([]);
    const status = (await call('GET', `${C}/status`, A)).body as ConnectStatus;
    const started = await call('POST', `${C}/authorize`, A, { code: sandboxAuthorizationCode('1001'), redirect_uri: status.login.redirect_uri, state: status.login.state });
    const task = await call('GET', `/api/v3/tasks/${started.body.task_id}`, P);
    expect(task.status).toBe(404);
    await drain();
  });

  it('a missing settings permission is 403 on every connect call', async () => {
    const who: Who = { token: analyst };
    for (const [method, path, json] of [
      ['GET', `${C}/status`, undefined],
      ['GET', `${C}/assets`, undefined],
      ['POST', `${C}/assets`, {}],
      ['POST', `${C}/authorize`, { code: 'x', redirect_uri: 'http://localhost/fb-callback', state: 's' }],
      ['POST', `${C}/token`, { access_token: 'something-long' }],
      ['DELETE', `${C}/token`, { token_type: 'USER', platform_user_id: '1' }],
      ['POST', '/api/v3/auth/anonymous/authorize', {}],
    ] as const) {
      const r = await call(method, path, who, json);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(r.res)).error_code).toBe('error.auth.forbidden');
    }
    expect((await call('GET', `${C}/status`, {})).status).toBe(401);
  });

  it("refuses a state that is forged, another user's or another partner's, and a foreign redirect_uri", async () => {
    const mine = ((await call('GET', `${C}/status`, A)).body as ConnectStatus).login;
    const otherUser = ((await call('GET', `${C}/status`, M1001)).body as ConnectStatus).login;
    const otherPartner = ((await call('GET', `${C}/status`, P)).body as ConnectStatus).login;
    const code = sandboxAuthorizationCode('1001');
    for (const state of [`${mine.state}x`, otherUser.state, otherPartner.state, 'plain']) {
      const r = await call('POST', `${C}/authorize`, A, { code, redirect_uri: mine.redirect_uri, state });
      expect(r.status).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.connect.facebook.invalid_state');
    }
    const r = await call('POST', `${C}/authorize`, A, { code, redirect_uri: 'https://evil.example/fb-callback', state: mine.state });
    expect(r.status).toBe(422);
    expect((await errorOf(r.res)).error_code).toBe('error.connect.facebook.invalid_request');
    // a state is good for 30 minutes (the console session itself would end first, so asked directly)
    expect(readOAuthState(mine.state, new Date(nowMs() + 29 * 60 * 1000))).toMatchObject({ partnerId: 1001 });
    expect(readOAuthState(mine.state, new Date(nowMs() + 31 * 60 * 1000))).toBeNull();
  });

  it('a code Meta refuses fails the task with error.connect.facebook.invalid_token', async () => {
    const task = await connectViaPopup(A, 1001, 'not-a-code');
    expect(task.status).toBe('FAILURE');
    expect(task.result).toMatchObject({ error_code: 'error.connect.facebook.invalid_token' });
  });

  it('enrich tells usable, unpermitted and unknown assets apart', async () => {
    const items = await assetsOf(A);
    const eur = items.find((a) => a.asset_label === 'Sandbox ads EUR')!;
    const archive = items.find((a) => a.asset_label.startsWith('Archive page'))!;
    const r = await call('POST', `${C}/assets/enrich`, A, {
      assets: [
        { id: eur.id, asset_id: eur.asset_id, asset_class: 'ad_account', platform: 'facebook' },
        { asset_id: archive.asset_id, asset_class: 'profile', platform: 'facebook' },
        { asset_id: '123456', asset_class: 'profile', platform: 'facebook' },
        { asset_id: '123456', asset_class: 'ad_account', platform: 'facebook' },
      ],
    });
    expect(r.status).toBe(200);
    const [ok, noPerm, noPage, noAccount] = r.body.items;
    expect(ok).toMatchObject({ valid: true, currency: 'EUR', error_code: null, id: eur.id });
    expect(noPerm).toMatchObject({ valid: false, error_code: 'error.connect.facebook.missing_permissions' });
    expect(noPage).toMatchObject({ valid: false, error_code: 'error.connect.facebook.page_not_found' });
    expect(noAccount).toMatchObject({ valid: false, error_code: 'error.connect.facebook.ad_account_not_found' });
  });

  it('an expired token asks the owner to log in again (invalid_token) and refreshes nothing', async () => {
    const conn = ((await call('GET', `${C}/status`, A)).body as ConnectStatus).connections[0];
    const fresh = (await call('GET', `${C}/token-status/${conn.id}`, A)).body as TokenStatus;
    expect(fresh).toMatchObject({ valid: true, error_code: null, username: 'Sandbox User' });
    // 60 days later (the console session would not live that long, so the expiry is moved instead)
    await t.db.execute(sql`UPDATE meta_connections SET expires_at = now() - interval '1 minute' WHERE id = ${conn.id}`);
    const expired = (await call('GET', `${C}/token-status/${conn.id}`, A)).body as TokenStatus;
    expect(expired).toMatchObject({ valid: false, error_code: 'error.connect.facebook.invalid_token' });
    expect(((await call('GET', `${C}/status`, A)).body as ConnectStatus).connections[0].status).toBe('expired');
    const refresh = await call('POST', `${C}/assets`, A, {});
    expect(refresh.status).toBe(403);
    expect((await errorOf(refresh.res)).error_code).toBe('error.connect.facebook.invalid_token');
    // a new login replaces the token
    expect((await connectViaPopup(A, 1001)).status).toBe('SUCCESS');
    expect(((await call('POST', `${C}/assets`, A, {})).status)).toBe(200);
  });

  it('a system token is checked with Meta, stored and listed next to the user token', async () => {
    const bad = await call('POST', `${C}/token`, A, { access_token: 'definitely-not-a-token' });
    expect(bad.status).toBe(403);
    expect((await errorOf(bad.res)).error_code).toBe('error.connect.facebook.invalid_token');
    const ok = await call('POST', `${C}/token`, A, { access_token: sandboxToken('1001', new Date(nowMs())) });
    expect(ok.status).toBe(200);
    expect((ok.body as ExchangeResult).connection).toMatchObject({ token_type: 'SYSTEM', expires_at: null });
    expect(((await call('GET', `${C}/status`, A)).body as ConnectStatus).partner_connection_type).toBe('USER_AND_SYSTEM');
    expect(JSON.stringify(ok.body)).not.toContain('sbx-');
  });

  it('DELETE /token forgets a token; its assets stay listed inactive', async () => {
    const sys = ((await call('GET', `${C}/status`, A)).body as ConnectStatus).connections.find((c) => c.token_type === 'SYSTEM')!;
    const del = await call('DELETE', `${C}/token`, A, { token_type: 'SYSTEM', platform_user_id: sys.platform_user_id });
    expect(del.status).toBe(204);
    expect((await call('DELETE', `${C}/token`, A, { token_type: 'SYSTEM', platform_user_id: sys.platform_user_id })).status).toBe(404);
    const user = ((await call('GET', `${C}/status`, A)).body as ConnectStatus).connections[0];
    expect((await call('DELETE', `${C}/token`, A, { token_type: 'USER', platform_user_id: user.platform_user_id })).status).toBe(204);
    expect(((await call('GET', `${C}/status`, A)).body as ConnectStatus).partner_connection_type).toBe('NONE');
    const left = await assetsOf(A);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((a) => !a.is_active && a.asset_users.length === 0)).toBe(true);
  });
});

describe('shared links: the anonymous session (X-Auth-Code)', () => {
  let link: { code: string; url: string; expires_at: string };
  let anonToken: string;
  const anon = (): Who => ({ headers: { 'X-Auth-Code': anonToken } });

  it('a partner user makes a one-time link; its code turns into a session once', async () => {
    await resetPartner(1001);
    const made = await call('POST', '/api/v3/auth/anonymous/authorize', A, {});
    expect(made.status).toBe(201);
    link = made.body;
    expect(link.url).toBe(`/de/meta-anonymous?code=${encodeURIComponent(link.code)}`);
    const stored = await rows<{ token_hash: string }>(t.db, sql`SELECT token_hash FROM meta_access_grants WHERE kind = 'anonymous_code'`);
    expect(stored.map((s) => s.token_hash)).not.toContain(link.code);
    const r = await call('POST', `/api/v3/auth/anonymous/token?code=${encodeURIComponent(link.code)}`, {});
    expect(r.status).toBe(200);
    expect(r.body.partner_id).toBe(1001);
    anonToken = r.body.access_token;
    const again = await call('POST', `/api/v3/auth/anonymous/token?code=${encodeURIComponent(link.code)}`, {});
    expect(again.status).toBe(401);
    expect((await errorOf(again.res)).error_code).toBe('error.auth.invalidAuthCode');
    expect((await call('POST', '/api/v3/auth/anonymous/token?code=made-up', {})).status).toBe(401);
    expect((await call('POST', '/api/v3/auth/anonymous/token', {})).status).toBe(400);
  });

  it('an expired link is refused', async () => {
    const made = (await call('POST', '/api/v3/auth/anonymous/authorize', A, {})).body;
    setClock(() => Date.now() + 8 * 24 * 3600 * 1000);
    const r = await call('POST', `/api/v3/auth/anonymous/token?code=${encodeURIComponent(made.code)}`, {});
    expect(r.status).toBe(401);
    expect((await errorOf(r.res)).error_code).toBe('error.auth.invalidAuthCode');
  });

  it('connects assets to the partner through the popup, owns them and toggles them', async () => {
    const status = (await call('GET', `${C}/status`, anon())).body as ConnectStatus;
    expect(status.identity).toBe('anonymous');
    const task = await connectViaPopup(anon(), 1001);
    expect(task.status).toBe('SUCCESS');
    const items = await assetsOf(anon());
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.owned)).toBe(true);
    const pixel = items.find((a) => a.key === 'facebook.pixel' && a.is_enabled)!;
    expect((await call('PUT', `${C}/assets/${pixel.id}`, anon(), { enabled: false })).status).toBe(200);
    // the partner's users see what the owner enabled, and cannot toggle it
    const seen = await assetsOf(A);
    expect(seen.every((a) => a.is_enabled && !a.owned)).toBe(true);
    expect(seen.find((a) => a.id === pixel.id)).toBeUndefined();
  });

  it('can call nothing else: every other route answers 403 error.auth.tokenScope', async () => {
    for (const [method, path, json] of [
      ['GET', '/api/v3/profile', undefined],
      ['GET', '/api/v3/events/', undefined],
      ['GET', '/api/v3/notifications', undefined],
      ['POST', '/api/v3/auth/anonymous/authorize', {}],
      ['POST', `${C}/assets`, {}],
      ['POST', `${C}/token`, { access_token: 'something-long' }],
      ['DELETE', `${C}/token`, { token_type: 'USER', platform_user_id: '1' }],
      ['GET', '/api/campaign/events/1/campaigns', undefined],
      ['PUT', '/api/v3/profile', { given_name: 'x' }],
    ] as const) {
      const r = await call(method, path, anon(), json);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(r.res)).error_code).toBe('error.auth.tokenScope');
    }
    // a signed-in browser sending the header acts as the link, not as its user
    const both = await call('GET', '/api/v3/profile', { token: undefined, headers: { 'X-Auth-Code': anonToken, cookie: 'encore_session=whatever' } });
    expect(both.status).toBe(403);
  });

  it("sees only its own exchange tasks, not the partner's others", async () => {
    const status = (await call('GET', `${C}/status`, A)).body as ConnectStatus;
    const started = await call('POST', `${C}/authorize`, A, { code: sandboxAuthorizationCode('1001'), redirect_uri: status.login.redirect_uri, state: status.login.state });
    expect((await call('GET', `/api/v3/tasks/${started.body.task_id}`, anon())).status).toBe(404);
    await drain();
  });

  it('an unknown or expired session token is 401', async () => {
    const r = await call('GET', `${C}/status`, { headers: { 'X-Auth-Code': 'nope' } });
    expect(r.status).toBe(401);
    expect((await errorOf(r.res)).error_code).toBe('error.auth.invalidAuthToken');
    setClock(() => Date.now() + 3 * 3600 * 1000);
    expect((await call('GET', `${C}/status`, anon())).status).toBe(401);
  });
});

describe('partner tokens (X-Partner-Token, /{language}/meta)', () => {
  const back = 'https://ticketing.example/return';
  let partnerToken: string;
  const vendor = (): Who => ({ headers: { 'X-Partner-Token': partnerToken } });

  it('a vendor code works once and only with its redirect_uri', async () => {
    const made = await call('POST', '/api/v3/auth/anonymous/authorize', P, { kind: 'vendor', redirect_uri: back });
    expect(made.status).toBe(201);
    expect(made.body.url).toContain('/en/meta?code=');
    expect((await call('POST', '/api/v3/auth/anonymous/authorize', P, { kind: 'vendor' })).status).toBe(400);
    const q = (code: string, uri: string) => `/api/v3/vendor/partners/tokens?code=${encodeURIComponent(code)}&redirect_uri=${encodeURIComponent(uri)}`;
    const wrong = await call('POST', q(made.body.code, 'https://evil.example/'), {});
    expect(wrong.status).toBe(401);
    // an anonymous code is no vendor code and the other way round
    expect((await call('POST', `/api/v3/auth/anonymous/token?code=${encodeURIComponent(made.body.code)}`, {})).status).toBe(401);
    const ok = await call('POST', q(made.body.code, back), {});
    expect(ok.status).toBe(200);
    expect(ok.body.partner_id).toBe(1002);
    partnerToken = ok.body.access_token;
    expect((await call('POST', q(made.body.code, back), {})).status).toBe(401);
    expect((await call('POST', '/api/v3/vendor/partners/tokens?code=x', {})).status).toBe(400);
  });

  it('connects, refreshes and disconnects for its partner, and nothing else', async () => {
    await resetPartner(1002);
    expect(((await call('GET', `${C}/status`, vendor())).body as ConnectStatus).identity).toBe('partner');
    expect((await connectViaPopup(vendor(), 1002)).status).toBe('SUCCESS');
    expect((await call('POST', `${C}/assets`, vendor(), {})).status).toBe(200);
    const theirs = new Set((await assetsOf(vendor())).map((a) => a.id));
    expect(theirs.size).toBeGreaterThan(0);
    expect((await assetsOf(A)).some((a) => theirs.has(a.id))).toBe(false);
    for (const [method, path] of [
      ['GET', '/api/v3/profile'],
      ['GET', '/api/v3/events/'],
      ['POST', '/api/v3/auth/anonymous/authorize'],
    ] as const) {
      const r = await call(method, path, vendor(), method === 'POST' ? {} : undefined);
      expect(r.status).toBe(403);
      expect((await errorOf(r.res)).error_code).toBe('error.auth.tokenScope');
    }
    const conn = ((await call('GET', `${C}/status`, vendor())).body as ConnectStatus).connections[0];
    expect((await call('DELETE', `${C}/token`, vendor(), { token_type: 'USER', platform_user_id: conn.platform_user_id })).status).toBe(204);
  });

  it('a bearer token wins over the header (the browser sends one identity)', async () => {
    const r = await call('GET', '/api/v3/profile', { token: admin, headers: { 'X-Partner-Token': partnerToken } });
    expect(r.status).toBe(200);
  });
});
