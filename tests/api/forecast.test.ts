// Stored forecasts on the seeded demo: the seed leaves one per event, a recompute refreshes the
// upcoming ones, a new sale moves the forecast, the task runs through the worker, requests
// coalesce, and the nightly run is queued once per partner and day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { rows } from '../../src/server/db/client';
import { eventForecasts, events, tasks, ticketTransactions } from '../../src/server/db/schema';
import { runOnce } from '../../src/server/jobs/worker';
import {
  FORECAST_RECOMPUTE,
  enqueueForecastRecompute,
  forecastFor,
  recomputeForecasts,
  scheduleNightlyForecasts,
} from '../../src/server/modules/forecast';
import { MODEL_VERSION } from '../../src/server/engines/forecast';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
}, 180_000);
afterAll(() => t.close());

const upcomingOf = (partnerId: number) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.partnerId, partnerId), gt(events.startDateTime, new Date())))
    .orderBy(events.startDateTime);

async function drain() {
  while (await runOnce(t.db, 'forecast-test')) {
    /* until the queue is empty */
  }
}

/** An upcoming event with a real forecast and room left to sell. */
async function sellingEvent(partnerId = 1001) {
  const [row] = await rows<{ event_id: string }>(
    t.db,
    sql`SELECT f.event_id FROM event_forecasts f JOIN events e ON e.id = f.event_id
        WHERE f.partner_id = ${partnerId} AND f.state IN ('below', 'on_track', 'above')
          AND f.days_out BETWEEN 10 AND 90 AND f.tickets_sold > 0 AND f.tickets_sold < e.capacity * 0.6
        ORDER BY f.days_out LIMIT 1`,
  );
  return row.event_id;
}

