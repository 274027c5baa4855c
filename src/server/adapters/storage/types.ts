// The object store behind multipart uploads: local disk by default, S3 when S3_BUCKET is set.
// Both speak S3's multipart shape (parts numbered from 1, an etag per part) so the browser's
// protocol (spec 1 §7) is the same whichever store holds the bytes.
import type { Readable } from 'node:stream';

export type StoredPart = { partNumber: number; etag: string; size: number };

export type MultipartRef = {
  /** Our upload id (the uploads row). */
  uploadId: string;
  key: string;
  /** The store's own upload id, where it has one (S3). */
  backendUploadId: string | null;
};

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Starts a multipart upload; returns the store's own id, if any. */
  startMultipart(key: string, contentType: string): Promise<{ backendUploadId: string | null }>;
  /** A URL the browser PUTs one part to, valid until `expiresAt`. */
  partUrl(ref: MultipartRef, partNumber: number, expiresAt: Date, origin: string): Promise<string>;
  listParts(ref: MultipartRef): Promise<StoredPart[]>;
  /** Joins the parts (already checked against listParts by the caller) into the object. */
  complete(ref: MultipartRef, parts: StoredPart[]): Promise<{ size: number }>;
  abort(ref: MultipartRef): Promise<void>;
  /** The first `bytes` bytes of a stored object (for the content check). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** Bytes `offset` to `offset + length - 1` of a stored object (fewer at its end): media probes read only the boxes they need. */
  read(key: string, offset: number, length: number): Promise<Buffer>;
  open(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number }>;
  remove(key: string): Promise<void>;
}
