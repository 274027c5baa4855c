// spec 1 §4.3 frontend_status: flag, archive (HIDDEN), cancel; and the campaign-side service's
// copy of whether the event still runs.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { FrontendStatus } from '../../../lib/contracts/events';
import { notFound } from '../../lib/errors';
import { EVENT_ID_RE } from './item';

export async function setFrontendStatus(db: Db, partnerId: number, id: string, status: FrontendStatus): Promise<void> {
  if (!EVENT_ID_RE.test(id)) throw notFound('Event');
  const updated = await db
    .update(events)
    .set({ frontendStatus: status, updatedAt: sql`now()` })
    .where(and(eq(events.partnerId, partnerId), eq(events.id, id)))
    .returning({ id: events.id });
  if (!updated.length) throw notFound('Event');
}

export async function setCampaignSideStatus(db: Db, partnerId: number, id: string, status: 'RUNNING' | 'CANCELLED') {
  if (!EVENT_ID_RE.test(id)) throw notFound('Event');
  const [row] = await db
    .update(events)
    .set({ campaignSideStatus: status })
    .where(and(eq(events.partnerId, partnerId), eq(events.id, id)))
    .returning({ id: events.id, eid: events.eid, status: events.campaignSideStatus, updatedAt: events.updatedAt });
  if (!row) throw notFound('Event');
  return { id: row.id, eid: row.eid, status: row.status ?? 'RUNNING', last_updated_on_fe: row.updatedAt.toISOString() };
}

/** Campaign-side GET /events/{id}: the event as the campaign service knows it. */
export async function campaignSideEvent(db: Db, partnerId: number, id: string) {
  if (!EVENT_ID_RE.test(id)) throw notFound('Event');
  const [row] = await db
    .select({ id: events.id, eid: events.eid, title: events.title, start: events.startDateTime, status: events.campaignSideStatus, updatedAt: events.updatedAt })
    .from(events)
    .where(and(eq(events.partnerId, partnerId), eq(events.id, id)));
  if (!row) throw notFound('Event');
  return { id: row.id, eid: row.eid, title: row.title, start_date_time: row.start.toISOString(), status: row.status ?? 'RUNNING', last_updated_on_fe: row.updatedAt.toISOString() };
}
