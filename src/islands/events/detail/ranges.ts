// The two range rules of the event detail: the transaction chart's window (spec 1 §9: all, two
// weeks = 14 days, two months = 56 days, manual adjustments padded by 2 days) and the date-range
// select for 'other dates' (spec 1 §2.10: 1 year, 3 months, 1 month, 2 weeks, 1 week ahead).
import type { DailyRevenueSummary } from '../../../lib/contracts/events';
import { addDaysIso, todayIso } from './format';
import { currentTime } from '../../../lib/clock';

export const TRANSACTION_RANGES = ['all', 'twoWeeks', 'twoMonths'] as const;
export type TransactionRange = (typeof TRANSACTION_RANGES)[number];
export const TRANSACTION_RANGE_DAYS: Record<TransactionRange, number | null> = { all: null, twoWeeks: 14, twoMonths: 56 };
/** spec 1 §9: 172,800,000 ms around manual adjustments, so a marker at the edge stays visible. */
export const MANUAL_ADJUSTMENT_PADDING_MS = 172_800_000;

type Day = DailyRevenueSummary['summaries'][number];

export interface TransactionWindow {
  /** First and last day shown (YYYY-MM-DD, inclusive); null start = from the first sale. */
  start: string | null;
  end: string;
}

/**
 * The window a range shows. It ends at the event day for a past event and today for an upcoming
 * one: sales stop at the event, and nothing is sold in the future.
 */
export function transactionWindow(range: TransactionRange, eventDay: string, now: Date = currentTime()): TransactionWindow {
  const today = todayIso(now);
  const end = eventDay < today ? eventDay : today;
  const days = TRANSACTION_RANGE_DAYS[range];
  return { start: days == null ? null : addDaysIso(end, -(days - 1)), end };
}

export function inWindow(day: string, w: TransactionWindow): boolean {
  const d = day.slice(0, 10);
  return (w.start == null || d >= w.start) && d <= w.end;
}

export interface TransactionSeries {
  /** One entry per day that has API sales in the window, ascending. */
  sales: { day: string; tickets: number; revenue: number }[];
  /**
   * Revenue to date at each sales day, counted from the first sale ever (not the window's start),
   * so a narrow window still shows where the event stands.
   */
  cumulative: { day: string; revenue: number }[];
  /** Manual adjustments in the window, ascending. */
  manual: { day: string; tickets: number; revenue: number }[];
  /** x-axis bounds in ms (UTC midnight), padded around manual adjustments; null when empty. */
  xMin: number | null;
  xMax: number | null;
}

const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
const toPoint = (d: Day) => ({ day: d.date.slice(0, 10), tickets: d.number_of_tickets.total, revenue: d.revenue.total });
const byDay = (a: { day: string }, b: { day: string }) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

export function transactionSeries(summary: DailyRevenueSummary, w: TransactionWindow): TransactionSeries {
  const everything = [...summary.summaries.map(toPoint), ...summary.manual_adjustments.map(toPoint)].sort(byDay);
  const cumulative: { day: string; revenue: number }[] = [];
  let total = 0;
  for (const p of everything) {
    total += p.revenue;
    const last = cumulative[cumulative.length - 1];
    if (last?.day === p.day) last.revenue = total;
    else cumulative.push({ day: p.day, revenue: total });
  }
  const inside = cumulative.filter((c) => inWindow(c.day, w)).map((c) => ({ day: c.day, revenue: Math.round(c.revenue * 100) / 100 }));
  const sales = summary.summaries.filter((d) => inWindow(d.date, w)).map(toPoint).sort(byDay);
  const manual = summary.manual_adjustments.filter((d) => inWindow(d.date, w)).map(toPoint).sort(byDay);
  const days = [...sales, ...manual].map((p) => dayMs(p.day));
  if (days.length === 0) return { sales, cumulative: inside, manual, xMin: null, xMax: null };
  let xMin = Math.min(...days);
  let xMax = Math.max(...days);
  if (manual.length > 0) {
    xMin = Math.min(xMin, dayMs(manual[0].day) - MANUAL_ADJUSTMENT_PADDING_MS);
    xMax = Math.max(xMax, dayMs(manual[manual.length - 1].day) + MANUAL_ADJUSTMENT_PADDING_MS);
  }
  // A fixed window shows its whole width even on quiet days, so two weeks always look like two weeks.
  if (w.start != null) {
    xMin = Math.min(xMin, dayMs(w.start));
    xMax = Math.max(xMax, dayMs(w.end));
  }
  return { sales, cumulative: inside, manual, xMin, xMax };
}

export const AHEAD_RANGES = ['oneYear', 'threeMonths', 'oneMonth', 'twoWeeks', 'oneWeek'] as const;
export type AheadRange = (typeof AHEAD_RANGES)[number];
export const DEFAULT_AHEAD_RANGE: AheadRange = 'oneYear';

export function isAheadRange(v: string | null | undefined): v is AheadRange {
  return (AHEAD_RANGES as readonly string[]).includes(v ?? '');
}

/** The last day (YYYY-MM-DD, inclusive) a range reaches from `now`, by calendar months where it says months. */
export function aheadUntil(range: AheadRange, now: Date = currentTime()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (range) {
    case 'oneYear':
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      break;
    case 'threeMonths':
      d.setUTCMonth(d.getUTCMonth() + 3);
      break;
    case 'oneMonth':
      d.setUTCMonth(d.getUTCMonth() + 1);
      break;
    case 'twoWeeks':
      d.setUTCDate(d.getUTCDate() + 14);
      break;
    case 'oneWeek':
      d.setUTCDate(d.getUTCDate() + 7);
      break;
  }
  return d.toISOString().slice(0, 10);
}

/** Events from today up to the range's end (by UTC day), soonest first. */
export function upcomingWithin<T extends { start_date_time: string }>(items: readonly T[], range: AheadRange, now: Date = currentTime()): T[] {
  const from = todayIso(now);
  const until = aheadUntil(range, now);
  return items
    .filter((e) => {
      const day = e.start_date_time.slice(0, 10);
      return day >= from && day <= until;
    })
    .sort((a, b) => Date.parse(a.start_date_time) - Date.parse(b.start_date_time));
}
