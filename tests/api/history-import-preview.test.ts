// Issue 20 §4: the history import asks before it writes. On the seeded demo (partner 1001 with its
// stored forecasts): a preview writes nothing and tells what the import would change (counts, the
// upcoming forecasts that move by more than MOVED_POINTS, the events that would turn below); the
// confirm writes exactly that, once; another partner's or user's preview is not found; the import
// sends one summary notification instead of one per event turning below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { eventForecasts, events, notifications } from '../../src/server/db/schema';
import { localStorageAt, setObjectStorage } from '../../src/server/adapters/storage';
import { runOnce } from '../../src/server/jobs/worker';
import { MOVED_POINTS } from '../../src/server/modules/forecast/recompute';
import type { HistoryImportOutcome, HistoryPreviewOutcome } from '../../src/lib/contracts/history-import';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let prisma: string;
let multi: string;
const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-history-preview-'));

beforeAll(async () => {
  setObjectStorage(localStorageAt(storageRoot));
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
}, 240_000);
afterAll(async () => {
  setObjectStorage(undefined);
  await t?.close();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

type Ref = { upload_id: string; object_key: string };

async function upload(name: string, content: string, token = admin): Promise<Ref> {
  const res = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token, json: { object_name: name, content_type: 'text/csv', category: 'ticketing' } });
  expect(res.status, await res.clone().text()).toBe(201);
  const ref = (await res.json()) as Ref;
  const urls = (await (await api.request('/api/v3/storage/presigned-url', { method: 'POST', token, json: { ...ref, start_part_number: 1, total_parts: 1 } })).json()) as {
    presigned_urls: Record<string, string>;
  };
  const put = await api.request(urls.presigned_urls['1']!.replace(/^https?:\/\/[^/]+/, ''), { method: 'PUT', body: new Uint8Array(Buffer.from(content)) });
  expect(put.status).toBe(200);
  const done = await api.request('/api/v3/storage/multipart-upload', { method: 'PUT', token, json: { ...ref, parts: [{ part_number: 1, etag: put.headers.get('etag')! }] } });
  expect(done.status, await done.clone().text()).toBe(200);
  return ref;
}

async function drain() {
  while (await runOnce(t.db, 'preview-test')) {
    /* until the queue is empty */
  }
}

async function taskResult<T>(taskId: string, token = admin): Promise<T> {
  await drain();
  const task = (await (await api.request(`/api/v3/tasks/${taskId}`, { token })).json()) as { status: string; result: T };
  expect(task.status, JSON.stringify(task.result)).toBe('SUCCESS');
  return task.result;
}

const previewOf = (events: Ref, transactions: Ref, token = admin) =>
  api.request('/api/v3/partners/history_import/preview', { method: 'POST', token, json: { events, transactions } });
const confirmOf = (previewId: string, token = admin) => api.request(`/api/v3/partners/history_import/preview/${previewId}/confirm`, { method: 'POST', token });

