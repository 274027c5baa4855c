// The sandbox system user (docs/SANDBOX-META.md): in the sandbox the system-token card connects
// the partner's sandbox system user without a pasted token; it is deterministic per partner, does
// not expire, reaches the sandbox assets, and outside the sandbox the call is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { FAKE_APP, startFakeGraph } from '../helpers/fake-graph';
import type { AssetList, ConnectStatus, ExchangeResult } from '../../src/lib/contracts/meta-connect';

const C = '/api/v3/integrations/connect/facebook';
let t: TestDb;
let api: ReturnType<typeof apiClient>;
let prisma: string; // 1002
let admin: string; // 1001

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  prisma = (await api.signIn('prisma@encore.demo')).token;
  admin = (await api.signIn('admin@encore.demo')).token;
}, 240_000);
afterAll(async () => {
  setAdPlatform();
  await t.close();
});

async function call(method: string, path: string, token: string, json?: unknown) {
  const res = await api.request(path, { method, token, json });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const useSandboxUser = (token: string) => call('POST', `${C}/token`, token, { sandbox_system_user: true });

describe('the sandbox system user', () => {
  it('connects a SYSTEM connection that does not expire, under its own id and name, with the sandbox assets', async () => {
    await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id IN (1001, 1002)`);
    const r = await useSandboxUser(prisma);
    expect(r.status).toBe(200);
    const result = r.body as ExchangeResult;
    expect(result.connection).toMatchObject({ token_type: 'SYSTEM', username: 'Sandbox System User', expires_at: null, status: 'valid', owned: true });
    expect(result.assets).toBeGreaterThan(0);
    const status = (await call('GET', `${C}/status`, prisma)).body as ConnectStatus;
    expect(status.partner_connection_type).toBe('SYSTEM');
    const items = ((await call('GET', `${C}/assets`, prisma)).body as AssetList).items;
    expect(items.length).toBe(result.assets);
    expect(items.every((a) => a.asset_users.every((u) => u.token_type === 'SYSTEM'))).toBe(true);
    // the token is stored sealed and checks as valid with the sandbox
    const [stored] = await rows<{ sealed_token: string }>(t.db, sql`SELECT sealed_token FROM meta_connections WHERE partner_id = 1002 AND token_type = 'SYSTEM'`);
    expect(stored!.sealed_token).not.toContain('sbx-');
    const check = await call('GET', `${C}/token-status/${result.connection.id}`, prisma);
    expect(check.body).toMatchObject({ valid: true, token_type: 'SYSTEM' });
  });

  it('is deterministic: again it renews the same connection; another partner gets its own user id', async () => {
    const first = (await useSandboxUser(prisma)).body as ExchangeResult;
    const again = (await useSandboxUser(prisma)).body as ExchangeResult;
    expect(again.connection.id).toBe(first.connection.id);
    expect(again.connection.platform_user_id).toBe(first.connection.platform_user_id);
    const other = (await useSandboxUser(admin)).body as ExchangeResult;
    expect(other.connection.platform_user_id).not.toBe(first.connection.platform_user_id);
    // a system user differs from the partner's sandbox (person) user
    const sandboxUser = (await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM meta_connections WHERE partner_id = 1002 AND platform_user_id = ${first.connection.platform_user_id}`))[0]!.n;
    expect(sandboxUser).toBe(1);
  });

  it('a body with both or neither field is a 400', async () => {
    for (const json of [{}, { sandbox_system_user: false }, { sandbox_system_user: true, access_token: 'abcdefghij' }]) {
      const r = await call('POST', `${C}/token`, prisma, json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
  });

  it('outside the sandbox there is no sandbox system user', async () => {
    const fake = await startFakeGraph();
    try {
      setAdPlatform(new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 1500 }));
      const before = fake.requests.length;
      const r = await useSandboxUser(prisma);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect((await errorOf(r.res)).error_code).toBe('error.connect.facebook.invalid_request');
      expect(fake.requests.length).toBe(before);
    } finally {
      setAdPlatform();
      await fake.close();
    }
  });
});
