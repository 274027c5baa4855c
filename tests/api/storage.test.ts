// spec 1 §7 "Storage and upload": the multipart protocol end to end on the local store, with
// forged and expired presigned URLs, another partner's upload, path traversal in names, content
// that does not match its declared type, oversized parts, resume after a failed part, and abort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { notifications, uploads } from '../../src/server/db/schema';
import { UPLOAD_PART_BYTES } from '../../src/lib/contracts/storage';
import { signedPartUrl } from '../../src/server/modules/storage/signing';
import { purgeExpiredUploads } from '../../src/server/modules/storage/purge';
import { scheduleDailyMaintenance } from '../../src/server/modules/tasks/maintenance';
import { localStorageAt, setObjectStorage } from '../../src/server/adapters/storage';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let prisma: string;
const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-storage-test-'));

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), Buffer.alloc(2000, 32)]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  setObjectStorage(localStorageAt(storageRoot));
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
});
afterAll(async () => {
  setObjectStorage(undefined);
  await t.close();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

type Started = { upload_id: string; object_key: string };

async function start(object_name: string, content_type: string, token = admin, extra: Record<string, unknown> = { category: 'ticketing' }): Promise<Started> {
  const res = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token, json: { object_name, content_type, ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Started;
}

async function presign(u: Started, total: number, startAt = 1, token = admin): Promise<Record<string, string>> {
  const res = await api.request('/api/v3/storage/presigned-url', {
    method: 'POST',
    token,
    json: { ...u, start_part_number: startAt, total_parts: total, total_uploaded_parts: startAt - 1 },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { presigned_urls: Record<string, string> }).presigned_urls;
}

const putPart = (url: string, body: BodyInit | Buffer, headers: Record<string, string> = {}) =>
  api.request(url.replace(/^https?:\/\/[^/]+/, ''), { method: 'PUT', body: body as BodyInit, headers, duplex: 'half' } as RequestInit);

const complete = (u: Started, parts: { part_number: number; etag: string }[], token = admin) =>
  api.request('/api/v3/storage/multipart-upload', { method: 'PUT', token, json: { ...u, parts } });

const status = (u: Started, expected: number, token = admin) =>
  api.request(`/api/v3/storage/multipart-upload?${new URLSearchParams({ ...u, expected_total_parts: String(expected) })}`, { token });

async function row(id: string) {
  const [r] = await t.db.select().from(uploads).where(eq(uploads.id, id));
  return r!;
}

describe('the multipart protocol', () => {
  it('uploads a one-part PDF: presigned PUT answers an etag, completing stores the bytes under the partner', async () => {
    const u = await start('Programm Herbst.pdf', 'application/pdf');
    expect(u.object_key).toMatch(/^partner-1001\/ticketing\/\d{4}-\d{2}\/[0-9a-f-]{36}\/Programm Herbst\.pdf$/);
    const urls = await presign(u, 1);
    expect(Object.keys(urls)).toEqual(['1']);
    const put = await putPart(urls['1']!, PDF);
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const done = await complete(u, [{ part_number: 1, etag }]);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toMatchObject({ object_key: u.object_key, size: PDF.length, content_type: 'application/pdf' });
    expect(fs.readFileSync(path.join(storageRoot, 'objects', u.object_key))).toEqual(PDF);
    expect(await row(u.upload_id)).toMatchObject({ status: 'completed', sizeBytes: PDF.length, category: 'ticketing', uploadType: 'file' });
    // The uploader is told, with a link that downloads the file for users of this partner only.
    const location = `/api/v3/storage/objects/${u.object_key}`;
    const [notice] = await t.db.select().from(notifications).where(and(eq(notifications.topic, 'upload'), sql`${notifications.templateData}->>'object_key' = ${u.object_key}`));
    expect(notice?.title).toBe('Upload abgeschlossen'); // the admin reads German
    expect(notice?.body).toContain(`(/attachment?url=${encodeURIComponent(location)})`);
    const download = await api.request(`/api/v3/attachment?url=${encodeURIComponent(location)}`, { token: admin });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Programm Herbst.pdf"; filename*=UTF-8''${encodeURIComponent('Programm Herbst.pdf')}`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    const stranger = await api.request(`/api/v3/attachment?url=${encodeURIComponent(location)}`, { token: prisma });
    expect(stranger.status).toBe(404);
    // A completed upload cannot be resumed or completed again.
    expect(((await (await status(u, 1)).json()) as { isValid: boolean }).isValid).toBe(false);
    expect((await errorOf(await complete(u, [{ part_number: 1, etag }]))).error_code).toBe('error.storage.uploadClosed');
  });

  it('resumes after a part fails mid-way: the broken part is not kept, the status lists what is stored', async () => {
    const big = Buffer.alloc(UPLOAD_PART_BYTES, 7);
    big.write('%PDF-1.4\n', 0, 'latin1');
    const tail = Buffer.alloc(1234, 9);
    const u = await start('Saisonbroschüre.pdf', 'application/pdf', admin, { category: 'program' });
    const urls = await presign(u, 3);
    const p1 = await putPart(urls['1']!, big);
    expect(p1.status).toBe(200);
    // Part 2 dies after its first megabyte, as a dropped connection would.
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(big.subarray(0, 1_000_000)));
        controller.error(new Error('connection reset'));
      },
    });
    const p2fail = await Promise.resolve(putPart(urls['2']!, broken)).catch(() => null);
    expect(p2fail === null || p2fail.status >= 400).toBe(true);
    const s = (await (await status(u, 3)).json()) as { isValid: boolean; uploaded_parts: { part_number: number; etag: string; size: number }[] };
    expect(s.isValid).toBe(true);
    expect(s.uploaded_parts).toEqual([{ part_number: 1, etag: p1.headers.get('etag'), size: UPLOAD_PART_BYTES }]);
    // Resume from part 2 with fresh URLs.
    const again = await presign(u, 3, 2);
    expect(Object.keys(again)).toEqual(['2', '3']);
    const p2 = await putPart(again['2']!, big);
    const p3 = await putPart(again['3']!, tail);
    const done = await complete(u, [
      { part_number: 3, etag: p3.headers.get('etag')! },
      { part_number: 1, etag: p1.headers.get('etag')! },
      { part_number: 2, etag: p2.headers.get('etag')!.replace(/"/g, '') },
    ]);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(((await done.json()) as { size: number }).size).toBe(2 * UPLOAD_PART_BYTES + tail.length);
    // Part 2 was cut off after 1 MB and then sent whole: the file holds exactly what was sent.
    expect(fs.readFileSync(path.join(storageRoot, 'objects', u.object_key)).equals(Buffer.concat([big, big, tail]))).toBe(true);
    expect(fs.existsSync(path.join(storageRoot, 'parts', u.upload_id))).toBe(false);
  });

  it('refuses a completion whose parts do not match what was stored', async () => {
    const u = await start('a.pdf', 'application/pdf');
    const urls = await presign(u, 2);
    const small = await putPart(urls['1']!, PDF);
    const etag = small.headers.get('etag')!;
    expect((await errorOf(await complete(u, [{ part_number: 1, etag: '"00000000000000000000000000000000"' }]))).error_code).toBe('error.storage.partsMismatch');
    expect((await errorOf(await complete(u, [{ part_number: 2, etag }]))).error_code).toBe('error.storage.partsMismatch');
    // A part other than the last must be at least 5 MiB, as S3 requires.
    const p2 = await putPart(urls['2']!, PDF);
    const res = await complete(u, [
      { part_number: 1, etag },
      { part_number: 2, etag: p2.headers.get('etag')! },
    ]);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error_code).toBe('error.storage.partsMismatch');
    // Large enough for S3, but not the protocol's fixed part size: the local store refuses too.
    const odd = await putPart(urls['1']!, Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]));
    const res2 = await complete(u, [
      { part_number: 1, etag: odd.headers.get('etag')! },
      { part_number: 2, etag: p2.headers.get('etag')! },
    ]);
    expect((await errorOf(res2)).error_code).toBe('error.storage.partsMismatch');
    expect((await row(u.upload_id)).status).toBe('uploading');
  });

  it('aborts: 204, the parts are gone, and the upload cannot go on', async () => {
    const u = await start('cancel me.pdf', 'application/pdf');
    const urls = await presign(u, 1);
    await putPart(urls['1']!, PDF);
    const del = await api.request('/api/v3/storage/multipart-upload', { method: 'DELETE', token: admin, json: u });
    expect(del.status).toBe(204);
    expect(fs.existsSync(path.join(storageRoot, 'parts', u.upload_id))).toBe(false);
    expect((await row(u.upload_id)).status).toBe('aborted');
    expect(((await (await status(u, 1)).json()) as { isValid: boolean }).isValid).toBe(false);
    const late = await putPart(urls['1']!, PDF);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).error_code).toBe('error.storage.uploadClosed');
    const presignAgain = await api.request('/api/v3/storage/presigned-url', { method: 'POST', token: admin, json: { ...u, start_part_number: 1, total_parts: 1 } });
    expect(presignAgain.status).toBe(409);
  });
});

