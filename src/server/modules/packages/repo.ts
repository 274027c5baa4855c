// The package builder's queries (issue 23): package rows with their task's state and whether one of
// their events has passed, the engine's inputs read from the partner's data, the members written in
// batches and read back in keyset pages, customer id matching and the wizard's event search. Every
// query takes the partner id and filters by it; rows of another partner are never read.
import { sql, type SQL } from 'drizzle-orm';
import { setImmediate as nextTick } from 'node:timers/promises';
import { rows, type Db } from '../../db/client';
import { arr } from '../../db/bulk';
import type { Customer, EventFeatures, Purchase } from '../../engines/packages';
import type { PackageStatus, TargetingMode } from '../../../lib/contracts/packages';

// ---------------------------------------------------------------------------------------------
// Package rows

export interface PackageDbRow {
  id: number;
  partner_id: number;
  user_id: string | null;
  task_id: string | null;
  title: string;
  status: PackageStatus;
  num_packages: number;
  n_top_events: number;
  targeting_mode: TargetingMode;
  event_ids: string[];
  filter_settings: Record<string, unknown>;
  merge_id: string | null;
  n_customers: number | null;
  content: unknown[] | null;
  seed: number;
  engine_version: string;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
  /** The build task's state (null when the task row is gone or there never was one). */
  task_status: string | null;
  /** One of its events started, was cancelled or is gone (at `now` of the query). */
  events_passed: boolean;
}

const PACKAGE_COLUMNS = (now: Date) => sql`
  p.id, p.partner_id, p.user_id, p.task_id, p.title, p.status, p.num_packages, p.n_top_events, p.targeting_mode,
  p.event_ids, p.filter_settings, p.merge_id, p.n_customers, p.content, p.seed, p.engine_version, p.error,
  p.created_at, p.finished_at, p.expires_at, t.status AS task_status,
  EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.event_ids) AS x(id)
          LEFT JOIN events e ON e.id = x.id AND e.partner_id = p.partner_id
          WHERE e.id IS NULL OR e.start_date_time <= ${now} OR e.frontend_status = 'CANCELLED') AS events_passed`;

/** The partner's package, or undefined (another partner's id is not found). */
export async function packageById(db: Db, partnerId: number, id: number, now: Date): Promise<PackageDbRow | undefined> {
  const [row] = await rows<PackageDbRow>(db, sql`
    SELECT ${PACKAGE_COLUMNS(now)} FROM packages p LEFT JOIN tasks t ON t.id = p.task_id
    WHERE p.partner_id = ${partnerId} AND p.id = ${id}`);
  return row;
}

export async function packagesByIds(db: Db, partnerId: number, ids: readonly number[], now: Date): Promise<PackageDbRow[]> {
  return rows<PackageDbRow>(db, sql`
    SELECT ${PACKAGE_COLUMNS(now)} FROM packages p LEFT JOIN tasks t ON t.id = p.task_id
    WHERE p.partner_id = ${partnerId} AND p.id = ANY(${arr(ids)}::int[]) ORDER BY p.id`);
}

/** A page of the partner's packages, newest first, without their content. */
export async function packagePage(db: Db, partnerId: number, page: number, limit: number, now: Date): Promise<{ total: number; rows: PackageDbRow[] }> {
  const list = await rows<PackageDbRow>(db, sql`
    SELECT ${PACKAGE_COLUMNS(now)} FROM packages p LEFT JOIN tasks t ON t.id = p.task_id
    WHERE p.partner_id = ${partnerId}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM packages WHERE partner_id = ${partnerId}`);
  return { total: n, rows: list };
}

export interface PackageEventRow {
  id: string;
  eid: string;
  title: string;
  start_date_time: Date | string;
  hall_name: string | null;
  venue_name: string | null;
}

/** The partner's events of these ids with hall and venue names. */
export async function eventsByIds(db: Db, partnerId: number, ids: readonly string[]): Promise<PackageEventRow[]> {
  if (ids.length === 0) return [];
  return rows<PackageEventRow>(db, sql`
    SELECT e.id, e.eid, e.title, e.start_date_time, h.name AS hall_name, v.name AS venue_name
    FROM events e
    LEFT JOIN halls h ON h.id = e.hall_id AND h.partner_id = e.partner_id
    LEFT JOIN venues v ON v.id = h.venue_id AND v.partner_id = e.partner_id
    WHERE e.partner_id = ${partnerId} AND e.id = ANY(${arr(ids)}::text[])`);
}

