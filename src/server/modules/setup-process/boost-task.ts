// The setup_process.boost task (spec 2 §4 Publishing): re-reads and re-checks the stored setup,
// takes the media to the ad platform, makes each taste-cluster ad set's custom audience of the
// cluster's members (cluster-audience.ts; kept across retries), publishes ONE campaign with an ad
// set per taste cluster through adPlatform().publishCampaign (which deletes the campaign again if
// a later step fails), then writes one campaigns row per cluster and marks the setup published —
// in one transaction, so the events badge and the campaigns list see all of it or nothing. On a
// failure the setup stays synced with `error` set and the task fails with the code.
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { campaigns, uploads } from '../../db/schema';
import { adPlatform } from '../../adapters/meta';
import type { AdPlatform, CampaignPublishRequest, CampaignPublishResult, MediaRef, TargetingSpec } from '../../adapters/meta/types';
import type { CampaignClusterAudience } from '../../../lib/campaigns/cluster-audience';
import { config } from '../../config';
import { platformMediaLinks } from '../storage/media';
import { now as clockNow } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { objectStorage } from '../../adapters/storage';
import { withToken } from '../meta-connect/service';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { taskFailure } from '../tasks/failure';
import type { Creative, Targeting } from '../../../lib/contracts/setup-process';
import { BOOST_TASK } from './boost-task-kind';
import { campaignRequest, clusterAreaRadiusKm, HOME_COUNTRIES, isClusterTargeting, type ClusterArea } from './publish-request';
import { ensureClusterAudience, type ClusterMembersAudience } from './cluster-audience';
import { geoIndex } from '../../adapters/meta/geo/geo-index';
import { searchLocations } from '../../adapters/meta/geo/geo-search';
import * as repo from './repo';
import { boostCheck, partnerInfo } from './service';
import type { ReachedAsset } from './accounts';
import { budgetWeightOf } from '../taste-clusters/service';
import { clustersOf } from '../taste-clusters/store';
import { counterfactualAtPublish } from '../campaign-delivery/snapshot';
import { estimateAudience } from '../../engines/delivery/audience';

export const BoostPayload = z.object({ partnerId: z.number().int().positive(), setupId: z.uuid() });

/** Where the platform fetches our media from (PUBLIC_URL in production). */
const platformOrigin = () => new URL(config.publicUrl ?? 'http://localhost:4321').origin;

