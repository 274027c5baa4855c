// The budget model of spec 2 §7 budget_min_max and suggested_tcs: what a campaign for an event
// should cost, from the event's forecast shortfall, its ticket price, the taste clusters it can
// reach and a cost per purchase learnt from the partner's past campaigns. Pure: no I/O, no clock.
// The formulas, their sources and a worked example are in docs/BUDGET-MODEL.md; keep them in step.
//
// All money here is in major units of the partner's currency. The constants are calibrated for
// currencies near the euro (EUR, CHF, GBP, USD); see the doc's "Limits".

/** Meta's floor for one ad set's daily budget, rounded up for a conversion-optimised ad set. */
export const DAILY_FLOOR = 5;
/** Prior cost per purchase: this share of the order value (price × tickets per order)… */
export const PRIOR_CPP_SHARE = 0.15;
/** …kept within these bounds; without a price the prior is PRIOR_CPP_NO_PRICE. */
export const PRIOR_CPP_MIN = 5;
export const PRIOR_CPP_MAX = 60;
export const PRIOR_CPP_NO_PRICE = 15;
/** The prior weighs as much as this many observed purchases (Gamma prior of the purchase rate). */
export const PRIOR_STRENGTH = 20;
/** Share of the reachable, interested members who buy during a campaign (saturation level). */
export const CONVERSION = 0.05;
/** Tickets per purchase (order) when no cluster says. */
export const DEFAULT_TICKETS_PER_ORDER = 2;
/** Without a forecast the campaign is asked for this share of the seats still unsold. */
export const NO_FORECAST_GAP = 0.3;
/** Without clusters: the share of the partner's customers assumed interested in any show… */
export const NO_CLUSTER_INTEREST = 0.2;
/** …and without customers either, this many people per seat of the hall. */
export const PEOPLE_PER_SEAT = 4;
/** The recommendation never asks for more than this share of the reachable purchases. */
export const MAX_REACH_SHARE = 0.8;
/** The maximum is where an extra purchase costs this many times the base cost per purchase. */
export const SATURATION_MARGINAL = 10;
/** Per-cluster minimum (suggested_tcs): at least this many purchases' worth per cluster. */
export const MIN_PURCHASES_PER_TC = 10;

export type ShortfallBasis = 'forecast' | 'no_forecast' | 'sold_out' | 'finished';
export type AudienceBasis = 'clusters' | 'customers' | 'capacity';
export type CostBasis = 'history' | 'prior';

export interface BudgetForecast {
  /** Tickets the forecast expects at the end; null when it has no prediction. */
  predictedTickets: number | null;
  /** Forecast state (event_forecasts.state). */
  state: string;
  /** Comparables' cumulative share (percent) at 0, 1, 2, … days out; may be empty. */
  benchmarkCurve: number[];
}

export interface BudgetCluster {
  tc: number;
  size: number;
  alreadyBought: number;
  /** 0–1 taste and price fit for the event. */
  attractiveness: number;
  ticketsPerOrder: number | null;
}

export interface BudgetInput {
  capacity: number;
  ticketsSold: number;
  /** Whole days until the event starts (negative once it started). */
  daysOut: number;
  /** Mean price per ticket (what buyers paid, else the list price); null when unknown. */
  ticketPrice: number | null;
  forecast: BudgetForecast | null;
  clusters: BudgetCluster[];
  /** Customers of the partner with a purchase (the audience when there are no clusters). */
  customers: number;
  /** Sums over the partner's past campaigns in this currency (spend in major units). */
  history: { spend: number; purchases: number; campaigns: number };
  runtimeDays: number;
}