/** What the create and regenerate rules check of each chosen event. */
export async function eventStates(db: Db, partnerId: number, ids: readonly string[]): Promise<{ id: string; start_ms: number; frontend_status: string }[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: string; start_ms: number | string; frontend_status: string }>(db, sql`
    SELECT id, extract(epoch FROM start_date_time) * 1000 AS start_ms, frontend_status
    FROM events WHERE partner_id = ${partnerId} AND id = ANY(${arr(ids)}::text[])`);
  return found.map((r) => ({ ...r, start_ms: Number(r.start_ms) }));
}

// ---------------------------------------------------------------------------------------------
// Customers by the partner's own ids (customers.external_id)

/** Lookups per query: a list of 50,000 ids is read in pieces, the event loop turning between them. */
const ID_CHUNK = 5_000;

/** Encore ids of the partner's customers whose external id is listed, by external id. */
export async function customersByExternalIds(db: Db, partnerId: number, externalIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < externalIds.length; i += ID_CHUNK) {
    if (i > 0) await nextTick();
    const found = await rows<{ id: number | string; external_id: string }>(db, sql`
      SELECT id, external_id FROM customers
      WHERE partner_id = ${partnerId} AND external_id = ANY(${arr(externalIds.slice(i, i + ID_CHUNK))}::text[])`);
    for (const r of found) out.set(r.external_id, Number(r.id));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The engine's inputs

interface EventDbRow {
  id: string;
  title: string;
  category: string;
  lineups: { artist_name?: string }[] | null;
  setlists: { artist_name?: string }[] | null;
  description: string;
  price: number | null;
  timezone: string | null;
  start_ms: number | string;
  hall_id: number | null;
  hall_name: string | null;
  venue_id: number | null;
  venue_name: string | null;
}

const names = (list: { artist_name?: string }[] | null): string[] =>
  (Array.isArray(list) ? list : []).map((x) => (typeof x?.artist_name === 'string' ? x.artist_name.trim() : '')).filter((s) => s.length > 0);

/** An events row as the engine compares events: performers from the lineup, composers from the setlist. */
function toFeatures(r: EventDbRow): EventFeatures {
  return {
    id: r.id,
    title: r.title,
    category: r.category,
    artists: names(r.lineups),
    composers: names(r.setlists),
    venueId: r.venue_id,
    venueName: r.venue_name ?? '',
    hallId: r.hall_id,
    hallName: r.hall_name ?? '',
    price: r.price === null ? null : Number(r.price),
    keywords: [],
    description: r.description ?? '',
    startMs: Number(r.start_ms),
    timezone: r.timezone,
  };
}

/**
 * The partner's events matching `where` as one JSON text: PGlite turns every field of every row into
 * a JS value one by one (the lineups and setlists of 3,000 events as rows took over half a second),
 * JSON.parse reads the same in a few milliseconds.
 */
async function eventFeatures(db: Db, where: SQL): Promise<EventDbRow[]> {
  const [r] = await rows<{ j: string | null }>(db, sql`
    SELECT json_agg(json_build_object(
             'id', e.id, 'title', e.title, 'category', e.category, 'lineups', e.lineups, 'setlists', e.setlists,
             'description', e.description, 'price', e.price, 'timezone', e.timezone,
             'start_ms', extract(epoch FROM e.start_date_time) * 1000,
             'hall_id', h.id, 'hall_name', h.name, 'venue_id', v.id, 'venue_name', v.name) ORDER BY e.id)::text AS j
    FROM events e
    LEFT JOIN halls h ON h.id = e.hall_id AND h.partner_id = e.partner_id
    LEFT JOIN venues v ON v.id = h.venue_id AND v.partner_id = e.partner_id
    WHERE ${where}`);
  return r?.j ? (JSON.parse(r.j) as EventDbRow[]) : [];
}

/**
 * Customers per chunk of the history load. PGlite answers on the event loop, so one query over two
 * million purchases would hold the web process for seconds: chunks of this many customers (about
 * 40,000 purchases at bench scale) take a few tens of milliseconds each, and the loop turns between.
 */
export const LOAD_CHUNK = 2_000;

export interface BuildData {
  chosen: EventFeatures[];
  past: EventFeatures[];
  customers: Customer[];
  purchases: Purchase[];
}

/**
 * Reads "customer,event,type,tickets,amount,sold epoch s\n…" into purchases: numbers digit by digit,
 * the event id and ticket type as one shared string each (`intern`), no array per line (two million
 * of them cost seconds). Paid amounts and tickets are summed per event for events without a price.
 */
function parsePurchases(text: string, intern: (s: string) => string, out: Purchase[], paid: Map<string, { amount: number; tickets: number }>): void {
  let i = 0;
  const n = text.length;
  const num = (): number => {
    let v = 0;
    let neg = false;
    if (text.charCodeAt(i) === 45) {
      neg = true;
      i++;
    }
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) v = v * 10 + (c - 48);
    i++; // the separator
    return neg ? -v : v;
  };
  const str = (): string => {
    let end = text.indexOf(',', i);
    if (end < 0) end = n; // a cut line: the loop ends
    const s = intern(text.slice(i, end));
    i = end + 1;
    return s;
  };
  while (i < n) {
    const customerId = num();
    const eventId = str();
    const ticketType = str();
    const tickets = num();
    const amountMinor = num();
    const soldAtMs = num() * 1000;
    if (i > n + 1) break;
    out.push({ customerId, eventId, ticketType, tickets, amountMinor, soldAtMs });
    if (amountMinor > 0 && ticketType !== 'free') {
      const p = paid.get(eventId);
      if (p) {
        p.amount += amountMinor;
        p.tickets += tickets;
      } else paid.set(eventId, { amount: amountMinor, tickets });
    }
  }
}

