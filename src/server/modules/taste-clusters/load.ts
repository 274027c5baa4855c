// The inputs of an ITC run, read from the database: every customer's buying history summed up in
// one pass of SQL (the same sums as the engine's aggregatePurchases, which the tests compare),
// their distance to the partner's venues, the event and who already bought for it.
import { sql } from 'drizzle-orm';
import { setImmediate as nextTick } from 'node:timers/promises';
import { rows, type Db } from '../../db/client';
import { CATEGORY_FAMILY, FAMILIES, familyOf, type CustomerAggregate, type EventForScoring, type Family } from '../../engines/taste-clusters';
import { locator } from './geo';

interface AggregateRow {
  id: string | number;
  orders: number;
  tickets: number;
  paid_tickets: number;
  spend: number | string;
  rel: number | null;
  lead: number | string;
  first_ms: number | string;
  last_ms: number | string;
  postal_code: string | null;
  city: string | null;
  [family: `f_${string}`]: number;
}

const categoriesOf = (f: Family) => Object.entries(CATEGORY_FAMILY).filter(([, fam]) => fam === f).map(([c]) => c);

/** sum(quantity) per family; 'other' takes every category no other family names (as familyOf does). */
function familyColumns() {
  const named = FAMILIES.filter((f) => f !== 'other').flatMap(categoriesOf);
  return sql.join(
    FAMILIES.map((f) => {
      const cond = f === 'other' ? sql`NOT (tx.category = ANY(${sql.param(named)}::text[]))` : sql`tx.category = ANY(${sql.param(categoriesOf(f))}::text[])`;
      return sql`coalesce(sum(tx.quantity) FILTER (WHERE ${cond}), 0)::int AS ${sql.identifier(`f_${f}`)}`;
    }),
    sql`, `,
  );
}

/**
 * Customers per aggregation query. PGlite runs each query on the event loop, and promise
 * callbacks alone never let a timer or a request in: one query over every customer held the web
 * process (which runs the worker) for seconds. Chunks of 200 take about 0.1 s each on the demo.
 */
const CHUNK = 200;

/** The counting rule of features.ts countsForProfile: real tickets (not cancelled, quantity > 0) of shows (not products), bought before the show and before now. */
const countedTickets = (partnerId: number, now: string, customers = sql`t.customer_id IS NOT NULL`) => sql`
  SELECT t.customer_id, t.event_id, t.quantity, t.amount_minor, t.sold_at, e.category, e.start_date_time
  FROM ticket_transactions t JOIN events e ON e.id = t.event_id AND e.partner_id = t.partner_id
  WHERE t.partner_id = ${partnerId} AND ${customers} AND t.quantity > 0 AND t.ticket_type <> 'cancelled'
    AND e.category <> 'product' AND t.sold_at <= e.start_date_time AND t.sold_at <= ${now}::timestamptz`;

