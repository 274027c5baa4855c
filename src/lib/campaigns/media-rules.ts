// spec 2 §5 "Media files" and the media part of §5 "Creative (editor)": which files a creative
// may carry and what may be done with its list. Pure, shared by the dropzone (checks before
// uploading, from the browser's own probe of the file) and the server (checks again after the
// upload, from the bytes with real parsers: src/server/modules/storage/media-probe.ts).
import type { MediaItem } from '../contracts/setup-process';
import { MAX_MEDIA } from './setup-constants';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
export type MediaType = (typeof IMAGE_TYPES)[number] | (typeof VIDEO_TYPES)[number];

/** spec 2 §5, §9: the limits, in bytes, pixels and seconds. */
export const MEDIA_LIMITS = {
  imageBytes: 31_457_280,
  videoBytes: 1_073_741_824,
  videoSeconds: 14_400,
  story: { width: 1080, height: 1920, minAspect: 0.5, maxAspect: 0.575 },
  reelBytes: 104_857_600,
  reelSeconds: 120,
  /**
   * The longest side any medium may have (the setup's MediaItem contract holds the same bound). No
   * real file of the allowed sizes comes near it; a header claiming more is a forged one, and a
   * setup that stored it would refuse every later save (issue 24 §1).
   */
  maxSide: 100_000,
} as const;

/** What the dropzone offers in the file picker (spec 2 §5: "accepts image/jpeg, image/png, video/*"). */
export const DROPZONE_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'video/*': ['.mp4', '.mov'] } as const;
/** spec 2 §9: below this width the dropzone takes its mobile layout. */
export const DROPZONE_MOBILE_PX = 550;

/** The spec's message codes: common.errors.fileErrors.{code}, and common.errors.fileFormat. */
export const MEDIA_RULE_CODES = [
  'imageSize',
  'imageType',
  'imageResolution',
  'videoSize',
  'videoType',
  'videoDurationFeed',
  'reelStorySize',
  'videoDurationReelStory',
  'videoResolution',
  'fileFormat',
] as const;
export type MediaRuleCode = (typeof MEDIA_RULE_CODES)[number];

export interface MediaProblem {
  code: MediaRuleCode;
  /** The i18n key of the message (namespace common). */
  key: string;
  /** Values for the message: the limit the file broke. */
  values: Record<string, number>;
}

/** 30 MB and 1 GB as the spec's messages show them (binary units, whole numbers where exact). */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
export const gigabytes = (bytes: number) => Math.round((bytes / 1024 / 1024 / 1024) * 10) / 10;

/** The hint under the dropzone: common.errors.imgSize / videoSize with the sizes. */
export const SIZE_HINTS = {
  image: { key: 'common.errors.imgSize', values: { size: megabytes(MEDIA_LIMITS.imageBytes) } },
  video: { key: 'common.errors.videoSize', values: { size: gigabytes(MEDIA_LIMITS.videoBytes) } },
} as const;

/** The limit each rule's message names: the same for the browser's check and the server's refusal. */
const RULE_VALUES: Record<MediaRuleCode, Record<string, number>> = {
  imageSize: { size: megabytes(MEDIA_LIMITS.imageBytes) },
  imageType: {},
  imageResolution: { width: MEDIA_LIMITS.story.width, height: MEDIA_LIMITS.story.height },
  videoSize: { size: gigabytes(MEDIA_LIMITS.videoBytes) },
  videoType: {},
  videoDurationFeed: { hours: MEDIA_LIMITS.videoSeconds / 3600 },
  reelStorySize: { size: megabytes(MEDIA_LIMITS.reelBytes) },
  videoDurationReelStory: { seconds: MEDIA_LIMITS.reelSeconds },
  videoResolution: { width: MEDIA_LIMITS.story.width, height: MEDIA_LIMITS.story.height },
  fileFormat: {},
};

/** The problem of a rule code (the server's refusal names only the code). */
export function mediaProblemFor(code: MediaRuleCode): MediaProblem {
  return { code, key: code === 'fileFormat' ? 'common.errors.fileFormat' : `common.errors.fileErrors.${code}`, values: RULE_VALUES[code] };
}
export const isMediaRuleCode = (code: string | undefined): code is MediaRuleCode => (MEDIA_RULE_CODES as readonly (string | undefined)[]).includes(code);
const problem = mediaProblemFor;

export const isImageType = (type: string): type is (typeof IMAGE_TYPES)[number] => (IMAGE_TYPES as readonly string[]).includes(type);
export const isVideoType = (type: string): type is (typeof VIDEO_TYPES)[number] => (VIDEO_TYPES as readonly string[]).includes(type);
export const isMediaType = (type: string): type is MediaType => isImageType(type) || isVideoType(type);

/**
 * The type a file is treated as: browsers leave `type` empty for some files (a .mov on Linux),
 * so a known extension decides then.
 */
