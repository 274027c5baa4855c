// The ad platform of issue 13 (spec 2 §3, §5, §7, §8; spec 1 §5, §7): everything the connect flow,
// the setup wizard and the running-campaign screens need from Meta, in our own names. Two
// implementations: the Graph Marketing API client (graph-client.ts) and the deterministic sandbox
// (sandbox.ts). Ids are the platform's own strings; an ad account id is given without `act_`.

/** ISO 4217 code of an ad account's currency (`EUR`, `CHF`, …). */
export type CurrencyCode = string;

/** What a campaign is for (spec 2 §4 Goal and result rules → Graph objective). */
export type CampaignGoal = 'sales' | 'leads' | 'awareness';

/** The conversion event an ad set optimises for (spec 2 §3 Setup process `custom_event_type`). */
export type CustomEventType =
  | 'PURCHASE'
  | 'LEAD'
  | 'COMPLETE_REGISTRATION'
  | 'ADD_TO_CART'
  | 'INITIATED_CHECKOUT'
  | 'CONTENT_VIEW'
  | 'SEARCH'
  | 'OTHER';

export type DeliveryStatus = 'ACTIVE' | 'PAUSED';

/** Ad placements the preview modal shows (spec 2 §2 Ad preview modal). */
export type PreviewPlacement = 'facebook_feed_desktop' | 'facebook_feed_mobile' | 'instagram_feed' | 'instagram_reels';
/** Previews render at most this many headline × body × media × URL combinations per call. */
export const MAX_PREVIEW_VARIATIONS = 12;

export const PREVIEW_PLACEMENTS: readonly PreviewPlacement[] = ['facebook_feed_desktop', 'facebook_feed_mobile', 'instagram_feed', 'instagram_reels'];

// ---------------------------------------------------------------------------------------------
// OAuth and tokens

/** Where the login popup goes (Meta's `dialog/oauth`, or the sandbox consent page of ours). */
export interface LoginUrlRequest {
  /** Opaque anti-forgery value; the callback (/fb-callback) must receive it back unchanged. */
  state: string;
  /** Absolute URL of our callback page; must be the same in {@link AdPlatform.exchangeCode}. */
  redirectUri: string;
  /** Extra permissions; {@link META_SCOPES} are always asked for. */
  scopes?: readonly string[];
}

/** Permissions the console needs (assets, campaigns, lead forms, page info). */
export const META_SCOPES = ['ads_management', 'ads_read', 'business_management', 'pages_show_list', 'pages_read_engagement', 'leads_retrieval', 'instagram_basic'] as const;

/**
 * A user access token as Meta hands it out. A secret: seal it with `sealMetaToken` before it is
 * stored and never send it to the browser. Meta has no refresh token: when `expiresAt` has passed
 * the owner must log in again.
 */
export interface MetaToken {
  accessToken: string;
  /** Absent when Meta says nothing about the lifetime (system-user tokens never expire). */
  expiresAt: Date | null;
  tokenType: 'USER' | 'SYSTEM';
}

