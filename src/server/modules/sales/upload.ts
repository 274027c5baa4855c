// POST /ingest/transaction_summary/from_excel (spec 3 §2 "Spreadsheet sales upload", §3 template,
// §8 server codes): every visible sheet except Instructions holds rows of Date*, Tickets*,
// Revenue* and an optional Ticket Type. The whole file is checked before anything is written;
// the rows are summed per day and ticket type and written in one transaction together with the
// file's content hash, which refuses the same data a second time (already_exist).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { salesUploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { SALES_TEMPLATE_COLUMNS, storedTicketType, SALES_TICKET_TYPES, type IngestResponse, type SalesTicketType, type StoredTicketType, type UploadSalesError } from '../../../lib/contracts/sales';
import { cellRef, readSpreadsheet, SpreadsheetError, type Sheet } from '../spreadsheets/read';
import { cellDay, cellNumber, cellText, isBlank } from '../spreadsheets/values';
import { COUNT_RULE, LIMITS, MONEY_RULE, numberProblem } from '../../../lib/contracts/limits';
import { ingestResult, insertManualSales, maxSalesDay, partnerEvent, recompute, toMinor, type SaleLine } from './ingest';
import { now as clockNow } from '../../lib/clock';

const CODE = (c: string) => `error.upload_sales_from_excel.${c}` as UploadSalesError;
const MAX_ISSUES = 50;

/** Sheets that explain the template rather than hold sales (en, de, fr). */
export const INSTRUCTION_SHEETS = new Set(['instructions', 'anleitung', 'hinweise', 'instructions fr', 'mode d’emploi', "mode d'emploi"]);

const normHeader = (s: string) => s.trim().toLowerCase().replace(/\*$/, '').trim();
const EXPECTED = SALES_TEMPLATE_COLUMNS.map(normHeader);

// Case-insensitive ticket type names, the stored spelling with underscore included.
const TYPE_BY_NAME = new Map<string, StoredTicketType>(
  SALES_TICKET_TYPES.flatMap((t: SalesTicketType) => [
    [t, storedTicketType(t)],
    [storedTicketType(t), storedTicketType(t)],
  ]),
);

interface Issue {
  path: string;
  message: string;
}

class Findings {
  readonly list: Issue[] = [];
  first: { code: UploadSalesError; subcode: string; message: string } | undefined;
  add(code: string, subcode: string, message: string) {
    this.first ??= { code: CODE(code), subcode, message };
    if (this.list.length < MAX_ISSUES) this.list.push({ path: subcode, message: CODE(code) });
  }
}

function readFailure(err: SpreadsheetError): AppError {
  // Too large gets its own code: "wrong file type" would send the user looking for the wrong mistake.
  if (err.reason === 'too_large') return new AppError(413, CODE('file_too_large'), err.message, err.reason);
  const code = err.reason === 'invalid_file_type' || err.reason === 'unreadable' || err.reason === 'encrypted' ? 'invalid_file_type' : 'invalid_schema';
  return new AppError(400, CODE(code), err.message, err.reason);
}

export interface ParsedSales {
  lines: SaleLine[];
  rows: number;
}

