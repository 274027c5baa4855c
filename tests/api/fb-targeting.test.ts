// spec 2 §7 geo lookups (/api/v3/fb_targeting): postal-code matching, location search and the
// suggested radius, on the sandbox's GeoNames data and through the real Graph client against the
// fake Graph server; bad input, the wave permission, sessions, partners and every ad-platform
// error code of spec 2 §8 a lookup can meet, in the ARCHITECTURE §3 error format.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { FAKE_APP, type FakeGraph, TOKENS, startFakeGraph } from '../helpers/fake-graph';
import { seedAccounts } from '../../src/server/demo/accounts';
import { setAdPlatform } from '../../src/server/adapters/meta';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import { setLookupTokenSource } from '../../src/server/api/fb-targeting';
import { storeToken } from '../../src/server/modules/meta-connect';
import { metaConnections } from '../../src/server/db/schema';
import { FB_TARGETING_LIMITS, LocationSearchResponse, SuggestedRadiusResponse, ZipCodeMatchingResponse } from '../../src/lib/contracts/fb-targeting';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission
let analyst: string; // partner 1001, no wave
let multi: string; // wave at 1002 only

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db, { demoMfa: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
}, 120_000);
afterAll(() => t.close());
afterEach(() => {
  setAdPlatform();
  setLookupTokenSource();
});

interface Sent {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  res: Response;
}
async function send(method: 'GET' | 'POST', path: string, json?: unknown, token: string | undefined = admin, partner?: number): Promise<Sent> {
  const res = await api.request(`/api/v3/fb_targeting${path}`, { method, json, token, partner });
  const body = res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null;
  return { status: res.status, body, res };
}
const zips = (country_code: string, list: string, token?: string, partner?: number) => send('POST', '/zip_code_matching', { country_code, zips: list }, token, partner);
const search = (body: Record<string, unknown>, token?: string) => send('POST', '/search', body, token);
const radius = (location: unknown, distance_unit = 'kilometer', token?: string) =>
  send('GET', `/suggested_radius?${new URLSearchParams({ location: typeof location === 'string' ? location : JSON.stringify(location), distance_unit })}`, undefined, token);

async function expectError(p: Promise<Sent>, status: number, code: string) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const err = await errorOf(r.res);
  expect(err.error_code).toBe(code);
  return err;
}

