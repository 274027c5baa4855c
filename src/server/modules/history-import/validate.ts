// The first pass of an import: read both files to the end, check every line and the rules across
// lines (an event_id once per events.csv, every transaction's event known, no event_id that is
// already the identifier of an event entered in the console), and keep only what the write needs:
// the events (a few thousand rows), and the checked transactions as compact binary records in a
// temporary file (spool.ts) that the write reads back.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import {
  EVENT_FILE_COLUMNS,
  EXTERNAL_ID_MAX,
  MAX_IMPORT_EVENTS,
  MAX_IMPORT_TRANSACTIONS,
  TRANSACTION_FILE_COLUMNS,
  type EventFileColumn,
  type HistoryFile,
  type TransactionFileColumn,
} from '../../../lib/contracts/history-import';
import { csvRecords } from './csv';
import { Problems } from './problems';
import { readEventRow, readHeader, readTransactionRow, transactionReaders, type EventInput, type Header, type TransactionInput } from './rows';
import { TextTable, TransactionSpool } from './spool';
import { readExternalId } from './fields';
import { TICKET_TYPES } from '../../db/schema';

/** One import file: a name for messages, its size for progress when known, and a way to read it (again). */
export interface ImportFile {
  name: string;
  size: number | null;
  open: () => Promise<AsyncIterable<Buffer | string>>;
}
export type ImportFiles = Record<HistoryFile, ImportFile>;

export interface ValidatedImport {
  events: EventInput[];
  transactionRows: number;
  /** The checked transactions; the caller disposes of it. */
  spool: TransactionSpool;
  /** event_ids (the partner's) that have lines in transactions.csv, by the spool's event number. */
  transactionEvents: TextTable;
  /** price_category values by the spool's number. */
  priceCategories: TextTable;
}

/** Beyond this many different price categories the file is not a seat plan's categories. */
export const MAX_PRICE_CATEGORIES = 100_000;
const TYPE_NUMBER = new Map<string, number>(TICKET_TYPES.map((t, i) => [t, i]));

/** A sale may be dated up to a day ahead of the server's clock: the file's zone may be ahead of UTC. */
export const latestSaleMs = (nowMs: number) => nowMs + 24 * 60 * 60 * 1000;

/** Bytes read of both files, for the progress of the first pass. */
export type BytesProgress = (bytesRead: number) => void;

/** event_ids the partner's earlier imports created. */
async function importedIds(db: Db, partnerId: number | null): Promise<Set<string>> {
  if (partnerId === null) return new Set();
  const found = await rows<{ external_id: string }>(db, sql`SELECT external_id FROM events WHERE partner_id = ${partnerId} AND external_id IS NOT NULL`);
  return new Set(found.map((r) => r.external_id));
}

/** event_ids that are the eid of one of the partner's events that no import made (entered in the console, bulk upload, API). */
async function takenIds(db: Db, partnerId: number | null, ids: string[]): Promise<Set<string>> {
  if (partnerId === null || !ids.length) return new Set();
  const found = await rows<{ eid: string }>(
    db,
    sql`SELECT eid FROM events WHERE partner_id = ${partnerId} AND eid = ANY(${sql.param(ids)}::text[]) AND external_id IS DISTINCT FROM eid`,
  );
  return new Set(found.map((r) => r.eid));
}

/**
 * Every line of events.csv, checked: the events that passed (an event_id once), every event_id
 * the file names (a line with problems too, so its transactions are not also reported as
 * unknown), and whether the file had no data lines.
 */
export async function readEvents(
  file: ImportFile,
  problems: Problems,
  onBytes: (n: number) => void = () => {},
): Promise<{ events: EventInput[]; named: Set<string>; empty: boolean; readable: boolean }> {
  const events: EventInput[] = [];
  const named = new Set<string>();
  const firstLine = new Map<string, number>();
  let header: Header<EventFileColumn> | null | undefined;
  let rowCount = 0;
  read: for await (const batch of csvRecords(await file.open(), 'events', problems, onBytes)) {
    for (const rec of batch) {
      if (header === undefined) {
        header = readHeader('events', rec.fields, EVENT_FILE_COLUMNS, problems);
        if (!header) break read;
        continue;
      }
      if (++rowCount > MAX_IMPORT_EVENTS) {
        problems.add('events', rec.line, null, 'too_many_rows', `At most ${MAX_IMPORT_EVENTS.toLocaleString('en')} events per import`);
        break read;
      }
      const id = header!.index.event_id !== undefined ? readExternalId(rec.fields[header!.index.event_id] ?? '', EXTERNAL_ID_MAX) : null;
      if (id?.ok) named.add(id.value);
      const ev = readEventRow(rec.fields, header!, rec.line, problems);
      if (!ev) continue;
      const seen = firstLine.get(ev.externalId);
      if (seen !== undefined) {
        problems.add('events', rec.line, 'event_id', 'duplicate_event_id', `This event_id is already on line ${seen}`, ev.externalId);
        continue;
      }
      firstLine.set(ev.externalId, rec.line);
      events.push(ev);
    }
  }
  if (header === undefined) problems.add('events', 1, null, 'empty_file', 'The file is empty; it needs at least the header row');
  return { events, named, empty: rowCount === 0, readable: !!header };
}

