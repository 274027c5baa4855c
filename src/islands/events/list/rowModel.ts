// What an event row shows, as plain functions (spec 1 §2.9, §2.10; spec 3 "Event row").
import type { EventItem } from '../../../lib/contracts/events';
import { formatPercent } from '../detail/format';

/** Same as DATE_ONLY_CATEGORIES of the contracts (a value import there would pull zod into the page). */
const DATE_ONLY = ['product', 'uncategorized'];

/** Product and uncategorised events show a date label and a category label, and no time. */
export function isDateOnly(category: string): boolean {
  return DATE_ONLY.includes(category);
}

/** spec 1 §2.10: an id with '-sim-' is a manual (simulated) event; so is one the API marks manual. */
export function isManualEvent(event: Pick<EventItem, 'id' | 'source'>): boolean {
  return event.source === 'manual' || event.id.includes('-sim-');
}

/**
 * The trend indicator: now minus benchmark in percentage points, one decimal. Null when either is
 * unknown or the rounded difference is zero (spec 1 §2.9 shows it only when non-zero).
 */
export function trendPoints(event: Pick<EventItem, 'benchmark'>): number | null {
  const { value, benchmark } = event.benchmark.now;
  if (value === null || benchmark === null) return null;
  const diff = Math.round((value - benchmark) * 10) / 10;
  return diff === 0 ? null : diff;
}

/** A number of the row (points, shares): one decimal below 10, whole numbers above (42, 7.5). */
export function formatShare(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: rowDigits(value) }).format(value);
}

/** A share of capacity with the language's percent sign (42%, 42 %), at the row's precision. */
export function formatSharePercent(value: number, language: string): string {
  return formatPercent(value, language, rowDigits(value));
}

const rowDigits = (value: number) => (Math.abs(value) < 10 ? 1 : 0);
