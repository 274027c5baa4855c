// The numbers behind the event page's charts (spec 1 §2.10): the cumulative sales curve against
// comparable events and the forecast path, the ticket type and seat category split, and the
// daily sales with manual adjustments.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { DailyRevenueSummary, SalesGraph, TicketsResponse } from '../../../lib/contracts/events';
import { SOLD_TICKETS_SQL } from '../sales/measures';
import { getEventItem } from './item';
import { now as clockNow } from '../../lib/clock';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => Math.floor(ms / DAY_MS);
const dayIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

interface ForecastCurves {
  days_out: number | null;
  benchmark_curve: number[] | null;
  predicted_path: number[] | null;
  interval_low: number | null;
  interval_high: number | null;
  computed_at: Date | string | null;
}

/**
 * The 80 % band around one point of the forecast path: the path's progress from today's share to
 * the predicted final share, applied to the interval's ends (the band opens as the path goes on).
 */
function bandAt(path: number[], predicted: number, curves: ForecastCurves): { low: number; high: number } | null {
  if (curves.interval_low == null || curves.interval_high == null || !path.length) return null;
  const from = path[0];
  const to = path[path.length - 1];
  const progress = to - from > 1e-9 ? (predicted - from) / (to - from) : 1;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    low: round(Math.min(predicted, from + (curves.interval_low - from) * progress)),
    high: round(Math.max(predicted, from + (curves.interval_high - from) * progress)),
  };
}

export async function salesGraph(db: Db, partnerId: number, eventId: string, now = clockNow()): Promise<SalesGraph> {
  const event = await getEventItem(db, partnerId, eventId, now);
  const [curves] = await rows<ForecastCurves>(
    db,
    sql`select days_out, benchmark_curve, predicted_path, interval_low, interval_high, computed_at from event_forecasts where partner_id = ${partnerId} and event_id = ${eventId}`,
  );
  const daily = await rows<{ day: string; sold: number }>(
    db,
    sql`select to_char((tx.sold_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, ${SOLD_TICKETS_SQL} as sold
        from ticket_transactions tx where tx.partner_id = ${partnerId} and tx.event_id = ${eventId}
        group by 1 order by 1`,
  );
  const eventDay = utcDay(Date.parse(event.start_date_time));
  const today = utcDay(now.getTime());
  const benchmark = curves?.benchmark_curve ?? [];
  const path = curves?.predicted_path ?? [];
  if (!daily.length && !benchmark.length) return { sales: [] };

  const firstSale = daily.length ? utcDay(Date.parse(`${daily[0].day}T00:00:00Z`)) : eventDay;
  const firstDay = Math.min(firstSale, eventDay - Math.max(benchmark.length - 1, 0));
  const soldByDay = new Map(daily.map((d) => [utcDay(Date.parse(`${d.day}T00:00:00Z`)), d.sold]));
  // The stored path starts at the day the forecast was made (its days_out).
  const pathStartDaysOut = curves?.days_out ?? null;
  const sales: SalesGraph['sales'] = [];
  let cumulative = 0;
  for (let day = firstDay; day <= eventDay; day++) {
    cumulative += soldByDay.get(day) ?? 0;
    const daysOut = eventDay - day;
    const pathIndex = pathStartDaysOut === null ? -1 : pathStartDaysOut - daysOut;
    const predicted = day >= today && pathIndex >= 0 && pathIndex < path.length ? path[pathIndex] : null;
    const band = predicted === null || !curves ? null : bandAt(path, predicted, curves);
    sales.push({
      mapped_date: dayIso(day),
      days_out: daysOut,
      norm_tickets_sold_current: day <= today ? pct(cumulative, event.capacity) : null,
      norm_tickets_sold_avg: daysOut < benchmark.length ? benchmark[daysOut] : null,
      norm_tickets_predicted: predicted,
      norm_tickets_predicted_low: band?.low ?? null,
      norm_tickets_predicted_high: band?.high ?? null,
    });
  }
  return { sales };
}

const TYPE_GROUP: Record<string, keyof Omit<TicketsResponse['tickets_per_category'], `share_${string}`> | null> = {
  regular: 'regular',
  regular_discount: 'regular_discount',
  discount: 'discount',
  subscription: 'subscription',
  free: 'other',
  reserved: 'other',
  cancelled: null,
};