export interface BudgetResult {
  budget_abs_min: number;
  budget_min: number;
  budget_max: number;
  basis: { shortfall: ShortfallBasis; audience: AudienceBasis; cost: CostBasis };
  /** Tickets the event is expected to miss (whole event). */
  shortfall_tickets: number;
  /** Share of the remaining sales that fall into the runtime (0–1). */
  runtime_share: number;
  /** Tickets asked of this campaign: shortfall × runtime share. */
  target_tickets: number;
  tickets_per_order: number;
  cost_per_purchase: number;
  prior_cost_per_purchase: number;
  reachable_members: number;
  reachable_purchases: number;
  /** Purchases the recommended budget buys (capped by the reachable ones). */
  target_purchases: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The rounding step of an amount: 10 up to 1,000, 50 up to 5,000, 100 above. */
export function budgetStep(amount: number): number {
  return amount <= 1000 ? 10 : amount <= 5000 ? 50 : 100;
}
export const roundUp = (x: number) => Math.ceil(x / budgetStep(x) - 1e-9) * budgetStep(x);
export const roundNearest = (x: number) => Math.round(x / budgetStep(x)) * budgetStep(x);

/** Tickets per order: the clusters' mean weighted by size, else DEFAULT_TICKETS_PER_ORDER. */
export function ticketsPerOrder(clusters: readonly BudgetCluster[]): number {
  let n = 0;
  let sum = 0;
  for (const c of clusters) {
    if (c.ticketsPerOrder === null || !(c.ticketsPerOrder > 0) || c.size <= 0) continue;
    n += c.size;
    sum += c.size * c.ticketsPerOrder;
  }
  return n > 0 ? clamp(sum / n, 1, 10) : DEFAULT_TICKETS_PER_ORDER;
}

/** The prior cost per purchase: a share of the order value, within bounds. */
export function priorCostPerPurchase(ticketPrice: number | null, perOrder: number): number {
  if (ticketPrice === null || !(ticketPrice > 0)) return PRIOR_CPP_NO_PRICE;
  return clamp(PRIOR_CPP_SHARE * ticketPrice * perOrder, PRIOR_CPP_MIN, PRIOR_CPP_MAX);
}

/**
 * Cost per purchase: the posterior mean of a Gamma–Poisson model of purchases per unit of spend,
 * i.e. (k × prior + spend) ÷ (k + purchases). With no history it is the prior; with a lot it is the
 * partner's own spend ÷ purchases.
 */
export function costPerPurchase(prior: number, history: { spend: number; purchases: number }): number {
  const spend = Math.max(0, history.spend);
  const purchases = Math.max(0, history.purchases);
  return (PRIOR_STRENGTH * prior + spend) / (PRIOR_STRENGTH + purchases);
}

/** Tickets the event misses at the end, and which case gave the answer. */
export function shortfall(input: Pick<BudgetInput, 'capacity' | 'ticketsSold' | 'daysOut' | 'forecast'>): { tickets: number; basis: ShortfallBasis } {
  const capacity = Math.max(0, input.capacity);
  const unsold = Math.max(0, capacity - Math.max(0, input.ticketsSold));
  if (input.daysOut < 0 || input.forecast?.state === 'finished') return { tickets: 0, basis: 'finished' };
  if (unsold === 0 || input.forecast?.state === 'sold_out') return { tickets: 0, basis: 'sold_out' };
  const predicted = input.forecast?.predictedTickets;
  if (predicted === null || predicted === undefined) return { tickets: Math.round(unsold * NO_FORECAST_GAP), basis: 'no_forecast' };
  const gap = Math.min(unsold, Math.max(0, capacity - predicted));
  return { tickets: Math.round(gap), basis: gap > 0 ? 'forecast' : 'sold_out' };
}

/**
 * The share of the event's remaining sales that fall into the last `runtimeDays` before it, read
 * from the comparables' booking curve (cumulative percent by days out); linear in time without a
 * curve. A campaign that runs until the event (spec 2 §9 default end) lifts the sales of those days.
 */
export function runtimeShare(runtimeDays: number, daysOut: number, curve: readonly number[]): number {
  const days = Math.max(1, Math.round(runtimeDays));
  const remaining = Math.max(1, daysOut);
  if (days >= remaining) return 1;
  const at = (d: number) => (curve.length === 0 ? NaN : curve[Math.min(d, curve.length - 1)]!);
  const final = at(0);
  const now = at(remaining);
  const total = final - now;
  if (curve.length > 1 && Number.isFinite(total) && total > 0.5) {
    // The highest share sold by any point up to `days` out: a noisy curve must not make a longer
    // runtime worth less than a shorter one.
    let sold = 0;
    for (let d = 1; d <= days; d++) sold = Math.max(sold, final - at(d));
    return clamp(sold / total, days / remaining, 1);
  }
  return days / remaining;
}

/** People the campaign can reach who are likely to care, and which case gave the answer. */
export function reachableMembers(input: Pick<BudgetInput, 'clusters' | 'customers' | 'capacity'>): { members: number; basis: AudienceBasis } {
  if (input.clusters.length > 0) {
    const members = input.clusters.reduce((n, c) => n + Math.max(0, c.size - c.alreadyBought) * clamp(c.attractiveness, 0, 1), 0);
    return { members, basis: 'clusters' };
  }
  if (input.customers > 0) return { members: input.customers * NO_CLUSTER_INTEREST, basis: 'customers' };
  return { members: Math.max(0, input.capacity) * PEOPLE_PER_SEAT, basis: 'capacity' };
}

/**
 * Budget that buys `purchases` of an audience that saturates at `reachable` purchases, when the
 * first ones cost `cpp` each: purchases(B) = R × (1 − e^(−B ÷ (R × cpp))), solved for B.
 */
export function budgetFor(purchases: number, reachable: number, cpp: number): number {
  if (purchases <= 0 || reachable <= 0) return 0;
  const share = Math.min(purchases / reachable, 1 - 1 / SATURATION_MARGINAL);
  return -reachable * cpp * Math.log(1 - share);
}

/** The budget beyond which the audience is saturated: an extra purchase costs SATURATION_MARGINAL × cpp. */
export const saturationBudget = (reachable: number, cpp: number) => reachable * cpp * Math.log(SATURATION_MARGINAL);

/** spec 2 §7 budget_min_max: the absolute minimum, the recommended minimum and the maximum. */
export function budgetBounds(input: BudgetInput): BudgetResult {
  const days = Math.max(1, Math.round(input.runtimeDays));
  const perOrder = ticketsPerOrder(input.clusters);
  const prior = priorCostPerPurchase(input.ticketPrice, perOrder);
  const hasHistory = input.history.purchases > 0 || input.history.spend > 0;
  const cpp = costPerPurchase(prior, input.history);
  const gap = shortfall(input);
  const share = runtimeShare(days, input.daysOut, input.forecast?.benchmarkCurve ?? []);
  const targetTickets = gap.tickets * share;
  const audience = reachableMembers(input);
  const reachablePurchases = audience.members * CONVERSION;
  const targetPurchases = Math.min(targetTickets / perOrder, reachablePurchases * MAX_REACH_SHARE);

  const absMin = roundUp(DAILY_FLOOR * days);
  const recommended = Math.max(absMin, roundNearest(budgetFor(targetPurchases, reachablePurchases, cpp)));
  // The maximum leaves room above the recommendation even for a tiny audience (twice the minimum).
  const max = Math.max(roundUp(saturationBudget(reachablePurchases, cpp)), recommended, roundUp(2 * absMin));
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    budget_abs_min: absMin,
    budget_min: recommended,
    budget_max: max,
    basis: { shortfall: gap.basis, audience: audience.basis, cost: hasHistory ? 'history' : 'prior' },
    shortfall_tickets: gap.tickets,
    runtime_share: r2(share),
    target_tickets: Math.round(targetTickets),
    tickets_per_order: r2(perOrder),
    cost_per_purchase: r2(cpp),
    prior_cost_per_purchase: r2(prior),
    reachable_members: Math.round(audience.members),
    reachable_purchases: Math.round(reachablePurchases),
    target_purchases: Math.round(targetPurchases),
  };
}

/**
 * The least budget a cluster of its own is worth (suggested_tcs): its ad set's daily floor over the
 * runtime, and at least MIN_PURCHASES_PER_TC purchases at the cost per purchase.
 */
export function minBudgetPerCluster(runtimeDays: number, cpp: number): number {
  return roundUp(Math.max(DAILY_FLOOR * Math.max(1, Math.round(runtimeDays)), MIN_PURCHASES_PER_TC * cpp));
}