export async function loadCustomerAggregates(db: Db, partnerId: number, language: string, nowMs: number): Promise<CustomerAggregate[]> {
  const now = new Date(nowMs).toISOString();
  // Each event's paid unit price over all its buyers (the yardstick of relative price)…
  const units = await rows<{ event_id: string; unit: number }>(db, sql`
    WITH tx AS (${countedTickets(partnerId, now)})
    SELECT event_id, sum(amount_minor)::float8 / sum(quantity) AS unit FROM tx WHERE amount_minor > 0 GROUP BY event_id`);
  await nextTick();
  const unitIds = units.map((u) => u.event_id);
  const unitValues = units.map((u) => Number(u.unit));
  // …then the customers in id ranges of CHUNK, the event loop turning before each: other
  // requests get their queries in between.
  const bounds = await rows<{ id: number | string }>(db, sql`
    SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM customers WHERE partner_id = ${partnerId}) s
    WHERE rn % ${CHUNK} = 1 ORDER BY id`);
  const data: AggregateRow[] = [];
  for (const [i, b] of bounds.entries()) {
    await nextTick();
    const next = bounds[i + 1];
    const range = next ? sql`t.customer_id >= ${Number(b.id)} AND t.customer_id < ${Number(next.id)}` : sql`t.customer_id >= ${Number(b.id)}`;
    data.push(...(await rows<AggregateRow>(db, sql`
    WITH tx AS (${countedTickets(partnerId, now, range)}),
    ev AS (SELECT * FROM unnest(${sql.param(unitIds)}::text[], ${sql.param(unitValues)}::float8[]) AS ev(event_id, unit)),
    agg AS (
      SELECT tx.customer_id,
             count(*)::int AS orders,
             sum(tx.quantity)::int AS tickets,
             coalesce(sum(tx.quantity) FILTER (WHERE tx.amount_minor > 0), 0)::int AS paid_tickets,
             sum(tx.amount_minor)::float8 AS spend,
             avg(tx.amount_minor::float8 / tx.quantity / ev.unit) FILTER (WHERE tx.amount_minor > 0) AS rel,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM tx.start_date_time - tx.sold_at) / 86400) AS lead,
             extract(epoch FROM min(tx.sold_at)) * 1000 AS first_ms,
             extract(epoch FROM max(tx.sold_at)) * 1000 AS last_ms,
             ${familyColumns()}
      FROM tx LEFT JOIN ev ON ev.event_id = tx.event_id
      GROUP BY tx.customer_id
    )
    SELECT agg.*, agg.customer_id AS id, c.postal_code, c.city
    FROM agg JOIN customers c ON c.id = agg.customer_id AND c.partner_id = ${partnerId}
    ORDER BY agg.customer_id`)));
  }

  const venues = await rows<{ city: string }>(db, sql`SELECT DISTINCT city FROM venues WHERE partner_id = ${partnerId}`);
  const geo = locator(language);
  const venuePoints = venues.map((v) => geo.locate(null, v.city)).filter((p) => p !== null);
  return data.map((r) => ({
    customerId: Number(r.id),
    familyTickets: FAMILIES.map((f) => Number(r[`f_${f}`])),
    orders: r.orders,
    tickets: r.tickets,
    paidTickets: r.paid_tickets,
    spendMinor: Number(r.spend),
    relativePrice: r.rel === null ? null : Number(r.rel),
    leadDaysMedian: Number(r.lead),
    firstPurchaseMs: Number(r.first_ms),
    lastPurchaseMs: Number(r.last_ms),
    distanceKm: geo.nearestKm(geo.locate(r.postal_code, r.city), venuePoints),
  }));
}

export interface ItcEvent extends EventForScoring {
  id: string;
  eid: string;
  title: string;
  category: string;
}

/** The event as the scoring needs it, or undefined when the partner has no such event. */
export async function loadEvent(db: Db, partnerId: number, eventId: string): Promise<ItcEvent | undefined> {
  const [e] = await rows<{ id: string; eid: string; title: string; category: string; price: number | null; paid_unit: number | null }>(db, sql`
    SELECT e.id, e.eid, e.title, e.category, e.price,
           (SELECT sum(t.amount_minor)::float8 / nullif(sum(t.quantity), 0) / 100
              FROM ticket_transactions t
             WHERE t.partner_id = ${partnerId} AND t.event_id = e.id AND t.amount_minor > 0 AND t.quantity > 0
               AND t.ticket_type <> 'cancelled') AS paid_unit
    FROM events e WHERE e.partner_id = ${partnerId} AND e.id = ${eventId}`);
  if (!e) return undefined;
  // What buyers actually pay beats the list price; an event without either has no price yet.
  const price = e.paid_unit !== null ? Number(e.paid_unit) : e.price !== null ? Number(e.price) : null;
  return { id: e.id, eid: e.eid, title: e.title, category: e.category, family: familyOf(e.category), price };
}

/** Customers with at least one ticket (not cancelled) for the event. */
export async function eventBuyers(db: Db, partnerId: number, eventId: string): Promise<Set<number>> {
  const list = await rows<{ id: string | number }>(db, sql`
    SELECT DISTINCT customer_id AS id FROM ticket_transactions
    WHERE partner_id = ${partnerId} AND event_id = ${eventId} AND customer_id IS NOT NULL AND quantity > 0 AND ticket_type <> 'cancelled'`);
  return new Set(list.map((r) => Number(r.id)));
}