/** Everything an import writes, and a fingerprint of the stored forecasts. */
async function snapshot() {
  const [r] = await rows<Record<string, number | string>>(
    t.db,
    sql`SELECT
      (SELECT count(*)::int FROM events WHERE partner_id = 1001) AS events,
      (SELECT count(*)::int FROM ticket_transactions WHERE partner_id = 1001) AS transactions,
      (SELECT count(*)::int FROM venues WHERE partner_id = 1001) AS venues,
      (SELECT count(*)::int FROM halls WHERE partner_id = 1001) AS halls,
      (SELECT count(*)::int FROM notifications WHERE partner_id = 1001) AS notifications,
      (SELECT count(*)::int FROM event_forecasts WHERE partner_id = 1001) AS forecasts,
      (SELECT md5(string_agg(event_id || ':' || coalesce(prediction_value::text, '-') || ':' || state, ',' ORDER BY event_id)) FROM event_forecasts WHERE partner_id = 1001) AS forecast_hash`,
  );
  return r!;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
// Long past: no list of upcoming events sees them, but the engine learns from them.
const PAST = Date.UTC(2015, 2, 1, 19, 30);
const EVENTS = [
  'event_id,title,category,venue,hall,city,capacity,start,status',
  `PV-1,Preview Abend,symphony,Previewhaus,Saal A,Köln,800,${iso(PAST)},`,
  `PV-2,Preview Matinee,symphony,Previewhaus,Saal A,Köln,800,${iso(PAST + 7 * DAY)},`,
].join('\n');
const TRANSACTIONS = [
  'event_id,sold_at,quantity,amount,ticket_type,price_category',
  `PV-1,${iso(PAST - 20 * DAY)},300,9000.00,regular,1`,
  `PV-1,${iso(PAST - 5 * DAY)},200,6000.00,regular,1`,
  `PV-2,${iso(PAST - 10 * DAY)},120,3600,discount,2`,
].join('\n');

let previewId: string;
let preview: Extract<HistoryPreviewOutcome, { outcome: 'preview' }>;
/** Upcoming events whose stored prediction this test pushed up so that the import moves them back. */
let nudged: string[];
/** Upcoming events this test marked as not 'below', though the forecast says they are. */
let unmarked: string[];

describe('POST /partners/history_import/preview', () => {
  it('tells what the import would change and writes nothing', async () => {
    // Stored forecasts that the next computation will certainly change: three predictions pushed
    // 30 points up (they move back), and every 'below' forecast marked as on track (they turn below).
    const upcoming = await t.db
      .select({ id: eventForecasts.eventId, state: eventForecasts.state })
      .from(eventForecasts)
      .where(and(eq(eventForecasts.partnerId, 1001), gt(eventForecasts.daysOut, 3), sql`${eventForecasts.predictionValue} IS NOT NULL`))
      .orderBy(eventForecasts.eventId);
    nudged = upcoming.filter((f) => f.state === 'on_track').slice(0, 3).map((f) => f.id);
    unmarked = upcoming.filter((f) => f.state === 'below').map((f) => f.id);
    expect(nudged).toHaveLength(3);
    expect(unmarked.length).toBeGreaterThan(0);
    await t.db.update(eventForecasts).set({ predictionValue: sql`${eventForecasts.predictionValue} + 30` }).where(inArray(eventForecasts.eventId, nudged));
    await t.db.update(eventForecasts).set({ state: 'on_track' }).where(inArray(eventForecasts.eventId, unmarked));

    // (Each upload tells its uploader it finished: taken before the snapshot.)
    const files = [await upload('events.csv', EVENTS), await upload('transactions.csv', TRANSACTIONS)] as const;
    const before = await snapshot();
    const res = await previewOf(...files);
    expect(res.status, await res.clone().text()).toBe(202);
    previewId = ((await res.json()) as { task_id: string }).task_id;
    const outcome = await taskResult<HistoryPreviewOutcome>(previewId);
    expect(outcome.outcome).toBe('preview');
    if (outcome.outcome !== 'preview') return;
    preview = outcome;
    expect(outcome).toMatchObject({ events_created: 2, events_updated: 0, transactions: 3, transactions_replaced: 0, venues_created: 1, halls_created: 1, moved_points: MOVED_POINTS });
    // The nudged forecasts move back by about 30 points: listed with their title, before and after.
    for (const id of nudged) {
      const move = outcome.moves.find((m) => m.event_id === id);
      expect(move, `move of ${id}`).toBeTruthy();
      expect(move!.before - move!.after).toBeGreaterThan(MOVED_POINTS);
      const [ev] = await t.db.select({ title: events.title }).from(events).where(eq(events.id, id));
      expect(move!.title).toBe(ev!.title);
    }
    expect(outcome.moves.every((m) => Math.abs(m.after - m.before) > MOVED_POINTS)).toBe(true);
    expect(outcome.moves_count).toBeGreaterThanOrEqual(outcome.moves.length);
    expect(outcome.events_below).toBeGreaterThan(0);
    // Nothing written: no event, transaction, venue, hall, forecast or notification changed.
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad files with their problems, writing nothing', async () => {
    const files = [await upload('events.csv', EVENTS.replace('symphony', 'jazz')), await upload('transactions.csv', TRANSACTIONS)] as const;
    const before = await snapshot();
    const res = await previewOf(...files);
    const outcome = await taskResult<HistoryPreviewOutcome>(((await res.json()) as { task_id: string }).task_id);
    expect(outcome.outcome === 'refused' && outcome.problems.map((p) => `${p.file}:${p.line}:${p.column}:${p.code}`)).toEqual(['events:2:category:invalid_category']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /partners/history_import/preview/{task_id}/confirm', () => {
  it('is not found for another partner’s or another user’s preview, and nothing is written', async () => {
    const before = await snapshot();
    const stranger = await confirmOf(previewId, prisma);
    expect(stranger.status).toBe(404);
    expect((await errorOf(stranger)).error_code).toBe('error.common.notFound');
    // multi@ is a member of 1001 with the settings permission, but the preview is the admin's.
    const other = await api.request(`/api/v3/partners/history_import/preview/${previewId}/confirm`, { method: 'POST', token: multi, partner: 1001 });
    expect(other.status).toBe(404);
    expect((await confirmOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.request('/api/v3/partners/history_import/preview/nope/confirm', { method: 'POST', token: admin })).status).toBe(400);
    await drain();
    expect(await snapshot()).toEqual(before);
  });

  it('imports the previewed files without uploading them again, and what it changes is what the preview said', async () => {
    const before = await snapshot();
    const res = await confirmOf(previewId);
    expect(res.status, await res.clone().text()).toBe(202);
    const outcome = await taskResult<HistoryImportOutcome>(((await res.json()) as { task_id: string }).task_id);
    expect(outcome).toMatchObject({ outcome: 'imported', events_created: 2, transactions: 3, forecasts_moved: preview.moves_count, events_below: preview.events_below, moved_points: MOVED_POINTS });
    const after = await snapshot();
    expect([after.events, after.transactions, after.venues, after.halls]).toEqual([Number(before.events) + 2, Number(before.transactions) + 3, Number(before.venues) + 1, Number(before.halls) + 1]);
    // The stored forecasts are now the preview's "after" values.
    const stored = await t.db.select({ id: eventForecasts.eventId, v: eventForecasts.predictionValue }).from(eventForecasts).where(inArray(eventForecasts.eventId, preview.moves.map((m) => m.event_id)));
    for (const m of preview.moves) expect(stored.find((s) => s.id === m.event_id)!.v!).toBeCloseTo(m.after, 0);
  });

  it('is a conflict the second time', async () => {
    const before = await snapshot();
    const again = await confirmOf(previewId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error_code).toBe('error.history_import.alreadyConfirmed');
    await drain();
    expect(await snapshot()).toEqual(before);
  });

  it('is a conflict for a preview that refused its files', async () => {
    const res = await previewOf(await upload('events.csv', 'nonsense'), await upload('transactions.csv', TRANSACTIONS));
    const id = ((await res.json()) as { task_id: string }).task_id;
    await taskResult<HistoryPreviewOutcome>(id);
    const confirm = await confirmOf(id);
    expect(confirm.status).toBe(409);
    expect((await errorOf(confirm)).error_code).toBe('error.history_import.notPreviewed');
  });
});

describe('notifications after an import', () => {
  it('one summary per person instead of one "below benchmark" per event, with the counts as values', async () => {
    const events = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM notifications WHERE partner_id = 1001 AND template_data->>'template' = 'eventBelowBenchmark'`);
    expect(events[0]!.n).toBe(0);
    const summaries = await t.db
      .select({ userId: notifications.userId, data: notifications.templateData, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.partnerId, 1001), sql`${notifications.templateData}->>'template' = 'historyImportFinished'`));
    const people = new Set(summaries.map((s) => s.userId));
    expect(people.size).toBe(summaries.length);
    expect(summaries.length).toBeGreaterThanOrEqual(2); // the importer and the lookout users (analyst)
    for (const s of summaries) {
      expect((s.data as { params: Record<string, number> }).params).toMatchObject({ moved: preview.moves_count, below: preview.events_below, created: 2, transactions: 3, points: MOVED_POINTS });
    }
    // As the admin reads it, in English and in German.
    const list = async (lng: string) =>
      (await (await api.request('/api/v3/notifications?limit=5', { token: admin, cookie: `i18nextLng=${lng}` })).json()) as { items: { title: string; body: string; template_data: unknown }[] };
    const en = (await list('en')).items.find((n) => n.title === 'Ticketing history imported');
    expect(en?.body).toContain(`Import finished: **${preview.moves_count}**`);
    expect(en?.body).toContain(`**${preview.events_below}** event`);
    expect(en?.template_data).toBeNull();
    const de = (await list('de')).items.find((n) => n.title === 'Ticketing-Historie importiert');
    expect(de?.body).toContain(`Import abgeschlossen: **${preview.moves_count}**`);
  });
});
