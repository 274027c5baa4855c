// Budget of issue 12: 2,000,000 ticket transactions imported in under 60 s on PGlite with peak
// memory under 500 MB. The bench writes its own files (4,000 events over 2015–2027 and 2,000,000
// transactions, refunds included), makes a fresh PGlite folder in one child process (initdb
// alone peaks above 1 GB and is not the import's), then imports into a new partner in a second
// child (the CLI's path: the service, the first pass, the one-transaction write, ANALYZE and the
// forecast recompute) and re-imports the same files in a third (every event updated, its
// transactions replaced). Each child reports its phases and its peak RSS.
// Usage: npx tsx bench/history-import.ts [--write] [--gz] [--transactions 2000000] [--dir /tmp/import-bench]
//        [--pg postgres://role:pw@127.0.0.1:5432/db]  (also import on a PostgreSQL server; the role creates a throwaway database)
//        [--console]  (also through the built server's API, as the console does; needs `npm run build`)
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { markdownTable, writePerformanceBlock } from './lib';
import type { HistoryImportOutcome } from '../src/lib/contracts/history-import';
import { mulberry32 } from '../src/lib/seeded-random';

const DAY = 86_400_000;
const args = process.argv.slice(2);
const argOf = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);


const CATEGORIES = ['opera', 'symphony', 'rock_pop', 'theatre', 'comedy', 'chamber', 'ballet', 'operetta_musical'];
const TYPES = ['regular', 'regular', 'regular', 'regular_discount', 'discount', 'subscription', 'free', 'reserved', 'cancelled'];

async function writeLines(file: string, gz: boolean, lines: () => Generator<string>): Promise<number> {
  async function* chunks() {
    let buf = '';
    for (const line of lines()) {
      buf += line;
      if (buf.length > 1 << 20) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  }
  const out = fs.createWriteStream(file);
  await (gz ? pipeline(Readable.from(chunks()), createGzip({ level: 6 }), out) : pipeline(Readable.from(chunks()), out));
  return fs.statSync(file).size;
}

/** events.csv and transactions.csv for `nTx` transactions; returns their paths and sizes. */
async function generate(dir: string, nTx: number, gz: boolean) {
  const rand = mulberry32(12); // the same files on every run
  const nowMs = Date.now();
  const nEvents = 4000;
  const first = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2027, 5, 1) - first;
  const venues = Array.from({ length: 12 }, (_, i) => ({ venue: `Haus ${i + 1}`, hall: i % 3 === 0 ? 'Großer Saal' : `Saal ${i % 4}`, city: ['Köln', 'Bonn', 'Düsseldorf'][i % 3]!, capacity: 400 + i * 150 }));
  const evs = Array.from({ length: nEvents }, (_, i) => {
    const v = venues[i % venues.length]!;
    const start = Math.floor((first + rand() * span) / 1800_000) * 1800_000;
    return { id: `TIX-${100000 + i}`, v, start, price: 15 + Math.floor(rand() * 80), title: `Vorstellung ${i}, "Reihe ${i % 40}"` };
  });
  const ext = gz ? '.csv.gz' : '.csv';
  const eventsFile = path.join(dir, `events${ext}`);
  const txFile = path.join(dir, `transactions${ext}`);
  const evSize = await writeLines(eventsFile, gz, function* () {
    yield 'event_id,title,category,venue,hall,city,capacity,start,status\n';
    for (const [i, e] of evs.entries()) {
      const title = `"${e.title.replace(/"/g, '""')}"`;
      yield `${e.id},${title},${CATEGORIES[i % CATEGORIES.length]},${e.v.venue},${e.v.hall},${e.v.city},${e.v.capacity},${new Date(e.start).toISOString().replace('.000', '')},${i % 97 === 0 ? 'cancelled' : ''}\n`;
    }
  });
  const txSize = await writeLines(txFile, gz, function* () {
    yield 'event_id,sold_at,quantity,amount,ticket_type,price_category\n';
    const per = nTx / nEvents;
    let written = 0;
    for (let i = 0; i < nEvents; i++) {
      const e = evs[i]!;
      const count = i === nEvents - 1 ? nTx - written : Math.round(per);
      const lastSale = Math.min(e.start, nowMs - DAY);
      for (let k = 0; k < count; k++) {
        // Most sales in the last weeks before the start, some months ahead.
        const daysOut = Math.floor(-Math.log(1 - rand() * 0.999) * 25);
        const at = Math.max(first - 200 * DAY, lastSale - daysOut * DAY - Math.floor(rand() * DAY));
        const refund = rand() < 0.02;
        const q = refund ? -1 : 1 + Math.floor(rand() * 4);
        const amount = (q * e.price * (rand() < 0.2 ? 0.8 : 1)).toFixed(2);
        yield `${e.id},${new Date(at).toISOString().slice(0, 19)}Z,${q},${amount},${TYPES[k % TYPES.length]},${1 + (k % 5)}\n`;
      }
      written += count;
    }
  });
  return { eventsFile, txFile, evSize, txSize, nEvents };
}

