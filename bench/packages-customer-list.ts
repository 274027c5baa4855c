// Budget of issue 23: a package variation's customer list (GET /package_builder/packages/{id}/{title}/
// customer_list) for 100,000 customers streams in under 3 s with flat memory. Measured in-process on
// the Hono app (the same handler the server runs; no network in the figure) against an in-memory
// PGlite with the demo accounts: partner 1001 gets 100,000 customers (8 % opted out of ads) and a
// done package whose one variation holds them all. The body is read chunk by chunk as a browser
// would; memory is sampled every 10 ms while it streams and compared with a 10,000-customer list:
// a list built in memory would grow with its size, a stream does not.
// Usage: npx tsx --expose-gc bench/packages-customer-list.ts [--customers 100000] [--write]
// (without --expose-gc the live-heap figure is left out)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import * as schema from '../src/server/db/schema';
import { rows, type Db } from '../src/server/db/client';
import { arr } from '../src/server/db/bulk';
import { createApp } from '../src/server/api/app';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, seedAccounts } from '../src/server/demo/accounts';
import { totpCode } from '../src/server/modules/auth/totp';
import { markdownTable, writePerformanceBlock } from './lib';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const CUSTOMERS = arg('--customers', 100_000);
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

const client = new PGlite();
const db = drizzle(client, { schema }) as unknown as Db;
await migrate(db as never, { migrationsFolder: 'src/server/db/migrations' });
await seedAccounts(db, { demoMfa: true });
const app = createApp(db);
const call = (path: string, method: string, json?: unknown, token?: string) =>
  app.request(`http://localhost${path}`, {
    method,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
const c = (await (await call('/api/v3/auth', 'POST', { username: 'admin@encore.demo', password: DEMO_PASSWORD })).json()) as { ChallengeSession: string };
const signed = (await (
  await call('/api/v3/auth/challenge/mfa-token', 'PUT', { username: 'admin@encore.demo', session: c.ChallengeSession, mfa_token: totpCode(DEMO_TOTP_SECRET), mfa_method: 'SOFTWARE_TOKEN_MFA' })
).json()) as { AccessToken: string };
const token = signed.AccessToken;

/** A done package of partner 1001 with one variation of `n` customers (new ones, named like real records). */
async function packageOf(n: number, tag: string): Promise<{ id: number; slug: string }> {
  const ids: number[] = [];
  for (let from = 0; from < n; from += 20_000) {
    const nums = Array.from({ length: Math.min(20_000, n - from) }, (_, i) => from + i + 1);
    const got = await rows<{ id: number | string }>(db, sql`
      INSERT INTO customers (partner_id, external_id, postal_code, city, salutation, first_name, last_name, street, email, phone1, ads_opt_out)
      SELECT 1001, ${tag} || lpad(n::text, 7, '0'), '50667', 'Köln', 'Frau', 'Erika', 'Mustermann-' || n, 'Domstraße ' || (n % 200 + 1),
             'erika.mustermann' || n || '@example.com', '+49 221 ' || (1000000 + n), n % 13 = 0
      FROM unnest(${arr(nums)}::int[]) AS u(n) RETURNING id`);
    ids.push(...got.map((r) => Number(r.id)));
  }
  const slug = `alle-${tag.toLowerCase()}`;
  const content = [{ title: `Alle ${tag}`, slug, campaign: { keywords: [] }, median_basket_size: 2, median_ticket_price: 30, median_num_events_per_year: 2, median_days_upfront: 20, event_ids: [], n_customers: n, n_opted_out: 0 }];
  const [p] = await rows<{ id: number }>(db, sql`
    INSERT INTO packages (partner_id, title, status, num_packages, n_top_events, targeting_mode, event_ids, content, seed, engine_version, n_customers, finished_at, expires_at)
    VALUES (1001, ${`Bench ${tag}`}, 'done', 1, 3, 'selective_mode', '[]'::jsonb, ${JSON.stringify(content)}::jsonb, 1, 'bench', ${n}, now(), now() + interval '14 days') RETURNING id`);
  for (let i = 0; i < ids.length; i += 20_000) {
    const part = ids.slice(i, i + 20_000);
    await db.execute(sql`
      INSERT INTO package_members (partner_id, package_id, variation, customer_id, score)
      SELECT 1001, ${p.id}, 0, c, 1.2345 FROM unnest(${arr(part)}::bigint[]) AS u(c)`);
  }
  await db.execute(sql`ANALYZE`);
  return { id: p.id, slug };
}

interface Run {
  /** CPU time of the process while streaming (user + system). */
  cpuMs: number;
  /** Largest growth of the live JS heap (after a full GC after every chunk; memory runs only). */
  liveMb?: number;
  ms: number;
  firstByteMs: number;
  bytes: number;
  lines: number;
  heapPeakMb: number;
  rssPeakMb: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function stream(p: { id: number; slug: string }, live = false): Promise<Run> {
  gc?.();
  const base = process.memoryUsage();
  let heapPeak = 0;
  let rssPeak = 0;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed - base.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss - base.rss);
  };
  const probe = setInterval(sample, 10);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await call(`/api/v3/package_builder/packages/${p.id}/${encodeURIComponent(p.slug)}/customer_list`, 'GET', undefined, token);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  let liveMax = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
    sample();
    if (live && gc) {
      gc();
      liveMax = Math.max(liveMax, process.memoryUsage().heapUsed - base.heapUsed);
    }
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(probe);
  return { cpuMs: (cpu.user + cpu.system) / 1000, ms, firstByteMs, bytes, lines, heapPeakMb: heapPeak / 1e6, rssPeakMb: rssPeak / 1e6, ...(live ? { liveMb: liveMax / 1e6 } : {}) };
}

const fmt = (r: Run) =>
  `${(r.ms / 1000).toFixed(2)} s, CPU ${(r.cpuMs / 1000).toFixed(2)} s, load average ${os.loadavg()[0].toFixed(1)} (first byte ${r.firstByteMs.toFixed(0)} ms), ${(r.bytes / 1e6).toFixed(1)} MB, ${r.lines - 1} rows; peak growth while streaming: JS heap ${r.heapPeakMb.toFixed(1)} MB, RSS ${r.rssPeakMb.toFixed(1)} MB`;

log(`writing ${CUSTOMERS} and ${CUSTOMERS / 10} customers with their packages…`);
const big = await packageOf(CUSTOMERS, 'B');
const small = await packageOf(CUSTOMERS / 10, 'S');
// Warm up (PGlite's first scan of the tables, V8's compilation), then three each.
await stream(small);
const runs = { big: [] as Run[], small: [] as Run[] };
for (let i = 0; i < 3; i++) {
  runs.small.push(await stream(small));
  runs.big.push(await stream(big));
  log(`small: ${fmt(runs.small[i])}`);
  log(`big:   ${fmt(runs.big[i])}`);
}
// With --expose-gc: the live heap while streaming, a full GC after every chunk (slower; not timed).
const live = gc ? { big: await stream(big, true), small: await stream(small, true) } : null;
if (live) log(`live JS heap growth while streaming: ${live.big.liveMb!.toFixed(1)} MB (${CUSTOMERS}), ${live.small.liveMb!.toFixed(1)} MB (${CUSTOMERS / 10})`);
const median = (xs: Run[]) => [...xs].sort((a, b) => a.ms - b.ms)[1];
const b = median(runs.big);
const s = median(runs.small);
const expected = Math.round(CUSTOMERS * (12 / 13));
if (b.lines - 1 !== expected) throw new Error(`expected ${expected} rows (opted-out customers left out), got ${b.lines - 1}`);
log(`median big ${fmt(b)}`);

if (args.includes('--write')) {
  writePerformanceBlock(
    'packages-customer-list',
    markdownTable([
      [
        `Customer list CSV of a ${CUSTOMERS.toLocaleString('en')}-customer variation, streamed (median of 3, in-process, PGlite in memory)`,
        '< 3 s',
        `${(b.ms / 1000).toFixed(2)} s at load average ${os.loadavg()[0].toFixed(1)}, CPU ${(b.cpuMs / 1000).toFixed(2)} s (first byte ${b.firstByteMs.toFixed(0)} ms; ${(b.bytes / 1e6).toFixed(1)} MB, ${(b.lines - 1).toLocaleString('en')} rows, opted-out left out)`,
      ],
      [
        `Memory while streaming it, against a ${(CUSTOMERS / 10).toLocaleString('en')}-customer list: growth of the live JS heap (full GC after every chunk) and of the RSS`,
        'flat',
        `${live ? `${live.big.liveMb!.toFixed(1)} MB against ${live.small.liveMb!.toFixed(1)} MB live heap; ` : ''}RSS +${b.rssPeakMb.toFixed(1)} MB against +${s.rssPeakMb.toFixed(1)} MB (the file is ${(b.bytes / 1e6).toFixed(1)} MB)`,
      ],
    ]),
    '`npx tsx --expose-gc bench/packages-customer-list.ts --write`',
  );
}
await client.close();