async function readAll(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Each media item as the platform takes it. The sandbox takes our URLs. The Graph API gets the
 * image bytes (adimages → hash) and fetches videos from their URL (advideos file_url), which
 * must be reachable from Meta (PUBLIC_URL).
 */
async function platformMedia(db: Db, platform: AdPlatform, token: string, partnerId: number, adAccountId: string, creatives: Creative[]): Promise<Record<string, MediaRef>> {
  const out: Record<string, MediaRef> = {};
  const items = creatives.flatMap((c) => c.media);
  const origin = platformOrigin();
  const link = await platformMediaLinks(db, partnerId, items.flatMap((m) => [m.url, m.preview]), origin);
  const platformUrl = (url: string) => new URL(link(url), origin).toString();
  for (const m of items) {
    if (out[m.id]) continue;
    if (m.type.startsWith('video/')) {
      const { videoId } = await platform.uploadVideo(token, adAccountId, platformUrl(m.url), m.name);
      out[m.id] = { type: 'video', videoId, thumbnailUrl: platformUrl(m.preview ?? m.url) };
    } else if (platform.kind === 'sandbox') {
      out[m.id] = { type: 'image', url: platformUrl(m.url) };
    } else {
      const [u] = await db.select({ key: uploads.objectKey }).from(uploads).where(and(eq(uploads.partnerId, partnerId), eq(uploads.id, m.id)));
      if (!u) throw new AppError(422, 'error.setup.INVALID_SETUP', 'A media file of the setup is gone.');
      const bytes = await readAll((await objectStorage().open(u.key)).body);
      const { hash, url } = await platform.uploadImage(token, adAccountId, bytes, m.name);
      out[m.id] = { type: 'image', url: url ?? platformUrl(m.url), hash };
    }
  }
  return out;
}

/**
 * fd_targeting: the event's venue (its city, found in the geo index, the partner's home countries
 * first) and each cluster's median member distance (the taste-cluster profile) give the area.
 */
async function clusterAreas(db: Db, partnerId: number, eventId: string, language: string, creatives: Creative[]): Promise<Record<string, ClusterArea | null>> {
  if (!creatives.length) return {};
  const [venue] = await rows<{ city: string | null }>(db, sql`
    SELECT v.city FROM events e
    LEFT JOIN halls h ON h.id = e.hall_id AND h.partner_id = e.partner_id
    LEFT JOIN venues v ON v.id = h.venue_id AND v.partner_id = e.partner_id
    WHERE e.partner_id = ${partnerId} AND e.id = ${eventId}`);
  const home = HOME_COUNTRIES[language] ?? [];
  const places = venue?.city ? searchLocations(geoIndex(), { q: venue.city, types: ['city'], limit: 10 }) : [];
  const place = places.find((p) => home.includes(p.countryCode) && p.latitude !== null) ?? places.find((p) => p.latitude !== null);
  if (!place) return {};
  const list = await rows<{ k: string; distance: number | null }>(db, sql`
    SELECT run_id || ':' || tc AS k, (profile->>'distanceKm')::float8 AS distance FROM taste_clusters
    WHERE partner_id = ${partnerId} AND (run_id, tc) IN (${sql.join(creatives.map((c) => sql`(${c.tc_run_id}, ${c.tc})`), sql`, `)})`);
  return Object.fromEntries(
    list.map((r) => {
      const radiusKm = clusterAreaRadiusKm(r.distance);
      return [r.k, radiusKm === null ? null : { latitude: place.latitude!, longitude: place.longitude!, countryCode: place.countryCode, radiusKm }];
    }),
  );
}

async function clusterLabels(db: Db, partnerId: number, language: string, creatives: Creative[]): Promise<Record<string, string>> {
  if (!creatives.length) return {};
  const list = await rows<{ k: string; label: string }>(db, sql`
    SELECT run_id || ':' || tc AS k, ${language === 'de' ? sql`label_de` : sql`label_en`} AS label FROM taste_clusters
    WHERE partner_id = ${partnerId} AND (run_id, tc) IN (${sql.join(creatives.map((c) => sql`(${c.tc_run_id}, ${c.tc})`), sql`, `)})`);
  return Object.fromEntries(list.map((r) => [r.k, r.label]));
}

/** Each cluster's weight in the budget split, as the new-setup panel split it (taste-clusters budgetWeightOf). */
async function clusterWeights(db: Db, partnerId: number, creatives: Creative[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const runId of new Set(creatives.map((c) => c.tc_run_id))) {
    for (const row of await clustersOf(db, partnerId, runId)) out[`${row.runId}:${row.tc}`] = budgetWeightOf(row);
  }
  return out;
}

/**
 * Each taste-cluster (fd_targeting) ad set's custom audience of the cluster's members, made at
 * the platform once per ad account, run and cluster (cluster-audience.ts), or why there is none.
 */
async function clusterMembers(db: Db, platform: AdPlatform, token: string, partnerId: number, adAccountId: string, creatives: Creative[], targeting: Targeting[], labels: Record<string, string>): Promise<Record<string, ClusterMembersAudience>> {
  const out: Record<string, ClusterMembersAudience> = {};
  for (const c of creatives) {
    const t = targeting.find((x) => x.tc === c.tc && x.tc_run_id === c.tc_run_id);
    if (!t || !isClusterTargeting(t) || c.audience_id) continue;
    const key = `${c.tc_run_id}:${c.tc}`;
    out[key] = await ensureClusterAudience(db, platform, token, { partnerId, adAccountId, runId: c.tc_run_id, tc: c.tc, label: labels[key] ?? `Cluster ${c.tc}` });
  }
  return out;
}

/**
 * The setup as the platform takes it: its media uploaded there, its clusters named, weighted and
 * placed (fd_targeting), one ad set per creative. Boosting publishes it; editing a running
 * campaign (campaign-edit.ts) sends one ad set's creative and targeting of it.
 */
export async function platformRequest(db: Db, partnerId: number, row: repo.SetupRow, reached: readonly ReachedAsset[], platform: AdPlatform, token: string, now: Date): Promise<ReturnType<typeof campaignRequest>> {
  const of = (key: string) => reached.find((r) => r.asset.key === key);
  const account = of('facebook.ad_account')!;
  const partner = await partnerInfo(db, partnerId);
  const creatives = row.creatives as Creative[];
  const [event] = await rows<{ title: string }>(db, sql`SELECT title FROM events WHERE partner_id = ${partnerId} AND id = ${row.eventId}`);
  const media = await platformMedia(db, platform, token, partnerId, account.asset.assetId, creatives);
  const labels = await clusterLabels(db, partnerId, partner.language, creatives);
  const members = await clusterMembers(db, platform, token, partnerId, account.asset.assetId, creatives, row.targeting as Targeting[], labels);
  return campaignRequest({
    eventTitle: event!.title,
    partner: { name: partner.name, language: partner.language },
    goal: row.goal,
    totalBudget: row.totalBudget,
    currency: account.asset.currency ?? partner.currency,
    startDate: row.startDate,
    endDate: row.endDate,
    creatives,
    targeting: row.targeting as never,
    disabledVariations: row.disabledVariations,
    adAccountId: account.asset.assetId,
    pageId: of('facebook.profile')!.asset.assetId,
    instagramAccountId: of('instagram.profile')?.asset.assetId ?? null,
    pixelId: of('facebook.pixel')?.asset.assetId ?? null,
    leadFormId: row.leadFormId,
    customEventType: row.customEventType,
    conversionId: row.conversionId,
    clusterLabels: labels,
    clusterMembers: members,
    clusterWeights: await clusterWeights(db, partnerId, creatives),
    clusterAreas: await clusterAreas(db, partnerId, row.eventId, partner.language, creatives),
    media,
    now,
  });
}

export async function executeBoost(db: Db, partnerId: number, setupId: string): Promise<{ campaign_id: string; ad_sets: number; still_running_variations: Record<number, string[]> }> {
  const row = await repo.findById(db, partnerId, setupId);
  if (!row) throw new PermanentTaskError('The setup is gone');
  if (row.status !== 'created' && row.status !== 'synced') throw new AppError(409, 'error.setup.published', 'This setup is no longer open.');
  try {
    const now = clockNow();
    // The setup may have changed (or an asset been switched off) since the boost was asked for.
    // One look at the accounts (checkAsset once per asset); the connections it found publish.
    const { failed, reached } = await boostCheck(db, row, now);
    if (failed) throw new AppError(422, failed.code, failed.code === 'error.setup.INVALID_ACCOUNTS' ? 'Please reconnect the assets on the Meta assets page.' : 'The setup cannot be published yet.');
    const account = reached.find((r) => r.asset.key === 'facebook.ad_account')!;
    const creatives = row.creatives as Creative[];
    const platform = adPlatform();
    const result = await withToken(db, account.connection!, now, async (token) => {
      const { request, stillRunning, clusterAudiences } = await platformRequest(db, partnerId, row, reached, platform, token, now);
      const published = await platform.publishCampaign(token, request);
      try {
        await saveBoost(db, partnerId, row, creatives, request, published, clusterAudiences);
      } catch (err) {
        throw await unsavedCampaign(err, published.campaignId, () => platform.deleteCampaign(token, published.campaignId));
      }
      return { stillRunning, published };
    });
    const { published } = result;
    return { campaign_id: published.campaignId, ad_sets: published.adSets.length, still_running_variations: result.stillRunning };
  } catch (err) {
    const failure = taskFailure(err);
    await repo.updateById(db, partnerId, row.id, { status: 'synced', error: { error_code: failure.error_code, message: failure.message } });
    throw err;
  }
}

/**
 * Meta has the campaign but our rows could not be written: nothing of ours would know of it, so
 * it is deleted again (as the adapter does when a later step of the publish fails). If even that
 * fails, its id goes to the log and the setup's error, for someone to delete it by hand.
 */
async function unsavedCampaign(err: unknown, campaignId: string, rollback: () => Promise<void>): Promise<AppError> {
  console.error(`[setup-process] campaign ${campaignId} published but not saved:`, err);
  try {
    await rollback();
    return new AppError(502, 'error.setup.not_saved', 'The campaign could not be saved, so it was withdrawn from Meta again. Please try again.');
  } catch (rollbackErr) {
    console.error(`[setup-process] campaign ${campaignId} could not be deleted again:`, rollbackErr);
    return new AppError(502, 'error.setup.not_saved', `The campaign could not be saved and is still on Meta (campaign ${campaignId}); please delete it there before trying again.`);
  }
}

/** One campaigns row per cluster and the setup published, in one transaction. */
async function saveBoost(db: Db, partnerId: number, row: repo.SetupRow, creatives: Creative[], request: CampaignPublishRequest, published: CampaignPublishResult, clusterAudiences: (CampaignClusterAudience | null)[]): Promise<void> {
  const at = clockNow();
  // FD's counterfactual is the forecast as it stands now, before the campaign sells anything.
  const counterfactual = await counterfactualAtPublish(db, partnerId, row.eventId, request.startTime.toISOString().slice(0, 10));
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.insert(campaigns).values(
      request.adSets.map((set, i) => ({
        partnerId,
        eventId: row.eventId,
        name: set.name,
        status: request.status,
        startTime: request.startTime,
        stopTime: request.endTime,
        adsets: 1,
        currency: request.currency,
        tc: creatives[i]!.tc,
        tcRunId: creatives[i]!.tc_run_id,
        setupProcessId: row.id,
        metaCampaignId: published.campaignId,
        metaAdsetId: published.adSets[i]!.adSetId,
        metaCreativeId: published.adSets[i]!.creativeId,
        metaAdId: published.adSets[i]!.adId,
        budgetMinor: set.lifetimeBudgetMinor,
        publishedAt: at,
        audienceSize: audienceSizeOf(set.targeting, clusterAudiences[i] ?? null),
        clusterAudience: clusterAudiences[i] ?? null,
        counterfactual,
      })),
    );
    await repo.updateById(tx, partnerId, row.id, { status: 'published', publishedAt: at, error: null });
  });
}

