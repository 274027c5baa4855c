// Reads a ticketing history in the import format (events.csv[.gz], transactions.csv[.gz])
// straight into the forecasting engine's records, the way loadPartnerEvents reads them after an
// import: sales summed per event and UTC day of sold_at, venues and halls numbered by name.
// Lets `npm run backtest -- --dir <folder>` and the resort-hotel test replay a file without a
// database; with the history import service, importing and loadPartnerEvents give the same records.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { EventRecord } from '../engines/forecast/types';

const DAY_MS = 86_400_000;

/** RFC 4180: fields may be quoted, a quote inside a quoted field is doubled, quoted fields may hold commas and newlines. */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') out.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    out.push(row);
  }
  return out;
}

function readTable(dir: string, name: string): Record<string, string>[] {
  const gz = path.join(dir, `${name}.csv.gz`);
  const text = fs.existsSync(gz) ? zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8') : fs.readFileSync(path.join(dir, `${name}.csv`), 'utf8');
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

export function readHistoryRecords(dir: string): EventRecord[] {
  const ids = new Map<string, number>();
  const idOf = (key: string) => {
    if (!ids.has(key)) ids.set(key, ids.size + 1);
    return ids.get(key)!;
  };
  const perDay = new Map<string, Map<number, number>>();
  for (const t of readTable(dir, 'transactions')) {
    const day = Math.floor(Date.parse(t.sold_at) / DAY_MS);
    const m = perDay.get(t.event_id) ?? new Map<number, number>();
    m.set(day, (m.get(day) ?? 0) + Number(t.quantity));
    perDay.set(t.event_id, m);
  }
  return readTable(dir, 'events').map((e) => {
    const sales = perDay.get(e.event_id) ?? new Map<number, number>();
    return {
      id: e.event_id,
      title: e.title,
      category: e.category,
      venueId: idOf(`${e.city}|${e.venue}`),
      hallId: idOf(`${e.city}|${e.venue}|${e.hall}`),
      capacity: Number(e.capacity),
      startMs: Date.parse(e.start),
      learnable: (e.status ?? '').toUpperCase() !== 'CANCELLED',
      saleDays: [...sales.keys()],
      saleQty: [...sales.values()],
    };
  });
}
