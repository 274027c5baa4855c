// spec 2 §5 Media files checked again on the server, §7 Media upload: multipart uploads with
// X-Upload-Type media are probed with real parsers when they complete, refused with the rule's
// code (the object removed) or answered with their size and duration and a same-origin URL that
// serves them to the partner's users only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { notifications, uploads } from '../../src/server/db/schema';
import { localStorageAt, setObjectStorage } from '../../src/server/adapters/storage';
import { storedMedia } from '../../src/server/modules/storage/media';
import { signedMediaUrl } from '../../src/server/modules/storage/signing';
import type { CompleteMultipartResponse } from '../../src/lib/contracts/storage';
import { jpegHeader, mp4, png } from '../helpers/media-fixtures';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let prisma: string;
let analyst: string;
const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-media-test-'));

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

type Started = { upload_id: string; object_key: string };

const startMedia = (object_name: string, content_type: string, token = admin) =>
  api.request('/api/v3/storage/multipart-upload', { method: 'POST', token, headers: { 'X-Upload-Type': 'media' }, json: { object_name, content_type } });

/** Start, one part, complete: the completion's answer. */
async function upload(name: string, type: string, bytes: Buffer, token = admin): Promise<{ started: Started; res: Response }> {
  const s = await startMedia(name, type, token);
  expect(s.status, await s.clone().text()).toBe(201);
  const started = (await s.json()) as Started;
  const presigned = await api.request('/api/v3/storage/presigned-url', { method: 'POST', token, json: { ...started, start_part_number: 1, total_parts: 1 } });
  const url = ((await presigned.json()) as { presigned_urls: Record<string, string> }).presigned_urls['1']!;
  const put = await api.request(url.replace(/^https?:\/\/[^/]+/, ''), { method: 'PUT', body: bytes as unknown as BodyInit });
  expect(put.status).toBe(200);
  const res = await api.request('/api/v3/storage/multipart-upload', { method: 'PUT', token, json: { ...started, parts: [{ part_number: 1, etag: put.headers.get('etag')! }] } });
  return { started, res };
}

