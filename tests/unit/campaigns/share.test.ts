import { describe, expect, it } from 'vitest';
import { SHARE_PLATFORMS, shareHref, shareableUrls, withUtm } from '../../../src/lib/campaigns/share';

describe('withUtm (spec 2 §7 Share)', () => {
  it('adds utm_source and utm_campaign, keeping the other parameters and the fragment', () => {
    expect(withUtm('https://tickets.example.org/concert?seat=A#top', 'telegram', 'e1001-42')).toBe('https://tickets.example.org/concert?seat=A&utm_source=telegram&utm_campaign=e1001-42#top');
  });
  it('replaces utm values the partner’s URL already had', () => {
    const out = new URL(withUtm('https://x.example/?utm_source=newsletter&utm_campaign=old', 'facebook', 'e7')!);
    expect(out.searchParams.getAll('utm_source')).toEqual(['facebook']);
    expect(out.searchParams.getAll('utm_campaign')).toEqual(['e7']);
  });
  it('encodes an event id with reserved characters', () => {
    expect(withUtm('https://x.example/', 'linkedin', 'a&b=c')).toBe('https://x.example/?utm_source=linkedin&utm_campaign=a%26b%3Dc');
  });
  it('refuses what is not an http(s) URL', () => {
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', 'not a url', '', 'ftp://x.example/']) expect(withUtm(bad, 'facebook', 'e1')).toBeNull();
  });
});

describe('shareHref', () => {
  const link = 'https://x.example/a?utm_source=p&utm_campaign=e1';
  it('points every platform at its own share page with the link encoded once', () => {
    const hosts = SHARE_PLATFORMS.map((p) => new URL(shareHref(p, link, 'Tonight!')).hostname);
    expect(hosts).toEqual(['www.facebook.com', 'twitter.com', 'www.linkedin.com', 't.me', 'wa.me']);
    expect(new URL(shareHref('facebook', link, '')).searchParams.get('u')).toBe(link);
    expect(new URL(shareHref('twitter', link, 'Tonight!')).searchParams.get('text')).toBe('Tonight!');
    expect(new URL(shareHref('telegram', link, 'Tonight!')).searchParams.get('url')).toBe(link);
    expect(new URL(shareHref('linkedin', link, 'ignored')).searchParams.get('url')).toBe(link);
  });
  it('WhatsApp carries the text and then the link in its one field; an empty text is left out', () => {
    expect(new URL(shareHref('whatsapp', link, ' Tonight! ')).searchParams.get('text')).toBe(`Tonight! ${link}`);
    expect(new URL(shareHref('whatsapp', link, '  ')).searchParams.get('text')).toBe(link);
    expect(new URL(shareHref('twitter', link, '   ')).searchParams.has('text')).toBe(false);
  });
});

describe('shareableUrls', () => {
  it('keeps filled http(s) URLs once each, in order', () => {
    expect(shareableUrls(['', ' https://a.example/ ', 'https://b.example/', 'https://a.example/', 'javascript:x'])).toEqual(['https://a.example/', 'https://b.example/']);
  });
});
