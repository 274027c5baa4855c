// S3 object store, chosen when S3_BUCKET is set (ARCHITECTURE.md §5). The browser PUTs parts
// straight to S3 with URLs presigned here; the server only starts, lists, completes and aborts.
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MultipartRef, ObjectStorage, StoredPart } from './types';

export type S3Settings = { bucket: string; region?: string; endpoint?: string; forcePathStyle?: boolean };

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
  ) {
    const cfg: S3ClientConfig = { region: settings.region ?? 'eu-central-1', forcePathStyle: settings.forcePathStyle };
    if (settings.endpoint) cfg.endpoint = settings.endpoint;
    this.client = client ?? new S3Client(cfg);
  }

  private backendId(ref: MultipartRef): string {
    if (!ref.backendUploadId) throw new Error(`Upload ${ref.uploadId} has no S3 upload id`);
    return ref.backendUploadId;
  }

  async startMultipart(key: string, contentType: string): Promise<{ backendUploadId: string }> {
    const out = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.settings.bucket, Key: key, ContentType: contentType }));
    if (!out.UploadId) throw new Error('S3 returned no UploadId');
    return { backendUploadId: out.UploadId };
  }

  async partUrl(ref: MultipartRef, partNumber: number, expiresAt: Date): Promise<string> {
    const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
    const command = new UploadPartCommand({ Bucket: this.settings.bucket, Key: ref.key, UploadId: this.backendId(ref), PartNumber: partNumber });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  async listParts(ref: MultipartRef): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    do {
      const out = await this.client.send(
        new ListPartsCommand({ Bucket: this.settings.bucket, Key: ref.key, UploadId: this.backendId(ref), PartNumberMarker: marker }),
      );
      for (const p of out.Parts ?? []) parts.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 });
      marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  async complete(ref: MultipartRef, parts: StoredPart[]): Promise<{ size: number }> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.settings.bucket,
        Key: ref.key,
        UploadId: this.backendId(ref),
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: ref.key }));
    return { size: head.ContentLength ?? parts.reduce((n, p) => n + p.size, 0) };
  }

  async abort(ref: MultipartRef): Promise<void> {
    await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: ref.key, UploadId: this.backendId(ref) }));
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    return this.read(key, 0, bytes);
  }

  async read(key: string, offset: number, length: number): Promise<Buffer> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }));
    return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
  }

  /** The object, or the inclusive byte range `start`–`end` of it (`size` is always the whole object's). */
  async open(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number }> {
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    // A ranged answer's ContentLength is the range's; ContentRange ends with the whole size.
    const whole = out.ContentRange?.match(/\/(\d+)$/)?.[1];
    return { body: out.Body as Readable, size: whole ? Number(whole) : (out.ContentLength ?? 0) };
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
