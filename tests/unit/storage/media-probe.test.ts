// The server's media probe (spec 2 §5 Media files, checked again on the server): real parsers
// over files made in the test, read through ranged reads that are counted.
import { describe, expect, it } from 'vitest';
import { fileTypeFromBuffer } from 'file-type';
import { imageDataStarts, probeImage, probeMedia, probeVideo, UnreadableMediaError } from '../../../src/server/modules/storage/media-probe';
import { jpegHeader, mp4, png } from '../../helpers/media-fixtures';

function readerOf(bytes: Buffer) {
  const reads: { offset: number; length: number }[] = [];
  const read = async (offset: number, length: number) => {
    reads.push({ offset, length });
    return bytes.subarray(offset, offset + length);
  };
  return { read, reads, bytesRead: () => reads.reduce((n, r) => n + Math.min(r.length, Math.max(0, bytes.length - r.offset)), 0) };
}

describe('images', () => {
  it('reads a PNG’s size from its header', async () => {
    const file = png(1081, 1921);
    const r = readerOf(file);
    expect(await probeImage(r.read, file.length)).toEqual({ width: 1081, height: 1921, duration: null });
    expect(r.reads).toHaveLength(1);
  });
  it('reads a JPEG’s frame size even behind 200 KB of metadata, without reading the whole file', async () => {
    const file = Buffer.concat([jpegHeader(1200, 628, 200_000), Buffer.alloc(3_000_000)]);
    expect((await fileTypeFromBuffer(file))?.mime).toBe('image/jpeg');
    const r = readerOf(file);
    expect(await probeImage(r.read, file.length)).toEqual({ width: 1200, height: 628, duration: null });
    expect(r.bytesRead()).toBeLessThan(2 * 1024 * 1024);
  });
  it('refuses a header without pixels: a PNG with no IDAT, a JPEG that ends before its scan (issue 24 §1)', async () => {
    const whole = png(1080, 1080);
    // Signature and IHDR (8 + 25 bytes) and nothing else: the 33-byte "1080×1080 image".
    const headerOnly = whole.subarray(0, 33);
    await expect(probeImage(readerOf(headerOnly).read, headerOnly.length)).rejects.toBeInstanceOf(UnreadableMediaError);
    const noData = Buffer.concat([whole.subarray(0, 33), whole.subarray(whole.length - 12)]); // IHDR then IEND
    await expect(probeImage(readerOf(noData).read, noData.length)).rejects.toBeInstanceOf(UnreadableMediaError);
    const jpeg = jpegHeader(800, 600);
    const noScan = Buffer.concat([jpeg.subarray(0, jpeg.indexOf(Buffer.from([0xff, 0xda]))), Buffer.from([0xff, 0xd9])]);
    await expect(probeImage(readerOf(noScan).read, noScan.length)).rejects.toBeInstanceOf(UnreadableMediaError);
    expect(imageDataStarts(jpeg, jpeg.length)).toBe('found');
  });
  it('finds the pixels of a PNG whose IDAT starts beyond the first read', async () => {
    const whole = png(64, 64);
    // 100 KB of text chunks between the header and the pixels.
    const text = Buffer.alloc(100_000, 0x41);
    const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('tEXt', 'latin1'), text, Buffer.alloc(4)]);
    chunk.writeUInt32BE(text.length, 0);
    const file = Buffer.concat([whole.subarray(0, 33), chunk, whole.subarray(33)]);
    const r = readerOf(file);
    expect(await probeImage(r.read, file.length)).toEqual({ width: 64, height: 64, duration: null });
    expect(r.reads.length).toBeGreaterThan(1);
  });
  it('refuses bytes with no image header', async () => {
    const junk = Buffer.from('89504e470d0a1a0a' + '00'.repeat(20), 'hex');
    await expect(probeImage(readerOf(junk).read, junk.length)).rejects.toBeInstanceOf(UnreadableMediaError);
  });
});

describe('videos', () => {
  it('reads display size and duration of an MP4 with the moov first', async () => {
    const file = mp4({ width: 1920, height: 1080, duration: 95.5 });
    expect((await fileTypeFromBuffer(file))?.mime).toBe('video/mp4');
    expect(await probeMedia('video/mp4', readerOf(file).read, file.length)).toEqual({ width: 1920, height: 1080, duration: 95.5 });
  });
  it('jumps over a large mdat to a moov at the end, reading a small part of the file', async () => {
    const file = mp4({ width: 1080, height: 1920, duration: 121, mdatBytes: 30_000_000, moovAtEnd: true });
    const r = readerOf(file);
    expect(await probeVideo(r.read, file.length)).toEqual({ width: 1080, height: 1920, duration: 121 });
    expect(r.bytesRead()).toBeLessThan(3 * 1024 * 1024);
  });
  it('turns the size of a track rotated by a quarter (a phone video held upright)', async () => {
    const file = mp4({ width: 1920, height: 1080, duration: 10, rotate90: true });
    expect(await probeVideo(readerOf(file).read, file.length)).toMatchObject({ width: 1080, height: 1920 });
  });
  it('reads a QuickTime movie', async () => {
    const file = mp4({ width: 640, height: 360, duration: 14_400.5, brand: 'qt  ' });
    expect((await fileTypeFromBuffer(file))?.mime).toBe('video/quicktime');
    expect(await probeMedia('video/quicktime', readerOf(file).read, file.length)).toEqual({ width: 640, height: 360, duration: 14_400.5 });
  });
  it('refuses a file with no movie header', async () => {
    const ftypOnly = mp4({ width: 640, height: 360, duration: 1 }).subarray(0, 24);
    const file = Buffer.concat([ftypOnly, Buffer.from([0, 0, 0, 16]), Buffer.from('mdat', 'latin1'), Buffer.alloc(8)]);
    await expect(probeVideo(readerOf(file).read, file.length)).rejects.toBeInstanceOf(UnreadableMediaError);
  });
});