const rowOf = async (id: string) => (await t.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
const stored = (key: string) => fs.existsSync(path.join(storageRoot, 'objects', key));

describe('media upload completion', () => {
  it('answers an image’s checked size and a URL that serves it to the partner only, without an upload notice', async () => {
    const bytes = png(1200, 628);
    const { started, res } = await upload('Plakat Herbst.png', 'image/png', bytes);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as CompleteMultipartResponse;
    expect(body.media).toEqual({ id: started.upload_id, url: `/api/v3/storage/media/${started.upload_id}`, width: 1200, height: 628, duration: null });
    expect(await rowOf(started.upload_id)).toMatchObject({ status: 'completed', uploadType: 'media', category: 'media' });
    const notices = await t.db.select().from(notifications).where(eq(notifications.topic, 'upload'));
    expect(notices.filter((n) => JSON.stringify(n.templateData).includes(started.object_key))).toEqual([]);

    const served = await api.request(body.media!.url, { token: admin });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await api.request(body.media!.url, { token: admin, headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);
    const past = await api.request(body.media!.url, { token: admin, headers: { range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);

    // Another partner does not see it; a user without the wave permission may not load media.
    expect((await api.request(body.media!.url, { token: prisma })).status).toBe(404);
    expect((await errorOf(await api.request(body.media!.url, { token: analyst }))).error_code).toBe('error.auth.forbidden');
    // The facts the setup and the ad platform adapter get are read from the bytes again.
    expect(await storedMedia(t.db, 1001, started.upload_id)).toMatchObject({ width: 1200, height: 628, type: 'image/png', size: bytes.length, name: 'Plakat Herbst.png' });
    await expect(storedMedia(t.db, 1002, started.upload_id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a tall PNG above 1080×1920 with imageResolution and removes it', async () => {
    const { started, res } = await upload('story.png', 'image/png', png(1081, 1921));
    expect(res.status).toBe(422);
    const err = await errorOf(res);
    expect(err).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'imageResolution' });
    expect(await rowOf(started.upload_id)).toMatchObject({ status: 'rejected' });
    expect(stored(started.object_key)).toBe(false);
    expect((await api.request(`/api/v3/storage/media/${started.upload_id}`, { token: admin })).status).toBe(404);
  });

  it('accepts a story image of exactly 1080×1920', async () => {
    const { res } = await upload('story.png', 'image/png', png(1080, 1920));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as CompleteMultipartResponse).media).toMatchObject({ width: 1080, height: 1920 });
  });

  it('refuses a “video” whose bytes are not an MP4 by its magic bytes', async () => {
    const { started, res } = await upload('clip.mp4', 'video/mp4', Buffer.concat([png(10, 10), Buffer.alloc(500)]));
    expect(res.status).toBe(422);
    expect((await errorOf(res)).error_code).toBe('error.storage.contentMismatch');
    expect(stored(started.object_key)).toBe(false);
  });

  it('refuses a file that has an image signature but no readable header as fileFormat', async () => {
    const broken = Buffer.concat([jpegHeader(100, 100).subarray(0, 20), Buffer.alloc(100)]);
    const { res } = await upload('broken.jpg', 'image/jpeg', broken);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'fileFormat' });
  });

  it('refuses a forged header: 2,147,483,647² in 91 bytes (imageResolution) and a header with no pixels (fileFormat)', async () => {
    const small = png(2, 2);
    const forged = Buffer.from(small);
    forged.writeUInt32BE(2_147_483_647, 16);
    forged.writeUInt32BE(2_147_483_647, 20);
    const huge = await upload('huge.png', 'image/png', forged);
    expect(huge.res.status).toBe(422);
    expect(await errorOf(huge.res)).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'imageResolution' });
    const { res } = await upload('empty.png', 'image/png', png(1080, 1080).subarray(0, 33));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'fileFormat' });
  });

  it('records a video’s duration and display size read past the mdat to a moov at the end', async () => {
    const bytes = mp4({ width: 1920, height: 1080, duration: 95.5, mdatBytes: 2_000_000, moovAtEnd: true });
    const { started, res } = await upload('Trailer.mp4', 'video/mp4', bytes);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as CompleteMultipartResponse).media).toMatchObject({ id: started.upload_id, width: 1920, height: 1080, duration: 95.5 });
    expect(await storedMedia(t.db, 1001, started.upload_id)).toMatchObject({ duration: 95.5, type: 'video/mp4' });
    const served = await api.request(`/api/v3/storage/media/${started.upload_id}`, { token: admin, headers: { range: 'bytes=-100' } });
    expect(served.status).toBe(206);
    expect(served.headers.get('content-range')).toBe(`bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`);
  });

  it('serves a medium to the ad platform by a signed, expiring link without a session', async () => {
    const bytes = mp4({ width: 1280, height: 720, duration: 30 });
    const { started, res } = await upload('Spot.mp4', 'video/mp4', bytes);
    expect(res.status).toBe(200);
    const link = signedMediaUrl('http://localhost', started.upload_id).replace('http://localhost', '');
    const fetched = await api.request(link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    const forged = link.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    expect((await errorOf(await api.request(forged))).error_code).toBe('error.storage.urlInvalid');
    const other = (await (await startMedia('x.png', 'image/png')).json()) as Started;
    expect((await errorOf(await api.request(link.replace(started.upload_id, other.upload_id)))).error_code).toBe('error.storage.urlInvalid');
    const old = signedMediaUrl('http://localhost', started.upload_id, Date.now() - 10 * 3600_000).replace('http://localhost', '');
    expect((await errorOf(await api.request(old))).error_code).toBe('error.storage.urlExpired');
    // The session route stays closed without a session.
    expect((await api.request(`/api/v3/storage/media/${started.upload_id}`)).status).toBe(401);
  });

  it('refuses a reel (upright video) longer than 120 s with videoDurationReelStory', async () => {
    const { res } = await upload('reel.mov', 'video/quicktime', mp4({ width: 1920, height: 1080, rotate90: true, duration: 121, brand: 'qt  ' }));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'videoDurationReelStory' });
  });

  it('refuses a feed video longer than 4 hours with videoDurationFeed', async () => {
    const { res } = await upload('concert.mp4', 'video/mp4', mp4({ width: 1280, height: 720, duration: 14_401 }));
    expect(await errorOf(res)).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'videoDurationFeed' });
  });

  it('refuses other types at the start of a media upload', async () => {
    const gif = await startMedia('a.gif', 'image/gif');
    expect(gif.status).toBe(415);
    expect(await errorOf(gif)).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'imageType' });
    expect(await errorOf(await startMedia('a.pdf', 'application/pdf'))).toMatchObject({ error_code: 'error.media.rejected', error_subcode: 'fileFormat' });
    // A plain file upload of a GIF is still fine.
    const file = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token: admin, json: { object_name: 'a.gif', content_type: 'image/gif', category: 'other' } });
    expect(file.status).toBe(201);
  });

  it('refuses to start a media upload without the campaigns permission; a plain file upload stays open (issue 24 §1)', async () => {
    const refused = await startMedia('ad.png', 'image/png', analyst);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ error_code: 'error.auth.forbidden', error_subcode: 'wave' });
    const file = await api.request('/api/v3/storage/multipart-upload', { method: 'POST', token: analyst, json: { object_name: 'sales.csv', content_type: 'text/csv', category: 'other' } });
    expect(file.status).toBe(201);
  });

  it("answers 404 for another partner's media upload id", async () => {
    const s = (await (await startMedia('mine.png', 'image/png')).json()) as Started;
    const res = await api.request('/api/v3/storage/multipart-upload', { method: 'PUT', token: prisma, json: { ...s, parts: [{ part_number: 1, etag: '"x"' }] } });
    expect(res.status).toBe(404);
    expect((await api.request(`/api/v3/storage/media/${s.upload_id}`, { token: prisma })).status).toBe(404);
    // Not completed yet: not served to its own partner either.
    expect((await api.request(`/api/v3/storage/media/${s.upload_id}`, { token: admin })).status).toBe(404);
  });
});
