// Sentinel's vocabulary of units (spec 3 §2, §3), in one place for the page and the server:
//  - every column of the three result tables: its key (its name is sentinel.columns.<key> of the
//    locale files, for the grid header AND the CSV/XLSX header), its unit and how a cell is read;
//  - every measure of the aggregates bar: its unit and the aggregations that fit it. A share of
//    capacity is never summed (three events at 40 % are not "120 % sold"), a per-event average
//    price neither; averages skip missing values and there is no value ("–") when none is left;
//  - the enum and yes/no values, named by sentinel.values.* in the user's language.
// No zod here (type imports only): the Sentinel page imports this module.
import type { CustomerRow, EventRow, ResultType, TransactionRow } from '../contracts/nlq';

export type ResultRow = CustomerRow | EventRow | TransactionRow;

/** How a value is meant: drives its formatting on screen, in the export and in the summary. */
export type Unit = 'text' | 'count' | 'money' | 'percent' | 'date' | 'boolean' | 'category' | 'ticketType';
export type Aggregation = 'sum' | 'average';
export type RawValue = string | number | boolean | null;

export interface ColumnSpec {
  key: string;
  unit: Unit;
  /** Grid width in px (the XLSX width in characters follows from it). */
  width: number;
  value: (row: ResultRow) => RawValue;
}

/** The translate function of i18next, as far as this module uses it. */
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

const get =
  (key: string) =>
  (row: ResultRow): RawValue => {
    const v = (row as unknown as Record<string, unknown>)[key];
    return v === undefined ? null : (v as RawValue);
  };
const col = (key: string, unit: Unit, width: number, value: ColumnSpec['value'] = get(key)): ColumnSpec => ({ key, unit, width, value });

const CUSTOMER: ColumnSpec[] = [
  col('id', 'text', 110),
  col('salutation', 'text', 120),
  col('first_name', 'text', 150),
  col('last_name', 'text', 150),
  col('street', 'text', 200),
  col('zip_code', 'text', 110),
  col('city', 'text', 150),
  col('email', 'text', 240),
  col('email_2', 'text', 240),
  col('phone1', 'text', 160),
  col('phone2', 'text', 160),
  col('ads_opt_out', 'boolean', 150),
];

/** The forecast figures of an event: hidden for the prisma product type (spec 3 §3). */
export const FORECAST_KEYS: ReadonlySet<string> = new Set(['already_sold', 'prediction', 'sales_prediction', 'benchmark']);

const EVENT: ColumnSpec[] = [
  col('id', 'text', 120),
  col('title', 'text', 240),
  col('description', 'text', 280),
  col('category', 'category', 160),
  col('date', 'date', 120),
  col('start', 'text', 90),
  col('end', 'text', 90),
  col('capacity', 'count', 110),
  col('price_category', 'text', 150),
  col('city', 'text', 140),
  col('venues', 'text', 180),
  col('halls', 'text', 160),
  col('lineups', 'text', 220, (r) => (r as EventRow).lineups.map((l) => l.artist_name).join(', ')),
  col('setlists', 'text', 260, (r) => (r as EventRow).setlists.map((s) => (s.composer ? `${s.composer}: ${s.title}` : s.title)).join('; ')),
  col('already_sold', 'percent', 170),
  col('prediction', 'percent', 150),
  // predicted_tickets of the forecast: a number of tickets, not a share (issue 20 §3).
  col('sales_prediction', 'count', 200),
  col('benchmark', 'percent', 150),
];

const TRANSACTION: ColumnSpec[] = [
  col('id', 'text', 110),
  col('event_id', 'text', 120),
  col('customer_id', 'text', 120),
  col('invoice_id', 'text', 130),
  col('ticket_type', 'ticketType', 150),
  col('date', 'date', 120),
  col('time', 'text', 90),
  col('sold_price', 'money', 130),
  col('ground_price', 'money', 130),
  col('discount', 'money', 120),
  col('ticket_category', 'text', 170),
  col('raw_ticket_category', 'text', 190),
  col('currency', 'text', 100),
  col('payment_method', 'text', 160),
  col('seat_id', 'text', 120),
];

/** The columns of an answer, in order; the forecast figures are left out for prisma. */
export function resultColumns(type: ResultType, prisma: boolean): ColumnSpec[] {
  if (type === 'customers') return CUSTOMER;
  if (type === 'transactions') return TRANSACTION;
  return prisma ? EVENT.filter((c) => !FORECAST_KEYS.has(c.key)) : EVENT;
}

export interface MeasureSpec {
  unit: 'count' | 'money' | 'percent';
  /** The aggregations that mean something for this measure, in the bar's order. */
  aggregations: readonly Aggregation[];
}

const BOTH: readonly Aggregation[] = ['sum', 'average'];
const AVERAGE_ONLY: readonly Aggregation[] = ['average'];

/**
 * The measures of the aggregates bar (spec 3 §2), per outcome and in the bar's order. `price` is
 * the average price a ticket of the answer sold for (revenue / tickets sold, computed by the
 * server): a price, never added up. Shares of capacity are averaged.
 */
