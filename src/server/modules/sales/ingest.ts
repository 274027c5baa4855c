// Writing sales that reach Encore outside a ticketing API (spec 3 §2 "Manual sales entry"): they
// become ticket_transactions with source 'manual', so every chart, the "sold" measure and the
// forecast count them, and the transaction chart marks them as manual adjustments.
//
// A sales summary covers a period but says nothing about which day each ticket sold, so it is
// recorded on its end date (one transaction per ticket type, 12:00 UTC): the cumulative curve is
// exact from that day on and no day gets invented sales.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, ticketTransactions } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { enqueueForecastRecompute } from '../forecast';
import { storedTicketType, type IngestResponse, type StoredTicketType, type TransactionSummaryRequest } from '../../../lib/contracts/sales';
import { now as clockNow } from '../../lib/clock';

export interface SaleLine {
  /** YYYY-MM-DD (UTC). */
  day: string;
  type: StoredTicketType;
  /** May be negative for an adjustment that takes sales back. */
  quantity: number;
  amountMinor: number;
}

export const MANUAL_PRICE_CATEGORY = 'Manual';
export const toMinor = (major: number) => Math.round(major * 100);
export const todayUtc = (now = clockNow()) => now.toISOString().slice(0, 10);

/** The partner's event with its UTC day; another partner's event is not found (404). */
export async function partnerEvent(db: Db, partnerId: number, eventId: string): Promise<{ id: string; day: string }> {
  const [ev] = await db
    .select({ id: events.id, start: events.startDateTime })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.partnerId, partnerId)))
    .limit(1);
  if (!ev) throw notFound('Event');
  return { id: ev.id, day: ev.start.toISOString().slice(0, 10) };
}

/** The latest day sales may be recorded on: today or the event's day, whichever is earlier. */
export const maxSalesDay = (eventDay: string, now = clockNow()) => (eventDay < todayUtc(now) ? eventDay : todayUtc(now));

const CHUNK = 5000;

/** Inserts manual transactions inside the caller's transaction. */
export async function insertManualSales(tx: Db, partnerId: number, eventId: string, lines: SaleLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    await tx.insert(ticketTransactions).values(
      lines.slice(i, i + CHUNK).map((l) => ({
        partnerId,
        eventId,
        soldAt: new Date(`${l.day}T12:00:00.000Z`),
        quantity: l.quantity,
        ticketType: l.type,
        priceCategory: MANUAL_PRICE_CATEGORY,
        amountMinor: l.amountMinor,
        source: 'manual' as const,
      })),
    );
  }
}

export async function recompute(db: Db, partnerId: number, eventIds: string[]): Promise<string | null> {
  if (!eventIds.length) return null;
  const task = await enqueueForecastRecompute(db, partnerId, eventIds);
  return task?.id ?? null;
}

export function ingestResult(eventId: string, lines: SaleLine[], taskId: string | null): IngestResponse {
  return {
    success: true,
    event_id: eventId,
    transactions: lines.length,
    tickets: lines.reduce((s, l) => s + l.quantity, 0),
    revenue: lines.reduce((s, l) => s + l.amountMinor, 0) / 100,
    recompute_task_id: taskId,
  };
}

/** POST /ingest/transaction_summary. */
export async function ingestTransactionSummary(db: Db, partnerId: number, req: TransactionSummaryRequest, now = clockNow()): Promise<IngestResponse> {
  const event = await partnerEvent(db, partnerId, req.event_id);
  const max = maxSalesDay(event.day, now);
  if (req.end_date > max) {
    throw new AppError(400, 'error.sales_edit.invalid_date_range', `The end date cannot be after ${max} (today or the event date)`, 'end_date');
  }
  const lines: SaleLine[] = Object.entries(req.ticket_types).map(([type, f]) => ({
    day: req.end_date,
    type: storedTicketType(type as keyof typeof req.ticket_types),
    quantity: f!.count,
    amountMinor: toMinor(f!.revenue),
  }));
  await db.transaction(async (tx) => {
    await insertManualSales(tx as unknown as Db, partnerId, event.id, lines);
  });
  return ingestResult(event.id, lines, await recompute(db, partnerId, [event.id]));
}

/** Sums of an event's sales per day and ticket type, all sources (for the export and the import's deltas). */
export async function salesByDay(
  db: Db,
  partnerId: number,
  eventIds: string[],
): Promise<{ event_id: string; day: string; ticket_type: StoredTicketType; tickets: number; revenue_minor: string | number }[]> {
  if (!eventIds.length) return [];
  const res = (await db.execute(
    sql`select tx.event_id, to_char((tx.sold_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, tx.ticket_type,
               sum(tx.quantity)::float8 as tickets, sum(tx.amount_minor)::bigint as revenue_minor
        from ticket_transactions tx
        where tx.partner_id = ${partnerId} and tx.event_id in (${sql.join(eventIds.map((id) => sql`${id}`), sql`, `)})
        group by 1, 2, 3 order by 1, 2, 3`,
  )) as unknown as { rows: { event_id: string; day: string; ticket_type: StoredTicketType; tickets: number; revenue_minor: string | number }[] };
  return res.rows;
}
