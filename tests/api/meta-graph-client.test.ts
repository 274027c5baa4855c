// The real Graph client against a local server that checks every request against Meta's
// documented shapes (tests/helpers/fake-graph.ts): every AdPlatform method, every error mapping.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MetaError } from '../../src/server/adapters/meta/errors';
import { GraphAdPlatform } from '../../src/server/adapters/meta/graph-client';
import type { CreativeSpec, PublishRequest } from '../../src/server/adapters/meta/types';
import { FAKE_APP, type FakeGraph, GOOD_CODE, REDIRECT, TOKENS, startFakeGraph } from '../helpers/fake-graph';

let fake: FakeGraph;
let client: GraphAdPlatform;
const NOW = new Date('2026-11-24T10:00:00Z');
const T = TOKENS.good;

beforeAll(async () => {
  fake = await startFakeGraph();
  client = new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'https://www.facebook.com', timeoutMs: 2000 }, () => NOW);
});
afterAll(() => fake.close());
afterEach(() => {
  // Any request off the documented shape fails the test that sent it.
  expect(fake.problems).toEqual([]);
  fake.problems.length = 0;
});

async function failure(p: Promise<unknown>): Promise<MetaError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(MetaError);
  return err as MetaError;
}

const creative = (over: Partial<CreativeSpec> = {}): CreativeSpec => ({
  pageId: '1001',
  instagramAccountId: '17841400000000001',
  headlines: ['Beethoven tonight'],
  bodies: ['The Ninth, live.'],
  media: [{ type: 'image', url: 'https://cdn.example/ninth.jpg' }],
  destinationUrls: ['https://tickets.example/ninth'],
  callToAction: 'BUY_TICKETS',
  description: 'Konzerthaus, 20:00',
  ...over,
});

const publishReq = (over: Partial<PublishRequest> = {}): PublishRequest => ({
  adAccountId: '111',
  name: 'Ninth · cluster 3',
  goal: 'sales',
  lifetimeBudgetMinor: 40_000,
  currency: 'EUR',
  startTime: new Date('2026-12-01T00:00:00Z'),
  endTime: new Date('2026-12-20T00:00:00Z'),
  targeting: { ageMin: 18, ageMax: 65, geo: { mode: 'postal_codes', keys: ['DE:10115', 'DE:10117'] }, advantageAudience: false },
  creative: creative(),
  pixelId: '7111',
  customEventType: 'PURCHASE',
  dsa: { beneficiary: 'Konzerthaus Rheinland', payor: 'Konzerthaus Rheinland GmbH' },
  status: 'PAUSED',
  ...over,
});

