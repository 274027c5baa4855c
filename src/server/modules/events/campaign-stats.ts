// GET /campaigns/fb/stats: the dashboard's active-campaign card (spec 1 §2.8). Active = status
// ACTIVE and stop time not in the past (spec 1 §4.3). A boost writes one row per ad set (taste
// cluster) of one Meta campaign, so campaigns count by their Meta campaign id.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { CampaignStats } from '../../../lib/contracts/events';
import { now as clockNow } from '../../lib/clock';

export async function campaignStats(db: Db, partner: { id: number; currency: string }, now = clockNow()): Promise<CampaignStats> {
  const [r] = await rows<{ campaigns: number; adsets: number; spend: string | number; purchases: number; revenue: string | number }>(
    db,
    sql`select count(distinct coalesce(meta_campaign_id, id::text))::int as campaigns, coalesce(sum(adsets), 0)::int as adsets, coalesce(sum(spend_minor), 0)::bigint as spend,
               coalesce(sum(purchases), 0)::int as purchases, coalesce(sum(revenue_minor), 0)::bigint as revenue
        from campaigns where partner_id = ${partner.id} and status = 'ACTIVE' and stop_time >= ${now}`,
  );
  const spend = Number(r?.spend ?? 0) / 100;
  const revenue = Number(r?.revenue ?? 0) / 100;
  return {
    total_active_campaigns: r?.campaigns ?? 0,
    total_active_adsets: r?.adsets ?? 0,
    currency: partner.currency,
    sum_total_spend: spend,
    purchases: r?.purchases ?? 0,
    revenue,
    roas: spend > 0 ? Math.round((revenue / spend) * 100) / 100 : null,
  };
}
