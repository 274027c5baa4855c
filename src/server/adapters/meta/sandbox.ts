// The sandbox ad platform (the default; docs/SANDBOX-META.md): deterministic answers from the
// partner id, the request and the clock, no network. It enforces the same rules as the Graph
// client (graph-mapping.ts: minor-unit budgets, DSA names, pixel for sales) so a setup that
// passes here is shaped right for Meta too.
import { createHash, randomBytes } from 'node:crypto';
import { MetaError } from './errors';
import { batches, SHA256_HEX } from './audience-hash';
import { CUSTOM_EVENT_TYPES } from './graph-client';
import { adSetParams, campaignParams, creativeParams, previewVariations, targetingParams } from './graph-mapping';
import { geoIndex } from './geo/geo-index';
import { matchPostalCodes, searchLocations } from './geo/geo-search';
import { suggestRadius } from './geo/radius';
import { avatarDataUrl, renderPreview } from './sandbox-previews';
import { type SandboxWorld, fnv32, idKind, sandboxId, sandboxWorld } from './sandbox-seed';
import type {
  AdPlatform,
  AdPreview,
  AdSetUpdate,
  AssetCheck,
  AudienceUpload,
  CustomAudienceRequest,
  AssetRef,
  Audience,
  BudgetRuntimeChange,
  Conversion,
  CustomEventType,
  DeliveryStatus,
  DistanceUnit,
  GeoLocation,
  Insights,
  InsightsRequest,
  LeadForm,
  LocationSearch,
  LoginUrlRequest,
  MetaAsset,
  MetaToken,
  PageInfo,
  PlatformUser,
  PostalCodeMatch,
  PreviewRequest,
  PublishRequest,
  PublishResult,
  CampaignPublishRequest,
  CampaignPublishResult,
  RadiusSuggestion,
  TokenAssets,
} from './types';
import { adSetPublishRequest, MAX_PREVIEW_VARIATIONS, META_SCOPES, PREVIEW_PLACEMENTS } from './types';

/** The consent page of ours that stands in for Meta's login dialog (built with the connect flow). */
export const SANDBOX_CONSENT_PATH = '/sandbox/meta/oauth';
/** Meta's long-lived user tokens last about 60 days; sandbox tokens do too. */
export const SANDBOX_TOKEN_TTL_SEC = 60 * 24 * 3600;
const SHORT_TOKEN_TTL_SEC = 2 * 3600;

