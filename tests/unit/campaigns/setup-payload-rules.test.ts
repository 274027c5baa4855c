// The shared setup rules of spec 2 §3 and §5 (src/lib/campaigns/setup-rules.ts), which the wizard
// shows and the server enforces.
import { describe, expect, it } from 'vitest';
import {
  clampAgeRange,
  clampRadius,
  counterBand,
  creativeProblems,
  expandVariationCodes,
  integrationProblems,
  isDestinationUrl,
  kmToMiles,
  milesToKm,
  padList,
  parseVariationCode,
  suggestedRadius,
  targetingCode,
  targetingModeOptions,
  totalAds,
  variationCode,
  variationIndicator,
  variationsOf,
} from '../../../src/lib/campaigns/setup-rules';
import type { Creative, MediaItem, Targeting } from '../../../src/lib/contracts/setup-process';

const media = (i: number, status: MediaItem['status'] = 'SUCCESS'): MediaItem => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  index: i,
  name: `m${i}.jpg`,
  url: `/m/${i}`,
  size: 1000,
  type: 'image/jpeg',
  width: 1080,
  height: 1080,
  status,
});

const creative = (over: Partial<Creative> = {}): Creative => ({
  tc: 1,
  tc_run_id: 7,
  headline: ['Tonight', '', ''],
  body: ['Come and hear it', ''],
  media: [media(0)],
  destination_url: ['https://tickets.example.org/e/1'],
  call_to_action: 'BUY_TICKETS',
  description: 'Symphony hall',
  language: 'en',
  excluded_variations: [],
  audience_id: null,
  destination_url_inherited: false,
  ...over,
});

const targeting = (over: Partial<Targeting> = {}): Targeting => ({
  tc: 1,
  tc_run_id: 7,
  targeting_mode: 'fd_targeting',
  age_range: { min: 18, max: 65 },
  postal_codes: {},
  range_locations: null,
  ...over,
});

const place = (key: string) => ({
  key,
  name: key,
  type: 'city' as const,
  region: null,
  region_id: null,
  country_code: 'DE',
  country_name: 'Germany',
  primary_city: null,
  primary_city_id: null,
  latitude: 52.5,
  longitude: 13.4,
  kilometer_range: 17,
});

describe('counter bands (spec 2 §5)', () => {
  it('colours each field by its own bands', () => {
    expect(counterBand('body', 0)).toBeNull();
    expect([200, 201, 250, 251].map((n) => counterBand('body', n))).toEqual(['green', 'orange', 'orange', 'red']);
    expect([40, 41, 60, 61].map((n) => counterBand('headline', n))).toEqual(['green', 'orange', 'orange', 'red']);
    expect([200, 201, 240, 241].map((n) => counterBand('destination_url', n))).toEqual(['green', 'orange', 'orange', 'red']);
    expect([200, 240, 241].map((n) => counterBand('description', n))).toEqual(['green', 'orange', 'red']);
  });
});

describe('destination URL pattern', () => {
  it('needs an http(s):// or www. prefix, a domain and a 2–6 letter top-level domain', () => {
    for (const ok of ['https://example.org', 'http://www.example.de/a?b=1', 'www.tickets.example.com/x', 'https://a.b.museum'])
      expect(isDestinationUrl(ok), ok).toBe(true);
    for (const bad of ['example.org', 'ftp://example.org', 'https://localhost', 'https://example.c', 'https://exa mple.org', `https://example.org/${'a'.repeat(300)}`])
      expect(isDestinationUrl(bad), bad).toBe(false);
  });

  it('accepts the real long top-level domains of the IANA list (issue 20), and only well-formed ones', () => {
    for (const ok of [
      'https://www.konzerthaus.tickets/abo',
      'https://stadt.theater',
      'www.studio.photography',
      'https://example.international/x?y=1',
      'https://example.xn--p1ai', // .рф
      'https://example.xn--vermgensberatung-pwb', // .vermögensberatung, the longest A-label
      `https://example.${'a'.repeat(63)}`,
    ])
      expect(isDestinationUrl(ok), ok).toBe(true);
    for (const bad of [
      `https://example.${'a'.repeat(64)}`,
      'https://example.t1ckets',
      'https://example.123',
      'https://example.tickets-',
      'https://example.xn--',
      'https://example.-theater',
      'www.theater',
    ])
      expect(isDestinationUrl(bad), bad).toBe(false);
  });
});

describe('variation codes (spec 2 §3)', () => {
  it('round-trips indexes, with two media digits from ten', () => {
    expect(variationCode({ headline: 1, body: 2, media: 3, url: 1 })).toBe('1231');
    expect(variationCode({ headline: 2, body: 1, media: 10, url: 3 })).toBe('21103');
    expect(parseVariationCode('1231')).toEqual({ headline: 1, body: 2, media: 3, url: 1 });
    expect(parseVariationCode('21103')).toEqual({ headline: 2, body: 1, media: 10, url: 3 });
  });
  it('refuses anything that is not 4 or 5 digits, zero indexes and padded media', () => {
    for (const bad of ['123', '123456', 'abcd', '1031', '21051', ''])
      expect(parseVariationCode(bad), bad).toBeNull();
  });
  it('expands the x prefix to every headline', () => {
    expect(expandVariationCodes(['x111', '2111'], 3)).toEqual(['1111', '2111', '3111']);
  });
  it('enumerates the combinations of non-blank entries and counts ads over clusters', () => {
    const c = creative({ headline: ['a', 'b', ' '], body: ['x'], media: [media(0), media(1)], destination_url: ['https://e.org', 'https://f.org'] });
    expect(variationsOf(c).map(variationCode)).toEqual(['1111', '1112', '1121', '1122', '2111', '2112', '2121', '2122']);
    expect(totalAds([c, creative()])).toBe(9);
  });
});

