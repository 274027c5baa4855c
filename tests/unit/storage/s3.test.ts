// The S3 store speaks S3's multipart calls with the right bucket, key and upload id, paginates
// part listings, and presigns part URLs that S3 will accept (signed query, expiry), all without
// reaching S3: the client's send is stubbed; presigning is local computation.
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  GetObjectCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListPartsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3Storage } from '../../../src/server/adapters/storage/s3';

function stubbedClient(answers: (cmd: unknown) => unknown) {
  const client = new S3Client({ region: 'eu-central-1', credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' } });
  const sent: unknown[] = [];
  client.send = (async (cmd: unknown) => {
    sent.push(cmd);
    return answers(cmd);
  }) as S3Client['send'];
  return { client, sent };
}

const ref = { uploadId: '7d1c4c1e-0000-4000-8000-000000000001', key: 'partner-1001/ticketing/2026-11/x/Programm.pdf', backendUploadId: 's3-upload-1' };

describe('S3Storage', () => {
  it('starts an upload in the bucket with the content type and keeps S3 upload id', async () => {
    const { client, sent } = stubbedClient(() => ({ UploadId: 's3-upload-1' }));
    const store = new S3Storage({ bucket: 'encore-uploads' }, client);
    expect(await store.startMultipart(ref.key, 'application/pdf')).toEqual({ backendUploadId: 's3-upload-1' });
    expect(sent[0]).toBeInstanceOf(CreateMultipartUploadCommand);
    expect((sent[0] as CreateMultipartUploadCommand).input).toEqual({ Bucket: 'encore-uploads', Key: ref.key, ContentType: 'application/pdf' });
  });

  it('presigns a part URL for that bucket, key, part and upload id that expires when asked', async () => {
    const { client } = stubbedClient(() => ({}));
    const store = new S3Storage({ bucket: 'encore-uploads' }, client);
    const url = new URL(await store.partUrl(ref, 3, new Date(Date.now() + 600_000)));
    expect(url.protocol).toBe('https:');
    expect(url.hostname).toBe('encore-uploads.s3.eu-central-1.amazonaws.com');
    expect(decodeURIComponent(url.pathname)).toBe(`/${ref.key}`);
    expect(url.searchParams.get('partNumber')).toBe('3');
    expect(url.searchParams.get('uploadId')).toBe('s3-upload-1');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(590);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists parts across pages and completes with them, reading the size back', async () => {
    const { client, sent } = stubbedClient((cmd) => {
      if (cmd instanceof ListPartsCommand) {
        return cmd.input.PartNumberMarker
          ? { Parts: [{ PartNumber: 2, ETag: '"b"', Size: 5 }], IsTruncated: false }
          : { Parts: [{ PartNumber: 1, ETag: '"a"', Size: 20_000_000 }], IsTruncated: true, NextPartNumberMarker: '1' };
      }
      if (cmd instanceof HeadObjectCommand) return { ContentLength: 20_000_005 };
      return {};
    });
    const store = new S3Storage({ bucket: 'encore-uploads' }, client);
    const parts = await store.listParts(ref);
    expect(parts).toEqual([
      { partNumber: 1, etag: '"a"', size: 20_000_000 },
      { partNumber: 2, etag: '"b"', size: 5 },
    ]);
    expect(await store.complete(ref, parts)).toEqual({ size: 20_000_005 });
    const done = sent.find((c) => c instanceof CompleteMultipartUploadCommand) as CompleteMultipartUploadCommand;
    expect(done.input.MultipartUpload?.Parts).toEqual([
      { PartNumber: 1, ETag: '"a"' },
      { PartNumber: 2, ETag: '"b"' },
    ]);
    expect(done.input.UploadId).toBe('s3-upload-1');
  });

  it('refuses to act on an upload that has no S3 upload id', async () => {
    const { client } = stubbedClient(() => ({}));
    const store = new S3Storage({ bucket: 'b' }, client);
    await expect(store.listParts({ ...ref, backendUploadId: null })).rejects.toThrow(/no S3 upload id/);
  });

  it('reads byte ranges of an object (media probes) and opens a range with the whole size', async () => {
    const { client, sent } = stubbedClient((cmd) => {
      const range = (cmd as GetObjectCommand).input.Range;
      return { Body: Object.assign(Readable.from([Buffer.from('abcd')]), { transformToByteArray: async () => new Uint8Array([1, 2, 3]) }), ContentLength: 4, ContentRange: range ? 'bytes 10-13/5000' : undefined };
    });
    const store = new S3Storage({ bucket: 'encore-uploads' }, client);
    expect([...(await store.read(ref.key, 1_000_000, 3))]).toEqual([1, 2, 3]);
    expect((sent[0] as GetObjectCommand).input).toEqual({ Bucket: 'encore-uploads', Key: ref.key, Range: 'bytes=1000000-1000002' });
    expect((await store.open(ref.key, { start: 10, end: 13 })).size).toBe(5000);
    expect((sent[1] as GetObjectCommand).input.Range).toBe('bytes=10-13');
    expect((await store.open(ref.key)).size).toBe(4);
  });
});