// code:  sbx-code.<partnerId>.<nonce>         (what the consent page hands to /fb-callback)
// token: sbx-<short|long|system>.<partnerId>.<issuedAtSec>.<nonce>
const CODE = /^sbx-code\.([A-Za-z0-9_-]{1,64})\.[A-Za-z0-9_-]{8,}$/;
const TOKEN = /^sbx-(short|long|system)\.([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.[A-Za-z0-9_-]{8,}$/;

/** The `code` the sandbox consent page appends to the redirect URI for a partner's sandbox user. */
export function sandboxAuthorizationCode(partnerId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(partnerId)) throw new MetaError('invalid_request', 'Unknown partner.');
  return `sbx-code.${partnerId}.${randomBytes(12).toString('base64url')}`;
}

/** A sandbox token issued at `issuedAt` (tests and the demo use it to show an expired login). */
export function sandboxToken(partnerId: string, issuedAt: Date, kind: 'short' | 'long' | 'system' = 'long'): string {
  return `sbx-${kind}.${partnerId}.${Math.floor(issuedAt.getTime() / 1000)}.${randomBytes(12).toString('base64url')}`;
}

/**
 * The partner's sandbox system user: a Business Manager system user reaching the same assets as
 * the sandbox user, under its own deterministic id and name, so the system-token card can be
 * tried without Meta.
 */
export function sandboxSystemUser(partnerId: string): PlatformUser {
  return { id: sandboxId('user', partnerId, 'system'), name: 'Sandbox System User' };
}

export class SandboxAdPlatform implements AdPlatform {
  readonly kind = 'sandbox' as const;

  constructor(private readonly now: () => Date = () => new Date()) {}

  loginUrl(req: LoginUrlRequest): string {
    const q = new URLSearchParams({
      client_id: 'sandbox',
      redirect_uri: req.redirectUri,
      state: req.state,
      response_type: 'code',
      scope: [...new Set([...META_SCOPES, ...(req.scopes ?? [])])].join(','),
    });
    return `${SANDBOX_CONSENT_PATH}?${q}`;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<MetaToken> {
    const m = CODE.exec(code);
    if (!m || !redirectUri) throw new MetaError('invalid_token', 'The login code is invalid or was already used. Please log in again.');
    return this.exchangeForLongLived(sandboxToken(m[1]!, this.now(), 'short'));
  }

  async exchangeForLongLived(shortLivedToken: string): Promise<MetaToken> {
    const { partnerId } = this.partnerOf(shortLivedToken);
    const now = this.now();
    return { accessToken: sandboxToken(partnerId, now, 'long'), expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_SEC * 1000), tokenType: 'USER' };
  }

  async me(token: string): Promise<PlatformUser> {
    return this.userOf(token);
  }

  async assets(token: string): Promise<TokenAssets> {
    const { pages, instagramAccounts, adAccounts, pixels } = this.world(token);
    return structuredClone({ user: this.userOf(token), pages, instagramAccounts, adAccounts, pixels });
  }

  async checkAsset(token: string, ref: AssetRef): Promise<AssetCheck> {
    const asset = this.findAsset(this.world(token), ref);
    if (!asset) return { ok: false, reason: 'not_found', code: ref.assetClass === 'facebook.ad_account' ? 'error.connect.facebook.ad_account_not_found' : ref.assetClass === 'facebook.profile' ? 'error.connect.facebook.page_not_found' : 'error.connect.facebook.not_found' };
    if (!asset.permitted) return { ok: false, reason: 'missing_permissions', code: 'error.connect.facebook.missing_permissions' };
    return { ok: true, asset: structuredClone(asset) };
  }

  async leadForms(token: string, pageId: string): Promise<LeadForm[]> {
    const w = this.world(token);
    this.permitted(w, { assetClass: 'facebook.profile', id: pageId });
    return structuredClone(w.leadForms[pageId] ?? []);
  }

  async conversions(token: string, adAccountId: string): Promise<Conversion[]> {
    const w = this.world(token);
    this.permitted(w, { assetClass: 'facebook.ad_account', id: adAccountId });
    return structuredClone(w.conversions[adAccountId] ?? []);
  }

  customEventTypes(): readonly CustomEventType[] {
    return CUSTOM_EVENT_TYPES;
  }

  async audiences(token: string, adAccountId: string): Promise<Audience[]> {
    const w = this.world(token);
    this.permitted(w, { assetClass: 'facebook.ad_account', id: adAccountId });
    return structuredClone(w.audiences[adAccountId] ?? []);
  }

  async pageInfo(token: string, pageId: string): Promise<PageInfo> {
    const page = this.findAsset(this.world(token), { assetClass: 'facebook.profile', id: pageId });
    if (!page) throw new MetaError('page_not_found');
    return { pageName: page.name, profilePictureUrl: avatarDataUrl(page.name, fnv32(page.id) % 360) };
  }

  async searchLocations(token: string, search: LocationSearch): Promise<GeoLocation[]> {
    this.partnerOf(token);
    return searchLocations(geoIndex(), search);
  }

  async matchPostalCodes(token: string, countryCode: string, codes: readonly string[]): Promise<PostalCodeMatch> {
    this.partnerOf(token);
    if (!/^[A-Za-z]{2}$/.test(countryCode)) throw new MetaError('invalid_request', 'A country must be chosen first.');
    return matchPostalCodes(geoIndex(), countryCode, codes);
  }

  async suggestRadius(token: string, latitude: number, longitude: number, unit: DistanceUnit): Promise<RadiusSuggestion> {
    this.partnerOf(token);
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) throw new MetaError('invalid_request', 'Invalid coordinates.');
    return suggestRadius(geoIndex(), latitude, longitude, unit);
  }

  async uploadImage(token: string, adAccountId: string, bytes: Uint8Array, _filename: string): Promise<{ hash: string; url: string | null }> {
    this.permitted(this.world(token), { assetClass: 'facebook.ad_account', id: adAccountId });
    if (!bytes.length) throw new MetaError('invalid_request', 'The image is empty.');
    return { hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32), url: null };
  }

  async uploadVideo(token: string, adAccountId: string, fileUrl: string, name: string): Promise<{ videoId: string }> {
    this.permitted(this.world(token), { assetClass: 'facebook.ad_account', id: adAccountId });
    if (!/^https?:\/\//.test(fileUrl)) throw new MetaError('invalid_request', 'The video URL must be http(s).');
    return { videoId: sandboxId('video', adAccountId, fileUrl, name) };
  }

  async previews(token: string, req: PreviewRequest): Promise<AdPreview[]> {
    const w = this.world(token);
    this.permitted(w, { assetClass: 'facebook.ad_account', id: req.adAccountId });
    const page = req.page ?? (await this.pageInfo(token, req.creative.pageId));
    const placements = req.placements?.length ? req.placements : PREVIEW_PLACEMENTS;
    creativeParams(req.creative, 'preview'); // same shape checks as a publish
    return previewVariations(req.creative, req.variations, MAX_PREVIEW_VARIATIONS).flatMap((v) => placements.map((placement) => ({ placement, variation: v, html: renderPreview(placement, req.creative, page, v, req.language) })));
  }

  async publish(token: string, req: PublishRequest): Promise<PublishResult> {
    const { lifetimeBudgetMinor, targeting, creative, ...campaign } = req;
    const res = await this.publishCampaign(token, { ...campaign, adSets: [{ name: req.name, lifetimeBudgetMinor, targeting, creative }] });
    return { campaignId: res.campaignId, ...res.adSets[0]! };
  }

  async publishCampaign(token: string, req: CampaignPublishRequest): Promise<CampaignPublishResult> {
    if (!req.adAccountId) throw new MetaError('ad_account_id_required');
    if (!req.adSets.length) throw new MetaError('invalid_request', 'A campaign needs at least one ad set.');
    const w = this.world(token);
    const account = this.permitted(w, { assetClass: 'facebook.ad_account', id: req.adAccountId });
    if (req.pixelId) this.permitted(w, { assetClass: 'facebook.pixel', id: req.pixelId });
    if (account.assetClass === 'facebook.ad_account' && account.currency !== req.currency.toUpperCase()) {
      throw new MetaError('invalid_request', `The budget must be in the ad account's currency (${account.currency}).`);
    }
    const perSet = req.adSets.map((_, i) => adSetPublishRequest(req, i));
    for (const r of perSet) {
      this.permitted(w, { assetClass: 'facebook.profile', id: r.creative.pageId });
      if (r.creative.instagramAccountId) this.permitted(w, { assetClass: 'instagram.profile', id: r.creative.instagramAccountId });
      // The Graph client's own builders: a request they refuse here would be refused by Meta.
      campaignParams(r);
      adSetParams(r, 'sandbox');
      creativeParams(r.creative, r.name);
    }
    const seed = [req.adAccountId, req.name, req.startTime.toISOString(), req.endTime.toISOString(), ...req.adSets.map((s) => s.lifetimeBudgetMinor)];
    return {
      campaignId: sandboxId('campaign', ...seed),
      adSets: perSet.map((r, i) => ({
        adSetId: sandboxId('adSet', ...seed, i, r.name),
        creativeId: sandboxId('creative', ...seed, i, r.name),
        adId: sandboxId('ad', ...seed, i, r.name),
      })),
    };
  }

  async deleteCampaign(token: string, campaignId: string): Promise<void> {
    this.partnerOf(token);
    if (idKind(campaignId) !== 'campaign') throw new MetaError('not_found');
  }

  /**
   * Deterministic: the same ad account and name give the same audience id (so even a lost
   * answer cannot make a second audience), and the name must be one Meta would take.
   */
  async createCustomAudience(token: string, req: CustomAudienceRequest): Promise<{ id: string }> {
    if (!req.adAccountId) throw new MetaError('ad_account_id_required');
    this.permitted(this.world(token), { assetClass: 'facebook.ad_account', id: req.adAccountId });
    if (!req.name.trim()) throw new MetaError('invalid_request', 'A custom audience needs a name.');
    return { id: sandboxId('audience', req.adAccountId, req.name) };
  }

  /** Checks what Meta checks of an upload (hashes only, batches of at most 10,000) and counts it. */
  async addAudienceMembers(token: string, audienceId: string, emailHashes: readonly string[]): Promise<AudienceUpload> {
    this.partnerOf(token);
    if (idKind(audienceId) !== 'audience') throw new MetaError('not_found');
    if (emailHashes.some((h) => !SHA256_HEX.test(h))) throw new MetaError('invalid_request', 'Only SHA-256 hashes of normalised emails can be sent to Meta.');
    return { received: emailHashes.length, invalid: 0, batches: batches(emailHashes).length };
  }

  async insights(token: string, req: InsightsRequest): Promise<Insights[]> {
    this.partnerOf(token);
    const today = this.now().toISOString().slice(0, 10);
    return req.objectIds.map((objectId) => {
      const sum: Insights = { objectId, impressions: 0, clicks: 0, spendMinor: 0, purchases: 0, revenueMinor: 0, leads: 0, since: req.since, until: req.until };
      for (const day of days(req.since, req.until)) {
        if (day > today) break; // nothing is delivered in the future
        const d = dailyDelivery(objectId, day);
        sum.impressions += d.impressions;
        sum.clicks += d.clicks;
        sum.spendMinor += d.spendMinor;
        sum.purchases += d.purchases;
        sum.revenueMinor += d.revenueMinor;
        sum.leads += d.leads;
      }
      return sum;
    });
  }

  async changeBudgetRuntime(token: string, change: BudgetRuntimeChange): Promise<void> {
    this.partnerOf(token);
    this.object(change.adSetId, 'adSet');
    if (!Number.isInteger(change.lifetimeBudgetMinor) || change.lifetimeBudgetMinor <= 0) throw new MetaError('invalid_request', 'The budget must be a positive whole number of minor currency units.');
    if (change.startTime && change.endTime.getTime() <= change.startTime.getTime()) throw new MetaError('invalid_request', 'The end must come after the start.');
    if (change.endTime.getTime() <= this.now().getTime()) throw new MetaError('invalid_request', 'The end must be in the future.');
  }

  async updateAdSet(token: string, u: AdSetUpdate): Promise<{ creativeId: string }> {
    if (!u.adAccountId) throw new MetaError('ad_account_id_required');
    const w = this.world(token);
    this.permitted(w, { assetClass: 'facebook.ad_account', id: u.adAccountId });
    this.object(u.adSetId, 'adSet');
    if (idKind(u.adId) !== 'ad') throw new MetaError('not_found');
    const r = u.request;
    this.permitted(w, { assetClass: 'facebook.profile', id: r.creative.pageId });
    if (r.creative.instagramAccountId) this.permitted(w, { assetClass: 'instagram.profile', id: r.creative.instagramAccountId });
    // The Graph client's own builders: what they refuse here Meta would refuse.
    creativeParams(r.creative, r.name);
    targetingParams(r.targeting, Boolean(r.creative.instagramAccountId));
    return { creativeId: sandboxId('creative', u.adSetId, JSON.stringify(r.creative), JSON.stringify(r.targeting)) };
  }

  async setStatus(token: string, objectId: string, status: DeliveryStatus): Promise<void> {
    this.partnerOf(token);
    const kind = idKind(objectId);
    if (kind !== 'campaign' && kind !== 'adSet' && kind !== 'ad') throw new MetaError('not_found');
    if (status !== 'ACTIVE' && status !== 'PAUSED') throw new MetaError('invalid_request', 'Unknown status.');
  }

  async setOptimisation(token: string, adSetId: string, _enabled: boolean): Promise<void> {
    this.partnerOf(token);
    this.object(adSetId, 'adSet');
  }

  // ---------------------------------------------------------------------------------------

  /** The partner a sandbox token belongs to; a malformed or expired token is Meta's code 190. */
  private partnerOf(token: string): { partnerId: string; issuedAt: Date } {
    const m = TOKEN.exec(token ?? '');
    if (!m) throw new MetaError('invalid_token');
    const issuedAt = new Date(Number(m[3]) * 1000);
    // A system user's token does not expire (Meta's expires_in is absent for them).
    const ttl = m[1] === 'short' ? SHORT_TOKEN_TTL_SEC : m[1] === 'system' ? Infinity : SANDBOX_TOKEN_TTL_SEC;
    if (issuedAt.getTime() + ttl * 1000 <= this.now().getTime()) throw new MetaError('invalid_token');
    return { partnerId: m[2]!, issuedAt };
  }

  /** The login behind a token: the partner's sandbox user, or its sandbox system user (docs/SANDBOX-META.md). */
  private userOf(token: string): PlatformUser {
    const { partnerId } = this.partnerOf(token);
    return token.startsWith('sbx-system.') ? sandboxSystemUser(partnerId) : sandboxWorld(partnerId).user;
  }

  private world(token: string): SandboxWorld {
    return sandboxWorld(this.partnerOf(token).partnerId);
  }

  private findAsset(w: SandboxWorld, ref: AssetRef): MetaAsset | undefined {
    const list: MetaAsset[] =
      ref.assetClass === 'facebook.profile' ? w.pages : ref.assetClass === 'instagram.profile' ? w.instagramAccounts : ref.assetClass === 'facebook.ad_account' ? w.adAccounts : w.pixels;
    return list.find((a) => a.id === ref.id);
  }

  /** The asset when the token may use it; Meta's 100/33 or 200 otherwise. */
  private permitted(w: SandboxWorld, ref: AssetRef): MetaAsset {
    const asset = this.findAsset(w, ref);
    if (!asset) throw new MetaError(ref.assetClass === 'facebook.ad_account' ? 'ad_account_not_found' : ref.assetClass === 'facebook.profile' ? 'page_not_found' : 'not_found');
    if (!asset.permitted) throw new MetaError('missing_permissions');
    return asset;
  }

  private object(id: string, kind: 'adSet'): void {
    if (idKind(id) !== kind) throw new MetaError('not_found');
  }
}

