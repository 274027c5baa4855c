// Budgets of issue 5 for sales entry: a 100,000-row sales workbook is validated and imported in
// under 10 s and 500 MB; the sales export of 2,000 events with sales takes under 5 s.
// Usage: npx tsx bench/sales.ts [--write]
// In-process (the Hono app on in-memory PGlite, as the API tests drive it), so the process's peak
// RSS is an upper bound for the import: it also holds PGlite, the bench's own copy of the
// workbook and the seeded data.
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../tests/helpers/db';
import { apiClient } from '../tests/helpers/api';
import { seedAccounts } from '../src/server/demo/accounts';
import { events, halls, ticketTransactions, venues } from '../src/server/db/schema';
import { markdownTable, writePerformanceBlock } from './lib';
import { writeXlsx, type OutCell } from '../src/server/modules/spreadsheets/write-xlsx';

const DAY = 86_400_000;
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const peakRss = () => process.resourceUsage().maxRSS; // KB
const cpuS = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

/**
 * Child process: read and validate the workbook only (what grows with the file), so its peak RSS
 * is the reader's and not PGlite's or the bench's.
 */
async function parseOnly(path: string): Promise<void> {
  const { readSpreadsheet } = await import('../src/server/modules/spreadsheets/read');
  const { parseSalesSheets } = await import('../src/server/modules/sales/upload');
  const file = fs.readFileSync(path);
  const base = peakRss();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const parsed = parseSalesSheets(await readSpreadsheet(file), '2030-01-01');
  console.log(JSON.stringify({ ms: performance.now() - t0, cpu: cpuS(cpu), rssKb: peakRss(), baseKb: base, lines: parsed.lines.length, rows: parsed.rows }));
}

async function main() {
  const t = await createTestDb();
  await seedAccounts(t.db);
  const [v] = await t.db.insert(venues).values({ partnerId: 1001, name: 'Bench Hall', city: 'Köln', location: 'x' }).returning();
  const [h] = await t.db.insert(halls).values({ partnerId: 1001, venueId: v!.id, name: 'Saal', capacity: 100_000 }).returning();
  const now = Date.now();
  const N_EVENTS = 2000;
  const evRows = Array.from({ length: N_EVENTS }, (_, i) => ({
    id: `e1001-bench-${i}`,
    partnerId: 1001,
    eid: `BENCH-${i}`,
    title: i % 50 === 0 ? `=Bench ${i}` : `Bench concert ${i}`,
    category: 'symphony',
    startDateTime: new Date(now - (i % 400) * DAY + 200 * DAY),
    hallId: h!.id,
    capacity: 100_000,
  }));
  for (let i = 0; i < evRows.length; i += 1000) await t.db.insert(events).values(evRows.slice(i, i + 1000));
  const api = apiClient(t.db);
  const token = (await api.signIn('admin@encore.demo')).token;
  const out: [string, string, string][] = [];

  // 100,000 rows over 1,000 days and the seven types, plus an Instructions sheet.
  const ROWS = 100_000;
  const types = ['subscription', 'regular', 'regular discount', 'discount', 'cancelled', 'free', 'reserved'];
  const salesRows: OutCell[][] = [['Date*', 'Tickets*', 'Revenue*', 'Ticket Type']];
  for (let i = 0; i < ROWS; i++) salesRows.push([new Date(Date.UTC(2023, 0, 1) + (i % 1000) * DAY), (i % 9) + 1, ((i % 9) + 1) * 37.5, types[i % 7]!]);
  const file = writeXlsx([{ name: 'Sales', rows: salesRows }, { name: 'Instructions', rows: [['ignored']] }], 'yyyy-mm-dd');
  salesRows.length = 0;
  const tmp = `${os.tmpdir()}/encore-bench-sales-${process.pid}.xlsx`;
  fs.writeFileSync(tmp, file);
  const child = JSON.parse(execFileSync('npx', ['tsx', 'bench/sales.ts', '--parse-only', tmp], { encoding: 'utf8' }).trim().split('\n').pop()!) as { ms: number; cpu: number; rssKb: number; baseKb: number; rows: number };
  fs.rmSync(tmp);
  out.push([
    `Sales workbook of ${child.rows.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx): read and validated, alone in a child process`,
    '< 500 MB',
    `peak RSS ${mb(child.rssKb)} (${mb(child.baseKb)} before reading); ${(child.ms / 1000).toFixed(2)} s wall, ${child.cpu.toFixed(2)} s CPU`,
  ]);
  const cpuImport = process.cpuUsage();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  const t0 = performance.now();
  const res = await api.request('/api/v3/ingest/transaction_summary/from_excel?eid=e1001-bench-0', { method: 'POST', token, body: form });
  const body = (await res.json()) as { transactions?: number; tickets?: number };
  const importMs = performance.now() - t0;
  if (res.status !== 200) throw new Error(`import answered ${res.status} ${JSON.stringify(body)}`);
  out.push([
    `Sales workbook of ${ROWS.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx), validated and imported (POST …/from_excel)`,
    '< 10 s',
    `${(importMs / 1000).toFixed(2)} s wall, ${cpuS(cpuImport).toFixed(2)} s CPU; ${body.transactions} transactions written`,
  ]);

  // Sales for every event: 30 days × 3 ticket types.
  const tx: (typeof ticketTransactions.$inferInsert)[] = [];
  for (const e of evRows) {
    for (let d = 0; d < 30; d++) {
      for (const type of ['regular', 'discount', 'subscription'] as const) {
        tx.push({ partnerId: 1001, eventId: e.id, soldAt: new Date(e.startDateTime.getTime() - (d + 1) * DAY), quantity: 2, ticketType: type, priceCategory: '1', amountMinor: 6000 });
      }
    }
  }
  for (let i = 0; i < tx.length; i += 5000) await t.db.insert(ticketTransactions).values(tx.slice(i, i + 5000));
  await t.db.execute(sql`analyze`);
  const q = '?include_archived=true&since=2020-01-01&until=2030-12-31&date_format=dd.mm.yyyy&currency=EUR';
  const times: number[] = [];
  let size = 0;
  const cpus: number[] = [];
  for (let i = 0; i < 3; i++) {
    const cpu = process.cpuUsage();
    const t1 = performance.now();
    const r = await api.request(`/api/v3/daily_revenue_summary/sales_edit_export${q}`, { token });
    const buf = await r.arrayBuffer();
    times.push(performance.now() - t1);
    cpus.push(cpuS(cpu));
    if (r.status !== 200) throw new Error(`export answered ${r.status}`);
    size = buf.byteLength;
  }
  out.push([
    `Sales export of ${N_EVENTS.toLocaleString('en')} events with sales (${(tx.length + 0).toLocaleString('en')} transactions; 60,000+ rows), GET …/sales_edit_export (3 runs, worst)`,
    '< 5 s',
    `${(Math.max(...times) / 1000).toFixed(2)} s wall (runs: ${times.map((x) => (x / 1000).toFixed(2)).join(', ')} s; CPU ${cpus.map((x) => x.toFixed(2)).join(', ')} s); ${(size / 1024 / 1024).toFixed(1)} MB file; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  ]);

  const table = markdownTable(out);
  console.log(table);
  if (process.argv.includes('--write')) writePerformanceBlock('sales', table, '`npx tsx bench/sales.ts --write` (in-process, in-memory PGlite)');
  await t.close();
}

const parseArg = process.argv.indexOf('--parse-only');
(parseArg !== -1 ? parseOnly(process.argv[parseArg + 1]!) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
