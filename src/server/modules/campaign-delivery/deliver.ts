// Brings every published ad set's delivery up to a day (issue 22 "Delivery"): the sandbox
// simulates each missing day (engines/delivery/sandbox.ts) and sells the tickets the campaign
// caused as real transactions of the event (source 'campaign'); the Graph platform's figures are
// read from Meta's Insights API per day. Either way the days land in campaign_delivery and the
// campaign row's spend, purchases and revenue are their sums, so every screen reads one set.
// Only whole days are delivered: a day is final once it is over.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { arr } from '../../db/bulk';
import { adPlatform } from '../../adapters/meta';
import type { AdPlatform } from '../../adapters/meta/types';
import { daysBetween, deliverDay, type DayDelivery } from '../../engines/delivery/sandbox';
import { partnerToken } from '../meta-connect/service';
import { enqueueForecastRecompute } from '../forecast/tasks';
import { now as clockNow } from '../../lib/clock';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (day: string) => isoDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

/** The last whole day before `now` (UTC): what a run delivers up to. */
export const lastWholeDay = (now = clockNow()): string => isoDay(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS);

interface DueRow {
  id: string;
  partner_id: number;
  event_id: string;
  status: 'ACTIVE' | 'PAUSED' | 'DRAFT';
  start_day: string;
  stop_day: string;
  budget_minor: number;
  spend_minor: number;
  meta_adset_id: string;
  audience_size: number | null;
  delivered_through: string | null;
  currency: string;
}

export interface DeliveryRun {
  campaigns: number;
  days: number;
  tickets: number;
}

/**
 * Delivers every published ad set (of one partner, or all) up to and including `through`
 * (YYYY-MM-DD, default yesterday). Idempotent: a day is delivered once.
 */
export async function deliverCampaigns(db: Db, opts: { through?: string; partnerId?: number; platform?: AdPlatform; recompute?: boolean } = {}): Promise<DeliveryRun> {
  const through = opts.through ?? lastWholeDay();
  const platform = opts.platform ?? adPlatform();
  const due = await rows<{ id: string; partner_id: number }>(db, sql`
    SELECT id, partner_id FROM campaigns
    WHERE published_at IS NOT NULL AND meta_adset_id IS NOT NULL AND budget_minor IS NOT NULL
      AND (delivered_through IS NULL OR delivered_through < ${through}::date)
      AND (start_time AT TIME ZONE 'UTC')::date <= ${through}::date
      ${opts.partnerId === undefined ? sql`` : sql`AND partner_id = ${opts.partnerId}`}
    ORDER BY partner_id, id`);
  const run: DeliveryRun = { campaigns: 0, days: 0, tickets: 0 };
  const soldEvents = new Map<number, Set<string>>();
  for (const { id, partner_id } of due) {
    const r = platform.kind === 'sandbox' ? await deliverSandbox(db, partner_id, id, through) : await deliverFromGraph(db, platform, partner_id, id, through);
    if (!r) continue;
    run.campaigns++;
    run.days += r.days;
    run.tickets += r.tickets;
    if (r.tickets > 0) {
      const set = soldEvents.get(partner_id) ?? new Set<string>();
      set.add(r.eventId);
      soldEvents.set(partner_id, set);
    }
  }
  // The campaign's tickets are sales like any other: the forecast takes them in.
  if (opts.recompute ?? true) for (const [partnerId, ids] of soldEvents) await enqueueForecastRecompute(db, partnerId, [...ids]);
  return run;
}

/** The ad set row, locked, if it still has days to deliver (another worker may have done them). */
async function lockDue(tx: Db, partnerId: number, id: string, through: string): Promise<DueRow | null> {
  const [row] = await rows<DueRow>(tx, sql`
    SELECT id, partner_id, event_id, status, to_char((start_time AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS start_day,
           to_char((stop_time AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS stop_day, budget_minor::float8 AS budget_minor,
           spend_minor::float8 AS spend_minor, meta_adset_id, audience_size, to_char(delivered_through, 'YYYY-MM-DD') AS delivered_through, currency
    FROM campaigns WHERE partner_id = ${partnerId} AND id = ${id}
      AND (delivered_through IS NULL OR delivered_through < ${through}::date)
    FOR UPDATE`);
  return row ?? null;
}