/** The person (or system user) a token belongs to. */
export interface PlatformUser {
  id: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Assets (spec 2 §3 Integration asset; spec 1 §5 Meta assets)

/** Asset classes in display order (spec 2 §9): pages first, they are required. */
export type AssetClass = 'facebook.profile' | 'instagram.profile' | 'facebook.ad_account' | 'facebook.pixel';

interface AssetBase {
  id: string;
  name: string;
  /**
   * Whether the token's user may use this asset for ads. False assets are listed (the screens
   * show a warning with a reconnect link) but cannot be selected.
   */
  permitted: boolean;
}

export interface PageAsset extends AssetBase {
  assetClass: 'facebook.profile';
  /** The Instagram professional account linked to the page, if any. */
  instagramAccountId: string | null;
}

export interface InstagramAsset extends AssetBase {
  assetClass: 'instagram.profile';
  username: string;
  /** The page it is linked to (ads on Instagram run through a page). */
  pageId: string | null;
}

export interface AdAccountAsset extends AssetBase {
  assetClass: 'facebook.ad_account';
  currency: CurrencyCode;
  /** Meta's account status: only 'active' accounts can publish. */
  status: 'active' | 'disabled' | 'unsettled' | 'closed' | 'other';
  timezone: string;
}

export interface PixelAsset extends AssetBase {
  assetClass: 'facebook.pixel';
  adAccountId: string;
}

export type MetaAsset = PageAsset | InstagramAsset | AdAccountAsset | PixelAsset;

/** Everything a token can reach, grouped as the assets page shows it. */
export interface TokenAssets {
  user: PlatformUser;
  pages: PageAsset[];
  instagramAccounts: InstagramAsset[];
  adAccounts: AdAccountAsset[];
  pixels: PixelAsset[];
}

export interface AssetRef {
  assetClass: AssetClass;
  id: string;
}

/** Result of a permission check of one asset (the wizard's accounts step and `assets/enrich`). */
export type AssetCheck =
  | { ok: true; asset: MetaAsset }
  | { ok: false; reason: 'not_found' | 'missing_permissions' | 'inactive'; code: `error.connect.facebook.${string}` };

export interface LeadForm {
  id: string;
  name: string;
  status: 'active' | 'archived' | 'other';
}

/** A custom conversion of an ad account (spec 2 §3 Conversion goal). */
export interface Conversion {
  id: string;
  name: string;
  /** `custom_event` when it wraps a standard event type, `other` for URL rules. */
  type: 'custom_event' | 'other';
  customEventType: CustomEventType;
  pixelId: string | null;
}

/** Meta's `subtype` of a custom audience, folded to the kinds the wizard filters by. */
export type AudienceSubtype = 'CUSTOM' | 'WEBSITE' | 'LOOKALIKE' | 'ENGAGEMENT' | 'OTHER';

export interface Audience {
  id: string;
  name: string;
  subtype: AudienceSubtype;
  /** Meta's lower bound of the audience size; null while it is still being computed. */
  approximateSize: number | null;
}

/** Page name and picture for the ad previews (spec 2 §3 Ad page info). */
export interface PageInfo {
  pageName: string;
  profilePictureUrl: string | null;
}

// ---------------------------------------------------------------------------------------------
// Geography (spec 2 §3 Location; §5 Targeting; §7 Generation and geo)

/** Geography types of spec 2 §9; the sandbox answers country, region, city and zip. */
export type GeoType =
  | 'country'
  | 'country_group'
  | 'region'
  | 'large_geo_area'
  | 'medium_geo_area'
  | 'small_geo_area'
  | 'city'
  | 'place'
  | 'geo_market'
  | 'subcity'
  | 'neighborhood'
  | 'electoral_district'
  | 'county'
  | 'zip'
  | 'custom_location';

/** A targetable location (spec 2 §3 Location). Keys of postal codes are `CC:code` (`DE:10115`). */
export interface GeoLocation {
  key: string;
  name: string;
  type: GeoType;
  countryCode: string;
  countryName: string;
  region: string | null;
  regionId: string | null;
  primaryCity: string | null;
  primaryCityId: string | null;
  /** Centre of the location where the platform gives one (cities, places, zips). */
  latitude: number | null;
  longitude: number | null;
}

export interface LocationSearch {
  q: string;
  /** Empty or absent: every type (spec 2 §7 `location_types` empty). */
  types?: readonly GeoType[];
  countryCode?: string;
  limit?: number;
}

export interface PostalCodeMatch {
  /** Matched codes as targetable locations, in the order asked. */
  matched: GeoLocation[];
  /** Codes (as typed, trimmed) that no location answers. */
  unmatched: string[];
}

export type DistanceUnit = 'kilometer' | 'mile';

export interface RadiusSuggestion {
  radius: number;
  unit: DistanceUnit;
}

// ---------------------------------------------------------------------------------------------
// Creatives, previews and publishing (spec 2 §3 Creative, Targeting, Setup process)

export type MediaRef =
  /** An image by URL (Meta fetches it) or by the hash of an uploaded ad image. */
  | { type: 'image'; url: string; hash?: string }
  | { type: 'video'; videoId: string; thumbnailUrl: string };

/** Call-to-action buttons the spec's dropdown offers (Graph `call_to_action_types`). */
export type CallToAction = 'BUY_TICKETS' | 'LEARN_MORE' | 'SHOP_NOW' | 'SIGN_UP' | 'BOOK_NOW' | 'GET_OFFER' | 'SUBSCRIBE' | 'CONTACT_US' | 'APPLY_NOW';

/**
 * The creative of one ad set: every headline × body × media × URL combination is a variation
 * (spec 2 §3 Variation id). One of each makes a plain ad; more make a dynamic creative.
 */
export interface CreativeSpec {
  pageId: string;
  instagramAccountId?: string | null;
  headlines: string[];
  bodies: string[];
  media: MediaRef[];
  destinationUrls: string[];
  callToAction: CallToAction;
  description?: string | null;
  /** Lead ads: the form the call to action opens. */
  leadFormId?: string | null;
}

export interface RadiusLocation {
  /** A city or place key from the location search, or a custom point. */
  key?: string;
  latitude: number;
  longitude: number;
  radius: number;
  unit: DistanceUnit;
  /** The country of the point (for the EU rule). */
  countryCode: string;
}

/** Where and whom an ad set reaches (spec 2 §3 Targeting; §5 Targeting). */
export interface TargetingSpec {
  ageMin: number;
  ageMax: number;
  geo:
    | { mode: 'countries'; countryCodes: string[] }
    /** Postal-code keys such as `DE:10115`. */
    | { mode: 'postal_codes'; keys: string[] }
    | { mode: 'range_locations'; included: RadiusLocation[]; excluded: RadiusLocation[] };
  customAudienceIds?: string[];
  excludedAudienceIds?: string[];
  /** Advantage+ audience: Meta may widen the audience beyond age and interests (never geography). */
  advantageAudience: boolean;
}

/** Digital Services Act names, required for any ad that reaches the EU. */
export interface DsaNames {
  beneficiary: string;
  payor: string;
}

/** A customer-list custom audience to create (POST act_{id}/customaudiences). */
export interface CustomAudienceRequest {
  adAccountId: string;
  /** Also the key a retried boost finds it by at Meta (setup-process/cluster-audience.ts). */
  name: string;
  description: string;
}

export interface AudienceUpload {
  /** Hashes Meta received over all batches, and how many of them it found invalid. */
  received: number;
  invalid: number;
  batches: number;
}

/** One campaign → ad set → creative → ad chain (one taste cluster of spec 2 §3). */
export interface PublishRequest {
  adAccountId: string;
  name: string;
  goal: CampaignGoal;
  /** Whole budget for the runtime, in the ad account currency's minor units (cents, Rappen). */
  lifetimeBudgetMinor: number;
  currency: CurrencyCode;
  startTime: Date;
  endTime: Date;
  targeting: TargetingSpec;
  creative: CreativeSpec;
  /** Sales: the pixel and the event it reports (PURCHASE, or a custom conversion). */
  pixelId?: string | null;
  customEventType?: CustomEventType | null;
  customConversionId?: string | null;
  /** Required when {@link targetsEu} holds for the targeting. */
  dsa?: DsaNames | null;
  status: DeliveryStatus;
}

export interface PublishResult {
  campaignId: string;
  adSetId: string;
  creativeId: string;
  adId: string;
}

/** One headline × body × media × URL combination, 1-based (spec 2 §3 Variation id). */
export interface VariationPick {
  headline: number;
  body: number;
  media: number;
  url: number;
}

/** One ad set of a campaign: a taste cluster with its own targeting, creative and budget. */
export interface AdSetRequest {
  name: string;
  /** Lifetime budget of this ad set, in the ad account currency's minor units. */
  lifetimeBudgetMinor: number;
  targeting: TargetingSpec;
  creative: CreativeSpec;
}

/**
 * ONE campaign → one ad set per taste cluster → its creative → its ad (spec 2 §4 Publishing).
 * The campaign-level fields are those of {@link PublishRequest}; budget, targeting and creative
 * move to the ad sets.
 */
export interface CampaignPublishRequest extends Omit<PublishRequest, 'lifetimeBudgetMinor' | 'targeting' | 'creative'> {
  adSets: AdSetRequest[];
}

export interface CampaignPublishResult {
  campaignId: string;
  /** In the order of the request's ad sets. */
  adSets: { adSetId: string; creativeId: string; adId: string }[];
}

/** The single-ad-set request the mapping functions take, for the ad set at `index`. */
export function adSetPublishRequest(req: CampaignPublishRequest, index: number): PublishRequest {
  const set = req.adSets[index]!;
  const { adSets: _all, ...campaign } = req;
  return { ...campaign, name: set.name, lifetimeBudgetMinor: set.lifetimeBudgetMinor, targeting: set.targeting, creative: set.creative };
}

export interface PreviewRequest {
  adAccountId: string;
  creative: CreativeSpec;
  placements?: readonly PreviewPlacement[];
  /**
   * The combinations to render (at most {@link MAX_PREVIEW_VARIATIONS}); without it the first
   * ones. The preview modal pages through a creative's variations with it.
   */
  variations?: readonly VariationPick[];
  /**
   * Sandbox renderings: the page name and picture to show when the caller already has them (or
   * a fallback after the page info failed); Meta's own previews ignore it.
   */
  page?: PageInfo | null;
  /** The interface language: the sandbox renders its platform words in it (Meta uses the viewer's own). */
  language?: 'en' | 'de';
}

/** One rendered preview; `html` is meant for a sandboxed iframe (`srcdoc` or Meta's iframe tag). */
export interface AdPreview {
  placement: PreviewPlacement;
  html: string;
  /** Which headline/body/media/url combination it shows (1-based, spec 2 §3 Variation id). */
  variation: VariationPick;
}

// ---------------------------------------------------------------------------------------------
// Running campaigns

export interface InsightsRequest {
  /** Campaign, ad set or ad ids. */
  objectIds: string[];
  /** Inclusive calendar days (YYYY-MM-DD) in the ad account's time zone. */
  since: string;
  until: string;
  currency: CurrencyCode;
}

/** Delivery figures of one object over the period (spec 2 §3 Facebook insights). */
export interface Insights {
  objectId: string;
  impressions: number;
  clicks: number;
  /** Spend in minor units of the ad account currency. */
  spendMinor: number;
  purchases: number;
  /** Purchase value reported by the pixel, minor units. */
  revenueMinor: number;
  leads: number;
  since: string;
  until: string;
}

export interface BudgetRuntimeChange {
  adSetId: string;
  lifetimeBudgetMinor: number;
  endTime: Date;
  /** Only before delivery has started (spec 2 §4: a start on or before today is not editable). */
  startTime?: Date;
}

/**
 * A running ad set's new creative and targeting (spec 2 §7 POST /campaigns_setup): `request` is
 * the ad set as a publish would build it today; only its creative and targeting are used.
 */
export interface AdSetUpdate {
  adAccountId: string;
  adSetId: string;
  adId: string;
  request: PublishRequest;
}

// ---------------------------------------------------------------------------------------------

/**
 * The one interface of the ad platform. Every method that talks to Meta takes the user's access
 * token (opened from its sealed form by the caller) and throws an `AppError` with an
 * `error.connect.facebook.*` code (errors.ts) on failure; `retryable` on the error says whether
 * trying again later can help (rate limits, timeouts).
 */
export interface AdPlatform {
  /** `sandbox` feeds every screen with deterministic data and must show the "Sandbox" badge. */
  readonly kind: 'sandbox' | 'graph';