/**
 * Everything a build reads: the chosen events, the partner's events that started before `nowMs`
 * (the history), every customer with their ads opt-out, and their ticket transactions of those
 * events that can count (not cancelled, at least one ticket, sold by now; the engine applies the
 * package's own filters). An event without a list price gets what its buyers paid per ticket on average.
 */
export async function loadBuildData(
  db: Db,
  partnerId: number,
  chosenIds: readonly string[],
  nowMs: number,
  progress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<BuildData> {
  const now = new Date(nowMs);
  const chosenRows = await eventFeatures(db, sql`e.partner_id = ${partnerId} AND e.id = ANY(${arr(chosenIds)}::text[])`);
  await nextTick();
  const pastRows = await eventFeatures(db, sql`e.partner_id = ${partnerId} AND e.start_date_time < ${now}`);
  await nextTick();
  // Paid tickets and amounts per event, for events without a list price.
  const paid = new Map<string, { amount: number; tickets: number }>();
  const strings = new Map<string, string>();
  const intern = (x: string) => {
    const known = strings.get(x);
    if (known !== undefined) return known;
    strings.set(x, x);
    return x;
  };

  const bounds = await rows<{ id: number | string }>(db, sql`
    SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM customers WHERE partner_id = ${partnerId}) s
    WHERE rn % ${LOAD_CHUNK} = 1 ORDER BY id`);
  const customers: Customer[] = [];
  const purchases: Purchase[] = [];
  for (let b = 0; b < bounds.length; b++) {
    await nextTick();
    const lo = Number(bounds[b].id);
    const hi = b + 1 < bounds.length ? Number(bounds[b + 1].id) : null;
    const range = (col: SQL) => (hi === null ? sql`${col} >= ${lo}` : sql`${col} >= ${lo} AND ${col} < ${hi}`);
    // One row of two texts per chunk, not a row per purchase: PGlite turns every field of a
    // result into a JS value one by one, and two million purchases as rows took 45 s
    // (docs/PERFORMANCE.md "Package builder"). Customers: ids, opted-out ones negative.
    // Event ids are [A-Za-z0-9_-] (events.id) and ticket types an enum: never a comma or line break.
    const [chunk] = await rows<{ c: string | null; t: string | null }>(db, sql`
      SELECT
        (SELECT string_agg(CASE WHEN ads_opt_out THEN '-' ELSE '' END || id, ',' ORDER BY id)
           FROM customers WHERE partner_id = ${partnerId} AND ${range(sql`id`)}) AS c,
        (SELECT string_agg(concat_ws(',', customer_id, event_id, ticket_type, quantity, amount_minor, floor(extract(epoch FROM sold_at))::bigint), E'\n')
           FROM ticket_transactions
          WHERE partner_id = ${partnerId} AND ${range(sql`customer_id`)} AND quantity > 0 AND ticket_type <> 'cancelled' AND sold_at <= ${now}) AS t`);
    for (const id of chunk?.c ? chunk.c.split(',') : []) customers.push({ id: Math.abs(Number(id)), adsOptOut: id.startsWith('-') });
    if (chunk?.t) parsePurchases(`${chunk.t}\n`, intern, purchases, paid);
    await progress(b + 1, bounds.length);
  }

  // Money has at most two decimals (lib/contracts/limits.ts): minor units are hundredths.
  const priced = (r: EventDbRow): EventFeatures => {
    const f = toFeatures(r);
    if (f.price !== null) return f;
    const p = paid.get(f.id);
    return { ...f, price: p && p.tickets > 0 ? Math.round(p.amount / p.tickets) / 100 : null };
  };
  return { chosen: chosenRows.map(priced), past: pastRows.map(priced), customers, purchases };
}

// ---------------------------------------------------------------------------------------------
// Members

/** Rows per INSERT of package_members (one array parameter per column, db/bulk.ts). */
export const MEMBER_BATCH = 10_000;

/** Writes a variation's customers with their scores, MEMBER_BATCH rows per statement, the loop turning between. */
export async function insertMembers(db: Db, partnerId: number, packageId: number, variation: number, customerIds: readonly number[], scores: readonly number[]): Promise<void> {
  // In primary-key order: each batch appends to the index instead of splitting pages all over it.
  const order = customerIds.map((_, i) => i).sort((a, b) => customerIds[a] - customerIds[b]);
  const ids = order.map((i) => customerIds[i]);
  const sc = order.map((i) => scores[i]);
  for (let i = 0; i < ids.length; i += MEMBER_BATCH) {
    await nextTick();
    await db.execute(sql`
      INSERT INTO package_members (partner_id, package_id, variation, customer_id, score)
      SELECT ${partnerId}::int, ${packageId}::int, ${variation}::int, c, s
      FROM unnest(${arr(ids.slice(i, i + MEMBER_BATCH))}::bigint[], ${arr(sc.slice(i, i + MEMBER_BATCH))}::real[]) AS u(c, s)`);
  }
}

/**
 * After a write with the row triggers skipped (db/bulk.ts skipRowTriggers): members whose customer
 * is gone (deleted while the build ran) or is not the partner's are removed, as the foreign key
 * would have refused them.
 */
export async function dropDanglingMembers(db: Db, partnerId: number, packageId: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM package_members m WHERE m.partner_id = ${partnerId} AND m.package_id = ${packageId}
      AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = m.customer_id AND c.partner_id = ${partnerId})`);
}

export async function deleteMembers(db: Db, partnerId: number, packageId: number): Promise<void> {
  await db.execute(sql`DELETE FROM package_members WHERE partner_id = ${partnerId} AND package_id = ${packageId}`);
}

export interface MemberRow {
  customer_id: number;
  external_id: string;
  salutation: string | null;
  first_name: string | null;
  last_name: string | null;
  street: string | null;
  zip_code: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  phone1: string | null;
  score: number;
}

/**
 * One keyset page of a variation's customers who may be contacted, in customer id order (the
 * primary key's order, so each page is an index range however long the list): customers who opted
 * out of ads (customers.ads_opt_out) are left out here, for the CSV export and the CRM export alike.
 * Pass the last customer_id of a page as `after` for the next; 0 starts.
 */
export async function exportableMembersPage(
  db: Db,
  partnerId: number,
  packageId: number,
  variation: number,
  after: number,
  limit: number,
): Promise<MemberRow[]> {
  // The page as one JSON text: PGlite turns each field of a result row into a JS value one by one,
  // which made 100,000 customers of twelve columns take over ten seconds as rows.
  // Both sides are read from `after` on in id order (the members' primary key, the customers' key),
  // so a page costs its own rows however far into the list it is.
  const [page] = await rows<{ j: string | null }>(db, sql`
    SELECT json_agg(json_build_array(x.customer_id, x.external_id, x.salutation, x.first_name, x.last_name, x.street, x.postal_code,
                                     x.city, x.country, x.email, x.phone1, x.score) ORDER BY x.customer_id)::text AS j
    FROM (SELECT m.customer_id, m.score, c.external_id, c.salutation, c.first_name, c.last_name, c.street, c.postal_code, c.city,
                 c.country, c.email, c.phone1
          FROM package_members m JOIN customers c ON c.id = m.customer_id
          WHERE m.partner_id = ${partnerId} AND m.package_id = ${packageId} AND m.variation = ${variation} AND m.customer_id > ${after}
            AND c.id > ${after} AND c.partner_id = ${partnerId} AND NOT c.ads_opt_out
          ORDER BY m.customer_id LIMIT ${limit}) x`);
  if (!page?.j) return [];
  return (JSON.parse(page.j) as [number, string, ...(string | null)[]][]).map((r) => ({
    customer_id: Number(r[0]),
    external_id: r[1],
    salutation: r[2] as string | null,
    first_name: r[3] as string | null,
    last_name: r[4] as string | null,
    street: r[5] as string | null,
    zip_code: r[6] as string | null,
    city: r[7] as string | null,
    country: r[8] as string | null,
    email: r[9] as string | null,
    phone1: r[10] as string | null,
    score: Number(r[11]),
  }));
}

/** Copies a source package's members into a merged package, its variations shifted by `offset`. */
export async function copyMembers(db: Db, partnerId: number, fromPackage: number, toPackage: number, offset: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO package_members (partner_id, package_id, variation, customer_id, score)
    SELECT partner_id, ${toPackage}::int, variation + ${offset}::int, customer_id, score
    FROM package_members WHERE partner_id = ${partnerId} AND package_id = ${fromPackage}`);
}

