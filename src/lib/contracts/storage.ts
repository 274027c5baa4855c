// spec 1 §7 "Storage and upload": the multipart protocol the upload page and modal speak.
// The browser imports the constants and types; the server validates with the schemas.
import { z } from 'zod';
import { text } from './common';

/** spec 1 §7: the browser cuts files into parts of exactly this size (the last may be shorter). */
export const UPLOAD_PART_BYTES = 20_000_000;
/** S3's own limit on parts per upload; with 20 MB parts that is 200 GB per file. */
export const MAX_UPLOAD_PARTS = 10_000;
/** How many presigned part URLs one call hands out; the browser asks again for the rest. */
export const MAX_PRESIGN_BATCH = 1_000;
/** A started upload can be resumed for this long; then its parts are cleared away. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Lifetime of a presigned part URL. */
export const PRESIGN_TTL_SEC = 60 * 60;

/** spec 1 §3 "Uploaded file": every file needs one of these before submit. */
export const FILE_CATEGORIES = ['ticketing', 'program', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
/** X-Upload-Type: `media` for campaign media (spec 2), plain files otherwise. */
export const UPLOAD_TYPE_HEADER = 'X-Upload-Type';
export const UPLOAD_TYPES = ['file', 'media'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * The files that may be uploaded, by extension, with the type the browser declares for them.
 * The server checks each upload's bytes against its declared type (content-types.ts).
 */
export const UPLOAD_TYPES_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  // Issue 12: a ticketing history may come as .csv.gz (the browser names it by the last extension).
  gz: 'application/gzip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

const uploadId = z.uuid();
const objectKey = text().min(1).max(1024);
const partNumber = z.number().int().min(1).max(MAX_UPLOAD_PARTS);

export const CreateMultipartRequest = z.object({
  object_name: text().trim().min(1).max(255),
  content_type: text()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'a MIME type such as application/pdf'),
  category: z.enum(FILE_CATEGORIES).optional(),
});
export type CreateMultipartRequest = z.infer<typeof CreateMultipartRequest>;
export type CreateMultipartResponse = { upload_id: string; object_key: string };

export const PresignRequest = z
  .object({
    upload_id: uploadId,
    object_key: objectKey,
    start_part_number: partNumber,
    total_parts: partNumber,
    total_uploaded_parts: z.number().int().min(0).max(MAX_UPLOAD_PARTS).optional(),
  })
  .refine((r) => r.start_part_number <= r.total_parts, { message: 'start_part_number must not exceed total_parts', path: ['start_part_number'] })
  .refine((r) => r.total_parts - r.start_part_number < MAX_PRESIGN_BATCH, { message: `at most ${MAX_PRESIGN_BATCH} parts per call`, path: ['total_parts'] });
export type PresignRequest = z.infer<typeof PresignRequest>;
/** Keyed by part number (1-based, as S3 numbers parts). */
export type PresignResponse = { presigned_urls: Record<string, string>; expires_at: string };

export const CompleteMultipartRequest = z.object({
  upload_id: uploadId,
  object_key: objectKey,
  parts: z
    .array(z.object({ part_number: partNumber, etag: text().min(1).max(200) }))
    .min(1)
    .max(MAX_UPLOAD_PARTS),
});
export type CompleteMultipartRequest = z.infer<typeof CompleteMultipartRequest>;
/**
 * What the server read from a finished campaign medium (X-Upload-Type media) with real parsers
 * (spec 2 §5 Media files): the browser builds its MediaItem from it. `url` is same-origin.
 */
export type CompleteMediaFacts = { id: string; url: string; width: number; height: number; duration: number | null };
export type CompleteMultipartResponse = { location: string; object_key: string; size: number; content_type: string; media?: CompleteMediaFacts };

/** GET /storage/media/{upload_id}: a completed medium of the viewer's partner. */
export const MediaParam = z.object({ upload_id: uploadId });
/** GET /storage/media-link/{upload_id}?expires&signature: a medium for the ad platform, no session (signing.ts). */
export const SignedMediaQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const UploadStatusQuery = z.object({
  upload_id: uploadId,
  object_key: objectKey,
  expected_total_parts: z.coerce.number().int().min(1).max(MAX_UPLOAD_PARTS),
});
export type UploadedPart = { part_number: number; etag: string; size: number };
/** isValid: the upload can be resumed; uploaded_parts are the parts already stored (to skip). */
export type UploadStatusResponse = { isValid: boolean; uploaded_parts: UploadedPart[] };

export const AbortMultipartRequest = z.object({ upload_id: uploadId, object_key: objectKey });

/** The query of a local presigned part URL (the S3 adapter's URLs carry S3's own signature). */
export const LocalPartQuery = z.object({
  upload_id: uploadId,
  part_number: z.coerce.number().int().min(1).max(MAX_UPLOAD_PARTS),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
