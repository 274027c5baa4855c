// The second pass of an import: everything in ONE database transaction, so a failure anywhere
// leaves the partner as it was. Venues and halls are matched by name (per partner) or created;
// events are matched by the partner's event_id (events.external_id) and updated, or created as
// ticketing-system events (source 'api', what the forecast learns from); an event's transactions
// from earlier imports are replaced when transactions.csv has lines for it. The checked
// transactions are read back from the first pass's spool and written in batches of one statement each.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { arr, reserveIds, restoreRowTriggers, skipRowTriggers } from '../../db/bulk';
import { AppError, notFound } from '../../lib/errors';
import type { HistoryImportCounts } from '../../../lib/contracts/history-import';
import type { EventInput } from './rows';
import type { SpoolBatch } from './spool';
import type { ValidatedImport } from './validate';
import { TICKET_TYPES } from '../../db/schema';

/** A partner made by the import itself (the CLI's --new-partner). */
export interface NewPartner {
  name: string;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  /** The partner's email domain (registration); may be empty until someone sets it. */
  domain: string;
}
export type ImportTarget = { partnerId: number } | { newPartner: NewPartner };

/** The partner's country and region for the forecast's public holidays (issue 25), checked already. */
export interface ImportCalendar {
  country: string;
  region: string | null;
}

/** Rows per INSERT: large enough to amortise a round trip, small enough for modest messages. */
const TX_BATCH = 25_000;
const EVENT_BATCH = 5_000;
/** pg_advisory_xact_lock(HISTORY_LOCK, partner): one import per partner at a time. */
const HISTORY_LOCK = 7316044;
const NEW_PARTNER_LOCK = 7316045;

const seconds = (ms: number) => ms / 1000;
const venueKey = (name: string, city: string) => `${name.toLowerCase()}\u0001${city.toLowerCase()}`;
const hallKey = (venueId: number, name: string) => `${venueId}\u0001${name.toLowerCase()}`;

async function createPartner(tx: Db, p: NewPartner): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NEW_PARTNER_LOCK})`);
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO partners (id, name, domain, product, currency)
        SELECT coalesce(max(id), 1000) + 1, ${p.name}, ${p.domain}, 'full-service', ${p.currency} FROM partners
        RETURNING id`,
  );
  return row!.id;
}

interface Existing {
  id: string;
  external_id: string;
}

/** The partner's imported events among `ids`, locked against a concurrent change until commit. */
async function lockExisting(tx: Db, partnerId: number, ids: string[]): Promise<Map<string, string>> {
  const found = await rows<Existing>(
    tx,
    sql`SELECT id, external_id FROM events WHERE partner_id = ${partnerId} AND external_id = ANY(${arr(ids)}::text[]) FOR UPDATE`,
  );
  return new Map(found.map((r) => [r.external_id, r.id]));
}

