// Loads one partner's events and their daily sales for the forecasting engine: two queries, the
// sales already summed per event and UTC day by the database, so a partner with a million
// transactions arrives as a few thousand rows.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { EventRecord } from '../../engines/forecast/types';
import { NOT_SOLD_TICKET_TYPES } from '../sales/measures';

/** Tickets that hold a seat: the one definition every screen shares (sales/measures.ts). */
const SOLD_TICKET = sql`NOT (ticket_type = ANY(${sql.param([...NOT_SOLD_TICKET_TYPES])}::text[]))`;

interface EventRow {
  id: string;
  title: string;
  category: string;
  hall_id: number | null;
  venue_id: number | null;
  capacity: number;
  start_ms: string | number;
  frontend_status: string;
  source: string;
}

interface SalesRow {
  event_id: string;
  days: number[] | string;
  qty: number[] | string;
}

/** PGlite returns int[] as arrays; a driver that hands back '{1,2}' literals is handled too. */
function intArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** `salesBeforeMs`: only sales before that moment (a forecast as it stood then). */
export async function loadPartnerEvents(db: Db, partnerId: number, salesBeforeMs?: number): Promise<EventRecord[]> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // The day aggregation hashes a million rows at bench scale; with the default 4 MB it spills
    // to disk and takes twice as long.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    const events = await rows<EventRow>(
      tx,
      sql`SELECT e.id, e.title, e.category, e.hall_id, h.venue_id, e.capacity,
                 (extract(epoch FROM e.start_date_time) * 1000)::float8 AS start_ms, e.frontend_status, e.source
          FROM events e LEFT JOIN halls h ON h.id = e.hall_id AND h.partner_id = e.partner_id
          WHERE e.partner_id = ${partnerId}`,
    );
    // Both arrays are filled from the same rows in the same order, so they stay aligned; the
    // engine does not need them sorted.
    const sales = await rows<SalesRow>(
      tx,
      sql`SELECT event_id, array_agg(day - DATE '1970-01-01') AS days, array_agg(qty) AS qty
          FROM (
            SELECT event_id, (sold_at AT TIME ZONE 'UTC')::date AS day, sum(quantity)::float8 AS qty
            FROM ticket_transactions
            WHERE partner_id = ${partnerId} AND ${SOLD_TICKET}
              ${salesBeforeMs === undefined ? sql`` : sql`AND sold_at < ${new Date(salesBeforeMs).toISOString()}::timestamptz`}
            GROUP BY 1, 2
          ) d
          GROUP BY event_id`,
    );
    return toRecords(events, sales);
  });
}

function toRecords(events: EventRow[], sales: SalesRow[]): EventRecord[] {
  const byEvent = new Map<string, SalesRow>();
  for (const s of sales) byEvent.set(s.event_id, s);
  return events.map((e) => {
    const s = byEvent.get(e.id);
    return {
      id: e.id,
      title: e.title,
      category: e.category,
      hallId: e.hall_id,
      venueId: e.venue_id,
      capacity: e.capacity,
      startMs: Number(e.start_ms),
      learnable: e.source === 'api' && e.frontend_status !== 'CANCELLED',
      saleDays: s ? intArray(s.days) : [],
      saleQty: s ? intArray(s.qty) : [],
    };
  });
}
