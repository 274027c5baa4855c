// spec 3 §3 "Customer segmentation" as rules. Two kinds:
//  - purchase filters (date window, ticket categories) decide which purchases count at all: a
//    purchase they drop is not evidence of taste, price or habit, for the affinity, for the
//    co-purchases and for the statistics alike;
//  - customer filters (listed ids, typical price, ads opt-out) decide who may be in the audience.
//    They do not touch the history: an excluded customer's co-purchases still teach which past
//    events go together.
import { DAY_MS, type Customer, type PackageFilters, type Purchase } from './types';

const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whether a purchase counts. Cancelled purchases never do; nor do sales dated after `nowMs`. */
export function purchaseFilter(filters: PackageFilters, nowMs: number): (p: Purchase) => boolean {
  // Dates are UTC days (ARCHITECTURE §3): "before 2024-03-01" drops what was sold until
  // 2024-02-29 24:00 UTC, "after 2024-03-01" what was sold from 2024-03-02 00:00 UTC on.
  const fromMs = filters.exclude_old_purchases_before ? dayStartMs(filters.exclude_old_purchases_before) : -Infinity;
  const untilMs = filters.exclude_recent_purchases_after ? dayStartMs(filters.exclude_recent_purchases_after) + DAY_MS : Infinity;
  const endMs = Math.min(untilMs, nowMs + 1);
  const excluded = new Set(filters.exclude_ticket_categories.map((c) => c.toLowerCase()));
  return (p) =>
    !p.cancelled &&
    p.ticketType !== 'cancelled' &&
    !excluded.has(p.ticketType.toLowerCase()) &&
    p.tickets > 0 &&
    p.soldAtMs >= fromMs &&
    p.soldAtMs < endMs;
}

/**
 * Which customers (by position in `customers`) may be in the audience. `typicalPrice` is each
 * customer's typical ticket price (history.ts), NaN without a counted purchase; such a customer
 * has no affinity either, so a price filter leaving them out changes nothing.
 */
export function eligibleCustomers(
  customers: readonly Customer[],
  typicalPrice: Float64Array,
  filters: PackageFilters,
  forCrmExport: boolean,
): Uint8Array {
  const excluded = new Set(filters.excluded_customers ?? []);
  const included = filters.included_customers ? new Set(filters.included_customers) : null;
  const below = filters.exclude_buying_behavior_below;
  const above = filters.exclude_buying_behavior_above;
  const ok = new Uint8Array(customers.length);
  customers.forEach((c, i) => {
    // spec 3 (issue 23): customers who opted out of ads are never sent to a CRM.
    if (forCrmExport && c.adsOptOut) return;
    if (excluded.has(c.id)) return;
    if (included && !included.has(c.id)) return;
    const price = typicalPrice[i];
    if (below !== undefined && !(price >= below)) return;
    if (above !== undefined && !(price <= above)) return;
    ok[i] = 1;
  });
  return ok;
}