interface ChildReport {
  validateMs: number;
  writeMs: number;
  forecastMs: number;
  totalMs: number;
  baseKb: number;
  /** Highest RSS sampled while the import ran, and per phase. */
  sampledKb: number;
  phaseKb: Record<string, number>;
  /** The process's peak RSS from its start (PGlite's opening included). */
  peakKb: number;
  peaks: Record<string, number>;
  outcome: HistoryImportOutcome | { outcome: 'refused'; problems: unknown[]; problem_count: number };
}

/** Child: import with the service (as the CLI does) and report phases and memory. */
async function runChild(eventsFile: string, txFile: string, partner: string | null) {
  await import('../scripts/import-history-memory');
  const { getHandle, closeDb } = await import('../src/server/db/client');
  const { importHistory } = await import('../src/server/modules/history-import/service');
  const { db } = await getHandle();
  // A pause as a CLI user's would not have, so that memory still held from opening the database
  // shows as the phases' baseline rather than as the import's.
  await new Promise((r) => setTimeout(r, 4000));
  const rssKb = () => Math.round(process.memoryUsage().rss / 1024);
  const baseKb = rssKb();
  let sampledKb = baseKb;
  let phase = 'validating';
  /** Highest sampled RSS per phase of the import. */
  const phaseKb: Record<string, number> = {};
  const sample = () => {
    const now = rssKb();
    sampledKb = Math.max(sampledKb, now);
    phaseKb[phase] = Math.max(phaseKb[phase] ?? 0, now);
  };
  // The event loop turns between statements and batches; the WASM heap never shrinks, so growth
  // inside a statement is still there at the next sample.
  const sampler = setInterval(sample, 100);
  const file = (p: string) => ({ name: path.basename(p), size: fs.statSync(p).size, open: async () => fs.createReadStream(p) });
  const t0 = performance.now();
  const marks: Record<string, number> = {};
  /** Peak RSS when each phase began (so the peak of the phase before it). */
  const peaks: Record<string, number> = {};
  const outcome = await importHistory(
    db,
    partner ? { partnerId: Number(partner) } : { newPartner: { name: 'Bench Ticketing', currency: 'EUR', domain: '' } },
    { events: file(eventsFile), transactions: file(txFile) },
    {
      progress: (p) => {
        sample();
        phase = p.phase;
        if (marks[p.phase] !== undefined) return;
        marks[p.phase] = performance.now();
        peaks[p.phase] = process.resourceUsage().maxRSS;
      },
    },
  );
  const end = performance.now();
  clearInterval(sampler);
  sample();
  await closeDb();
  const report: ChildReport = {
    validateMs: (marks.writing ?? end) - t0,
    writeMs: (marks.forecasting ?? end) - (marks.writing ?? end),
    forecastMs: end - (marks.forecasting ?? end),
    totalMs: end - t0,
    baseKb,
    sampledKb,
    phaseKb,
    peakKb: process.resourceUsage().maxRSS,
    peaks,
    outcome: outcome.outcome === 'refused' ? { outcome: 'refused', problems: outcome.problems.slice(0, 5), problem_count: outcome.problem_count } : outcome,
  };
  console.log(JSON.stringify(report));
}

async function prepareChild() {
  const { getHandle, closeDb } = await import('../src/server/db/client');
  await getHandle();
  await closeDb();
  console.log('{}');
}

/** Child: open the (filled) database, wait as the import child does, close: the peak without any import. */
async function openChild() {
  await import('../scripts/import-history-memory');
  const { getHandle, closeDb } = await import('../src/server/db/client');
  await getHandle();
  await new Promise((r) => setTimeout(r, 4000));
  const settledKb = Math.round(process.memoryUsage().rss / 1024);
  await closeDb();
  console.log(JSON.stringify({ peakKb: process.resourceUsage().maxRSS, settledKb }));
}

/**
 * The Node flags of `npm run import-history` (package.json), so each child runs the import as the
 * CLI does: Liftoff only (V8's optimising WebAssembly compiler needs about 500 MB for a moment
 * when it tiers up PGlite's hottest function) and a 4 MB young generation.
 */
const CLI_NODE_FLAGS: string[] = (() => {
  const script: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts['import-history'];
  return script.split(/\s+/).filter((w) => w.startsWith('--') && w !== '--import');
})();

