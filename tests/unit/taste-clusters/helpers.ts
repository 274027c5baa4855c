// Small builders for engine tests: customers with a given taste and habits.
import { FAMILIES, type CustomerAggregate, type Family } from '../../../src/server/engines/taste-clusters';

export const NOW = Date.UTC(2026, 2, 15);
const DAY = 86_400_000;

export interface CustomerSpec {
  id: number;
  /** Tickets per family. */
  tickets: Partial<Record<Family, number>>;
  orders?: number;
  /** Mean price per ticket, major units. */
  price?: number;
  relativePrice?: number | null;
  leadDays?: number;
  /** Days since the first and the last purchase. */
  firstDaysAgo?: number;
  lastDaysAgo?: number;
  distanceKm?: number | null;
}

export function customer(s: CustomerSpec): CustomerAggregate {
  const familyTickets = FAMILIES.map((f) => s.tickets[f] ?? 0);
  const tickets = familyTickets.reduce((a, b) => a + b, 0);
  return {
    customerId: s.id,
    familyTickets,
    orders: s.orders ?? Math.max(1, Math.ceil(tickets / 2)),
    tickets,
    paidTickets: tickets,
    spendMinor: Math.round((s.price ?? 40) * 100 * tickets),
    relativePrice: s.relativePrice === undefined ? 1 : s.relativePrice,
    leadDaysMedian: s.leadDays ?? 30,
    firstPurchaseMs: NOW - (s.firstDaysAgo ?? 700) * DAY,
    lastPurchaseMs: NOW - (s.lastDaysAgo ?? 40) * DAY,
    distanceKm: s.distanceKm === undefined ? 5 : s.distanceKm,
  };
}

/** A deterministic jitter in [-1, 1) for test data (no Math.random: tests must be repeatable). */
export function jitter(i: number, salt = 0): number {
  const x = Math.sin((i + 1) * 12.9898 + salt * 78.233) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}
