// The two file formats (README "Importing ticketing history"): the header row, and one line of
// events.csv or transactions.csv turned into a typed row or into problems, each with its line
// and column. Pure functions; the reading of the files is csv.ts, the whole-file rules validate.ts.
import { LIMITS } from '../../../lib/contracts/limits';
import { CITY_MAX, NAME_MAX } from '../../../lib/contracts/event-form';
import {
  EVENT_FILE_COLUMNS,
  EXTERNAL_ID_MAX,
  TRANSACTION_FILE_COLUMNS,
  type EventFileColumn,
  type HistoryFile,
  type TransactionFileColumn,
} from '../../../lib/contracts/history-import';
import { TICKET_TYPES } from '../../db/schema';
import { readAmountMinor, readExternalId, readInstant, readInteger, readOptionalText, readText, type FieldResult } from './fields';
import type { Problems } from './problems';

export type TicketType = (typeof TICKET_TYPES)[number];

/** spec 3 §3 Event.category: the stored names; the English labels of the console are accepted too. */
export const IMPORT_CATEGORIES = [
  'ballet', 'chamber', 'comedy', 'dance', 'education', 'opera', 'operetta_musical',
  'other', 'rock_pop', 'spoken', 'symphony', 'theatre', 'vocal',
] as const;
export type ImportCategory = (typeof IMPORT_CATEGORIES)[number];

const normalise = (s: string) => s.trim().toLowerCase().replace(/[\s/&-]+/g, '_');
const CATEGORY_BY_NAME = new Map<string, ImportCategory>([
  ...IMPORT_CATEGORIES.map((c) => [c, c] as const),
  // The labels public/locales/en/common.json shows for them.
  ['chamber_music', 'chamber'],
  ['operetta_and_musical', 'operetta_musical'],
  ['rock_and_pop', 'rock_pop'],
  ['spoken_word', 'spoken'],
  ['theater', 'theatre'],
]);
const TICKET_TYPE_BY_NAME = new Map<string, TicketType>(TICKET_TYPES.map((t) => [t, t]));
/** A transaction without a price_category: the seat category is not known. */
export const IMPORTED_PRICE_CATEGORY = 'Imported';
const VENUE_MAX = 200;
const PRICE_CATEGORY_MAX = 64;

export interface Header<C extends string> {
  /** Field index of each column present. */
  index: Partial<Record<C, number>>;
  width: number;
}

/**
 * The header row: every required column once, optional ones at most once, nothing else, in any
 * order (names trimmed, any case). Null when the file cannot be read on (problems say why).
 */
export function readHeader<C extends string>(
  file: HistoryFile,
  fields: string[],
  spec: { required: readonly C[]; optional: readonly C[] },
  problems: Problems,
): Header<C> | null {
  const known = new Set<string>([...spec.required, ...spec.optional]);
  const names = fields.map((f) => f.trim().toLowerCase());
  // Spreadsheets save "CSV" with semicolons in German locales, or tabs: the header then is one field.
  if (fields.length === 1 && /[;\t]/.test(fields[0]!)) {
    const sep = fields[0]!.includes(';') ? 'semicolons' : 'tabs';
    problems.add(file, 1, null, 'wrong_delimiter', `The file is separated by ${sep}; separate the values by commas`, fields[0]);
    return null;
  }
  if (!names.some((n) => known.has(n))) {
    problems.add(file, 1, null, 'missing_header', `The first line must be the header row: ${spec.required.join(',')}`, fields.join(','));
    return null;
  }
  const index: Partial<Record<C, number>> = {};
  let fine = true;
  names.forEach((name, i) => {
    if (!known.has(name)) {
      problems.add(file, 1, fields[i]!.trim() || `#${i + 1}`, 'unknown_column', `Unknown column; the columns are ${[...spec.required, ...spec.optional].join(', ')}`, fields[i]);
      fine = false;
    } else if (index[name as C] !== undefined) {
      problems.add(file, 1, name, 'duplicate_column', 'This column appears twice');
      fine = false;
    } else {
      index[name as C] = i;
    }
  });
  for (const name of spec.required) {
    if (index[name] === undefined) {
      problems.add(file, 1, name, 'missing_column', `The header lacks the column ${name}`);
      fine = false;
    }
  }
  return fine ? { index, width: fields.length } : null;
}

/** A line whose field count differs from the header's: nothing in it can be trusted to be in its column. */
function checkWidth(file: HistoryFile, fields: string[], width: number, line: number, problems: Problems): boolean {
  if (fields.length === width) return true;
  problems.add(file, line, null, 'field_count', `Expected ${width} fields as in the header, found ${fields.length} (a comma inside a value needs "quotes")`);
  return false;
}

/** Reads a field with `read`; a failure becomes a problem at (line, column). */
function field<C extends string, T>(
  file: HistoryFile,
  fields: string[],
  header: Header<C>,
  column: C,
  line: number,
  problems: Problems,
  read: (raw: string) => FieldResult<T>,
): T | undefined {
  const at = header.index[column];
  const raw = at === undefined ? '' : fields[at]!;
  const r = read(raw);
  if (r.ok) return r.value;
  problems.add(file, line, column, r.code, r.message, raw);
  return undefined;
}

export interface EventInput {
  line: number;
  externalId: string;
  title: string;
  category: ImportCategory;
  venue: string;
  hall: string;
  city: string;
  capacity: number;
  startMs: number;
  cancelled: boolean;
}

