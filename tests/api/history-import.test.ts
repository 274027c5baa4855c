// Issue 12, the console's path: both files uploaded with the multipart protocol, POST
// /partners/history_import queues the task, the worker imports, GET /tasks/{id} tells the outcome.
// Valid files land as ticketing-system events with their transactions and fresh forecasts; bad
// files are refused line by line and nothing is written; a re-import updates instead of
// duplicating; uploads and tasks of one partner are not another's; only settings may import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { eventForecasts, events, halls, ticketTransactions, venues } from '../../src/server/db/schema';
import { localStorageAt, setObjectStorage } from '../../src/server/adapters/storage';
import { runOnce } from '../../src/server/jobs/worker';
import type { HistoryImportOutcome, HistoryProblem } from '../../src/lib/contracts/history-import';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let prisma: string;
let analyst: string;
const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-history-test-'));

beforeAll(async () => {
  setObjectStorage(localStorageAt(storageRoot));
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
});
afterAll(async () => {
  setObjectStorage(undefined);
  await t.close();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

type Ref = { upload_id: string; object_key: string };

/** A file through the multipart protocol (one part), as the console sends it. */
async function upload(name: string, content: string | Buffer, token = admin): Promise<Ref> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const type = name.endsWith('.gz') ? 'application/gzip' : 'text/csv';
  const res = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token, json: { object_name: name, content_type: type, category: 'ticketing' } });
  expect(res.status, await res.clone().text()).toBe(201);
  const ref = (await res.json()) as Ref;
  const urls = (await (await api.request('/api/v3/storage/presigned-url', { method: 'POST', token, json: { ...ref, start_part_number: 1, total_parts: 1 } })).json()) as {
    presigned_urls: Record<string, string>;
  };
  const put = await api.request(urls.presigned_urls['1']!.replace(/^https?:\/\/[^/]+/, ''), { method: 'PUT', body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const done = await api.request('/api/v3/storage/multipart-upload', { method: 'PUT', token, json: { ...ref, parts: [{ part_number: 1, etag: put.headers.get('etag')! }] } });
  expect(done.status, await done.clone().text()).toBe(200);
  return ref;
}

const startImport = (events: Ref, transactions: Ref, token = admin) => api.request('/api/v3/partners/history_import', { method: 'POST', token, json: { events, transactions } });

async function drain() {
  while (await runOnce(t.db, 'test-worker')) {
    /* until the queue is empty */
  }
}

/** Uploads, imports and waits for the task; returns its outcome. */
async function importFiles(eventsCsv: string | Buffer, transactionsCsv: string | Buffer, names = ['events.csv', 'transactions.csv']): Promise<HistoryImportOutcome> {
  const res = await startImport(await upload(names[0]!, eventsCsv), await upload(names[1]!, transactionsCsv));
  expect(res.status, await res.clone().text()).toBe(202);
  const { task_id } = (await res.json()) as { task_id: string };
  await drain();
  const task = (await (await api.request(`/api/v3/tasks/${task_id}`, { token: admin })).json()) as { status: string; ready: boolean; result: HistoryImportOutcome };
  expect(task.status, JSON.stringify(task.result)).toBe('SUCCESS');
  expect(task.ready).toBe(true);
  return task.result;
}

async function partnerCounts(partnerId = 1001) {
  const [r] = (
    (await t.db.execute(sql`SELECT
      (SELECT count(*)::int FROM events WHERE partner_id = ${partnerId}) AS events,
      (SELECT count(*)::int FROM ticket_transactions WHERE partner_id = ${partnerId}) AS transactions,
      (SELECT count(*)::int FROM venues WHERE partner_id = ${partnerId}) AS venues,
      (SELECT count(*)::int FROM halls WHERE partner_id = ${partnerId}) AS halls`)) as unknown as { rows: unknown[] }
  ).rows as { events: number; transactions: number; venues: number; halls: number }[];
  return r!;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const past = Date.now() - 400 * DAY;
const upcoming = Date.now() + 40 * DAY;

const EVENTS = [
  'event_id,title,category,venue,hall,city,capacity,start,status',
  `H-1,"Carmen, Oper in 4 Akten",opera,Oper Köln,Großer Saal,Köln,1200,${iso(past)},`,
  `H-2,Tosca,opera,Oper Köln,Großer Saal,Köln,1200,${iso(past + 7 * DAY)},cancelled`,
  `H-3,"Sinfoniekonzert ""Neujahr""",symphony,Philharmonie,Saal 1,Köln,2000,${iso(upcoming)},`,
].join('\n');
const TRANSACTIONS = [
  'event_id,sold_at,quantity,amount,ticket_type,price_category',
  `H-1,${iso(past - 30 * DAY)},4,180.00,regular,1`,
  `H-1,${iso(past - 20 * DAY)},2,70.50,discount,2`,
  `H-1,${iso(past - 10 * DAY).slice(0, 10)},-1,-45,,1`,
  `H-2,${iso(past - 5 * DAY)},3,120,subscription,`,
  `H-3,${iso(Date.now() - 3 * DAY)},10,450.00,regular,1`,
].join('\n');

describe('POST /partners/history_import', () => {
  it('imports valid files (transactions gzipped): ticketing-system events, their transactions, venues, halls and forecasts', async () => {
    const before = await partnerCounts();
    const outcome = await importFiles(EVENTS, gzipSync(Buffer.from(TRANSACTIONS)), ['events.csv', 'transactions.csv.gz']);
    expect(outcome).toMatchObject({ outcome: 'imported', partner_id: 1001, events_created: 3, events_updated: 0, transactions: 5, transactions_replaced: 0, venues_created: 2, halls_created: 2 });
    const after = await partnerCounts();
    expect(after).toEqual({ events: before.events + 3, transactions: before.transactions + 5, venues: before.venues + 2, halls: before.halls + 2 });

    const rows = await t.db.select().from(events).where(and(eq(events.partnerId, 1001), sql`${events.externalId} IS NOT NULL`)).orderBy(events.externalId);
    expect(rows.map((e) => [e.externalId, e.eid, e.title, e.category, e.source, e.frontendStatus, e.capacity])).toEqual([
      ['H-1', 'H-1', 'Carmen, Oper in 4 Akten', 'opera', 'api', 'DEFAULT', 1200],
      ['H-2', 'H-2', 'Tosca', 'opera', 'api', 'CANCELLED', 1200],
      ['H-3', 'H-3', 'Sinfoniekonzert "Neujahr"', 'symphony', 'api', 'DEFAULT', 2000],
    ]);
    expect(rows.every((e) => /^e1001-\d{5,}$/.test(e.id))).toBe(true);
    const [hall] = await t.db.select().from(halls).where(eq(halls.id, rows[0]!.hallId!));
    const [venue] = await t.db.select().from(venues).where(eq(venues.id, hall!.venueId));
    expect([venue!.name, venue!.city, hall!.name]).toEqual(['Oper Köln', 'Köln', 'Großer Saal']);

    const tx = await t.db.select().from(ticketTransactions).where(eq(ticketTransactions.eventId, rows[0]!.id)).orderBy(ticketTransactions.soldAt);
    expect(tx.map((r) => [r.quantity, r.amountMinor, r.ticketType, r.priceCategory, r.source])).toEqual([
      [4, 18000, 'regular', '1', 'api'],
      [2, 7050, 'discount', '2', 'api'],
      [-1, -4500, 'regular', '1', 'api'],
    ]);
    // The engine learnt from the history: every imported event has a stored forecast.
    const forecasts = await t.db.select().from(eventForecasts).where(sql`${eventForecasts.eventId} IN (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
    expect(forecasts).toHaveLength(3);
    expect(outcome.outcome === 'imported' && outcome.forecasts).toBeGreaterThanOrEqual(3);
  });

  it('re-imports the same files without duplicating: events updated, imported transactions replaced, console sales kept', async () => {
    const [h1] = await t.db.select().from(events).where(and(eq(events.partnerId, 1001), eq(events.externalId, 'H-1')));
    await t.db.insert(ticketTransactions).values({ partnerId: 1001, eventId: h1!.id, soldAt: new Date(past - DAY), quantity: 1, ticketType: 'regular', priceCategory: 'Manual', amountMinor: 4000, source: 'manual' });
    // A flag set in the console survives a re-import that does not cancel the event.
    await t.db.update(events).set({ frontendStatus: 'FLAGGED' }).where(eq(events.id, h1!.id));
    const before = await partnerCounts();
    const outcome = await importFiles(EVENTS.replace('Carmen, Oper in 4 Akten', 'Carmen (Neuinszenierung)'), TRANSACTIONS);
    expect(outcome).toMatchObject({ outcome: 'imported', events_created: 0, events_updated: 3, transactions: 5, transactions_replaced: 5, venues_created: 0, halls_created: 0 });
    expect(await partnerCounts()).toEqual(before);
    const [again] = await t.db.select().from(events).where(eq(events.id, h1!.id));
    expect([again!.title, again!.frontendStatus]).toEqual(['Carmen (Neuinszenierung)', 'FLAGGED']);
    const sources = await t.db.select({ source: ticketTransactions.source }).from(ticketTransactions).where(eq(ticketTransactions.eventId, h1!.id));
    expect(sources.filter((s) => s.source === 'manual')).toHaveLength(1);
    expect(sources.filter((s) => s.source === 'api')).toHaveLength(3);
  });

  it('takes transactions for events imported before without listing them in events.csv again', async () => {
    const before = await partnerCounts();
    const outcome = await importFiles('event_id,title,category,venue,hall,city,capacity,start\n', `event_id,sold_at,quantity,amount\nH-3,${iso(Date.now() - 2 * DAY)},2,90\n`);
    expect(outcome).toMatchObject({ outcome: 'imported', events_created: 0, events_updated: 0, transactions: 1, transactions_replaced: 1 });
    expect((await partnerCounts()).transactions).toBe(before.transactions);
  });

  it('refuses bad files line by line, with file, line and column, and writes nothing', async () => {
    const before = await partnerCounts();
    const badEvents = `${EVENTS}\nH-4,Neu,jazz,Neue Halle,Saal,Bonn,-10,2019-02-30T19:00:00Z,\n`;
    // H-4's own line is bad; its transactions are not reported again as of an unknown event.
    const badTransactions = `${TRANSACTIONS}\nH-1,2016-06-01,1.5,"12,50",regular,1\nH-9,2016-06-01,1,10,,\nH-4,2016-06-01,1,10,,\n`;
    const outcome = await importFiles(badEvents, badTransactions);
    expect(outcome.outcome).toBe('refused');
    if (outcome.outcome !== 'refused') return;
    const where = (p: HistoryProblem) => `${p.file}:${p.line}:${p.column}:${p.code}`;
    expect(outcome.problems.map(where)).toEqual([
      'events:5:category:invalid_category',
      'events:5:capacity:out_of_range',
      'events:5:start:invalid_date',
      'transactions:7:quantity:not_integer',
      'transactions:7:amount:comma_decimal',
      'transactions:8:event_id:unknown_event_id',
    ]);
    expect(outcome.problem_count).toBe(6);
    expect(outcome.problems[0]).toMatchObject({ value: 'jazz' });
    expect(await partnerCounts()).toEqual(before);
    const [h1] = await t.db.select().from(events).where(and(eq(events.partnerId, 1001), eq(events.externalId, 'H-1')));
    expect(h1!.title).toBe('Carmen (Neuinszenierung)');
  });

  it('reports an events.csv without its header once, not once more for every transaction', async () => {
    const outcome = await importFiles(EVENTS.split('\n').slice(1).join('\n'), TRANSACTIONS);
    expect(outcome.outcome === 'refused' && outcome.problems.map((p) => `${p.file}:${p.line}:${p.code}`)).toEqual(['events:1:missing_header']);
  });

  it('refuses an event_id that is already the identifier of an event entered in the console', async () => {
    await t.db.insert(events).values({ id: 'e1001-sim-900', partnerId: 1001, eid: 'CONSOLE-1', title: 'Manuell', category: 'opera', startDateTime: new Date(past), capacity: 10, source: 'manual' });
    const outcome = await importFiles(`event_id,title,category,venue,hall,city,capacity,start\nCONSOLE-1,T,opera,V,H,Köln,10,${iso(past)}\n`, 'event_id,sold_at,quantity,amount\n');
    expect(outcome.outcome === 'refused' && outcome.problems.map((p) => `${p.line}:${p.column}:${p.code}`)).toEqual(['2:event_id:event_id_taken']);
  });

  it('needs two completed uploads of the caller’s partner: another partner’s ids are not found', async () => {
    const ev = await upload('events.csv', EVENTS);
    const tx = await upload('transactions.csv', TRANSACTIONS);
    const stranger = await startImport(ev, tx, prisma);
    expect(stranger.status).toBe(404);
    expect((await errorOf(stranger)).error_code).toBe('error.storage.uploadNotFound');
    // Mixing one's own upload with another partner's does not work either.
    const own = await upload('events.csv', EVENTS, prisma);
    expect((await startImport(own, tx, prisma)).status).toBe(404);
    // A task of partner 1001 is not visible to partner 1002.
    const res = await startImport(ev, tx, admin);
    const { task_id } = (await res.json()) as { task_id: string };
    expect((await api.request(`/api/v3/tasks/${task_id}`, { token: prisma })).status).toBe(404);
    await drain();
  });

  it('is refused without the settings permission, and validates its body', async () => {
    const ev = await upload('events.csv', EVENTS, analyst);
    const tx = await upload('transactions.csv', TRANSACTIONS, analyst);
    const res = await startImport(ev, tx, analyst);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ error_code: 'error.auth.forbidden', error_subcode: 'settings' });
    const bad = await api.request('/api/v3/partners/history_import', { method: 'POST', token: admin, json: { events: { upload_id: 'nope', object_key: 'x' } } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).error_code).toBe('error.validation.invalid');
  });
});
