// Our domain types → the documented Graph Marketing API parameters (campaigns, ad sets, ad
// creatives, previews). Pure functions, so the shapes are tested without a server.
import { MetaError } from './errors';
import {
  type CampaignGoal,
  type CreativeSpec,
  type CustomEventType,
  type MediaRef,
  type PreviewPlacement,
  type PublishRequest,
  type RadiusLocation,
  type TargetingSpec,
  type VariationPick,
  targetsEu,
} from './types';

export const OBJECTIVE: Record<CampaignGoal, 'OUTCOME_SALES' | 'OUTCOME_LEADS' | 'OUTCOME_AWARENESS'> = {
  sales: 'OUTCOME_SALES',
  leads: 'OUTCOME_LEADS',
  awareness: 'OUTCOME_AWARENESS',
};

export const AD_FORMAT: Record<PreviewPlacement, string> = {
  facebook_feed_desktop: 'DESKTOP_FEED_STANDARD',
  facebook_feed_mobile: 'MOBILE_FEED_STANDARD',
  instagram_feed: 'INSTAGRAM_STANDARD',
  instagram_reels: 'INSTAGRAM_REELS',
};

export function campaignParams(req: PublishRequest) {
  return {
    name: req.name,
    objective: OBJECTIVE[req.goal],
    status: req.status,
    // Required on every campaign; an empty list declares "no special category" (credit, housing, …).
    special_ad_categories: [],
    // The budget lives on the ad set (one per taste cluster), so the campaign must say it does not
    // share it across ad sets.
    is_adset_budget_sharing_enabled: false,
  };
}

const radius = (l: RadiusLocation) => ({ latitude: l.latitude, longitude: l.longitude, radius: l.radius, distance_unit: l.unit });

/** The `targeting` spec of an ad set. */
export function targetingParams(t: TargetingSpec, withInstagram: boolean) {
  const geo = t.geo;
  const geoLocations =
    geo.mode === 'countries'
      ? { countries: geo.countryCodes.map((c) => c.toUpperCase()) }
      : geo.mode === 'postal_codes'
        ? { zips: geo.keys.map((key) => ({ key })) }
        : { custom_locations: geo.included.map(radius) };
  const excluded = geo.mode === 'range_locations' && geo.excluded.length ? { custom_locations: geo.excluded.map(radius) } : undefined;
  return {
    age_min: t.ageMin,
    age_max: t.ageMax,
    geo_locations: geoLocations,
    ...(excluded ? { excluded_geo_locations: excluded } : {}),
    ...(t.customAudienceIds?.length ? { custom_audiences: t.customAudienceIds.map((id) => ({ id })) } : {}),
    ...(t.excludedAudienceIds?.length ? { excluded_custom_audiences: t.excludedAudienceIds.map((id) => ({ id })) } : {}),
    publisher_platforms: withInstagram ? ['facebook', 'instagram'] : ['facebook'],
    // Since v23.0 a new ad set defaults to Advantage+ audience unless told: always say it.
    targeting_automation: { advantage_audience: t.advantageAudience ? 1 : 0 },
  };
}

/** How many variations a creative holds (spec 2 §5: headlines × bodies × media × URLs). */
export function variationCount(c: CreativeSpec): number {
  return c.headlines.length * c.bodies.length * c.media.length * c.destinationUrls.length;
}

export function isDynamic(c: CreativeSpec): boolean {
  return variationCount(c) > 1;
}

function optimisation(req: PublishRequest) {
  if (req.goal === 'awareness') return { optimization_goal: 'REACH', promoted_object: { page_id: req.creative.pageId } };
  if (req.goal === 'leads' && req.creative.leadFormId) {
    return { optimization_goal: 'LEAD_GENERATION', destination_type: 'ON_AD', promoted_object: { page_id: req.creative.pageId } };
  }
  if (!req.pixelId) throw new MetaError('invalid_request', 'A pixel is required for sales and website lead campaigns.');
  const eventType: CustomEventType = req.customEventType ?? (req.goal === 'leads' ? 'LEAD' : 'PURCHASE');
  return {
    optimization_goal: 'OFFSITE_CONVERSIONS',
    promoted_object: {
      pixel_id: req.pixelId,
      custom_event_type: eventType,
      ...(req.customConversionId ? { custom_conversion_id: req.customConversionId } : {}),
    },
  };
}

/** The ad set: budget (minor units), runtime, optimisation, targeting and the EU DSA names. */
export function adSetParams(req: PublishRequest, campaignId: string) {
  if (!Number.isInteger(req.lifetimeBudgetMinor) || req.lifetimeBudgetMinor <= 0) {
    throw new MetaError('invalid_request', 'The budget must be a positive whole number of minor currency units.');
  }
  if (req.endTime.getTime() <= req.startTime.getTime()) throw new MetaError('invalid_request', 'The end must come after the start.');
  const eu = targetsEu(req.targeting);
  if (eu && (!req.dsa?.beneficiary.trim() || !req.dsa?.payor.trim())) {
    throw new MetaError('invalid_request', 'Ads reaching the EU need the beneficiary and the payor (Digital Services Act).');
  }
  return {
    name: req.name,
    campaign_id: campaignId,
    status: req.status,
    lifetime_budget: req.lifetimeBudgetMinor,
    start_time: req.startTime.toISOString(),
    end_time: req.endTime.toISOString(),
    billing_event: 'IMPRESSIONS',
    bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
    ...optimisation(req),
    targeting: targetingParams(req.targeting, Boolean(req.creative.instagramAccountId)),
    is_dynamic_creative: isDynamic(req.creative),
    ...(eu && req.dsa ? { dsa_beneficiary: req.dsa.beneficiary.trim(), dsa_payor: req.dsa.payor.trim() } : {}),
  };
}

