// The sandbox's own ad previews (src/server/adapters/meta/sandbox-previews.ts): each placement's
// layout from the creative, every user text escaped, only safe addresses in attributes, a CSP of
// the document's own, and Meta's iframe address picked out of a generatepreviews answer.
import { describe, expect, it } from 'vitest';
import { PREVIEW_CSP, renderPreview, safeUrl } from '../../../src/server/adapters/meta/sandbox-previews';
import type { CreativeSpec, PreviewPlacement } from '../../../src/server/adapters/meta/types';
import { metaIframeSrc } from '../../../src/server/modules/ad-previews/iframe-src';

const page = { pageName: 'Konzerthaus "Süd" <Bühne>', profilePictureUrl: 'https://scontent.example/p.jpg' };
const spec = (over: Partial<CreativeSpec> = {}): CreativeSpec => ({
  pageId: '1',
  headlines: ['Beethoven tonight', 'Second headline'],
  bodies: ['The Ninth, live.'],
  media: [{ type: 'image', url: 'https://cdn.example/a.jpg' }, { type: 'video', videoId: '9', thumbnailUrl: 'https://cdn.example/poster.jpg' }],
  destinationUrls: ['https://www.tickets.example/ninth?x=1&y=2'],
  callToAction: 'BUY_TICKETS',
  description: 'Konzerthaus, 20:00',
  ...over,
});
const pick = { headline: 1, body: 1, media: 1, url: 1 };
const ALL: PreviewPlacement[] = ['facebook_feed_desktop', 'facebook_feed_mobile', 'instagram_feed', 'instagram_reels'];

/** The markup with text contents removed: what a browser would treat as tags and attributes. */
const tags = (html: string) => html.match(/<[^>]+>/g) ?? [];

describe('renderPreview', () => {
  it('shows the page, body, media, headline, description, domain and CTA on Facebook', () => {
    const html = renderPreview('facebook_feed_desktop', spec(), page, { ...pick, headline: 2 });
    expect(html).toContain('Konzerthaus &quot;Süd&quot; &lt;Bühne&gt;');
    expect(html).toContain('src="https://scontent.example/p.jpg"');
    expect(html).toContain('The Ninth, live.');
    expect(html).toContain('src="https://cdn.example/a.jpg"');
    expect(html).toContain('Second headline');
    expect(html).not.toContain('Beethoven tonight');
    expect(html).toContain('Konzerthaus, 20:00');
    expect(html).toContain('TICKETS.EXAMPLE');
    expect(html).toContain('Buy tickets');
  });

  it('speaks the interface language around the ad: German chrome for a German user, English by default', () => {
    for (const placement of ALL) {
      const de = renderPreview(placement, spec(), page, pick, 'de');
      expect(de).toContain('lang="de"');
      expect(de).toContain('Gesponsert');
      expect(de).toContain('Tickets kaufen');
      expect(de).toContain('Sandbox-Vorschau');
      expect(de).not.toMatch(/Sponsored|Buy tickets|Sandbox preview/);
      const en = renderPreview(placement, spec(), page, pick);
      expect(en).toContain('Sponsored');
      expect(en).not.toContain('Gesponsert');
    }
    expect(renderPreview('facebook_feed_desktop', spec(), page, pick, 'de')).toContain('Gefällt mir');
  });

  it('shows a video by its poster with a play mark, in each layout', () => {
    for (const placement of ALL) {
      const html = renderPreview(placement, spec(), page, { ...pick, media: 2 });
      expect(html, placement).toContain('src="https://cdn.example/poster.jpg"');
      expect(html, placement).toContain('class="play"');
    }
  });

  it('lays out each placement in its own shape (Instagram without the link headline)', () => {
    const by = Object.fromEntries(ALL.map((p) => [p, renderPreview(p, spec(), page, pick)]));
    expect(by.facebook_feed_desktop).toContain('class="media wide"');
    expect(by.facebook_feed_mobile).toContain('class="fb fb-mobile"');
    expect(by.instagram_feed).toContain('class="media square"');
    expect(by.instagram_feed).not.toContain('Beethoven tonight');
    expect(by.instagram_reels).toContain('class="media tall"');
    expect(new Set(Object.values(by)).size).toBe(4);
  });

  it('escapes scripts, quotes and markup in every text and keeps RTL and emoji readable', () => {
    const hostile = spec({
      headlines: ['<script>alert(1)</script>'],
      bodies: ['"><img src=x onerror=alert(1)> שלום עולם 🎉\'s'],
      description: "</strong><a href='javascript:alert(1)'>x</a>",
      callToAction: 'LEARN_MORE',
    });
    const evilPage = { pageName: '<svg onload=alert(1)>', profilePictureUrl: 'javascript:alert(1)' };
    for (const placement of ALL) {
      const html = renderPreview(placement, hostile, evilPage, pick);
      for (const tag of tags(html)) {
        expect(tag, placement).not.toMatch(/^<(script|a\b|img src=x)/i);
        // The only SVG elements are the layout's own icons.
        expect(tag, placement).not.toMatch(/^<svg(?! class="icon")/i);
        expect(tag, placement).not.toMatch(/\son\w+=/i);
        expect(tag, placement).not.toMatch(/javascript:/i);
      }
      expect(html).toContain('שלום עולם 🎉&#39;s');
      expect(html).toContain('&lt;svg onload=alert(1)&gt;');
      expect(html).toMatch(/dir="auto">&quot;&gt;&lt;img src=x/);
    }
  });

  it('carries its own CSP and the same-origin stylesheet, and no inline style or script', () => {
    const html = renderPreview('instagram_reels', spec(), page, pick);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`);
    expect(PREVIEW_CSP).toMatch(/default-src 'none'/);
    expect(PREVIEW_CSP).not.toMatch(/script-src|unsafe/);
    expect(html).toContain('<link rel="stylesheet" href="/ad-previews/preview.css">');
    expect(html).not.toMatch(/\sstyle=|<style|<script/i);
  });
});

describe('safeUrl', () => {
  it('lets through http(s) and inline images only', () => {
    expect(safeUrl('https://cdn.example/a.jpg?x=1&y=2')).toBe('https://cdn.example/a.jpg?x=1&amp;y=2');
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const bad of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', '//evil.example/x.jpg', 'https://x.example/a.jpg" onerror="alert(1)', '/relative.jpg']) {
      expect(safeUrl(bad), bad).toBe('');
    }
  });
});

describe('metaIframeSrc', () => {
  it("takes the https facebook.com address out of Meta's iframe tag", () => {
    expect(metaIframeSrc('<iframe src="https://www.facebook.com/ads/api/preview_iframe.php?d=AQ&amp;t=AQ" width="540" height="690" scrolling="yes" style="border: none;"></iframe>')).toBe(
      'https://www.facebook.com/ads/api/preview_iframe.php?d=AQ&t=AQ',
    );
  });

  it('refuses other hosts, schemes and markup without an iframe', () => {
    for (const html of [
      '<iframe src="https://evil.example/ads"></iframe>',
      '<iframe src="https://facebook.com.evil.example/x"></iframe>',
      '<iframe src="http://www.facebook.com/x"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<div>no frame</div>',
    ]) {
      expect(metaIframeSrc(html), html).toBeNull();
    }
  });
});