  // --- connect flow (spec 1 §5 Meta assets, §7; spec 2 §4 Meta authorization)
  /** The URL the login popup opens; it comes back to `redirectUri` with `code` and `state`. */
  loginUrl(req: LoginUrlRequest): string;
  /** Trades the callback's `code` for a long-lived user token (about 60 days). */
  exchangeCode(code: string, redirectUri: string): Promise<MetaToken>;
  /** Trades a short-lived user token (e.g. from the JavaScript SDK) for a long-lived one. */
  exchangeForLongLived(shortLivedToken: string): Promise<MetaToken>;
  /** Who the token belongs to. */
  me(token: string): Promise<PlatformUser>;
  /** Pages, Instagram accounts, ad accounts (with currency) and pixels the token reaches. */
  assets(token: string): Promise<TokenAssets>;
  /** Whether the token may still advertise with one asset (accounts step, `assets/enrich`). */
  checkAsset(token: string, ref: AssetRef): Promise<AssetCheck>;

  // --- lookups of the setup wizard (spec 2 §7 Assets and lookups)
  leadForms(token: string, pageId: string): Promise<LeadForm[]>;
  conversions(token: string, adAccountId: string): Promise<Conversion[]>;
  /** Standard event types an ad set can optimise for (no call needed). */
  customEventTypes(): readonly CustomEventType[];
  audiences(token: string, adAccountId: string): Promise<Audience[]>;
  pageInfo(token: string, pageId: string): Promise<PageInfo>;

