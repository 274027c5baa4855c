// Local-disk object store (the default). Parts arrive through our own presigned URLs
// (src/server/modules/storage/signing.ts) and stream to disk as they come: a part is never held
// in memory whole, so a 1 GB file costs the server about one socket buffer, not a gigabyte.
//
// Every part but the last has the protocol's fixed size (spec 1 §7: 20,000,000 bytes), so each
// is written straight to its place in the file being assembled; completing an upload only trims
// and renames it, and no byte is written twice. A part counts as stored once its record (etag
// and size) is written after the last byte; a part cut off mid-way has no record and is sent again.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartRef, ObjectStorage, StoredPart } from './types';

export class PartTooLargeError extends Error {}
export class EmptyPartError extends Error {}
/** A part other than the last is not of the fixed part size, so the file cannot be assembled. */
export class PartLayoutError extends Error {}

const DATA = 'data';
const recordName = (partNumber: number) => `${partNumber}.part.json`;

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    /** The fixed size of every part but the last. */
    private readonly partBytes: number,
    /** Builds the presigned URL of a part (signing lives with the upload rules). */
    private readonly signPartUrl: (ref: MultipartRef, partNumber: number, expiresAt: Date, origin: string) => string,
  ) {}

  /** A path under `dir`, refusing anything that would leave it (keys come from our rows, but be sure). */
  private inside(dir: string, ...segments: string[]): string {
    const base = path.resolve(this.root, dir);
    const full = path.resolve(base, ...segments);
    if (full !== base && !full.startsWith(base + path.sep)) throw new Error(`Storage path escapes ${dir}: ${segments.join('/')}`);
    return full;
  }

  private partsDir(uploadId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new Error('Bad upload id');
    return this.inside('parts', uploadId);
  }

  async startMultipart(): Promise<{ backendUploadId: null }> {
    return { backendUploadId: null };
  }

  async partUrl(ref: MultipartRef, partNumber: number, expiresAt: Date, origin: string): Promise<string> {
    return this.signPartUrl(ref, partNumber, expiresAt, origin);
  }

  /**
   * Streams one part to its place in the file. Its etag names this write of the part, as the
   * browser must quote it back on completion; it is random rather than S3's MD5 because nothing
   * checks content against it (the browser sends no Content-MD5) and hashing cost a third of the
   * upload's CPU (bench/upload.ts).
   */
  async writePart(uploadId: string, partNumber: number, body: AsyncIterable<Uint8Array> | Readable): Promise<StoredPart> {
    const dir = this.partsDir(uploadId);
    await fsp.mkdir(dir, { recursive: true });
    const data = path.join(dir, DATA);
    const record = path.join(dir, recordName(partNumber));
    // A part sent again is not stored until it has arrived whole.
    await fsp.rm(record, { force: true });
    await (await fsp.open(data, 'a')).close();
    const limit = this.partBytes;
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limit) return done(new PartTooLargeError(`Part larger than ${limit} bytes`));
        done(null, chunk);
      },
    });
    const out = fs.createWriteStream(data, { flags: 'r+', start: (partNumber - 1) * limit });
    await pipeline(body instanceof Readable ? body : Readable.from(body), count, out);
    if (size === 0) throw new EmptyPartError('The part is empty');
    const part = { partNumber, etag: `"${randomBytes(16).toString('hex')}"`, size };
    await fsp.writeFile(record, JSON.stringify(part));
    return part;
  }

  async listParts(ref: MultipartRef): Promise<StoredPart[]> {
    const dir = this.partsDir(ref.uploadId);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    const parts: StoredPart[] = [];
    for (const name of names.filter((n) => /^\d+\.part\.json$/.test(n))) {
      const kept = await fsp.readFile(path.join(dir, name), 'utf8').then((s) => JSON.parse(s) as StoredPart, () => null);
      if (kept) parts.push(kept);
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async complete(ref: MultipartRef, parts: StoredPart[]): Promise<{ size: number }> {
    parts.slice(0, -1).forEach((p) => {
      if (p.size !== this.partBytes) throw new PartLayoutError(`Part ${p.partNumber} has ${p.size} bytes; every part but the last must have ${this.partBytes}`);
    });
    const last = parts[parts.length - 1]!;
    const size = (last.partNumber - 1) * this.partBytes + last.size;
    const dir = this.partsDir(ref.uploadId);
    const data = path.join(dir, DATA);
    // A larger part sent earlier under the last number may have left bytes past the end.
    await fsp.truncate(data, size);
    const target = this.inside('objects', ref.key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(data, target);
    await fsp.rm(dir, { recursive: true, force: true });
    return { size };
  }

  async abort(ref: MultipartRef): Promise<void> {
    await fsp.rm(this.partsDir(ref.uploadId), { recursive: true, force: true });
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    return this.read(key, 0, bytes);
  }

  async read(key: string, offset: number, length: number): Promise<Buffer> {
    const handle = await fsp.open(this.inside('objects', key), 'r');
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The object, or the inclusive byte range `start`–`end` of it (`size` is always the whole object's). */
  async open(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number }> {
    const file = this.inside('objects', key);
    const { size } = await fsp.stat(file);
    return { body: fs.createReadStream(file, range), size };
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.inside('objects', key), { force: true });
  }
}
