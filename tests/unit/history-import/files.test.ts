// Whole import files as the first pass reads them (validate.ts readEvents / readTransactions over
// csv.ts): RFC 4180 quoting, the header, every problem with its file, line and column, gzip
// recognised by its bytes.
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { readEvents, readTransactions, type ImportFile } from '../../../src/server/modules/history-import/validate';
import { Problems } from '../../../src/server/modules/history-import/problems';
import type { TransactionInput } from '../../../src/server/modules/history-import/rows';
import { MAX_LISTED_PROBLEMS } from '../../../src/lib/contracts/history-import';

const NOW = Date.UTC(2026, 5, 1);

/** A file served in small chunks, so records and multi-byte characters cross chunk borders. */
function fileOf(content: string | Buffer, name = 'file.csv', chunk = 7): ImportFile {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    name,
    size: bytes.length,
    open: async () =>
      (async function* () {
        for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
      })(),
  };
}

const EVENTS_HEADER = 'event_id,title,category,venue,hall,city,capacity,start,status';
const TX_HEADER = 'event_id,sold_at,quantity,amount,ticket_type,price_category';

async function events(text: string | Buffer) {
  const problems = new Problems();
  const { events: rows } = await readEvents(fileOf(text), problems);
  return { rows, problems: problems.list, count: problems.count };
}

async function transactions(text: string | Buffer, known: string[] = ['E1', 'E2']) {
  const problems = new Problems();
  const rows: { tx: TransactionInput; line: number }[] = [];
  const n = await readTransactions(fileOf(text), problems, NOW, (id) => known.includes(id), (tx, line) => void rows.push({ tx, line }));
  return { n, rows, problems: problems.list, count: problems.count };
}

const where = (p: { line: number; column: string | null; code: string }) => `${p.line}:${p.column ?? '-'}:${p.code}`;

