// Customer features for clustering: what a customer buys (family mix), at what price level, how
// often and in what basket size, how far ahead, how recently, and from how far away.
//
// Skewed quantities are taken as log(1 + x). Every feature is standardised (z-score after
// imputing the median for a missing value, clipped at ±4 so a handful of extreme buyers cannot
// claim a cluster of their own), then weighted by block so that taste counts for about 60 % of the
// distance whatever the number of families: each block's weight is its share of the total
// variance, spread over its columns (w = √(share / columns)).
import { FAMILIES, familyOf, familyIndex } from './families';
import { DAY_MS, YEAR_MS, type CustomerAggregate } from './types';

type Block = 'taste' | 'price' | 'frequency' | 'lead' | 'recency' | 'distance';

export const FEATURES: readonly { name: string; block: Block }[] = [
  ...FAMILIES.map((f) => ({ name: `share_${f}`, block: 'taste' as const })),
  { name: 'log_price', block: 'price' },
  { name: 'relative_price', block: 'price' },
  { name: 'log_orders_per_year', block: 'frequency' },
  { name: 'tickets_per_order', block: 'frequency' },
  { name: 'log_lead_days', block: 'lead' },
  { name: 'log_recency_days', block: 'recency' },
  { name: 'log_distance_km', block: 'distance' },
];

// Taste leads (these are taste clusters, and what a customer buys is the most reliable signal
// there is); price, frequency and timing shape an audience within a taste; recency and distance
// only nudge. With taste at 45 % the behavioural columns (continuous, without gaps) drowned the
// gaps between audiences: planted taste groups scored a silhouette of about 0.2 and an extra
// cluster split off on noise (docs/PERFORMANCE.md, taste clusters).
export const BLOCK_SHARE: Record<Block, number> = { taste: 0.6, price: 0.12, frequency: 0.1, lead: 0.1, recency: 0.04, distance: 0.04 };

export const F = Object.fromEntries(FEATURES.map((f, i) => [f.name, i])) as Record<string, number>;
const FIRST_BEHAVIOUR = FAMILIES.length;

const Z_CLIP = 4;
/** A customer known for less than half a year is not counted as buying twice as often. */
const MIN_TENURE_YEARS = 0.5;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Ticket share of each family in the customer's purchases. */
export function familyShares(a: CustomerAggregate): number[] {
  const total = a.familyTickets.reduce((s, x) => s + x, 0);
  return a.familyTickets.map((x) => (total > 0 ? x / total : 0));
}

/**
 * How many tickets' worth of the partner's overall mix a customer's own mix is blended with. One
 * comedy ticket does not make a comedy fan: without the blend every one-time buyer sits on a
 * corner of the taste space, and k-means finds those corners in data that has no taste structure
 * at all. Ten bought tickets outweigh the prior three to one.
 */
export const TASTE_PRIOR_TICKETS = 3;

/** The partner's overall family mix (ticket-weighted), the prior of the smoothed shares. */
export function familyPrior(customers: readonly CustomerAggregate[]): number[] {
  const sums = FAMILIES.map(() => 0);
  for (const a of customers) a.familyTickets.forEach((x, i) => (sums[i] += x));
  const total = sums.reduce((s, x) => s + x, 0);
  return sums.map((x) => (total > 0 ? x / total : 1 / FAMILIES.length));
}

/** Shares smoothed towards the prior: (tickets_f + α·prior_f) / (tickets + α). */
export function smoothedShares(a: CustomerAggregate, prior: readonly number[]): number[] {
  const total = a.familyTickets.reduce((s, x) => s + x, 0);
  return a.familyTickets.map((x, i) => (x + TASTE_PRIOR_TICKETS * prior[i]) / (total + TASTE_PRIOR_TICKETS));
}

export const meanPriceMajor = (a: CustomerAggregate): number | null => (a.paidTickets > 0 ? a.spendMinor / a.paidTickets / 100 : null);
export const ordersPerYear = (a: CustomerAggregate, nowMs: number): number =>
  a.orders / Math.max(MIN_TENURE_YEARS, (nowMs - a.firstPurchaseMs) / YEAR_MS);
export const ticketsPerOrder = (a: CustomerAggregate): number => (a.orders > 0 ? a.tickets / a.orders : 1);
export const recencyDays = (a: CustomerAggregate, nowMs: number): number => Math.max(0, (nowMs - a.lastPurchaseMs) / DAY_MS);
export const annualSpendMajor = (a: CustomerAggregate, nowMs: number): number =>
  a.spendMinor / 100 / Math.max(MIN_TENURE_YEARS, (nowMs - a.firstPurchaseMs) / YEAR_MS);

/** The raw (unscaled) feature row of a customer; NaN where a value is missing. */
export function rawFeatures(a: CustomerAggregate, nowMs: number, prior: readonly number[]): Float64Array {
  const row = new Float64Array(FEATURES.length);
  smoothedShares(a, prior).forEach((s, i) => (row[i] = s));
  const price = meanPriceMajor(a);
  row[F.log_price] = price === null ? NaN : Math.log1p(price);
  row[F.relative_price] = a.relativePrice === null ? NaN : clamp(a.relativePrice, 0.2, 3);
  row[F.log_orders_per_year] = Math.log1p(ordersPerYear(a, nowMs));
  row[F.tickets_per_order] = clamp(ticketsPerOrder(a), 1, 10);
  row[F.log_lead_days] = Math.log1p(Math.max(0, a.leadDaysMedian));
  row[F.log_recency_days] = Math.log1p(recencyDays(a, nowMs));
  row[F.log_distance_km] = a.distanceKm === null ? NaN : Math.log1p(Math.max(0, a.distanceKm));
  return row;
}

