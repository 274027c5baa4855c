// spec 3 §5 "Event form"/"Simulation" and §7 POST /events/, PUT /events/{id}: every validation
// rule as a 400 with field issues, the simulation permission, partner scoping, find-or-create of
// venues and halls, and a forecast from comparable events for a new simulated event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { DAY, seedEventsFixture } from '../helpers/events-fixture';
import { eventForecasts, events, halls, tasks, ticketTransactions, venues } from '../../src/server/db/schema';
import { runOnce } from '../../src/server/jobs/worker';
import { FORECAST_RECOMPUTE } from '../../src/server/modules/forecast';
import { earliestDate, EventForm } from '../../src/lib/contracts/event-form';
import { findEditableEvent, insertManualEvent, MAX_ID_ATTEMPTS } from '../../src/server/modules/events/editor';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;

/** Past symphony concerts with sales in the fixture's big hall: the comparables of a new one. */
async function seedHistory() {
  const [hall] = await t.db.select().from(halls).where(and(eq(halls.partnerId, 1001), eq(halls.name, 'Großer Saal')));
  const start = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY - daysAgo) * DAY + 19 * 3_600_000);
  const past = Array.from({ length: 8 }, (_, i) => ({
    id: `e1001-hist-${i}`, partnerId: 1001, eid: `HIST-${i}`, title: `Symphonie ${i}`, category: 'symphony',
    startDateTime: start(40 + i * 30), hallId: hall.id, capacity: 1000,
  }));
  await t.db.insert(events).values(past);
  await t.db.insert(ticketTransactions).values(
    past.flatMap((e) =>
      [60, 30, 14, 7, 2].map((before, k) => ({
        partnerId: 1001, eventId: e.id, soldAt: new Date(e.startDateTime.getTime() - before * DAY), quantity: 80 + k * 40,
        ticketType: 'regular' as const, priceCategory: '1', amountMinor: 100_000,
      })),
    ),
  );
}

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  await seedHistory();
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
}, 120_000);
afterAll(() => t.close());

