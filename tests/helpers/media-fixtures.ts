// Small real media files made in the test (no ffmpeg on the machines): PNGs a browser can decode,
// a JPEG header with its frame size, and ISO base media files (MP4, QuickTime) with a movie
// header, one video track and a sample table, the 'moov' before or after the 'mdat'.
import zlib from 'node:zlib';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

// --------------------------------------------------------------------------------------------- PNG

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(zlib.crc32(body))]);
}

/** A valid RGB PNG of one colour (browsers decode it; `image-size` reads its IHDR). */
export function png(width: number, height: number, rgb: [number, number, number] = [40, 90, 160]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// -------------------------------------------------------------------------------------------- JPEG

/**
 * A baseline JPEG's markers: SOI, a JFIF APP0, an APP1 of `exifPadding` bytes (metadata that
 * pushes the frame header back), SOF0 with the size, a start of scan with a few scan bytes, EOI.
 * Enough for type and size detection and the server's "pixels follow the header" check; not an
 * image a browser decodes.
 */
export function jpegHeader(width: number, height: number, exifPadding = 0): Buffer {
  const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16(data.length + 2), data]);
  const app0 = segment(0xe0, Buffer.from('4a46494600010100000100010000', 'hex'));
  const app1s: Buffer[] = [];
  for (let left = exifPadding; left > 0; left -= 65_000) app1s.push(segment(0xe1, Buffer.alloc(Math.min(left, 65_000), 0x20)));
  const sof0 = segment(0xc0, Buffer.concat([Buffer.from([8]), u16(height), u16(width), Buffer.from([3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1])]));
  const sos = segment(0xda, Buffer.from([1, 1, 0x00, 0, 0x3f, 0]));
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, ...app1s, sof0, sos, Buffer.alloc(16, 0x5a), Buffer.from([0xff, 0xd9])]);
}

// --------------------------------------------------------------------------------------------- MP4

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, flags: number, ...content: Buffer[]) => box(type, Buffer.from([version, flags >> 16, (flags >> 8) & 255, flags & 255]), ...content);
/** The 3×3 display matrix, 16.16 fixed point (w column 2.30). */
const matrix = (rotate90: boolean) =>
  Buffer.concat((rotate90 ? [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000] : [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000]).map((n) => u32(n)));

export interface Mp4Options {
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** Bytes of (meaningless) sample data in the 'mdat'. */
  mdatBytes?: number;
  /** The 'moov' after the 'mdat', as cameras write it. */
  moovAtEnd?: boolean;
  /** A phone held upright: the track is stored wide and turned by its matrix. */
  rotate90?: boolean;
  /** 'isom' for MP4, 'qt  ' for QuickTime. */
  brand?: string;
}

export function mp4(o: Mp4Options): Buffer {
  const timescale = 1000;
  const ticks = Math.round(o.duration * timescale);
  const samples = 10;
  const dataBytes = Math.max(samples, o.mdatBytes ?? 1000);
  const ftyp = box('ftyp', Buffer.from((o.brand ?? 'isom').padEnd(4).slice(0, 4), 'latin1'), u32(0x200), Buffer.from('isommp41', 'latin1'));
  const mvhd = fullBox('mvhd', 0, 0, u32(0), u32(0), u32(timescale), u32(ticks), u32(0x10000), u16(0x100), Buffer.alloc(10), matrix(false), Buffer.alloc(24), u32(2));
  const tkhd = fullBox('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(ticks), Buffer.alloc(8), u16(0), u16(0), u16(0), u16(0), matrix(!!o.rotate90), u32(o.width * 0x10000), u32(o.height * 0x10000));
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(ticks), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1'));
  const vmhd = fullBox('vmhd', 0, 1, Buffer.alloc(8));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const visualEntry = box(
    'mp4v',
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(o.width),
    u16(o.height),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18),
    u16(0xffff),
  );
  const stsd = fullBox('stsd', 0, 0, u32(1), visualEntry);
  const stts = fullBox('stts', 0, 0, u32(1), u32(samples), u32(Math.max(1, Math.floor(ticks / samples))));
  const stsc = fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples), u32(1));
  const sampleSize = Math.floor(dataBytes / samples);
  const stsz = fullBox('stsz', 0, 0, u32(sampleSize), u32(samples));
  // The chunk offset points into the mdat; its exact value does not matter to a header probe.
  const stco = fullBox('stco', 0, 0, u32(1), u32(o.moovAtEnd ? ftypLength() + 16 : 0));
  const stbl = box('stbl', stsd, stts, stsc, stsz, stco);
  const moov = box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl))));
  const mdat = box('mdat', Buffer.alloc(dataBytes, 0xab));
  return Buffer.concat(o.moovAtEnd ? [ftyp, mdat, moov] : [ftyp, moov, mdat]);

  function ftypLength() {
    return 8 + 4 + 4 + 8;
  }
}
