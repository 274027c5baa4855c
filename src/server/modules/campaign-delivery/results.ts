// What an event's campaign delivered and sold (spec 2 §2 campaign statistics panel, §3 Facebook
// insights and campaign results, §4 attribution model, §7 insights and results). Everything is
// read from campaign_delivery and the campaign rows (deliver.ts), so these numbers, the
// dashboard's card and the PDF agree.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fdEstimate, type CampaignCounterfactual, type CounterfactualSnapshot } from '../../engines/delivery/counterfactual';
import { adPlatform } from '../../adapters/meta';
import { partnerToken } from '../meta-connect/service';
import { eventAttribution, type AttributionCtx } from './attribution';
import { now as clockNow } from '../../lib/clock';
import type { CampaignResults, DeliveryDay, FbInsights, ResultFigures } from '../../../lib/contracts/campaign-results';

/** FD needs a few whole days of sales before the difference to the forecast means anything. */
export const MIN_EVALUATION_DAYS = 3;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const major = (minor: number) => Math.round(minor) / 100;

interface CampaignRow {
  id: string;
  status: 'ACTIVE' | 'PAUSED' | 'DRAFT';
  start_time: Date | string;
  stop_time: Date | string;
  spend_minor: number;
  purchases: number;
  revenue_minor: number;
  currency: string;
  delivered_through: string | null;
  counterfactual: CampaignCounterfactual | null;
  published_at: Date | string | null;
  meta_ad_id: string | null;
}

async function eventCampaigns(db: Db, partnerId: number, eventId: string): Promise<CampaignRow[]> {
  const [event] = await rows<{ id: string }>(db, sql`SELECT id FROM events WHERE partner_id = ${partnerId} AND id = ${eventId}`);
  if (!event) throw notFound('Event');
  return rows<CampaignRow>(db, sql`
    SELECT id, status, start_time, stop_time, spend_minor::float8 AS spend_minor, purchases, revenue_minor::float8 AS revenue_minor, currency,
           to_char(delivered_through, 'YYYY-MM-DD') AS delivered_through, counterfactual, published_at, meta_ad_id
    FROM campaigns WHERE partner_id = ${partnerId} AND event_id = ${eventId} AND status <> 'DRAFT'
    ORDER BY start_time, id`);
}

