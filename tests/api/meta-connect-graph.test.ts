// The code exchange of the Meta connect flow (spec 1 §4.5, spec 2 §4 "Meta authorization")
// through the real Graph API client against the fake Graph server (tests/helpers/fake-graph.ts),
// which checks every request against Meta's documented shape: a good code becomes a long-lived
// token stored sealed and the assets it reaches are synced; Meta's errors during the exchange
// fail the task with the spec 2 §8 codes, never the raw Graph answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { FAKE_APP, GOOD_CODE, TOKENS, startFakeGraph, type FakeGraph } from '../helpers/fake-graph';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { openMetaToken, setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import type { AssetList, ConnectStatus, ExchangeResult } from '../../src/lib/contracts/meta-connect';

const C = '/api/v3/integrations/connect/facebook';
let t: TestDb;
let api: ReturnType<typeof apiClient>;
let token: string; // prisma@encore.demo, partner 1002, settings permission
let fake: FakeGraph;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  token = (await api.signIn('prisma@encore.demo')).token;
  fake = await startFakeGraph();
  setAdPlatform(new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 1500 }));
}, 240_000);
afterAll(async () => {
  setAdPlatform();
  await fake.close();
  await t.close();
});
afterEach(() => {
  // Every request the client made must have had Meta's documented shape.
  expect(fake.problems).toEqual([]);
  fake.problems.length = 0;
});

async function call(method: string, path: string, json?: unknown) {
  const res = await api.request(path, { method, token, json });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
}

async function reset() {
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = 1002`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = 1002`);
}

/** The popup's part done by hand: the code Meta returned, with the state of GET /status; then the worker. */
async function exchange(code: string) {
  const status = (await call('GET', `${C}/status`)).body as ConnectStatus;
  const started = await call('POST', `${C}/authorize`, { code, redirect_uri: status.login.redirect_uri, state: status.login.state });
  expect(started.status).toBe(202);
  while (await runOnce(t.db, 'meta-connect-graph-test')) {
    /* until the queue is empty */
  }
  const task = await call('GET', `/api/v3/tasks/${started.body.task_id}`);
  expect(task.status).toBe(200);
  return task.body as { status: string; result: (ExchangeResult & { error_code?: string; message?: string }) | null };
}

