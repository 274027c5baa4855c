// Reading one field of an import file: plain functions that turn the text of a CSV field into a
// value or say why not. Exact by construction: amounts are read digit by digit into minor units
// (no floating point), dates are checked against the calendar, not against what Date.parse guesses.
import { isSafeText } from '../../../lib/contracts/limits';
import type { HistoryProblemCode } from '../../../lib/contracts/history-import';

export type FieldResult<T> = { ok: true; value: T } | { ok: false; code: HistoryProblemCode; message: string };

const ok = <T>(value: T): FieldResult<T> => ({ ok: true, value });
const bad = (code: HistoryProblemCode, message: string): FieldResult<never> => ({ ok: false, code, message });

/** Years a ticketing history can hold: the oldest systems we know of start in the 1990s. */
export const YEAR_MIN = 1970;
export const YEAR_MAX = 2100;

const CONTROL = /[\u0000-\u001f\u007f]/;
const LINE_BREAKS = /[\r\n\t]+/g;

/**
 * Required text: trimmed, storable, at most `max` characters. Line breaks inside a quoted field
 * become a space: titles, venues and cities are shown on one line everywhere. Other control
 * characters are refused (the write also relies on their absence, write.ts SEP).
 */
export function readText(raw: string, max: number): FieldResult<string> {
  if (!isSafeText(raw)) return bad('unsafe_text', 'Contains a character that cannot be stored (NUL or an unpaired surrogate)');
  if (raw.includes('\uFFFD')) return bad('invalid_utf8', 'Not valid UTF-8 (save the file as UTF-8)');
  const value = raw.replace(LINE_BREAKS, ' ').trim();
  if (CONTROL.test(value)) return bad('unsafe_text', 'Contains a control character');
  if (!value) return bad('required', 'Required');
  if (value.length > max) return bad('too_long', `At most ${max} characters`);
  return ok(value);
}

/** Optional text: empty gives ''. */
export function readOptionalText(raw: string, max: number): FieldResult<string> {
  return raw.trim() === '' ? ok('') : readText(raw, max);
}

/** The partner's event id: printable, no control characters, 1–max characters, kept exactly (only trimmed). */
export function readExternalId(raw: string, max: number): FieldResult<string> {
  if (!isSafeText(raw)) return bad('unsafe_text', 'Contains a character that cannot be stored (NUL or an unpaired surrogate)');
  if (raw.includes('\uFFFD')) return bad('invalid_utf8', 'Not valid UTF-8 (save the file as UTF-8)');
  const value = raw.trim();
  if (!value) return bad('required', 'Required');
  if (value.length > max) return bad('too_long', `At most ${max} characters`);
  if (CONTROL.test(value)) return bad('invalid_id', 'An event_id cannot contain line breaks or control characters');
  return ok(value);
}

/** A whole number in [min, max], written as digits with an optional sign. */
export function readInteger(raw: string, min: number, max: number): FieldResult<number> {
  const s = raw.trim();
  if (!s) return bad('required', 'Required');
  if (!/^[+-]?\d+$/.test(s)) {
    return bad('not_integer', /^[+-]?(\d+[.,]\d*|[.,]\d+|\d+e\d+)$/i.test(s) ? `Must be a whole number, not ${s}` : 'Must be a whole number');
  }
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < min || n > max) return bad('out_of_range', `Must be from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`);
  return ok(n === 0 ? 0 : n);
}

/**
 * A signed amount in major units with a dot as the decimal separator and at most two decimals
 * (`-12.5`, `1200`, `0.99`), as minor units. `max` bounds the absolute value in major units.
 */
export function readAmountMinor(raw: string, max: number): FieldResult<number> {
  const s = raw.trim();
  if (!s) return bad('required', 'Required');
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) {
    if (s.includes(',')) return bad('comma_decimal', 'Use a dot as the decimal separator and no thousands separator (12.50)');
    return bad('invalid_amount', 'Must be a number such as 12.50 (a dot as decimal separator)');
  }
  const [, sign, whole, frac = ''] = m;
  if (frac.length > 2) return bad('too_many_decimals', 'At most two decimals');
  const wholeN = Number(whole);
  const minor = wholeN * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || minor > max * 100) return bad('out_of_range', `Must be from -${max.toLocaleString('en')} to ${max.toLocaleString('en')}`);
  return ok(sign === '-' && minor !== 0 ? -minor : minor);
}

