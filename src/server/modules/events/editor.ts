// spec 3 "Simulation" and "Event editor": create one manual event per call and update an event's
// details. Venues and halls are found by name for the partner or created, so a simulated event
// sits in the same hall as real ones and the forecast can compare it with them.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { events, halls, venues } from '../../db/schema';
import type { EventDetails, EventFormData } from '../../../lib/contracts/event-form';
import { notFound } from '../../lib/errors';
import { EVENT_ID_RE } from './item';

/** The form's date and time are the UTC wall time every screen shows (spec 3 §9). */
function startOf(form: EventFormData): Date {
  const time = form.category === 'product' || !form.time ? '00:00' : form.time;
  return new Date(`${form.date}T${time}:00Z`);
}

async function findOrCreateHall(db: Db, partnerId: number, form: EventFormData): Promise<number | null> {
  if (form.category === 'product' || !form.venue || !form.hall) return null;
  const [venue] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.partnerId, partnerId), sql`lower(${venues.name}) = lower(${form.venue})`, sql`lower(${venues.city}) = lower(${form.city})`))
    .limit(1);
  const venueId =
    venue?.id ??
    (await db.insert(venues).values({ partnerId, name: form.venue, city: form.city, location: form.city }).returning({ id: venues.id }))[0].id;
  const [hall] = await db
    .select({ id: halls.id })
    .from(halls)
    .where(and(eq(halls.partnerId, partnerId), eq(halls.venueId, venueId), sql`lower(${halls.name}) = lower(${form.hall})`))
    .limit(1);
  if (hall) return hall.id;
  const [created] = await db.insert(halls).values({ partnerId, venueId, name: form.hall, capacity: form.capacity }).returning({ id: halls.id });
  return created.id;
}

function detailColumns(form: EventFormData) {
  return {
    title: form.name,
    description: form.description,
    category: form.category,
    startDateTime: startOf(form),
    capacity: form.capacity,
    price: form.price,
    lineups: form.category === 'product' ? [] : form.lineups,
    setlists: form.category === 'product' ? [] : form.setlists,
    timezone: form.tz ?? null,
  };
}

/** The next free `e{partner}-sim-{n}`; n counts up from the highest in use. */
async function nextSimNumber(db: Db, partnerId: number): Promise<number> {
  const prefix = `e${partnerId}-sim-`;
  // The start is cast: an untyped parameter makes `substring(id from $1)` the regex form, which
  // found nothing, so every save fell back to 1 and walked the retries (a bulk upload ran out).
  const from = sql`${prefix.length + 1}::int`;
  const [row] = await rows<{ n: number | null }>(
    db,
    sql`select max(substring(id from ${from})::int) as n from events
        where partner_id = ${partnerId} and id like ${prefix + '%'} and substring(id from ${from}) ~ '^[0-9]+$'`,
  );
  return (row?.n ?? 0) + 1;
}

/**
 * Inserts one manual event inside the caller's transaction; returns its id. Every manual event,
 * simulated or bulk-uploaded, gets an `e{partner}-sim-{n}` id: spec 1 §2.10 marks manually added
 * events by '-sim-' in the id (manual-event note, "simulated" source filter). `eid` is the
 * partner's own identifier when it has one (bulk upload), else `E{partner}-SIM-{n}`.
 */
export async function insertManualEvent(txDb: Db, partnerId: number, form: EventFormData, eid?: string): Promise<string> {
  const hallId = await findOrCreateHall(txDb, partnerId, form);
  // Two saves racing for the same number: the primary key refuses one; retry with the next.
  for (let attempt = 0; ; attempt++) {
    const n = (await nextSimNumber(txDb, partnerId)) + attempt;
    const id = `e${partnerId}-sim-${n}`;
    const inserted = await txDb
      .insert(events)
      .values({ id, partnerId, eid: eid ?? `E${partnerId}-SIM-${n}`, hallId, source: 'manual', campaignSideStatus: 'RUNNING', ...detailColumns(form) })
      .onConflictDoNothing()
      .returning({ id: events.id });
    if (inserted.length) return inserted[0].id;
    if (attempt > 20) throw new Error('No free simulation id');
  }
}

