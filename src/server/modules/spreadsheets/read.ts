// The one safe way the server reads an uploaded spreadsheet (sales upload, sales adjustment
// import, bulk events). Limits come first: file size, then (xlsx) the zip guard inflates every
// part under a cap and counts rows, and only then a library builds cells. Cells come back as
// plain values in arrays, never as objects keyed by header text, so a header such as
// `__proto__` is just a string. Formulas yield their cached result; without one the cell is a
// `formula` value the caller rejects. Hidden sheets are left out.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { SpreadsheetError } from './errors';
import { guardZip } from './zip-guard';

export { SpreadsheetError, type SpreadsheetFailure } from './errors';

export type Cell = string | number | boolean | Date | null | { formula: string } | { error: string };

export interface SheetRow {
  /** 1-based row number as the spreadsheet shows it. */
  number: number;
  /** Cells by 0-based column; missing cells are null. */
  cells: Cell[];
}

export interface Sheet {
  name: string;
  /** Non-empty rows in order (the header is the first one). */
  rows: SheetRow[];
}

export interface ReadLimits {
  maxBytes: number;
  maxUncompressedBytes: number;
  maxSheets: number;
  maxRows: number;
  maxColumns: number;
  /** Which formats to accept. */
  formats: readonly ('xlsx' | 'xls')[];
}

export const DEFAULT_LIMITS: ReadLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxSheets: 20,
  maxRows: 200_000,
  maxColumns: 64,
  formats: ['xlsx', 'xls'],
};

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;

/** Reads the visible sheets of an .xlsx or .xls file; throws SpreadsheetError when it cannot or may not. */
export async function readSpreadsheet(buf: Buffer, limits: Partial<ReadLimits> = {}): Promise<Sheet[]> {
  const l = { ...DEFAULT_LIMITS, ...limits };
  if (buf.length > l.maxBytes) throw new SpreadsheetError('too_large', `The file is larger than ${l.maxBytes} bytes`);
  if (isZip(buf) && l.formats.includes('xlsx')) {
    const inflated = guardZip(buf, { maxUncompressedBytes: l.maxUncompressedBytes, maxEntries: 1000, maxSheets: l.maxSheets, maxRows: l.maxRows });
    return inflated <= SMALL_XLSX_BYTES ? readSmallXlsx(buf, l) : readXlsx(buf, l);
  }
  if (isOle(buf) && l.formats.includes('xls')) return readXls(buf, l);
  throw new SpreadsheetError('invalid_file_type', `Not an ${l.formats.join(' or ')} file`);
}

function excelCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v !== 'object') return null;
  if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if ('error' in v) return { error: String(v.error) };
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as { result?: unknown }).result;
    if (result === undefined || result === null) return { formula: String((v as { formula?: string }).formula ?? (v as { sharedFormula?: string }).sharedFormula) };
    if (typeof result === 'object' && !(result instanceof Date)) return { error: String((result as { error?: string }).error ?? '#VALUE!') };
    return result as string | number | boolean | Date;
  }
  if ('text' in v) return typeof v.text === 'string' ? v.text : excelCell(v.text as ExcelJS.CellValue);
  return null;
}

// exceljs' streaming reader parks worksheets in temp files when they come before workbook.xml
// (exceljs itself writes them in that order) and then, now and then, reads a sheet before the
// workbook's sheet list: a valid file fails as unreadable. Small workbooks, most uploads, are
// read as a whole instead, which has no such race and costs little memory at this size.
const SMALL_XLSX_BYTES = 8 * 1024 * 1024;

async function readSmallXlsx(buf: Buffer, l: ReadLimits): Promise<Sheet[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new SpreadsheetError('unreadable', 'The xlsx file could not be read');
  }
  const sheets: Sheet[] = [];
  for (const ws of wb.worksheets) {
    if (ws.state === 'hidden' || ws.state === 'veryHidden') continue;
    const rows: SheetRow[] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        if (col > l.maxColumns) return;
        cells[col - 1] = excelCell(cell.value);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= null;
      if (cells.some((c) => !isEmpty(c))) rows.push({ number: row.number, cells });
    });
    if (rows.length > l.maxRows) throw new SpreadsheetError('too_many_rows', `A sheet has more than ${l.maxRows} rows`);
    sheets.push({ name: ws.name, rows });
  }
  return sheets;
}

const isEmpty = (c: Cell) => c === null || (typeof c === 'string' && c.trim() === '');

// exceljs' streaming reader: rows are handed over as they are parsed, without a workbook model
// (a 100,000-row workbook model cost about 230 MB).
async function readXlsx(buf: Buffer, l: ReadLimits): Promise<Sheet[]> {
  const sheets: Sheet[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const ws of reader as unknown as AsyncIterable<AsyncIterable<ExcelJS.Row> & { name: string; state?: string }>) {
      const hidden = ws.state === 'hidden' || ws.state === 'veryHidden';
      const rows: SheetRow[] = [];
      for await (const row of ws) {
        if (hidden) continue;
        const cells: Cell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          if (col > l.maxColumns) return;
          cells[col - 1] = excelCell(cell.value);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= null;
        if (cells.some((c) => !isEmpty(c))) rows.push({ number: row.number, cells });
        if (rows.length > l.maxRows) throw new SpreadsheetError('too_many_rows', `A sheet has more than ${l.maxRows} rows`);
      }
      if (!hidden) sheets.push({ name: ws.name, rows });
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) throw err;
    throw new SpreadsheetError('unreadable', 'The xlsx file could not be read');
  }
  return sheets;
}

function readXls(buf: Buffer, l: ReadLimits): Promise<Sheet[]> {
  let wb: XLSX.WorkBook;
  try {
    // sheetRows caps what the parser builds; cellFormula off keeps only cached values.
    wb = XLSX.read(buf, { type: 'buffer', cellDates: true, cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: l.maxRows + 2, dense: true, WTF: false });
  } catch {
    throw new SpreadsheetError('unreadable', 'The xls file could not be read');
  }
  if (wb.SheetNames.length > l.maxSheets) throw new SpreadsheetError('too_many_sheets', `The workbook has more than ${l.maxSheets} sheets`);
  const sheets: Sheet[] = [];
  wb.SheetNames.forEach((name, idx) => {
    if (wb.Workbook?.Sheets?.[idx]?.Hidden) return;
    const ws = wb.Sheets[name];
    if (!ws) return;
    const full = ws['!fullref'] ?? ws['!ref'];
    if (full && XLSX.utils.decode_range(full).e.r + 1 > l.maxRows + 1) throw new SpreadsheetError('too_many_rows', `A sheet has more than ${l.maxRows} rows`);
    const data = (ws['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
    const rows: SheetRow[] = [];
    data.forEach((r, ri) => {
      if (!r) return;
      const cells: Cell[] = [];
      for (let ci = 0; ci < Math.min(r.length, l.maxColumns); ci++) {
        const c = r[ci];
        cells[ci] = !c || c.v === undefined ? null : c.t === 'e' ? { error: String(c.w ?? '#ERR') } : (c.v as Cell);
      }
      for (let i = 0; i < cells.length; i++) cells[i] ??= null;
      if (cells.some((c) => !isEmpty(c))) rows.push({ number: ri + 1, cells });
    });
    sheets.push({ name, rows });
  });
  return Promise.resolve(sheets);
}

/** A1-style column letters of a 0-based column. */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** `Sheet!B12`: where a finding is, as error_subcode and issue path. */
export const cellRef = (sheet: string, col: number, row: number) => `${sheet}!${columnLetter(col)}${row}`;
