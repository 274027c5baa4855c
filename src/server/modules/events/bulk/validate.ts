// spec 3 §5 "Bulk upload": every row of the workbook is checked and every finding kept, so the
// failure modal can list them all at once. An event row is checked by the event form's own
// contract (EventForm: required fields, category, city 34, capacity integer >= 0, price >= 0,
// date >= 2 days ahead, 30-minute steps, lineup roles), with its lineup and setlist rows attached,
// and the contract's issues are mapped back to the sheet, row and column they came from. What
// only a workbook can get wrong (headers, identifiers, cell types, formulas) is checked here.
import {
  BULK_REGIONS,
  type AuxDateFormat,
  type BulkField,
  type BulkIssue,
  type BulkReason,
  type BulkSheet,
} from '../../../../lib/contracts/bulk-upload';
import { CITY_MAX, DESCRIPTION_MAX, EventForm, NAME_MAX, type EventFormData, type EventFormInput } from '../../../../lib/contracts/event-form';
import { columnLetter, type Cell, type Sheet, type SheetRow } from '../../spreadsheets/read';
import { cellText, isBlank } from '../../spreadsheets/values';
import { eventColumn, isAuxDateFormatName, lineupColumn, setlistColumn, sheetKey } from './names';
import { parseAuxDateFormat, parseBulkDate, parseBulkTime } from './values';

export type BulkEventType = 'prisma' | 'fdlive';

/** The partner's own identifier, kept as the event's eid; it ends up in /events/edit/{eid} URLs. */
export const IDENTIFIER_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const MAX_LINEUPS = 100;
const MAX_SETLISTS = 200;

export interface BulkEvent {
  identifier: string;
  row: number;
  /** Column letter of the identifier, for findings made later (identifier already in use). */
  column: string;
  form: EventFormData;
}

export interface BulkValidation {
  events: BulkEvent[];
  issues: BulkIssue[];
  /** Data rows on the Events sheet (0: nothing to create). */
  eventRows: number;
}

type Columns<K extends string> = Map<K, number>;

class Findings {
  readonly list: BulkIssue[] = [];
  add(sheet: BulkSheet, row: number, field: BulkField, col: number | null, reason: BulkReason) {
    this.list.push({ sheet, row, field, column: col === null ? '' : columnLetter(col), reason });
  }
}

/** Maps a header row to column indexes; unknown, duplicate and missing columns are findings. */
function readHeader<K extends string>(
  sheet: BulkSheet,
  header: SheetRow,
  lookup: (raw: string) => K | undefined,
  required: readonly K[],
  found: Findings,
): Columns<K> | undefined {
  const columns: Columns<K> = new Map();
  const before = found.list.length;
  header.cells.forEach((cell, col) => {
    if (isBlank(cell)) return;
    const key = typeof cell === 'string' ? lookup(cell) : undefined;
    if (!key) return found.add(sheet, header.number, '', col, 'unknownColumn');
    if (columns.has(key)) return found.add(sheet, header.number, key as BulkField, col, 'duplicateColumn');
    columns.set(key, col);
  });
  for (const key of required) if (!columns.has(key)) found.add(sheet, header.number, key as BulkField, null, 'missingColumn');
  return found.list.length === before ? columns : undefined;
}

/** Text of a cell, or a finding when the cell is a formula, an error value or text a spreadsheet would run. */
function textOf(c: Cell | undefined, flag: () => void): string {
  if (c === undefined || c === null) return '';
  if (typeof c === 'object' && !(c instanceof Date)) {
    flag();
    return '';
  }
  const s = cellText(c);
  if (/^[=+@]/.test(s)) {
    flag();
    return '';
  }
  return s;
}

const normaliseCategory = (s: string) => s.trim().toLowerCase().replace(/[\s/&-]+/g, '_');
const normaliseRole = (s: string) => s.trim().toLowerCase().replace(/[\s_]+/g, ' ');

function auxDateFormat(sheet: Sheet | undefined, found: Findings): AuxDateFormat {
  if (!sheet) return BULK_REGIONS.eu;
  for (const row of sheet.rows) {
    const at = row.cells.findIndex((c) => typeof c === 'string' && isAuxDateFormatName(c));
    if (at === -1) continue;
    // The value sits beside the name, or below it when the sheet is laid out as a header row.
    const beside = row.cells[at + 1];
    const below = sheet.rows.find((r) => r.number > row.number)?.cells[at];
    const [cell, rowNumber, col] = !isBlank(beside) ? [beside!, row.number, at + 1] : [below ?? null, row.number + 1, at];
    const format = parseAuxDateFormat(cell);
    if (format) return format;
    found.add('settings', rowNumber, 'aux_date_format', col, 'badDateFormat');
    return BULK_REGIONS.eu;
  }
  return BULK_REGIONS.eu;
}

