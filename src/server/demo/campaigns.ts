// Demo marketing campaigns (spec 1 §3 Event campaign fields): a handful of upcoming events get a
// paid social campaign, so the events list shows active and inactive badges and the dashboard's
// statistics card has real sums. Campaigns ran or run in the three weeks before the event.
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, events } from '../db/schema';
import { createRng } from './random';

const DAY_MS = 86_400_000;

export async function seedCampaigns(db: Db, partner: { id: number; currency: string }, opts: { now: Date; seedKey: string }): Promise<number> {
  const rng = createRng(`${opts.seedKey}:campaigns:${partner.id}`);
  const now = opts.now.getTime();
  const upcoming = await db
    .select({ id: events.id, title: events.title, start: events.startDateTime, capacity: events.capacity })
    .from(events)
    .where(and(eq(events.partnerId, partner.id), gt(events.startDateTime, opts.now), ne(events.category, 'product'), sql`${events.startDateTime} < ${new Date(now + 120 * DAY_MS)}`))
    .orderBy(asc(events.startDateTime));
  // Every fifth upcoming show in the next four months: enough badges without crowding the list.
  const picked = upcoming.filter((_, i) => i % 5 === 2);
  const rows = picked.map((e, i) => {
    const startMs = e.start.getTime();
    const status = i % 4 === 3 ? 'PAUSED' : 'ACTIVE';
    // One in six stopped early (ended); the others run until the day before the show.
    const stopMs = i % 6 === 5 ? now - rng.int(1, 5) * DAY_MS : startMs - DAY_MS;
    const spend = rng.int(80, 900) * 100;
    const purchases = rng.int(3, 60);
    return {
      partnerId: partner.id,
      eventId: e.id,
      name: `${e.title} – Meta`,
      status: status as 'ACTIVE' | 'PAUSED',
      optimisationStatus: rng.chance(0.8) ? ('ACTIVE' as const) : ('PAUSED' as const),
      startTime: new Date(Math.min(now - rng.int(2, 14) * DAY_MS, stopMs - DAY_MS)),
      stopTime: new Date(stopMs),
      adsets: rng.int(1, 5),
      spendMinor: spend,
      purchases,
      revenueMinor: Math.round(spend * rng.float(1.5, 9)),
      currency: partner.currency,
    };
  });
  if (rows.length) await db.insert(campaigns).values(rows);
  return rows.length;
}