/** Venue and hall of every event, found by name for the partner or created. */
async function placeEvents(tx: Db, partnerId: number, events: EventInput[]): Promise<{ hallIds: number[]; venues: number; halls: number }> {
  const venueRows = await rows<{ id: number; name: string; city: string }>(tx, sql`SELECT id, name, city FROM venues WHERE partner_id = ${partnerId} ORDER BY id`);
  const venueIds = new Map<string, number>();
  for (const v of venueRows) if (!venueIds.has(venueKey(v.name, v.city))) venueIds.set(venueKey(v.name, v.city), v.id);
  const newVenues = new Map<string, EventInput>();
  for (const e of events) {
    const k = venueKey(e.venue, e.city);
    if (!venueIds.has(k) && !newVenues.has(k)) newVenues.set(k, e);
  }
  const vIds = await reserveIds(tx, 'venues', newVenues.size);
  const vList = [...newVenues.entries()];
  vList.forEach(([k], i) => venueIds.set(k, vIds[i]!));
  if (vList.length) {
    await tx.execute(sql`
      INSERT INTO venues (id, partner_id, name, city, location)
      SELECT id, ${partnerId}::int, name, city, city
      FROM unnest(${arr(vIds)}::int[], ${arr(vList.map(([, e]) => e.venue))}::text[], ${arr(vList.map(([, e]) => e.city))}::text[]) AS u(id, name, city)`);
  }

  const hallRows = await rows<{ id: number; venue_id: number; name: string }>(tx, sql`SELECT id, venue_id, name FROM halls WHERE partner_id = ${partnerId} ORDER BY id`);
  const hallIds = new Map<string, number>();
  for (const h of hallRows) if (!hallIds.has(hallKey(h.venue_id, h.name))) hallIds.set(hallKey(h.venue_id, h.name), h.id);
  // A new hall holds the largest audience of its events in the file.
  const newHalls = new Map<string, { venueId: number; name: string; capacity: number }>();
  for (const e of events) {
    const venueId = venueIds.get(venueKey(e.venue, e.city))!;
    const k = hallKey(venueId, e.hall);
    if (hallIds.has(k)) continue;
    const h = newHalls.get(k);
    if (h) h.capacity = Math.max(h.capacity, e.capacity);
    else newHalls.set(k, { venueId, name: e.hall, capacity: e.capacity });
  }
  const hIds = await reserveIds(tx, 'halls', newHalls.size);
  const hList = [...newHalls.entries()];
  hList.forEach(([k], i) => hallIds.set(k, hIds[i]!));
  if (hList.length) {
    await tx.execute(sql`
      INSERT INTO halls (id, partner_id, venue_id, name, capacity)
      SELECT id, ${partnerId}::int, venue_id, name, capacity
      FROM unnest(${arr(hIds)}::int[], ${arr(hList.map(([, h]) => h.venueId))}::int[], ${arr(hList.map(([, h]) => h.name))}::text[],
                  ${arr(hList.map(([, h]) => h.capacity))}::int[]) AS u(id, venue_id, name, capacity)`);
  }
  return {
    hallIds: events.map((e) => hallIds.get(hallKey(venueIds.get(venueKey(e.venue, e.city))!, e.hall))!),
    venues: vList.length,
    halls: hList.length,
  };
}

/** The next number n of the partner's ticketing-system ids `e{partner}-{nnnnn}` (the demo's format). */
async function nextEventNumber(tx: Db, partnerId: number): Promise<number> {
  const prefix = `e${partnerId}-`;
  const [row] = await rows<{ n: number | null }>(
    tx,
    sql`SELECT max(substring(id from ${prefix.length + 1}::int)::bigint)::float8 AS n FROM events
        WHERE partner_id = ${partnerId} AND id ~ ${`^e${partnerId}-[0-9]{1,15}$`}`,
  );
  return (row?.n ?? 0) + 1;
}

