// spec 1 §7 "Events": list filters and paging, one event and its widgets, frontend status with
// the campaign-side mirror, daily summary and campaign statistics; bad input, another partner's
// ids and missing permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { and, eq } from 'drizzle-orm';
import { events, permissions, users } from '../../src/server/db/schema';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let prisma: string;

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
});
afterAll(() => t.close());

const get = async (path: string, token = admin) => {
  const res = await api.request(`/api/v3${path}`, { token });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
};
const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe('GET /events/', () => {
  it('lists the partner’s DEFAULT and FLAGGED events in the default range, soonest first', async () => {
    const { status, body } = await get('/events/');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['e1001-00006', 'e1001-00001', 'e1001-00002', 'e1001-00004', 'e1001-00003', 'e1001-00007', 'e1001-sim-1']);
    expect(body.total).toBe(7);
  });

  it('answers the event fields of spec 1 §3 with the stored forecast and campaign state', async () => {
    const { body } = await get('/events/?q=beethoven');
    const [first] = body.items;
    expect(first).toMatchObject({
      id: 'e1001-00001', title: 'Beethoven 9', category: 'symphony', hall_name: 'Großer Saal', venue_name: 'Konzerthaus', city: 'Köln',
      capacity: 1000, frontend_status: 'DEFAULT', source: 'api', has_campaign: true, has_active_campaigns: true,
      client_campaign_status: 'ACTIVE', campaign_status: 'active', campaign_event_series: ['e1001-00001'],
      benchmark: { now: { value: 20, benchmark: 30 }, prediction: { value: 55, benchmark: 70 }, state: 'below', tickets_sold: 200, comparables: 12 },
    });
    expect(first.date).toBe(first.start_date_time.slice(0, 10));
    // An event without a forecast row still answers a benchmark.
    const { body: noForecast } = await get('/events/?q=rock');
    expect(noForecast.items[0].benchmark).toMatchObject({ state: 'no_data', now: { value: null, benchmark: null } });
    expect(noForecast.items[0]).toMatchObject({ has_campaign: true, has_active_campaigns: false, campaign_status: 'ended' });
  });

  it('searches title, venue, hall and city, with % and _ taken literally', async () => {
    expect(ids((await get('/events/?q=saal 1')).body)).toEqual(['e1001-00004', 'e1001-sim-1']);
    expect(ids((await get('/events/?q=bonn')).body)).toEqual(['e1001-00004', 'e1001-sim-1']);
    expect(ids((await get('/events/?q=100%25')).body)).toEqual(['e1001-00003']);
    expect(ids((await get('/events/?q=_')).body)).toEqual(['e1001-00003']);
  });

  it('filters by dates (both formats), source, products, cities, venues and halls, campaigns and status', async () => {
    const d = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
    expect(ids((await get(`/events/?since=${d(0)}&until=${d(20)}`)).body)).toEqual(['e1001-00001', 'e1001-00002', 'e1001-00004']);
    expect(ids((await get(`/events/?since=${dmy(d(0))}&until=${dmy(d(11))}`)).body)).toEqual(['e1001-00001', 'e1001-00002']);
    expect(ids((await get('/events/?simulated=true')).body)).toEqual(['e1001-00004', 'e1001-sim-1']);
    expect(ids((await get('/events/?simulated=false&exclude_products=true')).body)).toEqual(['e1001-00006', 'e1001-00001', 'e1001-00002', 'e1001-00003']);
    expect(ids((await get('/events/?city[]=Bonn')).body)).toEqual(['e1001-00004', 'e1001-sim-1']);
    expect(ids((await get(`/events/?vh[]=${encodeURIComponent('Konzerthaus;;Kammermusiksaal')}&vh[]=Stadthalle`)).body)).toEqual(['e1001-00004', 'e1001-00003', 'e1001-sim-1']);
    expect(ids((await get('/events/?campaigns=active')).body)).toEqual(['e1001-00001']);
    expect(ids((await get('/events/?campaigns=inactive')).body)).toEqual(['e1001-00004']);
    expect(ids((await get('/events/?campaigns=active&campaigns=inactive')).body)).toEqual(['e1001-00001', 'e1001-00004']);
    expect(ids((await get('/events/?frontend_status[]=FLAGGED')).body)).toEqual(['e1001-00002']);
    expect(ids((await get('/events/?include_archived=true&q=gala')).body)).toEqual(['e1001-00005']);
    expect(ids((await get('/events/?q=gala')).body)).toEqual([]);
  });

  it('pages by 30 by default and honours limit, descending and flagged_to_top', async () => {
    const p1 = (await get('/events/?limit=3')).body;
    const p3 = (await get('/events/?limit=3&page=3')).body;
    expect(p1.total).toBe(7);
    expect(ids(p1)).toHaveLength(3);
    expect(ids(p3)).toEqual(['e1001-sim-1']);
    expect((await get('/events/?limit=3&page=9')).body).toEqual({ total: 7, items: [] });
    expect(ids((await get('/events/?descending=true')).body)[0]).toBe('e1001-sim-1');
    expect(ids((await get('/events/?flagged_to_top=true')).body)[0]).toBe('e1001-00002');
  });

  it('rejects bad query values with the error body, never a 500', async () => {
    for (const q of ['page=0', 'limit=999', 'since=2026-13-01', 'since=31.12.2026', 'frontend_status[]=GONE', 'campaigns=maybe', 'descending=yes', `q=${'x'.repeat(201)}`]) {
      const res = await api.request(`/api/v3/events/?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
  });

  it('shows every past event with include_past, however old (issue 20 §4: imported history stayed hidden)', async () => {
    // A ticketing-system event from ten years back, as the history import leaves it.
    const old = new Date(Date.now() - 10 * 365 * 86_400_000);
    await t.db.insert(events).values({ id: 'e1001-90001', partnerId: 1001, eid: 'OLD-1', externalId: 'OLD-1', title: 'Imported long ago', category: 'opera', startDateTime: old, capacity: 100, source: 'api' });
    try {
      // The default range (three years back) leaves it out, with or without the upcoming bound.
      expect(ids((await get('/events/?q=imported long')).body)).toEqual([]);
      expect(ids((await get('/events/?q=imported long&include_past=true')).body)).toEqual(['e1001-90001']);
      // A typed start day still bounds the list.
      const since = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      expect(ids((await get(`/events/?q=imported long&include_past=true&since=${since}`)).body)).toEqual([]);
    } finally {
      await t.db.delete(events).where(eq(events.id, 'e1001-90001'));
    }
  });

  it('answers 200 or 400 for any query value, never a 500', async () => {
    const keys = ['page', 'limit', 'q', 'since', 'until', 'status', 'frontend_status[]', 'simulated', 'campaigns', 'city[]', 'vh[]', 'flagged_to_top', 'descending', 'include_archived', 'include_past'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...keys), fc.string({ maxLength: 40 })), { maxLength: 5 }), async (pairs) => {
        const params = new URLSearchParams(pairs);
        const res = await api.request(`/api/v3/events/?${params}`, { token: admin });
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });

  it('shows only the viewer’s partner and needs the lookout permission', async () => {
    expect(ids((await get('/events/', prisma)).body)).toEqual(['e1002-00001']);
    expect((await get('/events/', analyst)).status).toBe(200);
    const res = await api.request('/api/v3/events/');
    expect(res.status).toBe(401);
  });
});

describe('flagged events and venues', () => {
  it('lists flagged upcoming events', async () => {
    const { body } = await get('/events/flagged/');
    expect(ids(body)).toEqual(['e1001-00002']);
  });
  it('lists venues with halls and the cities', async () => {
    const { body } = await get('/events/venues');
    expect(body).toEqual({
      venues: [
        { venue: 'Konzerthaus', city: 'Köln', halls: ['Großer Saal', 'Kammermusiksaal'] },
        { venue: 'Stadthalle', city: 'Bonn', halls: ['Saal 1'] },
      ],
      cities: ['Bonn', 'Köln'],
    });
  });
});

describe('one event', () => {
  it('answers the event, its benchmark and its series; another partner’s id is 404', async () => {
    expect((await get('/events/e1001-00001')).body).toMatchObject({ id: 'e1001-00001', eid: 'E1001-00001' });
    expect((await get('/events/e1001-00001/benchmark')).body).toMatchObject({ prediction: { value: 55, benchmark: 70 }, state: 'below' });
    expect(ids((await get('/events/e1001-00002/series')).body)).toEqual(['e1001-00001', 'e1001-00002']);
    for (const path of ['/events/e1002-00001', '/events/e1002-00001/benchmark', '/events/e1002-00001/sales-graph', '/events/e1002-00001/tickets', '/events/nope', '/events/..%2F..%2Fetc']) {
      const res = await api.request(`/api/v3${path}`, { token: admin });
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).error_code).toBe('error.common.notFound');
    }
  });

  it('draws the sales graph: cumulative share, comparable curve and forecast path', async () => {
    const { body } = await get('/events/e1001-00001/sales-graph');
    const byDaysOut = new Map(body.sales.map((p: { days_out: number }) => [p.days_out, p]));
    // 40 days out (first sale 30 days ago + 10 to go); the event day closes the curve.
    expect(body.sales[0].days_out).toBe(40);
    expect(body.sales.at(-1).days_out).toBe(0);
    // 100 regular at -30, 70 at -20, the cancelled 10 at -5 do not count, 30 manual at -2: 200 of 1000.
    expect(byDaysOut.get(35)).toMatchObject({ norm_tickets_sold_current: 10 });
    expect(byDaysOut.get(25)).toMatchObject({ norm_tickets_sold_current: 17 });
    expect(byDaysOut.get(10)).toMatchObject({ norm_tickets_sold_current: 20, norm_tickets_sold_avg: 30, norm_tickets_predicted: 20 });
    expect(byDaysOut.get(0)).toMatchObject({ norm_tickets_sold_current: null, norm_tickets_sold_avg: 70, norm_tickets_predicted: 55 });
    expect(byDaysOut.get(20)).toMatchObject({ norm_tickets_sold_avg: null, norm_tickets_predicted: null });
  });

  it('splits tickets by type and seat category', async () => {
    const { body } = await get('/events/e1001-00001/tickets');
    expect(body.tickets_per_category).toMatchObject({ regular: 130, subscription: 50, discount: 20, regular_discount: 0, other: 0, share_regular_tickets: 65, share_subscription_tickets: 25 });
    expect(body.price_categories).toEqual({
      eid: 'E1001-00001',
      categories: [
        { name: '1', tickets: 100, share: 50 },
        { name: '2', tickets: 70, share: 35 },
        { name: 'Loge', tickets: 30, share: 15 },
      ],
    });
  });
});

describe('GET /daily_revenue_summary/', () => {
  it('answers API sales and manual adjustments per day in the partner currency', async () => {
    const { status, body } = await get('/daily_revenue_summary/?event_id=e1001-00001&currency=EUR');
    expect(status).toBe(200);
    expect(body.currency).toBe('EUR');
    expect(body.summaries).toHaveLength(3);
    expect(body.summaries[1]).toMatchObject({ revenue: { total: 1900, parts: { subscription: 1500, discount: 400 } }, number_of_tickets: { total: 70 } });
    expect(body.summaries[2]).toMatchObject({ number_of_tickets: { total: 0, parts: { cancelled: 10 } } });
    expect(body.manual_adjustments).toEqual([{ date: expect.any(String), revenue: { total: 3000, parts: { regular: 3000 } }, number_of_tickets: { total: 30, parts: { regular: 30 } } }]);
  });
  it('narrows by dates and rejects bad input and other partners’ events', async () => {
    const since = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/daily_revenue_summary/?event_id=e1001-00001&start_date=${since}`)).body.summaries).toHaveLength(1);
    expect((await get('/daily_revenue_summary/')).status).toBe(400);
    expect((await get('/daily_revenue_summary/?event_id=e1001-00001&currency=euro')).status).toBe(400);
    expect((await get('/daily_revenue_summary/?event_id=e1002-00001')).status).toBe(404);
  });
});

