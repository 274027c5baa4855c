// Presigned part URLs of the local store: our server signs them and verifies them on PUT, as S3
// does for its own. The signature binds upload, part number and expiry, so a URL cannot be
// reused for another part or upload, nor after it expires; no session is needed to use one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretKey } from '../../lib/secret-key';

export const LOCAL_PART_PATH = '/api/v3/storage/part';

function key(): Buffer {
  return createHmac('sha256', secretKey()).update('encore:storage-part-url').digest();
}

function signature(uploadId: string, partNumber: number, expires: number): string {
  return createHmac('sha256', key()).update(`${uploadId}\n${partNumber}\n${expires}`).digest('base64url');
}

export function signedPartUrl(origin: string, uploadId: string, partNumber: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ upload_id: uploadId, part_number: String(partNumber), expires: String(expires), signature: signature(uploadId, partNumber, expires) });
  return `${origin}${LOCAL_PART_PATH}?${query}`;
}

export type PartUrlCheck = 'ok' | 'expired' | 'forged';

export function checkPartUrl(q: { upload_id: string; part_number: number; expires: number; signature: string }, now = Date.now()): PartUrlCheck {
  const expected = Buffer.from(signature(q.upload_id, q.part_number, q.expires));
  const given = Buffer.from(q.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  return q.expires * 1000 < now ? 'expired' : 'ok';
}

// ---------------------------------------------------------------------------------------------
// Media links for the ad platform (spec 2 §7 Media upload): Meta fetches a video from a URL
// (advideos file_url) and has no session of ours. The signature binds the upload and the expiry.

export const SIGNED_MEDIA_PATH = '/api/v3/storage/media-link/';
/** Long enough for the platform to fetch a large video after a boost's task started. */
export const SIGNED_MEDIA_TTL_SEC = 6 * 60 * 60;

function mediaKey(): Buffer {
  return createHmac('sha256', secretKey()).update('encore:storage-media-url').digest();
}

function mediaSignature(uploadId: string, expires: number): string {
  return createHmac('sha256', mediaKey()).update(`${uploadId}\n${expires}`).digest('base64url');
}

export function signedMediaUrl(origin: string, uploadId: string, now = Date.now(), ttlSec = SIGNED_MEDIA_TTL_SEC): string {
  const expires = Math.floor(now / 1000) + ttlSec;
  return `${origin}${SIGNED_MEDIA_PATH}${uploadId}?${new URLSearchParams({ expires: String(expires), signature: mediaSignature(uploadId, expires) })}`;
}

export function checkMediaUrl(uploadId: string, q: { expires: number; signature: string }, now = Date.now()): PartUrlCheck {
  const expected = Buffer.from(mediaSignature(uploadId, q.expires));
  const given = Buffer.from(q.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  return q.expires * 1000 < now ? 'expired' : 'ok';
}