function* days(since: string, until: string): Generator<string> {
  const end = Date.parse(`${until}T00:00:00Z`);
  for (let t = Date.parse(`${since}T00:00:00Z`), n = 0; t <= end && n < 400; t += 86_400_000, n++) yield new Date(t).toISOString().slice(0, 10);
}

/**
 * One day of delivery of one object, from a hash of id and date (docs/SANDBOX-META.md):
 * 400–1,999 impressions, a click-through rate of 0.8–1.79 %, a CPM of 6.00–11.99 in the account
 * currency, 0–4 % of clicks buying a ticket worth 25.00–74.99, 0–3 % of clicks leaving a lead.
 */
export function dailyDelivery(objectId: string, day: string) {
  const h = fnv32(`${objectId}:${day}`);
  const h2 = fnv32(`${day}:${objectId}`);
  const impressions = 400 + (h % 1600);
  const clicks = Math.round((impressions * (80 + ((h >>> 11) % 100))) / 10_000);
  const spendMinor = Math.round((impressions * (600 + (h2 % 600))) / 1000);
  const purchases = Math.floor((clicks * ((h2 >>> 9) % 5)) / 100);
  const revenueMinor = purchases * (2500 + ((h2 >>> 3) % 5000));
  const leads = Math.floor((clicks * ((h >>> 5) % 4)) / 100);
  return { impressions, clicks, spendMinor, purchases, revenueMinor, leads };
}
