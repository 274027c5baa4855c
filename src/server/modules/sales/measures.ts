// The one definition of "tickets sold" every screen and the forecast share: a cancelled ticket
// was sold and given back, so it does not fill a seat; free and reserved tickets do.
import { sql } from 'drizzle-orm';

export const NOT_SOLD_TICKET_TYPES = ['cancelled'] as const;

/** SQL: tickets sold in the aggregated ticket_transactions rows (alias `tx`). */
export const SOLD_TICKETS_SQL = sql.raw(`coalesce(sum(tx.quantity) filter (where tx.ticket_type <> 'cancelled'), 0)::float8`);

export const isSoldTicketType = (type: string): boolean => !(NOT_SOLD_TICKET_TYPES as readonly string[]).includes(type);