const send = async (method: 'POST' | 'PUT', path: string, json: unknown, token = admin) => {
  const res = await api.request(`/api/v3${path}`, { method, json, token });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const get = async (path: string, token = admin) => {
  const res = await api.request(`/api/v3${path}`, { token });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

const inDays = (n: number) => {
  const d = new Date(`${earliestDate('UTC')}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n - 2);
  return d.toISOString().slice(0, 10);
};

const full = (over: Record<string, unknown> = {}) => ({
  name: 'Mahler 2', description: 'Auferstehung', category: 'symphony', date: inDays(30), time: '19:30',
  city: 'Köln', venue: 'Konzerthaus', hall: 'Großer Saal', capacity: 1000, price: 45.5,
  lineups: [{ artist_name: 'Gürzenich-Orchester', artist_type: 'orchestra' }],
  setlists: [{ artist_name: 'Gustav Mahler', track: 'Sinfonie Nr. 2' }],
  tz: 'Europe/Berlin', status: 'RUNNING', ...over,
});

/** The field paths and messages of a 400. */
async function issuesOf(json: unknown, method: 'POST' | 'PUT' = 'POST', path = '/events/?event_type=fdlive') {
  const { status, body } = await send(method, path, json);
  expect(status).toBe(400);
  expect(body.error_code).toBe('error.validation.invalid');
  return Object.fromEntries((body.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]));
}

describe('POST /events/ validation (spec 3 §5)', () => {
  it('requires name, category and date, and for a full event time, city, venue, hall, capacity and price', async () => {
    const issues = await issuesOf({ name: '', category: 'symphony', date: '' });
    expect(issues).toMatchObject({ name: 'required', date: 'required', time: 'required', city: 'required', venue: 'required', hall: 'required', capacity: 'required', price: 'required' });
    expect(await issuesOf({ ...full(), category: '' })).toMatchObject({ category: 'required' });
  });

  it('refuses a category outside the spec list', async () => {
    expect(await issuesOf(full({ category: 'circus' }))).toEqual({ category: 'badCategory' });
    expect(await issuesOf(full({ category: 'uncategorized' }))).toEqual({ category: 'badCategory' });
  });

  it('refuses a date earlier than two days ahead, accepts exactly two days ahead', async () => {
    expect(await issuesOf(full({ date: inDays(1) }))).toEqual({ date: 'tooEarly' });
    expect(await issuesOf(full({ date: '2031-02-30' }))).toEqual({ date: 'badDate' });
    const ok = await send('POST', '/events/?event_type=fdlive', full({ date: inDays(2), tz: 'UTC' }));
    expect(ok.status).toBe(200);
  });

  it('accepts times on 30-minute steps only', async () => {
    expect(await issuesOf(full({ time: '19:15' }))).toEqual({ time: 'timeStep' });
    expect(await issuesOf(full({ time: '25:00' }))).toEqual({ time: 'timeStep' });
    expect((await send('POST', '/events/', full({ time: '00:00' }))).status).toBe(200);
  });

  it('limits the city to 34 and the description to 2500 characters', async () => {
    expect(await issuesOf(full({ city: 'x'.repeat(35) }))).toEqual({ city: 'tooLong' });
    expect(await issuesOf(full({ description: 'x'.repeat(2501) }))).toEqual({ description: 'tooLong' });
    expect((await send('POST', '/events/', full({ city: 'x'.repeat(34), description: 'x'.repeat(2500) }))).status).toBe(200);
  });

  it('needs a non-negative integer capacity and a non-negative price', async () => {
    expect(await issuesOf(full({ capacity: -1 }))).toEqual({ capacity: 'negativeError' });
    expect(await issuesOf(full({ capacity: 10.5 }))).toEqual({ capacity: 'decimalError' });
    expect(await issuesOf(full({ capacity: 'many' }))).toEqual({ capacity: 'notANumber' });
    expect(await issuesOf(full({ price: -0.01 }))).toEqual({ price: 'negativeError' });
    expect((await send('POST', '/events/', full({ capacity: 0, price: 0 }))).status).toBe(200);
  });

  it('needs name and role for each artist and composer and title for each programme entry', async () => {
    const issues = await issuesOf(
      full({
        lineups: [{ artist_name: '', artist_type: 'orchestra' }, { artist_name: 'A', artist_type: '' }, { artist_name: 'B', artist_type: 'juggler' }],
        setlists: [{ artist_name: '', track: 'T' }, { artist_name: 'C', track: '' }],
      }),
    );
    expect(issues).toEqual({
      'lineups.0.artist_name': 'required',
      'lineups.1.artist_type': 'required',
      'lineups.2.artist_type': 'badRole',
      'setlists.0.artist_name': 'required',
      'setlists.1.track': 'required',
    });
  });

  it('a bad row does not hide the other fields’ problems', async () => {
    expect(await issuesOf(full({ capacity: -1, lineups: [{ artist_name: '', artist_type: 'band' }] }))).toEqual({
      capacity: 'negativeError',
      'lineups.0.artist_name': 'required',
    });
  });

  it('the product variant needs only name, category and date', async () => {
    expect(await issuesOf({ name: '', category: 'product', date: '' })).toEqual({ name: 'required', date: 'required' });
    const ok = await send('POST', '/events/?event_type=prisma', { name: 'Gutschein', category: 'product', date: inDays(10), tz: 'Europe/Berlin', status: 'RUNNING' });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(events).where(eq(events.id, ok.body.ids[0]));
    expect(row).toMatchObject({ category: 'product', hallId: null, capacity: 0, source: 'manual' });
  });

  it('refuses an unknown event_type and a status other than RUNNING', async () => {
    expect((await send('POST', '/events/?event_type=other', full())).status).toBe(400);
    expect(await issuesOf(full({ status: 'CANCELLED' }))).toHaveProperty('status');
  });
});

describe('POST /events/ creates a simulated event', () => {
  it('answers a message and a -sim- id, stores the details and finds the existing hall', async () => {
    const hallsBefore = (await t.db.select().from(halls)).length;
    const { status, body } = await send('POST', '/events/?event_type=fdlive', full());
    expect(status).toBe(200);
    expect(body.message).toEqual(expect.any(String));
    expect(body.ids).toHaveLength(1);
    expect(body.ids[0]).toMatch(/^e1001-sim-\d+$/);
    expect((await t.db.select().from(halls)).length).toBe(hallsBefore);

    const details = await get(`/events/${body.ids[0]}/details`);
    expect(details.body).toMatchObject({
      name: 'Mahler 2', description: 'Auferstehung', category: 'symphony', date: inDays(30), time: '19:30', city: 'Köln',
      venue: 'Konzerthaus', hall: 'Großer Saal', capacity: 1000, price: 45.5, tz: 'Europe/Berlin', source: 'manual',
      lineups: [{ artist_name: 'Gürzenich-Orchester', artist_type: 'orchestra' }],
      setlists: [{ artist_name: 'Gustav Mahler', track: 'Sinfonie Nr. 2' }],
    });
  });

  it('numbers simulated ids upwards from the highest in use', async () => {
    const a = (await send('POST', '/events/', full({ name: 'A' }))).body.ids[0] as string;
    const b = (await send('POST', '/events/', full({ name: 'B' }))).body.ids[0] as string;
    expect(Number(b.split('-sim-')[1])).toBe(Number(a.split('-sim-')[1]) + 1);
  });

  it('creates a new venue and hall with the form capacity', async () => {
    const { body } = await send('POST', '/events/', full({ city: 'Aachen', venue: 'Eurogress', hall: 'Brüsselsaal', capacity: 1200 }));
    const [v] = await t.db.select().from(venues).where(and(eq(venues.partnerId, 1001), eq(venues.name, 'Eurogress')));
    expect(v.city).toBe('Aachen');
    const [h] = await t.db.select().from(halls).where(eq(halls.venueId, v.id));
    expect(h).toMatchObject({ name: 'Brüsselsaal', capacity: 1200, partnerId: 1001 });
    expect((await get(`/events/${body.ids[0]}`)).body).toMatchObject({ venue_name: 'Eurogress', hall_name: 'Brüsselsaal', city: 'Aachen' });
  });

  it('lists the new event as manual and gives it a forecast from comparables once the task ran', async () => {
    const { body } = await send('POST', '/events/', full({ name: 'Bruckner 8', date: inDays(45) }));
    const id = body.ids[0] as string;
    const list = await get(`/events/?q=Bruckner`);
    const item = list.body.items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({ source: 'manual', title: 'Bruckner 8', capacity: 1000 });
    expect(id).toContain('-sim-');

    while (await runOnce(t.db, 'event-form-test')) {
      /* drain the queue */
    }
    const [f] = await t.db.select().from(eventForecasts).where(eq(eventForecasts.eventId, id));
    expect(f).toBeDefined();
    expect(f.ticketsSold).toBe(0);
    expect(f.comparables).toBeGreaterThanOrEqual(3);
    expect(f.predictionBenchmark).toEqual(expect.any(Number));
    expect(f.predictionValue).toEqual(expect.any(Number));
    expect((await get(`/events/${id}`)).body.benchmark.prediction.benchmark).toEqual(expect.any(Number));
  });
});

describe('PUT /events/{id}', () => {
  it('updates the event and answers it; the details read back', async () => {
    const res = await send('PUT', '/events/e1001-00003?event_type=fdlive', full({ name: 'Quartett neu', category: 'chamber', capacity: 180, hall: 'Kammermusiksaal' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'e1001-00003', title: 'Quartett neu', category: 'chamber', capacity: 180, hall_name: 'Kammermusiksaal' });
    expect((await get('/events/e1001-00003/details')).body).toMatchObject({ name: 'Quartett neu', price: 45.5, time: '19:30' });
  });

  it('leaves the price optional (spec 3 §5 event form: only not negative), unlike the simulation', async () => {
    const res = await send('PUT', '/events/e1001-00003?event_type=fdlive', full({ price: null }));
    expect(res.status).toBe(200);
    expect((await get('/events/e1001-00003/details')).body.price).toBeNull();
    expect((await send('PUT', '/events/e1001-00003?event_type=fdlive', full({ price: '' }))).status).toBe(200);
    expect(await issuesOf(full({ price: -1 }), 'PUT', '/events/e1001-00003?event_type=fdlive')).toEqual({ price: 'negativeError' });
    expect(await issuesOf(full({ price: null }))).toEqual({ price: 'required' });
  });

  it('validates like POST', async () => {
    expect(await issuesOf(full({ capacity: 1.5 }), 'PUT', '/events/e1001-00003?event_type=fdlive')).toEqual({ capacity: 'decimalError' });
  });

  it('queues a forecast recompute unless skip_pipeline is set', async () => {
    while (await runOnce(t.db, 'event-form-test')) {
      /* empty the queue */
    }
    const count = async () =>
      (await t.db.select().from(tasks).where(and(eq(tasks.kind, FORECAST_RECOMPUTE), eq(tasks.status, 'PENDING')))).length;
    await send('PUT', '/events/e1001-00003?event_type=fdlive&skip_pipeline=true', full({ name: 'Ohne Pipeline' }));
    expect(await count()).toBe(0);
    await send('PUT', '/events/e1001-00003?event_type=fdlive&skip_pipeline=false', full({ name: 'Mit Pipeline' }));
    expect(await count()).toBe(1);
  });

  it('answers 404 for another partner’s event and for an unknown id', async () => {
    expect((await send('PUT', '/events/e1002-00001?event_type=fdlive', full())).status).toBe(404);
    expect((await send('PUT', '/events/e1001-nope?event_type=fdlive', full())).status).toBe(404);
    expect((await get('/events/e1002-00001/details')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('the analyst (lookout and sales, no simulation) may read details but not create or update', async () => {
    const post = await send('POST', '/events/', full(), analyst);
    expect(post.status).toBe(403);
    expect(post.body.error_code).toMatch(/^error\./);
    expect((await send('PUT', '/events/e1001-00001', full(), analyst)).status).toBe(403);
    expect((await get('/events/e1001-00001/details', analyst)).status).toBe(200);
    expect((await get('/events/', analyst)).status).toBe(200);
  });
});

// Security hardening: each of these answered 500 before (PostgreSQL refused the value, or a
// check threw on an impossible date); now the contract refuses them with the field's reason.
describe('values the database could not hold (POST and PUT)', () => {
  const both = async (json: unknown) => {
    const post = await issuesOf(json);
    const put = await issuesOf(json, 'PUT', '/events/e1001-00003?event_type=fdlive');
    expect(put).toEqual(post);
    return post;
  };

  it('refuses a NUL in any text field and an unpaired surrogate in lineups and setlists', async () => {
    expect(await both(full({ name: 'Mahler\u00002' }))).toEqual({ name: 'badText' });
    expect(await both(full({ description: 'a\u0000' }))).toEqual({ description: 'badText' });
    expect(await both(full({ city: 'K\u0000ln' }))).toEqual({ city: 'badText' });
    expect(await both(full({ venue: '\u0000' }))).toEqual({ venue: 'badText' });
    expect(await both(full({ hall: 'Saal\u0000' }))).toEqual({ hall: 'badText' });
    expect(await both(full({ lineups: [{ artist_name: '\ud800', artist_type: 'orchestra' }] }))).toEqual({ 'lineups.0.artist_name': 'badText' });
    expect(await both(full({ lineups: [{ artist_name: 'A', artist_type: 'orchestra\udc00' }] }))).toEqual({ 'lineups.0.artist_type': 'badText' });
    expect(await both(full({ setlists: [{ artist_name: 'Mahler', track: 'x\ud83d' }] }))).toEqual({ 'setlists.0.track': 'badText' });
    expect(await both(full({ setlists: [{ artist_name: 'a\u0000', track: 'T' }] }))).toEqual({ 'setlists.0.artist_name': 'badText' });
    // A surrogate pair (an emoji) is ordinary text.
    const ok = await send('POST', '/events/', full({ name: 'Mahler 🎻', lineups: [{ artist_name: 'Ensemble 🎺', artist_type: 'ensemble' }] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await get(`/events/${ok.body.ids[0]}/details`)).body).toMatchObject({ name: 'Mahler 🎻', lineups: [{ artist_name: 'Ensemble 🎺' }] });
  });

  it('refuses capacities and prices no venue has', async () => {
    expect(await both(full({ capacity: 2_147_483_648 }))).toEqual({ capacity: 'capacityTooLarge' });
    expect(await both(full({ capacity: 1_000_001 }))).toEqual({ capacity: 'capacityTooLarge' });
    expect(await both(full({ capacity: '1e12' }))).toEqual({ capacity: 'capacityTooLarge' });
    expect(await both(full({ price: 1e39 }))).toEqual({ price: 'priceTooLarge' });
    expect(await both(full({ price: 1_000_000.01 }))).toEqual({ price: 'priceTooLarge' });
    expect(await both(full({ price: 1e-320 }))).toEqual({ price: 'priceDecimals' });
    expect(await both(full({ price: 45.555 }))).toEqual({ price: 'priceDecimals' });
    // 1e400 in JSON text parses to Infinity.
    const raw = JSON.stringify(full({ capacity: 1 })).replace('"capacity":1', '"capacity":1e400');
    const inf = await api.request('/api/v3/events/', { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: raw });
    expect(inf.status).toBe(400);
    expect((await errorOf(inf)).issues?.map((i) => i.path)).toEqual(['capacity']);
  });

  it('keeps the largest capacity and price to the cent (price is a double now, not a float4)', async () => {
    const { status, body } = await send('POST', '/events/', full({ capacity: 1_000_000, price: 999_999.99 }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect((await get(`/events/${body.ids[0]}/details`)).body).toMatchObject({ capacity: 1_000_000, price: 999_999.99 });
    const cents = await send('POST', '/events/', full({ price: 19.99 }));
    expect((await get(`/events/${cents.body.ids[0]}/details`)).body.price).toBe(19.99);
  });

  it('refuses impossible calendar dates instead of failing on them', async () => {
    for (const date of ['2027-13-45', '2027-00-10', '0000-00-00', '2027-02-29', '2028-02-30', '2027-04-31', '+12027-01-01']) {
      expect(await both(full({ date })), date).toEqual({ date: 'badDate' });
    }
    // 2028 is a leap year: its 29 February exists.
    expect((await send('POST', '/events/', full({ date: '2028-02-29' }))).status).toBe(200);
  });

  it('refuses a NUL in the list query, the flagged list query and an event id', async () => {
    for (const path of ['/events?q=%00', '/events/?q=a%00b', '/events/flagged?q=%00', '/events?city=%00', '/events?city[]=K%C3%B6ln&city[]=%00', '/events/e1001-00001%00/details']) {
      const res = await api.request(`/api/v3${path}`, { token: admin });
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
  });

  it('the editor pages find no event for an eid holding NUL or a lone surrogate (was a database error)', async () => {
    expect(await findEditableEvent(t.db, 1001, 'E1001-00001\u0000')).toBeNull();
    expect(await findEditableEvent(t.db, 1001, '\ud800')).toBeNull();
    expect(await findEditableEvent(t.db, 1001, 'E1001-00001')).toMatchObject({ id: 'e1001-00001' });
  });

  it('answers 409 error.events.idConflict after 20 taken ids instead of a plain error', async () => {
    // Every id the next saves would try is taken under its eid (E1001-SIM-n), as by a burst of saves.
    const res = (await t.db.execute(
      sql`select coalesce(max(substring(id from 11)::int), 0)::int as n from events where partner_id = 1001 and id like 'e1001-sim-%' and substring(id from 11) ~ '^[0-9]+$'`,
    )) as unknown as { rows: { n: number }[] };
    const next = res.rows[0]!.n + 1;
    const [tpl] = await t.db.select().from(events).where(eq(events.id, 'e1001-00003'));
    await t.db.insert(events).values(
      Array.from({ length: MAX_ID_ATTEMPTS + 2 }, (_, k) => ({ ...tpl!, id: `e1001-taken-${k}`, eid: `E1001-SIM-${next + k}` })),
    );
    try {
      const { status, body } = await send('POST', '/events/', full({ name: 'Crowded' }));
      expect(status).toBe(409);
      expect(body).toMatchObject({ error_code: 'error.events.idConflict', message: expect.any(String) });
      await expect(insertManualEvent(t.db, 1001, EventForm.parse(full()))).rejects.toMatchObject({ status: 409, code: 'error.events.idConflict' });
    } finally {
      await t.db.delete(events).where(sql`${events.id} like 'e1001-taken-%'`);
    }
    expect((await send('POST', '/events/', full({ name: 'Room again' }))).status).toBe(200);
  });
});
