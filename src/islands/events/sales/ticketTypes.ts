// spec 3 §9: the seven ticket type keys of the sales summary, in the order the form offers them.
// Kept here (no zod) so the browser can use them; the server's contract names the same keys.
export const TICKET_TYPES = ['subscription', 'regular', 'regular discount', 'discount', 'cancelled', 'free', 'reserved'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** A spreadsheet's Ticket Type cell to its key: case and surrounding blanks do not matter (spec 3 §5). */
export function matchTicketType(text: string): TicketType | null {
  const wanted = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return TICKET_TYPES.find((type) => type === wanted) ?? null;
}
