// The result tables of spec 3 §3, read by id from the sentinel views. These reads run on the
// app's connection with the partner predicate written here (the ids come from a stored answer of
// the same partner, and `partner_id = $p` is in every statement): the question itself ran
// through the executor's READ ONLY / sentinel role / row-level-security path; fetching 50 known
// ids by primary key needs no second wall (docs/SENTINEL.md "Reading rows").
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { CustomerRow, EventRow, ResultType, TransactionRow } from '../../../lib/contracts/nlq';

export type ResultRow = CustomerRow | EventRow | TransactionRow;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const numericIds = (ids: string[]) => ids.filter((id) => /^\d{1,18}$/.test(id));
/** One array parameter, whatever the driver: a Postgres array literal. */
export const textArray = (ids: string[]) => `{${ids.map((id) => `"${id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

async function customerRows(db: Db, partnerId: number, ids: string[]): Promise<CustomerRow[]> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id::text AS id, salutation, first_name, last_name, street, zip_code, city, email, email_2, phone1, phone2, ads_opt_out
        FROM sentinel.customers WHERE partner_id = ${partnerId} AND id = ANY(${textArray(numericIds(ids))}::bigint[])`,
  );
  return list.map((r) => ({
    id: String(r.id),
    salutation: (r.salutation as string | null) ?? null,
    first_name: (r.first_name as string | null) ?? null,
    last_name: (r.last_name as string | null) ?? null,
    street: (r.street as string | null) ?? null,
    zip_code: (r.zip_code as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    email_2: (r.email_2 as string | null) ?? null,
    phone1: (r.phone1 as string | null) ?? null,
    phone2: (r.phone2 as string | null) ?? null,
    ads_opt_out: Boolean(r.ads_opt_out),
  }));
}

async function eventRows(db: Db, partnerId: number, ids: string[], percentages: boolean): Promise<EventRow[]> {
  // Lineups and setlists come whole from the event (the view flattens them into name arrays).
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT v.id, v.title, v.description, v.category, v.date::text AS date, v.start_time, v.capacity, v.city, v.venue, v.hall,
               v.already_sold::float8 AS already_sold, v.prediction::float8 AS prediction, v.sales_prediction::float8 AS sales_prediction,
               v.benchmark::float8 AS benchmark, e.lineups, e.setlists
        FROM sentinel.events v JOIN events e ON e.id = v.id AND e.partner_id = ${partnerId}
        WHERE v.partner_id = ${partnerId} AND v.id = ANY(${textArray(ids)}::text[])`,
  );
  return list.map((r) => {
    const lineups = (r.lineups as { artist_name?: string }[] | null) ?? [];
    const setlists = (r.setlists as { artist_name?: string; track?: string }[] | null) ?? [];
    const pct = (v: unknown) => (percentages ? num(v) : null);
    return {
      id: String(r.id),
      title: String(r.title ?? ''),
      description: String(r.description ?? ''),
      category: String(r.category ?? ''),
      date: String(r.date ?? ''),
      start: String(r.start_time ?? ''),
      // Events carry a start only; no end time is recorded.
      end: null,
      capacity: Number(r.capacity ?? 0),
      // Events have an average price, not a price category (transactions carry those).
      price_category: null,
      city: (r.city as string | null) ?? null,
      venues: (r.venue as string | null) ?? null,
      halls: (r.hall as string | null) ?? null,
      lineups: lineups.filter((l) => l.artist_name).map((l) => ({ artist_name: String(l.artist_name) })),
      setlists: setlists.filter((s) => s.track || s.artist_name).map((s) => ({ composer: String(s.artist_name ?? ''), title: String(s.track ?? '') })),
      already_sold: pct(r.already_sold),
      prediction: pct(r.prediction),
      sales_prediction: pct(r.sales_prediction),
      benchmark: pct(r.benchmark),
    };
  });
}

/**
 * FD's ticket category of a sale: the partner's price category normalised (numbers 1–15 kept as
 * numbers, names trimmed and lower-cased), so "Kat. 1" spellings of one partner fall together.
 */
export function fdTicketCategory(raw: string | null): string {
  const s = (raw ?? '').trim();
  if (!s) return 'uncategorized';
  const n = /^(?:kat\.?|kategorie|cat\.?|category|pk)?\s*(\d{1,2})$/i.exec(s);
  return n ? String(Number(n[1])) : s.toLowerCase();
}

async function transactionRows(db: Db, partnerId: number, ids: string[]): Promise<TransactionRow[]> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id::text AS id, event_id, customer_id::text AS customer_id, invoice_id, ticket_type, date::text AS date, time,
               amount::float8 AS amount, ground_price::float8 AS ground_price, discount::float8 AS discount, price_category, currency,
               payment_method, seat_id
        FROM sentinel.transactions WHERE partner_id = ${partnerId} AND id = ANY(${textArray(numericIds(ids))}::bigint[])`,
  );
  return list.map((r) => ({
    id: String(r.id),
    event_id: String(r.event_id),
    customer_id: (r.customer_id as string | null) ?? null,
    invoice_id: (r.invoice_id as string | null) ?? null,
    ticket_type: String(r.ticket_type ?? ''),
    date: String(r.date ?? ''),
    time: String(r.time ?? ''),
    sold_price: Number(r.amount ?? 0),
    ground_price: num(r.ground_price),
    discount: num(r.discount),
    ticket_category: fdTicketCategory((r.price_category as string | null) ?? null),
    raw_ticket_category: (r.price_category as string | null) ?? null,
    currency: String(r.currency ?? ''),
    payment_method: (r.payment_method as string | null) ?? null,
    seat_id: (r.seat_id as string | null) ?? null,
  }));
}

/**
 * The rows of `ids` in the order asked (ids the partner does not have are left out). The
 * percentages of events are null for the prisma product type (spec 3 §3: hidden there).
 */
export async function readRows(db: Db, partner: { id: number; product: string }, type: ResultType, ids: string[]): Promise<ResultRow[]> {
  if (!ids.length) return [];
  const found: ResultRow[] =
    type === 'customers'
      ? await customerRows(db, partner.id, ids)
      : type === 'events'
        ? await eventRows(db, partner.id, ids, partner.product !== 'prisma')
        : await transactionRows(db, partner.id, ids);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ResultRow => r !== undefined);
}
