// The wizard's creative → the adapter's preview request (src/server/modules/ad-previews/creative-spec.ts).
import { describe, expect, it } from 'vitest';
import { absoluteMediaUrl, mediaRef, picksOf, previewCreativeSpec } from '../../../../src/server/modules/ad-previews/creative-spec';
import type { Creative, MediaItem } from '../../../../src/lib/contracts/setup-process';
import { AppError } from '../../../../src/server/lib/errors';

const item = (over: Partial<MediaItem> = {}): MediaItem => ({
  id: '00000000-0000-4000-8000-000000000001', index: 0, name: 'a.jpg', url: '/media/a.jpg', preview: null, size: 1, type: 'image/jpeg', width: 1080, height: 1080, duration: null, status: 'SUCCESS', ...over,
});
const creative = (over: Partial<Creative> = {}): Creative => ({
  tc: 1, tc_run_id: 1, headline: ['', 'H1', ' H2 '], body: ['B1'], media: [item(), item({ index: 1 })], destination_url: ['https://t.example', ''], call_to_action: null,
  description: '  ', language: 'en', excluded_variations: [], audience_id: null, destination_url_inherited: false, ...over,
});

describe('absoluteMediaUrl', () => {
  it('makes same-origin paths absolute and drops anything that is not http(s)', () => {
    expect(absoluteMediaUrl('/media/a.jpg', 'https://app.example')).toBe('https://app.example/media/a.jpg');
    expect(absoluteMediaUrl('https://cdn.example/a.jpg', 'https://app.example')).toBe('https://cdn.example/a.jpg');
    for (const bad of ['//evil.example/a.jpg', 'javascript:alert(1)', 'a.jpg', '', null]) expect(absoluteMediaUrl(bad, 'https://app.example')).toBe('');
  });
});

describe('previewCreativeSpec', () => {
  it('strips blanks, so codes count filled entries, and defaults a missing call to action', () => {
    const c = creative();
    const spec = previewCreativeSpec(c, { pageId: '1', instagramAccountId: null }, c.media.map((m) => mediaRef(m, 'https://app.example', '')));
    expect(spec.headlines).toEqual(['H1', 'H2']);
    expect(spec.destinationUrls).toEqual(['https://t.example']);
    expect(spec.callToAction).toBe('LEARN_MORE');
    expect(spec.description).toBeNull();
    expect(spec.media[0]).toEqual({ type: 'image', url: 'https://app.example/media/a.jpg' });
  });

  it("shows a video by Meta's copy and its poster", () => {
    expect(mediaRef(item({ type: 'video/mp4', preview: '/media/p.jpg' }), 'https://app.example', '42')).toEqual({ type: 'video', videoId: '42', thumbnailUrl: 'https://app.example/media/p.jpg' });
  });
});

describe('picksOf', () => {
  it('defaults to the first variations and keeps asked codes in order without repeats', () => {
    expect(picksOf(creative(), undefined, 3).map((v) => `${v.headline}${v.body}${v.media}${v.url}`)).toEqual(['1111', '1121', '2111']);
    expect(picksOf(creative(), ['2121', '1111', '2121'], 12)).toEqual([{ headline: 2, body: 1, media: 2, url: 1 }, { headline: 1, body: 1, media: 1, url: 1 }]);
  });

  it('refuses codes the creative has not (blank entries do not count) and more than the page size', () => {
    for (const code of ['3111', '1211', '1131', '1112', 'x111', '11011']) {
      expect(() => picksOf(creative(), [code], 12), code).toThrow(AppError);
    }
    expect(() => picksOf(creative(), ['1111', '1121', '2111'], 2)).toThrow(/At most 2/);
  });
});