function callToAction(c: CreativeSpec, link: string) {
  return { type: c.callToAction, value: c.leadFormId ? { lead_gen_form_id: c.leadFormId, link } : { link } };
}

const imageRef = (m: Extract<MediaRef, { type: 'image' }>) => (m.hash ? { hash: m.hash } : { url: m.url });

/** One headline × body × media × URL combination as a plain `object_story_spec`. */
export function singleStorySpec(c: CreativeSpec, pick = { headline: 0, body: 0, media: 0, url: 0 }) {
  const media = c.media[pick.media];
  const link = c.destinationUrls[pick.url];
  const head = c.headlines[pick.headline];
  const body = c.bodies[pick.body];
  if (!media || !link || head === undefined || body === undefined) throw new MetaError('invalid_request', 'The creative needs a headline, a body, a media file and a destination URL.');
  const base = { page_id: c.pageId, ...(c.instagramAccountId ? { instagram_user_id: c.instagramAccountId } : {}) };
  if (media.type === 'video') {
    return {
      ...base,
      video_data: {
        video_id: media.videoId,
        image_url: media.thumbnailUrl,
        title: head,
        message: body,
        ...(c.description ? { link_description: c.description } : {}),
        call_to_action: callToAction(c, link),
      },
    };
  }
  return {
    ...base,
    link_data: {
      link,
      message: body,
      name: head,
      ...(c.description ? { description: c.description } : {}),
      ...(media.hash ? { image_hash: media.hash } : { picture: media.url }),
      call_to_action: callToAction(c, link),
    },
  };
}

/** Headline × body × media variations as Meta's dynamic creative (`asset_feed_spec`). */
export function assetFeedSpec(c: CreativeSpec) {
  const images = c.media.filter((m): m is Extract<MediaRef, { type: 'image' }> => m.type === 'image');
  const videos = c.media.filter((m): m is Extract<MediaRef, { type: 'video' }> => m.type === 'video');
  return {
    ...(images.length ? { images: images.map(imageRef) } : {}),
    ...(videos.length ? { videos: videos.map((v) => ({ video_id: v.videoId, thumbnail_url: v.thumbnailUrl })) } : {}),
    bodies: c.bodies.map((text) => ({ text })),
    titles: c.headlines.map((text) => ({ text })),
    ...(c.description ? { descriptions: [{ text: c.description }] } : {}),
    link_urls: c.destinationUrls.map((website_url) => ({ website_url })),
    call_to_action_types: [c.callToAction],
    // Images and videos mixed: Meta picks the format per placement.
    ad_formats: [images.length && videos.length ? 'AUTOMATIC_FORMAT' : videos.length ? 'SINGLE_VIDEO' : 'SINGLE_IMAGE'],
  };
}

/** The `POST /act_{id}/adcreatives` body. */
export function creativeParams(c: CreativeSpec, name: string) {
  if (!isDynamic(c)) return { name, object_story_spec: singleStorySpec(c) };
  return {
    name,
    object_story_spec: { page_id: c.pageId, ...(c.instagramAccountId ? { instagram_user_id: c.instagramAccountId } : {}) },
    asset_feed_spec: assetFeedSpec(c),
  };
}

/**
 * The combinations a preview call renders: the asked ones (each must exist in the creative), or
 * the first ones; never more than `max`.
 */
export function previewVariations(c: CreativeSpec, asked: readonly VariationPick[] | undefined, max: number): VariationPick[] {
  if (!asked?.length) return variations(c, max);
  if (asked.length > max) throw new MetaError('invalid_request', `At most ${max} variations per preview call.`);
  const inRange = (v: VariationPick) =>
    [v.headline <= c.headlines.length, v.body <= c.bodies.length, v.media <= c.media.length, v.url <= c.destinationUrls.length, v.headline >= 1, v.body >= 1, v.media >= 1, v.url >= 1].every(Boolean);
  const bad = asked.find((v) => !inRange(v));
  if (bad) throw new MetaError('invalid_request', 'The creative has no such variation.');
  return asked.map((v) => ({ headline: v.headline, body: v.body, media: v.media, url: v.url }));
}

/** Every combination (1-based indices), capped: the preview modal pages through them. */
export function variations(c: CreativeSpec, max: number) {
  const out: { headline: number; body: number; media: number; url: number }[] = [];
  for (let m = 0; m < c.media.length; m++)
    for (let h = 0; h < c.headlines.length; h++)
      for (let b = 0; b < c.bodies.length; b++)
        for (let u = 0; u < c.destinationUrls.length; u++) {
          if (out.length >= max) return out;
          out.push({ headline: h + 1, body: b + 1, media: m + 1, url: u + 1 });
        }
  return out;
}

/** Minor units per major unit of a currency (100 for EUR and CHF, 1 for JPY). */
export function minorFactor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return 10 ** digits;
}

/** A Graph money string in major units ("12.34") → integer minor units (1234). */
export function toMinor(amount: string | number | undefined, currency: string): number {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  return Number.isFinite(n) ? Math.round(n * minorFactor(currency)) : 0;
}