/**
 * Every line of transactions.csv, checked and handed to `each` (the write's second pass uses the
 * same reader, so both passes accept exactly the same lines). `known(id)` says whether an
 * event_id may be referenced. Returns the number of data lines, or null when the header failed.
 */
export async function readTransactions(
  file: ImportFile,
  problems: Problems,
  nowMs: number,
  known: (externalId: string) => boolean,
  each: (row: TransactionInput, line: number) => void | Promise<void>,
  onBytes: (n: number) => void = () => {},
): Promise<number | null> {
  let header: Header<TransactionFileColumn> | null | undefined;
  let rowCount = 0;
  const latest = latestSaleMs(nowMs);
  const readers = transactionReaders();
  for await (const batch of csvRecords(await file.open(), 'transactions', problems, onBytes)) {
    for (const rec of batch) {
      if (header === undefined) {
        header = readHeader('transactions', rec.fields, TRANSACTION_FILE_COLUMNS, problems);
        if (!header) return null;
        continue;
      }
      if (++rowCount > MAX_IMPORT_TRANSACTIONS) {
        problems.add('transactions', rec.line, null, 'too_many_rows', `At most ${MAX_IMPORT_TRANSACTIONS.toLocaleString('en')} transactions per import`);
        return null;
      }
      const tx = readTransactionRow(rec.fields, header!, rec.line, problems, latest, readers);
      if (!tx) continue;
      if (!known(tx.externalId)) {
        problems.add('transactions', rec.line, 'event_id', 'unknown_event_id', 'No such event_id in events.csv nor among the events imported before', tx.externalId);
        continue;
      }
      // Only the write's batches are asynchronous: awaiting every line would cost a microtask each.
      const pending = each(tx, rec.line);
      if (pending) await pending;
    }
  }
  if (header === undefined) {
    problems.add('transactions', 1, null, 'empty_file', 'The file is empty; it needs at least the header row');
    return null;
  }
  return rowCount;
}

/** The first pass. `partnerId` null: a partner that does not exist yet (nothing imported before). */
export async function validateImport(db: Db, partnerId: number | null, files: ImportFiles, nowMs: number, onBytes: BytesProgress = () => {}): Promise<{ problems: Problems; plan: ValidatedImport | null }> {
  const problems = new Problems();
  let read = 0;
  const count = (n: number) => onBytes((read += n));
  const { events, named, empty, readable } = await readEvents(files.events, problems, count);
  const taken = await takenIds(db, partnerId, events.map((e) => e.externalId));
  for (const e of events) {
    if (taken.has(e.externalId)) {
      problems.add('events', e.line, 'event_id', 'event_id_taken', 'This is already the identifier of an event entered in the console', e.externalId);
    }
  }
  const before = await importedIds(db, partnerId);
  const spool = TransactionSpool.create();
  try {
    const transactionEvents = new TextTable();
    const priceCategories = new TextTable();
    const transactionRows = await readTransactions(
      files.transactions,
      problems,
      nowMs,
      // Without a readable events.csv every event_id would be unknown: say so once (its header), not per line.
      (id) => !readable || named.has(id) || before.has(id),
      (tx, line) => {
        // Once the import is refused, only the problems matter.
        if (problems.any) return;
        if (priceCategories.size >= MAX_PRICE_CATEGORIES && !priceCategories.has(tx.priceCategory)) {
          problems.add('transactions', line, 'price_category', 'out_of_range', `More than ${MAX_PRICE_CATEGORIES.toLocaleString('en')} different price categories`, tx.priceCategory);
          return;
        }
        const type = TYPE_NUMBER.get(tx.ticketType)!;
        return spool.add(transactionEvents.idOf(tx.externalId), tx.soldAtMs / 1000, tx.quantity, tx.amountMinor, type, priceCategories.idOf(tx.priceCategory));
      },
      count,
    );
    if (!problems.any && empty && transactionRows === 0) {
      problems.add('events', 1, null, 'empty_file', 'Neither file has any rows: there is nothing to import');
    }
    if (problems.any || transactionRows === null) {
      spool.dispose();
      return { problems, plan: null };
    }
    await spool.finish();
    return { problems, plan: { events, transactionRows, spool, transactionEvents, priceCategories } };
  } catch (err) {
    spool.dispose();
    throw err;
  }
}
