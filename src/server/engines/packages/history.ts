// The purchase history in the shape the scoring walks: the counted purchases grouped by customer
// in flat typed arrays (compressed rows), and each customer's distinct past events with the date
// of their latest purchase. At 100,000 customers and two million purchases an object per customer
// and event would cost more memory and time than the scoring itself.
import { median } from './median';
import type { Customer, Purchase } from './types';

export interface History {
  /** Customers in the order of `customers` given to indexHistory(). */
  customerCount: number;
  pastCount: number;
  /** Counted purchases of customer i: rows offsets[i] … offsets[i + 1] - 1. */
  offsets: Int32Array;
  event: Int32Array;
  tickets: Int32Array;
  /** Major currency units. */
  amount: Float64Array;
  soldAtMs: Float64Array;
  /** Distinct past events of customer i: rows distinctOffsets[i] … distinctOffsets[i + 1] - 1. */
  distinctOffsets: Int32Array;
  distinctEvent: Int32Array;
  /** The latest counted purchase of that customer for that event. */
  distinctLastMs: Float64Array;
  /** Each customer's typical ticket price (median unit price of the counted purchases), NaN without one. */
  typicalPrice: Float64Array;
  /** Distinct buyers of each past event (among all customers: the co-purchase statistics use everyone). */
  buyers: Int32Array;
}

/**
 * Groups the purchases that pass `keep` by customer. Purchases of a customer or an event not in
 * the lists (an upcoming event, a product outside the history) are left out.
 */
export function indexHistory(
  customers: readonly Customer[],
  pastEventIds: readonly string[],
  purchases: readonly Purchase[],
  keep: (p: Purchase) => boolean,
  minorPerMajor: number,
): History {
  const n = customers.length;
  const P = pastEventIds.length;
  const customerIndex = new Map<number, number>();
  customers.forEach((c, i) => customerIndex.set(c.id, i));
  const eventIndex = new Map<string, number>();
  pastEventIds.forEach((id, p) => eventIndex.set(id, p));

  // Pass 1: which purchases count, and how many per customer.
  const rowCustomer = new Int32Array(purchases.length).fill(-1);
  const rowEvent = new Int32Array(purchases.length);
  const counts = new Int32Array(n + 1);
  for (let r = 0; r < purchases.length; r++) {
    const pu = purchases[r];
    const ci = customerIndex.get(pu.customerId);
    const ei = eventIndex.get(pu.eventId);
    if (ci === undefined || ei === undefined || !keep(pu)) continue;
    rowCustomer[r] = ci;
    rowEvent[r] = ei;
    counts[ci + 1]++;
  }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + counts[i + 1];
  const total = offsets[n];

  // Pass 2: place them (in input order within a customer).
  const event = new Int32Array(total);
  const tickets = new Int32Array(total);
  const amount = new Float64Array(total);
  const soldAtMs = new Float64Array(total);
  const cursor = offsets.slice(0, n);
  for (let r = 0; r < purchases.length; r++) {
    const ci = rowCustomer[r];
    if (ci < 0) continue;
    const at = cursor[ci]++;
    const pu = purchases[r];
    event[at] = rowEvent[r];
    tickets[at] = pu.tickets;
    amount[at] = pu.amountMinor / minorPerMajor;
    soldAtMs[at] = pu.soldAtMs;
  }

  // Distinct events per customer, typical price, buyers per event.
  const distinctOffsets = new Int32Array(n + 1);
  const distinctEvent = new Int32Array(total);
  const distinctLastMs = new Float64Array(total);
  const typicalPrice = new Float64Array(n).fill(NaN);
  const buyers = new Int32Array(P);
  const slot = new Int32Array(P).fill(-1);
  let d = 0;
  // One scratch buffer for every customer's unit prices (the longest history fits).
  let longest = 0;
  for (let i = 0; i < n; i++) longest = Math.max(longest, offsets[i + 1] - offsets[i]);
  const prices = new Float64Array(longest);
  for (let i = 0; i < n; i++) {
    distinctOffsets[i] = d;
    for (let r = offsets[i]; r < offsets[i + 1]; r++) {
      const p = event[r];
      const s = slot[p];
      if (s >= distinctOffsets[i]) {
        if (soldAtMs[r] > distinctLastMs[s]) distinctLastMs[s] = soldAtMs[r];
      } else {
        slot[p] = d;
        distinctEvent[d] = p;
        distinctLastMs[d] = soldAtMs[r];
        buyers[p]++;
        d++;
      }
      prices[r - offsets[i]] = amount[r] / tickets[r];
    }
    typicalPrice[i] = median(prices.subarray(0, offsets[i + 1] - offsets[i])) ?? NaN;
  }
  distinctOffsets[n] = d;

  return {
    customerCount: n,
    pastCount: P,
    offsets,
    event,
    tickets,
    amount,
    soldAtMs,
    distinctOffsets,
    distinctEvent: distinctEvent.slice(0, d),
    distinctLastMs: distinctLastMs.slice(0, d),
    typicalPrice,
    buyers,
  };
}