describe('POST /fb_targeting/zip_code_matching (sandbox)', () => {
  it('matches real codes of DE, AT, CH and GB to CC:code keys with name, region, city and coordinates', async () => {
    const cases: [string, string, string, string, string][] = [
      ['DE', '10115', 'DE:10115', 'Berlin', 'Berlin'],
      ['AT', '1010', 'AT:1010', 'Wien', 'Vienna'],
      ['CH', '8001', 'CH:8001', 'Zürich', 'Zürich'],
      ['GB', 'SW1A 1AA', 'GB:SW1A', 'England', 'London'],
      ['GB', 'm9', 'GB:M9', 'England', 'Manchester'],
    ];
    for (const [cc, code, key, region, city] of cases) {
      const r = await zips(cc, code);
      expect(r.status).toBe(200);
      const body = ZipCodeMatchingResponse.parse(r.body);
      expect(body.unmatched_zips).toEqual([]);
      expect(body.matched_zips).toHaveLength(1);
      expect(body.matched_zips[0]).toMatchObject({ key, name: key.slice(3), type: 'zip', country_code: cc, region, primary_city: city });
      expect(body.matched_zips[0]!.latitude).toEqual(expect.any(Number));
      expect(body.matched_zips[0]!.longitude).toEqual(expect.any(Number));
    }
  });

  it('splits on comma, semicolon and newline, trims, de-duplicates, and lists unknown and malformed codes as typed', async () => {
    const r = await zips('DE', ' 10115, 99999;80331\n10115 , D-80331,abc,1067,');
    expect(r.status).toBe(200);
    expect(r.body.matched_zips.map((m: { key: string }) => m.key)).toEqual(['DE:10115', 'DE:80331', 'DE:01067']);
    expect(r.body.unmatched_zips).toEqual(['abc', '99999']);
    // A code of another country is not matched in this one.
    const at = await zips('AT', '8001, 1010');
    expect(at.body).toMatchObject({ unmatched_zips: ['8001'], matched_zips: [{ key: 'AT:1010' }] });
    // All unknown: nothing matched, no error.
    expect((await zips('CH', '0000, 9999')).body).toEqual({ matched_zips: [], unmatched_zips: ['0000', '9999'] });
  });

  it('accepts the largest list the contract allows', async () => {
    const codes = Array.from({ length: FB_TARGETING_LIMITS.zips }, (_, i) => String(10115 + i));
    const r = await zips('DE', codes.join(','));
    expect(r.status).toBe(200);
    expect(r.body.matched_zips.length + r.body.unmatched_zips.length).toBe(codes.length);
    expect(r.body.matched_zips.length).toBeGreaterThan(10);
  });

  it('refuses bad input with 400 and the field', async () => {
    const bad: [unknown, string][] = [
      [{ country_code: 'DE', zips: '10115,\u0000' }, 'zips'],
      [{ country_code: 'DE', zips: '10115,\ud800' }, 'zips'],
      [{ country_code: 'DE', zips: Array.from({ length: FB_TARGETING_LIMITS.zips + 1 }, (_, i) => String(10000 + i)).join(',') }, 'zips'],
      [{ country_code: 'DE', zips: '1'.repeat(FB_TARGETING_LIMITS.zipsChars + 1) }, 'zips'],
      [{ country_code: 'DE', zips: `10115,${'9'.repeat(21)}` }, 'zips'],
      [{ country_code: 'DE', zips: ' , ;\n' }, 'zips'],
      [{ country_code: 'FR', zips: '75001' }, 'country_code'],
      [{ country_code: 'de', zips: '10115' }, 'country_code'],
      [{ zips: '10115' }, 'country_code'],
      [{ country_code: 'DE', zips: ['10115'] }, 'zips'],
    ];
    for (const [body, field] of bad) {
      const r = await send('POST', '/zip_code_matching', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = await errorOf(r.res);
      expect(err.error_code).toBe('error.validation.invalid');
      expect(err.issues!.map((i) => i.path)).toContain(field);
    }
    const notJson = await api.request('/api/v3/fb_targeting/zip_code_matching', { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: '{"country_code":' });
    expect(notJson.status).toBe(400);
    await errorOf(notJson);
  });
});

describe('POST /fb_targeting/search (sandbox)', () => {
  it('finds places by prefix regardless of case and diacritics, largest first', async () => {
    for (const q of ['München', 'Muenchen', 'munchen', 'MÜNCH']) {
      const r = await search({ q, location_types: ['city'] });
      expect(r.status).toBe(200);
      expect(LocationSearchResponse.parse(r.body).results[0], q).toMatchObject({ key: '2867714', type: 'city', country_code: 'DE', region: 'Bayern' });
    }
    const frank = (await search({ q: 'frank', location_types: ['city'], country_code: 'DE' })).body.results;
    expect(frank[0].name).toBe('Frankfurt am Main');
  });

  it('answers every type with empty location_types, countries and regions first, and filters by type and country', async () => {
    const all = (await search({ q: 'Bay', location_types: [] })).body.results as { type: string; name: string }[];
    expect(all[0]).toMatchObject({ type: 'region', name: 'Bayern' });
    expect(new Set(all.map((l) => l.type)).size).toBeGreaterThan(1);
    expect((await search({ q: 'Öster' })).body.results[0]).toMatchObject({ key: 'AT', type: 'country' });
    const gb = (await search({ q: 'New', location_types: ['city'], country_code: 'GB', limit: 10 })).body.results as { country_code: string; type: string }[];
    expect(gb.length).toBe(10);
    expect(gb.every((l) => l.country_code === 'GB' && l.type === 'city')).toBe(true);
    const zip = (await search({ q: 'SW1', location_types: ['zip'] })).body.results as { key: string }[];
    expect(zip.length).toBeGreaterThan(0);
    expect(zip.every((l) => l.key.startsWith('GB:SW1'))).toBe(true);
    // Types the sandbox has no data for answer nothing rather than something else.
    expect((await search({ q: 'Berlin', location_types: ['electoral_district'] })).body).toEqual({ results: [] });
    expect((await search({ q: 'Qxzzy' })).body).toEqual({ results: [] });
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{ q: '' }, { q: '   ' }, { q: 'x'.repeat(FB_TARGETING_LIMITS.q + 1) }, { q: 'a\u0000' }, { q: '\udc00' }, { q: 'Berlin', location_types: ['planet'] }, { q: 'Berlin', country_code: 'XX' }, { q: 'Berlin', limit: 0 }, { q: 'Berlin', limit: 1000 }, {}]) {
      await expectError(search(body), 400, 'error.validation.invalid');
    }
  });
});