function child<T = ChildReport>(dataDir: string, extra: string[], databaseUrl?: string): T {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const out = execFileSync(process.execPath, [...CLI_NODE_FLAGS, '--import', 'tsx', 'bench/history-import.ts', ...extra], {
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

/**
 * The console's path at the same size (--console; needs `npm run build`): the built server on the
 * demo data, both files through the multipart protocol, POST /partners/history_import, the task
 * polled every second. Returns its times, the longest poll (on PGlite the write holds the only
 * connection, so a poll waits for it) and the server's memory (its process group).
 */
async function consolePath(dir: string, eventsFile: string, txFile: string) {
  const { signInCookie, startServer } = await import('./lib');
  const PART = 20_000_000;
  const groupRss = (pgid: number) =>
    execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' }).split('\n').filter(Boolean).reduce((a, b) => a + Number(b), 0);
  const dataDir = path.join(dir, 'console');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(dataDir, 4612);
  try {
    const cookie = await signInCookie(server.base, 'admin@encore.demo');
    const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${server.base}/api/v3${p}`, { ...init, headers: { cookie, 'content-type': 'application/json' } });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const upload = async (file: string) => {
      const size = fs.statSync(file).size;
      const parts = Math.max(1, Math.ceil(size / PART));
      const u = await api<{ upload_id: string; object_key: string }>('/storage/multipart-upload', { method: 'POST', body: JSON.stringify({ object_name: path.basename(file), content_type: 'text/csv', category: 'ticketing' }) });
      const { presigned_urls } = await api<{ presigned_urls: Record<string, string> }>('/storage/presigned-url', { method: 'POST', body: JSON.stringify({ ...u, start_part_number: 1, total_parts: parts }) });
      const fd = fs.openSync(file, 'r');
      const etags: { part_number: number; etag: string }[] = [];
      for (let n = 1; n <= parts; n++) {
        const buf = Buffer.alloc(Math.min(PART, size - (n - 1) * PART));
        fs.readSync(fd, buf, 0, buf.length, (n - 1) * PART);
        const res = await fetch(presigned_urls[String(n)]!, { method: 'PUT', body: buf });
        etags.push({ part_number: n, etag: res.headers.get('etag')! });
      }
      fs.closeSync(fd);
      await api('/storage/multipart-upload', { method: 'PUT', body: JSON.stringify({ ...u, parts: etags }) });
      return u;
    };
    const pgid = server.proc.pid!;
    const baseKb = groupRss(pgid);
    let peakKb = baseKb;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, groupRss(pgid))), 200);
    const t0 = performance.now();
    const refs = { events: await upload(eventsFile), transactions: await upload(txFile) };
    const uploadMs = performance.now() - t0;
    const t1 = performance.now();
    const { task_id } = await api<{ task_id: string }>('/partners/history_import', { method: 'POST', body: JSON.stringify(refs) });
    let longestPollMs = 0;
    let outcome: HistoryImportOutcome | null = null;
    for (;;) {
      const p0 = performance.now();
      const task = await api<{ ready: boolean; status: string; result: unknown }>(`/tasks/${task_id}`);
      longestPollMs = Math.max(longestPollMs, performance.now() - p0);
      if (task.ready) {
        if (task.status !== 'SUCCESS') throw new Error(`console import ended ${task.status} ${JSON.stringify(task.result)}`);
        outcome = task.result as HistoryImportOutcome;
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const importMs = performance.now() - t1;
    clearInterval(sampler);
    return { uploadMs, importMs, longestPollMs, baseKb, peakKb, outcome };
  } finally {
    await server.stop();
  }
}

async function main() {
  const dir = argOf('--dir', path.join(os.tmpdir(), 'import-bench'));
  const nTx = Number(argOf('--transactions', '2000000'));
  const gz = args.includes('--gz');
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = path.join(dir, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const g0 = performance.now();
  const files = await generate(dir, nTx, gz);
  console.log(`Generated ${files.nEvents} events (${(files.evSize / 1e6).toFixed(1)} MB) and ${nTx.toLocaleString('en')} transactions (${(files.txSize / 1e6).toFixed(1)} MB${gz ? ' gzip' : ''}) in ${((performance.now() - g0) / 1000).toFixed(1)} s`);
  child(dataDir, ['--prepare']);
  const first = child(dataDir, ['--run', files.eventsFile, files.txFile]);
  console.log('first import', JSON.stringify(first));
  if (first.outcome.outcome !== 'imported') throw new Error('the bench files were refused');
  const partnerId = String(first.outcome.partner_id);
  const again = child(dataDir, ['--run', files.eventsFile, files.txFile, '--partner', partnerId]);
  console.log('re-import', JSON.stringify(again));
  const idle = child<{ peakKb: number; settledKb: number }>(dataDir, ['--open']);
  console.log('open only', JSON.stringify(idle));
  // The same import on a PostgreSQL server (--pg <url of a role that may create databases>): the
  // process then holds no database, so its memory is the import's own.
  const pgUrl = argOf('--pg', '');
  let onPg: ChildReport | null = null;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `encore_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      child(dataDir, ['--prepare'], url.toString());
      onPg = child(dataDir, ['--run', files.eventsFile, files.txFile], url.toString());
      console.log('postgres', JSON.stringify(onPg));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  const viaConsole = args.includes('--console') ? await consolePath(dir, files.eventsFile, files.txFile) : null;
  if (viaConsole) console.log('console', JSON.stringify({ ...viaConsole, outcome: viaConsole.outcome?.outcome }));

  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
  const what = `${nTx.toLocaleString('en')} transactions, ${files.nEvents.toLocaleString('en')} events (${((files.evSize + files.txSize) / 1e6).toFixed(0)} MB of CSV${gz ? ', gzip' : ''})`;
  const row = (label: string, r: ChildReport): [string, string, string] => [
    `${label}: ${what}, checked and written (first pass + one-transaction write + ANALYZE)`,
    '< 60 s',
    `${s(r.validateMs + r.writeMs)} (check ${s(r.validateMs)}, write ${s(r.writeMs)}); then forecasts of ${r.outcome.outcome === 'imported' ? r.outcome.forecasts : 0} events ${s(r.forecastMs)}; total ${s(r.totalMs)}`,
  ];
  const mem = (label: string, r: ChildReport): [string, string, string] => [
    `${label}: peak RSS of the importing process over its whole life (opening PGlite included; \`${CLI_NODE_FLAGS.join(' ')}\` as \`npm run import-history\`)`,
    '< 500 MB',
    `${mb(r.peakKb)} (sampled every 100 ms: ${mb(r.baseKb)} with the database open, check ${mb(r.phaseKb.validating ?? 0)}, write ${mb(r.phaseKb.writing ?? 0)}, forecasts ${mb(r.phaseKb.forecasting ?? 0)})`,
  ];
  const table = markdownTable([
    row('Import into a new partner', first),
    mem('Import into a new partner', first),
    row('Re-import of the same files (every event updated, its transactions replaced)', again),
    mem('Re-import', again),
    ['Opening the same database without importing', '—', `${mb(idle.peakKb)} lifetime peak, ${mb(idle.settledKb)} once settled`],
    ...(onPg
      ? ([
          [`The same import on PostgreSQL 15 (loopback, a role without superuser: foreign keys checked per row)`, '—', `${s(onPg.validateMs + onPg.writeMs)} (check ${s(onPg.validateMs)}, write ${s(onPg.writeMs)}); forecasts ${s(onPg.forecastMs)}`],
          [`… RSS of the importing process (no database inside it)`, '< 500 MB', `${mb(onPg.peakKb)} (sampled: ${mb(onPg.baseKb)} before, check ${mb(onPg.phaseKb.validating ?? 0)}, write ${mb(onPg.phaseKb.writing ?? 0)}, forecasts ${mb(onPg.phaseKb.forecasting ?? 0)})`],
        ] as [string, string, string][])
      : []),
    ...(viaConsole
      ? ([
          [
            'The console\'s path: both files uploaded, POST /partners/history_import, the task polled every second (built server, demo data: partner 1001 already holds about 1 million transactions)',
            '< 60 s',
            `${s(viaConsole.importMs)} from the request to the outcome (forecasts of ${viaConsole.outcome?.outcome === 'imported' ? viaConsole.outcome.forecasts : 0} events included), after ${s(viaConsole.uploadMs)} of upload; longest poll ${s(viaConsole.longestPollMs)} (it waits while the write holds PGlite)`,
          ],
          ['… server memory (RSS of its process group, sampled every 200 ms)', '—', `${mb(viaConsole.baseKb)} before, ${mb(viaConsole.peakKb)} peak (the web server with the demo data loaded)`],
        ] as [string, string, string][])
      : []),
  ]);
  console.log(table);
  const command = `${viaConsole ? 'npm run build && ' : ''}npx tsx bench/history-import.ts --write${gz ? ' --gz' : ''}${pgUrl ? ' --pg postgres://…' : ''}${viaConsole ? ' --console' : ''}`;
  if (args.includes('--write')) writePerformanceBlock('history-import', table, `\`${command}\` (PGlite in a fresh folder, each import in its own process; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
}

const runAt = args.indexOf('--run');
const task = args.includes('--prepare') ? prepareChild() : args.includes('--open') ? openChild() : runAt !== -1 ? runChild(args[runAt + 1]!, args[runAt + 2]!, args.includes('--partner') ? argOf('--partner', '') : null) : main();
task.catch((err) => {
  console.error(err);
  process.exit(1);
});
