// spec 2 §7 suggested_tcs as a choice (docs/BUDGET-MODEL.md "Suggested clusters"): rank the
// event's clusters by the goal, fund as many unique clusters as the budget carries at the model's
// per-cluster minimum, and split the budget by the purchases each is expected to bring. Pure.
import type { CampaignGoal } from '../../../lib/contracts/taste-clusters';
import { CONVERSION } from './model';

export interface SuggestCluster {
  tc: number;
  size: number;
  alreadyBought: number;
  attractiveness: number;
  potential: number;
  rank: number;
  /** Price its members pay relative to others at the same events (1 = the same); null when unknown. */
  relativePrice: number | null;
  ticketsPerOrder: number | null;
}

/** Purchases a cluster is expected to bring at saturation: interested members not yet in the hall × conversion. */
export const expectedPurchases = (c: SuggestCluster) => Math.max(0, c.size - c.alreadyBought) * Math.min(1, Math.max(0, c.attractiveness)) * CONVERSION;

/**
 * What a goal ranks clusters by (higher first). UTILIZATION: expected purchases (seats filled).
 * ROAS: revenue per unit spent — interest (cheaper purchases) × the order value its members bring
 * (relative price × tickets per order). VISIBILITY: members who have not bought for the event yet.
 */
export function goalScore(goal: CampaignGoal, c: SuggestCluster): number {
  switch (goal) {
    case 'ROAS':
      return Math.max(0, c.attractiveness) * (c.relativePrice ?? 1) * (c.ticketsPerOrder ?? 1);
    case 'VISIBILITY':
      return Math.max(0, c.size - c.alreadyBought);
    default:
      return expectedPurchases(c);
  }
}

/** Whole-number shares of `total` in proportion to `weights` (largest remainders), summing to `total`. */
export function splitBudget(total: number, weights: readonly number[]): number[] {
  const whole = Math.floor(total);
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (whole * w) / sum : whole / weights.length));
  const out = exact.map(Math.floor);
  let left = whole - out.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    out[i]++;
    left--;
  }
  return out;
}

/**
 * The clusters to fund and the budget of each (whole units summing to the budget). Clusters are
 * taken best first for the goal; the budget is split among them by expected purchases; and as many
 * are taken as can each get at least `minPerCluster` that way, so a cluster that would bring few
 * purchases drops out until the budget is large enough to fund it properly. Duplicate tcs count
 * once (spec 2 §5: the count is limited to the unique clusters). At least one cluster when any
 * exists, even below the minimum: the panel then shows the whole budget on the best one.
 */
export function suggestClusters<C extends SuggestCluster>(clusters: readonly C[], budget: number, goal: CampaignGoal, minPerCluster: number): { cluster: C; budget: number }[] {
  const unique = new Map<number, C>();
  const ranked = [...clusters].sort((a, b) => goalScore(goal, b) - goalScore(goal, a) || a.rank - b.rank || a.tc - b.tc);
  for (const c of ranked) if (!unique.has(c.tc)) unique.set(c.tc, c);
  const ordered = [...unique.values()];
  if (ordered.length === 0) return [];
  const whole = Math.floor(Math.max(0, budget));
  const fundable = minPerCluster > 0 ? Math.floor(whole / minPerCluster) : ordered.length;
  for (let count = Math.min(ordered.length, fundable); count > 1; count--) {
    const chosen = ordered.slice(0, count);
    const shares = splitBudget(whole, chosen.map(expectedPurchases));
    if (shares.every((b) => b >= minPerCluster)) return chosen.map((cluster, i) => ({ cluster, budget: shares[i]! }));
  }
  return [{ cluster: ordered[0]!, budget: whole }];
}
