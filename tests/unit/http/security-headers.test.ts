// Security headers and caching of what the console renders (src/server/http/security-headers.ts):
// pages are no-store like the API, a response's own caching stays, hashed assets stay immutable.
import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, cacheControlFor } from '../../../src/server/http/security-headers';

const page = (headers: Record<string, string> = {}) => new Response('<html></html>', { headers: { 'Content-Type': 'text/html', ...headers } });

describe('cacheControlFor', () => {
  it('is no-store for pages, public or signed in', () => {
    for (const path of ['/', '/events', '/events/e1001-00001', '/login', '/settings', '/404']) expect(cacheControlFor(path, null), path).toBe('no-store');
  });
  it('leaves hashed assets and responses with their own caching alone', () => {
    expect(cacheControlFor('/_astro/client.B1x2.js', null)).toBeNull();
    expect(cacheControlFor('/_astro/client.B1x2.js', 'public, max-age=31536000, immutable')).toBeNull();
    expect(cacheControlFor('/downloads/sales_template.xlsx', 'private, max-age=3600')).toBeNull();
  });
});

describe('applySecurityHeaders', () => {
  it('sends Cache-Control: no-store with the other headers on a page', () => {
    const res = applySecurityHeaders(page(), new URL('http://127.0.0.1/events'));
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });
  it('keeps an immutable asset immutable and a chosen caching as chosen', () => {
    const asset = applySecurityHeaders(new Response('x', { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } }), new URL('http://127.0.0.1/_astro/a.js'));
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const template = applySecurityHeaders(page({ 'Cache-Control': 'private, max-age=3600' }), new URL('http://127.0.0.1/downloads/sales_template.xlsx'));
    expect(template.headers.get('Cache-Control')).toBe('private, max-age=3600');
  });
  it('sets no-store on a redirect of the guard', () => {
    const res = applySecurityHeaders(new Response(null, { status: 302, headers: { Location: '/login' } }), new URL('http://127.0.0.1/events'));
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
