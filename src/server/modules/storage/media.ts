// Campaign media (uploads of X-Upload-Type media, spec 2 §5 Media files, §7 Media upload): the
// server's own check of a finished upload with the shared rules, and the stored medium served to
// the partner's users (thumbnails, ad previews) and opened for the ad platform adapter.
import { and, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { objectStorage } from '../../adapters/storage';
import { isMediaType, mediaProblem, typeProblem, type MediaProblem, type MediaType } from '../../../lib/campaigns/media-rules';
import type { CompleteMediaFacts } from '../../../lib/contracts/storage';
import { signedMediaUrl } from './signing';
import { probeMedia, UnreadableMediaError, type ProbedMedia } from './media-probe';

/** Where the browser, the previews and the server-rendered previews load a medium from (same origin, session-checked). */
export const MEDIA_PATH = '/api/v3/storage/media/';
export const mediaUrl = (uploadId: string) => `${MEDIA_PATH}${uploadId}`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const mediaIdOf = (url: string | null | undefined) => {
  const id = url?.startsWith(MEDIA_PATH) ? url.slice(MEDIA_PATH.length) : '';
  return UUID_RE.test(id) ? id : null;
};

/**
 * For URLs the ad platform fetches itself (advideos file_url, image and thumbnail URLs): our
 * media paths need a session Meta does not have, so a path to a completed medium of this partner
 * becomes a signed link (signing.ts, absolute on `origin`). Any other URL comes back as it was —
 * another partner's id is never signed. One query for all of them.
 */
export async function platformMediaLinks(db: Db, partnerId: number, urls: readonly (string | null | undefined)[], origin: string, now = Date.now()): Promise<(url: string) => string> {
  const ids = [...new Set(urls.map(mediaIdOf).filter((id): id is string => id !== null))];
  const found = ids.length
    ? new Set(
        (
          await db
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(eq(uploads.partnerId, partnerId), inArray(uploads.id, ids), eq(uploads.uploadType, 'media'), eq(uploads.status, 'completed')))
        ).map((r) => r.id),
      )
    : new Set<string>();
  return (url) => {
    const id = mediaIdOf(url);
    return id && found.has(id) ? signedMediaUrl(origin, id, now) : url;
  };
}

/** 422 (415 for a type refused at the start) error.media.rejected, the rule's code as subcode, its limit as data. */
export function mediaRejected(p: MediaProblem, status: 415 | 422 = 422): AppError {
  return new AppError(status, 'error.media.rejected', `The file breaks the media rule ${p.code}`, p.code, undefined, undefined, p.values);
}

/** At the start of a media upload: only the spec's image and video types. */
export function checkMediaTypeAtStart(contentType: string): void {
  const p = typeProblem(contentType);
  if (p) throw mediaRejected(p, 415);
}

/**
 * The facts of a stored medium, or the rule it breaks. A file no parser can read as its type is
 * refused as fileFormat (its magic bytes matched, but it is not a usable image or video).
 */
export async function inspectStoredMedia(objectKey: string, contentType: string, size: number): Promise<{ facts: ProbedMedia } | { problem: MediaProblem }> {
  const early = mediaProblem({ type: contentType, size });
  if (early) return { problem: early };
  const store = objectStorage();
  let facts: ProbedMedia;
  try {
    facts = await probeMedia(contentType, (offset, length) => store.read(objectKey, offset, length), size);
  } catch (err) {
    if (err instanceof UnreadableMediaError) return { problem: { code: 'fileFormat', key: 'common.errors.fileFormat', values: {} } };
    throw err;
  }
  const problem = mediaProblem({ type: contentType, size, ...facts });
  return problem ? { problem } : { facts };
}

export const completeMediaFacts = (uploadId: string, facts: ProbedMedia): CompleteMediaFacts => ({
  id: uploadId,
  url: mediaUrl(uploadId),
  width: facts.width,
  height: facts.height,
  duration: facts.duration,
});

type MediaRow = typeof uploads.$inferSelect & { contentType: MediaType };

/** A completed medium; of this partner, or of any when the caller holds a signed link (partnerId null). */
async function completedMedia(db: Db, partnerId: number | null, uploadId: string): Promise<MediaRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, uploadId),
        partnerId == null ? undefined : eq(uploads.partnerId, partnerId),
        eq(uploads.uploadType, 'media'),
        eq(uploads.status, 'completed'),
      ),
    )
    .limit(1);
  if (!row || !isMediaType(row.contentType)) throw new AppError(404, 'error.media.notFound', 'No such medium');
  return row as MediaRow;
}

/**
 * A completed medium of this partner, checked again from its bytes, for the setup's server side
 * (the facts a MediaItem carries) and the ad platform adapter. Other partners' ids are not found.
 */
export async function storedMedia(db: Db, partnerId: number, uploadId: string): Promise<CompleteMediaFacts & { name: string; size: number; type: MediaType; objectKey: string }> {
  const row = await completedMedia(db, partnerId, uploadId);
  const checked = await inspectStoredMedia(row.objectKey, row.contentType, row.sizeBytes ?? 0);
  if ('problem' in checked) throw mediaRejected(checked.problem);
  return { ...completeMediaFacts(row.id, checked.facts), name: row.objectName, size: row.sizeBytes ?? 0, type: row.contentType, objectKey: row.objectKey };
}

/**
 * The one byte range of a Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`), clamped to the
 * object; null for none (several ranges are served whole), 'unsatisfiable' past its end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = header?.trim().match(/^bytes=(\d{0,15})-(\d{0,15})$/);
  if (!m || (!m[1] && !m[2])) return null;
  const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
  const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export interface OpenedMedia {
  /** Null when the range cannot be satisfied. */
  body: Readable | null;
  /** The whole object's size. */
  size: number;
  range: { start: number; end: number } | null | 'unsatisfiable';
  contentType: MediaType;
  name: string;
}

/**
 * The bytes of a medium of this partner, whole or the range a Range header asks for (videos seek
 * by ranges). `partnerId` null only behind a checked signed link (signing.ts signedMediaUrl).
 */
export async function openMedia(db: Db, partnerId: number | null, uploadId: string, rangeHeader?: string): Promise<OpenedMedia> {
  const row = await completedMedia(db, partnerId, uploadId);
  const size = row.sizeBytes ?? 0;
  const range = byteRange(rangeHeader, size);
  const base = { size, range, contentType: row.contentType, name: row.objectName };
  if (range === 'unsatisfiable') return { ...base, body: null };
  const { body } = await objectStorage().open(row.objectKey, range ?? undefined);
  return { ...base, body };
}