/** People an ad set reaches: a custom audience of members is its members; otherwise the area's estimate. */
export function audienceSizeOf(targeting: TargetingSpec, audience: CampaignClusterAudience | null): number {
  return audience?.kind === 'custom_audience' ? audience.members : estimateAudience(targeting);
}

/**
 * A boost whose worker died is never run again (one attempt): Meta may already hold its campaign.
 * The setup says so, so nobody publishes a second one without looking first.
 */
async function boostInterrupted(task: { payload: unknown }, db: Db): Promise<void> {
  const parsed = BoostPayload.safeParse(task.payload);
  if (!parsed.success) return;
  const row = await repo.findById(db, parsed.data.partnerId, parsed.data.setupId);
  if (!row || row.status === 'published') return;
  await repo.updateById(db, parsed.data.partnerId, row.id, {
    error: { error_code: 'error.setup.boost_interrupted', message: 'Publishing was interrupted. Please check Meta Ads Manager for a campaign of this event before publishing again.' },
  });
}

registerTask(BOOST_TASK, async (payload, ctx) => {
  const parsed = BoostPayload.safeParse(payload);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${BOOST_TASK} payload`);
  if (ctx.partnerId !== null && ctx.partnerId !== parsed.data.partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
  return executeBoost(ctx.db, parsed.data.partnerId, parsed.data.setupId);
}, { onAbandoned: boostInterrupted });
