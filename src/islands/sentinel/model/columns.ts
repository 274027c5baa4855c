// spec 3 §3 result tables: the columns of each outcome, their labels (sentinel.columns.*), and how
// a cell reads. Events show categories with underscores as capitalised words and hide the four
// percentages for the prisma product type.
import type { CustomerRow, EventRow, ResultType, TransactionRow } from '../../../lib/contracts/nlq';

export type ResultRow = CustomerRow | EventRow | TransactionRow;

export interface ResultColumn {
  key: string;
  /** Under sentinel.columns. */
  labelKey: string;
  width: number;
  numeric?: boolean;
  text: (row: ResultRow, lng: string) => string;
}

/** 'operetta_musical' → 'Operetta Musical'. */
export function categoryLabel(category: string): string {
  return category
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** 'YYYY-MM-DD…' → 'DD.MM.YYYY' (spec 3 §9); anything else as it is. */
export function dateLabel(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

const locale = (lng: string) => (lng === 'de' ? 'de-DE' : 'en-US');

export function numberLabel(value: number | null | undefined, lng: string, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale(lng), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

const percentLabel = (value: number | null | undefined, lng: string) => (value === null || value === undefined ? '' : `${numberLabel(value, lng, 1)} %`);

const field = (key: string) => (row: ResultRow) => {
  const v = (row as unknown as Record<string, unknown>)[key];
  return v === null || v === undefined ? '' : String(v);
};

const col = (key: string, width: number, extra: Partial<ResultColumn> = {}): ResultColumn => ({ key, labelKey: key, width, text: field(key), ...extra });
const money = (key: string, width = 130): ResultColumn =>
  col(key, width, {
    numeric: true,
    text: (row, lng) => numberLabel((row as unknown as Record<string, number | null>)[key], lng, 2),
  });
const percent = (key: string): ResultColumn =>
  col(key, 150, {
    numeric: true,
    text: (row, lng) => percentLabel((row as unknown as Record<string, number | null>)[key], lng),
  });

const CUSTOMER_COLUMNS: ResultColumn[] = [
  col('id', 110),
  col('salutation', 120),
  col('first_name', 150),
  col('last_name', 150),
  col('street', 200),
  col('zip_code', 110),
  col('city', 150),
  col('email', 240),
  col('email_2', 240),
  col('phone1', 160),
  col('phone2', 160),
  col('ads_opt_out', 130, {
    text: (row) => String((row as CustomerRow).ads_opt_out),
  }),
];

const EVENT_COLUMNS: ResultColumn[] = [
  col('id', 120),
  col('title', 240),
  col('description', 280),
  col('category', 160, {
    text: (row) => categoryLabel((row as EventRow).category),
  }),
  col('date', 120, { text: (row) => dateLabel((row as EventRow).date) }),
  col('start', 90),
  col('end', 90),
  col('capacity', 110, {
    numeric: true,
    text: (row, lng) => numberLabel((row as EventRow).capacity, lng),
  }),
  col('price_category', 150),
  col('city', 140),
  col('venues', 180),
  col('halls', 160),
  col('lineups', 220, {
    text: (row) => (row as EventRow).lineups.map((l) => l.artist_name).join(', '),
  }),
  col('setlists', 260, {
    text: (row) => (row as EventRow).setlists.map((s) => `${s.composer}: ${s.title}`).join('; '),
  }),
  percent('already_sold'),
  percent('prediction'),
  percent('sales_prediction'),
  percent('benchmark'),
];
const EVENT_PERCENTAGES = new Set(['already_sold', 'prediction', 'sales_prediction', 'benchmark']);

const TRANSACTION_COLUMNS: ResultColumn[] = [
  col('id', 110),
  col('event_id', 120),
  col('customer_id', 120),
  col('invoice_id', 130),
  col('ticket_type', 140),
  col('date', 120, { text: (row) => dateLabel((row as TransactionRow).date) }),
  col('time', 90),
  money('sold_price'),
  money('ground_price'),
  money('discount'),
  col('ticket_category', 170),
  col('raw_ticket_category', 190),
  col('currency', 100),
  col('payment_method', 160),
  col('seat_id', 120),
];

export function columnsFor(type: ResultType, prisma: boolean): ResultColumn[] {
  if (type === 'customers') return CUSTOMER_COLUMNS;
  if (type === 'transactions') return TRANSACTION_COLUMNS;
  return prisma ? EVENT_COLUMNS.filter((c) => !EVENT_PERCENTAGES.has(c.key)) : EVENT_COLUMNS;
}

/** spec 3 §2: events and transactions show the aggregates bar (sum / average) under the header. */
export const hasAggregates = (type: ResultType) => type !== 'customers';

/** Measures counted in whole units (their sums); everything else of the aggregates is money. */
const COUNTS = new Set(['capacity', 'tickets', 'tickets_sold']);

/** A value of the aggregates bar: counts as integers (averages with one decimal), percentages with one, money with two. */
/** The measures of the aggregates bar to show: the percentages are hidden for the prisma type, like their columns. */
export function shownAggregates<T>(aggregations: Record<string, T>, prisma: boolean): [string, T][] {
  return Object.entries(aggregations).filter(([key]) => !(prisma && EVENT_PERCENTAGES.has(key)));
}

export function aggregateLabel(key: string, value: number | undefined, mode: 'sum' | 'average', lng: string): string {
  if (value === undefined) return '';
  if (EVENT_PERCENTAGES.has(key)) return percentLabel(value, lng);
  if (COUNTS.has(key)) return numberLabel(value, lng, mode === 'sum' ? 0 : 1);
  return numberLabel(value, lng, 2);
}
