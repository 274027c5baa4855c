// Streaming an import file as CSV records with the line each starts on: gzip is recognised by its
// magic bytes (1f 8b), not by the name; csv-parse reads RFC 4180 (quotes, commas and line breaks
// inside quoted fields, CRLF or LF, a UTF-8 BOM). Nothing but the current record is held, so a
// file of any length reads in constant memory. Syntax errors become problems and reading goes on
// where it can; a file that cannot be read on (broken gzip, a record beyond the size limit) stops
// with one problem.
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { parse, type Info, type Options } from 'csv-parse';
import type { HistoryFile } from '../../../lib/contracts/history-import';
import type { Problems } from './problems';

/** A record longer than this (characters) is not a line of either format. */
export const MAX_RECORD_CHARS = 64 * 1024;

export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  fields: string[];
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The source's bytes as Buffers, counted as they are read (the first pass's progress). */
async function* rawBytes(source: AsyncIterable<Buffer | string>, onBytes: (n: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    onBytes(buf.length);
    yield buf;
  }
}

/** Reads the first bytes to tell gzip from text; hands back what it read so nothing is lost. */
async function sniffGzip(it: AsyncGenerator<Buffer>): Promise<{ gzip: boolean; head: Buffer[] }> {
  const head: Buffer[] = [];
  let have = 0;
  while (have < GZIP_MAGIC.length) {
    const next = await it.next();
    if (next.done) break;
    head.push(next.value);
    have += next.value.length;
  }
  const start = Buffer.concat(head);
  return { gzip: start.length >= 2 && start[0] === GZIP_MAGIC[0] && start[1] === GZIP_MAGIC[1], head };
}

async function* replay(head: Buffer[], rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  yield* rest;
}

/** Line breaks inside the fields (a quoted field may span lines): CRLF, LF and CR count one each. */
function breaksIn(fields: string[]): number {
  let n = 0;
  for (const f of fields) {
    for (let i = 0; i < f.length; i++) {
      const c = f.charCodeAt(i);
      if (c === 10) n++;
      else if (c === 13) {
        n++;
        if (f.charCodeAt(i + 1) === 10) i++;
      }
    }
  }
  return n;
}

const CSV_SYNTAX: Record<string, string> = {
  CSV_INVALID_CLOSING_QUOTE: 'A quote inside a quoted value must be doubled ("")',
  CSV_QUOTE_NOT_CLOSED: 'A quoted value is never closed',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'Unexpected text after a closing quote',
  CSV_INVALID_OPENING_QUOTE: 'A quote may only open a value at its start',
};

/** Records handed out at once: a batch costs one await instead of one per record. */
const BATCH = 2048;

/** The parser's records in batches, as fast as it produces them. */
async function* batches(parser: Transform): AsyncGenerator<CsvRecord[]> {
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();
  parser.on('readable', nudge);
  parser.on('end', () => {
    ended = true;
    nudge();
  });
  parser.on('error', (err) => {
    failure = err;
    nudge();
  });
  for (;;) {
    const batch: CsvRecord[] = [];
    let row: CsvRecord | null;
    while (batch.length < BATCH && (row = parser.read() as CsvRecord | null) !== null) batch.push(row);
    if (batch.length) {
      yield batch;
      continue;
    }
    if (failure) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}

/**
 * The records of a CSV source, the header included, in batches. Problems of the file's syntax
 * are added to `problems` under `file`; reading then goes on with the next record it can read.
 */
export async function* csvRecords(source: AsyncIterable<Buffer | string>, file: HistoryFile, problems: Problems, onBytes: (n: number) => void = () => {}): AsyncGenerator<CsvRecord[]> {
  const bytes = rawBytes(source, onBytes);
  const { gzip, head } = await sniffGzip(bytes);
  // Lines are counted here, in the parser's order (on_record runs as each record is made, skip
  // events in between): csv-parse's own info.lines counts a CRLF inside a quoted field twice.
  // `consumed` is the lines taken by records so far; skipped empty lines come on top.
  let consumed = 0;
  let lastInfoLines = 0;
  let lastEmpty = 0;
  // csv-parse's typings cannot say that on_record turns string[] into another shape.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (fields: string[], info: Info): CsvRecord => {
      const empty = info.empty_lines;
      const line = consumed + empty + 1;
      // One line, unless csv-parse went further than this record and the empty lines before it.
      consumed += info.lines - lastInfoLines === 1 + empty - lastEmpty ? 1 : 1 + breaksIn(fields);
      lastInfoLines = info.lines;
      lastEmpty = empty;
      return { line, fields };
    },
    // Stream option (csv-parse hands its options to the Transform): room for a batch, not 16 records.
    readableHighWaterMark: BATCH * 2,
  } as unknown as Options);
  const here = () => consumed + (parser as unknown as { info: Info }).info.empty_lines + 1;
  parser.on('skip', (err: Error & { code?: string; lines?: number }) => {
    problems.add(file, here(), null, 'csv_syntax', CSV_SYNTAX[err.code ?? ''] ?? err.message);
    // Where a broken record ends is csv-parse's guess; go on from there.
    const empty = (parser as unknown as { info: Info }).info.empty_lines;
    consumed = Math.max(consumed + 1, (err.lines ?? 0) - empty);
    lastInfoLines = err.lines ?? lastInfoLines;
    lastEmpty = empty;
  });
  const input = Readable.from(replay(head, bytes));
  const feeding = (gzip ? pipeline(input, createGunzip(), parser) : pipeline(input, parser)).catch(() => {
    // The same failure reaches the loop below through the parser; this only keeps it handled.
  });
  try {
    yield* batches(parser);
  } catch (err) {
    const e = err as Error & { code?: string; lines?: number };
    if (e.code === 'CSV_MAX_RECORD_SIZE') {
      problems.add(file, here(), null, 'record_too_large', `A line is longer than ${MAX_RECORD_CHARS} characters`);
    } else if (e.code?.startsWith('Z_')) {
      problems.add(file, here(), null, 'unreadable', 'The gzip file is damaged or incomplete');
    } else {
      throw err;
    }
  } finally {
    parser.destroy();
    await feeding;
  }
}
