// The stored setup → the ad platform's CampaignPublishRequest (spec 2 §4 Publishing): ONE campaign,
// one ad set per taste cluster with that cluster's targeting, creative and share of the budget.
// Pure, so the mapping is tested without a database.
import type { CampaignGoal, CampaignPublishRequest, CreativeSpec, MediaRef, RadiusLocation, TargetingSpec } from '../../adapters/meta/types';
import { minorFactor } from '../../adapters/meta/graph-mapping';
import type { Creative, RangeLocation, Targeting } from '../../../lib/contracts/setup-process';
import { pruneDisabledVariations } from '../../../lib/campaigns/setup-rules';
import { splitBudget } from '../taste-clusters/service';
import { disabledCodesOf, publishedLists } from './validation';
import type { ClusterMembersAudience } from './cluster-audience';
import { MIN_CUSTOM_AUDIENCE_MEMBERS, type CampaignClusterAudience } from '../../../lib/campaigns/cluster-audience';

/** fd_targeting when the cluster's area is unknown: the partner's home countries by its language. */
export const HOME_COUNTRIES: Record<string, string[]> = { de: ['DE', 'AT', 'CH'], en: ['GB'] };

/** Where a cluster's members live: around the event's venue, out to about twice their median distance. */
export interface ClusterArea {
  latitude: number;
  longitude: number;
  countryCode: string;
  radiusKm: number;
}

/** Twice the members' median distance to the venue holds most of them; Meta allows 1–80 km (17 is the wizard's minimum). */
export function clusterAreaRadiusKm(medianDistanceKm: number | null): number | null {
  if (medianDistanceKm === null || !Number.isFinite(medianDistanceKm)) return null;
  return Math.min(80, Math.max(17, Math.ceil(medianDistanceKm * 2)));
}

export interface PublishInput {
  eventTitle: string;
  partner: { name: string; language: string };
  goal: 'UTILIZATION' | 'ROAS' | 'VISIBILITY';
  totalBudget: number;
  currency: string;
  startDate: string;
  endDate: string;
  creatives: Creative[];
  targeting: Targeting[];
  disabledVariations: Record<string, string[]>;
  adAccountId: string;
  pageId: string;
  instagramAccountId: string | null;
  pixelId: string | null;
  leadFormId: string | null;
  customEventType: 'PURCHASE' | 'LEAD';
  conversionId: string | null;
  /** fd_targeting: each cluster's area by `${tc_run_id}:${tc}` (null: unknown, the home countries). */
  clusterAreas: Record<string, ClusterArea | null>;
  /** Each cluster's share weight by `${tc_run_id}:${tc}` (taste-clusters budgetWeightOf; missing: equal shares). */
  clusterWeights?: Record<string, number>;
  /** fd_targeting: each cluster's custom audience of its members, or why there is none (cluster-audience.ts). */
  clusterMembers?: Record<string, ClusterMembersAudience>;
  /** Cluster labels by `${tc_run_id}:${tc}` for the ad set names. */
  clusterLabels: Record<string, string>;
  /** The media of each creative as the platform takes it (by media id). */
  media: Record<string, MediaRef>;
  now: Date;
}

/** spec 2 §4 Goal and result rules → the platform's objective. */
export function platformGoal(goal: PublishInput['goal'], leadFormId: string | null): CampaignGoal {
  if (goal === 'VISIBILITY') return 'awareness';
  return leadFormId ? 'leads' : 'sales';
}

function radiusOf(l: RangeLocation): RadiusLocation {
  const km = l.kilometer_range ?? null;
  const miles = l.mile_range ?? null;
  return {
    key: l.key,
    latitude: l.latitude!,
    longitude: l.longitude!,
    radius: km ?? miles ?? 17,
    unit: km !== null || miles === null ? 'kilometer' : 'mile',
    countryCode: l.country_code.toUpperCase(),
  };
}

/** Whether the cluster is reached as a taste cluster (fd_targeting; an unset mode is treated alike). */
export const isClusterTargeting = (t: Targeting) => t.targeting_mode !== 'postal_codes' && t.targeting_mode !== 'range_locations';

export function targetingSpec(t: Targeting, c: Creative, language: string, area: ClusterArea | null = null, members: ClusterMembersAudience | null = null): TargetingSpec {
  const base = { ageMin: t.age_range.min, ageMax: t.age_range.max, advantageAudience: false, ...(c.audience_id ? { customAudienceIds: c.audience_id.split(',') } : {}) };
  if (t.targeting_mode === 'postal_codes') return { ...base, geo: { mode: 'postal_codes', keys: Object.values(t.postal_codes).flat().map((l) => l.key) } };
  if (t.targeting_mode === 'range_locations') {
    const r = t.range_locations ?? { included: [], excluded: [] };
    const located = (l: RangeLocation) => l.latitude !== null && l.longitude !== null;
    return { ...base, geo: { mode: 'range_locations', included: r.included.filter(located).map(radiusOf), excluded: r.excluded.filter(located).map(radiusOf) } };
  }
  if (members?.kind === 'custom_audience') {
    // The members themselves, wherever they live in the venue's and the partner's countries: a
    // circle would drop the members who travel in (Meta requires some geo_locations).
    const countries = [...new Set([area?.countryCode, ...(HOME_COUNTRIES[language] ?? HOME_COUNTRIES.de!)].filter((x): x is string => Boolean(x)))];
    return { ...base, customAudienceIds: [members.audienceId], geo: { mode: 'countries', countryCodes: countries } };
  }
  if (area) {
    return { ...base, geo: { mode: 'range_locations', included: [{ latitude: area.latitude, longitude: area.longitude, radius: area.radiusKm, unit: 'kilometer', countryCode: area.countryCode }], excluded: [] } };
  }
  return { ...base, geo: { mode: 'countries', countryCodes: HOME_COUNTRIES[language] ?? HOME_COUNTRIES.de! } };
}