describe('the code exchange through the Graph client', () => {
  it('the login URL is Meta’s dialog with the app id, our callback and the signed state', async () => {
    const s = (await call('GET', `${C}/status`)).body as ConnectStatus;
    expect(s.sandbox).toBe(false);
    const url = new URL(s.login.url);
    expect(url.origin).toBe('https://www.facebook.com');
    expect(url.searchParams.get('client_id')).toBe(FAKE_APP.appId);
    expect(url.searchParams.get('state')).toBe(s.login.state);
    expect(url.searchParams.get('redirect_uri')).toBe(s.login.redirect_uri);
  });

  it('a good code becomes a long-lived token, stored sealed, and the assets it reaches are synced', async () => {
    await reset();
    const before = fake.requests.length;
    const task = await exchange(GOOD_CODE);
    expect(task.status).toBe('SUCCESS');
    expect(task.result!.connection).toMatchObject({ token_type: 'USER', platform_user_id: '10001', username: 'Sandra Sample', status: 'valid', owned: true });
    expect(task.result!.assets).toBeGreaterThan(0);
    // Code → short-lived token → long-lived token: both OAuth calls went to Meta, in that order.
    const oauth = fake.requests.slice(before).filter((r) => r.path === 'oauth/access_token');
    expect(oauth.map((r) => (r.params.grant_type === 'fb_exchange_token' ? r.params.fb_exchange_token : r.params.code))).toEqual([GOOD_CODE, TOKENS.short]);
    const stored = await rows<{ sealed_token: string; platform_user_id: string; expires_at: string | null }>(
      t.db,
      sql`SELECT sealed_token, platform_user_id, expires_at FROM meta_connections WHERE partner_id = 1002`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sealed_token).not.toContain(TOKENS.good);
    expect(openMetaToken(stored[0]!.sealed_token, { partnerId: '1002', platformUserId: '10001' })).toBe(TOKENS.good);
    expect(stored[0]!.expires_at).not.toBeNull();
    // The asset calls used the long-lived token.
    const assetCalls = fake.requests.slice(before).filter((r) => r.path === 'me/accounts' || r.path === 'me/adaccounts');
    expect(assetCalls.length).toBeGreaterThan(0);
    expect(new Set(assetCalls.map((r) => r.params.access_token))).toEqual(new Set([TOKENS.good]));
    const items = ((await call('GET', `${C}/assets`)).body as AssetList).items;
    const ids = (key: string) => items.filter((a) => a.key === key).map((a) => a.asset_id).sort();
    expect(ids('facebook.profile')).toEqual(['1001', '1002']);
    expect(ids('instagram.profile')).toEqual(['17841400000000001']);
    expect(ids('facebook.ad_account')).toEqual(expect.arrayContaining(['111', '222']));
    expect(items.every((a) => a.usernames.includes('Sandra Sample'))).toBe(true);
    expect(JSON.stringify([task, items])).not.toContain(TOKENS.good);
  });

  it('a code Meta does not know fails the task with a spec 2 §8 code, and stores nothing', async () => {
    await reset();
    const task = await exchange('not-the-good-code');
    expect(task.status).toBe('FAILURE');
    expect(task.result!.error_code).toMatch(/^error\.connect\.facebook\.(invalid_request|graph_api_error)$/);
    const left = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM meta_connections WHERE partner_id = 1002`);
    expect(left[0]!.n).toBe(0);
  });

  const graphError = (code: number, extra: object = {}) => ({ error: { message: 'internal detail from Meta', type: 'OAuthException', code, fbtrace_id: 'trace', ...extra } });
  const cases: { name: string; status: number; body: unknown; expected: string; step: 'code' | 'long-lived' }[] = [
    { name: 'an expired session (190)', status: 400, body: graphError(190, { error_subcode: 463 }), expected: 'error.connect.facebook.invalid_token', step: 'code' },
    { name: 'a missing permission (10)', status: 400, body: graphError(10), expected: 'error.connect.facebook.missing_permissions', step: 'long-lived' },
    { name: 'a missing permission (200)', status: 403, body: graphError(200), expected: 'error.connect.facebook.missing_permissions', step: 'code' },
    { name: 'a user rate limit (17)', status: 400, body: graphError(17), expected: 'error.connect.facebook.rate_limit', step: 'long-lived' },
    { name: 'an ads rate limit (80004)', status: 400, body: graphError(80004), expected: 'error.connect.facebook.rate_limit', step: 'code' },
    { name: 'a 500 without a Graph body', status: 500, body: 'Internal Server Error', expected: 'error.connect.facebook.api_error', step: 'code' },
    { name: 'a 503 at the long-lived exchange', status: 503, body: '<html>Service Unavailable</html>', expected: 'error.connect.facebook.api_error', step: 'long-lived' },
  ];

  for (const c of cases) {
    it(`${c.name} during the ${c.step} exchange fails the task with ${c.expected}; no token is stored and Meta's text stays out`, async () => {
      await reset();
      if (c.step === 'code') {
        fake.failNext(/^oauth\/access_token$/, c.status, c.body);
      } else {
        // Let the code exchange pass and fail the second OAuth call (short- → long-lived).
        const realFirst = { access_token: TOKENS.short, token_type: 'bearer', expires_in: 5400 };
        fake.failNext(/^oauth\/access_token$/, 200, realFirst);
        fake.failNext(/^oauth\/access_token$/, c.status, c.body);
      }
      const task = await exchange(GOOD_CODE);
      expect(task.status).toBe('FAILURE');
      expect(task.result).toMatchObject({ error_code: c.expected });
      expect(JSON.stringify(task.result)).not.toMatch(/internal detail|Service Unavailable|trace/);
      const left = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM meta_connections WHERE partner_id = 1002`);
      expect(left[0]!.n).toBe(0);
    });
  }
});