/** The days still to deliver: from the day after the last delivered (or the start) to `through`, within the runtime. */
function daysToDeliver(c: DueRow, through: string): string[] {
  const from = c.delivered_through && c.delivered_through >= c.start_day ? nextDay(c.delivered_through) : c.start_day;
  const to = c.stop_day < through ? c.stop_day : through;
  return from <= to ? daysBetween(from, to) : [];
}

interface EventState {
  sold: number;
  capacity: number;
  price_minor: number | null;
  category: string | null;
  now_value: number | null;
  now_benchmark: number | null;
}

async function eventState(tx: Db, partnerId: number, eventId: string): Promise<EventState> {
  const [r] = await rows<EventState>(tx, sql`
    SELECT e.capacity,
           coalesce((SELECT sum(quantity) FROM ticket_transactions t WHERE t.partner_id = e.partner_id AND t.event_id = e.id AND t.ticket_type <> 'cancelled'), 0)::int AS sold,
           (SELECT round(sum(amount_minor)::numeric / nullif(sum(quantity), 0))::float8 FROM ticket_transactions t
             WHERE t.partner_id = e.partner_id AND t.event_id = e.id AND t.ticket_type IN ('regular', 'regular_discount', 'discount') AND t.amount_minor > 0) AS price_minor,
           (SELECT mode() WITHIN GROUP (ORDER BY price_category) FROM ticket_transactions t
             WHERE t.partner_id = e.partner_id AND t.event_id = e.id AND t.ticket_type = 'regular') AS category,
           f.now_value, f.now_benchmark
    FROM events e LEFT JOIN event_forecasts f ON f.event_id = e.id AND f.partner_id = e.partner_id
    WHERE e.partner_id = ${partnerId} AND e.id = ${eventId}`);
  return r!;
}

/** How far the event sells below the comparable events at this point (0.3 = 30 % below). */
function demandGap(e: EventState): number {
  if (e.now_value == null || e.now_benchmark == null || e.now_benchmark <= 0) return 0;
  return (e.now_benchmark - e.now_value) / e.now_benchmark;
}

/** A ticket price when the event has no paid sale yet: a typical concert ticket. */
const FALLBACK_PRICE_MINOR = 3_500;
/** Audience when the ad set has no estimate stored (rows from before issue 22). */
const FALLBACK_AUDIENCE = 60_000;

async function deliverSandbox(db: Db, partnerId: number, id: string, through: string) {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const c = await lockDue(tx, partnerId, id, through);
    if (!c) return null;
    const days = daysToDeliver(c, through);
    const event = await eventState(tx, partnerId, c.event_id);
    const price = event.price_minor ?? FALLBACK_PRICE_MINOR;
    let spent = c.spend_minor;
    let seatsLeft = Math.max(0, event.capacity - event.sold);
    const delivered: { day: string; d: DayDelivery }[] = [];
    for (const day of days) {
      const d = deliverDay({
        key: c.meta_adset_id,
        day,
        status: c.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED',
        startDay: c.start_day,
        endDay: c.stop_day,
        lifetimeBudgetMinor: c.budget_minor,
        spentMinor: spent,
        audienceSize: c.audience_size ?? FALLBACK_AUDIENCE,
        demandGap: demandGap(event),
        ticketPriceMinor: price,
        seatsLeft,
      });
      spent += d.spendMinor;
      seatsLeft -= d.causedTickets;
      delivered.push({ day, d });
    }
    await storeDays(tx, c, through, delivered, true);
    const tickets = delivered.reduce((s, x) => s + x.d.causedTickets, 0);
    if (tickets > 0) await sellTickets(tx, c, delivered, price, event.category ?? 'Standard');
    return { eventId: c.event_id, days: delivered.length, tickets };
  });
}

