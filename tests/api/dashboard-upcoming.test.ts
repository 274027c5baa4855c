// spec 1 §2.8 "upcoming important events" (issue 20 §4): an event that already took place must not
// be listed, also not one of earlier today. `upcoming=true` keeps only events whose start is still
// ahead by the server's clock (src/server/lib/clock, which ENCORE_NOW moves); the dashboard asks
// with it, both on the server render and on every fetch of its list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { events, halls, venues } from '../../src/server/db/schema';
import { setClock } from '../../src/server/lib/clock';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
// A fixed afternoon on the server's clock, far from today's date, so the test holds on any day.
const NOW = Date.parse('2031-06-12T15:00:00Z');

beforeAll(async () => {
  setClock(() => NOW);
  t = await createTestDb();
  await seedAccounts(t.db);
  const [venue] = await t.db.insert(venues).values({ partnerId: 1001, name: 'Konzerthaus', city: 'Köln', location: 'Altstadt' }).returning();
  const [hall] = await t.db.insert(halls).values({ partnerId: 1001, venueId: venue.id, name: 'Großer Saal', capacity: 1000 }).returning();
  const ev = (id: string, start: string) => ({ id, partnerId: 1001, eid: id.toUpperCase(), title: id, category: 'symphony', startDateTime: new Date(start), hallId: hall.id, capacity: 1000 });
  await t.db.insert(events).values([
    ev('e1001-yesterday', '2031-06-11T19:00:00Z'),
    ev('e1001-this-morning', '2031-06-12T10:00:00Z'),
    ev('e1001-a-minute-ago', '2031-06-12T14:59:00Z'),
    ev('e1001-tonight', '2031-06-12T19:30:00Z'),
    ev('e1001-next-week', '2031-06-19T19:00:00Z'),
  ]);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
});
afterAll(async () => {
  setClock();
  await t.close();
});

const list = async (query: string) => {
  const res = await api.request(`/api/v3/events/?${query}`, { token: admin });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { total: number; items: { id: string }[] };
  return { total: body.total, ids: body.items.map((i) => i.id) };
};

describe('GET /events/?upcoming=true', () => {
  it('leaves out every event that has started by the server’s clock, also those of earlier today', async () => {
    // Without it the day filter alone still lists this morning's events (since is a whole UTC day).
    expect((await list('since=2031-06-12&until=2032-06-12')).ids).toEqual(['e1001-this-morning', 'e1001-a-minute-ago', 'e1001-tonight', 'e1001-next-week']);
    const upcoming = await list('since=2031-06-12&until=2032-06-12&upcoming=true');
    expect(upcoming.ids).toEqual(['e1001-tonight', 'e1001-next-week']);
    expect(upcoming.total).toBe(2);
  });

  it('follows the clock: an hour later tonight’s event is still ahead, after its start it is gone', async () => {
    // (a fresh sign-in at each instant: the access token lives 15 minutes of that clock)
    setClock(() => Date.parse('2031-06-12T19:29:59Z'));
    admin = (await api.signIn('admin@encore.demo')).token;
    expect((await list('since=2031-06-12&upcoming=true')).ids).toEqual(['e1001-tonight', 'e1001-next-week']);
    setClock(() => Date.parse('2031-06-12T19:30:00Z'));
    expect((await list('since=2031-06-12&upcoming=true')).ids).toEqual(['e1001-next-week']);
    setClock(() => NOW);
    admin = (await api.signIn('admin@encore.demo')).token;
  });

  it('counts the total of a paged answer with the same rule', async () => {
    const page = await list('since=2031-06-01&upcoming=true&limit=1');
    expect(page.ids).toEqual(['e1001-tonight']);
    expect(page.total).toBe(2);
  });

  it('refuses a value that is not a boolean (400, not a silent full list)', async () => {
    const res = await api.request('/api/v3/events/?upcoming=soon', { token: admin });
    expect(res.status).toBe(400);
  });
});
