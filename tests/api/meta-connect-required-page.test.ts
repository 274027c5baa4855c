// The required-page rule of spec 1 §4.5 ("at least one page is required") under concurrency and
// with pages no live login reaches any more. The race only exists on a PostgreSQL server (PGlite
// runs one statement at a time), so run this with TEST_DATABASE_URL too, as `npm test` does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { sandboxAuthorizationCode } from '../../src/server/adapters/meta';
import type { AssetList, ConnectStatus, MetaAsset } from '../../src/lib/contracts/meta-connect';

const C = '/api/v3/integrations/connect/facebook';
let t: TestDb;
let api: ReturnType<typeof apiClient>;
let token: string; // prisma@encore.demo, partner 1002

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  token = (await api.signIn('prisma@encore.demo')).token;
}, 240_000);
afterAll(() => t.close());

async function call(method: string, path: string, json?: unknown) {
  const res = await api.request(path, { method, token, json });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const pagesOf = async () => ((await call('GET', `${C}/assets`)).body as AssetList).items.filter((a) => a.key === 'facebook.profile');
const enabledPageCount = async () => (await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM meta_assets WHERE partner_id = 1002 AND key = 'facebook.profile' AND is_enabled`))[0]!.n;

/** A fresh sandbox connection of partner 1002 with its two permitted pages enabled. */
beforeEach(async () => {
  await t.db.execute(sql`DELETE FROM meta_connections WHERE partner_id = 1002`);
  await t.db.execute(sql`DELETE FROM meta_assets WHERE partner_id = 1002`);
  const s = (await call('GET', `${C}/status`)).body as ConnectStatus;
  const started = await call('POST', `${C}/authorize`, { code: sandboxAuthorizationCode('1002'), redirect_uri: s.login.redirect_uri, state: s.login.state });
  expect(started.status).toBe(202);
  while (await runOnce(t.db, 'required-page-test')) {
    /* until the queue is empty */
  }
  const usable = (await pagesOf()).filter((p) => p.valid);
  expect(usable.length).toBe(2);
  expect(usable.every((p) => p.is_enabled)).toBe(true);
});

describe('the last reachable page stays on', () => {
  it('two requests switching off the last two pages at the same moment: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = (await pagesOf()).filter((p) => p.valid);
      const answers = await Promise.all([call('PUT', `${C}/assets/${a!.id}`, { enabled: false }), call('PUT', `${C}/assets/${b!.id}`, { enabled: false })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      const refused = answers.find((r) => r.status === 422)!;
      expect((await errorOf(refused.res)).error_code).toBe('error.connect.facebook.page_required');
      expect(await enabledPageCount()).toBe(1);
      // both on again for the next round
      const off = (await pagesOf()).find((p) => p.valid && !p.is_enabled)!;
      expect((await call('PUT', `${C}/assets/${off.id}`, { enabled: true })).status).toBe(200);
    }
  });

  it('an enabled page whose permission Meta withdrew does not count as the other page; it can itself be switched off', async () => {
    const [keep, lost] = (await pagesOf()).filter((p) => p.valid) as [MetaAsset, MetaAsset];
    await t.db.execute(sql`UPDATE meta_asset_users SET permitted = false WHERE partner_id = 1002 AND asset_row_id = ${lost.id}`);
    const refused = await call('PUT', `${C}/assets/${keep.id}`, { enabled: false });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused.res)).error_code).toBe('error.connect.facebook.page_required');
    expect((await call('PUT', `${C}/assets/${lost.id}`, { enabled: false })).status).toBe(200);
    expect((await pagesOf()).find((p) => p.id === keep.id)!.is_enabled).toBe(true);
  });

  it('an enabled page reached only by an expired or revoked connection does not count', async () => {
    const [keep, other] = (await pagesOf()).filter((p) => p.valid) as [MetaAsset, MetaAsset];
    // The other page is reached only by a second login whose token has expired.
    const [expired] = await rows<{ id: string }>(
      t.db,
      sql`INSERT INTO meta_connections (partner_id, token_type, platform_user_id, platform_user_name, sealed_token, expires_at, owner_actor)
          SELECT 1002, 'USER', '999000111', 'Former colleague', sealed_token, now() - interval '1 day', owner_actor FROM meta_connections WHERE partner_id = 1002 LIMIT 1
          RETURNING id`,
    );
    await t.db.execute(sql`DELETE FROM meta_asset_users WHERE partner_id = 1002 AND asset_row_id = ${other.id}`);
    await t.db.execute(sql`INSERT INTO meta_asset_users (asset_row_id, connection_id, partner_id, permitted) VALUES (${other.id}, ${expired!.id}, 1002, true)`);
    expect((await call('PUT', `${C}/assets/${keep.id}`, { enabled: false })).status).toBe(422);
    // revived, it counts again
    await t.db.execute(sql`UPDATE meta_connections SET expires_at = now() + interval '30 days' WHERE id = ${expired!.id}`);
    expect((await call('PUT', `${C}/assets/${keep.id}`, { enabled: false })).status).toBe(200);
    expect((await call('PUT', `${C}/assets/${keep.id}`, { enabled: true })).status).toBe(200);
    // revoked (Meta refused the token): no longer counts
    await t.db.execute(sql`UPDATE meta_connections SET status = 'invalid' WHERE id = ${expired!.id}`);
    expect((await call('PUT', `${C}/assets/${keep.id}`, { enabled: false })).status).toBe(422);
  });
});
