// What the budget model needs of one event, read from the database: the event, its stored
// forecast, the latest taste-cluster run's clusters, the partner's customers and the partner's past
// campaigns. Every query is scoped to the partner; another partner's event is not found.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { EVENT_ID_RE } from '../events/item';
import { forecastFor } from '../forecast';
import { clustersOf, latestSuccessfulRun } from '../taste-clusters/store';
import type { ClusterRow } from '../taste-clusters/store';
import type { BudgetCluster, BudgetForecast } from './model';

const DAY_MS = 86_400_000;

export interface BudgetEvent {
  id: string;
  capacity: number;
  startMs: number;
  /** What buyers paid per ticket so far, else the list price; null without either. */
  ticketPrice: number | null;
  currency: string;
}

export async function loadBudgetEvent(db: Db, partnerId: number, eventId: string): Promise<BudgetEvent> {
  if (!EVENT_ID_RE.test(eventId)) throw notFound('Event');
  const [e] = await rows<{ id: string; capacity: number; start_ms: number; price: number | null; paid_unit: number | null; currency: string }>(db, sql`
    SELECT e.id, e.capacity, extract(epoch FROM e.start_date_time) * 1000 AS start_ms, e.price, p.currency,
           (SELECT sum(t.amount_minor)::float8 / nullif(sum(t.quantity), 0) / 100
              FROM ticket_transactions t
             WHERE t.partner_id = ${partnerId} AND t.event_id = e.id AND t.amount_minor > 0 AND t.quantity > 0
               AND t.ticket_type <> 'cancelled') AS paid_unit
    FROM events e JOIN partners p ON p.id = e.partner_id
    WHERE e.partner_id = ${partnerId} AND e.id = ${eventId}`);
  if (!e) throw notFound('Event');
  // The same price rule as the taste-cluster scores: what buyers pay beats the list price.
  const ticketPrice = e.paid_unit !== null ? Number(e.paid_unit) : e.price !== null ? Number(e.price) : null;
  return { id: e.id, capacity: e.capacity, startMs: Number(e.start_ms), ticketPrice, currency: e.currency };
}

/** Whole calendar days (UTC) from `nowMs` to the event's start; negative once it started. */
export const daysOutOf = (startMs: number, nowMs: number) => Math.floor(startMs / DAY_MS) - Math.floor(nowMs / DAY_MS);

export async function loadBudgetForecast(db: Db, partnerId: number, eventId: string): Promise<{ forecast: BudgetForecast | null; ticketsSold: number }> {
  const f = await forecastFor(db, partnerId, eventId);
  if (!f) return { forecast: null, ticketsSold: 0 };
  const forecast = f.state === 'no_data' && f.predictedTickets === null ? null : { predictedTickets: f.predictedTickets, state: f.state, benchmarkCurve: f.benchmarkCurve };
  return { forecast, ticketsSold: f.ticketsSold };
}

/** The event's latest successful run's clusters (empty before the first run). */
export async function loadEventClusters(db: Db, partnerId: number, eventId: string): Promise<ClusterRow[]> {
  const run = await latestSuccessfulRun(db, partnerId, eventId);
  return run ? clustersOf(db, partnerId, run.id) : [];
}

export function budgetClusterOf(c: ClusterRow): BudgetCluster {
  const tpo = (c.profile as { ticketsPerOrder?: unknown } | null)?.ticketsPerOrder;
  return { tc: c.tc, size: c.size, alreadyBought: c.alreadyBought, attractiveness: c.attractiveness, ticketsPerOrder: typeof tpo === 'number' ? tpo : null };
}

export async function loadCustomerCount(db: Db, partnerId: number): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM customers WHERE partner_id = ${partnerId}`);
  return n;
}

/**
 * The partner's past and running campaigns in its currency that spent something: what the cost per
 * purchase is learnt from. Amounts in major units (minor ÷ 100: the partners' currencies have cents).
 */
export async function loadCampaignHistory(db: Db, partnerId: number, currency: string): Promise<{ spend: number; purchases: number; campaigns: number }> {
  const [h] = await rows<{ spend: string | number | null; purchases: string | number | null; n: number }>(db, sql`
    SELECT sum(spend_minor) AS spend, sum(purchases) AS purchases, count(*)::int AS n
    FROM campaigns WHERE partner_id = ${partnerId} AND currency = ${currency} AND spend_minor > 0`);
  return { spend: Number(h?.spend ?? 0) / 100, purchases: Number(h?.purchases ?? 0), campaigns: h?.n ?? 0 };
}
