// Pure formatting and shaping rules of the event detail (spec 1 §2.10, §9), kept out of the
// components so they can be unit-tested and shared with the dashboard rows.
import type { ForecastState } from '../../../lib/contracts/events';
import { currentTime } from '../../../lib/clock';

/**
 * spec 1 §2.9: product and uncategorised events show a date and no time. The same list as the
 * contract's DATE_ONLY_CATEGORIES, repeated because a value import of the contracts module would
 * bring zod into the browser bundle.
 */
export const DATE_ONLY_CATEGORIES: readonly string[] = ['product', 'uncategorized'];

const pad = (n: number) => String(n).padStart(2, '0');

/** spec 1 §9: display dates are UTC, DD.MM.YYYY. */
export function formatDayUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/**
 * spec 1 §2.9: 'DD.MM.YYYY, HH:mm' in UTC; product and uncategorised events carry no meaningful
 * time, so they show the day only.
 */
export function formatEventDate(iso: string, category: string): string {
  const day = formatDayUtc(iso);
  if (!day || DATE_ONLY_CATEGORIES.includes(category)) return day;
  const d = new Date(iso);
  return `${day}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** de → de-DE, en → en-US (spec 1 §9). */
export function localeOf(language: string): string {
  return language === 'de' ? 'de-DE' : 'en-US';
}

/** A share in percent of capacity (0–100) as the locale writes it, one decimal at most. */
export function formatPercent(value: number | null | undefined, language: string, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}

export function formatCount(value: number | null | undefined, language: string): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0 }).format(value);
}

/** Percentage points and other small decimals, one decimal at most. */
export function formatDecimal(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits }).format(value);
}

export function formatMoney(value: number | null | undefined, currency: string, language: string): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
}

const ROMAN: [number, string][] = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

export function toRoman(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 3999) throw new RangeError(`No roman numeral for ${n}`);
  let out = '';
  for (const [value, glyph] of ROMAN) {
    while (n >= value) {
      out += glyph;
      n -= value;
    }
  }
  return out;
}

/**
 * spec 1 §9: seat categories named 1 to 15 read 'Kategorie {roman}'. The word stays German in
 * every language: it is how the venues' own seat plans label them. Other names pass unchanged.
 */
export function priceCategoryLabel(name: string): string {
  const trimmed = name.trim();
  if (/^\d{1,2}$/.test(trimmed)) {
    const n = Number(trimmed);
    if (n >= 1 && n <= 15) return `Kategorie ${toRoman(n)}`;
  }
  return trimmed;
}

/**
 * spec 1 §9: ticket categories take colours from one fixed palette, in hall order. 24 colours,
 * distinguishable next to each other; past the end the palette repeats (the spec leaves more than
 * 21 categories unhandled).
 */
export const CATEGORY_PALETTE = [
  '#4338ca', '#0e9f6e', '#e67e22', '#d6336c', '#1c7ed6', '#9c36b5', '#2b8a3e', '#f59f00',
  '#c2255c', '#0b7285', '#5f3dc4', '#e8590c', '#364fc7', '#087f5b', '#a61e4d', '#74b816',
  '#1864ab', '#862e9c', '#d9480f', '#0ca678', '#495057', '#f76707', '#3b5bdb', '#66a80f',
] as const;

export function paletteColor(index: number): string {
  const i = ((Math.trunc(index) % CATEGORY_PALETTE.length) + CATEGORY_PALETTE.length) % CATEGORY_PALETTE.length;
  return CATEGORY_PALETTE[i];
}

/** The benchmark box state shown for an event (spec 1 §3 Benchmark). */
export type BenchmarkTone = 'bad' | 'good' | 'neutral' | 'done';
export function stateTone(state: ForecastState): BenchmarkTone {
  switch (state) {
    case 'below':
      return 'bad';
    case 'above':
    case 'sold_out':
      return 'good';
    case 'finished':
      return 'done';
    default:
      return 'neutral';
  }
}

/**
 * spec 1 §2.9 trend indicator: the sign of now minus benchmark, rounded to the one decimal the
 * screens show, so a difference nobody can see draws no arrow.
 */
export function trendOf(value: number | null | undefined, benchmark: number | null | undefined): 'up' | 'down' | null {
  if (value == null || benchmark == null) return null;
  const diff = Math.round((value - benchmark) * 10) / 10;
  if (diff === 0) return null;
  return diff > 0 ? 'up' : 'down';
}

/** Whole days between two instants, by UTC calendar day. */
export function daysBetween(fromIso: string, toIso: string): number {
  const day = (iso: string) => Math.floor(Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) / 86_400_000);
  return day(toIso) - day(fromIso);
}

export function addDaysIso(dayIso: string, days: number): string {
  const d = new Date(`${dayIso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function todayIso(now: Date = currentTime()): string {
  return now.toISOString().slice(0, 10);
}

/** Upper end of a percent axis: the next 10 above the data, at least 10. */
export function percentAxisMax(values: readonly (number | null)[]): number {
  const max = Math.max(0, ...values.filter((v): v is number => v != null));
  return Math.max(10, Math.ceil(max / 10) * 10);
}

/**
 * The forecast's 80 % interval as the prediction box writes it: whole tickets where the capacity
 * is known (the interval is in percent of it), else the percent itself. null without an interval.
 */
export function predictionRange(
  interval: { low: number; high: number } | null,
  capacity: number,
): { unit: 'tickets' | 'percent'; low: number; high: number } | null {
  if (!interval) return null;
  if (capacity > 0) return { unit: 'tickets', low: Math.round((interval.low / 100) * capacity), high: Math.round((interval.high / 100) * capacity) };
  return { unit: 'percent', low: interval.low, high: interval.high };
}
