// The facts of a stored campaign medium that spec 2 §5's rules need: an image's pixel size and a
// video's display size and duration, read from the bytes with real parsers rather than trusted
// from the browser. Only the parts needed are read, by ranged reads through the object store: an
// image's header (growing only when a JPEG hides its frame header behind large metadata), and a
// video's boxes up to its 'moov' — which may sit after a gigabyte of 'mdat' that is skipped.
import { imageSize } from 'image-size';
import { createFile, Log, MP4BoxBuffer, type Movie } from 'mp4box';
import { isVideoType } from '../../../lib/campaigns/media-rules';

export type RangeReader = (offset: number, length: number) => Promise<Buffer>;
export interface ProbedMedia {
  width: number;
  height: number;
  /** Seconds; null for images. */
  duration: number | null;
}

/** A stored medium whose bytes no parser can read as its type. */
export class UnreadableMediaError extends Error {}

// mp4box logs every box it meets at its default level.
Log.setLogLevel(Log.error);

/** Image header reads: most headers sit in the first 64 KB; EXIF with a thumbnail can push a JPEG's frame header further. */
const IMAGE_READS = [64 * 1024, 1024 * 1024];
/** A video is read in pieces of this size, and no more than MAX_VIDEO_READ bytes in all (a 4 h video's 'moov' is a few MB). */
const VIDEO_CHUNK = 1024 * 1024;
const MAX_VIDEO_READ = 64 * 1024 * 1024;

/** EXIF orientations 5–8 turn the picture a quarter: its displayed width is the stored height. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

export async function probeImage(read: RangeReader, size: number): Promise<ProbedMedia> {
  for (const length of [...IMAGE_READS.filter((n) => n < size), size]) {
    const bytes = await read(0, length);
    let found: ReturnType<typeof imageSize>;
    try {
      found = imageSize(bytes);
    } catch {
      // A header cut off by the read: read more, up to the whole file (at most 30 MB, checked before).
      continue;
    }
    if (!found.width || !found.height) break;
    const data = imageDataStarts(bytes, size);
    if (data === 'none') throw new UnreadableMediaError('The image has a header but no image data');
    if (data === 'further') continue;
    const turned = found.orientation != null && QUARTER_TURNS.has(found.orientation);
    return { width: turned ? found.height : found.width, height: turned ? found.width : found.height, duration: null };
  }
  throw new UnreadableMediaError('No image header found');
}

/**
 * Whether the pixels follow the header (issue 24 §1: a 33-byte PNG of a header alone passed as a
 * 1080×1080 image): a PNG's first IDAT chunk, a JPEG's start of scan, with data after it inside
 * the file. 'further' when the bytes read so far end before it is found.
 */
export function imageDataStarts(bytes: Buffer, size: number): 'found' | 'none' | 'further' {
  const more = bytes.length < size ? 'further' : 'none';
  if (bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG') {
    // Chunks from byte 8: length (4), type (4), data, CRC (4).
    for (let at = 8; at + 8 <= bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      if (type === 'IDAT') return length > 0 && at + 12 + length <= size ? 'found' : 'none';
      if (type === 'IEND') return 'none';
      at += 12 + length;
      if (at > size) return 'none';
    }
    return more;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Segments from byte 2: FF, marker, then a 2-byte length unless the marker stands alone.
    for (let at = 2; at + 4 <= bytes.length; ) {
      if (bytes[at] !== 0xff) return 'none';
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if (marker === 0xd9) return 'none'; // end of image before any scan
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      const length = bytes.readUInt16BE(at + 2);
      if (marker === 0xda) return at + 2 + length < size ? 'found' : 'none';
      at += 2 + length;
      if (at > size) return 'none';
    }
    return more;
  }
  return 'found'; // image-size read another format; the type check refuses it elsewhere
}

/** tkhd's matrix rotates by a quarter turn when its a and d entries are zero (a phone held upright). */
function quarterTurned(matrix: ArrayLike<number> | undefined): boolean {
  return !!matrix && matrix[0] === 0 && matrix[4] === 0 && (matrix[1] !== 0 || matrix[3] !== 0);
}

function factsOf(movie: Movie): ProbedMedia {
  const track = movie.videoTracks[0];
  if (!track) throw new UnreadableMediaError('The video has no video track');
  let width = Math.round(track.track_width || track.video?.width || 0);
  let height = Math.round(track.track_height || track.video?.height || 0);
  if (quarterTurned(track.matrix as ArrayLike<number> | undefined)) [width, height] = [height, width];
  if (!width || !height) throw new UnreadableMediaError('The video track has no size');
  const movieSeconds = movie.timescale ? movie.duration / movie.timescale : 0;
  const fragmentSeconds = movie.fragment_duration?.den ? movie.fragment_duration.num / movie.fragment_duration.den : 0;
  const trackSeconds = Math.max(0, ...movie.tracks.map((t) => (t.timescale ? t.duration / t.timescale : 0)));
  const duration = Math.max(movieSeconds, fragmentSeconds) || trackSeconds;
  return { width, height, duration: Math.round(duration * 1000) / 1000 };
}

/**
 * MP4 and QuickTime (both ISO base media files): mp4box parses the boxes as they arrive and says
 * where it needs the next bytes from, so an 'mdat' before the 'moov' is jumped over, not read.
 */
export async function probeVideo(read: RangeReader, size: number): Promise<ProbedMedia> {
  const file = createFile(false);
  let movie: Movie | null = null;
  let failure: string | null = null;
  file.onReady = (info) => (movie = info);
  file.onError = (_module, message) => (failure = message);
  let position = 0;
  let readSoFar = 0;
  while (!movie && !failure && position < size && readSoFar < MAX_VIDEO_READ) {
    const bytes = await read(position, Math.min(VIDEO_CHUNK, size - position));
    if (!bytes.length) break;
    readSoFar += bytes.length;
    const chunk = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), position);
    let next: number;
    try {
      next = file.appendBuffer(chunk, position + bytes.length >= size);
    } catch (err) {
      throw new UnreadableMediaError(`Not a readable video: ${(err as Error).message}`);
    }
    // mp4box answers where the next bytes should start; it never asks to go back.
    position = next > position ? next : position + bytes.length;
  }
  if (!movie) throw new UnreadableMediaError(failure ?? 'No movie header (moov) found');
  return factsOf(movie);
}

export function probeMedia(contentType: string, read: RangeReader, size: number): Promise<ProbedMedia> {
  return isVideoType(contentType) ? probeVideo(read, size) : probeImage(read, size);
}
