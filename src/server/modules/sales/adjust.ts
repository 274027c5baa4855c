// POST /daily_revenue_summary/sales_edit_export (spec 3 §2 "Export and adjustment import"): an
// edited export comes back; each row's figures are the day's new totals per ticket type and the
// difference to what is stored is written as a manual adjustment (contracts/sales.ts describes
// the semantics). The whole file is checked first and written in one transaction.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { SALES_EXPORT_SHEET, SALES_TICKET_TYPES, storedTicketType, type ExportDateFormat, type SalesEditError, type SalesEditImportResponse, type StoredTicketType } from '../../../lib/contracts/sales';
import { cellRef, readSpreadsheet, SpreadsheetError, type Sheet } from '../spreadsheets/read';
import { cellDay, cellNumber, cellText, isBlank } from '../spreadsheets/values';
import { insertManualSales, maxSalesDay, recompute, salesByDay, toMinor, type SaleLine } from './ingest';
import { INSTRUCTION_SHEETS } from './upload';
import { COUNT_RULE, isSafeText, LIMITS, MONEY_RULE, numberProblem } from '../../../lib/contracts/limits';
import { now as clockNow } from '../../lib/clock';

const CODE = (c: string) => `error.sales_edit.${c}` as SalesEditError;
const MAX_ISSUES = 50;
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

interface Edit {
  eventId: string;
  day: string;
  ref: string;
  idRef: string;
  /** New totals per stored ticket type; a type left blank is absent. */
  tickets: Map<StoredTicketType, number>;
  revenueMinor: Map<StoredTicketType, number>;
}

function pickSheet(sheets: Sheet[]): Sheet | undefined {
  const visible = sheets.filter((s) => !INSTRUCTION_SHEETS.has(s.name.trim().toLowerCase()));
  return visible.find((s) => s.name === SALES_EXPORT_SHEET) ?? visible[0];
}