export const MEASURES: Record<'events' | 'transactions', Record<string, MeasureSpec>> = {
  events: {
    capacity: { unit: 'count', aggregations: BOTH },
    tickets_sold: { unit: 'count', aggregations: BOTH },
    revenue: { unit: 'money', aggregations: BOTH },
    price: { unit: 'money', aggregations: AVERAGE_ONLY },
    already_sold: { unit: 'percent', aggregations: AVERAGE_ONLY },
    prediction: { unit: 'percent', aggregations: AVERAGE_ONLY },
    sales_prediction: { unit: 'count', aggregations: BOTH },
    benchmark: { unit: 'percent', aggregations: AVERAGE_ONLY },
  },
  transactions: {
    tickets: { unit: 'count', aggregations: BOTH },
    sold_price: { unit: 'money', aggregations: BOTH },
    ground_price: { unit: 'money', aggregations: BOTH },
    discount: { unit: 'money', aggregations: BOTH },
  },
};

/** The measures of an outcome (none for customers); the forecast figures are left out for prisma. */
export function measuresFor(type: ResultType, prisma: boolean): [string, MeasureSpec][] {
  if (type === 'customers') return [];
  return Object.entries(MEASURES[type]).filter(([key]) => !(prisma && FORECAST_KEYS.has(key)));
}

/** The units of filter values in the query summary that are named, not shown raw (fields of the semantic layer, "tag.name"). */
export const FILTER_VALUE_UNITS: Record<string, Unit> = {
  'e.category': 'category',
  't.ticket_type': 'ticketType',
  'c.ads_opt_out': 'boolean',
  'e.date': 'date',
  't.date': 'date',
};

/** 'operetta_musical' → 'Operetta Musical': how a category the vocabulary does not name reads. */
export function categoryLabel(category: string): string {
  return category
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The name of an enum or yes/no value in the user's language (sentinel.values.*), or null when the
 * unit is not a named one. An unknown category or ticket type (a partner's own) reads as written.
 */
export function valueName(unit: Unit, value: RawValue, t: Translate): string | null {
  if (value === null) return null;
  if (unit === 'boolean') {
    const yes = typeof value === 'boolean' ? value : value === 'true';
    return t(`sentinel.values.boolean.${yes ? 'true' : 'false'}`);
  }
  if (unit === 'category') return t(`sentinel.values.category.${String(value)}`, { defaultValue: categoryLabel(String(value)) });
  if (unit === 'ticketType') return t(`sentinel.values.ticket_type.${String(value)}`, { defaultValue: String(value) });
  return null;
}

const locale = (lng: string) => (lng === 'de' ? 'de-DE' : 'en-US');

export function numberText(value: number, lng: string, digits: number): string {
  return new Intl.NumberFormat(locale(lng), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Money with its currency ("63.229,50 €"); without a known currency, the amount with two decimals. */
export function moneyText(value: number, lng: string, currency: string | null | undefined): string {
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return numberText(value, lng, 2);
  return new Intl.NumberFormat(locale(lng), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export const percentText = (value: number, lng: string) => `${numberText(value, lng, 1)} %`;

/** What the bar and the summary show when there is no value. */
export const NO_VALUE = '–';

/**
 * A value of the aggregates bar: counts whole (their averages with one decimal), money with its
 * currency, shares with one decimal and "%"; "–" when there is no value.
 */
export function measureText(spec: MeasureSpec, value: number | null | undefined, mode: Aggregation, lng: string, currency?: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  if (spec.unit === 'percent') return percentText(value, lng);
  if (spec.unit === 'money') return moneyText(value, lng, currency);
  return numberText(value, lng, mode === 'sum' ? 0 : 1);
}

/** 'YYYY-MM-DD…' → 'DD.MM.YYYY' (spec 3 §9); anything else as it is. */
export function dateText(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** A condition's date: a day as dateText, an instant ("seit Montag" runs until now) with its time, 'DD.MM.YYYY, HH:mm' (UTC). */
export function conditionDateText(value: string): string {
  const m = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2}):\d{2}(?:\.\d+)?Z$/.exec(value);
  return m ? `${dateText(value)}, ${m[1]}:${m[2]}` : dateText(value);
}

/** A cell of the results grid as text, formatted by its column's unit. */
export function cellText(spec: ColumnSpec, row: ResultRow, lng: string, t: Translate): string {
  const v = spec.value(row);
  if (v === null || v === '') return '';
  switch (spec.unit) {
    case 'count':
      return typeof v === 'number' ? numberText(v, lng, 0) : String(v);
    case 'money':
      return typeof v === 'number' ? moneyText(v, lng, (row as Partial<TransactionRow>).currency) : String(v);
    case 'percent':
      return typeof v === 'number' ? percentText(v, lng) : String(v);
    case 'date':
      return dateText(String(v));
    case 'boolean':
    case 'category':
    case 'ticketType':
      return valueName(spec.unit, v, t) ?? String(v);
    default:
      return String(v);
  }
}
