// Writes the generated catalog of one partner (catalog-plan.ts) into the database.
//
// Speed matters: a demo seed writes a few hundred thousand rows and a bench seed over a million
// per partner. Each batch is ONE statement, `INSERT ... SELECT FROM unnest($1::int[], ...)`, with
// one array parameter per column: a handful of parameters instead of one per value, and one
// round trip per batch. It works the same on PGlite and on node-postgres.
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { planCatalog, type PartnerInfo, type PlanOptions } from './catalog-plan';
import { programmeOf } from './programme';

export type { PartnerInfo, PlanOptions, Scale } from './catalog-plan';

export interface CatalogCounts {
  venues: number;
  halls: number;
  events: number;
  customers: number;
  customerProperties: number;
  transactions: number;
}

/** Rows per statement: large enough to amortise the round trip, small enough to keep messages modest. */
const BATCH = 25_000;

/** An array as a single bound parameter (a bare array in a drizzle `sql` template becomes a list). */
const arr = (values: unknown[]): SQL => sql`${sql.param(values)}`;

/** Epoch milliseconds as epoch seconds, turned into timestamptz by to_timestamp() in SQL. */
const seconds = (ms: number[]): number[] => ms.map((t) => t / 1000);

/**
 * Ids for `n` new rows of a serial table, taken from its sequence before inserting: the caller then
 * knows which id each row gets without relying on the order of RETURNING.
 */
