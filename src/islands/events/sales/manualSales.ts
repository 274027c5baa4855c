// Pure rules of the manual sales form (spec 3 "Manual sales entry", §5): what the number fields
// accept, the date bounds and the payload of POST /ingest/transaction_summary.
import type { TransactionSummaryRequest } from '../../../lib/contracts/sales';
import type { TicketType } from './ticketTypes';
import { LIMITS } from '../../../lib/contracts/limits';

export interface SalesRowInput {
  type: TicketType | '';
  sold: string;
  revenue: string;
}

export type TransactionSummaryPayload = TransactionSummaryRequest;

/** A whole number of tickets as typed ('12'); null for anything else ('1.5', '1e3', 'abc'). */
export function parseTickets(text: string): number | null {
  const t = text.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

/**
 * An amount as typed in either language: '1234.5', '1234,50', '-3'. Thousands separators are not
 * accepted: '1.234' would be a guess between 1.234 and 1234.
 */
export function parseAmount(text: string): number | null {
  const t = text.trim();
  if (!/^-?\d{1,12}([.,]\d{1,2})?$/.test(t)) return null;
  return Number(t.replace(',', '.'));
}

/** spec 3: tickets at least 1. */
export const ticketsValid = (text: string) => (parseTickets(text) ?? 0) >= 1;
/** The server's per-entry limits (contracts/limits.ts), so the form refuses what the API would. */
export const ticketsWithinLimit = (text: string) => (parseTickets(text) ?? 0) <= LIMITS.ticketsPerEntry;
export const revenueWithinLimit = (text: string) => (parseAmount(text) ?? 0) <= LIMITS.revenuePerEntry;
/** spec 3: revenue at least 0. */
export const revenueValid = (text: string) => {
  const n = parseAmount(text);
  return n !== null && n >= 0;
};

/** spec 3 §2: the last selectable sales day is today or the event day, whichever is earlier. */
export function maxSalesDay(todayIso: string, eventDay: string): string {
  return eventDay < todayIso ? eventDay : todayIso;
}

/** Why a picked day is refused (an i18n key below event.salesEdit.errors), or null. */
export function checkSalesDay(iso: string, bounds: { min?: string | null; max: string }): string | null {
  if (iso > bounds.max) return 'afterMax';
  if (bounds.min && iso < bounds.min) return 'beforeStart';
  return null;
}

/** A row counts once type, tickets and revenue are all filled (spec 3 §5). */
export function rowFilled(row: SalesRowInput): boolean {
  return row.type !== '' && row.sold.trim() !== '' && row.revenue.trim() !== '';
}

/** The request body; rows of one type are added up (the form offers each type once anyway). */
export function toPayload(eventId: string, start: string, end: string, rows: SalesRowInput[]): TransactionSummaryPayload {
  const ticket_types: TransactionSummaryPayload['ticket_types'] = {};
  for (const row of rows) {
    if (row.type === '') continue;
    const prev = ticket_types[row.type] ?? { count: 0, revenue: 0 };
    const revenue = Math.round((prev.revenue + (parseAmount(row.revenue) ?? 0)) * 100) / 100;
    ticket_types[row.type] = { count: prev.count + (parseTickets(row.sold) ?? 0), revenue };
  }
  return { event_id: eventId, start_date: start, end_date: end, ticket_types };
}
