// The multipart upload protocol of spec 1 §7 over the object store: start, presign parts,
// check (resume), complete with a content check, abort. Every call is scoped to the caller's
// partner: another partner's upload id answers 404 as if it did not exist.
import { and, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { EmptyPartError, LocalStorage, objectStorage, PartLayoutError, PartTooLargeError, type MultipartRef, type StoredPart } from '../../adapters/storage';
import {
  PRESIGN_TTL_SEC,
  UPLOAD_PART_BYTES,
  UPLOAD_TTL_MS,
  type CompleteMultipartRequest,
  type CompleteMultipartResponse,
  type CreateMultipartRequest,
  type CreateMultipartResponse,
  type PresignRequest,
  type PresignResponse,
  type UploadStatusResponse,
  type UploadType,
} from '../../../lib/contracts/storage';
import { CONTENT_SNIFF_BYTES, contentMatches, isAllowedContentType } from './content-types';
import { checkPartUrl } from './signing';
import { notifyUploadFinished } from '../notifications/producers';
import { checkMediaTypeAtStart, completeMediaFacts, inspectStoredMedia, mediaRejected } from './media';
import { OWN_STORAGE_PREFIX } from '../notifications/attachment';

/** S3's smallest part other than the last; the local store keeps the same rule so both behave alike. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

type Owner = { partnerId: number; userId: string | null };
type UploadRow = typeof uploads.$inferSelect;

/**
 * The stored name: the last path segment only, with anything but letters, digits, dot, dash,
 * underscore and space replaced, and no leading dots, so no name can climb out of its folder.
 */
export function safeObjectName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._\- ]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-120);
  return cleaned || 'file';
}

function refOf(row: UploadRow): MultipartRef {
  return { uploadId: row.id, key: row.objectKey, backendUploadId: row.backendUploadId };
}

const notFound = () => new AppError(404, 'error.storage.uploadNotFound', 'No such upload');

async function ownUpload(db: Db, partnerId: number, uploadId: string, objectKey: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.partnerId, partnerId)))
    .limit(1);
  if (!row || row.objectKey !== objectKey) throw notFound();
  return row;
}

function isOpen(row: UploadRow, now = Date.now()): boolean {
  return row.status === 'uploading' && row.expiresAt.getTime() > now;
}

function requireOpen(row: UploadRow): void {
  if (!isOpen(row)) throw new AppError(409, 'error.storage.uploadClosed', `This upload is ${row.status === 'uploading' ? 'expired' : row.status}; start it again`);
}

export async function startUpload(db: Db, owner: Owner, req: CreateMultipartRequest, uploadType: UploadType): Promise<CreateMultipartResponse> {
  if (!isAllowedContentType(req.content_type)) {
    throw new AppError(415, 'error.storage.typeNotAllowed', `Files of type ${req.content_type} cannot be uploaded`, 'content_type');
  }
  if (uploadType === 'media') checkMediaTypeAtStart(req.content_type);
  const id = crypto.randomUUID();
  const category = uploadType === 'media' ? 'media' : (req.category ?? 'other');
  const month = new Date().toISOString().slice(0, 7);
  const objectKey = `partner-${owner.partnerId}/${category}/${month}/${id}/${safeObjectName(req.object_name)}`;
  const { backendUploadId } = await objectStorage().startMultipart(objectKey, req.content_type);
  await db.insert(uploads).values({
    id,
    partnerId: owner.partnerId,
    userId: owner.userId,
    objectKey,
    objectName: req.object_name,
    contentType: req.content_type,
    category,
    uploadType,
    backendUploadId,
    expiresAt: new Date(Date.now() + UPLOAD_TTL_MS),
  });
  return { upload_id: id, object_key: objectKey };
}

export async function presignParts(db: Db, partnerId: number, req: PresignRequest, origin: string): Promise<PresignResponse> {
  const row = await ownUpload(db, partnerId, req.upload_id, req.object_key);
  requireOpen(row);
  const expiresAt = new Date(Math.min(Date.now() + PRESIGN_TTL_SEC * 1000, row.expiresAt.getTime()));
  const store = objectStorage();
  const urls: Record<string, string> = {};
  for (let n = req.start_part_number; n <= req.total_parts; n++) urls[String(n)] = await store.partUrl(refOf(row), n, expiresAt, origin);
  return { presigned_urls: urls, expires_at: expiresAt.toISOString() };
}

export async function uploadStatus(db: Db, partnerId: number, q: { upload_id: string; object_key: string; expected_total_parts: number }): Promise<UploadStatusResponse> {
  const row = await ownUpload(db, partnerId, q.upload_id, q.object_key);
  if (!isOpen(row)) return { isValid: false, uploaded_parts: [] };
  const parts = (await objectStorage().listParts(refOf(row))).filter((p) => p.partNumber <= q.expected_total_parts);
  return { isValid: true, uploaded_parts: parts.map((p) => ({ part_number: p.partNumber, etag: p.etag, size: p.size })) };
}

/** S3 quotes etags; browsers may hand them back with or without the quotes. */
const bareEtag = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '');

/** The parts the browser lists must be 1..n, each stored with the same etag, sized as S3 requires. */
function checkParts(listed: CompleteMultipartRequest['parts'], stored: StoredPart[]): StoredPart[] {
  const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
  const sorted = [...listed].sort((a, b) => a.part_number - b.part_number);
  const out: StoredPart[] = [];
  sorted.forEach((p, i) => {
    const have = byNumber.get(p.part_number);
    if (p.part_number !== i + 1) throw new AppError(400, 'error.storage.partsMismatch', `Part ${i + 1} is missing from the list`, 'parts');
    if (!have) throw new AppError(400, 'error.storage.partsMismatch', `Part ${p.part_number} was never uploaded`, 'parts');
    if (bareEtag(have.etag) !== bareEtag(p.etag)) throw new AppError(400, 'error.storage.partsMismatch', `Part ${p.part_number} does not match what was uploaded`, 'parts');
    if (i < sorted.length - 1 && have.size < MIN_PART_BYTES) throw new AppError(400, 'error.storage.partsMismatch', `Part ${p.part_number} is smaller than ${MIN_PART_BYTES} bytes`, 'parts');
    out.push(have);
  });
  return out;
}