describe('frontend status', () => {
  const put = (id: string, json: unknown, token = admin) => api.request(`/api/v3/events/${id}/setup_frontend_status`, { method: 'PUT', token, json });

  it('flags, archives and restores with 204, and the list follows', async () => {
    expect((await put('e1001-00003', { frontend_status: 'FLAGGED' })).status).toBe(204);
    expect(ids((await get('/events/flagged/')).body)).toContain('e1001-00003');
    expect((await put('e1001-00003', { frontend_status: 'HIDDEN' })).status).toBe(204);
    expect(ids((await get('/events/')).body)).not.toContain('e1001-00003');
    expect((await put('e1001-00003', { frontend_status: 'DEFAULT' })).status).toBe(204);
    expect((await get('/events/e1001-00003')).body.frontend_status).toBe('DEFAULT');
  });

  it('rejects unknown statuses, other partners’ events and callers without lookout', async () => {
    expect((await put('e1001-00003', { frontend_status: 'DELETED' })).status).toBe(400);
    expect((await put('e1001-00003', {})).status).toBe(400);
    expect((await put('e1002-00001', { frontend_status: 'FLAGGED' })).status).toBe(404);
    expect((await get('/events/e1002-00001', prisma)).body.frontend_status).toBe('DEFAULT');
  });

  it('mirrors RUNNING or CANCELLED to the campaign-side service (wave permission)', async () => {
    const mirror = (id: string, status: string, token = admin) =>
      api.request(`/api/campaign/events/last_updated_on_fe/${id}`, { method: 'PUT', token, json: { status } });
    const res = await mirror('e1001-00004', 'CANCELLED');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'e1001-00004', status: 'CANCELLED' });
    const read = await api.request('/api/campaign/events/e1001-00004', { token: admin });
    expect(await read.json()).toMatchObject({ status: 'CANCELLED', title: 'Rock Night' });
    expect((await mirror('e1001-00004', 'PAUSED')).status).toBe(400);
    expect((await mirror('e1002-00001', 'RUNNING')).status).toBe(404);
    expect((await mirror('e1001-00004', 'RUNNING', analyst)).status).toBe(403);
  });
});