describe('seeded forecasts', () => {
  it('the demo seed leaves a forecast of the current model for every event of both partners', async () => {
    const [r] = await rows<{ events: number; forecasts: number; stale: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM event_forecasts) AS forecasts,
                 (SELECT count(*)::int FROM event_forecasts WHERE model_version <> ${MODEL_VERSION}) AS stale`,
    );
    expect(r.forecasts).toBe(r.events);
    expect(r.stale).toBe(0);
    const states = await rows<{ state: string }>(t.db, sql`SELECT DISTINCT state FROM event_forecasts`);
    expect(states.map((s) => s.state)).toEqual(expect.arrayContaining(['finished', 'below', 'on_track', 'above']));
  });
});

describe('recomputeForecasts', () => {
  it('writes a row for every upcoming event, and leaves settled finished rows alone', async () => {
    const upcoming = await upcomingOf(1001);
    await t.db.delete(eventForecasts).where(eq(eventForecasts.partnerId, 1001));
    await recomputeForecasts(t.db, 1001); // everything: no row exists
    const second = await recomputeForecasts(t.db, 1001);
    expect(second.events).toBe(upcoming.length);

    const stored = await t.db.select().from(eventForecasts).where(eq(eventForecasts.partnerId, 1001));
    const byId = new Map(stored.map((r) => [r.eventId, r]));
    for (const e of upcoming) {
      const f = byId.get(e.id)!;
      expect(f, e.id).toBeDefined();
      expect(f.state).not.toBe('finished');
      if (f.state === 'no_data') continue;
      expect(f.predictionValue!).toBeGreaterThanOrEqual(f.nowValue!);
      expect(f.predictionValue!).toBeLessThanOrEqual(100);
      expect(f.predictedPath).toHaveLength(f.daysOut! + 1);
      expect(f.benchmarkCurve.length).toBeGreaterThan(0);
    }
  });

  it('moves the forecast when a sale comes in, and ignores cancelled tickets', async () => {
    const id = await sellingEvent();
    const before = (await forecastFor(t.db, 1001, id))!;
    await t.db.insert(ticketTransactions).values({
      partnerId: 1001, eventId: id, soldAt: new Date(), quantity: 3, ticketType: 'cancelled', priceCategory: '1', amountMinor: 0,
    });
    await recomputeForecasts(t.db, 1001, { eventIds: [id] });
    expect((await forecastFor(t.db, 1001, id))!.ticketsSold).toBe(before.ticketsSold);

    await t.db.insert(ticketTransactions).values({
      partnerId: 1001, eventId: id, soldAt: new Date(), quantity: 40, ticketType: 'regular', priceCategory: '1', amountMinor: 4000,
    });
    const res = await recomputeForecasts(t.db, 1001, { eventIds: [id] });
    expect(res.events).toBe(1);
    const after = (await forecastFor(t.db, 1001, id))!;
    expect(after.ticketsSold).toBe(before.ticketsSold + 40);
    expect(after.nowValue!).toBeGreaterThan(before.nowValue!);
    expect(after.predictionValue!).toBeGreaterThan(before.predictionValue!);
    expect(after.computedAt.getTime()).toBeGreaterThan(before.computedAt.getTime());
  });

  it("ignores another partner's event ids", async () => {
    const id = await sellingEvent(1001);
    expect((await recomputeForecasts(t.db, 1002, { eventIds: [id] })).events).toBe(0);
    expect(await forecastFor(t.db, 1002, id)).toBeUndefined();
  });
});

describe('forecastFor', () => {
  it('computes a missing forecast on the spot and stores it', async () => {
    const [e] = await upcomingOf(1002);
    await t.db.delete(eventForecasts).where(eq(eventForecasts.eventId, e.id));
    const row = await forecastFor(t.db, 1002, e.id);
    expect(row?.eventId).toBe(e.id);
    expect(row?.partnerId).toBe(1002);
    const [stored] = await t.db.select().from(eventForecasts).where(eq(eventForecasts.eventId, e.id));
    expect(stored.computedAt).toEqual(row!.computedAt);
  });
});

describe('the forecast.recompute task', () => {
  it('runs through the worker', async () => {
    const id = await sellingEvent();
    await t.db.update(eventForecasts).set({ computedAt: new Date(Date.now() - 86_400_000) }).where(eq(eventForecasts.eventId, id));
    const task = await enqueueForecastRecompute(t.db, 1001, [id]);
    await drain();
    const [done] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(done.status).toBe('SUCCESS');
    expect(done.result).toMatchObject({ events: 1 });
    const [f] = await t.db.select().from(eventForecasts).where(eq(eventForecasts.eventId, id));
    expect(Date.now() - f.computedAt.getTime()).toBeLessThan(60_000);
  });

  it('folds requests into one waiting task', async () => {
    const a = await enqueueForecastRecompute(t.db, 1001, ['e1001-00001']);
    const b = await enqueueForecastRecompute(t.db, 1001, ['e1001-00002', 'e1001-00001']);
    expect(b.id).toBe(a.id);
    expect(b.payload).toEqual({ partnerId: 1001, eventIds: ['e1001-00001', 'e1001-00002'] });
    const full = await enqueueForecastRecompute(t.db, 1001);
    expect(full.id).toBe(a.id);
    expect(full.payload).toEqual({ partnerId: 1001 });
    const other = await enqueueForecastRecompute(t.db, 1002, ['e1002-00001']);
    expect(other.id).not.toBe(a.id);
    await drain();
  });

  it('fails for good on a malformed payload', async () => {
    const [bad] = await t.db.insert(tasks).values({ kind: FORECAST_RECOMPUTE, partnerId: 1001, payload: { partnerId: 'x' } }).returning();
    await drain();
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, bad.id));
    expect(row.status).toBe('FAILURE');
    expect(row.attempts).toBe(1);
  });
});

describe('nightly runs', () => {
  const nightlyTasks = async (day: string) =>
    (await t.db.select().from(tasks).where(eq(tasks.kind, FORECAST_RECOMPUTE))).filter((r) => (r.payload as { nightly?: string }).nightly === day);

  it('queues one run per partner and UTC day, however many workers ask', async () => {
    // Forecasts made yesterday are stale today.
    await t.db.update(eventForecasts).set({ computedAt: new Date(Date.now() - 86_400_000) });
    const now = Date.now();
    const [a, b] = await Promise.all([scheduleNightlyForecasts(t.db, now), scheduleNightlyForecasts(t.db, now)]);
    expect([...a, ...b].sort()).toEqual([1001, 1002]);
    expect(await scheduleNightlyForecasts(t.db, now)).toEqual([]);
    const day = new Date(now).toISOString().slice(0, 10);
    const queued = await nightlyTasks(day);
    expect(queued.map((r) => r.partnerId).sort()).toEqual([1001, 1002]);
    await drain();
    const [{ stale }] = await rows<{ stale: number }>(
      t.db,
      sql`SELECT count(*)::int AS stale FROM event_forecasts f JOIN events e ON e.id = f.event_id
          WHERE e.start_date_time > now() AND f.computed_at < now() - interval '1 hour'`,
    );
    expect(stale).toBe(0);
  });

  it('marks a day done without work when the forecasts are fresh already', async () => {
    const tomorrow = Date.now() + 86_400_000;
    await t.db.update(eventForecasts).set({ computedAt: new Date(tomorrow) });
    expect(await scheduleNightlyForecasts(t.db, tomorrow)).toEqual([]);
    const marked = await nightlyTasks(new Date(tomorrow).toISOString().slice(0, 10));
    expect(marked).toHaveLength(2);
    expect(marked.every((r) => r.status === 'SUCCESS')).toBe(true);
  });
});

describe('below-benchmark notifications (issue 6 producer)', () => {
  it('tell the partner’s lookout users once when an event newly turns below, not again while it stays below', async () => {
    const [pick] = await t.db
      .select({ id: eventForecasts.eventId })
      .from(eventForecasts)
      .where(and(eq(eventForecasts.partnerId, 1001), eq(eventForecasts.state, 'below'), gt(eventForecasts.daysOut, 5)))
      .limit(1);
    const id = pick.id;
    const sent = async () =>
      (await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM notifications WHERE template_data->>'event_id' = ${id} AND notification_topic = 'event'`))[0].n;
    await recomputeForecasts(t.db, 1001, { eventIds: [id] });
    expect((await forecastFor(t.db, 1001, id))!.state).toBe('below');
    expect(await sent()).toBe(0); // staying below is no news

    await t.db.update(eventForecasts).set({ state: 'on_track' }).where(eq(eventForecasts.eventId, id));
    await recomputeForecasts(t.db, 1001, { eventIds: [id] });
    const first = await sent();
    expect(first).toBeGreaterThan(0);
    const [ev] = await t.db.select().from(events).where(eq(events.id, id));
    const [note] = await rows<{ title: string; action_url: string }>(t.db, sql`SELECT title, action_url FROM notifications WHERE template_data->>'event_id' = ${id} LIMIT 1`);
    expect(note.title).toContain(ev.title);
    expect(note.action_url).toBe(`/events/${id}`);

    await recomputeForecasts(t.db, 1001, { eventIds: [id] });
    await recomputeForecasts(t.db, 1001);
    expect(await sent()).toBe(first);
  });
});
