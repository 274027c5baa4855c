// The values a new campaign setup starts from (spec 2 §4 goal and targeting-mode defaults, §5
// budget and runtime, age range, §9 constants). One module for the wizard (the new-setup panel's
// first values, the Ads step's targeting mode) and the server (GET /events/{id}/
// default_campaigns_parameters, the suggested clusters' default runtime), so a setup starts from
// the same defaults whoever computes them. Zod-free and pure: safe in the page bundles.
import { AGE, type TargetingMode } from './setup-constants';
import { targetingModeOptions } from './setup-rules';

/** The contract's CAMPAIGN_GOALS, repeated so the zod contract stays out of the page (a unit test keeps both equal). */
export type SetupGoal = 'UTILIZATION' | 'ROAS' | 'VISIBILITY';
export const GOALS: readonly SetupGoal[] = ['UTILIZATION', 'ROAS', 'VISIBILITY'];
/** spec 2 §4 "Goals: UTILIZATION (default)". */
export const DEFAULT_GOAL: SetupGoal = 'UTILIZATION';
/** spec 2 §4 "Default result type PURCHASE". */
export const DEFAULT_CUSTOM_EVENT_TYPE = 'PURCHASE' as const;
/** spec 2 §5 "Age targeting defaults to 18 and 65". */
export const DEFAULT_AGE_RANGE = { min: AGE.min, max: AGE.max } as const;

/** spec 2 §9 budget slider defaults: the fallback while GET budget_min_max does not answer. */
export const BUDGET = { min: 400, recommendedMin: 400, max: 10_000 } as const;
/** The budget a setup starts with, within the runtime's bounds. */
export const BUDGET_DEFAULT = 1000;

export interface BudgetBounds {
  min: number;
  recommendedMin: number;
  max: number;
}

/**
 * The slider's bounds from budget_min_max (absolute minimum, recommended minimum, maximum), whole
 * units and ordered; the §9 constants when the call gave nothing usable.
 */
export function boundsOf(b: { budget_abs_min: number; budget_min: number; budget_max: number } | null): BudgetBounds {
  if (!b || ![b.budget_abs_min, b.budget_min, b.budget_max].every((n) => Number.isFinite(n) && n >= 0)) return { ...BUDGET };
  const min = Math.max(1, Math.ceil(b.budget_abs_min));
  const max = Math.max(min, Math.floor(b.budget_max));
  const recommendedMin = Math.min(max, Math.max(min, Math.round(b.budget_min)));
  return { min, recommendedMin, max };
}

/** spec 2 §5: the value a budget snaps to after the pause: within min and max. */
export function snapBudget(value: number, min: number = BUDGET.min, max: number = BUDGET.max): number {
  if (!Number.isFinite(value) || value < min) return min;
  return value > max ? max : value;
}

/** The budget a setup starts with: the default, snapped into the runtime's bounds as the slider would. */
export const defaultBudget = (bounds: BudgetBounds): number => snapBudget(BUDGET_DEFAULT, bounds.min, bounds.max);

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function minusMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/** spec 2 §9: start the later of today and four months before the event; end one day before it (never before the start). */
export function defaultRuntime(eventDay: string, today: string): { start: string; end: string } {
  const fourMonths = minusMonths(eventDay, 4);
  const start = fourMonths > today ? fourMonths : today;
  const dayBefore = addDays(eventDay, -1);
  return { start, end: dayBefore < start ? start : dayBefore };
}

/** Inclusive day count of a runtime (YYYY-MM-DD days). */
export const runtimeDays = (start: string, end: string): number => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/** spec 2 §4 "Defaults depend on permission": the cluster's own customers when offered, else postal codes. */
export const defaultMode = (options: readonly TargetingMode[]): TargetingMode => (options.includes('fd_targeting') ? 'fd_targeting' : 'postal_codes');

/** A new cluster's targeting mode: no audience chosen yet; `geoOnly` for prisma partners (setup-rules). */
export const defaultTargetingMode = (geoOnly: boolean): TargetingMode => defaultMode(targetingModeOptions(false, geoOnly));