  // --- geography (spec 2 §7 Generation and geo)
  searchLocations(token: string, search: LocationSearch): Promise<GeoLocation[]>;
  /** Matches typed postal codes of one country against the platform's zip locations. */
  matchPostalCodes(token: string, countryCode: string, codes: readonly string[]): Promise<PostalCodeMatch>;
  suggestRadius(token: string, latitude: number, longitude: number, unit: DistanceUnit): Promise<RadiusSuggestion>;

  // --- media and creatives
  /** Adds an image to the ad account's image library; its hash goes into a {@link MediaRef}. */
  uploadImage(token: string, adAccountId: string, bytes: Uint8Array, filename: string): Promise<{ hash: string; url: string | null }>;
  /** Registers a video that Meta fetches from `fileUrl` (a signed URL of our storage). */
  uploadVideo(token: string, adAccountId: string, fileUrl: string, name: string): Promise<{ videoId: string }>;
  /** Renders previews per placement and variation (at most {@link MAX_PREVIEW_VARIATIONS} variations). */
  previews(token: string, req: PreviewRequest): Promise<AdPreview[]>;
  /** Creates campaign → ad set → creative → ad; on a failure after the campaign exists, the campaign is deleted again. */
  publish(token: string, req: PublishRequest): Promise<PublishResult>;
  /**
   * Creates one campaign with an ad set, creative and ad per {@link AdSetRequest}; every ad set is
   * checked before anything is created, and on a failure after the campaign exists the campaign
   * (with whatever ad sets and ads it already has) is deleted again.
   */
  publishCampaign(token: string, req: CampaignPublishRequest): Promise<CampaignPublishResult>;
  /** Deletes a campaign with its ad sets and ads (the rollback of a publish whose caller could not keep it). */
  deleteCampaign(token: string, campaignId: string): Promise<void>;

