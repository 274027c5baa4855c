// spec 3 §3 "Customer sales summary", the body of GET /customers/sales_summary/{id}: what one
// customer bought per event (newest event first), the totals and the first purchase. A cancelled
// ticket counts with 0 (spec 3 §2: the detail explains a zero amount with a tooltip). An event that
// has not started yet is marked upcoming: the customer holds tickets for it but has not visited it
// (issue 20 §3), so the detail lists it apart from the visited events; the totals count every
// purchase. One pass over the customer's transactions through tx_customer_idx, so it stays fast at
// bench scale.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { now } from '../../lib/clock';
import type { CustomerSalesSummary } from '../../../lib/contracts/nlq';

interface PerEventRow {
  event_id: string;
  event_date: string;
  upcoming: boolean;
  title: string;
  ticket_count: string | number;
  spent_minor: string | number;
  first_sold: Date | string;
}

const dayOf = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString().slice(0, 10);
/** Minor units to the partner currency's major units, as the contracts carry money. */
const major = (minor: number) => Math.round(minor) / 100;

export async function getCustomerSalesSummary(db: Db, partnerId: number, customerId: number): Promise<CustomerSalesSummary> {
  const [customer] = await rows<{ currency: string }>(
    db,
    sql`select p.currency from customers c join partners p on p.id = c.partner_id
        where c.id = ${customerId} and c.partner_id = ${partnerId}`,
  );
  if (!customer) throw notFound('Customer');
  // Both sides carry the partner predicate: a transaction row pointing at another partner's event
  // (which the schema alone would allow) never shows up here.
  const perEvent = await rows<PerEventRow>(
    db,
    // Grouped on the transactions alone first, then each event (by its primary key) decorates
    // the group: the join touches one row per event, not one per transaction.
    sql`with per_event as (
          select t.event_id, sum(t.quantity)::bigint as ticket_count,
                 sum(case when t.ticket_type = 'cancelled' then 0 else t.amount_minor end)::bigint as spent_minor,
                 min(t.sold_at) as first_sold
          from ticket_transactions t
          where t.customer_id = ${customerId} and t.partner_id = ${partnerId}
          group by t.event_id
        )
        select p.event_id, to_char(e.start_date_time at time zone 'UTC', 'YYYY-MM-DD') as event_date, e.title,
               e.start_date_time > ${now().toISOString()}::timestamptz as upcoming,
               p.ticket_count, p.spent_minor, p.first_sold
        from per_event p
        join events e on e.id = p.event_id and e.partner_id = ${partnerId}
        order by e.start_date_time desc, p.event_id`,
  );
  let tickets = 0;
  let spentMinor = 0;
  let oldest: number | null = null;
  const salesPerEvent = perEvent.map((r) => {
    const count = Number(r.ticket_count);
    const spent = Number(r.spent_minor);
    tickets += count;
    spentMinor += spent;
    const first = new Date(r.first_sold).getTime();
    if (oldest === null || first < oldest) oldest = first;
    return { event_id: r.event_id, event_date: r.event_date, title: r.title, ticket_count: count, total_spent: major(spent), upcoming: Boolean(r.upcoming) };
  });
  return {
    sales_per_event: salesPerEvent,
    global_revenue: { total_tickets: tickets, total_purchase_value: major(spentMinor), total_events: salesPerEvent.length },
    oldest_ticket: { ticket_date: oldest === null ? null : dayOf(new Date(oldest)) },
    currency: customer.currency,
  };
}
