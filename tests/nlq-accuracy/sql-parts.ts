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

// Shared by the later batches (questions-6.ts, questions-7.ts): one place for what buying,
// a property, a place, tickets, revenue and spend mean in SQL (RULES.md).
export const TXE = 'ticket_transactions t JOIN events e ON e.id = t.event_id';
/** RULES.md: buying / booking / visiting excludes cancelled transactions. */
export const NC = "t.ticket_type <> 'cancelled'";
/** The customer `c` bought (not cancelled) a ticket for an event `e` matching `where`. */
export const bought = (where: string) => `EXISTS (SELECT 1 FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
export const neverBought = (where: string) => `NOT ${bought(where)}`;
export const prop = (label: string, ...contents: string[]) =>
  `EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = '${label}' AND p.content IN (${contents.map((v) => `'${v}'`).join(', ')}))`;
export const hallOf = (e = 'e') => `(SELECT h.name FROM halls h WHERE h.id = ${e}.hall_id)`;
export const venueOf = (e = 'e') => `(SELECT v.name FROM halls h JOIN venues v ON v.id = h.venue_id WHERE h.id = ${e}.hall_id)`;
export const cityOf = (e = 'e') => `(SELECT v.city FROM halls h JOIN venues v ON v.id = h.venue_id WHERE h.id = ${e}.hall_id)`;
/** Tickets of event `e`: its non-cancelled transactions' quantity. */
export const tickets = (e = 'e') => `COALESCE((SELECT sum(t2.quantity) FROM ticket_transactions t2 WHERE t2.event_id = ${e}.id AND t2.ticket_type <> 'cancelled'), 0)`;
/** Revenue of event `e` in minor units (non-cancelled). */
export const revenue = (e = 'e') => `COALESCE((SELECT sum(t2.amount_minor) FROM ticket_transactions t2 WHERE t2.event_id = ${e}.id AND t2.ticket_type <> 'cancelled'), 0)`;
/** Customer `c`'s spend in minor units (non-cancelled), optionally restricted on t / e. */
export const spend = (where = 'TRUE') => `COALESCE((SELECT sum(t.amount_minor) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where}), 0)`;
