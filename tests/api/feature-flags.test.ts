// spec 1 §6 / spec 3 on the API: feature flags are enforced by the server, not only by the pages.
// event.simulation guards event creation (POST /events/, the /simulation page's call); the
// simple-user flag takes away the events page's sales export and adjustment import
// (GET/POST /daily_revenue_summary/sales_edit_export). A refusal is 403 error.auth.forbidden with
// the flag as error_subcode; the same table (src/lib/routes.ts API_RULES) decides for pages and API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { fileForm, xlsx } from '../helpers/workbooks';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { featureFlags } from '../../src/server/db/schema';
import { earliestDate } from '../../src/lib/contracts/event-form';
import type { FeatureName } from '../../src/lib/constants';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestDb();
  userIds = (await seedAccounts(t.db)).userIds;
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
});
afterAll(() => t.close());

/** Sets a flag for one user at partner 1001 (the user's own flag wins over the partner's). */
async function setFlag(email: string, name: FeatureName, enabled: boolean) {
  const userId = userIds[email];
  await t.db.delete(featureFlags).where(and(eq(featureFlags.partnerId, 1001), eq(featureFlags.userId, userId), eq(featureFlags.name, name)));
  await t.db.insert(featureFlags).values({ partnerId: 1001, userId, name, enabled });
}
async function clearFlag(email: string, name: FeatureName) {
  await t.db.delete(featureFlags).where(and(eq(featureFlags.partnerId, 1001), eq(featureFlags.userId, userIds[email]), eq(featureFlags.name, name)));
}

const inDays = (n: number) => {
  const d = new Date(`${earliestDate('UTC')}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const eventForm = () => ({
  name: 'Flag test', description: '', category: 'symphony', date: inDays(40), time: '19:30', city: 'Köln', venue: 'Konzerthaus',
  hall: 'Großer Saal', capacity: 1000, price: 30, lineups: [], setlists: [], tz: 'Europe/Berlin', status: 'RUNNING',
});
const createEvent = () => api.request('/api/v3/events/?event_type=fdlive', { method: 'POST', token: admin, json: eventForm() });

async function expectForbidden(res: Response, subcode: string) {
  expect(res.status).toBe(403);
  const body = await errorOf(res);
  expect(body.error_code).toBe('error.auth.forbidden');
  expect(body.error_subcode).toBe(subcode);
}

describe('event.simulation on POST /events/', () => {
  it('creates an event while the flag is on', async () => {
    const res = await createEvent();
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).ids).toHaveLength(1);
  });

  it('refuses with 403 error.auth.forbidden / event.simulation when the flag is off', async () => {
    await setFlag('admin@encore.demo', 'event.simulation', false);
    try {
      await expectForbidden(await createEvent(), 'event.simulation');
      // Reading and editing existing events are not creation: they stay with lookout / simulation.
      expect((await api.request('/api/v3/events/e1001-00001', { token: admin })).status).toBe(200);
    } finally {
      await setFlag('admin@encore.demo', 'event.simulation', true);
    }
    expect((await createEvent()).status).toBe(200);
  });

  it('a partner-wide flag off refuses too, and the permission is still checked first', async () => {
    await clearFlag('admin@encore.demo', 'event.simulation');
    await t.db.update(featureFlags).set({ enabled: false }).where(and(eq(featureFlags.partnerId, 1001), isNull(featureFlags.userId), eq(featureFlags.name, 'event.simulation')));
    try {
      await expectForbidden(await createEvent(), 'event.simulation');
      // The analyst lacks simulation: the permission is named, not the flag.
      await expectForbidden(await api.request('/api/v3/events/?event_type=fdlive', { method: 'POST', token: analyst, json: eventForm() }), 'simulation');
    } finally {
      await t.db.update(featureFlags).set({ enabled: true }).where(and(eq(featureFlags.partnerId, 1001), isNull(featureFlags.userId), eq(featureFlags.name, 'event.simulation')));
    }
  });
});

describe('simple-user on the sales export and adjustment import', () => {
  const exportSales = (token: string) => api.request('/api/v3/daily_revenue_summary/sales_edit_export?q=Beethoven', { token });
  const importSales = async (token: string) =>
    api.request('/api/v3/daily_revenue_summary/sales_edit_export', {
      method: 'POST',
      token,
      body: fileForm(await xlsx({ Sales: [['Event ID', 'Event', 'Event date', 'Date', 'regular tickets', 'regular revenue']] })),
    });

  it('works while the flag is off (the default)', async () => {
    expect((await exportSales(analyst)).status).toBe(200);
    // An empty sheet reaches the importer, which answers its own code.
    expect((await errorOf(await importSales(analyst))).error_code).toBe('error.sales_edit.empty_file');
  });

  it('refuses export and import with 403 error.auth.forbidden / simple-user when the flag is on', async () => {
    await setFlag('analyst@encore.demo', 'simple-user', true);
    try {
      await expectForbidden(await exportSales(analyst), 'simple-user');
      await expectForbidden(await importSales(analyst), 'simple-user');
      // The event's own sales entry (manual and spreadsheet upload in the drawer) is not hidden by it.
      const manual = await api.request('/api/v3/ingest/transaction_summary', { method: 'POST', token: analyst, json: {} });
      expect(manual.status).toBe(400);
    } finally {
      await clearFlag('analyst@encore.demo', 'simple-user');
    }
    expect((await exportSales(analyst)).status).toBe(200);
  });
});
