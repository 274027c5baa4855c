// Budgets of issue 14 for campaign media: the server's check of a finished media upload reads
// only the parts it needs (a video's boxes up to its 'moov', which cameras write after a
// gigabyte of 'mdat'; an image's header), so it costs milliseconds and a few MB of reads whatever
// the file's size; and the dropzone's code is loaded only when the field is first used.
// Usage: npx tsx bench/media-probe.ts [--write]   (run `npm run build` first for the chunk figures)
// The files are sparse on local disk (the adapter's real ranged reads), made here, removed after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { localStorageAt } from '../src/server/adapters/storage';
import { probeMedia } from '../src/server/modules/storage/media-probe';
import { jpegHeader, mp4, png } from '../tests/helpers/media-fixtures';
import { markdownTable, writePerformanceBlock } from './lib';

const GB = 1_000_000_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-media-bench-'));
const store = localStorageAt(root);
const objects = path.join(root, 'objects');
fs.mkdirSync(objects, { recursive: true });

/** A 1 GB MP4 whose 'moov' comes after the 'mdat' (sparse: the mdat is a hole). */
function bigVideo(name: string, moovAtEnd: boolean): number {
  const small = mp4({ width: 1920, height: 1080, duration: 3600, mdatBytes: 16, moovAtEnd: true });
  const ftyp = small.subarray(0, 24);
  const moov = small.subarray(24 + 8 + 16);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + GB);
  mdatHeader.write('mdat', 4, 'latin1');
  const file = path.join(objects, name);
  const fd = fs.openSync(file, 'w');
  if (moovAtEnd) {
    fs.writeSync(fd, Buffer.concat([ftyp, mdatHeader]), 0, 32, 0);
    fs.writeSync(fd, moov, 0, moov.length, 32 + GB);
  } else {
    fs.writeSync(fd, Buffer.concat([ftyp, moov, mdatHeader]), 0, 24 + moov.length + 8, 0);
    fs.ftruncateSync(fd, 24 + moov.length + 8 + GB);
  }
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

function put(name: string, bytes: Buffer, padTo?: number): number {
  const file = path.join(objects, name);
  fs.writeFileSync(file, bytes);
  if (padTo) fs.truncateSync(file, padTo);
  return fs.statSync(file).size;
}

async function measure(name: string, type: string, size: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 7; i++) {
    bytes = 0;
    const read = async (offset: number, length: number) => {
      const b = await store.read(name, offset, length);
      bytes += b.length;
      return b;
    };
    const t0 = performance.now();
    await probeMedia(type, read, size);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), bytes };
}

/** gzip size of the JS the dropzone adds when first used: its chunk closure minus what the drawer already loaded. */
function lazyChunkBytes(): string {
  const dir = 'dist/client/_astro';
  if (!fs.existsSync(dir)) return 'not built';
  const files = fs.readdirSync(dir);
  const find = (prefix: string) => files.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  const closure = (start: string) => {
    const seen = new Set<string>();
    const walk = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      // Static imports only: dynamic ones load later, on their own use.
      for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/(?:import|export)[^"'`]*?from\s*["']\.\/([^"']+\.js)["']|import\s*["']\.\/([^"']+\.js)["']/g)) walk(m[1] ?? m[2]!);
    };
    walk(start);
    return seen;
  };
  const dropzone = find('MediaDropzone.');
  const drawer = find('Recommendations.');
  if (!dropzone || !drawer) return 'chunks not found';
  const before = closure(drawer);
  const extra = [...closure(dropzone)].filter((f) => !before.has(f));
  const gz = extra.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length, 0);
  return `${(gz / 1024).toFixed(1)} KB gzip in ${extra.length} chunks`;
}

try {
  const moovEnd = await measure('end.mp4', 'video/mp4', bigVideo('end.mp4', true));
  const moovFirst = await measure('first.mp4', 'video/mp4', bigVideo('first.mp4', false));
  const jpeg = await measure('photo.jpg', 'image/jpeg', put('photo.jpg', jpegHeader(6000, 4000, 200_000), 30 * 1024 * 1024));
  const image = await measure('poster.png', 'image/png', put('poster.png', png(1080, 1920)));
  const table = markdownTable([
    ['Probe of a 1 GB MP4, moov after the mdat (median of 7; bytes read)', '< 100 ms, < 4 MB', `${ms(moovEnd.ms)}, ${mb(moovEnd.bytes)}`],
    ['Probe of a 1 GB MP4, moov first (median of 7; bytes read)', '< 100 ms, < 4 MB', `${ms(moovFirst.ms)}, ${mb(moovFirst.bytes)}`],
    ['Probe of a 30 MB JPEG with 200 KB of EXIF before its frame header (median of 7; bytes read)', '< 50 ms, < 2 MB', `${ms(jpeg.ms)}, ${mb(jpeg.bytes)}`],
    ['Probe of a 1080×1920 PNG (median of 7; bytes read)', '< 50 ms, < 1 MB', `${ms(image.ms)}, ${mb(image.bytes)}`],
    ['JavaScript the media dropzone adds on first use (loaded lazily, not part of the wizard page)', '—', lazyChunkBytes()],
  ]);
  console.log(table);
  if (process.argv.includes('--write')) writePerformanceBlock('media-probe', table, '`npm run build && npx tsx bench/media-probe.ts --write`');
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