export interface Scaler {
  /** Per feature: the value that replaces a missing one. */
  median: number[];
  mean: number[];
  sd: number[];
  weight: number[];
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function fitScaler(rows: readonly Float64Array[]): Scaler {
  const d = FEATURES.length;
  const blockCols = new Map<Block, number>();
  for (const f of FEATURES) blockCols.set(f.block, (blockCols.get(f.block) ?? 0) + 1);
  const scaler: Scaler = { median: [], mean: [], sd: [], weight: [] };
  for (let j = 0; j < d; j++) {
    const present: number[] = [];
    for (const r of rows) if (!Number.isNaN(r[j])) present.push(r[j]);
    const med = median(present);
    let sum = 0;
    for (const r of rows) sum += Number.isNaN(r[j]) ? med : r[j];
    const mean = rows.length ? sum / rows.length : 0;
    let ss = 0;
    for (const r of rows) ss += ((Number.isNaN(r[j]) ? med : r[j]) - mean) ** 2;
    const sd = rows.length > 1 ? Math.sqrt(ss / (rows.length - 1)) : 0;
    const block = FEATURES[j].block;
    scaler.median.push(med);
    scaler.mean.push(mean);
    // A constant feature carries no information: sd 1 keeps it at 0 instead of dividing by 0.
    scaler.sd.push(sd > 1e-12 ? sd : 1);
    scaler.weight.push(Math.sqrt(BLOCK_SHARE[block] / blockCols.get(block)!));
  }
  return scaler;
}

/** z-score of one value (missing → 0, the median's z is close enough and keeps the point neutral). */
export function zScore(s: Scaler, j: number, x: number): number {
  return clamp(((Number.isNaN(x) ? s.median[j] : x) - s.mean[j]) / s.sd[j], -Z_CLIP, Z_CLIP);
}

/** A raw row in the clustering space: clipped z-scores times block weights. */
export function transform(s: Scaler, row: ArrayLike<number>): number[] {
  const out = new Array<number>(row.length);
  for (let j = 0; j < row.length; j++) out[j] = zScore(s, j, row[j]) * s.weight[j];
  return out;
}

/** A raw row with missing values replaced by the scaler's medians (for centroids in raw units). */
export function impute(s: Scaler, row: ArrayLike<number>): number[] {
  return Array.from(row, (x, j) => (Number.isNaN(x) ? s.median[j] : x));
}

export const BEHAVIOUR_FEATURES = FEATURES.slice(FIRST_BEHAVIOUR);

// ------------------------------------------------------------------------- aggregation (reference)

/** One purchase as the aggregation needs it (a ticket_transactions row joined with its event). */
export interface Purchase {
  customerId: number;
  eventId: string;
  category: string;
  quantity: number;
  amountMinor: number;
  soldAtMs: number;
  eventStartMs: number;
  ticketType?: string;
}

/** Whether a purchase counts for a customer's profile (the same rule as the module's SQL). */
export const countsForProfile = (p: Purchase): boolean =>
  p.quantity > 0 && p.ticketType !== 'cancelled' && familyOf(p.category) !== null && p.soldAtMs <= p.eventStartMs;

/**
 * The CustomerAggregate of every customer in `purchases`: the module's SQL in TypeScript (tests
 * compare the two on the demo data; the bench builds its populations with it).
 */
export function aggregatePurchases(purchases: readonly Purchase[], distanceKm: (customerId: number) => number | null = () => null): CustomerAggregate[] {
  const counted = purchases.filter(countsForProfile);
  // The event's mean unit price over its paid purchases: the yardstick of "relative price".
  const eventPaid = new Map<string, { amount: number; qty: number }>();
  for (const p of counted) {
    if (p.amountMinor <= 0) continue;
    const e = eventPaid.get(p.eventId) ?? { amount: 0, qty: 0 };
    e.amount += p.amountMinor;
    e.qty += p.quantity;
    eventPaid.set(p.eventId, e);
  }
  const byCustomer = new Map<number, Purchase[]>();
  for (const p of counted) (byCustomer.get(p.customerId) ?? byCustomer.set(p.customerId, []).get(p.customerId)!).push(p);
  const out: CustomerAggregate[] = [];
  for (const [customerId, list] of byCustomer) {
    const familyTickets = FAMILIES.map(() => 0);
    let tickets = 0, paidTickets = 0, spendMinor = 0, relSum = 0, relN = 0;
    let first = Infinity, last = -Infinity;
    const leads: number[] = [];
    for (const p of list) {
      familyTickets[familyIndex(familyOf(p.category)!)] += p.quantity;
      tickets += p.quantity;
      spendMinor += p.amountMinor;
      if (p.amountMinor > 0) {
        paidTickets += p.quantity;
        const e = eventPaid.get(p.eventId)!;
        relSum += p.amountMinor / p.quantity / (e.amount / e.qty);
        relN++;
      }
      first = Math.min(first, p.soldAtMs);
      last = Math.max(last, p.soldAtMs);
      leads.push((p.eventStartMs - p.soldAtMs) / DAY_MS);
    }
    out.push({
      customerId, familyTickets, orders: list.length, tickets, paidTickets, spendMinor,
      relativePrice: relN ? relSum / relN : null, leadDaysMedian: median(leads),
      firstPurchaseMs: first, lastPurchaseMs: last, distanceKm: distanceKm(customerId),
    });
  }
  return out.sort((a, b) => a.customerId - b.customerId);
}