describe('without the lookout permission', () => {
  it('refuses every event call with 403 and the permission hint', async () => {
    const { token } = await api.signIn('analyst@encore.demo');
    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@encore.demo'));
    await t.db.update(permissions).set({ isEnabled: false }).where(and(eq(permissions.userId, userId), eq(permissions.name, 'lookout')));
    for (const path of ['/events/', '/events/flagged/', '/events/venues', '/events/e1001-00001', '/events/e1001-00001/sales-graph', '/daily_revenue_summary/?event_id=e1001-00001']) {
      const res = await api.request(`/api/v3${path}`, { token });
      expect(res.status, path).toBe(403);
      expect((await errorOf(res)).error_code, path).toBe('error.auth.forbidden');
    }
    const put = await api.request('/api/v3/events/e1001-00001/setup_frontend_status', { method: 'PUT', token, json: { frontend_status: 'FLAGGED' } });
    expect(put.status).toBe(403);
    await t.db.update(permissions).set({ isEnabled: true }).where(and(eq(permissions.userId, userId), eq(permissions.name, 'lookout')));
  });
});

describe('with wave but without lookout (the campaigns path)', () => {
  it('reads events, their sales and series, and changes nothing', async () => {
    const { token } = await api.signIn('admin@encore.demo');
    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@encore.demo'));
    const lookout = and(eq(permissions.userId, userId), eq(permissions.name, 'lookout'));
    await t.db.update(permissions).set({ isEnabled: false }).where(lookout);
    try {
      for (const path of ['/events/', '/events/venues', '/events/e1001-00001', '/events/e1001-00001/sales-graph', '/events/e1001-00001/benchmark', '/daily_revenue_summary/?event_id=e1001-00001']) {
        expect((await api.request(`/api/v3${path}`, { token })).status, path).toBe(200);
      }
      const put = await api.request('/api/v3/events/e1001-00001/setup_frontend_status', { method: 'PUT', token, json: { frontend_status: 'FLAGGED' } });
      expect(put.status).toBe(403);
      expect((await errorOf(put)).error_subcode).toBe('lookout');
    } finally {
      await t.db.update(permissions).set({ isEnabled: true }).where(lookout);
    }
  });
});

describe('GET /campaigns/fb/stats', () => {
  it('sums the partner’s active campaigns only', async () => {
    const { status, body } = await get('/campaigns/fb/stats');
    expect(status).toBe(200);
    expect(body).toEqual({ total_active_campaigns: 1, total_active_adsets: 3, currency: 'EUR', sum_total_spend: 120, purchases: 14, revenue: 840, roas: 7 });
  });
  it('needs the wave permission', async () => {
    expect((await get('/campaigns/fb/stats', analyst)).status).toBe(403);
  });
});
