// The sandbox ad platform: deterministic per partner, the documented OAuth round trip, warning
// paths, the same publish rules as the Graph client, deterministic insights.
import { describe, expect, it } from 'vitest';
import { MetaError } from '../../../src/server/adapters/meta/errors';
import { createAdPlatform } from '../../../src/server/adapters/meta/index';
import { SANDBOX_CONSENT_PATH, SandboxAdPlatform, dailyDelivery, sandboxAuthorizationCode, sandboxToken } from '../../../src/server/adapters/meta/sandbox';
import type { CreativeSpec, PublishRequest } from '../../../src/server/adapters/meta/types';

let clock = new Date('2026-11-24T10:00:00Z');
const sb = new SandboxAdPlatform(() => clock);
const tokenFor = (partnerId: string) => sandboxToken(partnerId, clock);

async function failure(p: Promise<unknown>): Promise<MetaError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(MetaError);
  return err as MetaError;
}

describe('choice of platform', () => {
  it('is the sandbox without app credentials and the Graph client with both', () => {
    const base = { graphUrl: 'https://graph.facebook.com', dialogUrl: 'https://www.facebook.com', timeoutMs: 1000 };
    expect(createAdPlatform({ ...base, appId: undefined, appSecret: undefined }).kind).toBe('sandbox');
    expect(createAdPlatform({ ...base, appId: '1', appSecret: undefined }).kind).toBe('sandbox');
    expect(createAdPlatform({ ...base, appId: '1', appSecret: 's' }).kind).toBe('graph');
  });
});

describe('sandbox OAuth', () => {
  it('sends the popup to our consent page with client, redirect, state and scopes', () => {
    const url = new URL(sb.loginUrl({ state: 'abc', redirectUri: 'http://127.0.0.1:4641/fb-callback' }), 'http://127.0.0.1:4641');
    expect(url.pathname).toBe(SANDBOX_CONSENT_PATH);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ state: 'abc', redirect_uri: 'http://127.0.0.1:4641/fb-callback', response_type: 'code' });
    expect(url.searchParams.get('scope')).toContain('ads_management');
  });

  it('trades the consent code for a 60-day token of that partner’s sandbox user', async () => {
    const token = await sb.exchangeCode(sandboxAuthorizationCode('1001'), 'http://127.0.0.1:4641/fb-callback');
    expect(token.expiresAt!.getTime() - clock.getTime()).toBe(60 * 24 * 3600 * 1000);
    expect((await sb.me(token.accessToken)).id).toBe((await sb.me(tokenFor('1001'))).id);
    expect((await sb.me(token.accessToken)).id).not.toBe((await sb.me(tokenFor('1002'))).id);
  });

  it('answers a forged code or an expired token like Meta’s code 190', async () => {
    expect((await failure(sb.exchangeCode('not-a-code', 'x'))).code).toBe('error.connect.facebook.invalid_token');
    const old = sandboxToken('1001', new Date(clock.getTime() - 61 * 24 * 3600 * 1000));
    expect((await failure(sb.assets(old))).code).toBe('error.connect.facebook.invalid_token');
  });
});