async function reserveIds(db: Db, table: 'venues' | 'halls' | 'customers', n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await rows<{ id: string | number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n}::int)`,
  );
  return res.map((r) => Number(r.id)).sort((a, b) => a - b);
}

async function inBatches(total: number, write: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < total; from += BATCH) await write(from, Math.min(total, from + BATCH));
}

/**
 * Foreign keys are checked by row triggers: three index probes per sale, more than half of the
 * load time on PGlite. A superuser session (always the case on PGlite) skips them for this
 * transaction only (SET LOCAL), as pg_restore --disable-triggers does; verifyReferences() then
 * checks all new rows set-wise, so an inconsistent plan still fails and rolls back. Other
 * sessions (a managed Postgres) keep the row triggers. Returns the setting to restore, because
 * when the caller's transaction encloses ours (a savepoint), SET LOCAL would outlive it.
 */
async function skipRowTriggers(db: Db): Promise<string | null> {
  const [me] = await rows<{ su: string; role: string }>(
    db,
    sql`SELECT current_setting('is_superuser') AS su, current_setting('session_replication_role') AS role`,
  );
  if (me?.su !== 'on') return null;
  await db.execute(sql`SET LOCAL session_replication_role = replica`);
  return me.role;
}

async function verifyReferences(db: Db, partnerId: number): Promise<void> {
  const [r] = await rows<{ broken: number }>(db, sql`
    SELECT (
      (SELECT count(*) FROM halls h WHERE h.partner_id = ${partnerId}
         AND NOT EXISTS (SELECT 1 FROM venues v WHERE v.id = h.venue_id))
    + (SELECT count(*) FROM events e WHERE e.partner_id = ${partnerId} AND e.hall_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM halls h WHERE h.id = e.hall_id))
    + (SELECT count(*) FROM ticket_transactions t WHERE t.partner_id = ${partnerId}
         AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = t.event_id))
    + (SELECT count(*) FROM ticket_transactions t WHERE t.partner_id = ${partnerId} AND t.customer_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = t.customer_id))
    + (SELECT count(*) FROM customer_properties cp WHERE cp.partner_id = ${partnerId}
         AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = cp.customer_id))
    + (SELECT CASE WHEN EXISTS (SELECT 1 FROM partners p WHERE p.id = ${partnerId}) THEN 0 ELSE 1 END)
    )::int AS broken`);
  if (r.broken !== 0) throw new Error(`seed: ${r.broken} rows of partner ${partnerId} reference missing rows`);
}

export async function seedCatalog(
  db: Db,
  partner: PartnerInfo,
  opts: PlanOptions,
): Promise<CatalogCounts> {
  const plan = planCatalog(partner, opts);
  const pid = partner.id;

  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const restoreRole = await skipRowTriggers(tx);

    const venueIds = await reserveIds(tx, 'venues', plan.venues.length);
    await tx.execute(sql`
      INSERT INTO venues (id, partner_id, name, city, location)
      SELECT id, ${pid}::int, name, city, location
      FROM unnest(${arr(venueIds)}::int[], ${arr(plan.venues.map((v) => v.name))}::text[],
                  ${arr(plan.venues.map((v) => v.city))}::text[], ${arr(plan.venues.map((v) => v.location))}::text[])
        AS u(id, name, city, location)`);

    const hallIds = await reserveIds(tx, 'halls', plan.halls.length);
    await tx.execute(sql`
      INSERT INTO halls (id, partner_id, venue_id, name, capacity)
      SELECT id, ${pid}::int, venue_id, name, capacity
      FROM unnest(${arr(hallIds)}::int[], ${arr(plan.halls.map((h) => venueIds[h.venueIdx]))}::int[],
                  ${arr(plan.halls.map((h) => h.name))}::text[], ${arr(plan.halls.map((h) => h.capacity))}::int[])
        AS u(id, venue_id, name, capacity)`);

    const ev = plan.events;
    await inBatches(ev.length, (a, b) => {
      const e = ev.slice(a, b);
      const programmes = e.map((x) => programmeOf(x.title, x.kind, partner.language));
      return tx.execute(sql`
        INSERT INTO events (id, partner_id, eid, title, category, start_date_time, hall_id, capacity, frontend_status, source, lineups, setlists)
        SELECT id, ${pid}::int, eid, title, category, to_timestamp(start_s), hall_id, capacity, frontend_status, source,
               lineups::jsonb, setlists::jsonb
        FROM unnest(${arr(e.map((x) => x.id))}::text[], ${arr(e.map((x) => x.eid))}::text[],
                    ${arr(e.map((x) => x.title))}::text[], ${arr(e.map((x) => x.category))}::text[],
                    ${arr(seconds(e.map((x) => x.startMs)))}::float8[],
                    ${arr(e.map((x) => (x.hallIdx === null ? null : hallIds[x.hallIdx])))}::int[],
                    ${arr(e.map((x) => x.capacity))}::int[], ${arr(e.map((x) => x.frontendStatus))}::text[],
                    ${arr(e.map((x) => x.source))}::text[],
                    ${arr(programmes.map((x) => JSON.stringify(x.lineups)))}::text[],
                    ${arr(programmes.map((x) => JSON.stringify(x.setlists)))}::text[])
          AS u(id, eid, title, category, start_s, hall_id, capacity, frontend_status, source, lineups, setlists)`);
    });

    const c = plan.customers;
    const p = plan.profiles;
    const customerIds = await reserveIds(tx, 'customers', c.externalId.length);
    await inBatches(c.externalId.length, (a, b) =>
      tx.execute(sql`
        INSERT INTO customers (id, partner_id, external_id, postal_code, city, birth_year, created_at,
                               salutation, first_name, last_name, street, country, email, email_2, phone1, phone2, ads_opt_out)
        SELECT id, ${pid}::int, external_id, postal_code, city, birth_year, to_timestamp(created_s),
               salutation, first_name, last_name, street, country, email, email_2, phone1, phone2, ads_opt_out
        FROM unnest(${arr(customerIds.slice(a, b))}::bigint[], ${arr(c.externalId.slice(a, b))}::text[],
                    ${arr(c.postalCode.slice(a, b))}::text[], ${arr(c.city.slice(a, b))}::text[],
                    ${arr(c.birthYear.slice(a, b))}::smallint[], ${arr(seconds(c.createdAtMs.slice(a, b)))}::float8[],
                    ${arr(p.salutation.slice(a, b))}::text[], ${arr(p.firstName.slice(a, b))}::text[],
                    ${arr(p.lastName.slice(a, b))}::text[], ${arr(p.street.slice(a, b))}::text[],
                    ${arr(p.country.slice(a, b))}::text[], ${arr(p.email.slice(a, b))}::text[],
                    ${arr(p.email2.slice(a, b))}::text[], ${arr(p.phone1.slice(a, b))}::text[],
                    ${arr(p.phone2.slice(a, b))}::text[], ${arr(p.adsOptOut.slice(a, b))}::boolean[])
          AS u(id, external_id, postal_code, city, birth_year, created_s,
               salutation, first_name, last_name, street, country, email, email_2, phone1, phone2, ads_opt_out)`),
    );

    const cp = plan.properties;
    await inBatches(cp.customer.length, (a, b) =>
      tx.execute(sql`
        INSERT INTO customer_properties (partner_id, customer_id, label, content)
        SELECT ${pid}::int, customer_id, label, content
        FROM unnest(${arr(cp.customer.slice(a, b).map((i) => customerIds[i]))}::bigint[],
                    ${arr(cp.label.slice(a, b))}::text[], ${arr(cp.content.slice(a, b))}::text[])
          AS u(customer_id, label, content)`),
    );

    const s = plan.sales;
    const d = plan.saleDetails;
    await inBatches(s.event.length, (a, b) =>
      tx.execute(sql`
        INSERT INTO ticket_transactions
          (partner_id, event_id, customer_id, sold_at, quantity, ticket_type, price_category, amount_minor, source,
           invoice_id, payment_method, seat_id, ground_price_minor, discount_minor)
        SELECT ${pid}::int, event_id, customer_id, to_timestamp(sold_s), quantity, ticket_type, price_category, amount_minor, source,
               invoice_id, payment_method, seat_id, ground_price_minor, discount_minor
        FROM unnest(${arr(s.event.slice(a, b).map((i) => ev[i].id))}::text[],
                    ${arr(s.customer.slice(a, b).map((i) => (i < 0 ? null : customerIds[i])))}::bigint[],
                    ${arr(seconds(s.soldAtMs.slice(a, b)))}::float8[], ${arr(s.quantity.slice(a, b))}::int[],
                    ${arr(s.ticketType.slice(a, b))}::text[], ${arr(s.priceCategory.slice(a, b))}::text[],
                    ${arr(s.amountMinor.slice(a, b))}::int[], ${arr(s.source.slice(a, b))}::text[],
                    ${arr(d.invoiceId.slice(a, b))}::text[], ${arr(d.paymentMethod.slice(a, b))}::text[],
                    ${arr(d.seatId.slice(a, b))}::text[], ${arr(d.groundPriceMinor.slice(a, b))}::bigint[],
                    ${arr(d.discountMinor.slice(a, b))}::bigint[])
          AS u(event_id, customer_id, sold_s, quantity, ticket_type, price_category, amount_minor, source,
               invoice_id, payment_method, seat_id, ground_price_minor, discount_minor)`),
    );

    if (restoreRole !== null) {
      await tx.execute(sql`SELECT set_config('session_replication_role', ${restoreRole}, true)`);
      await verifyReferences(tx, pid);
    }

    return {
      venues: plan.venues.length,
      halls: plan.halls.length,
      events: ev.length,
      customers: c.externalId.length,
      customerProperties: cp.customer.length,
      transactions: s.event.length,
    };
  });
}
