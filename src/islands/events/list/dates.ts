// Calendar days of the events filters and rows. Every date here is a UTC day written as
// YYYY-MM-DD ("ISO day"): the spec shows event dates in UTC (spec 1 §2.9) and the list query takes
// days, so no time zone of the browser ever shifts a day.
import { currentTime } from '../../../lib/clock';

export const RANGE_OPTIONS = ['custom', '1w', '2w', '1m', '3m', '1y'] as const;
export type RangeOption = (typeof RANGE_OPTIONS)[number];

export function isRangeOption(value: unknown): value is RangeOption {
  return typeof value === 'string' && (RANGE_OPTIONS as readonly string[]).includes(value);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function fromParts(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31.02. over into March: a real calendar day maps back to the same parts.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return toIso(date);
}

/** A valid ISO day (YYYY-MM-DD that exists in the calendar). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DAY.exec(value);
  return m !== null && fromParts(Number(m[1]), Number(m[2]), Number(m[3])) === value;
}

/** Today as a UTC day. */
export function todayIso(now: Date = currentTime()): string {
  return toIso(now);
}

/**
 * The date field's DD.MM.YYYY (spec 1 §2.9) to an ISO day; null when it is not a calendar day.
 * One-digit days and months are accepted (1.2.2026), a two-digit year is not: it is ambiguous.
 */
export function parseDisplayDate(text: string): string | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!m) return null;
  return fromParts(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** ISO day → DD.MM.YYYY. */
export function formatDisplayDate(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** Adds calendar months; the day is clamped to the target month's last day (31.01. + 1 month = 28./29.02.). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return toIso(target);
}

/** The end day of a range option that starts on `from`; null for 'custom' (the user picks it). */
export function rangeEnd(from: string, option: RangeOption): string | null {
  switch (option) {
    case '1w':
      return addDays(from, 7);
    case '2w':
      return addDays(from, 14);
    case '1m':
      return addMonths(from, 1);
    case '3m':
      return addMonths(from, 3);
    case '1y':
      return addMonths(from, 12);
    case 'custom':
      return null;
  }
}

/** spec 1 §9: the default date range is three years back (with past events) to two years ahead. */
export function defaultSince(today: string, includePastEvents: boolean): string {
  return includePastEvents ? addMonths(today, -36) : today;
}
export function defaultUntil(today: string): string {
  return addMonths(today, 24);
}

/** An event's start in UTC as the row shows it: DD.MM.YYYY and HH:mm (spec 1 §2.9). */
export function formatEventStart(startDateTime: string): { date: string; time: string } {
  const date = new Date(startDateTime);
  if (Number.isNaN(date.getTime())) return { date: '', time: '' };
  const iso = date.toISOString();
  return { date: formatDisplayDate(iso.slice(0, 10)), time: iso.slice(11, 16) };
}