/** Validates the workbook's sheets into summed sale lines, or throws the first finding (all listed in `issues`). */
export function parseSalesSheets(sheets: Sheet[], maxDay: string): ParsedSales {
  const found = new Findings();
  const sums = new Map<string, SaleLine>();
  let dataRows = 0;
  for (const sheet of sheets) {
    if (INSTRUCTION_SHEETS.has(sheet.name.trim().toLowerCase())) continue;
    const [header, ...rows] = sheet.rows;
    if (!header) continue;
    const names = header.cells.map((c) => normHeader(cellText(c)));
    const before = found.list.length + (found.first ? 1 : 0);
    for (let i = 0; i < 3; i++) {
      if (names[i] !== EXPECTED[i]) found.add('invalid_schema', cellRef(sheet.name, i, header.number), `Column ${i + 1} must be '${SALES_TEMPLATE_COLUMNS[i]}'`);
    }
    const hasType = names[3] === EXPECTED[3];
    if (!hasType && names[3]) found.add('invalid_schema', cellRef(sheet.name, 3, header.number), `Column 4 must be '${SALES_TEMPLATE_COLUMNS[3]}' or empty`);
    if (found.list.length + (found.first ? 1 : 0) !== before) continue;
    for (const row of rows) {
      dataRows++;
      const [date, tickets, revenue, type] = row.cells;
      const at = (col: number) => cellRef(sheet.name, col, row.number);
      const missing = [date, tickets, revenue].findIndex((c) => isBlank(c));
      if (missing !== -1) {
        found.add('required_fields_missing', at(missing), `Row ${row.number} needs a date, tickets and revenue`);
        continue;
      }
      const day = cellDay(date!);
      const count = cellNumber(tickets!);
      const money = cellNumber(revenue!);
      const typeName = hasType && !isBlank(type) ? cellText(type!).toLowerCase().replace(/\s+/g, ' ') : 'regular';
      const stored = TYPE_BY_NAME.get(typeName);
      let ok = true;
      if (!day || day > maxDay) {
        found.add('invalid_transaction_date', at(0), day ? `Sales cannot be dated after ${maxDay}` : 'Not a date');
        ok = false;
      }
      // The shared limits (limits.ts). Revenue is often computed in a sheet (VAT, shares), so
      // more than two decimals are rounded to cents rather than refused.
      if (count === undefined || numberProblem(count, COUNT_RULE(LIMITS.ticketsPerEntry))) {
        found.add('invalid_transaction_count', at(1), `Tickets must be a whole number from 0 to ${LIMITS.ticketsPerEntry}`);
        ok = false;
      }
      const moneyProblem = money === undefined ? 'notANumber' : numberProblem(money, MONEY_RULE(LIMITS.revenuePerEntry));
      if (moneyProblem && moneyProblem !== 'tooManyDecimals') {
        found.add('invalid_total_revenue', at(2), `Revenue must be a number from 0 to ${LIMITS.revenuePerEntry}`);
        ok = false;
      }
      if (!stored) {
        found.add('invalid_ticket_type', at(3), `Unknown ticket type; use one of ${SALES_TICKET_TYPES.join(', ')}`);
        ok = false;
      }
      if (!ok || found.first) continue;
      const key = `${day}|${stored}`;
      const line = sums.get(key) ?? { day: day!, type: stored!, quantity: 0, amountMinor: 0 };
      // Rows of one day and ticket type are added up: the sum is one entry and has the same limits.
      if (line.quantity + count! > LIMITS.ticketsPerEntry) {
        found.add('invalid_transaction_count', at(1), `The tickets of ${day} (${stored}) add up to more than ${LIMITS.ticketsPerEntry}`);
        continue;
      }
      if (line.amountMinor + toMinor(money!) > toMinor(LIMITS.revenuePerEntry)) {
        found.add('invalid_total_revenue', at(2), `The revenue of ${day} (${stored}) adds up to more than ${LIMITS.revenuePerEntry}`);
        continue;
      }
      line.quantity += count!;
      line.amountMinor += toMinor(money!);
      sums.set(key, line);
    }
  }
  if (found.first) {
    throw new AppError(400, found.first.code, found.first.message, found.first.subcode, undefined, found.list);
  }
  if (dataRows === 0) throw new AppError(400, CODE('empty_file'), 'The file has no sales rows');
  const lines = [...sums.values()].filter((l) => l.quantity !== 0 || l.amountMinor !== 0).sort((a, b) => (a.day + a.type).localeCompare(b.day + b.type));
  if (!lines.length) throw new AppError(400, CODE('empty_file'), 'The file has no tickets or revenue');
  return { lines, rows: dataRows };
}

/** The same sales give the same hash, whatever the row order, sheet split or formatting. */
export const contentHash = (lines: SaleLine[]) =>
  createHash('sha256')
    .update(lines.map((l) => `${l.day},${l.type},${l.quantity},${l.amountMinor}`).join('\n'))
    .digest('hex');

export async function uploadSalesFromExcel(db: Db, partnerId: number, eventId: string, file: Buffer, now = clockNow()): Promise<IngestResponse> {
  const event = await partnerEvent(db, partnerId, eventId);
  let sheets: Sheet[];
  try {
    sheets = await readSpreadsheet(file);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw readFailure(err);
    throw err;
  }
  const { lines } = parseSalesSheets(sheets, maxSalesDay(event.day, now));
  const hash = contentHash(lines);
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const inserted = await tx
      .insert(salesUploads)
      .values({ partnerId, eventId: event.id, contentHash: hash, transactions: lines.length })
      .onConflictDoNothing()
      .returning({ id: salesUploads.id });
    if (!inserted.length) throw new AppError(409, CODE('already_exist'), 'These sales were uploaded for this event before');
    await insertManualSales(tx, partnerId, event.id, lines);
  });
  return ingestResult(event.id, lines, await recompute(db, partnerId, [event.id]));
}

export { readFailure as uploadReadFailure };
