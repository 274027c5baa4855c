// A small, hand-made events catalogue for the event API tests: every number the tests assert
// follows from the rows written here, not from the demo seed's random draws.
import { campaigns, eventForecasts, events, halls, ticketTransactions, venues } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

export const DAY = 86_400_000;
export const NOW = new Date();
const at = (days: number, hour = 19) => new Date(Math.floor(NOW.getTime() / DAY + days) * DAY + hour * 3_600_000);

export async function seedEventsFixture(db: Db) {
  const [v1, v2] = await db
    .insert(venues)
    .values([
      { partnerId: 1001, name: 'Konzerthaus', city: 'Köln', location: 'Altstadt' },
      { partnerId: 1001, name: 'Stadthalle', city: 'Bonn', location: 'Zentrum' },
    ])
    .returning();
  const [other] = await db.insert(venues).values({ partnerId: 1002, name: 'Harbour Hall', city: 'Bristol', location: 'Docks' }).returning();
  const [grand, small, bonn] = await db
    .insert(halls)
    .values([
      { partnerId: 1001, venueId: v1.id, name: 'Großer Saal', capacity: 1000 },
      { partnerId: 1001, venueId: v1.id, name: 'Kammermusiksaal', capacity: 200 },
      { partnerId: 1001, venueId: v2.id, name: 'Saal 1', capacity: 500 },
    ])
    .returning();
  const [harbour] = await db.insert(halls).values({ partnerId: 1002, venueId: other.id, name: 'Main', capacity: 800 }).returning();

  const ev = (id: string, title: string, days: number, hallId: number, capacity: number, extra: Partial<typeof events.$inferInsert> = {}) => ({
    id, partnerId: 1001, eid: id.toUpperCase(), title, category: 'symphony', startDateTime: at(days), hallId, capacity, ...extra,
  });
  await db.insert(events).values([
    ev('e1001-00001', 'Beethoven 9', 10, grand.id, 1000),
    ev('e1001-00002', 'Beethoven 9', 11, grand.id, 1000, { frontendStatus: 'FLAGGED' }),
    ev('e1001-00003', 'Quartett 100% live_', 40, small.id, 200, { category: 'chamber' }),
    ev('e1001-00004', 'Rock Night', 20, bonn.id, 500, { category: 'rock_pop', source: 'manual' }),
    ev('e1001-00005', 'Archived Gala', 30, grand.id, 1000, { frontendStatus: 'HIDDEN' }),
    ev('e1001-00006', 'Old Concert', -100, grand.id, 1000),
    ev('e1001-00007', 'Gift voucher', 60, grand.id, 0, { category: 'product' }),
    ev('e1001-sim-1', 'Planned Show', 90, bonn.id, 500, { category: 'theatre', source: 'manual' }),
    { id: 'e1002-00001', partnerId: 1002, eid: 'E1002-1', title: 'Harbour Jazz', category: 'other', startDateTime: at(15), hallId: harbour.id, capacity: 800 },
  ]);

  const tx = (eventId: string, daysBefore: number, quantity: number, ticketType: typeof ticketTransactions.$inferInsert.ticketType, priceCategory: string, amountMinor: number, source: 'api' | 'manual' = 'api') => ({
    partnerId: eventId.startsWith('e1002') ? 1002 : 1001, eventId, soldAt: at(-daysBefore, 10), quantity, ticketType, priceCategory, amountMinor, source,
  });
  await db.insert(ticketTransactions).values([
    tx('e1001-00001', 30, 100, 'regular', '1', 500_000),
    tx('e1001-00001', 20, 50, 'subscription', '2', 150_000),
    tx('e1001-00001', 20, 20, 'discount', '2', 40_000),
    tx('e1001-00001', 5, 10, 'cancelled', '1', 0),
    tx('e1001-00001', 2, 30, 'regular', 'Loge', 300_000, 'manual'),
    tx('e1002-00001', 3, 40, 'regular', '1', 80_000),
  ]);

  await db.insert(eventForecasts).values([
    { eventId: 'e1001-00001', partnerId: 1001, daysOut: 10, ticketsSold: 200, nowValue: 20, nowBenchmark: 30, predictionValue: 55, predictionBenchmark: 70, predictedTickets: 550, state: 'below', comparables: 12, benchmarkCurve: [70, 65, 60, 55, 50, 45, 40, 38, 35, 32, 30, 28], predictedPath: [20, 24, 28, 32, 36, 40, 44, 47, 50, 53, 55], modelVersion: 'test' },
    { eventId: 'e1001-00002', partnerId: 1001, daysOut: 11, ticketsSold: 0, nowValue: 0, nowBenchmark: 0, predictionValue: 70, predictionBenchmark: 70, predictedTickets: 700, state: 'on_track', comparables: 12, modelVersion: 'test' },
  ]);
  await db.insert(campaigns).values([
    { partnerId: 1001, eventId: 'e1001-00001', name: 'Push B9', status: 'ACTIVE', startTime: at(-5), stopTime: at(9), adsets: 3, spendMinor: 12_000, purchases: 14, revenueMinor: 84_000, currency: 'EUR' },
    { partnerId: 1001, eventId: 'e1001-00004', name: 'Rock ended', status: 'ACTIVE', startTime: at(-20), stopTime: at(-1), adsets: 2, spendMinor: 5_000, purchases: 2, revenueMinor: 6_000, currency: 'EUR' },
    { partnerId: 1002, eventId: 'e1002-00001', name: 'Jazz', status: 'ACTIVE', startTime: at(-5), stopTime: at(9), adsets: 9, spendMinor: 99_900, purchases: 1, revenueMinor: 100, currency: 'GBP' },
  ]);
}
