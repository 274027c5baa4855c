// Typed reading of spreadsheet cells: a number or a calendar day, or undefined when the cell
// holds something else (text that is not a number, a boolean, an error, a formula without a
// cached value). Callers turn undefined into their own error code.
import type { Cell } from './read';

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export function cellNumber(c: Cell): number | undefined {
  if (typeof c === 'number') return Number.isFinite(c) ? c : undefined;
  if (typeof c === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(c)) return Number(c);
  return undefined;
}

const iso = (y: number, m: number, d: number): string | undefined => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d && y >= 1900 && y <= 9999
    ? dt.toISOString().slice(0, 10)
    : undefined;
};

/** A day as YYYY-MM-DD. Slash dates follow `slashOrder` (dd/mm/yyyy unless the file says mm/dd/yyyy). */
export function cellDay(c: Cell, slashOrder: 'dmy' | 'mdy' = 'dmy'): string | undefined {
  // Spreadsheet libraries give a date cell as the UTC instant of its wall-clock value.
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? undefined : iso(c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate());
  if (typeof c === 'number') {
    // An unformatted date is its serial number (days since 1899-12-30).
    if (!Number.isInteger(c) || c < 1 || c > 2_958_465) return undefined;
    const d = new Date(EXCEL_EPOCH_MS + c * 86_400_000);
    return iso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  if (typeof c !== 'string') return undefined;
  const s = c.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (m) return iso(+m[3]!, +m[2]!, +m[1]!);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return slashOrder === 'mdy' ? iso(+m[3]!, +m[1]!, +m[2]!) : iso(+m[3]!, +m[2]!, +m[1]!);
  return undefined;
}

export const cellText = (c: Cell): string =>
  c === null ? '' : typeof c === 'string' ? c.trim() : typeof c === 'number' || typeof c === 'boolean' ? String(c) : c instanceof Date ? c.toISOString() : '';

export const isBlank = (c: Cell | undefined) => c === undefined || c === null || (typeof c === 'string' && c.trim() === '');
