// One campaign medium in the browser (spec 2 §5 Media files, §7 Media upload): what the browser
// can learn of the file before sending it (type, size, and from the decoder the pixel size and
// duration), the spec's rules on those facts, and the multipart upload with X-Upload-Type media
// whose answer carries the server's own reading of the bytes.
import { ApiError } from '../../../../lib/api/client';
import { isMediaRuleCode, isVideoType, mediaProblem, mediaProblemFor, mediaTypeOf, type MediaProblem } from '../../../../lib/campaigns/media-rules';
import type { MediaItem } from '../../../../lib/contracts/setup-process';
import { uploadFile, type UploadSession } from '../../../uploads/multipartUpload';

export interface BrowserFacts {
  width: number | null;
  height: number | null;
  duration: number | null;
}

/** A video's metadata may never come (a codec this browser cannot decode): the server decides then. */
const VIDEO_METADATA_TIMEOUT_MS = 5000;

async function imageFacts(file: File): Promise<BrowserFacts> {
  try {
    // Decodes with the EXIF orientation applied, as the ad platform shows it.
    const bitmap = await createImageBitmap(file);
    const facts = { width: bitmap.width, height: bitmap.height, duration: null };
    bitmap.close();
    return facts;
  } catch {
    return { width: null, height: null, duration: null };
  }
}

function videoFacts(file: File): Promise<BrowserFacts> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (facts: BrowserFacts) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    const timer = setTimeout(() => done({ width: null, height: null, duration: null }), VIDEO_METADATA_TIMEOUT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done({
        width: video.videoWidth || null,
        height: video.videoHeight || null,
        duration: Number.isFinite(video.duration) ? video.duration : null,
      });
    video.onerror = () => done({ width: null, height: null, duration: null });
    video.src = url;
  });
}

/** The browser's check (spec 2 §5: "checked in the browser and again on the server"). */
export async function checkInBrowser(file: File): Promise<{ type: string; facts: BrowserFacts; problem: MediaProblem | null }> {
  const type = mediaTypeOf(file);
  const early = mediaProblem({ type, size: file.size });
  const none = { width: null, height: null, duration: null };
  if (early) return { type, facts: none, problem: early };
  const facts = isVideoType(type) ? await videoFacts(file) : await imageFacts(file);
  return { type, facts, problem: mediaProblem({ type, size: file.size, ...facts }) };
}

/** How an upload ended for the list: a medium, a refusal by a rule (INVALID), or a failure to retry. */
export type UploadOutcome =
  | { kind: 'done'; item: Omit<MediaItem, 'index'> }
  | { kind: 'refused'; problem: MediaProblem }
  | { kind: 'failed'; errorKey: string }
  | { kind: 'cancelled' };

export async function uploadMedium(
  file: File,
  type: string,
  opts: { session?: UploadSession; signal: AbortSignal; onProgress(fraction: number): void; onSession(s: UploadSession): void },
): Promise<UploadOutcome> {
  try {
    const done = await uploadFile(file, type, { category: 'other', uploadType: 'media', ...opts });
    if (!done.media) return { kind: 'failed', errorKey: 'common.errors.inServerResponse' };
    const m = done.media;
    return {
      kind: 'done',
      item: {
        id: m.id,
        name: file.name,
        url: m.url,
        preview: isVideoType(type) ? null : m.url,
        size: done.size,
        type: done.content_type as MediaItem['type'],
        width: m.width,
        height: m.height,
        duration: m.duration,
        status: 'SUCCESS',
      },
    };
  } catch (err) {
    if (!(err instanceof ApiError)) return { kind: 'failed', errorKey: 'common.errors.onUpload' };
    if (err.cancelled) return { kind: 'cancelled' };
    // The server read the bytes and a rule refused them: sending them again changes nothing.
    if (err.code === 'error.media.rejected') return { kind: 'refused', problem: mediaProblemFor(isMediaRuleCode(err.subcode) ? err.subcode : 'fileFormat') };
    if (err.code === 'error.storage.contentMismatch' || err.code === 'error.storage.typeNotAllowed') return { kind: 'refused', problem: mediaProblemFor('fileFormat') };
    return { kind: 'failed', errorKey: err.i18nKey };
  }
}