/** Stores the days and moves the row's sums; the row counts as handled through `through` (days after its end deliver nothing). */
async function storeDays(tx: Db, c: DueRow, through: string, delivered: { day: string; d: DayDelivery }[], sandbox: boolean): Promise<void> {
  const sum = { spend: 0, purchases: 0, revenue: 0 };
  for (const { day, d } of delivered) {
    await tx.execute(sql`
      INSERT INTO campaign_delivery (campaign_id, partner_id, day, impressions, clicks, spend_minor, purchases, revenue_minor, leads, caused_tickets)
      VALUES (${c.id}, ${c.partner_id}, ${day}::date, ${d.impressions}, ${d.clicks}, ${d.spendMinor}, ${d.purchases}, ${d.revenueMinor}, 0, ${sandbox ? d.causedTickets : null})
      ON CONFLICT (campaign_id, day) DO NOTHING`);
    sum.spend += d.spendMinor;
    sum.purchases += d.purchases;
    sum.revenue += d.revenueMinor;
  }
  await tx.execute(sql`
    UPDATE campaigns SET spend_minor = spend_minor + ${sum.spend}, purchases = purchases + ${sum.purchases},
           revenue_minor = revenue_minor + ${sum.revenue}, delivered_through = ${through}::date
    WHERE partner_id = ${c.partner_id} AND id = ${c.id}`);
}

/** The caused tickets as orders of one or two, spread over the day's waking hours. */
async function sellTickets(tx: Db, c: DueRow, delivered: { day: string; d: DayDelivery }[], priceMinor: number, category: string): Promise<void> {
  const soldAt: Date[] = [];
  const qty: number[] = [];
  for (const { day, d } of delivered) {
    let left = d.causedTickets;
    for (let i = 0; left > 0; i++) {
      const q = left >= 2 && i % 3 !== 2 ? 2 : 1;
      left -= q;
      qty.push(q);
      // 08:00 plus 37 min per order, wrapping within the day.
      soldAt.push(new Date(Date.parse(`${day}T08:00:00Z`) + ((i * 37) % 900) * 60_000));
    }
  }
  await tx.execute(sql`
    INSERT INTO ticket_transactions (partner_id, event_id, sold_at, quantity, ticket_type, price_category, amount_minor, source, campaign_id)
    SELECT ${c.partner_id}, ${c.event_id}, s, q, 'regular', ${category}, q * ${priceMinor}, 'campaign', ${c.id}
    FROM unnest(${arr(soldAt.map((d) => d.toISOString()))}::timestamptz[], ${arr(qty)}::int[]) AS x(s, q)`);
}

async function deliverFromGraph(db: Db, platform: AdPlatform, partnerId: number, id: string, through: string) {
  const token = await partnerToken(db, partnerId, clockNow());
  // Without a live token nothing can be read; fb_insights says user_action_required.
  if (!token) return null;
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const c = await lockDue(tx, partnerId, id, through);
    if (!c) return null;
    const delivered: { day: string; d: DayDelivery }[] = [];
    for (const day of daysToDeliver(c, through)) {
      const [i] = await platform.insights(token, { objectIds: [c.meta_adset_id], since: day, until: day, currency: c.currency });
      delivered.push({ day, d: { impressions: i?.impressions ?? 0, clicks: i?.clicks ?? 0, spendMinor: i?.spendMinor ?? 0, purchases: i?.purchases ?? 0, revenueMinor: i?.revenueMinor ?? 0, causedTickets: 0 } });
    }
    await storeDays(tx, c, through, delivered, false);
    return { eventId: c.event_id, days: delivered.length, tickets: 0 };
  });
}