interface Pending {
  identifier: string;
  row: number;
  input: EventFormInput & { lineups: { artist_name: string; artist_type: string }[]; setlists: { artist_name: string; track: string }[] };
  /** Fields already refused here; the contract's issue for them would repeat it. */
  flagged: Set<string>;
  columns: Columns<string>;
  lineupRows: { row: number; columns: Columns<string> }[];
  setlistRows: { row: number; columns: Columns<string> }[];
}

/** Text fields are cut to their limit for the contract (which would stop at the first) and flagged here. */
function limited(value: string, max: number, flag: () => void): string {
  if (value.length <= max) return value;
  flag();
  return value.slice(0, max);
}

export function validateBulkWorkbook(sheets: Sheet[], eventType: BulkEventType): BulkValidation {
  const found = new Findings();
  const byKey = new Map<string, Sheet>();
  for (const sheet of sheets) {
    const key = sheetKey(sheet.name);
    if (!key || key === 'instructions') continue;
    // "Events" and "Veranstaltungen" side by side: which one is meant is a guess, so ask.
    if (byKey.has(key)) found.add(key, 0, '', null, 'duplicateSheet');
    else byKey.set(key, sheet);
  }
  const product = eventType === 'prisma';
  const format = auxDateFormat(byKey.get('settings'), found);

  const eventsSheet = byKey.get('events');
  if (!eventsSheet || !eventsSheet.rows.length) {
    found.add('events', 0, '', null, 'missingSheet');
    return { events: [], issues: found.list, eventRows: 0 };
  }
  const [header, ...rows] = eventsSheet.rows;
  const required = product ? (['identifier', 'title', 'date'] as const) : (['identifier', 'title', 'category', 'date', 'time', 'price', 'city', 'venue', 'hall', 'capacity'] as const);
  const columns = readHeader('events', header!, eventColumn, required, found);
  const pending = new Map<string, Pending>();
  // Every identifier written on the Events sheet, valid or not: a lineup row pointing at an
  // invalid event is not also "unknown".
  const written = new Set<string>();

  if (columns) {
    for (const row of rows) {
      const flagged = new Set<string>();
      const cell = (key: string) => (columns.has(key as never) ? row.cells[columns.get(key as never)!] : undefined);
      const flag = (field: BulkField, reason: BulkReason) => {
        flagged.add(field);
        found.add('events', row.number, field, columns.has(field as never) ? columns.get(field as never)! : null, reason);
      };
      const text = (field: BulkField) => textOf(cell(field), () => flag(field, 'formula'));

      const identifier = text('identifier');
      if (!identifier) flagged.has('identifier') || flag('identifier', 'required');
      else if (!IDENTIFIER_RE.test(identifier)) flag('identifier', 'badIdentifier');
      else if (written.has(identifier)) flag('identifier', 'duplicateIdentifier');
      if (identifier) written.add(identifier);

      const dateCell = cell('date');
      let date = '';
      if (typeof dateCell === 'object' && dateCell !== null && !(dateCell instanceof Date)) flag('date', 'formula');
      else if (!isBlank(dateCell)) {
        date = parseBulkDate(dateCell!, format) ?? '';
        if (!date) flag('date', 'badDate');
      }
      let time = '';
      if (!product) {
        const timeCell = cell('time');
        if (typeof timeCell === 'object' && timeCell !== null && !(timeCell instanceof Date)) flag('time', 'formula');
        else if (!isBlank(timeCell)) {
          time = parseBulkTime(timeCell!) ?? '';
          if (!time) flag('time', 'badTime');
        }
      }
      const amount = (field: 'capacity' | 'price'): number | string | null => {
        const c = cell(field);
        if (isBlank(c)) return null;
        if (typeof c === 'number') return c;
        if (typeof c === 'string') return /^[=+@]/.test(c.trim()) ? (flag(field, 'formula'), null) : c.trim();
        // A date, boolean, formula or error value is not an amount.
        flag(field, typeof c === 'object' && !(c instanceof Date) ? 'formula' : 'notANumber');
        return null;
      };
      const name = limited(text('title'), NAME_MAX, () => flag('title', 'tooLong'));
      const input: Pending['input'] = {
        name,
        description: limited(text('description'), DESCRIPTION_MAX, () => flag('description', 'tooLong')),
        category: product ? 'product' : normaliseCategory(text('category')),
        date,
        time,
        city: limited(text('city'), CITY_MAX, () => flag('city', 'tooLong')),
        venue: limited(text('venue'), NAME_MAX, () => flag('venue', 'tooLong')),
        hall: limited(text('hall'), NAME_MAX, () => flag('hall', 'tooLong')),
        capacity: product ? null : amount('capacity'),
        price: product ? null : amount('price'),
        lineups: [],
        setlists: [],
      };
      // Rows after a duplicate keep their findings but cannot own lineup rows.
      const key = identifier && !pending.has(identifier) ? identifier : `#row${row.number}`;
      pending.set(key, { identifier, row: row.number, input, flagged, columns: columns as Columns<string>, lineupRows: [], setlistRows: [] });
    }
  }

  if (!product) {
    attachRows(byKey.get('lineups'), 'lineups', lineupColumn, ['identifier', 'artist', 'role'], pending, written, found, (p, r, get) => {
      if (p.input.lineups.length >= MAX_LINEUPS) return 'tooManyRows';
      p.input.lineups.push({ artist_name: get('artist'), artist_type: normaliseRole(get('role')) });
      p.lineupRows.push(r);
    });
    attachRows(byKey.get('setlists'), 'setlists', setlistColumn, ['identifier', 'composer', 'work'], pending, written, found, (p, r, get) => {
      if (p.input.setlists.length >= MAX_SETLISTS) return 'tooManyRows';
      p.input.setlists.push({ artist_name: get('composer'), track: get('work') });
      p.setlistRows.push(r);
    });
  }

  const events: BulkEvent[] = [];
  for (const p of pending.values()) {
    const parsed = EventForm.safeParse(p.input);
    if (parsed.success) {
      if (!p.flagged.size) events.push({ identifier: p.identifier, row: p.row, column: columnLetter(p.columns.get('identifier') ?? 0), form: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) mapFormIssue(p, issue.path, issue.message as BulkReason, found);
  }
  return { events: found.list.length ? [] : events, issues: found.list, eventRows: rows.length };
}

const FORM_FIELD: Record<string, BulkField> = { name: 'title', category: 'category', date: 'date', time: 'time', city: 'city', venue: 'venue', hall: 'hall', capacity: 'capacity', price: 'price', description: 'description' };

/** Puts a contract issue back on the cell it came from: the event row, or a lineup/setlist row. */
function mapFormIssue(p: Pending, path: PropertyKey[], reason: BulkReason, found: Findings) {
  const [head, index, sub] = path;
  if ((head === 'lineups' || head === 'setlists') && typeof index === 'number') {
    const r = (head === 'lineups' ? p.lineupRows : p.setlistRows)[index];
    if (!r) return;
    const field: BulkField = head === 'lineups' ? (sub === 'artist_type' ? 'role' : 'artist') : sub === 'track' ? 'work' : 'composer';
    const col = r.columns.get(field);
    return found.add(head, r.row, field, col ?? null, reason);
  }
  const field = FORM_FIELD[String(head)];
  if (!field || p.flagged.has(field)) return;
  const col = p.columns.get(field);
  found.add('events', p.row, field, col ?? null, reason);
}

/** Lineup and setlist rows: checked for their identifier here, for their content with the event. */
function attachRows<K extends string>(
  sheet: Sheet | undefined,
  name: 'lineups' | 'setlists',
  lookup: (raw: string) => K | undefined,
  required: readonly K[],
  pending: Map<string, Pending>,
  written: Set<string>,
  found: Findings,
  attach: (p: Pending, r: { row: number; columns: Columns<string> }, get: (key: K) => string) => BulkReason | void,
) {
  if (!sheet || !sheet.rows.length) return;
  const [header, ...rows] = sheet.rows;
  const columns = readHeader(name, header!, lookup, required, found);
  if (!columns) return;
  for (const row of rows) {
    let bad = false;
    const values = new Map<K, string>();
    for (const key of required) {
      const col = columns.get(key)!;
      values.set(
        key,
        textOf(row.cells[col], () => {
          bad = true;
          found.add(name, row.number, key as BulkField, col, 'formula');
        }),
      );
    }
    // A refused cell is reported once, not again as empty by the event's check.
    if (bad) continue;
    const get = (key: K) => values.get(key) ?? '';
    const identifier = get('identifier' as K);
    const idCol = columns.get('identifier' as K)!;
    if (!identifier) {
      found.add(name, row.number, 'identifier', idCol, 'required');
      continue;
    }
    if (!written.has(identifier)) {
      found.add(name, row.number, 'identifier', idCol, 'unknownIdentifier');
      continue;
    }
    const owner = pending.get(identifier);
    if (!owner) continue;
    const refused = attach(owner, { row: row.number, columns: columns as Columns<string> }, get);
    if (refused) found.add(name, row.number, '', null, refused);
  }
}