  // --- customer-list custom audiences (issue 22: a taste cluster's members)
  /** Creates an empty customer-list custom audience (subtype CUSTOM) in the ad account. */
  createCustomAudience(token: string, req: CustomAudienceRequest): Promise<{ id: string }>;
  /**
   * Adds people to a custom audience by the SHA-256 hashes of their normalised emails
   * (audience-hash.ts), in one upload session of batches of at most 10,000. Anything that is not
   * a 64-hex hash is refused before a request goes out. Adding a hash twice is harmless (Meta
   * keeps each person once), so a retried upload may send everything again.
   */
  addAudienceMembers(token: string, audienceId: string, emailHashes: readonly string[]): Promise<AudienceUpload>;

  // --- running campaigns
  insights(token: string, req: InsightsRequest): Promise<Insights[]>;
  changeBudgetRuntime(token: string, change: BudgetRuntimeChange): Promise<void>;
  /**
   * Edits a running ad set: a new creative, the ad switched to it, the ad set's targeting replaced
   * (Meta keeps an ad's creative immutable, so an edit is a new creative, not a changed one).
   */
  updateAdSet(token: string, update: AdSetUpdate): Promise<{ creativeId: string }>;
  /** Pauses or resumes a campaign, ad set or ad. */
  setStatus(token: string, objectId: string, status: DeliveryStatus): Promise<void>;
  /** Turns Advantage+ audience (Meta's own audience optimisation) on or off for an ad set. */
  setOptimisation(token: string, adSetId: string, enabled: boolean): Promise<void>;
}

/** EU and EEA countries plus associated territories for which Meta requires DSA names. */
export const DSA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO',
  'SK', 'SI', 'ES', 'SE', 'GF', 'GP', 'MQ', 'YT', 'RE', 'MF',
]);

/** Countries a targeting reaches (postal-code keys carry theirs as the `CC:` prefix). */
export function targetedCountries(t: TargetingSpec): string[] {
  const g = t.geo;
  const all = g.mode === 'countries' ? g.countryCodes : g.mode === 'postal_codes' ? g.keys.map((k) => k.split(':')[0]) : g.included.map((l) => l.countryCode);
  return [...new Set(all.map((c) => c.toUpperCase()))];
}

/** Whether ads with this targeting reach the EU, so Meta requires `dsa_beneficiary`/`dsa_payor`. */
export function targetsEu(t: TargetingSpec): boolean {
  return targetedCountries(t).some((c) => DSA_COUNTRIES.has(c));
}