export async function importSalesEdits(db: Db, partnerId: number, file: Buffer, dateFormat?: ExportDateFormat, now = clockNow()): Promise<SalesEditImportResponse> {
  let sheets: Sheet[];
  try {
    sheets = await readSpreadsheet(file, { formats: ['xlsx'] });
  } catch (err) {
    if (err instanceof SpreadsheetError) {
      if (err.reason === 'too_large') throw new AppError(413, CODE('file_too_large'), err.message, err.reason);
      const code = ['invalid_file_type', 'unreadable', 'encrypted'].includes(err.reason) ? 'invalid_file_type' : 'invalid_schema';
      throw new AppError(400, CODE(code), err.message, err.reason);
    }
    throw err;
  }
  const sheet = pickSheet(sheets);
  const [header, ...rows] = sheet?.rows ?? [];
  if (!sheet || !header || !rows.length) throw new AppError(400, CODE('empty_file'), 'The file has no rows');

  // Columns by header text (a Map: header text is untrusted), so their order may change.
  const col = new Map<string, number>();
  header.cells.forEach((c, i) => {
    const name = norm(cellText(c));
    if (name && !col.has(name)) col.set(name, i);
  });
  const idCol = col.get('event id');
  const dateCol = col.get('date');
  if (idCol === undefined || dateCol === undefined) {
    throw new AppError(400, CODE('invalid_schema'), "The sheet needs the columns 'Event ID' and 'Date'", cellRef(sheet.name, 0, header.number));
  }
  const typeCols = SALES_TICKET_TYPES.map((t) => ({ type: storedTicketType(t), tickets: col.get(`${t} tickets`), revenue: col.get(`${t} revenue`) }));

  const issues: { path: string; message: string }[] = [];
  let first: { code: SalesEditError; subcode: string; message: string } | undefined;
  const fail = (code: string, subcode: string, message: string) => {
    first ??= { code: CODE(code), subcode, message };
    if (issues.length < MAX_ISSUES) issues.push({ path: subcode, message: CODE(code) });
  };

  const edits: Edit[] = [];
  const seen = new Set<string>();
  const slash = dateFormat === 'mm/dd/yyyy' ? 'mdy' : 'dmy';
  for (const row of rows) {
    const at = (c: number) => cellRef(sheet.name, c, row.number);
    const get = (c: number | undefined) => (c === undefined ? null : (row.cells[c] ?? null));
    const figuresBlank = typeCols.every((t) => isBlank(get(t.tickets)) && isBlank(get(t.revenue)));
    if (isBlank(get(dateCol)) && figuresBlank) continue; // an event row without sales, left as exported
    const eventId = cellText(get(idCol)).replace(/^'/, '');
    if (!eventId) {
      fail('invalid_schema', at(idCol), 'Event ID is missing');
      continue;
    }
    // Text the database cannot hold (NUL, an unpaired surrogate) names no event of ours.
    if (!isSafeText(eventId) || eventId.length > 200) {
      fail('unknown_event', at(idCol), 'No such event');
      continue;
    }
    const day = cellDay(get(dateCol)!, slash);
    if (!day) {
      fail('invalid_transaction_date', at(dateCol), 'Not a date');
      continue;
    }
    const key = `${eventId}|${day}`;
    if (seen.has(key)) {
      fail('duplicate_row', at(dateCol), 'The same event and date appear twice');
      continue;
    }
    seen.add(key);
    const edit: Edit = { eventId, day, ref: at(dateCol), idRef: at(idCol), tickets: new Map(), revenueMinor: new Map() };
    for (const t of typeCols) {
      const tc = get(t.tickets);
      if (!isBlank(tc)) {
        const n = cellNumber(tc!);
        if (n === undefined || numberProblem(n, COUNT_RULE(LIMITS.ticketsPerEntry))) {
          fail('invalid_transaction_count', at(t.tickets!), `Tickets must be a whole number from 0 to ${LIMITS.ticketsPerEntry}`);
        } else edit.tickets.set(t.type, n);
      }
      const rc = get(t.revenue);
      if (!isBlank(rc)) {
        const n = cellNumber(rc!);
        // As in the sales upload: computed amounts are rounded to cents, not refused for their decimals.
        const problem = n === undefined ? 'notANumber' : numberProblem(n, MONEY_RULE(LIMITS.revenuePerEntry));
        if (problem && problem !== 'tooManyDecimals') fail('invalid_total_revenue', at(t.revenue!), `Revenue must be a number from 0 to ${LIMITS.revenuePerEntry}`);
        else edit.revenueMinor.set(t.type, toMinor(n!));
      }
    }
    edits.push(edit);
  }
  if (!first && !edits.length) throw new AppError(400, CODE('empty_file'), 'The file has no sales rows');

  // Events: the partner's only; anything else reads as unknown (no hint of other partners' ids).
  const ids = [...new Set(edits.map((e) => e.eventId))];
  const known = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await db
      .select({ id: events.id, start: events.startDateTime })
      .from(events)
      .where(and(eq(events.partnerId, partnerId), inArray(events.id, ids.slice(i, i + 1000))));
    for (const e of found) known.set(e.id, e.start.toISOString().slice(0, 10));
  }
  const current = new Map<string, { t: number; r: number }>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const s of await salesByDay(db, partnerId, ids.slice(i, i + 1000).filter((id) => known.has(id)))) {
      current.set(`${s.event_id}|${s.day}|${s.ticket_type}`, { t: s.tickets, r: Number(s.revenue_minor) });
    }
  }
  const deltas = new Map<string, SaleLine[]>();
  for (const e of edits) {
    const eventDay = known.get(e.eventId);
    if (!eventDay) {
      fail('unknown_event', e.idRef, `No event ${e.eventId}`);
      continue;
    }
    for (const t of typeCols) {
      const was = current.get(`${e.eventId}|${e.day}|${t.type}`) ?? { t: 0, r: 0 };
      const dt = e.tickets.has(t.type) ? e.tickets.get(t.type)! - was.t : 0;
      const dr = e.revenueMinor.has(t.type) ? e.revenueMinor.get(t.type)! - was.r : 0;
      if (dt === 0 && dr === 0) continue;
      // New sales cannot be dated after today or the event; correcting recorded days is fine.
      if (was.t === 0 && was.r === 0 && e.day > maxSalesDay(eventDay, now)) {
        fail('invalid_transaction_date', e.ref, `Sales cannot be dated after ${maxSalesDay(eventDay, now)}`);
        break;
      }
      const list = deltas.get(e.eventId) ?? [];
      list.push({ day: e.day, type: t.type, quantity: dt, amountMinor: dr });
      deltas.set(e.eventId, list);
    }
  }
  if (first) {
    const f = first as { code: SalesEditError; subcode: string; message: string };
    throw new AppError(400, f.code, f.message, f.subcode, undefined, issues);
  }

  let adjustments = 0;
  await db.transaction(async (txDb) => {
    for (const [eventId, lines] of deltas) {
      await insertManualSales(txDb as unknown as Db, partnerId, eventId, lines);
      adjustments += lines.length;
    }
  });
  const changed = [...deltas.keys()];
  return { success: true, events: changed.length, adjustments, recompute_task_id: await recompute(db, partnerId, changed) };
}
