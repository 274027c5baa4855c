// A real campaign image uploaded as the dropzone does (multipart, X-Upload-Type: media), for
// journeys that fill a creative through the API: the setup only takes the partner's checked media.
import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** A 1080×1080 PNG of one colour (a real image file: the server reads its header). */
export function squarePng(size = 1080): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads one campaign image with the multipart protocol and X-Upload-Type: media, as the dropzone does. */
export async function uploadMedia(request: APIRequestContext, baseURL: string): Promise<{ id: string; url: string; size: number }> {
  const bytes = squarePng();
  const headers = { origin: baseURL };
  const started = await request.post('/api/v3/storage/multipart-upload', { headers: { ...headers, 'X-Upload-Type': 'media' }, data: { object_name: 'poster.png', content_type: 'image/png' } });
  expect(started.status(), await started.text()).toBe(201);
  const u = (await started.json()) as { upload_id: string; object_key: string };
  const presigned = await request.post('/api/v3/storage/presigned-url', { headers, data: { ...u, start_part_number: 1, total_parts: 1, total_uploaded_parts: 0 } });
  const url = ((await presigned.json()) as { presigned_urls: Record<string, string> }).presigned_urls['1']!;
  const put = await request.put(url.replace(/^https?:\/\/[^/]+/, ''), { headers, data: bytes });
  expect(put.ok(), await put.text()).toBe(true);
  const etag = put.headers()['etag']!;
  const done = await request.put('/api/v3/storage/multipart-upload', { headers, data: { ...u, parts: [{ part_number: 1, etag }] } });
  expect(done.ok(), await done.text()).toBe(true);
  const { location } = (await done.json()) as { location: string };
  return { id: u.upload_id, url: location, size: bytes.length };
}
