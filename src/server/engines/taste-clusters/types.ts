import type { Family } from './families';

export const DAY_MS = 86_400_000;
export const YEAR_MS = 365.25 * DAY_MS;

/** Bumped when features, weights or labels change, so stored runs say which engine made them. */
export const ENGINE_VERSION = 'tc-1';

/**
 * One customer's buying history, summed up. The module computes it in SQL (one pass over the
 * partner's transactions); aggregatePurchases() is the same sum in TypeScript, for tests and the
 * bench. Counts exclude cancelled tickets and products (vouchers, passes).
 */
export interface CustomerAggregate {
  customerId: number;
  /** Tickets per taste family, indexed as FAMILIES. */
  familyTickets: number[];
  /** Purchases (one transaction is one basket). */
  orders: number;
  tickets: number;
  /** Tickets that cost something (free and reserved seats say nothing about price). */
  paidTickets: number;
  spendMinor: number;
  /** Mean over paid purchases of the unit price paid ÷ that event's mean unit price; null without one. */
  relativePrice: number | null;
  /** Median days between a purchase and its event's start. */
  leadDaysMedian: number;
  firstPurchaseMs: number;
  lastPurchaseMs: number;
  /** Distance from the customer's place to the partner's nearest venue; null when the place is unknown. */
  distanceKm: number | null;
}

/** A cluster's customers described in natural units (means, and medians where skewed). */
export interface ClusterProfile {
  customers: number;
  /** Mean share of each family in a member's tickets, indexed as FAMILIES. */
  familyShares: number[];
  /** Mean price paid per ticket, major currency units. */
  meanPrice: number;
  /** 1 = pays what the average buyer of the same events pays; above buys better seats. */
  relativePrice: number;
  ordersPerYear: number;
  ticketsPerOrder: number;
  leadDays: number;
  recencyDays: number;
  distanceKm: number | null;
  /** Ticket spend per customer and year, major currency units. */
  annualSpend: number;
}

export type Separation = 'strong' | 'reasonable' | 'weak' | 'none';

export type TraitCode =
  | 'premium' | 'budget' | 'last_minute' | 'early' | 'frequent' | 'occasional' | 'groups' | 'lapsed' | 'recent' | 'travelling' | 'local';

export interface ClusterLabel {
  /** Dominant families, most bought first; empty for a broad taste. */
  families: Family[];
  traits: TraitCode[];
  label: { en: string; de: string };
  keywords: { en: string[]; de: string[] };
}
