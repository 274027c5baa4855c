// Defence in depth (ARCHITECTURE §3 tenancy): rows joined to an event — its forecast, its
// campaigns, its hall and venue — must belong to the event's partner too. The rows below are
// crafted to point at partner 1001's events while being owned by partner 1002 (a bug in a writer,
// a bad import); partner 1001 must never see them through the list, the item, the charts or the
// editor, and a notification of partner 1002 is never mailed by a task of partner 1001.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { NOW, DAY, seedEventsFixture } from '../helpers/events-fixture';
import { campaigns, eventForecasts, events, halls, notifications, outbox, venues } from '../../src/server/db/schema';
import { mailNotifications } from '../../src/server/modules/notifications/notify';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestDb();
  userIds = (await seedAccounts(t.db)).userIds;
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;

  // e1001-00003 (Quartett) has neither a forecast nor a campaign of its own partner.
  await t.db.insert(eventForecasts).values({
    eventId: 'e1001-00003', partnerId: 1002, daysOut: 40, ticketsSold: 150, nowValue: 75, nowBenchmark: 10, predictionValue: 99, predictionBenchmark: 50,
    predictedTickets: 198, state: 'above', comparables: 7, benchmarkCurve: [90, 80, 70], predictedPath: [75, 80, 99], modelVersion: 'foreign',
  });
  await t.db.insert(campaigns).values({
    partnerId: 1002, eventId: 'e1001-00003', name: 'Foreign push', status: 'ACTIVE', startTime: new Date(NOW.getTime() - 5 * DAY), stopTime: new Date(NOW.getTime() + 9 * DAY), currency: 'GBP',
  });
  // e1001-00006 points at partner 1002's hall; a hall of 1002 hangs under 1001's venue Konzerthaus.
  const [harbour] = await t.db.select().from(halls).where(eq(halls.partnerId, 1002));
  await t.db.update(events).set({ hallId: harbour.id }).where(eq(events.id, 'e1001-00006'));
  const [konzerthaus] = await t.db.select().from(venues).where(eq(venues.name, 'Konzerthaus'));
  await t.db.insert(halls).values({ partnerId: 1002, venueId: konzerthaus.id, name: 'Foreign Hall', capacity: 10 });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await api.request(`/api/v3${path}`, { token: admin });
  expect(res.status, path).toBe(200);
  return res.json();
};

describe('joins filtered by partner', () => {
  it('the event item ignores a forecast and a campaign of another partner pointing at the event', async () => {
    const item = await get('/events/e1001-00003');
    expect(item.benchmark).toMatchObject({ state: 'no_data', now: { value: null, benchmark: null }, comparables: 0 });
    expect(item).toMatchObject({ has_campaign: false, has_active_campaigns: false, campaign_status: null, campaign_event_series: [] });
    expect((await get('/events/e1001-00003/benchmark')).state).toBe('no_data');
  });

  it('the list neither shows nor filters by those rows', async () => {
    const list = await get('/events/?q=Quartett');
    expect(list.items[0]).toMatchObject({ id: 'e1001-00003', has_campaign: false, benchmark: { state: 'no_data' } });
    const active = await get('/events/?campaigns=active');
    expect(active.items.map((i: { id: string }) => i.id)).toEqual(['e1001-00001']);
    const anyCampaign = await get('/events/?campaigns=active&campaigns=inactive');
    expect(anyCampaign.items.map((i: { id: string }) => i.id)).not.toContain('e1001-00003');
  });

  it('the sales graph does not draw another partner’s forecast curves', async () => {
    expect((await get('/events/e1001-00003/sales-graph')).sales).toEqual([]);
  });

  it('a hall of another partner shows no name, in the item, the list, the editor and the location filters', async () => {
    const item = await get('/events/e1001-00006');
    expect(item).toMatchObject({ hall_name: null, venue_name: null, city: null });
    const listed = (await get('/events/?q=Old%20Concert')).items;
    expect(listed.map((r: { id: string }) => r.id)).toEqual(['e1001-00006']);
    expect(listed[0]).toMatchObject({ hall_name: null, venue_name: null, city: null });
    expect(await get('/events/e1001-00006/details')).toMatchObject({ hall: '', venue: '', city: '' });
    const venuesList = await get('/events/venues');
    const konzerthaus = venuesList.venues.find((v: { venue: string }) => v.venue === 'Konzerthaus');
    expect(konzerthaus.halls).not.toContain('Foreign Hall');
    expect(venuesList.venues.flatMap((v: { halls: string[] }) => v.halls)).not.toContain('Main');
  });

  it('a mail task of one partner never mails another partner’s notification', async () => {
    const [foreign] = await t.db
      .insert(notifications)
      .values({ partnerId: 1002, userId: userIds['prisma@encore.demo'], title: 'Foreign notice', body: 'x', topic: 'upload' })
      .returning({ id: notifications.id });
    expect(await mailNotifications(t.db, 1001, [foreign.id])).toBe(0);
    expect((await t.db.select().from(outbox).where(eq(outbox.to, 'prisma@encore.demo'))).length).toBe(0);
    expect(await mailNotifications(t.db, 1002, [foreign.id])).toBe(1);
  });
});
