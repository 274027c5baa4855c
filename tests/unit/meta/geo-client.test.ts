// The browser's geo lookups go to the paths and methods the API serves (spec 2 §7), with bodies
// and queries its contracts accept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSuggestedRadius, matchZipCodes, searchLocations } from '../../../src/lib/api/fbTargeting';
import { ApiError } from '../../../src/lib/api/client';
import { LocationSearchBody, SuggestedRadiusQuery, ZipCodeMatchingBody } from '../../../src/lib/contracts/fb-targeting';

const seen: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
let answer: () => Response = () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  seen.length = 0;
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://console.test') : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    seen.push({ method: input.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : undefined });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('geo lookup client', () => {
  it('posts comma-joined postal codes of one country', async () => {
    await matchZipCodes('GB', ['SW1A 1AA', 'm9']);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/v3/fb_targeting/zip_code_matching', body: { country_code: 'GB', zips: 'SW1A 1AA,m9' } });
    expect(ZipCodeMatchingBody.safeParse(seen[0]!.body).success).toBe(true);
  });

  it('posts a search with empty location_types unless types are given', async () => {
    await searchLocations({ q: 'Münch' });
    await searchLocations({ q: 'Wien', location_types: ['city'], country_code: 'AT' });
    expect(seen.map((s) => [s.method, s.path])).toEqual([['POST', '/api/v3/fb_targeting/search'], ['POST', '/api/v3/fb_targeting/search']]);
    expect(seen[0]!.body).toEqual({ q: 'Münch', location_types: [] });
    expect(seen[1]!.body).toEqual({ q: 'Wien', location_types: ['city'], country_code: 'AT' });
    for (const s of seen) expect(LocationSearchBody.safeParse(s.body).success).toBe(true);
  });

  it('sends the radius location as JSON in the query', async () => {
    await getSuggestedRadius({ country: 'DE', name: 'Frankfurt (Oder)', key: '2925535' }, 'mile');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/v3/fb_targeting/suggested_radius', query: { distance_unit: 'mile' } });
    const q = SuggestedRadiusQuery.parse(seen[0]!.query);
    expect(q.location).toEqual({ country: 'DE', name: 'Frankfurt (Oder)', key: '2925535' });
  });

  it("turns the radius call's 404 into an ApiError with its code", async () => {
    answer = () => new Response(JSON.stringify({ message: 'No place', error_code: 'error.fb_targeting.location_not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const err = await getSuggestedRadius({ country: 'CH', name: 'Nowhere' }, 'kilometer').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('error.fb_targeting.location_not_found');
  });
});
