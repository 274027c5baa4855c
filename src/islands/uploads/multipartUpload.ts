// One file's multipart upload (spec 1 §4.2, §7): cut into 20,000,000-byte parts, presigned a
// few at a time (URLs expire), sent three at once, then completed. A failed upload keeps its
// session; retrying asks the server whether it is still valid and sends only the missing parts,
// otherwise it starts again.
import type { CompleteMultipartResponse, FileCategory, UploadType } from '../../lib/contracts/storage';
import { UPLOAD_PART_BYTES, UPLOAD_TYPES_BY_EXTENSION } from '../../lib/contracts/storage';
import {
  completeMultipartUpload,
  multipartUploadStatus,
  presignParts,
  putPart,
  startMultipartUpload,
  type UploadRef,
} from '../../lib/api/storage';
import { ApiError } from '../../lib/api/client';

/** What survives a failure so a retry can resume: the upload and the etags of stored parts. */
export type UploadSession = UploadRef & { totalParts: number; etags: Record<number, string> };

const PARTS_PER_PRESIGN = 12;
const PARALLEL_PARTS = 3;

export const partCount = (size: number) => Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES));

function partBlob(file: Blob, partNumber: number): Blob {
  const start = (partNumber - 1) * UPLOAD_PART_BYTES;
  return file.slice(start, Math.min(start + UPLOAD_PART_BYTES, file.size));
}

/** Runs `work` over `items`, at most `limit` at a time; the first failure stops the rest. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** The calls between parts are not abortable themselves; a cancel is noticed after each. */
function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new ApiError(null, 'cancelled', 'Upload cancelled', true);
}

async function resumable(session: UploadSession | undefined): Promise<UploadSession | undefined> {
  if (!session) return undefined;
  const status = await multipartUploadStatus(session, session.totalParts);
  if (!status.isValid) return undefined;
  const etags: Record<number, string> = {};
  for (const p of status.uploaded_parts) etags[p.part_number] = p.etag;
  return { ...session, etags };
}

export interface UploadOptions {
  category: FileCategory;
  /** X-Upload-Type: `media` for campaign media (spec 2 §7), checked by the server as such. */
  uploadType?: UploadType;
  /** The session of an earlier, failed attempt. */
  session?: UploadSession;
  signal: AbortSignal;
  /** Fraction 0..1 of the file's bytes stored. */
  onProgress: (fraction: number) => void;
  /** Called whenever the session changes, so the caller can keep it for a retry or an abort. */
  onSession: (session: UploadSession) => void;
}

export async function uploadFile(file: File, contentType: string, opts: UploadOptions): Promise<CompleteMultipartResponse> {
  let session = await resumable(opts.session);
  if (!session) {
    const ref = await startMultipartUpload({ name: file.name, type: contentType }, opts.category, opts.uploadType);
    session = { ...ref, totalParts: partCount(file.size), etags: {} };
  }
  opts.onSession(session);
  throwIfCancelled(opts.signal);
  const current = session;
  const sizeOf = (n: number) => partBlob(file, n).size;
  const inFlight = new Map<number, number>();
  let storedBytes = Object.keys(current.etags).reduce((sum, n) => sum + sizeOf(Number(n)), 0);
  const report = () => opts.onProgress(file.size === 0 ? 1 : Math.min(1, (storedBytes + [...inFlight.values()].reduce((a, b) => a + b, 0)) / file.size));
  report();

  const missing = Array.from({ length: current.totalParts }, (_, i) => i + 1).filter((n) => !current.etags[n]);
  for (let i = 0; i < missing.length; i += PARTS_PER_PRESIGN) {
    const batch = missing.slice(i, i + PARTS_PER_PRESIGN);
    const { presigned_urls } = await presignParts(current, batch[0]!, batch[batch.length - 1]!, current.totalParts - missing.length + i);
    throwIfCancelled(opts.signal);
    await inParallel(batch, PARALLEL_PARTS, async (n) => {
      const etag = await putPart(presigned_urls[String(n)]!, partBlob(file, n), (sent) => {
        inFlight.set(n, sent);
        report();
      }, opts.signal);
      inFlight.delete(n);
      storedBytes += sizeOf(n);
      current.etags[n] = etag;
      opts.onSession({ ...current });
      report();
    });
  }
  throwIfCancelled(opts.signal);
  const parts = Object.entries(current.etags).map(([n, etag]) => ({ part_number: Number(n), etag }));
  return completeMultipartUpload(current, parts);
}

/** The type to declare: the extension's when known (browsers disagree on csv), else the browser's. */
export function contentTypeOf(file: { name: string; type: string }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return UPLOAD_TYPES_BY_EXTENSION[ext] ?? (Object.values(UPLOAD_TYPES_BY_EXTENSION).includes(file.type) ? file.type : null);
}

export const ACCEPTED_EXTENSIONS = Object.keys(UPLOAD_TYPES_BY_EXTENSION).map((e) => `.${e}`);
