// GET /events/ (spec 1 §2.9, §3 event list query): the partner's events with their stored
// forecast and campaign state, filtered, searched and paged in one SQL statement.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { EventListQuery, type EventItem, type EventList } from '../../../lib/contracts/events';
import { ACTIVE_CAMPAIGN, toEventItem, EVENT_COLUMNS, EVENT_JOINS, type EventRow } from './item';
import { now as clockNow } from '../../lib/clock';

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
  if (q.since) where.push(sql`e.start_date_time >= ${dayStart(q.since)}`);
  else if (!q.include_past) where.push(sql`e.start_date_time >= ${range.since}`);
  where.push(sql`e.start_date_time <= ${q.until ? dayEnd(q.until) : range.until}`);
  if (q.upcoming) where.push(sql`e.start_date_time > ${now}`);
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
  const anyCampaign = sql`exists (select 1 from campaigns cp where cp.event_id = e.id and cp.partner_id = e.partner_id)`;
  const activeCampaign = sql`exists (select 1 from campaigns cp where cp.event_id = e.id and cp.partner_id = e.partner_id and ${ACTIVE_CAMPAIGN(now)})`;
  if (campaignFilter.size === 1) {
    where.push(campaignFilter.has('active') ? activeCampaign : sql`(${anyCampaign} and not ${activeCampaign})`);
  } else if (campaignFilter.size === 2) {
    where.push(anyCampaign);
  }
  return where;
}

// Only filters on location need the hall and venue; the list's page and its count skip the joins
// (and every per-row lookup) otherwise, and decorate just the 30 rows of the page.
const LOCATION_JOINS = sql`left join halls h on h.id = e.hall_id and h.partner_id = e.partner_id left join venues v on v.id = h.venue_id and v.partner_id = e.partner_id`;

/** The list for the partner's viewer; pages start at 1. */
export async function listEvents(db: Db, partnerId: number, q: ListQuery, now = clockNow()): Promise<EventList> {
  const where = sql.join(filters(partnerId, q, now), sql` and `);
  const order = [
    q.flagged_to_top ? sql`(e.frontend_status = 'FLAGGED') desc` : null,
    q.descending ? sql`e.start_date_time desc` : sql`e.start_date_time asc`,
    sql`e.id asc`,
  ].filter((x): x is SQL => x !== null);
  const offset = (q.page - 1) * q.limit;
  const orderBy = sql.join(order, sql`, `);
  const found = await rows<EventRow>(
    db,
    sql`with page as (
          select e.id from events e ${LOCATION_JOINS} where ${where}
          order by ${orderBy} limit ${q.limit} offset ${offset}
        )
        select ${EVENT_COLUMNS} from page join events e on e.id = page.id and e.partner_id = ${partnerId} ${EVENT_JOINS(now)}
        order by ${orderBy}`,
  );
  // A full page may have more behind it; a short page tells the total without counting (an
  // empty page past the end does not).
  const total =
    found.length < q.limit && (found.length > 0 || offset === 0)
      ? offset + found.length
      : ((await rows<{ n: number }>(db, sql`select count(*)::int as n from events e ${LOCATION_JOINS} where ${where}`))[0]?.n ?? 0);
  return { total, items: found.map((r) => toEventItem(r, now)) };
}

/**
 * Every event the list query matches (no paging), in list order: what the sales export covers.
 * Capped at `max` ids; the caller decides what an overflow means.
 */
export async function matchingEventIds(db: Db, partnerId: number, q: ListQuery, max: number, now = clockNow()): Promise<string[]> {
  const where = sql.join(filters(partnerId, q, now), sql` and `);
  const order = sql.join(
    [q.flagged_to_top ? sql`(e.frontend_status = 'FLAGGED') desc` : null, q.descending ? sql`e.start_date_time desc` : sql`e.start_date_time asc`, sql`e.id asc`].filter(
      (x): x is SQL => x !== null,
    ),
    sql`, `,
  );
  const found = await rows<{ id: string }>(db, sql`select e.id from events e ${LOCATION_JOINS} where ${where} order by ${order} limit ${max}`);
  return found.map((r) => r.id);
}

/** GET /events/flagged/: flagged events from today on, soonest first. */
export function listFlaggedEvents(db: Db, partnerId: number, q: ListQuery, now = clockNow()): Promise<EventList> {
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