/** The creative as published: blanks stripped, fully disabled assets dropped (setup-rules). */
export function creativeSpec(c: Creative, input: Pick<PublishInput, 'pageId' | 'instagramAccountId' | 'leadFormId' | 'media' | 'disabledVariations'>): { spec: CreativeSpec; stillRunning: string[] } {
  const lists = publishedLists(c);
  const kept = pruneDisabledVariations(c, disabledCodesOf({ disabled_variations: input.disabledVariations }, c));
  return {
    spec: {
      pageId: input.pageId,
      instagramAccountId: input.instagramAccountId,
      headlines: kept.headline.map((i) => lists.headline[i]!),
      bodies: kept.body.map((i) => lists.body[i]!),
      media: kept.media.map((i) => input.media[c.media[i]!.id]!),
      destinationUrls: kept.url.map((i) => lists.url[i]!),
      callToAction: c.call_to_action ?? 'LEARN_MORE',
      description: c.description.trim() || null,
      leadFormId: input.leadFormId,
    },
    stillRunning: kept.stillRunning,
  };
}

/**
 * The budget: total_budget split over the clusters by their weights in whole major units, as the
 * new-setup panel shows the shares (issue 20 §2.3: 1,084 € + 216 € there is 1,084 € + 216 € on
 * Meta), then in minor units; a fraction of the total goes to the first ad set, so the parts add
 * up to the total exactly. Without weights (or all zero) the shares are equal.
 */
export function adSetBudgetsMinor(totalBudget: number, currency: string, weights: readonly number[]): number[] {
  const factor = minorFactor(currency);
  const major = splitBudget(totalBudget, weights.some((w) => w > 0) ? weights : weights.map(() => 1));
  const minor = major.map((b) => b * factor);
  if (minor.length) minor[0]! += Math.round(totalBudget * factor) - minor.reduce((a, b) => a + b, 0);
  return minor;
}

/** Start at 00:00 UTC of start_date (or now, if that has passed); end at 23:59:59 UTC of end_date. */
export function runtime(startDate: string, endDate: string, now: Date): { startTime: Date; endTime: Date } {
  const start = new Date(`${startDate}T00:00:00Z`);
  return { startTime: start.getTime() < now.getTime() ? new Date(now.getTime() + 60_000) : start, endTime: new Date(`${endDate}T23:59:59Z`) };
}

/** What the campaign row keeps of a taste-cluster ad set's audience (null for other targeting). */
export function clusterAudienceOf(t: Targeting, c: Creative, area: ClusterArea | null, members: ClusterMembersAudience | null): CampaignClusterAudience | null {
  if (!isClusterTargeting(t) || c.audience_id || !members) return null;
  if (members.kind === 'custom_audience') return { kind: 'custom_audience', audience_id: members.audienceId, members: members.members };
  return { kind: 'too_few_members', members: members.members, minimum: MIN_CUSTOM_AUDIENCE_MEMBERS, fallback: area ? 'area' : 'countries' };
}

export function campaignRequest(input: PublishInput): { request: CampaignPublishRequest; stillRunning: Record<number, string[]>; clusterAudiences: (CampaignClusterAudience | null)[] } {
  const budgets = adSetBudgetsMinor(
    input.totalBudget,
    input.currency,
    input.creatives.map((c) => input.clusterWeights?.[`${c.tc_run_id}:${c.tc}`] ?? 1),
  );
  const goal = platformGoal(input.goal, input.leadFormId);
  const stillRunning: Record<number, string[]> = {};
  const clusterAudiences: (CampaignClusterAudience | null)[] = [];
  const adSets = input.creatives.map((c, i) => {
    const t = input.targeting.find((x) => x.tc === c.tc && x.tc_run_id === c.tc_run_id)!;
    const { spec, stillRunning: codes } = creativeSpec(c, input);
    if (codes.length) stillRunning[c.tc] = codes;
    const key = `${c.tc_run_id}:${c.tc}`;
    const label = input.clusterLabels[key] ?? `Cluster ${c.tc}`;
    const area = input.clusterAreas[key] ?? null;
    const members = input.clusterMembers?.[key] ?? null;
    clusterAudiences.push(clusterAudienceOf(t, c, area, members));
    return { name: `${input.eventTitle} · ${label}`.slice(0, 200), lifetimeBudgetMinor: budgets[i]!, targeting: targetingSpec(t, c, input.partner.language, area, members), creative: spec };
  });
  const { startTime, endTime } = runtime(input.startDate, input.endDate, input.now);
  return {
    request: {
      adAccountId: input.adAccountId,
      name: input.eventTitle.slice(0, 200),
      goal,
      currency: input.currency,
      startTime,
      endTime,
      pixelId: goal === 'sales' || (goal === 'leads' && !input.leadFormId) ? input.pixelId : null,
      customEventType: goal === 'awareness' ? null : input.customEventType,
      customConversionId: goal === 'awareness' ? null : input.conversionId,
      // The partner advertises and pays: its name is both DSA names.
      dsa: { beneficiary: input.partner.name, payor: input.partner.name },
      status: 'ACTIVE',
      adSets,
    },
    stillRunning,
    clusterAudiences,
  };
}
