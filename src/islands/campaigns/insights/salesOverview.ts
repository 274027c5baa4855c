// spec 2 §2 "Event insights panel" sales overview: tickets or revenue per column over two weeks,
// eight weeks (the default) or all sales; all sales are grouped by month or by year. Manual
// adjustments are kept apart (dashed markers with their own tooltip). Pure, so it is unit tested
// without a chart library; SalesOverview.tsx turns the result into a ChartSpec.
import type { DailyRevenueSummary } from '../../../lib/contracts/events';
import { addDaysIso, todayIso } from '../../events/detail/format';
import { currentTime } from '../../../lib/clock';

export const OVERVIEW_RANGES = ['twoWeeks', 'eightWeeks', 'all'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export const DEFAULT_OVERVIEW_RANGE: OverviewRange = 'eightWeeks';
/** spec 2 §9: 1,209,600,000 ms and 4,838,400,000 ms. */
export const OVERVIEW_RANGE_DAYS: Record<OverviewRange, number | null> = { twoWeeks: 14, eightWeeks: 56, all: null };

export const OVERVIEW_GROUPS = ['month', 'year'] as const;
export type OverviewGroup = (typeof OVERVIEW_GROUPS)[number];
export type OverviewMetric = 'tickets' | 'revenue';

/** One column: a day in the two fixed windows, a month or a year over all sales. */
export interface OverviewColumn {
  /** First day of the period (YYYY-MM-DD). */
  start: string;
  tickets: number;
  revenue: number;
  /** Tickets per ticket type in the period (the hover list). */
  ticketsByType: Record<string, number>;
}

export interface OverviewMarker {
  day: string;
  tickets: number;
  revenue: number;
}

export interface SalesOverview {
  /** 'day' for the two fixed windows; the chosen grouping for all sales. */
  unit: 'day' | OverviewGroup;
  columns: OverviewColumn[];
  manual: OverviewMarker[];
}

type Day = DailyRevenueSummary['summaries'][number];

function periodStart(day: string, unit: SalesOverview['unit']): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  return `${day.slice(0, 4)}-01-01`;
}

function nextPeriod(start: string, unit: SalesOverview['unit']): string {
  if (unit === 'day') return addDaysIso(start, 1);
  const d = new Date(`${start}T00:00:00Z`);
  if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The columns of a range. The fixed windows end at the event day for a past event and today
 * otherwise, and show every day of the window (quiet days as empty columns); all sales run from
 * the first to the last sale, with every month or year in between.
 */
export function salesOverview(
  summary: DailyRevenueSummary,
  range: OverviewRange,
  group: OverviewGroup,
  eventDay: string,
  now: Date = currentTime(),
): SalesOverview {
  const unit: SalesOverview['unit'] = range === 'all' ? group : 'day';
  const today = todayIso(now);
  const end = eventDay.slice(0, 10) < today ? eventDay.slice(0, 10) : today;
  const days = OVERVIEW_RANGE_DAYS[range];
  const start = days == null ? null : addDaysIso(end, -(days - 1));
  const inside = (d: Day) => {
    const day = d.date.slice(0, 10);
    return (start == null || day >= start) && (days == null || day <= end);
  };
  const sales = summary.summaries.filter(inside);
  const manual = summary.manual_adjustments.filter(inside);

  const allDays = [...sales, ...manual].map((d) => d.date.slice(0, 10)).sort();
  const first = start ?? allDays[0];
  const last = start != null ? end : allDays[allDays.length - 1];
  const columns: OverviewColumn[] = [];
  if (first && last) {
    const index = new Map<string, OverviewColumn>();
    for (let p = periodStart(first, unit); p <= last; p = nextPeriod(p, unit)) {
      const col: OverviewColumn = { start: p, tickets: 0, revenue: 0, ticketsByType: {} };
      columns.push(col);
      index.set(p, col);
    }
    // Manual adjustments count in the columns too: they are sales, only entered by hand.
    for (const d of [...sales, ...manual]) {
      const col = index.get(periodStart(d.date.slice(0, 10), unit));
      if (!col) continue;
      col.tickets += d.number_of_tickets.total;
      col.revenue += d.revenue.total;
      for (const [type, n] of Object.entries(d.number_of_tickets.parts)) col.ticketsByType[type] = (col.ticketsByType[type] ?? 0) + n;
    }
    for (const col of columns) col.revenue = Math.round(col.revenue * 100) / 100;
  }
  const markers = manual
    .map((d) => ({ day: d.date.slice(0, 10), tickets: d.number_of_tickets.total, revenue: d.revenue.total }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { unit, columns, manual: markers };
}

/** spec 2 §2: capacity 0 dims the sales trend area and lays an overlay over it. */
export const trendDimmed = (capacity: number | null | undefined) => capacity === 0;
