// The package builder's demo mode on the seeded demo (spec 3 §2/§6; docs/PACKAGE-BUILDER.md "Demo
// mode"): trial@encore.demo (partner 1002, whose package-builder flag is off) has the package builder
// in demo mode through its own user flags. It sees the fixed sample package only, never a real
// package (its partner's or another's); building, regenerating and merging are refused with
// error.packages.demo_mode and every export of the sample (CSV, CRM, CRM preview) with
// error.packages.demo_export_disabled, in the ARCHITECTURE §3 error body; bad input stays a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { createPackage } from '../../src/server/modules/packages';
import { DEMO_PACKAGE_ID, Package, PackageList } from '../../src/lib/contracts/packages';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let trial: string; // partner 1002, backhaul; user flags package-builder + package-builder.demo
let admin: string; // partner 1001, the real package builder
let prisma: string; // partner 1002, backhaul, no package-builder flag
let analyst: string; // partner 1001, no backhaul
let events1002: string[];
let package1002: number; // a real package of the trial account's own partner
let package1001: number; // a seeded package of another partner

const P = '/api/v3/package_builder/packages';
const SECRET = '00000000-0000-4000-8000-000000000000';
const crmPath = (q: Record<string, string> = {}) =>
  `/api/v3/crm/export/package?${new URLSearchParams({ crm_name: 'hubspot', secret_id: SECRET, container_name: 'Demo list', ...q }).toString()}`;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  trial = (await api.signIn('trial@encore.demo')).token;
  admin = (await api.signIn('admin@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  events1002 = (
    await rows<{ id: string }>(t.db, sql`
      SELECT id FROM events WHERE partner_id = 1002 AND start_date_time > now() + interval '2 days' AND frontend_status IN ('DEFAULT', 'FLAGGED')
      ORDER BY start_date_time LIMIT 4`)
  ).map((r) => r.id);
  package1002 = (await createPackage(t.db, { partnerId: 1002, userId: null, language: 'en' }, { event_ids: events1002, targeting_mode: 'selective_mode', num_packages: 3, n_top_events: 3, filters: { exclude_ticket_categories: ['free'] } })).id;
  while (await runOnce(t.db, 'packages-demo-test')) {
    /* until the queue is empty */
  }
  package1001 = (await rows<{ id: number }>(t.db, sql`SELECT id FROM packages WHERE partner_id = 1001 ORDER BY id LIMIT 1`))[0].id;
}, 240_000);
afterAll(() => t.close());

async function call(method: string, path: string, opts: { json?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await api.request(path, { method, token: opts.token ?? trial, json: opts.json, headers: opts.headers });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}

async function expectError(p: ReturnType<typeof call>, status: number, code: string) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const err = await errorOf(r.res);
  expect(err.error_code).toBe(code);
  return err;
}

describe('what the demo account sees', () => {
  it('lists the sample package alone, marked demo, with the reserved id', async () => {
    const r = await call('GET', `${P}/`);
    expect(r.status).toBe(200);
    const list = PackageList.parse(r.body);
    expect(list.total).toBe(1);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: DEMO_PACKAGE_ID, status: 'done', demo: true, title: 'Sample package (demo)' });
    expect(PackageList.parse((await call('GET', `${P}/?page=2`)).body).items).toEqual([]);
  });

  it('reads the sample package: three variations of invented data, no customer of anybody', async () => {
    const r = await call('GET', `${P}/${DEMO_PACKAGE_ID}`);
    expect(r.status).toBe(200);
    const pkg = Package.parse(r.body);
    expect(pkg).toMatchObject({ id: DEMO_PACKAGE_ID, demo: true, status: 'done', expires_at: null });
    expect(pkg.content!.map((v) => v.slug)).toEqual(['classical-regulars', 'family-weekends', 'jazz-discoverers']);
    const text = JSON.stringify(r.body);
    expect(text).not.toMatch(/@/);
    expect(text).not.toMatch(/C100\d-\d+/);
    for (const id of events1002) expect(text).not.toContain(id);
    // The same on the next read (fixed data).
    expect((await call('GET', `${P}/${DEMO_PACKAGE_ID}`)).body).toEqual(r.body);
  });

  it('is titled in the interface language', async () => {
    const r = await call('GET', `${P}/${DEMO_PACKAGE_ID}`, { headers: { cookie: 'i18nextLng=de' } });
    expect(Package.parse(r.body).title).toBe('Beispielpaket (Demo)');
  });

  it('never sees a real package: its own partner’s and another partner’s are 404', async () => {
    for (const id of [package1002, package1001]) await expectError(call('GET', `${P}/${id}`), 404, 'error.common.notFound');
    await expectError(call('GET', `${P}/${package1002}/anything/customer_list`), 404, 'error.common.notFound');
  });

  it('still searches its partner’s events for the wizard', async () => {
    const r = await call('GET', '/api/v3/package_builder/events?page=1');
    expect(r.status).toBe(200);
  });
});

