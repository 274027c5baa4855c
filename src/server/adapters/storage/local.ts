// Local-disk object store (the default). Parts arrive through our own presigned URLs
// (src/server/modules/storage/signing.ts) and stream to disk as they come: a part is never held
// in memory whole, so a 1 GB file costs the server about one socket buffer, not a gigabyte.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartRef, ObjectStorage, StoredPart } from './types';

export class PartTooLargeError extends Error {}
export class EmptyPartError extends Error {}

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
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
    await fsp.mkdir(this.partsDir(ref.uploadId), { recursive: true });
    return this.signPartUrl(ref, partNumber, expiresAt, origin);
  }

  /**
   * Streams one part to disk with its MD5 (the etag, as S3 computes it for a part). Written to a
   * temporary name and renamed, so a connection dropped mid-part leaves no half part behind.
   */
  async writePart(uploadId: string, partNumber: number, body: AsyncIterable<Uint8Array> | Readable, maxBytes: number): Promise<StoredPart> {
    const dir = this.partsDir(uploadId);
    await fsp.mkdir(dir, { recursive: true });
    const final = path.join(dir, String(partNumber));
    const temp = `${final}.${process.pid}.${Date.now()}.tmp`;
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new PartTooLargeError(`Part larger than ${maxBytes} bytes`));
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body instanceof Readable ? body : Readable.from(body), count, fs.createWriteStream(temp));
      if (size === 0) throw new EmptyPartError('The part is empty');
      await fsp.rename(temp, final);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    const part = { partNumber, etag: `"${md5.digest('hex')}"`, size };
    // The etag is kept beside the part so listing (resume) does not re-read gigabytes.
    await fsp.writeFile(`${final}.etag`, JSON.stringify(part));
    return part;
  }

  async listParts(ref: MultipartRef): Promise<StoredPart[]> {
    const dir = this.partsDir(ref.uploadId);
    let names: string[];
    try {
      names = await fsp.readdir(dir);
    } catch {
      return [];
    }
    const parts: StoredPart[] = [];
    for (const name of names.filter((n) => /^\d+$/.test(n))) {
      const file = path.join(dir, name);
      const size = (await fsp.stat(file)).size;
      const kept = await fsp.readFile(`${file}.etag`, 'utf8').then((s) => JSON.parse(s) as StoredPart, () => null);
      if (kept && kept.size === size) {
        parts.push(kept);
        continue;
      }
      const md5 = createHash('md5');
      await pipeline(fs.createReadStream(file), md5);
      parts.push({ partNumber: Number(name), etag: `"${md5.digest('hex')}"`, size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async complete(ref: MultipartRef, parts: StoredPart[]): Promise<{ size: number }> {
    const dir = this.partsDir(ref.uploadId);
    const target = this.inside('objects', ref.key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.tmp`;
    const out = fs.createWriteStream(temp);
    let size = 0;
    try {
      for (const part of parts) {
        const file = path.join(dir, String(part.partNumber));
        size += (await fsp.stat(file)).size;
        await pipeline(fs.createReadStream(file), out, { end: false });
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      await fsp.rename(temp, target);
    } catch (err) {
      out.destroy();
      await fsp.rm(temp, { force: true });
      throw err;
    }
    await fsp.rm(dir, { recursive: true, force: true });
    return { size };
  }

  async abort(ref: MultipartRef): Promise<void> {
    await fsp.rm(this.partsDir(ref.uploadId), { recursive: true, force: true });
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const handle = await fsp.open(this.inside('objects', key), 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async open(key: string): Promise<{ body: Readable; size: number }> {
    const file = this.inside('objects', key);
    const { size } = await fsp.stat(file);
    return { body: fs.createReadStream(file), size };
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.inside('objects', key), { force: true });
  }
}