describe('housekeeping', () => {
  it('deletes the parts of uploads that expired unfinished, once a day', async () => {
    const u = await start('abandoned.pdf', 'application/pdf');
    const urls = await presign(u, 1);
    await putPart(urls['1']!, PDF);
    const done = await start('kept.pdf', 'application/pdf');
    await t.db.update(uploads).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(uploads.id, u.upload_id));
    expect(await purgeExpiredUploads(t.db)).toEqual({ purged: 1, failed: 0 });
    expect(fs.existsSync(path.join(storageRoot, 'parts', u.upload_id))).toBe(false);
    expect((await row(u.upload_id)).status).toBe('aborted');
    expect((await row(done.upload_id)).status).toBe('uploading');
    // Queued once per day, whichever worker asks.
    const now = Date.parse('2030-05-01T03:00:00Z');
    expect(await scheduleDailyMaintenance(t.db, now)).toEqual(['maintenance.purge_sessions', 'maintenance.purge_uploads', 'maintenance.purge_meta_grants', 'campaigns.deliver']);
    expect(await scheduleDailyMaintenance(t.db, now + 3_600_000)).toEqual([]);
    expect(await scheduleDailyMaintenance(t.db, now + 86_400_000)).toHaveLength(4);
  });
});

describe('the demo data', () => {
  it("links a real file from the seeded 'Upload finished' notification", async () => {
    const [seeded] = await t.db.select().from(notifications).where(and(eq(notifications.topic, 'upload'), sql`${notifications.body} like '%/attachment?url=%'`)).limit(1);
    const href = /\]\((\/attachment\?url=[^)]+)\)/.exec(seeded!.body)![1]!;
    const res = await api.request(href.replace('/attachment', '/api/v3/attachment'), { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });
});