export function mediaTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return ({ jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4', mov: 'video/quicktime' } as Record<string, string>)[ext] ?? '';
}

/** spec 2 §5: another image type is imageType, another video type videoType, anything else fileFormat. */
export function typeProblem(type: string): MediaProblem | null {
  if (isMediaType(type)) return null;
  if (type.startsWith('image/')) return problem('imageType');
  if (type.startsWith('video/')) return problem('videoType');
  return problem('fileFormat');
}

/** Tall portrait (width/height 0.5–0.575, taller than wide): a story or reel. */
export function isStoryFormat(width: number, height: number): boolean {
  if (!(width > 0 && height > width)) return false;
  const aspect = width / height;
  return aspect >= MEDIA_LIMITS.story.minAspect && aspect <= MEDIA_LIMITS.story.maxAspect;
}

export interface MediaFacts {
  type: string;
  size: number;
  /** Unknown until probed (the browser checks type and size before it can read the file). */
  width?: number | null;
  height?: number | null;
  /** Seconds, videos only. */
  duration?: number | null;
}

/**
 * spec 2 §5 Media files: the first rule a file breaks, or null. Type and size first, then (when
 * known) the story/reel limits of tall portrait media, then the feed video duration.
 */
export function mediaProblem(f: MediaFacts): MediaProblem | null {
  const wrongType = typeProblem(f.type);
  if (wrongType) return wrongType;
  const video = isVideoType(f.type);
  if (!video && f.size > MEDIA_LIMITS.imageBytes) return problem('imageSize');
  if (video && f.size > MEDIA_LIMITS.videoBytes) return problem('videoSize');
  const { width, height, duration } = f;
  if ((width ?? 0) > MEDIA_LIMITS.maxSide || (height ?? 0) > MEDIA_LIMITS.maxSide) return problem(video ? 'videoResolution' : 'imageResolution');
  const story = width != null && height != null && isStoryFormat(width, height);
  if (story && (width > MEDIA_LIMITS.story.width || height > MEDIA_LIMITS.story.height)) {
    return problem(video ? 'videoResolution' : 'imageResolution');
  }
  if (!video) return null;
  if (story && f.size > MEDIA_LIMITS.reelBytes) return problem('reelStorySize');
  if (duration != null) {
    if (story && duration > MEDIA_LIMITS.reelSeconds) return problem('videoDurationReelStory');
    if (duration > MEDIA_LIMITS.videoSeconds) return problem('videoDurationFeed');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The list (spec 2 §5 Creative (editor): media)

/** spec 2 §5: at most MAX_MEDIA items; files dropped beyond that are cut. */
export function takeWithinLimit<T>(current: number, incoming: readonly T[], max = MAX_MEDIA): { taken: T[]; cut: number } {
  const room = Math.max(0, max - current);
  return { taken: incoming.slice(0, room), cut: Math.max(0, incoming.length - room) };
}

export interface MediaListState {
  /** Items in the list (every status). */
  items: readonly Pick<MediaItem, 'status'>[];
  published: boolean;
  running: boolean;
}

/** An item that failed or was refused is no media: taking it out never leaves a creative with less. */
const isBroken = (s: MediaItem['status']) => s === 'INVALID' || s === 'UPLOAD_FAILED';

/** spec 2 §5: no adding in a running campaign, nor beyond MAX_MEDIA. */
export const canAddMedia = (s: MediaListState) => !s.running && s.items.length < MAX_MEDIA;

/**
 * spec 2 §5: no removing in a running campaign; no removing what would leave an unpublished
 * campaign without media. A refused or failed file counts as no media, so it can always go
 * (otherwise a single broken file could neither be removed nor replaced in the wizard).
 */
export function canRemoveMedia(s: MediaListState, index: number): boolean {
  if (s.running) return false;
  const item = s.items[index];
  if (!item) return false;
  if (isBroken(item.status)) return true;
  const usable = s.items.filter((m) => !isBroken(m.status)).length;
  return s.published || usable > 1;
}

/**
 * spec 2 §5: replacing is allowed when published, or when a running campaign has one item. A
 * refused or failed file outside a running campaign can be replaced too: that is removing it
 * and adding another, both allowed there.
 */
export function canReplaceMedia(s: MediaListState, index: number): boolean {
  const item = s.items[index];
  if (!item) return false;
  return s.published || (s.running && s.items.length === 1) || (!s.running && isBroken(item.status));
}

/** spec 2 §5: retry only for UPLOAD_FAILED. */
export const canRetryMedia = (item: Pick<MediaItem, 'status'>) => item.status === 'UPLOAD_FAILED';

/** spec 2 §3 wizard state hasPendingMedia: anything not yet a good upload blocks Next. */
export const hasPendingMedia = (items: readonly Pick<MediaItem, 'status'>[]) => items.some((m) => m.status !== 'SUCCESS');

/** spec 2 §5: the media set is valid only if no file is invalid or failed. */
export const mediaSetValid = (items: readonly Pick<MediaItem, 'status'>[]) => !items.some((m) => isBroken(m.status));