describe('OAuth', () => {
  it('builds the dialog/oauth URL with client id, redirect, state, scopes and code response', () => {
    const url = new URL(client.loginUrl({ state: 'st-1', redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v26.0/dialog/oauth');
    expect(url.searchParams.get('client_id')).toBe(FAKE_APP.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')!.split(',')).toEqual(expect.arrayContaining(['ads_management', 'business_management']));
  });

  it('trades the code for a short token, then for a long-lived one whose expiry it tracks', async () => {
    const token = await client.exchangeCode(GOOD_CODE, REDIRECT);
    expect(token.accessToken).toBe(TOKENS.good);
    expect(token.expiresAt!.getTime()).toBe(NOW.getTime() + 5_183_944_000);
    const calls = fake.requests.filter((r) => r.path === 'oauth/access_token').slice(-2);
    expect(calls[0]!.params).toMatchObject({ code: GOOD_CODE, redirect_uri: REDIRECT });
    expect(calls[1]!.params).toMatchObject({ grant_type: 'fb_exchange_token', fb_exchange_token: TOKENS.short });
  });

  it('maps a bad code to a Graph error code without a crash', async () => {
    const err = await failure(client.exchangeCode('stale-code', REDIRECT));
    expect(err.code).toMatch(/^error\.connect\.facebook\./);
  });
});

describe('assets and lookups', () => {
  it('lists pages over two cursor pages, Instagram accounts, ad accounts with currency and pixels', async () => {
    const a = await client.assets(T);
    expect(a.user).toEqual({ id: '10001', name: 'Sandra Sample' });
    expect(a.pages.map((p) => [p.id, p.permitted])).toEqual([['1001', true], ['1002', false]]);
    expect(fake.requests.some((r) => r.path === 'me/accounts' && r.params.after === 'cursor-1')).toBe(true);
    expect(a.instagramAccounts).toEqual([expect.objectContaining({ id: '17841400000000001', username: 'konzerthaus', pageId: '1001' })]);
    expect(a.adAccounts.map((x) => [x.id, x.currency, x.permitted])).toEqual([['111', 'EUR', true], ['222', 'CHF', true], ['333', 'EUR', false]]);
    expect(a.pixels.map((p) => p.id).sort()).toEqual(['7111', '7222', '7333']);
  });

  it('checks the permission of single assets', async () => {
    expect(await client.checkAsset(T, { assetClass: 'facebook.ad_account', id: '111' })).toMatchObject({ ok: true });
    expect(await client.checkAsset(T, { assetClass: 'facebook.ad_account', id: '333' })).toMatchObject({ ok: false, reason: 'missing_permissions' });
    expect(await client.checkAsset(T, { assetClass: 'facebook.ad_account', id: '999' })).toMatchObject({ ok: false, reason: 'not_found', code: 'error.connect.facebook.ad_account_not_found' });
    expect(await client.checkAsset(T, { assetClass: 'facebook.profile', id: '1002' })).toMatchObject({ ok: false, reason: 'missing_permissions' });
    expect(await client.checkAsset(T, { assetClass: 'facebook.pixel', id: '7111' })).toMatchObject({ ok: true });
    expect(await client.checkAsset(T, { assetClass: 'instagram.profile', id: '17841400000000001' })).toMatchObject({ ok: true });
  });

  it('reads lead forms with the page token the user token hands out', async () => {
    const forms = await client.leadForms(T, '1001');
    expect(forms).toEqual([{ id: '8801', name: 'Newsletter sign-up', status: 'active' }, { id: '8802', name: 'Old form', status: 'archived' }]);
  });

  it('lists conversions, audiences, event types and page info', async () => {
    expect(await client.conversions(T, '111')).toEqual([
      { id: '5501', name: 'Ticket bought', type: 'custom_event', customEventType: 'PURCHASE', pixelId: '7111' },
      { id: '5502', name: 'Thank-you page', type: 'other', customEventType: 'OTHER', pixelId: null },
    ]);
    // Meta's subtypes beyond the wizard's filters (APP here) come back as OTHER.
    expect(await client.audiences(T, '111')).toEqual([
      { id: '6601', name: 'Past buyers', subtype: 'CUSTOM', approximateSize: 12000 },
      { id: '6602', name: 'Newsletter', subtype: 'CUSTOM', approximateSize: null },
      { id: '6603', name: 'Buyers lookalike', subtype: 'LOOKALIKE', approximateSize: 900000 },
      { id: '6604', name: 'App users', subtype: 'OTHER', approximateSize: null },
    ]);
    expect(client.customEventTypes()).toContain('LEAD');
    expect(await client.pageInfo(T, '1001')).toEqual({ pageName: 'Konzerthaus', profilePictureUrl: 'https://scontent.example/1001.jpg' });
  });
});

describe('geography', () => {
  it('searches adgeolocation with types and country', async () => {
    const res = await client.searchLocations(T, { q: 'Berl', types: ['city', 'zip'], countryCode: 'de' });
    expect(res[0]).toMatchObject({ key: '2950159', type: 'city', countryCode: 'DE', regionId: '1644' });
    expect(fake.requests.at(-1)!.params).toMatchObject({ type: 'adgeolocation', location_types: '["city","zip"]', country_code: 'DE' });
  });

  it('matches postal codes by CC:code keys and lists the unmatched ones', async () => {
    const res = await client.matchPostalCodes(T, 'DE', [' 10115', '80331', '00000', '10115']);
    expect(res.matched.map((m) => m.key)).toEqual(['DE:10115', 'DE:80331']);
    expect(res.unmatched).toEqual(['00000']);
  });

  it('asks adradiussuggestion in the unit of the user', async () => {
    expect(await client.suggestRadius(T, 52.52, 13.405, 'mile')).toEqual({ radius: 12, unit: 'mile' });
  });
});

describe('creatives and publishing', () => {
  it('uploads images and videos', async () => {
    expect((await client.uploadImage(T, '111', new Uint8Array([1, 2, 3, 4]), 'a.png')).hash).toMatch(/^hash-/);
    expect((await client.uploadVideo(T, '111', 'https://storage.example/v.mp4?sig=1', 'Teaser')).videoId).toMatch(/^\d+$/);
  });

  it('renders a preview per placement and variation through generatepreviews', async () => {
    const res = await client.previews(T, { adAccountId: '111', creative: creative({ headlines: ['A', 'B'] }), placements: ['facebook_feed_desktop', 'instagram_reels'] });
    expect(res.map((p) => [p.placement, p.variation.headline])).toEqual([
      ['facebook_feed_desktop', 1], ['instagram_reels', 1], ['facebook_feed_desktop', 2], ['instagram_reels', 2],
    ]);
    expect(res[1]!.html).toContain('INSTAGRAM_REELS');
  });

  it('publishes campaign → ad set → creative → ad with the documented bodies', async () => {
    const res = await client.publish(T, publishReq());
    expect(Object.values(res).every((id) => /^\d+$/.test(id))).toBe(true);
    const adSet = fake.requests.find((r) => r.path === 'act_111/adsets' && r.params.campaign_id === res.campaignId)!;
    expect(adSet.params.lifetime_budget).toBe('40000');
    expect(JSON.parse(adSet.params.targeting!)).toMatchObject({ geo_locations: { zips: [{ key: 'DE:10115' }, { key: 'DE:10117' }] }, targeting_automation: { advantage_audience: 0 } });
    expect(JSON.parse(adSet.params.promoted_object!)).toEqual({ pixel_id: '7111', custom_event_type: 'PURCHASE' });
    expect(adSet.params).toMatchObject({ dsa_beneficiary: 'Konzerthaus Rheinland', dsa_payor: 'Konzerthaus Rheinland GmbH', is_dynamic_creative: 'false' });
  });

  it('publishes headline × body × media variations as a dynamic creative', async () => {
    const res = await client.publish(T, publishReq({ creative: creative({ headlines: ['A', 'B'], media: [{ type: 'image', url: 'https://cdn.example/1.jpg' }, { type: 'video', videoId: '55', thumbnailUrl: 'https://cdn.example/t.jpg' }] }) }));
    const set = fake.requests.find((r) => r.path === 'act_111/adsets' && r.params.campaign_id === res.campaignId)!;
    expect(set.params.is_dynamic_creative).toBe('true');
    const cr = fake.requests.filter((r) => r.path === 'act_111/adcreatives').at(-1)!;
    expect(JSON.parse(cr.params.asset_feed_spec!)).toMatchObject({ titles: [{ text: 'A' }, { text: 'B' }], ad_formats: ['AUTOMATIC_FORMAT'] });
  });

  it('publishes lead-form and awareness campaigns with their own optimisation', async () => {
    await client.publish(T, publishReq({ goal: 'leads', pixelId: null, customEventType: null, creative: creative({ leadFormId: '8801' }) }));
    const lead = fake.requests.filter((r) => r.path === 'act_111/adsets').at(-1)!;
    expect(lead.params).toMatchObject({ optimization_goal: 'LEAD_GENERATION', destination_type: 'ON_AD' });
    await client.publish(T, publishReq({ goal: 'awareness', targeting: { ageMin: 25, ageMax: 54, geo: { mode: 'range_locations', included: [{ latitude: 47.37, longitude: 8.54, radius: 20, unit: 'kilometer', countryCode: 'CH' }], excluded: [] }, advantageAudience: true }, dsa: null }));
    const aw = fake.requests.filter((r) => r.path === 'act_111/adsets').at(-1)!;
    expect(aw.params.optimization_goal).toBe('REACH');
    expect(aw.params.dsa_beneficiary).toBeUndefined();
  });

  it('refuses an EU audience without DSA names and a fractional budget before calling Meta', async () => {
    const before = fake.requests.length;
    expect((await failure(client.publish(T, publishReq({ dsa: null })))).code).toBe('error.connect.facebook.invalid_request');
    expect((await failure(client.publish(T, publishReq({ lifetimeBudgetMinor: 400.5 })))).code).toBe('error.connect.facebook.invalid_request');
    expect(fake.requests.length).toBe(before);
  });

  it('deletes the campaign again when a later step fails', async () => {
    fake.failNext(/adcreatives$/, 400, { error: { code: 100, message: 'Invalid parameter', error_user_title: 'Image too small', error_user_msg: 'Das Bild ist zu klein.' } });
    const err = await failure(client.publish(T, publishReq()));
    expect(err.message).toBe('Das Bild ist zu klein.');
    expect(fake.requests.at(-1)!.method).toBe('DELETE');
  });
});

describe('running campaigns', () => {
  it('reads insights, counting one purchase action type and converting money to minor units', async () => {
    const [row, empty] = await client.insights(T, { objectIds: ['123', '404404'], since: '2026-12-01', until: '2026-12-07', currency: 'EUR' });
    expect(row).toMatchObject({ impressions: 12345, clicks: 321, spendMinor: 4567, purchases: 7, revenueMinor: 35050, leads: 3 });
    expect(empty).toMatchObject({ impressions: 0, spendMinor: 0 });
  });

  it('changes budget and runtime, status and optimisation', async () => {
    const pub = await client.publish(T, publishReq());
    await client.changeBudgetRuntime(T, { adSetId: pub.adSetId, lifetimeBudgetMinor: 55_000, endTime: new Date('2026-12-24T00:00:00Z') });
    await client.setStatus(T, pub.campaignId, 'ACTIVE');
    await client.setOptimisation(T, pub.adSetId, true);
    const last = fake.requests.at(-1)!;
    expect(JSON.parse(last.params.targeting!).targeting_automation).toEqual({ advantage_audience: 1 });
    await expect(client.changeBudgetRuntime(T, { adSetId: pub.adSetId, lifetimeBudgetMinor: 12.5, endTime: new Date() })).rejects.toBeInstanceOf(MetaError);
  });

  it('edits a running ad set: a new creative, the ad switched to it, the targeting replaced', async () => {
    const req = publishReq();
    const pub = await client.publish(T, req);
    const before = fake.requests.length;
    const edited = { ...req, creative: { ...req.creative, headlines: ['A new headline'] } };
    const { creativeId } = await client.updateAdSet(T, { adAccountId: req.adAccountId, adSetId: pub.adSetId, adId: pub.adId, request: edited });
    expect(creativeId).not.toBe(pub.creativeId);
    const calls = fake.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([`POST act_${req.adAccountId}/adcreatives`, `POST ${pub.adSetId}`, `POST ${pub.adId}`]);
    expect(JSON.parse(fake.requests.at(-1)!.params.creative!)).toEqual({ creative_id: creativeId });
    // An ad the platform does not know is refused by the fake, as Meta would.
    await expect(client.updateAdSet(T, { adAccountId: req.adAccountId, adSetId: pub.adSetId, adId: '999999', request: edited })).rejects.toBeInstanceOf(MetaError);
    expect(fake.problems.splice(0)).toEqual(['POST /999999: creative update of an unknown ad']);
  });
});

describe('error mapping', () => {
  const cases: [number, number | undefined, string, boolean][] = [
    [190, 463, 'error.connect.facebook.invalid_token', false],
    [17, undefined, 'error.connect.facebook.rate_limit', true],
    [80004, 2446079, 'error.connect.facebook.rate_limit', true],
    [200, undefined, 'error.connect.facebook.missing_permissions', false],
    [10, undefined, 'error.connect.facebook.missing_permissions', false],
    [2, undefined, 'error.connect.facebook.graph_api_error', true],
    [1487390, undefined, 'error.connect.facebook.graph_api_error', false],
  ];
  it.each(cases)('Graph code %i/%s → %s', async (code, subcode, ours, retryable) => {
    fake.failNext(/^me$/, 400, { error: { message: 'internal detail', type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'X1' } });
    const err = await failure(client.me(T));
    expect(err.code).toBe(ours);
    expect(err.retryable).toBe(retryable);
    expect(err.message).not.toContain('internal detail');
  });

  it('keeps error_user_msg as the message', async () => {
    fake.failNext(/^me$/, 400, { error: { message: 'x', code: 100, error_user_msg: 'Bitte wähle ein anderes Bild.' } });
    expect((await failure(client.me(T))).message).toBe('Bitte wähle ein anderes Bild.');
  });

  it('treats an unknown token as invalid_token', async () => {
    expect((await failure(client.me('revoked-token'))).code).toBe('error.connect.facebook.invalid_token');
  });

  it('refuses a malformed 200 answer with a clear error instead of reading it', async () => {
    fake.failNext(/^me$/, 200, { name: 'no id here' });
    const err = await failure(client.me(T));
    expect(err.code).toBe('error.connect.facebook.graph_api_error');
    expect(err.message).toMatch(/unexpected shape/);
    fake.failNext(/^me\/adaccounts$/, 200, { data: [{ id: 'act_1', account_id: '1', name: 'x', currency: 'EURO', account_status: 1 }] });
    expect((await failure(client.assets(T))).code).toBe('error.connect.facebook.graph_api_error');
    fake.failNext(/^me$/, 200, 'not json at all');
    expect((await failure(client.me(T))).code).toBe('error.connect.facebook.graph_api_error');
  });

  it('maps a timeout and a refused connection to the retryable api_error', async () => {
    const slow = new GraphAdPlatform({ ...FAKE_APP, baseUrl: fake.url, dialogUrl: 'x', timeoutMs: 100 });
    fake.delayNext(/^me$/, 400);
    const t = await failure(slow.me(T));
    expect([t.code, t.retryable]).toEqual(['error.connect.facebook.api_error', true]);
    const down = new GraphAdPlatform({ ...FAKE_APP, baseUrl: 'http://127.0.0.1:9', dialogUrl: 'x', timeoutMs: 1000 });
    const n = await failure(down.me(T));
    expect([n.code, n.retryable]).toEqual(['error.connect.facebook.api_error', true]);
  });
});
