// GET /events/ (spec 1 §2.9, §3 event list query): the partner's events with their stored
// forecast and campaign state, filtered, searched and paged in one SQL statement.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { EventListQuery, type EventItem, type EventList } from '../../../lib/contracts/events';
import { toEventItem, EVENT_COLUMNS, EVENT_JOINS, type EventRow } from './item';

export type ListQuery = z.output<typeof EventListQuery>;

const YEAR_MS = 365.25 * 86_400_000;

/** spec 1 §9: without dates the list spans 3 years back to 2 years ahead. */
export function defaultRange(now: Date): { since: Date; until: Date } {
  return { since: new Date(now.getTime() - 3 * YEAR_MS), until: new Date(now.getTime() + 2 * YEAR_MS) };
}

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const dayEnd = (d: string) => new Date(`${d}T23:59:59.999Z`);

// LIKE patterns: the user's % and _ are literal characters.
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Which frontend statuses a query shows: explicit ones, else DEFAULT and FLAGGED (+ HIDDEN when archived are included). */
function statusesOf(q: ListQuery): string[] {
  const explicit = [...new Set([...q.status, ...q.frontend_status, ...q['frontend_status[]']])];
  if (explicit.length) return explicit;
  return q.include_archived ? ['DEFAULT', 'FLAGGED', 'HIDDEN'] : ['DEFAULT', 'FLAGGED'];
}

function filters(partnerId: number, q: ListQuery, now: Date): SQL[] {
  const range = defaultRange(now);
  const where: SQL[] = [sql`e.partner_id = ${partnerId}`];
  where.push(sql`e.start_date_time >= ${q.since ? dayStart(q.since) : range.since}`);
  where.push(sql`e.start_date_time <= ${q.until ? dayEnd(q.until) : range.until}`);
  where.push(sql`e.frontend_status in (${sql.join(statusesOf(q).map((s) => sql`${s}`), sql`, `)})`);
  if (q.q) {
    const p = likePattern(q.q);
    where.push(sql`(e.title ilike ${p} or e.eid ilike ${p} or v.name ilike ${p} or h.name ilike ${p} or v.city ilike ${p})`);
  }
  if (q.simulated !== undefined) where.push(sql`e.source = ${q.simulated ? 'manual' : 'api'}`);
  if (q.exclude_products) where.push(sql`e.category <> 'product'`);
  const cities = [...q.city, ...q['city[]']];
  if (cities.length) where.push(sql`v.city in (${sql.join(cities.map((c) => sql`${c}`), sql`, `)})`);
  const vh = [...q.vh, ...q['vh[]']].map((s) => {
    const [venue, hall = ''] = s.split(';;');
    return hall ? sql`(v.name = ${venue} and h.name = ${hall})` : sql`v.name = ${venue}`;
  });
  if (vh.length) where.push(sql`(${sql.join(vh, sql` or `)})`);
  const campaignFilter = new Set([...q.campaigns, ...q.marketing_campaign_status]);
  if (campaignFilter.size === 1) {
    where.push(campaignFilter.has('active') ? sql`c.has_active` : sql`(c.has_any and not c.has_active)`);
  } else if (campaignFilter.size === 2) {
    where.push(sql`c.has_any`);
  }
  return where;
}

/** The list for the partner's viewer; pages start at 1. */
export async function listEvents(db: Db, partnerId: number, q: ListQuery, now = new Date()): Promise<EventList> {
  const where = sql.join(filters(partnerId, q, now), sql` and `);
  const order = [
    q.flagged_to_top ? sql`(e.frontend_status = 'FLAGGED') desc` : null,
    q.descending ? sql`e.start_date_time desc` : sql`e.start_date_time asc`,
    sql`e.id asc`,
  ].filter((x): x is SQL => x !== null);
  const offset = (q.page - 1) * q.limit;
  const found = await rows<EventRow & { total: number }>(
    db,
    sql`select ${EVENT_COLUMNS}, count(*) over ()::int as total
        from events e ${EVENT_JOINS(now)}
        where ${where}
        order by ${sql.join(order, sql`, `)}
        limit ${q.limit} offset ${offset}`,
  );
  let total = found[0]?.total ?? 0;
  if (!found.length && offset > 0) {
    // Past the last page the window count has no row to ride on.
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from events e ${EVENT_JOINS(now)} where ${where}`);
    total = c?.n ?? 0;
  }
  return { total, items: found.map((r) => toEventItem(r)) };
}

/** GET /events/flagged/: flagged events from today on, soonest first. */
export function listFlaggedEvents(db: Db, partnerId: number, q: ListQuery, now = new Date()): Promise<EventList> {
  const today = now.toISOString().slice(0, 10);
  return listEvents(db, partnerId, { ...q, status: ['FLAGGED'], frontend_status: [], 'frontend_status[]': [], since: q.since ?? today }, now);
}

export type { EventItem };

/**
 * For server-rendered pages: the first page of the list as the browser would ask for it. Raw
 * query values are validated by the same contract as the API; invalid ones fall back to defaults.
 */
export async function listEventsForViewer(
  db: Db,
  viewer: { partner: { id: number } | null },
  query: Record<string, string | string[] | undefined>,
): Promise<EventList> {
  if (!viewer.partner) return { total: 0, items: [] };
  const parsed = EventListQuery.safeParse(query);
  return listEvents(db, viewer.partner.id, parsed.success ? parsed.data : EventListQuery.parse({}));
}