export async function distinctMembers(db: Db, partnerId: number, packageId: number): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(db, sql`
    SELECT count(DISTINCT customer_id)::int AS n FROM package_members WHERE partner_id = ${partnerId} AND package_id = ${packageId}`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// The wizard's event search (step 1)

export interface SearchEventRow extends EventDbRow {
  eid: string;
  start_date_time: Date | string;
  city: string | null;
  total: number;
}

// LIKE patterns: the user's % and _ are literal characters.
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The partner's events starting after `from` that can be marketed (not archived or cancelled), soonest first. */
export async function searchUpcomingEvents(
  db: Db,
  partnerId: number,
  q: { from: Date; search?: string; limit: number; offset: number },
): Promise<{ total: number; rows: (SearchEventRow & { features: EventFeatures })[] }> {
  const where = [sql`e.partner_id = ${partnerId}`, sql`e.start_date_time > ${q.from}`, sql`e.frontend_status IN ('DEFAULT', 'FLAGGED')`];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(sql`(e.title ILIKE ${p} OR e.eid ILIKE ${p} OR v.name ILIKE ${p} OR h.name ILIKE ${p} OR v.city ILIKE ${p})`);
  }
  const found = await rows<SearchEventRow>(db, sql`
    SELECT e.id, e.eid, e.title, e.category, e.lineups, e.setlists, e.description, e.price, e.timezone, e.start_date_time,
           extract(epoch FROM e.start_date_time) * 1000 AS start_ms,
           h.id AS hall_id, h.name AS hall_name, v.id AS venue_id, v.name AS venue_name, v.city,
           count(*) OVER ()::int AS total
    FROM events e
    LEFT JOIN halls h ON h.id = e.hall_id AND h.partner_id = e.partner_id
    LEFT JOIN venues v ON v.id = h.venue_id AND v.partner_id = e.partner_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY e.start_date_time, e.id LIMIT ${q.limit} OFFSET ${q.offset}`);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && q.offset > 0) {
    const [{ n }] = await rows<{ n: number }>(db, sql`
      SELECT count(*)::int AS n FROM events e
      LEFT JOIN halls h ON h.id = e.hall_id AND h.partner_id = e.partner_id
      LEFT JOIN venues v ON v.id = h.venue_id AND v.partner_id = e.partner_id
      WHERE ${sql.join(where, sql` AND `)}`);
    total = n;
  }
  return { total, rows: found.map((r) => ({ ...r, features: toFeatures(r) })) };
}