function readCategory(raw: string): FieldResult<ImportCategory> {
  const text = readText(raw, 60);
  if (!text.ok) return text;
  const found = CATEGORY_BY_NAME.get(normalise(text.value));
  return found ? { ok: true, value: found } : { ok: false, code: 'invalid_category', message: `Unknown category; use one of ${IMPORT_CATEGORIES.join(', ')}` };
}

function readStatus(raw: string): FieldResult<boolean> {
  const s = raw.trim().toLowerCase();
  if (s === '') return { ok: true, value: false };
  if (s === 'cancelled' || s === 'canceled') return { ok: true, value: true };
  return { ok: false, code: 'invalid_status', message: 'status is empty or cancelled' };
}

/** One line of events.csv, or null (its problems added). */
export function readEventRow(fields: string[], header: Header<EventFileColumn>, line: number, problems: Problems): EventInput | null {
  if (!checkWidth('events', fields, header.width, line, problems)) return null;
  const before = problems.count;
  const f = <T>(column: EventFileColumn, read: (raw: string) => FieldResult<T>) => field('events', fields, header, column, line, problems, read);
  const externalId = f('event_id', (r) => readExternalId(r, EXTERNAL_ID_MAX));
  const title = f('title', (r) => readText(r, NAME_MAX));
  const category = f('category', readCategory);
  const venue = f('venue', (r) => readText(r, VENUE_MAX));
  const hall = f('hall', (r) => readText(r, VENUE_MAX));
  const city = f('city', (r) => readText(r, CITY_MAX));
  const capacity = f('capacity', (r) => readInteger(r, 0, LIMITS.capacity));
  const startMs = f('start', (r) => readInstant(r));
  const cancelled = f('status', readStatus);
  if (problems.count !== before) return null;
  return { line, externalId: externalId!, title: title!, category: category!, venue: venue!, hall: hall!, city: city!, capacity: capacity!, startMs: startMs!, cancelled: cancelled! };
}

export interface TransactionInput {
  externalId: string;
  soldAtMs: number;
  quantity: number;
  amountMinor: number;
  ticketType: TicketType;
  priceCategory: string;
}

function readTicketType(raw: string): FieldResult<TicketType> {
  const s = raw.trim();
  if (s === '') return { ok: true, value: 'regular' };
  const found = TICKET_TYPE_BY_NAME.get(normalise(s));
  return found ? { ok: true, value: found } : { ok: false, code: 'invalid_ticket_type', message: `Unknown ticket type; use one of ${TICKET_TYPES.join(', ')}` };
}

/**
 * The last text read and what it gave, for columns whose values repeat line after line (a file
 * lists an event's sales together; ticket types and seat categories are few): two million lines
 * then check each distinct value about once.
 */
function lastValueCache<T>(read: (raw: string) => FieldResult<T>): (raw: string) => FieldResult<T> {
  let lastRaw: string | undefined;
  let last: FieldResult<T> | undefined;
  return (raw) => {
    if (raw !== lastRaw) {
      lastRaw = raw;
      last = read(raw);
    }
    return last!;
  };
}

const DATE_ONLY = { dateOnly: true } as const;
const FUTURE: FieldResult<never> = { ok: false, code: 'future_sale', message: 'A sale cannot be dated in the future' };
const readQuantity = (r: string) => readInteger(r, -LIMITS.ticketsPerEntry, LIMITS.ticketsPerEntry);
const readAmount = (r: string) => readAmountMinor(r, LIMITS.revenuePerEntry);

/** Readers of one transactions file (their caches belong to one file). */
export interface TransactionReaders {
  eventId: (raw: string) => FieldResult<string>;
  ticketType: (raw: string) => FieldResult<TicketType>;
  priceCategory: (raw: string) => FieldResult<string>;
}

export function transactionReaders(): TransactionReaders {
  return {
    eventId: lastValueCache((r) => readExternalId(r, EXTERNAL_ID_MAX)),
    ticketType: lastValueCache(readTicketType),
    priceCategory: lastValueCache((r) => readOptionalText(r, PRICE_CATEGORY_MAX)),
  };
}

/**
 * One line of transactions.csv, or null (its problems added). Sales dated after `latestSaleMs`
 * (the server's now plus a day of time zones) have not happened yet. Written out column by
 * column (no closure per line): this runs two million times per import.
 */
export function readTransactionRow(
  fields: string[],
  header: Header<TransactionFileColumn>,
  line: number,
  problems: Problems,
  latestSaleMs: number,
  readers: TransactionReaders = transactionReaders(),
): TransactionInput | null {
  if (!checkWidth('transactions', fields, header.width, line, problems)) return null;
  const before = problems.count;
  const externalId = field('transactions', fields, header, 'event_id', line, problems, readers.eventId);
  const soldAtMs = field('transactions', fields, header, 'sold_at', line, problems, (r) => {
    const at = readInstant(r, DATE_ONLY);
    return at.ok && at.value > latestSaleMs ? FUTURE : at;
  });
  // Negative: a refund or cancellation on that day.
  const quantity = field('transactions', fields, header, 'quantity', line, problems, readQuantity);
  const amountMinor = field('transactions', fields, header, 'amount', line, problems, readAmount);
  const ticketType = field('transactions', fields, header, 'ticket_type', line, problems, readers.ticketType);
  const priceCategory = field('transactions', fields, header, 'price_category', line, problems, readers.priceCategory);
  if (problems.count !== before) return null;
  return { externalId: externalId!, soldAtMs: soldAtMs!, quantity: quantity!, amountMinor: amountMinor!, ticketType: ticketType!, priceCategory: priceCategory || IMPORTED_PRICE_CATEGORY };
}

export { EVENT_FILE_COLUMNS, TRANSACTION_FILE_COLUMNS };