async function writeEvents(tx: Db, partnerId: number, events: EventInput[], hallIds: number[], existing: Map<string, string>): Promise<{ created: number; updated: number; ids: Map<string, string> }> {
  const ids = new Map(existing);
  const fresh: number[] = [];
  const known: number[] = [];
  events.forEach((e, i) => (existing.has(e.externalId) ? known : fresh).push(i));
  let n = await nextEventNumber(tx, partnerId);
  for (const i of fresh) ids.set(events[i]!.externalId, `e${partnerId}-${String(n++).padStart(5, '0')}`);

  for (let from = 0; from < fresh.length; from += EVENT_BATCH) {
    const b = fresh.slice(from, from + EVENT_BATCH).map((i) => ({ e: events[i]!, hall: hallIds[i]! }));
    await tx.execute(sql`
      INSERT INTO events (id, partner_id, eid, external_id, title, category, start_date_time, hall_id, capacity, frontend_status, source)
      SELECT id, ${partnerId}::int, ext, ext, title, category, to_timestamp(start_s), hall_id, capacity, status, 'api'
      FROM unnest(${arr(b.map((x) => ids.get(x.e.externalId)))}::text[], ${arr(b.map((x) => x.e.externalId))}::text[],
                  ${arr(b.map((x) => x.e.title))}::text[], ${arr(b.map((x) => x.e.category))}::text[],
                  ${arr(b.map((x) => seconds(x.e.startMs)))}::float8[], ${arr(b.map((x) => x.hall))}::int[],
                  ${arr(b.map((x) => x.e.capacity))}::int[], ${arr(b.map((x) => (x.e.cancelled ? 'CANCELLED' : 'DEFAULT')))}::text[])
        AS u(id, ext, title, category, start_s, hall_id, capacity, status)`);
  }
  for (let from = 0; from < known.length; from += EVENT_BATCH) {
    const b = known.slice(from, from + EVENT_BATCH).map((i) => ({ e: events[i]!, hall: hallIds[i]! }));
    // A cancellation in the file wins; otherwise a flag or hide set in the console stays.
    await tx.execute(sql`
      UPDATE events e SET title = u.title, category = u.category, start_date_time = to_timestamp(u.start_s), hall_id = u.hall_id,
             capacity = u.capacity,
             frontend_status = CASE WHEN u.cancelled THEN 'CANCELLED' WHEN e.frontend_status = 'CANCELLED' THEN 'DEFAULT' ELSE e.frontend_status END,
             updated_at = now()
      FROM unnest(${arr(b.map((x) => ids.get(x.e.externalId)))}::text[], ${arr(b.map((x) => x.e.title))}::text[],
                  ${arr(b.map((x) => x.e.category))}::text[], ${arr(b.map((x) => seconds(x.e.startMs)))}::float8[],
                  ${arr(b.map((x) => x.hall))}::int[], ${arr(b.map((x) => x.e.capacity))}::int[], ${arr(b.map((x) => x.e.cancelled))}::bool[])
        AS u(id, title, category, start_s, hall_id, capacity, cancelled)
      WHERE e.id = u.id AND e.partner_id = ${partnerId}`);
  }
  return { created: fresh.length, updated: known.length, ids };
}

/**
 * Separates the values of a text column in one parameter. Every text of an import is free of
 * control characters (fields.ts refuses them), so it cannot occur inside a value.
 */
const SEP = '\u001f';

/**
 * One batch, one statement. Each column travels as ONE text parameter split by string_to_array()
 * rather than as an array parameter: the driver then neither quotes nor escapes 25,000 values per
 * column, and the server does not parse an array literal (measured: about 15 % of the write).
 */
async function insertBatch(tx: Db, partnerId: number, b: SpoolBatch, eventIds: string[], priceCategories: string[]): Promise<void> {
  const eventId = new Array<string>(b.size);
  const type = new Array<string>(b.size);
  const category = new Array<string>(b.size);
  for (let i = 0; i < b.size; i++) {
    eventId[i] = eventIds[b.event[i]!]!;
    type[i] = TICKET_TYPES[b.type[i]!]!;
    category[i] = priceCategories[b.priceCategory[i]!]!;
  }
  await tx.execute(sql`
    INSERT INTO ticket_transactions (partner_id, event_id, sold_at, quantity, ticket_type, price_category, amount_minor, source)
    SELECT ${partnerId}::int, event_id, to_timestamp(sold_s), quantity, ticket_type, price_category, amount_minor, 'api'
    FROM unnest(string_to_array(${eventId.join(SEP)}, ${SEP}), string_to_array(${b.soldS.join(',')}, ',')::float8[],
                string_to_array(${b.quantity.join(',')}, ',')::int[], string_to_array(${type.join(SEP)}, ${SEP}),
                string_to_array(${category.join(SEP)}, ${SEP}), string_to_array(${b.amount.join(',')}, ',')::bigint[])
      AS u(event_id, sold_s, quantity, ticket_type, price_category, amount_minor)`);
}