describe('hostile and wrong input', () => {
  it('refuses forged, tampered and expired presigned URLs without storing anything', async () => {
    const u = await start('x.pdf', 'application/pdf');
    const urls = await presign(u, 1);
    const url = new URL(urls['1']!);
    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await errorOf(await putPart(forged.toString(), PDF))).error_code).toBe('error.storage.urlInvalid');
    const otherPart = new URL(url);
    otherPart.searchParams.set('part_number', '2');
    expect((await errorOf(await putPart(otherPart.toString(), PDF))).error_code).toBe('error.storage.urlInvalid');
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await errorOf(await putPart(longer.toString(), PDF))).error_code).toBe('error.storage.urlInvalid');
    const expired = signedPartUrl('http://localhost', u.upload_id, 1, new Date(Date.now() - 1000));
    const res = await putPart(expired, PDF);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error_code).toBe('error.storage.urlExpired');
    const s = (await (await status(u, 1)).json()) as { uploaded_parts: unknown[] };
    expect(s.uploaded_parts).toEqual([]);
  });

  it("answers 404 for another partner's upload on every call", async () => {
    const u = await start('intern.pdf', 'application/pdf');
    const forPrisma = { token: prisma };
    const calls = [
      api.request('/api/v3/storage/presigned-url', { method: 'POST', ...forPrisma, json: { ...u, start_part_number: 1, total_parts: 1 } }),
      status(u, 1, prisma),
      complete(u, [{ part_number: 1, etag: '"x"' }], prisma),
      api.request('/api/v3/storage/multipart-upload', { method: 'DELETE', ...forPrisma, json: u }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).error_code).toBe('error.storage.uploadNotFound');
    }
    expect((await row(u.upload_id)).status).toBe('uploading');
  });

  it('serves no unfinished upload and no path outside storage as an attachment', async () => {
    const u = await start('draft.pdf', 'application/pdf');
    const unfinished = await api.request(`/api/v3/attachment?url=${encodeURIComponent(`/api/v3/storage/objects/${u.object_key}`)}`, { token: admin });
    expect(unfinished.status).toBe(404);
    const climbing = await api.request(`/api/v3/attachment?url=${encodeURIComponent('/api/v3/storage/objects/../../secret.key')}`, { token: admin });
    expect(climbing.status).toBe(400);
  });

  it('keeps names inside their folder and refuses a changed object key', async () => {
    for (const name of ['../../../etc/passwd', '..\\..\\windows\\win.ini', '.hidden/../../x', '/abs/path/..']) {
      const u = await start(name, 'text/plain');
      expect(u.object_key).not.toContain('..');
      expect(u.object_key.startsWith('partner-1001/ticketing/')).toBe(true);
      expect(u.object_key.split('/')).toHaveLength(5);
    }
    const u = await start('ok.pdf', 'application/pdf');
    const res = await api.request('/api/v3/storage/presigned-url', {
      method: 'POST',
      token: admin,
      json: { upload_id: u.upload_id, object_key: u.object_key.replace('ok.pdf', '../../../secret.key'), start_part_number: 1, total_parts: 1 },
    });
    expect(res.status).toBe(404);
  });

  it('refuses content that is not what it claims to be, and keeps no object', async () => {
    const cases: [string, string, Buffer][] = [
      ['report.pdf', 'application/pdf', PNG],
      ['list.csv', 'text/csv', PNG],
      ['photo.png', 'image/png', PDF],
    ];
    for (const [name, type, bytes] of cases) {
      const u = await start(name, type);
      const urls = await presign(u, 1);
      const put = await putPart(urls['1']!, bytes);
      const res = await complete(u, [{ part_number: 1, etag: put.headers.get('etag')! }]);
      expect(res.status, name).toBe(422);
      expect((await errorOf(res)).error_code).toBe('error.storage.contentMismatch');
      expect(fs.existsSync(path.join(storageRoot, 'objects', u.object_key))).toBe(false);
      expect((await row(u.upload_id)).status).toBe('rejected');
    }
  });

  it('refuses types that may not be uploaded, bad bodies, oversized and empty parts, and strangers', async () => {
    const exe = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token: admin, json: { object_name: 'setup.exe', content_type: 'application/x-msdownload' } });
    expect(exe.status).toBe(415);
    expect((await errorOf(exe)).error_code).toBe('error.storage.typeNotAllowed');
    const bad = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token: admin, json: { content_type: 'application/pdf', category: 'secret' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).issues?.map((i) => i.path).sort()).toEqual(['category', 'object_name']);
    const badHeader = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token: admin, headers: { 'X-Upload-Type': 'evil' }, json: { object_name: 'a.pdf', content_type: 'application/pdf' } });
    expect(badHeader.status).toBe(400);
    const anon = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', json: { object_name: 'a.pdf', content_type: 'application/pdf' } });
    expect(anon.status).toBe(401);

    const u = await start('big.pdf', 'application/pdf');
    const urls = await presign(u, 1);
    const tooBig = await putPart(urls['1']!, Buffer.alloc(UPLOAD_PART_BYTES + 1, 1));
    expect(tooBig.status).toBe(413);
    expect((await errorOf(tooBig)).error_code).toBe('error.storage.partTooLarge');
    const empty = await putPart(urls['1']!, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(((await (await status(u, 1)).json()) as { uploaded_parts: unknown[] }).uploaded_parts).toEqual([]);
    const tooMany = await api.request('/api/v3/storage/presigned-url', { method: 'POST', token: admin, json: { ...u, start_part_number: 1, total_parts: 5000 } });
    expect(tooMany.status).toBe(400);
  });

  // Security hardening: these reached the database and answered 500.
  it('refuses names, keys and etags holding NUL or an unpaired surrogate with a 400', async () => {
    for (const object_name of ['a\u0000.pdf', '\ud800.pdf', 'x.pdf\udfff']) {
      const res = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token: admin, json: { object_name, content_type: 'application/pdf', category: 'other' } });
      expect(res.status, JSON.stringify(object_name)).toBe(400);
      const body = await errorOf(res);
      expect(body.error_code).toBe('error.validation.invalid');
      expect(body.issues?.map((i) => i.path)).toEqual(['object_name']);
    }
    const u = await start('fine.pdf', 'application/pdf');
    const etag = await complete(u, [{ part_number: 1, etag: 'abc\u0000' }]);
    expect(etag.status).toBe(400);
    expect((await errorOf(etag)).issues?.map((i) => i.path)).toEqual(['parts.0.etag']);
    const key = await api.request(`/api/v3/storage/multipart-upload?upload_id=${u.upload_id}&object_key=${encodeURIComponent(u.object_key)}%00&expected_total_parts=1`, { token: admin });
    expect(key.status).toBe(400);
    expect((await errorOf(key)).error_code).toBe('error.validation.invalid');
    const abort = await api.request('/api/v3/storage/multipart-upload', { method: 'DELETE', token: admin, json: { upload_id: u.upload_id, object_key: `${u.object_key}\ud800` } });
    expect(abort.status).toBe(400);
    // A name with an emoji (a surrogate pair) is fine.
    await start('Programm 🎻.pdf', 'application/pdf');
  });

  it('files campaign media under media, whatever category is sent', async () => {
    const res = await api.request('/api/v3/storage/multipart-upload', {
      method: 'POST',
      token: admin,
      headers: { 'X-Upload-Type': 'media' },
      json: { object_name: 'clip.mp4', content_type: 'video/mp4', category: 'program' },
    });
    const u = (await res.json()) as Started;
    expect(u.object_key).toMatch(/^partner-1001\/media\//);
    expect((await row(u.upload_id)).uploadType).toBe('media');
  });
});