describe('GET /fb_targeting/suggested_radius (sandbox)', () => {
  it('is small in a big city and larger around a rural town, from the population density around the place', async () => {
    const berlin = await radius({ country: 'DE', name: 'Berlin' });
    expect(berlin.status).toBe(200);
    const b = SuggestedRadiusResponse.parse(berlin.body);
    expect(b).toMatchObject({ suggest_radius: 17, distance_unit: 'kilometer', location: { key: '2950159', name: 'Berlin', type: 'city' } });
    const rural = SuggestedRadiusResponse.parse((await radius({ country: 'DE', name: 'Garmisch-Partenkirchen' })).body);
    expect(rural.location.name).toBe('Garmisch-Partenkirchen');
    expect(rural.suggest_radius).toBeGreaterThan(b.suggest_radius);
    expect(rural.suggest_radius).toBeLessThanOrEqual(80);
  });

  it('answers in miles within 10–50, consistent with kilometres', async () => {
    const km = (await radius({ country: 'AT', name: 'Zell am See' })).body.suggest_radius as number;
    const mi = await radius({ country: 'AT', name: 'Zell am See' }, 'mile');
    expect(mi.body.distance_unit).toBe('mile');
    expect(mi.body.suggest_radius).toBeGreaterThanOrEqual(10);
    expect(mi.body.suggest_radius).toBeLessThanOrEqual(50);
    expect(Math.abs(mi.body.suggest_radius * 1.60934 - km)).toBeLessThan(3);
  });

  it('takes the place of the key when several share a name', async () => {
    const all = (await search({ q: 'Frankfurt', location_types: ['city'], country_code: 'DE' })).body.results as { key: string; name: string }[];
    const oder = all.find((l) => l.name === 'Frankfurt (Oder)')!;
    const r = await radius({ country: 'DE', name: 'Frankfurt (Oder)', key: oder.key });
    expect(r.body.location.key).toBe(oder.key);
    expect((await radius({ country: 'DE', name: 'Frankfurt' })).body.location.name).toBe('Frankfurt am Main');
  });

  it('answers 404 for a place the country does not have', async () => {
    await expectError(radius({ country: 'CH', name: 'Qxzzyville' }), 404, 'error.fb_targeting.location_not_found');
    await expectError(radius({ country: 'AT', name: 'Zürich' }), 404, 'error.fb_targeting.location_not_found');
  });

  it('refuses bad input with 400', async () => {
    const bad: [unknown, string][] = [
      ['{"country":"DE"', 'kilometer'],
      [{ country: 'DE' }, 'kilometer'],
      [{ country: 'FR', name: 'Paris' }, 'kilometer'],
      [{ country: 'DE', name: 'Berlin' }, 'meter'],
      [{ country: 'DE', name: 'Ber\u0000lin' }, 'kilometer'],
      [{ country: 'DE', name: 'x'.repeat(500) }, 'kilometer'],
      ['[1,2]', 'mile'],
    ];
    for (const [loc, unit] of bad) await expectError(radius(loc, unit), 400, 'error.validation.invalid');
    await expectError(send('GET', '/suggested_radius?distance_unit=mile'), 400, 'error.validation.invalid');
  });
});

describe('sessions, permissions and partners', () => {
  it('answers 401 without a session and 403 (wave) without the permission, on every call', async () => {
    const calls = [
      (tok?: string) => zips('DE', '10115', tok),
      (tok?: string) => search({ q: 'Berlin' }, tok),
      (tok?: string) => radius({ country: 'DE', name: 'Berlin' }, 'kilometer', tok),
    ];
    for (const call of calls) {
      await expectError(call(''), 401, 'error.auth.unauthenticated');
      await expectError(call('not-a-session'), 401, 'error.auth.unauthenticated');
      expect((await expectError(call(analyst), 403, 'error.auth.forbidden')).error_subcode).toBe('wave');
    }
  });

  it('makes lookups with the Meta token of the partner acted for, never of another partner', async () => {
    const asked: number[] = [];
    setLookupTokenSource(async (partnerId, platform) => {
      asked.push(partnerId);
      const { sandboxToken } = await import('../../src/server/adapters/meta/sandbox');
      return platform.kind === 'sandbox' ? sandboxToken(String(partnerId), new Date()) : '';
    });
    // multi@ has wave at 1002 only: acting for 1001 is refused, for 1002 it works with 1002's token.
    expect((await expectError(zips('DE', '10115', multi, 1001), 403, 'error.auth.forbidden')).error_subcode).toBe('wave');
    expect((await zips('DE', '10115', multi, 1002)).status).toBe(200);
    // admin@ is no member of 1002: naming it is a 404 (never confirming it exists), on every call.
    await expectError(zips('DE', '10115', admin, 1002), 404, 'error.partner.notFound');
    await expectError(send('POST', '/search', { q: 'Berlin' }, admin, 1002), 404, 'error.partner.notFound');
    await expectError(send('GET', `/suggested_radius?location=${encodeURIComponent('{"country":"DE","name":"Berlin"}')}&distance_unit=mile`, undefined, admin, 1002), 404, 'error.partner.notFound');
    expect((await zips('DE', '10115', admin, 1001)).status).toBe(200);
    expect(asked).toEqual([1002, 1001]);
  });
});