export interface WriteResult {
  partnerId: number;
  counts: HistoryImportCounts;
}

/**
 * Writes a validated import. `onRows` hears how many transactions are written so far; it must not
 * wait for the database (on PGlite this transaction holds the only connection until it ends).
 */
export async function writeImport(
  db: Db,
  target: ImportTarget,
  plan: ValidatedImport,
  onRows: (written: number) => void = () => {},
  calendar?: ImportCalendar,
): Promise<WriteResult> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const partnerId = 'partnerId' in target ? target.partnerId : await createPartner(tx, target.newPartner);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${HISTORY_LOCK}, ${partnerId}::int)`);
    const [partner] = await rows<{ id: number }>(tx, sql`SELECT id FROM partners WHERE id = ${partnerId} FOR KEY SHARE`);
    if (!partner) throw notFound('Partner');
    // With the history, where it happened: the forecasts recomputed after the write read its holidays.
    if (calendar) await tx.execute(sql`UPDATE partners SET country = ${calendar.country}, region = ${calendar.region} WHERE id = ${partnerId}`);

    // What the first pass saw may have changed since (another import, an event entered meanwhile).
    const withTransactions = plan.transactionEvents.values;
    const referenced = [...new Set([...plan.events.map((e) => e.externalId), ...withTransactions])];
    const existing = await lockExisting(tx, partnerId, referenced);
    const inFile = new Set(plan.events.map((e) => e.externalId));
    const vanished = withTransactions.filter((id) => !inFile.has(id) && !existing.has(id));
    const [clash] = await rows<{ eid: string }>(
      tx,
      sql`SELECT eid FROM events WHERE partner_id = ${partnerId} AND eid = ANY(${arr([...inFile])}::text[]) AND external_id IS DISTINCT FROM eid LIMIT 1`,
    );
    if (vanished.length || clash) {
      throw new AppError(409, 'error.history_import.conflict', 'The partner’s events changed while the files were checked; start the import again');
    }

    const placed = await placeEvents(tx, partnerId, plan.events);
    const written = await writeEvents(tx, partnerId, plan.events, placed.hallIds, existing);

    // Transactions of earlier imports (source 'api') of the events the file has lines for; sales
    // entered in the console (source 'manual') stay.
    const replacedIds = withTransactions.filter((id) => existing.has(id)).map((id) => existing.get(id)!);
    let replaced = 0;
    if (replacedIds.length) {
      const [d] = await rows<{ n: number }>(
        tx,
        sql`WITH d AS (DELETE FROM ticket_transactions WHERE partner_id = ${partnerId} AND source = 'api' AND event_id = ANY(${arr(replacedIds)}::text[]) RETURNING 1)
            SELECT count(*)::int AS n FROM d`,
      );
      replaced = d!.n;
    }

    const role = await skipRowTriggers(tx);
    const eventIds = withTransactions.map((id) => written.ids.get(id)!);
    let count = 0;
    for await (const batch of plan.spool.batches(TX_BATCH)) {
      await insertBatch(tx, partnerId, batch, eventIds, plan.priceCategories.values);
      count += batch.size;
      onRows(count);
    }
    await restoreRowTriggers(tx, role);
    if (count !== plan.transactionRows) throw new Error(`history import: ${count} of ${plan.transactionRows} transactions read back`);
    if (role !== null) {
      // The row triggers were skipped: check the references set-wise (every event id is this partner's).
      const [broken] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM unnest(${arr([...new Set(written.ids.values())])}::text[]) AS u(id)
            WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = u.id AND e.partner_id = ${partnerId})`,
      );
      if (broken!.n !== 0) throw new Error(`history import: ${broken!.n} event ids of partner ${partnerId} are missing`);
    }
    return {
      partnerId,
      counts: {
        events_created: written.created,
        events_updated: written.updated,
        transactions: count,
        transactions_replaced: replaced,
        venues_created: placed.venues,
        halls_created: placed.halls,
      },
    };
  });
}
