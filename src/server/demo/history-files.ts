// Reads a ticketing history in the import format (events.csv[.gz], transactions.csv[.gz])
// straight into the forecasting engine's records, the way loadPartnerEvents reads them after an
// import: sales summed per event and UTC day of sold_at, venues and halls numbered by name.
// Lets `npm run backtest -- --dir <folder>` and the resort-hotel test replay a file without a
// database; with the history import service, importing and loadPartnerEvents give the same records.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { EventRecord } from '../engines/forecast/types';

const DAY_MS = 86_400_000;

/** The rows of a CSV text (RFC 4180 quoting; a BOM and empty lines are skipped; rows may be short). */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
}

function readTable(dir: string, name: string): Record<string, string>[] {
  const gz = path.join(dir, `${name}.csv.gz`);
  const text = fs.existsSync(gz) ? zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8') : fs.readFileSync(path.join(dir, `${name}.csv`), 'utf8');
  const [header, ...rows] = parseCsv(text);
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
