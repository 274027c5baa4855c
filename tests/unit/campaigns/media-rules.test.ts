// spec 2 §5 Media files and the media list rules, at every boundary.
import { describe, expect, it } from 'vitest';
import {
  canAddMedia,
  canRemoveMedia,
  canReplaceMedia,
  canRetryMedia,
  hasPendingMedia,
  isMediaRuleCode,
  isStoryFormat,
  mediaProblemFor,
  MEDIA_LIMITS,
  mediaProblem,
  mediaSetValid,
  mediaTypeOf,
  SIZE_HINTS,
  takeWithinLimit,
  typeProblem,
} from '../../../src/lib/campaigns/media-rules';
import type { MediaItem } from '../../../src/lib/contracts/setup-process';

const code = (f: Parameters<typeof mediaProblem>[0]) => mediaProblem(f)?.code ?? null;

describe('media types', () => {
  it('accepts jpeg, png, mp4 and quicktime; other images, other videos and anything else have their own message', () => {
    for (const t of ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime']) expect(typeProblem(t)).toBeNull();
    expect(typeProblem('image/gif')?.code).toBe('imageType');
    expect(typeProblem('image/webp')?.key).toBe('common.errors.fileErrors.imageType');
    expect(typeProblem('video/webm')?.code).toBe('videoType');
    expect(typeProblem('application/pdf')).toMatchObject({ code: 'fileFormat', key: 'common.errors.fileFormat' });
    expect(typeProblem('')?.code).toBe('fileFormat');
  });
  it('takes the type from the extension when the browser gives none', () => {
    expect(mediaTypeOf({ name: 'Clip.MOV', type: '' })).toBe('video/quicktime');
    expect(mediaTypeOf({ name: 'a.jpeg', type: '' })).toBe('image/jpeg');
    expect(mediaTypeOf({ name: 'a.gif', type: 'IMAGE/GIF' })).toBe('image/gif');
    expect(mediaTypeOf({ name: 'notes', type: '' })).toBe('');
  });
});

describe('sizes', () => {
  it('allows images up to 31,457,280 bytes and says 30 MB above', () => {
    expect(code({ type: 'image/png', size: 31_457_280 })).toBeNull();
    expect(mediaProblem({ type: 'image/png', size: 31_457_281 })).toEqual({ code: 'imageSize', key: 'common.errors.fileErrors.imageSize', values: { size: 30 } });
    expect(SIZE_HINTS.image.values.size).toBe(30);
  });
  it('allows videos up to 1,073,741,824 bytes and says 1 GB above', () => {
    expect(code({ type: 'video/mp4', size: 1_073_741_824, width: 1920, height: 1080, duration: 60 })).toBeNull();
    expect(mediaProblem({ type: 'video/quicktime', size: 1_073_741_825 })).toMatchObject({ code: 'videoSize', values: { size: 1 } });
    expect(SIZE_HINTS.video.values.size).toBe(1);
  });
});

describe('story and reel format', () => {
  it('is tall portrait with width/height from 0.5 to 0.575', () => {
    expect(isStoryFormat(1080, 1920)).toBe(true); // 0.5625
    expect(isStoryFormat(500, 1000)).toBe(true); // 0.5 exactly
    expect(isStoryFormat(499, 1000)).toBe(false);
    expect(isStoryFormat(575, 1000)).toBe(true); // 0.575 exactly
    expect(isStoryFormat(576, 1000)).toBe(false);
    expect(isStoryFormat(1000, 500)).toBe(false); // wide
    expect(isStoryFormat(0, 0)).toBe(false);
  });
  it('refuses tall images above 1080×1920 with imageResolution, not wide ones', () => {
    expect(code({ type: 'image/jpeg', size: 1000, width: 1080, height: 1920 })).toBeNull();
    expect(mediaProblem({ type: 'image/jpeg', size: 1000, width: 1081, height: 1921 })).toMatchObject({ code: 'imageResolution', values: { width: 1080, height: 1920 } });
    expect(code({ type: 'image/png', size: 1000, width: 1125, height: 2000 })).toBe('imageResolution'); // 0.5625, taller
    expect(code({ type: 'image/png', size: 1000, width: 4000, height: 3000 })).toBeNull();
    expect(code({ type: 'image/png', size: 1000, width: 2000, height: 3000 })).toBeNull(); // 0.667: feed portrait
  });
  it('refuses any side beyond 100,000 px (a forged header; the setup contract would refuse it later)', () => {
    expect(code({ type: 'image/png', size: 91, width: 2_147_483_647, height: 2_147_483_647 })).toBe('imageResolution');
    expect(code({ type: 'image/jpeg', size: 1000, width: 100_001, height: 10 })).toBe('imageResolution');
    expect(code({ type: 'image/jpeg', size: 1000, width: 100_000, height: 10 })).toBeNull();
    expect(code({ type: 'video/mp4', size: 1000, width: 120_000, height: 1080, duration: 5 })).toBe('videoResolution');
  });
  it('refuses tall videos above 1080×1920 with videoResolution', () => {
    expect(code({ type: 'video/mp4', size: 1000, width: 1126, height: 2000, duration: 10 })).toBe('videoResolution');
  });
  it('limits a reel to 104,857,600 bytes and 120 s', () => {
    const reel = { type: 'video/mp4', width: 1080, height: 1920 };
    expect(code({ ...reel, size: MEDIA_LIMITS.reelBytes, duration: 120 })).toBeNull();
    expect(mediaProblem({ ...reel, size: MEDIA_LIMITS.reelBytes + 1, duration: 10 })).toMatchObject({ code: 'reelStorySize', values: { size: 100 } });
    expect(mediaProblem({ ...reel, size: 1000, duration: 120.01 })).toMatchObject({ code: 'videoDurationReelStory', values: { seconds: 120 } });
  });
  it('gives a tall image no reel size limit', () => {
    expect(code({ type: 'image/png', size: MEDIA_LIMITS.reelBytes + 1, width: 1080, height: 1920 })).toBe('imageSize');
    expect(code({ type: 'image/png', size: MEDIA_LIMITS.imageBytes, width: 1080, height: 1920 })).toBeNull();
  });
});

describe('feed video duration', () => {
  it('allows 14,400 s (4 h) and refuses a moment more', () => {
    const feed = { type: 'video/mp4', size: 5000, width: 1920, height: 1080 };
    expect(code({ ...feed, duration: 14_400 })).toBeNull();
    expect(mediaProblem({ ...feed, duration: 14_400.5 })).toMatchObject({ code: 'videoDurationFeed', values: { hours: 4 } });
    // A feed video may be longer than a reel.
    expect(code({ ...feed, duration: 121 })).toBeNull();
  });
  it('checks only what is known (the browser before probing)', () => {
    expect(code({ type: 'video/mp4', size: 5000 })).toBeNull();
    expect(code({ type: 'video/mp4', size: 5000, width: null, height: null, duration: 20_000 })).toBe('videoDurationFeed');
  });
});

describe('rule codes', () => {
  it('give the same message and limit wherever the code comes from (the server refuses by code)', () => {
    expect(mediaProblemFor('reelStorySize')).toEqual(mediaProblem({ type: 'video/mp4', size: MEDIA_LIMITS.reelBytes + 1, width: 1080, height: 1920 }));
    expect(mediaProblemFor('fileFormat').key).toBe('common.errors.fileFormat');
    expect(isMediaRuleCode('videoResolution')).toBe(true);
    expect(isMediaRuleCode('error.storage.contentMismatch')).toBe(false);
  });
});

describe('the media list', () => {
  const items = (...s: MediaItem['status'][]) => s.map((status) => ({ status }));
  const state = (list: { status: MediaItem['status'] }[], published = false, running = false) => ({ items: list, published, running });

  it('cuts files beyond 10 items', () => {
    expect(takeWithinLimit(8, ['a', 'b', 'c', 'd'])).toEqual({ taken: ['a', 'b'], cut: 2 });
    expect(takeWithinLimit(0, ['a'])).toEqual({ taken: ['a'], cut: 0 });
    expect(takeWithinLimit(10, ['a'])).toEqual({ taken: [], cut: 1 });
    expect(takeWithinLimit(12, ['a'])).toEqual({ taken: [], cut: 1 });
  });
  it('adds up to 10 items, never in a running campaign', () => {
    expect(canAddMedia(state(items(...Array(9).fill('SUCCESS'))))).toBe(true);
    expect(canAddMedia(state(items(...Array(10).fill('SUCCESS'))))).toBe(false);
    expect(canAddMedia(state([], true, true))).toBe(false);
    expect(canAddMedia(state([], true, false))).toBe(true);
  });
  it('never removes the last good item of an unpublished campaign, nor anything in a running one', () => {
    expect(canRemoveMedia(state(items('SUCCESS')), 0)).toBe(false);
    expect(canRemoveMedia(state(items('SUCCESS', 'SUCCESS')), 1)).toBe(true);
    expect(canRemoveMedia(state(items('SUCCESS', 'INVALID')), 0)).toBe(false); // the refused one is no media
    expect(canRemoveMedia(state(items('SUCCESS', 'INVALID')), 1)).toBe(true);
    expect(canRemoveMedia(state(items('UPLOAD_FAILED')), 0)).toBe(true);
    expect(canRemoveMedia(state(items('SUCCESS'), true), 0)).toBe(true);
    expect(canRemoveMedia(state(items('SUCCESS', 'SUCCESS'), true, true), 0)).toBe(false);
    expect(canRemoveMedia(state(items('SUCCESS')), 3)).toBe(false);
  });
  it('replaces when published, or in a running campaign with one item, or a broken file outside a running one', () => {
    expect(canReplaceMedia(state(items('SUCCESS'), true), 0)).toBe(true);
    expect(canReplaceMedia(state(items('SUCCESS'), true, true), 0)).toBe(true);
    expect(canReplaceMedia(state(items('SUCCESS'), false, true), 0)).toBe(true);
    expect(canReplaceMedia(state(items('SUCCESS', 'SUCCESS'), false, true), 0)).toBe(false);
    expect(canReplaceMedia(state(items('SUCCESS', 'SUCCESS')), 0)).toBe(false);
    expect(canReplaceMedia(state(items('SUCCESS', 'INVALID')), 1)).toBe(true);
    expect(canReplaceMedia(state(items('INVALID', 'SUCCESS'), false, true), 0)).toBe(false);
  });
  it('retries only failed uploads; anything not a good upload is pending; invalid or failed files make the set invalid', () => {
    expect(canRetryMedia({ status: 'UPLOAD_FAILED' })).toBe(true);
    expect(canRetryMedia({ status: 'INVALID' })).toBe(false);
    expect(hasPendingMedia(items('SUCCESS', 'UPLOADING'))).toBe(true);
    expect(hasPendingMedia(items('SUCCESS', 'NEW'))).toBe(true);
    expect(hasPendingMedia(items('SUCCESS'))).toBe(false);
    expect(mediaSetValid(items('SUCCESS', 'UPLOADING'))).toBe(true);
    expect(mediaSetValid(items('SUCCESS', 'INVALID'))).toBe(false);
    expect(mediaSetValid(items('UPLOAD_FAILED'))).toBe(false);
  });
});
