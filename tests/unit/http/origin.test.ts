// The one origin rule of writes (src/server/api/csrf.ts isCrossSiteWrite), used by the API's CSRF
// guard and by the page middleware now that Astro's all-or-nothing checkOrigin is off.
import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from '../../../src/server/api/csrf';
import astroConfig from '../../../astro.config.mjs';

const URL_ = 'http://127.0.0.1:4321/api/v3/auth/logout';
const h = (headers: Record<string, string>) => new Headers(headers);
const api = { strict: false };
const pages = { strict: true };

describe('isCrossSiteWrite', () => {
  it('never refuses safe methods', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS']) {
      expect(isCrossSiteWrite(m, h({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), URL_, pages)).toBe(false);
    }
  });

  it('believes Sec-Fetch-Site first: same-origin and none pass, same-site and cross-site do not', () => {
    expect(isCrossSiteWrite('POST', h({ 'sec-fetch-site': 'same-origin' }), URL_, pages)).toBe(false);
    expect(isCrossSiteWrite('POST', h({ 'sec-fetch-site': 'none' }), URL_, pages)).toBe(false);
    expect(isCrossSiteWrite('POST', h({ 'sec-fetch-site': 'same-site' }), URL_, api)).toBe(true);
    expect(isCrossSiteWrite('DELETE', h({ 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1:4321' }), URL_, api)).toBe(true);
  });

  it('falls back to Origin: our own origin passes, any other (and "null") does not', () => {
    expect(isCrossSiteWrite('POST', h({ origin: 'http://127.0.0.1:4321' }), URL_, pages)).toBe(false);
    expect(isCrossSiteWrite('POST', h({ origin: 'http://127.0.0.1:4322' }), URL_, api)).toBe(true);
    expect(isCrossSiteWrite('POST', h({ origin: 'null' }), URL_, api)).toBe(true);
    expect(isCrossSiteWrite('PUT', h({ origin: 'https://evil.example' }), URL_, api)).toBe(true);
  });

  it('lets an API client that names no origin through (curl, bearer, server-side), but not a page write', () => {
    expect(isCrossSiteWrite('POST', h({}), URL_, api)).toBe(false);
    expect(isCrossSiteWrite('DELETE', h({ 'content-type': 'multipart/form-data; boundary=x' }), URL_, api)).toBe(false);
    expect(isCrossSiteWrite('POST', h({ 'content-type': 'application/x-www-form-urlencoded' }), 'http://127.0.0.1:4321/login', pages)).toBe(true);
  });
});

describe('astro.config.mjs', () => {
  it("turns Astro's own origin check off: our rule decides for pages and API", () => {
    expect(astroConfig.security?.checkOrigin).toBe(false);
  });
});