export async function completeUpload(db: Db, partnerId: number, req: CompleteMultipartRequest): Promise<CompleteMultipartResponse> {
  const row = await ownUpload(db, partnerId, req.upload_id, req.object_key);
  requireOpen(row);
  const store = objectStorage();
  const parts = checkParts(req.parts, await store.listParts(refOf(row)));
  let size: number;
  try {
    ({ size } = await store.complete(refOf(row), parts));
  } catch (err) {
    if (err instanceof PartLayoutError) throw new AppError(400, 'error.storage.partsMismatch', err.message, 'parts');
    throw err;
  }
  if (!(await contentMatches(row.contentType, await store.head(row.objectKey, CONTENT_SNIFF_BYTES)))) {
    await store.remove(row.objectKey);
    await db.update(uploads).set({ status: 'rejected', sizeBytes: size }).where(eq(uploads.id, row.id));
    throw new AppError(422, 'error.storage.contentMismatch', `The file's content is not ${row.contentType}`, 'content_type');
  }
  let media: CompleteMultipartResponse['media'];
  if (row.uploadType === 'media') {
    // spec 2 §5: the browser checked the file, the server checks the bytes again.
    const checked = await inspectStoredMedia(row.objectKey, row.contentType, size);
    if ('problem' in checked) {
      await store.remove(row.objectKey);
      await db.update(uploads).set({ status: 'rejected', sizeBytes: size }).where(eq(uploads.id, row.id));
      throw mediaRejected(checked.problem);
    }
    media = completeMediaFacts(row.id, checked.facts);
  }
  await db.update(uploads).set({ status: 'completed', sizeBytes: size, completedAt: new Date() }).where(eq(uploads.id, row.id));
  const location = `${OWN_STORAGE_PREFIX}${row.objectKey}`;
  // Campaign media are part of the setup being edited, not files handed over: no "upload finished" notice.
  if (!media) await notifyUploadFinished(db, { partnerId, userId: row.userId }, { name: row.objectName, objectKey: row.objectKey, size, location });
  return { location, object_key: row.objectKey, size, content_type: row.contentType, ...(media ? { media } : {}) };
}

export async function abortUpload(db: Db, partnerId: number, req: { upload_id: string; object_key: string }): Promise<void> {
  const row = await ownUpload(db, partnerId, req.upload_id, req.object_key);
  if (row.status !== 'uploading') return; // aborting twice, or after completion, changes nothing
  await objectStorage().abort(refOf(row));
  await db.update(uploads).set({ status: 'aborted' }).where(eq(uploads.id, row.id));
}

/**
 * PUT of one part to a local presigned URL. The signature is the credential (as with S3); the
 * upload must still be open. The body streams to disk; a part over 20,000,000 bytes is refused.
 */
export async function receiveLocalPart(
  db: Db,
  q: { upload_id: string; part_number: number; expires: number; signature: string },
  body: AsyncIterable<Uint8Array> | Readable | null,
  declaredLength: number | null,
): Promise<StoredPart> {
  const check = checkPartUrl(q);
  if (check === 'forged') throw new AppError(403, 'error.storage.urlInvalid', 'This upload link is not valid');
  if (check === 'expired') throw new AppError(403, 'error.storage.urlExpired', 'This upload link has expired; ask for a new one');
  const store = objectStorage();
  if (!(store instanceof LocalStorage)) throw new AppError(404, 'error.common.notFound', 'Parts go to the object store directly');
  const [row] = await db.select().from(uploads).where(eq(uploads.id, q.upload_id)).limit(1);
  if (!row) throw notFound();
  requireOpen(row);
  const tooLarge = () => new AppError(413, 'error.storage.partTooLarge', `A part may hold no more than ${UPLOAD_PART_BYTES} bytes`);
  if (declaredLength != null && declaredLength > UPLOAD_PART_BYTES) throw tooLarge();
  if (!body) throw new AppError(400, 'error.storage.emptyPart', 'The part is empty');
  try {
    return await store.writePart(row.id, q.part_number, body);
  } catch (err) {
    if (err instanceof PartTooLargeError) throw tooLarge();
    if (err instanceof EmptyPartError) throw new AppError(400, 'error.storage.emptyPart', 'The part is empty');
    // The body broke off (connection reset, client gone): the part is not stored; send it again.
    if (err instanceof Error && /reset|aborted|premature|terminated/i.test(`${err.message} ${(err as { code?: string }).code ?? ''}`)) {
      throw new AppError(400, 'error.storage.partIncomplete', 'The part did not arrive whole; send it again');
    }
    throw err;
  }
}

/**
 * A completed upload of this partner, opened for download (notification attachments). Keys of
 * other partners, unfinished or refused uploads are not found.
 */
export async function openOwnObject(db: Db, partnerId: number, objectKey: string): Promise<{ body: Readable; size: number; name: string; contentType: string }> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.objectKey, objectKey), eq(uploads.partnerId, partnerId), eq(uploads.status, 'completed')))
    .limit(1);
  if (!row) throw new AppError(404, 'error.attachment.notFound', 'The attachment is not available');
  const { body, size } = await objectStorage().open(row.objectKey);
  return { body, size, name: row.objectName, contentType: row.contentType };
}
