// POST /campaigns_setup (spec 2 §2 creative form in a running campaign, §4 "Campaign edit", §7):
// one published cluster's creative, targeting and audience changed while it runs. The change is
// checked as a boost checks a setup (the same rules, on the same fields), plus the running
// campaign's media rule (replace, never add or remove); then Meta gets a new creative for the ad
// set's ad and the new targeting, and our published setup and campaign row follow in one
// transaction. Synchronous: it is three Graph calls, and the form waits for its answer.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { now as clockNow } from '../../lib/clock';
import { adPlatform } from '../../adapters/meta';
import { adSetPublishRequest } from '../../adapters/meta/types';
import type { Creative, SetupProblem, Targeting } from '../../../lib/contracts/setup-process';
import { MEDIA_COUNT_CODE, type CampaignEditBody, type CampaignEditResult } from '../../../lib/contracts/campaign-edit';
import { withToken } from '../meta-connect/service';
import { latestBudgetTask } from '../campaign-delivery/runtime-budget';
import { audienceSizeOf, platformRequest } from './boost-task';
import { boostCheck, requireEvent } from './service';
import * as repo from './repo';

interface PublishedRow {
  id: string;
  setup_process_id: string | null;
  meta_adset_id: string | null;
  meta_ad_id: string | null;
  stop_time: Date | string;
}

const sameCluster = (x: { tc: number; tc_run_id: number }, b: CampaignEditBody) => x.tc === b.tc && x.tc_run_id === b.tc_run_id;

/** spec 2 §5: a running campaign's media are replaced one for one; their number stays. */
export function runningMediaProblems(before: Creative | undefined, after: Creative): SetupProblem[] {
  if (!before || before.media.length === after.media.length) return [];
  return [{ area: 'creatives', tc: after.tc, code: MEDIA_COUNT_CODE, field: 'media' }];
}

export async function editRunningCampaign(db: Db, partnerId: number, body: CampaignEditBody, now = clockNow()): Promise<CampaignEditResult> {
  await requireEvent(db, partnerId, body.eid);
  const [campaign] = await rows<PublishedRow>(db, sql`
    SELECT id, setup_process_id, meta_adset_id, meta_ad_id, stop_time FROM campaigns
    WHERE partner_id = ${partnerId} AND event_id = ${body.eid} AND tc = ${body.tc} AND tc_run_id = ${body.tc_run_id} AND published_at IS NOT NULL
    ORDER BY published_at DESC LIMIT 1`);
  if (!campaign?.setup_process_id) throw notFound('Campaign');
  if (new Date(campaign.stop_time).getTime() <= now.getTime()) throw new AppError(409, 'error.campaign.edit.ended', 'This campaign has ended and can no longer be changed.');
  if ((await latestBudgetTask(db, partnerId, body.eid))?.status === 'pending') {
    throw new AppError(409, 'error.campaign.config.task_pending', 'A change of this campaign is still being applied.');
  }
  const setup = await repo.findById(db, partnerId, campaign.setup_process_id);
  if (!setup) throw notFound('Campaign');

  const creative: Creative = { ...body.creatives[0]!, tc: body.tc, tc_run_id: body.tc_run_id, audience_id: body.audience_id };
  const targeting: Targeting = { ...body.targeting[0]!, tc: body.tc, tc_run_id: body.tc_run_id };
  if (!sameCluster(body.creatives[0]!, body) || !sameCluster(body.targeting[0]!, body)) {
    throw new AppError(400, 'error.validation.invalid', 'The creative and targeting must be the cluster named by tc and tc_run_id.');
  }
  const before = (setup.creatives as Creative[]).find((c) => sameCluster(c, body));
  // The published setup with this cluster only, as it would be after the change: the boost's
  // checks (accounts, creative fields, targeting, media in storage, pixel) apply unchanged. The
  // runtime is the campaign's own (a budget/runtime change may have moved its end).
  const stop = new Date(campaign.stop_time).toISOString().slice(0, 10);
  const candidate: repo.SetupRow = {
    ...setup,
    creatives: [creative],
    targeting: [targeting],
    disabledVariations: { [String(body.tc)]: setup.disabledVariations[String(body.tc)] ?? [] },
    endDate: stop,
    startDate: setup.startDate > stop ? stop : setup.startDate,
  };
  const { failed, reached } = await boostCheck(db, candidate, now);
  const problems = [...(failed?.problems ?? []), ...runningMediaProblems(before, creative)];
  if (failed?.code === 'error.setup.INVALID_ACCOUNTS') {
    throw new AppError(422, failed.code, 'Validation failed. Please reconnect the assets on the Meta assets page and grant us the necessary access.', undefined, undefined, undefined, { problems });
  }
  if (problems.length) throw new AppError(422, 'error.setup.INVALID_SETUP', 'The campaign cannot be updated like this.', undefined, undefined, undefined, { problems });

  const account = reached.find((r) => r.asset.key === 'facebook.ad_account')!;
  const platform = adPlatform();
  if (!campaign.meta_adset_id || !campaign.meta_ad_id) throw new AppError(409, 'error.campaign.config.remote_campaign_not_published', 'The campaign has not been published yet.');
  const { creativeId, request, clusterAudience } = await withToken(db, account.connection!, now, async (token) => {
    // A taste-cluster targeting keeps (or, newly chosen, gets) the cluster's custom audience.
    const { request, clusterAudiences } = await platformRequest(db, partnerId, candidate, reached, platform, token, now);
    const adSet = adSetPublishRequest(request, 0);
    const { creativeId } = await platform.updateAdSet(token, { adAccountId: request.adAccountId, adSetId: campaign.meta_adset_id!, adId: campaign.meta_ad_id!, request: adSet });
    return { creativeId, request: adSet, clusterAudience: clusterAudiences[0] ?? null };
  });

  const at = clockNow();
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const replace = <T extends { tc: number; tc_run_id: number }>(list: T[], next: T) => list.map((x) => (sameCluster(x, body) ? next : x));
    await repo.updateById(tx, partnerId, setup.id, {
      creatives: replace(setup.creatives as Creative[], creative),
      targeting: replace(setup.targeting as Targeting[], targeting),
    });
    await tx.execute(sql`
      UPDATE campaigns SET meta_creative_id = ${creativeId}, audience_size = ${audienceSizeOf(request.targeting, clusterAudience)},
        cluster_audience = ${clusterAudience === null ? null : JSON.stringify(clusterAudience)}::jsonb
      WHERE partner_id = ${partnerId} AND id = ${campaign.id}`);
  });
  return { eid: body.eid, tc: body.tc, tc_run_id: body.tc_run_id, creative, targeting, updated_at: at.toISOString() };
}