describe('demo mode builds nothing', () => {
  it('refuses create, regenerate and merge with 403 error.packages.demo_mode', async () => {
    const err = await expectError(call('POST', P, { json: { event_ids: events1002.slice(0, 2), targeting_mode: 'selective_mode' } }), 403, 'error.packages.demo_mode');
    expect(err.message).toMatch(/demo mode/);
    await expectError(call('POST', `${P}/${DEMO_PACKAGE_ID}/regenerate`), 403, 'error.packages.demo_mode');
    await expectError(call('POST', `${P}/${package1002}/regenerate`), 403, 'error.packages.demo_mode');
    await expectError(call('POST', `${P}/merge?packages_ids=${DEMO_PACKAGE_ID}&packages_ids=${package1002}`), 403, 'error.packages.demo_mode');
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM packages WHERE partner_id = 1002`);
    expect(n).toBe(1);
  });

  it('answers bad input with 400 before demo mode', async () => {
    await expectError(call('POST', P, { json: { event_ids: [], targeting_mode: 'selective_mode' } }), 400, 'error.validation.invalid');
    await expectError(call('POST', P, { json: { event_ids: ['=cmd'], targeting_mode: 'nope' } }), 400, 'error.validation.invalid');
    await expectError(call('GET', `${P}/demo`), 400, 'error.validation.invalid');
    await expectError(call('GET', `${P}/0`), 400, 'error.validation.invalid');
    await expectError(call('POST', `${P}/merge?packages_ids=${DEMO_PACKAGE_ID}`), 400, 'error.validation.invalid');
    await expectError(call('GET', `${P}/${DEMO_PACKAGE_ID}/${'x'.repeat(301)}/customer_list`), 400, 'error.validation.invalid');
  });
});

describe('demo mode exports nothing', () => {
  it('refuses the sample’s CSV with 403 error.packages.demo_export_disabled', async () => {
    for (const slug of ['classical-regulars', 'no-such-variation']) {
      const r = await call('GET', `${P}/${DEMO_PACKAGE_ID}/${slug}/customer_list?name=Demo`);
      expect(r.res.headers.get('content-type')).toMatch(/json/);
      await expectError(Promise.resolve(r), 403, 'error.packages.demo_export_disabled');
    }
  });

  it('refuses the sample’s CRM export and its preview with 403 error.packages.demo_export_disabled', async () => {
    await expectError(call('POST', crmPath(), { json: { package_id: DEMO_PACKAGE_ID, tc: 0 } }), 403, 'error.packages.demo_export_disabled');
    await expectError(call('POST', '/api/v3/crm/export/package/preview', { json: { package_id: DEMO_PACKAGE_ID, tc: 0 } }), 403, 'error.packages.demo_export_disabled');
    // A real package of its partner is not there in demo mode.
    await expectError(call('POST', crmPath(), { json: { package_id: package1002, tc: 0 } }), 404, 'error.common.notFound');
    // Bad input is still a 400.
    await expectError(call('POST', crmPath(), { json: { package_id: DEMO_PACKAGE_ID, tc: -1 } }), 400, 'error.validation.invalid');
    await expectError(call('POST', crmPath({ secret_id: 'nope' }), { json: { package_id: DEMO_PACKAGE_ID, tc: 0 } }), 400, 'error.validation.invalid');
  });
});

describe('outside demo mode', () => {
  it('the demo id is an ordinary unknown package for the real package builder', async () => {
    await expectError(call('GET', `${P}/${DEMO_PACKAGE_ID}`, { token: admin }), 404, 'error.common.notFound');
    await expectError(call('GET', `${P}/${DEMO_PACKAGE_ID}/classical-regulars/customer_list`, { token: admin }), 404, 'error.common.notFound');
    const list = PackageList.parse((await call('GET', `${P}/`, { token: admin })).body);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.demo === undefined && i.id !== DEMO_PACKAGE_ID)).toBe(true);
  });

  it('demo mode does not open the package builder without its permission or flag (403)', async () => {
    const noFlag = await expectError(call('GET', `${P}/${DEMO_PACKAGE_ID}`, { token: prisma }), 403, 'error.auth.forbidden');
    expect(noFlag.error_subcode).toBe('package-builder');
    const noBackhaul = await expectError(call('GET', `${P}/${DEMO_PACKAGE_ID}`, { token: analyst }), 403, 'error.auth.forbidden');
    expect(noBackhaul.error_subcode).toBe('backhaul');
    const crm = await expectError(call('POST', crmPath(), { token: prisma, json: { package_id: DEMO_PACKAGE_ID, tc: 0 } }), 403, 'error.auth.forbidden');
    expect(crm.error_subcode).toBe('package-builder');
  });
});
