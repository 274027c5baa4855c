// The real ad platform: a thin typed client of the Graph Marketing API (no
// facebook-nodejs-business-sdk: STACK.md "Known traps"). Paths and parameters follow Meta's
// documentation for GRAPH_API_VERSION; graph-mapping.ts builds the write bodies.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { MetaError } from './errors';
import { batches, SHA256_HEX } from './audience-hash';
import { GRAPH_API_VERSION, GraphHttp, type GraphHttpOptions } from './graph-http';
import {
  AD_FORMAT,
  adSetParams,
  campaignParams,
  creativeParams,
  singleStorySpec,
  targetingParams,
  toMinor,
  previewVariations,
} from './graph-mapping';
import * as S from './graph-schemas';
import { tokenExpiry } from './tokens';
import {
  type AdAccountAsset,
  type AdPlatform,
  type AdPreview,
  type AdSetUpdate,
  type AssetCheck,
  type AssetRef,
  type Audience,
  type AudienceSubtype,
  type Conversion,
  type CustomEventType,
  type DeliveryStatus,
  type DistanceUnit,
  type GeoLocation,
  type GeoType,
  type Insights,
  type InsightsRequest,
  type LeadForm,
  type LocationSearch,
  type LoginUrlRequest,
  MAX_PREVIEW_VARIATIONS,
  META_SCOPES,
  type MetaToken,
  type PageAsset,
  type PageInfo,
  type PlatformUser,
  type PostalCodeMatch,
  PREVIEW_PLACEMENTS,
  type PreviewRequest,
  type PublishRequest,
  type PublishResult,
  type CampaignPublishRequest,
  type CampaignPublishResult,
  adSetPublishRequest,
  type RadiusSuggestion,
  type TokenAssets,
  type BudgetRuntimeChange,
  type AudienceUpload,
  type CustomAudienceRequest,
} from './types';

export const CUSTOM_EVENT_TYPES: readonly CustomEventType[] = [
  'PURCHASE',
  'LEAD',
  'COMPLETE_REGISTRATION',
  'ADD_TO_CART',
  'INITIATED_CHECKOUT',
  'CONTENT_VIEW',
  'SEARCH',
  'OTHER',
];

// The insights `action_type` each figure is read from (Meta reports purchases under several
// variants; counting more than one would double them).
export const PURCHASE_ACTION = 'offsite_conversion.fb_pixel_purchase';
export const LEAD_ACTIONS = ['lead', 'onsite_conversion.lead_grouped'] as const;

const AUDIENCE_SUBTYPES: readonly AudienceSubtype[] = ['CUSTOM', 'WEBSITE', 'LOOKALIKE', 'ENGAGEMENT'];
/** Meta has more subtypes (APP, OFFLINE_CONVERSION, …); the wizard filters by these few. */
const audienceSubtype = (s: string | undefined): AudienceSubtype => (AUDIENCE_SUBTYPES as readonly (string | undefined)[]).includes(s) ? (s as AudienceSubtype) : 'OTHER';

const ACCOUNT_STATUS: Record<number, AdAccountAsset['status']> = { 1: 'active', 2: 'disabled', 3: 'unsettled', 101: 'closed' };

export interface GraphClientOptions extends GraphHttpOptions {
  /** `https://www.facebook.com` (the login dialog's host). */
  dialogUrl: string;
}

export class GraphAdPlatform implements AdPlatform {
  readonly kind = 'graph' as const;
  private readonly http: GraphHttp;

  constructor(
    private readonly opts: GraphClientOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.http = new GraphHttp(opts);
  }

