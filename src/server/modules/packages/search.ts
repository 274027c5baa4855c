// The package wizard's lookups: step 1's event search (spec 3 §7 "Event search with since date
// DD-MM-YYYY, page, search"; §3 Event search result) and step 2's customer ID matching (spec 3 §4,
// POST /customers/). Both read only the viewer's partner.
import type { Db } from '../../db/client';
import { now as clockNow } from '../../lib/clock';
import { eventKeywords } from '../../engines/packages/keywords';
import { PACKAGES, type CustomerMatchResponse, type EventSearchResponse } from '../../../lib/contracts/packages';
import { customersByExternalIds, searchUpcomingEvents } from './repo';
import type { PkgCtx } from './service';

/** DD-MM-YYYY (checked by the contract) as the start of that UTC day. */
const sinceDay = (s: string) => new Date(`${s.slice(6, 10)}-${s.slice(3, 5)}-${s.slice(0, 2)}T00:00:00Z`);

/**
 * The partner's upcoming events (starting after now and on or after `since`, not archived or
 * cancelled), soonest first, PACKAGES.searchPageSize a page; `search` matches title, eid, venue,
 * hall or city, case-insensitively. Keywords are the engine's own for the event (performers,
 * composers), as the variation cards show them.
 */
export async function searchEvents(db: Db, ctx: Pick<PkgCtx, 'partnerId'>, q: { since?: string; page: number; search?: string }): Promise<EventSearchResponse> {
  const now = clockNow();
  const since = q.since ? sinceDay(q.since) : now;
  const from = since.getTime() > now.getTime() ? new Date(since.getTime() - 1) : now;
  const limit = PACKAGES.searchPageSize;
  const { total, rows } = await searchUpcomingEvents(db, ctx.partnerId, { from, search: q.search || undefined, limit, offset: (q.page - 1) * limit });
  return {
    items: rows.map((r) => {
      const start = new Date(r.start_date_time).toISOString();
      return {
        eid: r.eid,
        id: r.id,
        title: r.title,
        date: start.slice(0, 10),
        start_date_time: start,
        location: r.city,
        hall_name: r.hall_name,
        venue_name: r.venue_name,
        keywords: eventKeywords(r.features),
      };
    }),
    total,
    page: q.page,
    page_count: Math.ceil(total / limit),
  };
}

/**
 * spec 3 §4 Customer ID matching: which of the pasted ids (the partner's own customer ids) name a
 * customer of the partner. Ids are compared as given (no case folding: ticketing systems differ);
 * each appears once, in the order first given.
 */
export async function matchCustomers(db: Db, ctx: Pick<PkgCtx, 'partnerId'>, ids: readonly string[]): Promise<CustomerMatchResponse> {
  const unique = [...new Set(ids)];
  const found = await customersByExternalIds(db, ctx.partnerId, unique);
  return { matched: unique.filter((id) => found.has(id)), unmatched_ids: unique.filter((id) => !found.has(id)) };
}