/** Seat categories in the hall's order: numbered ones (1–15) first, then named ones. */
function seatOrder(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : Number.POSITIVE_INFINITY;
  const nb = /^\d+$/.test(b) ? Number(b) : Number.POSITIVE_INFINITY;
  return na - nb || a.localeCompare(b);
}

export async function eventTickets(db: Db, partnerId: number, eventId: string): Promise<TicketsResponse> {
  const event = await getEventItem(db, partnerId, eventId);
  const byType = await rows<{ ticket_type: string; sold: number }>(
    db,
    sql`select tx.ticket_type, ${SOLD_TICKETS_SQL} as sold from ticket_transactions tx
        where tx.partner_id = ${partnerId} and tx.event_id = ${eventId} group by 1`,
  );
  const byCategory = await rows<{ price_category: string; sold: number }>(
    db,
    sql`select tx.price_category, ${SOLD_TICKETS_SQL} as sold from ticket_transactions tx
        where tx.partner_id = ${partnerId} and tx.event_id = ${eventId} group by 1`,
  );
  const counts = { regular: 0, regular_discount: 0, discount: 0, subscription: 0, other: 0 };
  for (const r of byType) {
    const group = TYPE_GROUP[r.ticket_type];
    if (group) counts[group] += r.sold;
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const soldTotal = byCategory.reduce((a, r) => a + r.sold, 0);
  return {
    tickets_per_category: {
      ...counts,
      share_regular_tickets: pct(counts.regular, total),
      share_regular_discount_tickets: pct(counts.regular_discount, total),
      share_discount_tickets: pct(counts.discount, total),
      share_subscription_tickets: pct(counts.subscription, total),
      share_other_tickets: pct(counts.other, total),
    },
    price_categories: {
      eid: event.eid,
      categories: byCategory
        .filter((r) => r.sold > 0)
        .sort((a, b) => seatOrder(a.price_category, b.price_category))
        .map((r) => ({ name: r.price_category, tickets: r.sold, share: pct(r.sold, soldTotal) })),
    },
  };
}

type Figure = DailyRevenueSummary['summaries'][number];

/**
 * GET /daily_revenue_summary/: per day, API sales and manual adjustments apart (the transaction
 * chart marks the latter). Money is in the partner's currency; there is no conversion, so a
 * different `currency` is answered in the partner's and says so.
 */
export async function dailyRevenueSummary(
  db: Db,
  partner: { id: number; currency: string },
  q: { event_id: string; start_date?: string; end_date?: string },
): Promise<DailyRevenueSummary> {
  await getEventItem(db, partner.id, q.event_id);
  const since = q.start_date ? sql`and tx.sold_at >= ${new Date(`${q.start_date}T00:00:00Z`)}` : sql``;
  const until = q.end_date ? sql`and tx.sold_at <= ${new Date(`${q.end_date}T23:59:59.999Z`)}` : sql``;
  const found = await rows<{ day: string; source: 'api' | 'manual'; ticket_type: string; tickets: number; revenue_minor: string | number }>(
    db,
    sql`select to_char((tx.sold_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, tx.source, tx.ticket_type,
               sum(tx.quantity)::float8 as tickets, sum(tx.amount_minor)::bigint as revenue_minor
        from ticket_transactions tx
        where tx.partner_id = ${partner.id} and tx.event_id = ${q.event_id} ${since} ${until}
        group by 1, 2, 3 order by 1`,
  );
  const api = new Map<string, Figure>();
  const manual = new Map<string, Figure>();
  for (const r of found) {
    const target = r.source === 'manual' ? manual : api;
    let f = target.get(r.day);
    if (!f) {
      f = { date: r.day, revenue: { total: 0, parts: {} }, number_of_tickets: { total: 0, parts: {} } };
      target.set(r.day, f);
    }
    const revenue = Number(r.revenue_minor) / 100;
    f.revenue.parts[r.ticket_type] = (f.revenue.parts[r.ticket_type] ?? 0) + revenue;
    f.number_of_tickets.parts[r.ticket_type] = (f.number_of_tickets.parts[r.ticket_type] ?? 0) + r.tickets;
    // A cancelled ticket neither fills a seat nor earns (it is listed under parts).
    if (r.ticket_type !== 'cancelled') {
      f.revenue.total = Math.round((f.revenue.total + revenue) * 100) / 100;
      f.number_of_tickets.total += r.tickets;
    }
  }
  return { currency: partner.currency, summaries: [...api.values()], manual_adjustments: [...manual.values()] };
}