// ISO 8601 / RFC 3339 date-time with a zone: 2016-08-15T19:30:00Z, 2016-08-15T19:30:00+02:00,
// seconds and fractions optional. A zone is required: local times would shift by the importer's.
// Read character by character: two million of them per import, and a regex with a dozen groups
// plus Date.UTC cost ten times what this does.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The number written by `len` digits at `at`, or -1 when one of them is not a digit. */
function digits(s: string, at: number, len: number): number {
  let n = 0;
  for (let i = at; i < at + len; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const badDateTime = (dateOnly: boolean) =>
  bad('invalid_datetime', `Use ${dateOnly ? 'YYYY-MM-DD or ' : ''}ISO 8601 with a zone, e.g. 2016-08-15T19:30:00Z or 2016-08-15T19:30:00+02:00`);

/** Epoch milliseconds of an ISO 8601 date-time with Z or an offset; `dateOnly` also takes YYYY-MM-DD (00:00 UTC). */
export function readInstant(raw: string, opts: { dateOnly?: boolean } = {}): FieldResult<number> {
  const dateOnly = opts.dateOnly === true;
  const s = raw.length && (raw.charCodeAt(0) <= 32 || raw.charCodeAt(raw.length - 1) <= 32) ? raw.trim() : raw;
  if (!s) return bad('required', 'Required');
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  if (s.length < 10 || y < 0 || mo < 0 || d < 0 || s[4] !== '-' || s[7] !== '-') return badDateTime(dateOnly);
  if (s.length === 10 && !dateOnly) return badDateTime(dateOnly);
  if (s.length > 10 && (s[10] !== 'T' || s.length < 17)) return badDateTime(dateOnly);
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1]!)) return bad('invalid_date', `${s.slice(0, 10)} is not a day of the calendar`);
  if (y < YEAR_MIN || y > YEAR_MAX) return bad('out_of_range', `The year must be from ${YEAR_MIN} to ${YEAR_MAX}`);
  const day = daysFromCivil(y, mo, d) * 86_400_000;
  if (s.length === 10) return ok(day);

  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  if (h < 0 || mi < 0 || s[13] !== ':') return badDateTime(dateOnly);
  let at = 16;
  let sec = 0;
  let ms = 0;
  if (s[at] === ':') {
    sec = digits(s, at + 1, 2);
    if (sec < 0) return badDateTime(dateOnly);
    at += 3;
    if (s[at] === '.') {
      let n = 0;
      while (n < 9 && at + 1 + n < s.length && s.charCodeAt(at + 1 + n) >= 48 && s.charCodeAt(at + 1 + n) <= 57) n++;
      if (n === 0) return badDateTime(dateOnly);
      ms = digits((s.slice(at + 1, at + 1 + Math.min(n, 3)) + '00').slice(0, 3), 0, 3);
      at += 1 + n;
    }
  }
  let offsetMin = 0;
  if (s[at] === 'Z' && at + 1 === s.length) {
    // UTC
  } else if ((s[at] === '+' || s[at] === '-') && (s.length === at + 6 ? s[at + 3] === ':' : s.length === at + 5)) {
    const zh = digits(s, at + 1, 2);
    const zm = digits(s, s.length - 2, 2);
    if (zh < 0 || zm < 0) return badDateTime(dateOnly);
    if (zh > 18 || zm > 59) return bad('invalid_datetime', `${s.slice(at)} is not a time zone offset`);
    offsetMin = (s[at] === '-' ? -1 : 1) * (zh * 60 + zm);
  } else {
    return badDateTime(dateOnly);
  }
  if (h > 23 || mi > 59 || sec > 59) return bad('invalid_date', `${s.slice(11, at)} is not a time of day`);
  return ok(day + ((h * 60 + mi - offsetMin) * 60 + sec) * 1000 + ms);
}