describe('variation indicator (spec 2 §5)', () => {
  it('is headlines × bodies × media against 50 with bands at 75 and 96 %', () => {
    const withCounts = (h: number, b: number, m: number) =>
      variationIndicator({ headline: Array(h).fill('h'), body: Array(b).fill('b'), media: Array.from({ length: m }, (_, i) => media(i)) });
    expect(withCounts(3, 3, 4)).toEqual({ count: 36, percent: 72, band: 'insufficient' });
    expect(withCounts(5, 5, 2)).toEqual({ count: 50, percent: 100, band: 'perfect' });
    expect(withCounts(4, 5, 2).band).toBe('sufficient');
    expect(withCounts(5, 5, 10).percent).toBe(100);
  });
});

describe('creative problems (spec 2 §5 full setup creative)', () => {
  it('accepts a complete creative', () => expect(creativeProblems(creative())).toEqual([]));
  it('names every missing field and bad entry', () => {
    const fields = creativeProblems(
      creative({ headline: [' '], body: [], destination_url: ['tickets.example.org'], media: [media(0, 'UPLOAD_FAILED')], description: ' ', call_to_action: null, excluded_variations: ['12'] }),
    ).map((p) => `${p.field}:${p.code}`);
    expect(fields).toEqual([
      'headline:common.errors.fillRequired',
      'body:common.errors.fillRequired',
      'destination_url.0:common.errors.wrongUrlFormat',
      'media.0:common.errors.fileErrors.invalid',
      'description:common.errors.fillRequired',
      'call_to_action:common.errors.fillRequired',
      'excluded_variations:Invalid variation format',
    ]);
    expect(creativeProblems(creative({ media: [], destination_url: [''] })).map((p) => p.field)).toEqual(['destination_url', 'media']);
  });
});

describe('targeting (spec 2 §4, §5)', () => {
  it('offers only geographic modes with an audience or for prisma partners', () => {
    expect(targetingModeOptions(false, false)).toEqual(['fd_targeting', 'postal_codes', 'range_locations']);
    expect(targetingModeOptions(true, false)).toEqual(['postal_codes', 'range_locations']);
    expect(targetingModeOptions(false, true)).toEqual(['postal_codes', 'range_locations']);
  });
  it('gives each validation code', () => {
    const opts = { hasAudience: false, geoOnly: false };
    expect(targetingCode(undefined, opts)).toBe('NO_TC_TARGETING');
    expect(targetingCode(targeting({ targeting_mode: null }), opts)).toBe('NO_TARGETING_MODE');
    expect(targetingCode(targeting(), { hasAudience: true, geoOnly: false })).toBe('UNKNOWN');
    expect(targetingCode(targeting({ targeting_mode: 'postal_codes', postal_codes: { DE: [] } }), opts)).toBe('NO_POSTAL_CODES');
    expect(targetingCode(targeting({ targeting_mode: 'postal_codes', postal_codes: { DE: [place('DE:10115')] } }), opts)).toBeNull();
    expect(targetingCode(targeting({ targeting_mode: 'range_locations', range_locations: { included: [], excluded: [] } }), opts)).toBe('NO_RANGE_LOCATIONS');
    expect(targetingCode(targeting({ targeting_mode: 'range_locations', range_locations: { included: [], excluded: [place('1')] } }), opts)).toBe('ALL_LOCATIONS_EXCLUDED');
    expect(targetingCode(targeting({ targeting_mode: 'range_locations', range_locations: { included: [place('1')], excluded: [] } }), opts)).toBeNull();
    expect(targetingCode(targeting(), opts)).toBeNull();
  });
  it('clamps the age range and moves the other end', () => {
    expect(clampAgeRange(12, 80, 'min')).toEqual({ min: 18, max: 65 });
    expect(clampAgeRange(40, 30, 'min')).toEqual({ min: 40, max: 40 });
    expect(clampAgeRange(40, 30, 'max')).toEqual({ min: 30, max: 30 });
    expect(clampAgeRange(25.6, Number.NaN, 'max')).toEqual({ min: 18, max: 18 });
  });
  it('converts and clamps radii', () => {
    expect(milesToKm(10)).toBe(17);
    expect(milesToKm(50)).toBe(80);
    expect(kmToMiles(17)).toBe(11);
    expect(kmToMiles(5)).toBe(10);
    expect(clampRadius(5, 'mile')).toBe(10);
    expect(clampRadius(99, 'kilometer')).toBe(80);
    expect(suggestedRadius(null, 'kilometer')).toBe(17);
    expect(suggestedRadius(33.4, 'kilometer')).toBe(33);
  });
  it('pads lists to the shown count', () => expect(padList(['a'], 3)).toEqual(['a', '', '']));
});

describe('integrations (spec 2 §5)', () => {
  const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  it('needs an ad account and a Facebook page, each permitted', () => {
    expect(integrationProblems([]).map((p) => p.field)).toEqual(['facebook.ad_account', 'facebook.profile']);
    const ok = [
      { asset_class: 'facebook.ad_account' as const, asset_id: id(1), platform: 'facebook' as const },
      { asset_class: 'facebook.profile' as const, asset_id: id(2), platform: 'facebook' as const },
    ];
    expect(integrationProblems(ok)).toEqual([]);
    expect(integrationProblems(ok, new Set([id(2)])).map((p) => p.code)).toEqual(['error.connect.facebook.missing_permissions']);
  });
});
