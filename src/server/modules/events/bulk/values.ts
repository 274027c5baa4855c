// Dates and times of a bulk workbook (spec 3 §9: EU dd.mm.yyyy, US mm/dd/yyyy). Real date cells
// and serial numbers are read as they are; typed text follows the workbook's aux_date_format, so
// 03/04/2027 is 3 April in an EU workbook and 4 March in a US one. ISO yyyy-mm-dd is unambiguous
// and always accepted. Times are HH:mm (24 h; a US workbook may say 7:30 PM).
import type { AuxDateFormat } from '../../../../lib/contracts/bulk-upload';
import type { Cell } from '../../spreadsheets/read';
import { cellDay } from '../../spreadsheets/values';

const iso = (y: number, m: number, d: number): string | undefined => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d && y >= 1900 && y <= 9999
    ? dt.toISOString().slice(0, 10)
    : undefined;
};

/** The day of a cell as YYYY-MM-DD, or undefined when it is not a date in `format`. */
export function parseBulkDate(c: Cell, format: AuxDateFormat): string | undefined {
  if (c instanceof Date || typeof c === 'number') return cellDay(c);
  if (typeof c !== 'string') return undefined;
  const s = c.trim();
  const isoMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (isoMatch) return iso(+isoMatch[1]!, +isoMatch[2]!, +isoMatch[3]!);
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s);
  if (!m) return undefined;
  const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
  return format === 'mm/dd/yyyy' ? iso(y, a, b) : iso(y, b, a);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm of a cell, or undefined. Seconds must be zero; the 30-minute rule is the form's. */
export function parseBulkTime(c: Cell): string | undefined {
  // A time-formatted cell arrives as a date on 1899-12-30 (or any day: only the clock counts).
  if (c instanceof Date) return Number.isNaN(c.getTime()) || c.getUTCSeconds() ? undefined : `${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}`;
  if (typeof c === 'number') {
    // An unformatted time is a fraction of a day.
    if (c < 0 || c >= 1) return undefined;
    const minutes = Math.round(c * 24 * 60);
    return minutes >= 24 * 60 ? undefined : `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  if (typeof c !== 'string') return undefined;
  const m = /^(\d{1,2})[:.](\d{2})(?::00)?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(c.trim());
  if (!m) return undefined;
  let h = +m[1]!;
  const min = +m[2]!;
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  }
  return h > 23 || min > 59 ? undefined : `${pad(h)}:${pad(min)}`;
}

/** The settings sheet's aux_date_format value, normalised; undefined when it names neither format. */
export function parseAuxDateFormat(c: Cell): AuxDateFormat | undefined {
  const s = typeof c === 'string' ? c.trim().toLowerCase().replace(/\s+/g, '') : '';
  if (s === 'dd.mm.yyyy' || s === 'tt.mm.jjjj' || s === 'jj.mm.aaaa' || s === 'eu') return 'dd.mm.yyyy';
  if (s === 'mm/dd/yyyy' || s === 'us') return 'mm/dd/yyyy';
  return undefined;
}
