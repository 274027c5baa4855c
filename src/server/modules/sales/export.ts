// GET /daily_revenue_summary/sales_edit_export (spec 3 §7): the events the list query matches,
// one row per event and day with sales, tickets and revenue per ticket type (all sources summed,
// so the file shows what the charts show). The Event ID column lets the edited file come back
// through POST on the same path (adjust.ts). Text the partner controls is escaped so a
// spreadsheet never runs it as a formula.
import { inArray, and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  SALES_EXPORT_LEAD_COLUMNS,
  SALES_EXPORT_MAX_EVENTS,
  SALES_EXPORT_SHEET,
  SALES_EXPORT_TYPE_COLUMNS,
  SALES_TICKET_TYPES,
  storedTicketType,
  type SalesExportQuery,
} from '../../../lib/contracts/sales';
import { matchingEventIds } from '../events/list';
import { writeXlsx, type OutCell } from '../spreadsheets/write-xlsx';
import { now as clockNow } from '../../lib/clock';

/** OWASP's rule for spreadsheet output: a leading = + - @ tab or CR makes a cell a formula in some reader. */
export const escapeFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const ID_CHUNK = 1000;

/**
 * Per event and day one row with tickets and revenue (minor units) of every ticket type in the
 * export's column order: a few wide rows instead of one per type (the row count is what costs).
 */
async function salesPivot(db: Db, partnerId: number, eventIds: string[]): Promise<{ event_id: string; day: string; f: (number | string)[] }[]> {
  if (!eventIds.length) return [];
  const figures = sql.join(
    STORED_TYPES.map((t) => sql`coalesce(sum(tx.quantity) filter (where tx.ticket_type = ${t}), 0)::float8, coalesce(sum(tx.amount_minor) filter (where tx.ticket_type = ${t}), 0)::bigint`),
    sql`, `,
  );
  // One array parameter rather than a thousand.
  const ids = `{${eventIds.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  const res = (await db.execute(
    sql`select tx.event_id, ((tx.sold_at at time zone 'UTC')::date)::text as day, array[${figures}]::bigint[] as f
        from ticket_transactions tx
        where tx.partner_id = ${partnerId} and tx.event_id = any(${ids}::text[])
        group by 1, 2 order by 1, 2`,
  )) as unknown as { rows: { event_id: string; day: string; f: (number | string)[] }[] };
  return res.rows;
}
const STORED_TYPES = SALES_TICKET_TYPES.map(storedTicketType);

export async function salesEditExport(db: Db, partner: { id: number; currency: string }, q: SalesExportQuery, now = clockNow()): Promise<Buffer> {
  const ids = await matchingEventIds(db, partner.id, q, SALES_EXPORT_MAX_EVENTS + 1, now);
  if (ids.length > SALES_EXPORT_MAX_EVENTS) {
    throw new AppError(400, 'error.sales_edit.too_many_events', `Narrow the filters: no more than ${SALES_EXPORT_MAX_EVENTS} events can be exported together`);
  }
  const header = [...SALES_EXPORT_LEAD_COLUMNS, ...SALES_EXPORT_TYPE_COLUMNS];
  const rows: OutCell[][] = [header];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK);
    const evs = await db
      .select({ id: events.id, title: events.title, start: events.startDateTime })
      .from(events)
      .where(and(eq(events.partnerId, partner.id), inArray(events.id, chunk)));
    const byId = new Map(evs.map((e) => [e.id, e]));
    const days = new Map<string, [day: string, figures: number[]][]>();
    for (const r of await salesPivot(db, partner.id, chunk)) {
      const list = days.get(r.event_id) ?? [];
      list.push([r.day, r.f.map((v, k) => (k % 2 ? Number(v) / 100 : Number(v)))]);
      days.set(r.event_id, list);
    }
    for (const id of chunk) {
      const ev = byId.get(id);
      if (!ev) continue;
      const lead: OutCell[] = [escapeFormula(ev.id), escapeFormula(ev.title), new Date(`${ev.start.toISOString().slice(0, 10)}T00:00:00Z`)];
      const evDays = days.get(id);
      // An event without sales still gets a row, so sales can be added in the file.
      if (!evDays?.length) rows.push(lead);
      for (const [day, figures] of evDays ?? []) rows.push([...lead, new Date(`${day}T00:00:00Z`), ...figures]);
    }
  }
  const info: OutCell[][] = [
    ['Sales export'],
    [`Revenue is in ${partner.currency}${q.currency && q.currency !== partner.currency ? ` (${q.currency} was asked for; amounts are not converted)` : ''}.`],
    ['One row per event and day. To adjust sales, change the tickets or revenue of a day, or add a row with the Event ID and a new date, and import the file on the events page.'],
    ['Each figure is the new total of that day and ticket type. A blank cell leaves a figure as it is; rows you delete are left as they are.'],
    ['The differences are recorded as manual adjustments. Do not change the Event ID column.'],
  ];
  return writeXlsx(
    [
      { name: SALES_EXPORT_SHEET, rows, widths: header.map((_, i) => (i === 1 ? 40 : i === 0 ? 24 : 14)), freezeHeader: true },
      { name: 'Instructions', rows: info.map((r) => r.map((c) => (typeof c === 'string' ? escapeFormula(c) : c))), widths: [110] },
    ],
    q.date_format,
  );
}
