// GET /events/venues: what the location filters offer (spec 1 §2.9 cities, venuesAndHalls).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { EventVenues } from '../../../lib/contracts/events';

export async function eventVenues(db: Db, partnerId: number): Promise<EventVenues> {
  const found = await rows<{ venue: string; city: string; hall: string }>(
    db,
    sql`select v.name as venue, v.city, h.name as hall from venues v join halls h on h.venue_id = v.id and h.partner_id = v.partner_id
        where v.partner_id = ${partnerId} order by v.name, h.name`,
  );
  const venues = new Map<string, EventVenues['venues'][number]>();
  for (const r of found) {
    const v = venues.get(r.venue) ?? { venue: r.venue, city: r.city, halls: [] };
    v.halls.push(r.hall);
    venues.set(r.venue, v);
  }
  const cities = [...new Set(found.map((r) => r.city))].sort((a, b) => a.localeCompare(b));
  return { venues: [...venues.values()], cities };
}