describe('events.csv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and knows the line each record starts on', async () => {
    const text = [
      EVENTS_HEADER,
      'E1,"Carmen, Oper in 4 Akten",opera,Oper Köln,Großer Saal,Köln,1200,2016-08-15T19:30:00Z,',
      '',
      'E2,"Der ""Ring""',
      'Teil 2",Opera,Oper Köln,"Saal 2",Köln,800,2016-08-16T19:30:00+02:00,cancelled',
      'E3,Rock,Rock and pop,Arena,Halle,Köln,5000,2016-08-17T20:00:00Z,',
      'E4,Bad,jazz,Arena,Halle,Köln,5000,2016-08-17T20:00:00Z,',
    ].join('\r\n');
    const r = await events(text);
    expect(r.rows.map((e) => [e.line, e.externalId, e.title, e.category, e.cancelled])).toEqual([
      [2, 'E1', 'Carmen, Oper in 4 Akten', 'opera', false],
      [4, 'E2', 'Der "Ring" Teil 2', 'opera', true],
      [6, 'E3', 'Rock', 'rock_pop', false],
    ]);
    expect(r.rows[1]!.startMs).toBe(Date.parse('2016-08-16T17:30:00Z'));
    // The line after a record that spans two lines is still counted right.
    expect(r.problems.map(where)).toEqual(['7:category:invalid_category']);
  });

  it('reports every problem of a line by column: NUL, impossible dates, negative capacity, unknown category', async () => {
    const r = await events(`${EVENTS_HEADER}\nE\u00001,Title,ballet,V,H,C,-5,2019-02-30T19:00:00Z,\nE2,T,Ballett,V,H,C,10.5,2019-02-28T19:00:00,maybe\n`);
    expect(r.problems.map(where)).toEqual([
      '2:event_id:unsafe_text',
      '2:capacity:out_of_range',
      '2:start:invalid_date',
      '3:category:invalid_category',
      '3:capacity:not_integer',
      '3:start:invalid_datetime',
      '3:status:invalid_status',
    ]);
    expect(r.rows).toEqual([]);
    // The value goes back to the user with what cannot be stored replaced.
    expect(r.problems[0]!.value).toBe('E\uFFFD1');
  });

  it('needs the header row', async () => {
    const r = await events('E1,Carmen,opera,V,H,C,100,2016-08-15T19:30:00Z\n');
    expect(r.problems.map(where)).toEqual(['1:-:missing_header']);
    expect((await events('')).problems.map(where)).toEqual(['1:-:empty_file']);
  });

  it('says when a spreadsheet saved the values with semicolons instead of commas', async () => {
    const r = await events('event_id;title;category;venue;hall;city;capacity;start\nE1;T;opera;V;H;C;10;2016-08-15T19:30:00Z\n');
    expect(r.problems.map(where)).toEqual(['1:-:wrong_delimiter']);
    expect(r.problems[0]!.message).toContain('semicolons');
  });

  it('names missing, unknown and repeated columns, in any order of the header', async () => {
    const r = await events('title,event_id,category,venue,hall,city,capacity,begin,title\n');
    expect(r.problems.map(where)).toEqual(['1:begin:unknown_column', '1:title:duplicate_column', '1:start:missing_column']);
    const reordered = await events('START,City,event_id,title,category,venue,hall,capacity\n2016-08-15T19:30:00Z,Köln,E1,T,opera,V,H,10\n');
    expect(reordered.problems).toEqual([]);
    expect(reordered.rows[0]).toMatchObject({ externalId: 'E1', city: 'Köln', capacity: 10 });
  });

  it('refuses a line with more or fewer fields than the header, and an event_id twice', async () => {
    const r = await events(`${EVENTS_HEADER}\nE1,T,opera,V,H,C,100,2016-08-15T19:30:00Z,\nE2,T,opera,V,H,C,100\nE1,T,opera,V,H,C,100,2016-08-15T19:30:00Z,\n`);
    expect(r.problems.map(where)).toEqual(['3:-:field_count', '4:event_id:duplicate_event_id']);
    expect(r.problems[1]!.message).toContain('line 2');
  });

  it('reports broken quoting as a syntax problem of its line', async () => {
    const r = await events(`${EVENTS_HEADER}\nE1,T"x",opera,V,H,C,100,2016-08-15T19:30:00Z,\n`);
    expect(r.problems.map((p) => p.code)).toContain('csv_syntax');
    expect(r.problems[0]!.line).toBe(2);
  });

  it('marks bytes that are not UTF-8 in the column they are in', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${EVENTS_HEADER}\nE1,T,opera,V,H,`), Buffer.from([0x4b, 0xf6, 0x6c, 0x6e]), Buffer.from(',100,2016-08-15T19:30:00Z,\n')]);
    expect((await events(latin1)).problems.map(where)).toEqual(['2:city:invalid_utf8']);
  });

  it('reads gzip by its magic bytes, whatever the name', async () => {
    const gz = gzipSync(Buffer.from(`\ufeff${EVENTS_HEADER}\nE1,Tosca,opera,V,H,Köln,100,2016-08-15T19:30:00Z,\n`));
    const problems = new Problems();
    const { events: rows } = await readEvents(fileOf(gz, 'events.csv', 3), problems);
    expect(problems.list).toEqual([]);
    expect(rows.map((e) => [e.externalId, e.city])).toEqual([['E1', 'Köln']]);
  });

  it('says when a gzip file is damaged', async () => {
    const gz = gzipSync(Buffer.from(`${EVENTS_HEADER}\n${'E1,Tosca,opera,V,H,Köln,100,2016-08-15T19:30:00Z,\n'.repeat(50)}`));
    const problems = new Problems();
    await readEvents(fileOf(gz.subarray(0, gz.length - 20)), problems);
    expect(problems.list.map((p) => p.code)).toEqual(['unreadable']);
  });
});

describe('transactions.csv', () => {
  it('reads refunds, signed amounts, optional columns and plain days', async () => {
    const r = await transactions(`${TX_HEADER}\nE1,2016-06-01T10:00:00Z,2,90.00,regular,1\nE1,2016-06-02,-1,-45,,\nE2,2016-06-03T10:00:00+02:00,3,60.5,Regular Discount,Parkett\n`);
    expect(r.problems).toEqual([]);
    expect(r.n).toBe(3);
    expect(r.rows.map(({ tx, line }) => [line, tx.quantity, tx.amountMinor, tx.ticketType, tx.priceCategory])).toEqual([
      [2, 2, 9000, 'regular', '1'],
      [3, -1, -4500, 'regular', 'Imported'],
      [4, 3, 6050, 'regular_discount', 'Parkett'],
    ]);
    expect(r.rows[2]!.tx.soldAtMs).toBe(Date.parse('2016-06-03T08:00:00Z'));
  });

  it('works with only the required columns', async () => {
    const r = await transactions('event_id,sold_at,quantity,amount\nE1,2016-06-01,1,10\n');
    expect(r.problems).toEqual([]);
    expect(r.rows[0]!.tx).toMatchObject({ ticketType: 'regular', amountMinor: 1000 });
  });

  it('refuses non-integer quantities, decimal commas, unknown ticket types and events, and future sales', async () => {
    const r = await transactions(
      `${TX_HEADER}\nE1,2016-06-01,1.5,"12,50",regular,1\nE1,2016-06-01,1,12.5,vip,1\nE9,2016-06-01,1,12.5,,\nE1,2026-06-03T00:00:00Z,1,12.5,,\n`,
    );
    expect(r.problems.map(where)).toEqual([
      '2:quantity:not_integer',
      '2:amount:comma_decimal',
      '3:ticket_type:invalid_ticket_type',
      '4:event_id:unknown_event_id',
      '5:sold_at:future_sale',
    ]);
    expect(r.problems.every((p) => p.file === 'transactions')).toBe(true);
    expect(r.rows).toEqual([]);
  });

  it('lists the first 100 problems and counts them all', async () => {
    const lines = Array.from({ length: 250 }, () => 'E1,2016-06-01,x,1');
    const r = await transactions(`event_id,sold_at,quantity,amount\n${lines.join('\n')}\n`);
    expect(r.count).toBe(250);
    expect(r.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(r.problems.at(-1)!.line).toBe(101);
  });

  it('needs its header too', async () => {
    const r = await transactions('event_id,sold,quantity,amount\nE1,2016-06-01,1,1\n');
    expect(r.n).toBeNull();
    expect(r.problems.map(where)).toEqual(['1:sold:unknown_column', '1:sold_at:missing_column']);
  });
});