/** Whether Meta's figures cannot be read: the Graph platform without a live token of the partner. */
async function userActionRequired(db: Db, partnerId: number): Promise<boolean> {
  if (adPlatform().kind === 'sandbox') return false;
  return (await partnerToken(db, partnerId, clockNow()).catch(() => null)) === null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The Meta id of the ad account a campaign row was published with (from its setup's assets). */
async function adAccountOf(db: Db, partnerId: number, campaignId: string): Promise<string | null> {
  const [r] = await rows<{ asset_id: string }>(db, sql`
    SELECT a.asset_id FROM campaigns c
    JOIN setup_processes s ON s.id = c.setup_process_id AND s.partner_id = c.partner_id
    CROSS JOIN LATERAL jsonb_array_elements(s.integration_details) d
    JOIN meta_assets a ON a.partner_id = c.partner_id AND a.id::text = d->>'asset_id' AND a.key = 'facebook.ad_account'
    WHERE c.partner_id = ${partnerId} AND c.id = ${campaignId} LIMIT 1`);
  return r?.asset_id ?? null;
}

/** GET /integrations/facebook/events/{id}/fb_insights. */
export async function fbInsights(db: Db, partnerId: number, eventId: string, now = clockNow()): Promise<FbInsights> {
  const list = await eventCampaigns(db, partnerId, eventId);
  if (!list.length) throw notFound('Campaign');
  const [sum] = await rows<{ impressions: number; clicks: number }>(db, sql`
    SELECT coalesce(sum(impressions), 0)::float8 AS impressions, coalesce(sum(clicks), 0)::float8 AS clicks
    FROM campaign_delivery d JOIN campaigns c ON c.id = d.campaign_id AND c.partner_id = d.partner_id
    WHERE d.partner_id = ${partnerId} AND c.event_id = ${eventId}`);
  const running = list.filter((c) => c.status === 'ACTIVE' && new Date(c.stop_time).getTime() >= now.getTime());
  return {
    impressions: sum!.impressions,
    clicks: sum!.clicks,
    ad_spend: major(list.reduce((s, c) => s + c.spend_minor, 0)),
    currency: list[0]!.currency,
    start: iso(list.reduce((a, c) => (new Date(c.start_time) < new Date(a) ? c.start_time : a), list[0]!.start_time)),
    end: iso(list.reduce((a, c) => (new Date(c.stop_time) > new Date(a) ? c.stop_time : a), list[0]!.stop_time)),
    running_clusters: running.length,
    total_ads: list.filter((c) => c.meta_ad_id !== null).length || list.length,
    delivered_through: list.map((c) => c.delivered_through).filter((d): d is string => d !== null).sort().at(-1) ?? null,
    user_action_required: await userActionRequired(db, partnerId),
  };
}


/** Tickets sold per day (all sources but cancelled) of some events from a day on. */
async function soldPerDay(db: Db, partnerId: number, eventIds: string[], fromDay: string): Promise<{ byDay: Map<string, number>; revenueMinor: number; tickets: number }> {
  const list = await rows<{ day: string; sold: number; revenue: number }>(db, sql`
    SELECT to_char((sold_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(quantity)::float8 AS sold, sum(amount_minor)::float8 AS revenue
    FROM ticket_transactions
    WHERE partner_id = ${partnerId} AND event_id IN (${sql.join(eventIds.map((id) => sql`${id}`), sql`, `)})
      AND ticket_type <> 'cancelled' AND sold_at >= ${fromDay}::date
    GROUP BY 1`);
  return {
    byDay: new Map(list.map((r) => [r.day, r.sold])),
    revenueMinor: list.reduce((s, r) => s + r.revenue, 0),
    tickets: list.reduce((s, r) => s + r.sold, 0),
  };
}

function figures(tickets: number, revenueMinor: number, spendMinor: number): ResultFigures {
  // The cost per ticket divides by the tickets as shown (rounded), so the two agree on screen.
  const t = Math.max(0, Math.round(tickets));
  const revenue = Math.max(0, major(revenueMinor));
  const spend = major(spendMinor);
  return {
    total_transactions: Math.round(t),
    total_revenue: Math.round(revenue * 100) / 100,
    cpo: t >= 1 ? Math.round((spend / t) * 100) / 100 : null,
    roas: spend > 0 ? Math.round((revenue / spend) * 100) / 100 : null,
  };
}

/** FD over one snapshot: the estimate at `through`, revenue at the mean price actually paid since the start. */
async function fdFigures(db: Db, partnerId: number, snap: CounterfactualSnapshot, eventIds: string[], through: string, spendMinor: number) {
  const sold = await soldPerDay(db, partnerId, eventIds, snap.startDay);
  let actual = 0;
  for (const [day, n] of sold.byDay) if (day <= through) actual += n;
  const est = fdEstimate(snap, actual, through);
  if (!est) return null;
  const meanPrice = sold.tickets > 0 ? sold.revenueMinor / sold.tickets : 0;
  return { figures: figures(est.tickets, est.tickets * meanPrice, spendMinor), interval: { low: Math.max(0, Math.round(est.low)), high: Math.max(0, Math.round(est.high)) }, sold };
}

/** GET /integrations/facebook/events/{id}/campaign_results. */
export async function campaignResults(db: Db, partnerId: number, eventId: string, ctx: AttributionCtx): Promise<CampaignResults> {
  const list = await eventCampaigns(db, partnerId, eventId);
  if (!list.length) throw notFound('Campaign');
  const model = (await eventAttribution(db, partnerId, eventId, ctx)).model;
  const spend = list.reduce((s, c) => s + c.spend_minor, 0);
  const through = list.map((c) => c.delivered_through).filter((d): d is string => d !== null).sort().at(-1) ?? null;
  // The first publication's snapshot: the counterfactual from before the campaign sold anything.
  const cf = list.find((c) => c.counterfactual)?.counterfactual ?? null;
  const startDay = iso(list[0]!.start_time).slice(0, 10);
  const evaluatedDays = through ? dayNumber(through) - dayNumber(startDay) + 1 : 0;
  const tooShort = evaluatedDays < MIN_EVALUATION_DAYS;

  const daily = await rows<{ day: string; spend: number; purchases: number }>(db, sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.spend_minor)::float8 AS spend, sum(d.purchases)::int AS purchases
    FROM campaign_delivery d JOIN campaigns c ON c.id = d.campaign_id AND c.partner_id = d.partner_id
    WHERE d.partner_id = ${partnerId} AND c.event_id = ${eventId} GROUP BY 1 ORDER BY 1`);

  let eventResults: ResultFigures | null;
  let seriesResults: ResultFigures | null = null;
  let eventInterval: { low: number; high: number } | null = null;
  let seriesInterval: { low: number; high: number } | null = null;
  let days: DeliveryDay[];
  // A campaign that has spent nothing cannot have sold anything: FD's difference to the forecast
  // would be the forecast's own error (the fresh-eyes walk found a paused campaign credited with 35).
  const noDelivery = spend <= 0;
  if (model === 'FD' && cf && through && noDelivery) {
    eventResults = figures(0, 0, 0);
    days = daily.map((d) => ({ day: d.day, spend: major(d.spend), purchases: d.purchases, actual: null, expected: null, low: null, high: null }));
  } else if (model === 'FD' && cf && through) {
    const fd = await fdFigures(db, partnerId, cf.event, [eventId], through, spend);
    eventResults = fd?.figures ?? null;
    eventInterval = fd?.interval ?? null;
    if (cf.series && cf.seriesEventIds.length > 1) {
      const s = await fdFigures(db, partnerId, cf.series, cf.seriesEventIds, through, spend);
      seriesResults = s?.figures ?? null;
      seriesInterval = s?.interval ?? null;
    }
    // The chart: actual cumulative sales since the start against the counterfactual and its band.
    let cumulative = 0;
    const byDay = new Map(daily.map((d) => [d.day, d]));
    const sold = fd?.sold.byDay ?? new Map<string, number>();
    days = [];
    for (let i = 0; i < cf.event.expected.length; i++) {
      const day = new Date((dayNumber(cf.event.startDay) + i) * DAY_MS).toISOString().slice(0, 10);
      if (day > through) break;
      cumulative += sold.get(day) ?? 0;
      days.push({ day, spend: major(byDay.get(day)?.spend ?? 0), purchases: byDay.get(day)?.purchases ?? 0, actual: cumulative, expected: cf.event.expected[i]!, low: cf.event.low[i]!, high: cf.event.high[i]! });
    }
  } else {
    // META (and EXTERNAL, whose own figures live in the partner's tool): what the platform reports.
    eventResults = model === 'FD' ? null : figures(list.reduce((s, c) => s + c.purchases, 0), list.reduce((s, c) => s + c.revenue_minor, 0), spend);
    days = daily.map((d) => ({ day: d.day, spend: major(d.spend), purchases: d.purchases, actual: null, expected: null, low: null, high: null }));
  }
  return {
    eval_name: model,
    ad_account_id: await adAccountOf(db, partnerId, list.at(-1)!.id),
    currency: list[0]!.currency,
    event_results: eventResults,
    // spec 2 §4: series results only for FD; EXTERNAL shows a note instead.
    series_results: model === 'FD' && !tooShort ? seriesResults : null,
    event_interval: eventInterval,
    series_interval: model === 'FD' && !tooShort ? seriesInterval : null,
    timeframe_too_low: tooShort,
    no_delivery: noDelivery,
    evaluated_days: Math.max(0, evaluatedDays),
    daily: days,
    // The dates the series figures count (frozen with the counterfactual at publish).
    included_event_ids: cf?.seriesEventIds ?? [eventId],
  };
}
