// Browser-side check of a sales spreadsheet before upload (spec 3 §5 "Spreadsheet sales upload
// (client)"). The reading (exceljs, loaded on demand) is kept apart from the rules so the rules are
// plain functions over cell values. The server checks the same file again: this only spares the
// user a round trip for the common mistakes.
import { matchTicketType } from './ticketTypes';

/** spec 3 §8 client codes, shown via event.salesEdit.documentUpload.errors.{code}. */
export const CLIENT_CODES = [
  'FILE_REQUIRED',
  'INVALID_FILE_FORMAT',
  'INVALID_FILE_DATA',
  'NO_SALES_RECORDS',
  'FILE_NOT_UNIQUE_OR_INVALID',
  'FILE_NOT_UNIQUE',
  // Not one of spec 3 §8's codes: without it a too large file got the generic text.
  'FILE_TOO_LARGE',
] as const;
export type ClientCode = (typeof CLIENT_CODES)[number];

export const TEMPLATE_HEADERS = ['Date*', 'Tickets*', 'Revenue*'] as const;
export const TICKET_TYPE_HEADER = 'Ticket Type';
/** The template's own explanation sheet (spec 3 §3: ignored like hidden sheets). */
const INSTRUCTIONS_SHEET = 'instructions';

export interface SheetCells {
  name: string;
  /** exceljs state: 'visible', 'hidden' or 'veryHidden'. */
  state: string;
  /** Row-major cell values, header first; already reduced by cellValue(). */
  rows: unknown[][];
}

/** spec 3 §9 limit (contracts/sales SPREADSHEET_MAX_BYTES; a value import would bring zod along). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export type WorkbookCheck = { ok: true; records: number } | { ok: false; code: ClientCode };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** spec 3 §5: only the xlsx type is read in the browser (an .xls is left for nobody: it is refused). */
export function isXlsxFile(file: { name: string; type: string }): boolean {
  return file.name.toLowerCase().endsWith('.xlsx') && (file.type === '' || file.type === XLSX_MIME);
}

/** An exceljs cell value reduced to what a user sees: formulas give their result, rich text its text. */
export function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('result' in v) return cellValue(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return v.error;
    return null;
  }
  return value;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const blank = (value: unknown) => text(value) === '';

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function headerOk(header: unknown[]): boolean {
  const cells = header.map((c) => text(c).toLowerCase());
  if (!TEMPLATE_HEADERS.every((h, i) => cells[i] === h.toLowerCase())) return false;
  return cells[3] === undefined || cells[3] === '' || cells[3] === TICKET_TYPE_HEADER.toLowerCase();
}

function rowOk(row: unknown[], withType: boolean): boolean {
  const tickets = asNumber(row[1]);
  const revenue = asNumber(row[2]);
  if (tickets === null || !Number.isInteger(tickets) || tickets < 0) return false;
  if (revenue === null || revenue < 0) return false;
  if (withType && !blank(row[3]) && matchTicketType(text(row[3])) === null) return false;
  return true;
}

/** The rules of spec 3 §5 over the sheets' cells. */
export function checkSalesSheets(sheets: SheetCells[]): WorkbookCheck {
  const relevant = sheets.filter((s) => s.state === 'visible' && s.name.trim().toLowerCase() !== INSTRUCTIONS_SHEET);
  if (relevant.length === 0) return { ok: false, code: 'NO_SALES_RECORDS' };
  let records = 0;
  for (const sheet of relevant) {
    const [header = [], ...body] = sheet.rows;
    if (!headerOk(header)) return { ok: false, code: 'INVALID_FILE_DATA' };
    const withType = text(header[3]) !== '';
    for (const row of body) {
      if (row.every(blank)) continue;
      if (!rowOk(row, withType)) return { ok: false, code: 'INVALID_FILE_DATA' };
      records++;
    }
  }
  return records > 0 ? { ok: true, records } : { ok: false, code: 'NO_SALES_RECORDS' };
}

/** The whole browser check of one chosen file: type, readability, then the rules. */
export async function checkSalesFile(file: File): Promise<WorkbookCheck> {
  if (!isXlsxFile(file)) return { ok: false, code: 'INVALID_FILE_FORMAT' };
  // Larger files are refused by the server too; reading them here would only stall the tab.
  if (file.size > MAX_FILE_BYTES) return { ok: false, code: 'FILE_TOO_LARGE' };
  let sheets: SheetCells[];
  try {
    sheets = await readSheets(await file.arrayBuffer());
  } catch {
    return { ok: false, code: 'INVALID_FILE_FORMAT' };
  }
  return checkSalesSheets(sheets);
}

async function readSheets(buffer: ArrayBuffer): Promise<SheetCells[]> {
  // exceljs is large: it loads when a file is chosen, never with the page.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, index) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows[index - 1] = values.map(cellValue);
    });
    // Rows that never had a cell leave holes in the array: they are empty rows.
    return { name: sheet.name, state: sheet.state, rows: Array.from(rows, (r) => r ?? []) };
  });
}

/** Server failures of the upload (spec 3 §8): candidate keys, most specific first. */
export function serverErrorKeys(code: string, subcode?: string): string[] {
  if ((CLIENT_CODES as readonly string[]).includes(code)) return [`event.salesEdit.documentUpload.errors.${code}`];
  if (!code.startsWith('error.')) return [];
  return [...(subcode ? [`common.serverErrors.${code}.${subcode}`] : []), `common.serverErrors.${code}`];
}

export const FALLBACK_ERROR_KEY = 'event.salesEdit.documentUpload.errors.FILE_NOT_UNIQUE_OR_INVALID';

/** The first candidate the translations know; unknown codes fall back (spec 3 §8). */
export function translateFirst(t: (key: string) => string, keys: string[]): string {
  for (const key of keys) {
    const text = t(key);
    if (text !== key) return text;
  }
  return t(FALLBACK_ERROR_KEY);
}

/** A subcode naming a cell of the file (e.g. Sales!B12, 'My sheet'!C3), as the server's reader writes them. */
const isCellRef = (subcode: string) => /![A-Z]+\d+$/.test(subcode);

/**
 * The message of a failed upload: the '{code}.{subcode}' text when there is one; otherwise the
 * code's text, followed by the subcode when it names where in the file it failed (e.g. Sales!B12).
 * Other subcodes (a reason such as 'too_large') are for logs, not for the user.
 */
export function serverErrorMessage(t: (key: string) => string, code: string, subcode?: string, fallbackKey = FALLBACK_ERROR_KEY): string {
  const keys = serverErrorKeys(code, subcode);
  const known = keys.find((key) => t(key) !== key);
  if (!known) return t(fallbackKey);
  const text = t(known);
  return subcode && !known.endsWith(`.${subcode}`) && code.startsWith('error.') && isCellRef(subcode) ? `${text} (${subcode})` : text;
}
