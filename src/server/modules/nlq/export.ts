// POST /nlq/export_file_from_ids (spec 3 §2 Export results, §7, §9): the selected ids of an answer
// (all of them when none are selected) as Sentinel.csv or Sentinel.xlsx, columns of the result
// table headed in the user's language. CSV follows the user's language the way a spreadsheet
// there opens it (docs/SENTINEL.md "Export"): German `;` with decimal commas, English `,` with
// points; UTF-8 with a BOM so Excel reads the umlauts. Text cells starting with = + - @ (or tab/CR)
// get a leading ' so no spreadsheet runs partner data as a formula.
import type { Db } from '../../db/client';
import { SENTINEL } from '../../../lib/contracts/nlq';
import { writeXlsx, type OutCell } from '../spreadsheets/write-xlsx';
import { escapeFormula } from '../sales/export';
import { answeredQuestion, type NlqCtx } from './service';
import { readRows, type ResultRow } from './rows';
import { exportColumns, exportTranslate, type CellValue, type ExportColumn } from './export-columns';

export interface ExportFile {
  body: Buffer;
  fileName: 'Sentinel.csv' | 'Sentinel.xlsx';
  contentType: string;
}

const CHUNK = 1000;

async function exportRows(db: Db, ctx: NlqCtx, nlqId: number, selected: string[]) {
  const row = await answeredQuestion(db, ctx, nlqId);
  const answer = row.result_ids ?? [];
  // Selected ids outside the answer are ignored, as for a page of rows.
  const inAnswer = new Set(answer);
  const ids = selected.length ? [...new Set(selected)].filter((id) => inAnswer.has(id)) : answer.slice(0, SENTINEL.maxResults);
  const out: ResultRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await readRows(db, { id: ctx.partnerId, product: ctx.product }, row.result_type, ids.slice(i, i + CHUNK))));
  return { type: row.result_type, rows: out };
}

export function csvCell(v: CellValue, lang: 'en' | 'de', sep: string): string {
  let s: string;
  if (v === null) s = '';
  else if (typeof v === 'boolean') s = lang === 'de' ? (v ? 'ja' : 'nein') : v ? 'yes' : 'no';
  else if (typeof v === 'number') s = lang === 'de' ? String(v).replace('.', ',') : String(v);
  else if (typeof v === 'object') s = lang === 'de' ? v.date.split('-').reverse().join('.') : v.date;
  else s = escapeFormula(v);
  return s.includes(sep) || /["\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: ExportColumn[], rows: ResultRow[], lang: 'en' | 'de'): Buffer {
  const sep = lang === 'de' ? ';' : ',';
  const lines = [columns.map((c) => csvCell(c.header, lang, sep)).join(sep)];
  for (const r of rows) lines.push(columns.map((c) => csvCell(c.value(r), lang, sep)).join(sep));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

function xlsxCell(v: CellValue, lang: 'en' | 'de'): OutCell {
  if (v === null || typeof v === 'number') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') return new Date(`${v.date}T00:00:00Z`);
  return escapeFormula(v);
}

export function toXlsx(columns: ExportColumn[], rows: ResultRow[], lang: 'en' | 'de'): Buffer {
  function* sheetRows(): Iterable<OutCell[]> {
    yield columns.map((c) => c.header);
    for (const r of rows) yield columns.map((c) => xlsxCell(c.value(r), lang));
  }
  return writeXlsx([{ name: 'Sentinel', rows: sheetRows(), widths: columns.map((c) => c.width ?? 14), freezeHeader: true }], lang === 'de' ? 'dd.mm.yyyy' : 'mm/dd/yyyy');
}

export async function exportAnswer(db: Db, ctx: NlqCtx, body: { nlq_id: number; ids: string[]; file_type: 'csv' | 'xlsx' }): Promise<ExportFile> {
  const { type, rows } = await exportRows(db, ctx, body.nlq_id, body.ids);
  const columns = exportColumns(type, ctx.product, exportTranslate(ctx.language, ctx.product));
  if (body.file_type === 'csv') return { body: toCsv(columns, rows, ctx.language), fileName: 'Sentinel.csv', contentType: 'text/csv; charset=utf-8' };
  return { body: toXlsx(columns, rows, ctx.language), fileName: 'Sentinel.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