/** Creates one manual (simulated) event; returns its id. */
export async function createSimulatedEvent(db: Db, partnerId: number, form: EventFormData): Promise<string> {
  return db.transaction(async (tx) => insertManualEvent(tx as unknown as Db, partnerId, form));
}

/** Updates the partner's event with the form; 404 for anything not the partner's. */
export async function updateEvent(db: Db, partnerId: number, id: string, form: EventFormData): Promise<void> {
  if (!EVENT_ID_RE.test(id)) throw notFound('Event');
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [existing] = await txDb.select({ id: events.id }).from(events).where(and(eq(events.id, id), eq(events.partnerId, partnerId))).limit(1);
    if (!existing) throw notFound('Event');
    const hallId = await findOrCreateHall(txDb, partnerId, form);
    await txDb
      .update(events)
      .set({ ...detailColumns(form), ...(form.category === 'product' ? {} : { hallId }), updatedAt: new Date() })
      .where(and(eq(events.id, id), eq(events.partnerId, partnerId)));
  });
}

interface DetailRow {
  id: string;
  eid: string;
  title: string;
  description: string;
  category: string;
  start_date_time: Date | string;
  timezone: string | null;
  capacity: number;
  price: number | null;
  lineups: EventDetails['lineups'];
  setlists: EventDetails['setlists'];
  source: 'api' | 'manual';
  hall: string | null;
  venue: string | null;
  city: string | null;
}

/** GET /events/{id}/details: what the editor prefills and the copy dialog copies. */
export async function getEventDetails(db: Db, partnerId: number, id: string): Promise<EventDetails> {
  if (!EVENT_ID_RE.test(id)) throw notFound('Event');
  const [r] = await rows<DetailRow>(
    db,
    sql`select e.id, e.eid, e.title, e.description, e.category, e.start_date_time, e.timezone, e.capacity, e.price,
               e.lineups, e.setlists, e.source, h.name as hall, v.name as venue, v.city
        from events e left join halls h on h.id = e.hall_id left join venues v on v.id = h.venue_id
        where e.partner_id = ${partnerId} and e.id = ${id}`,
  );
  if (!r) throw notFound('Event');
  const start = new Date(r.start_date_time).toISOString();
  return {
    id: r.id,
    eid: r.eid,
    name: r.title,
    description: r.description,
    category: r.category,
    date: start.slice(0, 10),
    time: start.slice(11, 16),
    tz: r.timezone ?? 'UTC',
    city: r.city ?? '',
    venue: r.venue ?? '',
    hall: r.hall ?? '',
    capacity: r.capacity,
    price: r.price,
    lineups: r.lineups ?? [],
    setlists: r.setlists ?? [],
    source: r.source,
  };
}

/** The edit routes carry the eid (spec 3 "Routes"); our own ids are accepted too. */
export async function findEventIdByEid(db: Db, partnerId: number, eid: string): Promise<string | undefined> {
  // PostgreSQL text cannot hold NUL (the query would fail, a 500 on /events/edit/%00): no event has such an eid.
  if (eid.includes('\u0000')) return undefined;
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.partnerId, partnerId), sql`(${events.eid} = ${eid} or ${events.id} = ${eid})`))
    .orderBy(sql`${events.eid} = ${eid} desc`)
    .limit(1);
  return row?.id;
}

/** The editor pages' prefill: the partner's event with this eid, or null (the page answers 404). */
export async function findEditableEvent(db: Db, partnerId: number, eid: string): Promise<EventDetails | null> {
  const id = await findEventIdByEid(db, partnerId, eid);
  return id ? getEventDetails(db, partnerId, id) : null;
}
