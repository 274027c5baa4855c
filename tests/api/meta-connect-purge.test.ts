// The daily purge of expired shared-link codes and scoped tokens: queued by the daily maintenance
// like the session and upload purges, run by the worker, deleting only grants a day past expiry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { setClock } from '../../src/server/lib/clock';
import { scheduleDailyMaintenance } from '../../src/server/modules/tasks/maintenance';
import { createGrantCode, redeemGrantCode, CODE_TTL_MS, TOKEN_TTL_MS } from '../../src/server/modules/meta-connect';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seeded: true });
}, 240_000);
afterAll(() => t.close());
afterEach(() => setClock());

const DAY = 24 * 3600 * 1000;
const kinds = async () => (await rows<{ kind: string }>(t.db, sql`SELECT kind FROM meta_access_grants ORDER BY kind`)).map((r) => r.kind);

describe('purging expired meta access grants', () => {
  it('the daily maintenance queues the purge; the worker deletes grants a day past expiry and keeps the rest', async () => {
    await t.db.execute(sql`DELETE FROM meta_access_grants`);
    const t0 = new Date('2030-06-01T08:00:00Z');
    // A vendor code spent at once (its partner token lives TOKEN_TTL_MS), and an unused shared link (a week).
    const vendor = await createGrantCode(t.db, { partnerId: 1002, userId: null, kind: 'vendor', redirectUri: 'https://partner.example/back', now: t0 });
    await redeemGrantCode(t.db, { code: vendor.code, kind: 'vendor', redirectUri: 'https://partner.example/back', now: t0 });
    await createGrantCode(t.db, { partnerId: 1001, userId: null, kind: 'anonymous', now: t0 });
    expect(await kinds()).toEqual(['anonymous_code', 'partner_token', 'vendor_code']);

    // The next day but one: vendor code and partner token are more than a day past expiry, the link is not.
    const later = t0.getTime() + Math.max(CODE_TTL_MS.vendor, TOKEN_TTL_MS) + DAY + 60_000;
    expect(later).toBeLessThan(t0.getTime() + CODE_TTL_MS.anonymous);
    setClock(() => later);
    const queued = await scheduleDailyMaintenance(t.db, later);
    expect(queued).toContain('maintenance.purge_meta_grants');
    while (await runOnce(t.db, 'purge-test')) {
      /* until the queue is empty */
    }
    const [task] = await rows<{ status: string; result: { deleted: number } }>(
      t.db,
      sql`SELECT status, result FROM tasks WHERE kind = 'maintenance.purge_meta_grants' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(task).toMatchObject({ status: 'SUCCESS', result: { deleted: 2 } });
    expect(await kinds()).toEqual(['anonymous_code']);

    // Queued once a day: asking again the same day queues nothing.
    expect(await scheduleDailyMaintenance(t.db, later + 3600_000)).not.toContain('maintenance.purge_meta_grants');

    // A day after the link's expiry it goes too.
    const afterLink = t0.getTime() + CODE_TTL_MS.anonymous + DAY + 60_000;
    setClock(() => afterLink);
    expect(await scheduleDailyMaintenance(t.db, afterLink)).toContain('maintenance.purge_meta_grants');
    while (await runOnce(t.db, 'purge-test')) {
      /* until the queue is empty */
    }
    expect(await kinds()).toEqual([]);
  });
});
