// SQL fragments the expected answers share, kept readable: the joins from an event to its hall and
// venue, and "an event named after / performed by / composed by" (RULES.md: an artist or composer
// counts when named in the title, the line-up or the set list).
export const VENUE_JOIN = 'events e JOIN halls h ON h.id = e.hall_id JOIN venues v ON v.id = h.venue_id';

/** `e` mentions `name` (a literal written in this file, never user input) as artist or composer. */
export function eventNames(name: string, e = 'e'): string {
  const like = `'%${name.replace(/'/g, "''")}%'`;
  return `(${e}.title ILIKE ${like}
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(${e}.lineups) a WHERE a->>'artist_name' ILIKE ${like})
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(${e}.setlists) s WHERE s->>'artist_name' ILIKE ${like} OR s->>'composer' ILIKE ${like}))`;
}

/** Tickets sold of event `e` as a percentage of its capacity (non-cancelled transactions). */
export function soldPercent(e = 'e'): string {
  return `(COALESCE((SELECT sum(t2.quantity) FROM ticket_transactions t2
                    WHERE t2.event_id = ${e}.id AND t2.ticket_type <> 'cancelled'), 0) * 100.0 / ${e}.capacity)`;
}