describe('through the Graph API client (fake Graph server)', () => {
  let fake: FakeGraph;
  beforeAll(async () => {
    fake = await startFakeGraph();
  });
  afterAll(() => fake.close());
  const useGraph = (token: string | null = TOKENS.good) => {
    setAdPlatform(new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 1500 }));
    if (token !== null) setLookupTokenSource(async () => token);
  };
  afterEach(() => {
    expect(fake.problems).toEqual([]);
    fake.problems.length = 0;
  });

  it('matches postal codes by their canonical CC:code keys in one adgeolocationmeta call', async () => {
    useGraph();
    const r = await zips('DE', ' 10115, D-80331, 00000, x1');
    expect(r.status).toBe(200);
    expect(r.body.matched_zips.map((m: { key: string }) => m.key)).toEqual(['DE:10115', 'DE:80331']);
    expect(r.body.unmatched_zips).toEqual(['x1', '00000']);
    const call = fake.requests.filter((q) => q.params.type === 'adgeolocationmeta').at(-1)!;
    expect(JSON.parse(call.params.zips!)).toEqual(['DE:10115', 'DE:80331', 'DE:00000']);
    expect(call.params.access_token).toBe(TOKENS.good);
  });

  it('searches adgeolocation and suggests a radius around the place found, with GeoNames coordinates', async () => {
    useGraph();
    const s = await search({ q: 'Berl', location_types: ['city'], country_code: 'DE' });
    expect(s.body.results[0]).toMatchObject({ key: '2950159', name: 'Berlin', type: 'city', country_code: 'DE' });
    const r = await radius({ country: 'DE', name: 'Berlin' }, 'mile');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ suggest_radius: 12, distance_unit: 'mile', location: { key: '2950159' } });
    const call = fake.requests.filter((q) => q.params.type === 'adradiussuggestion').at(-1)!;
    expect(Number(call.params.latitude)).toBeCloseTo(52.52, 1);
    expect(Number(call.params.longitude)).toBeCloseTo(13.41, 1);
  });

  it("uses the partner's stored Meta connection, and asks to log in again once it has expired", async () => {
    useGraph(null);
    const owner = { partnerId: 1001, actor: 'user:lookup-test' };
    await storeToken(t.db, owner, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() - 60_000), tokenType: 'USER' });
    await expectError(zips('DE', '10115'), 403, 'error.connect.facebook.invalid_token');
    await storeToken(t.db, owner, { accessToken: TOKENS.good, expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
    const r = await zips('DE', '10115');
    expect(r.status).toBe(200);
    expect(fake.requests.filter((q) => q.params.type === 'adgeolocationmeta').at(-1)!.params.access_token).toBe(TOKENS.good);
    // Another partner's connection is never used: 1002 has none, so the Graph API path refuses.
    await expectError(zips('DE', '10115', multi, 1002), 403, 'error.connect.facebook.invalid_token');
    await t.db.delete(metaConnections);
  });

  it('answers invalid_token when no Meta account is connected', async () => {
    useGraph(null);
    await expectError(zips('DE', '10115'), 403, 'error.connect.facebook.invalid_token');
  });

  it("maps Meta's failures of every lookup to the spec 2 §8 codes", async () => {
    useGraph();
    const failures: [number, unknown, number, string][] = [
      [400, { error: { message: 'internal-detail', type: 'OAuthException', code: 190 } }, 403, 'error.connect.facebook.invalid_token'],
      [403, { error: { message: 'internal-detail', type: 'OAuthException', code: 10 } }, 403, 'error.connect.facebook.missing_permissions'],
      [400, { error: { message: 'internal-detail', code: 17 } }, 429, 'error.connect.facebook.rate_limit'],
      [500, { error: { message: 'internal-detail', code: 2, is_transient: true } }, 502, 'error.connect.facebook.graph_api_error'],
      [503, '', 503, 'error.connect.facebook.api_error'],
    ];
    const calls = [() => zips('DE', '10115'), () => search({ q: 'Berlin' }), () => radius({ country: 'DE', name: 'Berlin' })];
    for (const call of calls) {
      for (const [status, body, want, code] of failures) {
        fake.failNext(/^search$/, status, body);
        const err = await expectError(call(), want, code);
        expect(err.message).not.toContain('internal-detail');
      }
    }
    fake.failNext(/^search$/, 400, { error: { message: 'internal-detail', code: 4 } });
    const limited = await radius({ country: 'DE', name: 'Berlin' });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get('retry-after')).toBe('60');
  });
});