describe('seeded assets', () => {
  it('are the same for the same partner and differ between partners', async () => {
    const a = await sb.assets(tokenFor('1001'));
    expect(await sb.assets(tokenFor('1001'))).toEqual(a);
    const b = await sb.assets(tokenFor('1002'));
    expect(b.pages.map((p) => p.id)).not.toEqual(a.pages.map((p) => p.id));
  });

  it('hold pages with Instagram accounts, ad accounts in EUR and CHF, pixels — and assets without permission', async () => {
    const a = await sb.assets(tokenFor('1001'));
    expect(a.adAccounts.filter((x) => x.permitted).map((x) => x.currency).sort()).toEqual(['CHF', 'EUR']);
    expect(a.instagramAccounts.every((ig) => a.pages.some((p) => p.id === ig.pageId))).toBe(true);
    expect(a.pixels.length).toBe(a.adAccounts.length);
    const deniedPage = a.pages.find((p) => !p.permitted)!;
    const deniedAccount = a.adAccounts.find((x) => !x.permitted)!;
    const t = tokenFor('1001');
    expect(await sb.checkAsset(t, { assetClass: 'facebook.profile', id: deniedPage.id })).toMatchObject({ ok: false, reason: 'missing_permissions', code: 'error.connect.facebook.missing_permissions' });
    expect(await sb.checkAsset(t, { assetClass: 'facebook.ad_account', id: deniedAccount.id })).toMatchObject({ ok: false, reason: 'missing_permissions' });
    expect(await sb.checkAsset(t, { assetClass: 'facebook.ad_account', id: a.adAccounts[0]!.id })).toMatchObject({ ok: true });
    // Another partner's asset is not found through this token.
    const other = (await sb.assets(tokenFor('1002'))).adAccounts[0]!;
    expect(await sb.checkAsset(t, { assetClass: 'facebook.ad_account', id: other.id })).toMatchObject({ ok: false, reason: 'not_found', code: 'error.connect.facebook.ad_account_not_found' });
    expect((await failure(sb.conversions(t, deniedAccount.id))).code).toBe('error.connect.facebook.missing_permissions');
  });

  it('lists lead forms, conversions, audiences and page info', async () => {
    const t = tokenFor('1001');
    const a = await sb.assets(t);
    const page = a.pages[0]!;
    const account = a.adAccounts[0]!;
    expect((await sb.leadForms(t, page.id)).map((f) => f.status)).toContain('archived');
    expect((await sb.conversions(t, account.id)).map((c) => c.customEventType)).toEqual(['PURCHASE', 'LEAD', 'OTHER']);
    expect((await sb.audiences(t, account.id)).map((x) => x.subtype).sort()).toEqual(['CUSTOM', 'CUSTOM', 'LOOKALIKE', 'WEBSITE']);
    const info = await sb.pageInfo(t, page.id);
    expect(info.pageName).toBe(page.name);
    expect(info.profilePictureUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  });
});

describe('sandbox creatives and publishing', () => {
  const setup = async (partner = '1001') => {
    const t = tokenFor(partner);
    const a = await sb.assets(t);
    const eur = a.adAccounts.find((x) => x.currency === 'EUR' && x.permitted)!;
    const page = a.pages.find((p) => p.permitted)!;
    const creative: CreativeSpec = {
      pageId: page.id,
      instagramAccountId: page.instagramAccountId,
      headlines: ['<script>alert(1)</script> Tonight', 'Last seats'],
      bodies: ['Beethoven’s Ninth & friends'],
      media: [{ type: 'image', url: 'https://cdn.example/ninth.jpg' }],
      destinationUrls: ['https://tickets.example/ninth'],
      callToAction: 'BUY_TICKETS',
    };
    const req: PublishRequest = {
      adAccountId: eur.id, name: 'Ninth', goal: 'sales', lifetimeBudgetMinor: 40_000, currency: 'EUR',
      startTime: new Date('2026-12-01T00:00:00Z'), endTime: new Date('2026-12-20T00:00:00Z'),
      targeting: { ageMin: 18, ageMax: 65, geo: { mode: 'postal_codes', keys: ['DE:10115'] }, advantageAudience: false },
      creative, pixelId: a.pixels.find((p) => p.adAccountId === eur.id)!.id, customEventType: 'PURCHASE',
      dsa: { beneficiary: 'Konzerthaus', payor: 'Konzerthaus GmbH' }, status: 'PAUSED',
    };
    return { t, a, req, creative, eur };
  };

  it('renders one escaped HTML preview per placement and variation', async () => {
    const { t, eur, creative } = await setup();
    const res = await sb.previews(t, { adAccountId: eur.id, creative });
    expect(res.length).toBe(2 * 4);
    expect(new Set(res.map((p) => p.placement))).toEqual(new Set(['facebook_feed_desktop', 'facebook_feed_mobile', 'instagram_feed', 'instagram_reels']));
    expect(res[0]!.html).not.toContain('<script>');
    expect(res[0]!.html).toContain('&lt;script&gt;');
    expect(res[0]!.html).toContain('Sandbox preview');
    expect(res.find((p) => p.variation.headline === 2)!.html).toContain('Last seats');
  });

  it('returns the same ids for the same request', async () => {
    const { t, req } = await setup();
    const first = await sb.publish(t, req);
    expect(await sb.publish(t, req)).toEqual(first);
    expect(await sb.publish(t, { ...req, lifetimeBudgetMinor: 40_100 })).not.toEqual(first);
  });

  it('refuses what Meta refuses: EU without DSA names, fractional budgets, wrong currency, no pixel, no permission', async () => {
    const { t, a, req } = await setup();
    expect((await failure(sb.publish(t, { ...req, dsa: null }))).code).toBe('error.connect.facebook.invalid_request');
    expect((await failure(sb.publish(t, { ...req, lifetimeBudgetMinor: 399.5 }))).code).toBe('error.connect.facebook.invalid_request');
    expect((await failure(sb.publish(t, { ...req, currency: 'CHF' }))).message).toContain('EUR');
    expect((await failure(sb.publish(t, { ...req, pixelId: null }))).code).toBe('error.connect.facebook.invalid_request');
    const denied = a.adAccounts.find((x) => !x.permitted)!;
    expect((await failure(sb.publish(t, { ...req, adAccountId: denied.id }))).code).toBe('error.connect.facebook.missing_permissions');
    // Outside the EU no DSA names are needed.
    await expect(sb.publish(t, { ...req, dsa: null, targeting: { ...req.targeting, geo: { mode: 'countries', countryCodes: ['CH'] } } })).resolves.toBeTruthy();
  });

  it('changes budget, runtime, status and optimisation of its own objects only', async () => {
    const { t, req } = await setup();
    const pub = await sb.publish(t, req);
    await sb.changeBudgetRuntime(t, { adSetId: pub.adSetId, lifetimeBudgetMinor: 50_000, endTime: new Date('2026-12-24T00:00:00Z') });
    await sb.setStatus(t, pub.campaignId, 'ACTIVE');
    await sb.setOptimisation(t, pub.adSetId, true);
    expect((await failure(sb.changeBudgetRuntime(t, { adSetId: pub.campaignId, lifetimeBudgetMinor: 50_000, endTime: new Date('2026-12-24T00:00:00Z') }))).code).toBe('error.connect.facebook.not_found');
    expect((await failure(sb.changeBudgetRuntime(t, { adSetId: pub.adSetId, lifetimeBudgetMinor: 50_000.5, endTime: new Date('2026-12-24T00:00:00Z') }))).code).toBe('error.connect.facebook.invalid_request');
  });
});

describe('sandbox insights', () => {
  it('are deterministic from id and dates, add up over days and stop at today', async () => {
    const t = tokenFor('1001');
    const req = { objectIds: ['9100000000001'], since: '2026-11-20', until: '2026-11-30', currency: 'EUR' };
    const [all] = await sb.insights(t, req);
    expect(await sb.insights(t, req)).toEqual([all]);
    const [first] = await sb.insights(t, { ...req, until: '2026-11-22' });
    const [rest] = await sb.insights(t, { ...req, since: '2026-11-23' });
    expect(all!.impressions).toBe(first!.impressions + rest!.impressions);
    expect(all!.spendMinor).toBe(first!.spendMinor + rest!.spendMinor);
    // 20.–24. November delivered; the 25th onwards lies after the clock.
    const expected = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].reduce((s, d) => s + dailyDelivery('9100000000001', d).impressions, 0);
    expect(all!.impressions).toBe(expected);
    clock = new Date('2026-12-05T10:00:00Z');
    const [later] = await sb.insights(sandboxToken('1001', clock), req);
    expect(later!.impressions).toBeGreaterThan(all!.impressions);
    clock = new Date('2026-11-24T10:00:00Z');
  });

  it('stay within the documented daily ranges', () => {
    for (let i = 0; i < 200; i++) {
      const d = dailyDelivery(`obj-${i}`, '2026-11-24');
      expect(d.impressions).toBeGreaterThanOrEqual(400);
      expect(d.impressions).toBeLessThan(2000);
      expect(d.clicks / d.impressions).toBeLessThan(0.0185);
      expect(d.spendMinor / d.impressions).toBeGreaterThanOrEqual(0.6 - 0.01);
      expect(d.purchases).toBeLessThanOrEqual(d.clicks);
    }
  });
});

describe('sandbox geography', () => {
  it('answers location search, postal-code matching and radius through the token', async () => {
    const t = tokenFor('1001');
    expect((await sb.searchLocations(t, { q: 'Graz', types: ['city'] }))[0]).toMatchObject({ name: 'Graz', countryCode: 'AT' });
    expect((await sb.matchPostalCodes(t, 'DE', ['10115', '12'])).unmatched).toEqual(['12']);
    expect((await sb.suggestRadius(t, 52.52, 13.4, 'kilometer')).radius).toBe(17);
    expect((await failure(sb.searchLocations('bogus', { q: 'Graz' }))).code).toBe('error.connect.facebook.invalid_token');
  });
});