  loginUrl(req: LoginUrlRequest): string {
    const url = new URL(`${this.opts.dialogUrl.replace(/\/$/, '')}/${GRAPH_API_VERSION}/dialog/oauth`);
    url.searchParams.set('client_id', this.opts.appId);
    url.searchParams.set('redirect_uri', req.redirectUri);
    url.searchParams.set('state', req.state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', [...new Set([...META_SCOPES, ...(req.scopes ?? [])])].join(','));
    return url.toString();
  }

  async exchangeCode(code: string, redirectUri: string): Promise<MetaToken> {
    const short = await this.http.get(
      'oauth/access_token',
      null,
      { client_id: this.opts.appId, client_secret: this.opts.appSecret, redirect_uri: redirectUri, code },
      S.AccessToken,
    );
    return this.exchangeForLongLived(short.access_token);
  }

  async exchangeForLongLived(shortLivedToken: string): Promise<MetaToken> {
    const res = await this.http.get(
      'oauth/access_token',
      null,
      { grant_type: 'fb_exchange_token', client_id: this.opts.appId, client_secret: this.opts.appSecret, fb_exchange_token: shortLivedToken },
      S.AccessToken,
    );
    return { accessToken: res.access_token, expiresAt: tokenExpiry(res.expires_in, this.now()), tokenType: 'USER' };
  }

  me(token: string): Promise<PlatformUser> {
    return this.http.get('me', token, { fields: 'id,name' }, S.Me);
  }

  async assets(token: string): Promise<TokenAssets> {
    const [user, pageRows, accountRows] = await Promise.all([
      this.me(token),
      this.http.list('me/accounts', token, { fields: 'id,name,tasks,instagram_business_account{id,username}' }, S.PageRow),
      this.http.list('me/adaccounts', token, { fields: 'id,account_id,name,currency,account_status,timezone_name,user_tasks' }, S.AdAccountRow),
    ]);
    const pages = pageRows.map(toPage);
    const adAccounts = accountRows.map(toAdAccount);
    const pixels = (
      await Promise.all(
        adAccounts.map(async (a) =>
          (await this.http.list(`act_${a.id}/adspixels`, token, { fields: 'id,name' }, S.PixelRow, 'ad_account')).map((p) => ({
            assetClass: 'facebook.pixel' as const,
            id: p.id,
            name: p.name,
            adAccountId: a.id,
            permitted: a.permitted,
          })),
        ),
      )
    ).flat();
    const instagramAccounts = pageRows
      .filter((p) => p.instagram_business_account)
      .map((p) => ({
        assetClass: 'instagram.profile' as const,
        id: p.instagram_business_account!.id,
        name: p.instagram_business_account!.username ?? p.name,
        username: p.instagram_business_account!.username ?? '',
        pageId: p.id,
        permitted: pageAdvertises(p),
      }));
    return { user, pages, instagramAccounts, adAccounts, pixels };
  }

  async checkAsset(token: string, ref: AssetRef): Promise<AssetCheck> {
    try {
      switch (ref.assetClass) {
        case 'facebook.profile': {
          const rows = await this.http.list('me/accounts', token, { fields: 'id,name,tasks,instagram_business_account{id,username}' }, S.PageRow);
          const row = rows.find((r) => r.id === ref.id);
          if (!row) return notOk('not_found', 'page_not_found');
          const page = toPage(row);
          return page.permitted ? { ok: true, asset: page } : notOk('missing_permissions', 'missing_permissions');
        }
        case 'facebook.ad_account': {
          const row = await this.http.get(`act_${ref.id}`, token, { fields: 'id,account_id,name,currency,account_status,timezone_name,user_tasks' }, S.AdAccountRow, 'ad_account');
          const account = toAdAccount(row);
          if (!account.permitted) return notOk('missing_permissions', 'missing_permissions');
          if (account.status !== 'active') return notOk('inactive', 'ad_account_not_found');
          return { ok: true, asset: account };
        }
        case 'facebook.pixel': {
          const row = await this.http.get(ref.id, token, { fields: 'id,name,owner_ad_account{account_id}' }, S.PixelRow.extend({ owner_ad_account: z.object({ account_id: z.string() }).optional() }));
          return { ok: true, asset: { assetClass: 'facebook.pixel', id: row.id, name: row.name, adAccountId: row.owner_ad_account?.account_id ?? '', permitted: true } };
        }
        case 'instagram.profile': {
          const row = await this.http.get(ref.id, token, { fields: 'id,username' }, S.InstagramRow);
          return { ok: true, asset: { assetClass: 'instagram.profile', id: row.id, name: row.username, username: row.username, pageId: null, permitted: true } };
        }
      }
    } catch (err) {
      if (err instanceof MetaError && err.reason === 'missing_permissions') return notOk('missing_permissions', 'missing_permissions');
      if (err instanceof MetaError && ['not_found', 'ad_account_not_found', 'page_not_found'].includes(err.reason)) return notOk('not_found', err.reason);
      throw err;
    }
  }

  async leadForms(token: string, pageId: string): Promise<LeadForm[]> {
    // Lead forms are read with the page's own token, which the user token hands out.
    const page = await this.http.get(pageId, token, { fields: 'access_token' }, S.PageToken, 'page');
    const rows = await this.http.list(`${pageId}/leadgen_forms`, page.access_token, { fields: 'id,name,status' }, S.LeadFormRow, 'page');
    return rows.map((r) => ({ id: r.id, name: r.name, status: r.status === 'ACTIVE' ? 'active' : r.status === 'ARCHIVED' ? 'archived' : 'other' }));
  }

  async conversions(token: string, adAccountId: string): Promise<Conversion[]> {
    const rows = await this.http.list(`act_${adAccountId}/customconversions`, token, { fields: 'id,name,custom_event_type,pixel' }, S.CustomConversionRow, 'ad_account');
    return rows.map((r) => {
      const type = (CUSTOM_EVENT_TYPES as readonly string[]).includes(r.custom_event_type ?? '') ? (r.custom_event_type as CustomEventType) : 'OTHER';
      return { id: r.id, name: r.name, type: type === 'OTHER' ? 'other' : 'custom_event', customEventType: type, pixelId: r.pixel?.id ?? null };
    });
  }

  customEventTypes(): readonly CustomEventType[] {
    return CUSTOM_EVENT_TYPES;
  }

  async audiences(token: string, adAccountId: string): Promise<Audience[]> {
    const rows = await this.http.list(`act_${adAccountId}/customaudiences`, token, { fields: 'id,name,subtype,approximate_count_lower_bound' }, S.AudienceRow, 'ad_account');
    return rows.map((r) => ({ id: r.id, name: r.name, subtype: audienceSubtype(r.subtype), approximateSize: r.approximate_count_lower_bound ?? null }));
  }

  async pageInfo(token: string, pageId: string): Promise<PageInfo> {
    const res = await this.http.get(pageId, token, { fields: 'name,picture{url}' }, S.PageInfo, 'page');
    return { pageName: res.name, profilePictureUrl: res.picture?.data.url ?? null };
  }

  async searchLocations(token: string, search: LocationSearch): Promise<GeoLocation[]> {
    const res = await this.http.get(
      'search',
      token,
      {
        type: 'adgeolocation',
        q: search.q,
        ...(search.types?.length ? { location_types: search.types } : {}),
        ...(search.countryCode ? { country_code: search.countryCode.toUpperCase() } : {}),
        limit: search.limit ?? 25,
      },
      S.GeoSearch,
    );
    return res.data.map(toGeo);
  }

  async matchPostalCodes(token: string, countryCode: string, codes: readonly string[]): Promise<PostalCodeMatch> {
    const cc = countryCode.toUpperCase();
    const typed = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
    if (!typed.length) return { matched: [], unmatched: [] };
    const keyOf = (code: string) => `${cc}:${code.toUpperCase()}`;
    const res = await this.http.get('search', token, { type: 'adgeolocationmeta', zips: typed.map(keyOf) }, S.GeoMeta);
    const found = res.data.zips ?? {};
    return {
      matched: typed.filter((c) => found[keyOf(c)]).map((c) => toGeo(found[keyOf(c)]!)),
      unmatched: typed.filter((c) => !found[keyOf(c)]),
    };
  }

  async suggestRadius(token: string, latitude: number, longitude: number, unit: DistanceUnit): Promise<RadiusSuggestion> {
    const res = await this.http.get('search', token, { type: 'adradiussuggestion', latitude, longitude, distance_unit: unit }, S.RadiusSuggestion);
    const first = res.data[0]!;
    return { radius: first.suggested_radius, unit: first.distance_unit };
  }

  async uploadImage(token: string, adAccountId: string, bytes: Uint8Array, filename: string): Promise<{ hash: string; url: string | null }> {
    const res = await this.http.post(`act_${adAccountId}/adimages`, token, { bytes: Buffer.from(bytes).toString('base64'), name: filename }, S.AdImages, 'ad_account');
    const first = Object.values(res.images)[0];
    if (!first) throw new MetaError('graph_api_error', 'Meta stored no image.');
    return { hash: first.hash, url: first.url ?? null };
  }

  async uploadVideo(token: string, adAccountId: string, fileUrl: string, name: string): Promise<{ videoId: string }> {
    const res = await this.http.post(`act_${adAccountId}/advideos`, token, { file_url: fileUrl, name }, S.Created, 'ad_account');
    return { videoId: res.id };
  }

  async previews(token: string, req: PreviewRequest): Promise<AdPreview[]> {
    const placements = req.placements?.length ? req.placements : PREVIEW_PLACEMENTS;
    const combos = previewVariations(req.creative, req.variations, MAX_PREVIEW_VARIATIONS);
    const out: AdPreview[] = [];
    // One combination at a time: a dynamic creative's own preview shows only the combination
    // Meta picks, while the preview modal lets people switch each one off.
    for (const v of combos) {
      const spec = singleStorySpec(req.creative, { headline: v.headline - 1, body: v.body - 1, media: v.media - 1, url: v.url - 1 });
      for (const placement of placements) {
        const res = await this.http.get(`act_${req.adAccountId}/generatepreviews`, token, { creative: { object_story_spec: spec }, ad_format: AD_FORMAT[placement] }, S.Previews, 'ad_account');
        out.push({ placement, html: res.data[0]!.body, variation: v });
      }
    }
    return out;
  }

  async publish(token: string, req: PublishRequest): Promise<PublishResult> {
    const { lifetimeBudgetMinor, targeting, creative, ...campaign } = req;
    const res = await this.publishCampaign(token, { ...campaign, adSets: [{ name: req.name, lifetimeBudgetMinor, targeting, creative }] });
    return { campaignId: res.campaignId, ...res.adSets[0]! };
  }

  async publishCampaign(token: string, req: CampaignPublishRequest): Promise<CampaignPublishResult> {
    if (!req.adAccountId) throw new MetaError('ad_account_id_required');
    if (!req.adSets.length) throw new MetaError('invalid_request', 'A campaign needs at least one ad set.');
    const perSet = req.adSets.map((_, i) => adSetPublishRequest(req, i));
    // Budget, runtime, DSA and creative shapes of every ad set are checked before anything exists.
    const bodies = perSet.map((r) => ({ adSet: adSetParams(r, 'pending'), creative: creativeParams(r.creative, `${r.name} creative`) }));
    const account = `act_${req.adAccountId}`;
    const campaign = await this.http.post(`${account}/campaigns`, token, campaignParams(perSet[0]!), S.Created, 'ad_account');
    try {
      const adSets: CampaignPublishResult['adSets'] = [];
      for (const [i, r] of perSet.entries()) {
        const set = await this.http.post(`${account}/adsets`, token, { ...bodies[i]!.adSet, campaign_id: campaign.id }, S.Created, 'ad_account');
        const creative = await this.http.post(`${account}/adcreatives`, token, bodies[i]!.creative, S.Created, 'ad_account');
        const ad = await this.http.post(`${account}/ads`, token, { name: r.name, adset_id: set.id, creative: { creative_id: creative.id }, status: req.status }, S.Created, 'ad_account');
        adSets.push({ adSetId: set.id, creativeId: creative.id, adId: ad.id });
      }
      return { campaignId: campaign.id, adSets };
    } catch (err) {
      // Leave no half-built campaign behind; deleting a campaign deletes its ad sets and ads.
      await this.deleteCampaign(token, campaign.id).catch(() => undefined);
      throw err;
    }
  }

  async deleteCampaign(token: string, campaignId: string): Promise<void> {
    await this.http.delete(campaignId, token);
  }

  async createCustomAudience(token: string, req: CustomAudienceRequest): Promise<{ id: string }> {
    if (!req.adAccountId) throw new MetaError('ad_account_id_required');
    // A customer list: subtype CUSTOM; the addresses were given to the partner by its customers.
    const body = { name: req.name, subtype: 'CUSTOM', description: req.description, customer_file_source: 'USER_PROVIDED_ONLY' };
    return this.http.post(`act_${req.adAccountId}/customaudiences`, token, body, S.Created, 'ad_account');
  }

  async addAudienceMembers(token: string, audienceId: string, emailHashes: readonly string[]): Promise<AudienceUpload> {
    // Defence in depth: only hashes go out, whatever the caller passed.
    if (emailHashes.some((h) => !SHA256_HEX.test(h))) throw new MetaError('invalid_request', 'Only SHA-256 hashes of normalised emails can be sent to Meta.');
    const parts = batches(emailHashes);
    // One upload session (Meta: session_id, batch_seq from 1, last_batch_flag on the last batch).
    const sessionId = randomInt(1, 2 ** 47);
    let received = 0;
    let invalid = 0;
    for (const [i, data] of parts.entries()) {
      const res = await this.http.post(
        `${audienceId}/users`,
        token,
        {
          payload: { schema: 'EMAIL_SHA256', data },
          session: { session_id: sessionId, batch_seq: i + 1, last_batch_flag: i === parts.length - 1, estimated_num_total: emailHashes.length },
        },
        S.AudienceUsers,
      );
      received += res.num_received;
      invalid += res.num_invalid_entries;
    }
    return { received, invalid, batches: parts.length };
  }


  async insights(token: string, req: InsightsRequest): Promise<Insights[]> {
    return Promise.all(
      req.objectIds.map(async (id) => {
        const res = await this.http.get(
          `${id}/insights`,
          token,
          { fields: 'impressions,clicks,spend,actions,action_values', time_range: { since: req.since, until: req.until } },
          S.Insights,
        );
        return sumInsights(id, res.data, req);
      }),
    );
  }

  async changeBudgetRuntime(token: string, change: BudgetRuntimeChange): Promise<void> {
    if (!Number.isInteger(change.lifetimeBudgetMinor) || change.lifetimeBudgetMinor <= 0) {
      throw new MetaError('invalid_request', 'The budget must be a positive whole number of minor currency units.');
    }
    await this.http.post(
      change.adSetId,
      token,
      { lifetime_budget: change.lifetimeBudgetMinor, end_time: change.endTime.toISOString(), ...(change.startTime ? { start_time: change.startTime.toISOString() } : {}) },
      S.Success,
    );
  }

  async updateAdSet(token: string, u: AdSetUpdate): Promise<{ creativeId: string }> {
    if (!u.adAccountId) throw new MetaError('ad_account_id_required');
    const r = u.request;
    // Checked before anything changes, as a publish is.
    const body = creativeParams(r.creative, `${r.name} creative`);
    const targeting = targetingParams(r.targeting, Boolean(r.creative.instagramAccountId));
    const creative = await this.http.post(`act_${u.adAccountId}/adcreatives`, token, body, S.Created, 'ad_account');
    await this.http.post(u.adSetId, token, { targeting }, S.Success);
    await this.http.post(u.adId, token, { creative: { creative_id: creative.id } }, S.Success);
    return { creativeId: creative.id };
  }

  async setStatus(token: string, objectId: string, status: DeliveryStatus): Promise<void> {
    await this.http.post(objectId, token, { status }, S.Success);
  }

  async setOptimisation(token: string, adSetId: string, enabled: boolean): Promise<void> {
    // Targeting is replaced whole on update: read it, change the one flag, write it back.
    const current = await this.http.get(adSetId, token, { fields: 'targeting' }, S.AdSetTargeting);
    await this.http.post(adSetId, token, { targeting: { ...current.targeting, targeting_automation: { advantage_audience: enabled ? 1 : 0 } } }, S.Success);
  }
}

function notOk(reason: 'not_found' | 'missing_permissions' | 'inactive', code: string): AssetCheck {
  return { ok: false, reason, code: `error.connect.facebook.${code}` };
}

/** A page can carry ads when the user's tasks on it include ADVERTISE (or full MANAGE). */
function pageAdvertises(p: z.infer<typeof S.PageRow>): boolean {
  return !p.tasks || p.tasks.includes('ADVERTISE') || p.tasks.includes('MANAGE');
}

function toPage(p: z.infer<typeof S.PageRow>): PageAsset {
  return { assetClass: 'facebook.profile', id: p.id, name: p.name, permitted: pageAdvertises(p), instagramAccountId: p.instagram_business_account?.id ?? null };
}

function toAdAccount(a: z.infer<typeof S.AdAccountRow>): AdAccountAsset {
  const tasks = a.user_tasks;
  return {
    assetClass: 'facebook.ad_account',
    id: a.account_id,
    name: a.name,
    currency: a.currency.toUpperCase(),
    status: ACCOUNT_STATUS[a.account_status] ?? 'other',
    timezone: a.timezone_name ?? 'UTC',
    permitted: !tasks || tasks.includes('ADVERTISE') || tasks.includes('MANAGE'),
  };
}

function toGeo(r: z.infer<typeof S.GeoRow>): GeoLocation {
  return {
    key: r.key,
    name: r.name,
    type: r.type as GeoType,
    countryCode: r.country_code ?? '',
    countryName: r.country_name ?? '',
    region: r.region ?? null,
    regionId: r.region_id ?? null,
    primaryCity: r.primary_city ?? null,
    primaryCityId: r.primary_city_id ?? null,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
  };
}

function sumInsights(objectId: string, rows: z.infer<typeof S.InsightsRow>[], req: InsightsRequest): Insights {
  const count = (list: { action_type: string; value: string }[] | undefined, types: readonly string[]) =>
    (list ?? []).filter((a) => types.includes(a.action_type)).reduce((s, a) => s + (Number(a.value) || 0), 0);
  const firstOf = (list: { action_type: string; value: string }[] | undefined, types: readonly string[]) => {
    const hit = types.map((t) => (list ?? []).find((a) => a.action_type === t)).find(Boolean);
    return hit ? Number(hit.value) || 0 : 0;
  };
  let impressions = 0, clicks = 0, spendMinor = 0, purchases = 0, revenueMinor = 0, leads = 0;
  for (const r of rows) {
    impressions += Number(r.impressions ?? 0) || 0;
    clicks += Number(r.clicks ?? 0) || 0;
    spendMinor += toMinor(r.spend, req.currency);
    purchases += count(r.actions, [PURCHASE_ACTION]);
    revenueMinor += toMinor(count(r.action_values, [PURCHASE_ACTION]), req.currency);
    leads += firstOf(r.actions, LEAD_ACTIONS);
  }
  return { objectId, impressions, clicks, spendMinor, purchases, revenueMinor, leads, since: req.since, until: req.until };
}
