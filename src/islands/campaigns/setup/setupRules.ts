// spec 2 §5 "Budget and runtime (setup)" and §9 constants for the new-setup panel: the budget
// bounds and snapping, the default runtime, the runtime checks and warnings, and when the Start
// button may be used. Pure, so the rules are unit tested apart from the panel.
import { addDaysIso, daysBetween } from '../../events/detail/format';
import { CAMPAIGN_GOALS, type CampaignGoal } from '../../../lib/contracts/taste-clusters';

export const GOALS: readonly CampaignGoal[] = CAMPAIGN_GOALS;
export const DEFAULT_GOAL: CampaignGoal = 'UTILIZATION';

/** spec 2 §9 budget slider defaults: the fallback while GET budget_min_max does not answer. */
export const BUDGET = { min: 400, recommendedMin: 400, max: 10_000 } as const;
/** The runtime's bounds are asked for a little after the last date change. */
export const BUDGET_BOUNDS_DEBOUNCE_MS = 400;

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
export const BUDGET_DEFAULT = 1000;
/** spec 2 §9: a budget below the minimum snaps to it after 1.5 s. */
export const BUDGET_SNAP_MS = 1500;
export const BUDGET_TICKS = 5;
export const MIN_RUNTIME_DAYS = 14;
export const SHORT_NOTICE_DAYS = 7;

/** spec 2 §5: digits only; '' while the field is empty. */
export const budgetDigits = (input: string) => input.replace(/\D+/g, '').replace(/^0+(?=\d)/, '').slice(0, 7);

/** The value the field snaps to after the pause: within min and max. */
export function snapBudget(value: number, min: number = BUDGET.min, max: number = BUDGET.max): number {
  if (!Number.isFinite(value) || value < min) return min;
  return value > max ? max : value;
}

/** Five evenly spaced tick marks from min to max (whole units). */
export function budgetTicks(min: number = BUDGET.min, max: number = BUDGET.max): number[] {
  return Array.from({ length: BUDGET_TICKS }, (_, i) => Math.round(min + ((max - min) * i) / (BUDGET_TICKS - 1)));
}

function minusMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/** spec 2 §9: start the later of today and four months before the event; end one day before it. */
export function defaultRuntime(eventDay: string, today: string): { start: string; end: string } {
  const fourMonths = minusMonths(eventDay, 4);
  const start = fourMonths > today ? fourMonths : today;
  const dayBefore = addDaysIso(eventDay, -1);
  return { start, end: dayBefore < start ? start : dayBefore };
}

export type RuntimeError = 'startBeforeToday' | 'startAfterEnd' | 'missing';
export type RuntimeWarning = 'shortRuntime' | 'endAfterEvent' | 'shortNotice';

/** Inclusive day count of a runtime. */
export const runtimeDays = (start: string, end: string) => daysBetween(start, end) + 1;

export function runtimeCheck(
  start: string | null,
  end: string | null,
  eventDay: string,
  today: string,
  opts: { product?: boolean } = {},
): { error: RuntimeError | null; warnings: RuntimeWarning[] } {
  const warnings: RuntimeWarning[] = [];
  // The short-notice warning is about the event, whatever dates are chosen.
  if (daysBetween(today, eventDay) <= SHORT_NOTICE_DAYS) warnings.push('shortNotice');
  if (!start || !end) return { error: 'missing', warnings };
  if (start < today) return { error: 'startBeforeToday', warnings };
  if (start > end) return { error: 'startAfterEnd', warnings };
  if (!opts.product && runtimeDays(start, end) < MIN_RUNTIME_DAYS) warnings.push('shortRuntime');
  if (end > eventDay) warnings.push('endAfterEvent');
  return { error: null, warnings };
}

export type StartBlock = 'noCluster' | 'noPermission' | 'itc' | 'runtime' | 'budgetPending' | 'loading';

/** spec 2 §5 Start button: the first reason it cannot be used, or null. */
export function startBlock(s: { selected: number; wave: boolean; itcReady: boolean; runtimeOk: boolean; budgetPending: boolean; loading: boolean }): StartBlock | null {
  if (!s.wave) return 'noPermission';
  if (!s.itcReady) return 'itc';
  if (s.loading) return 'loading';
  if (s.budgetPending) return 'budgetPending';
  if (!s.runtimeOk) return 'runtime';
  if (s.selected < 1) return 'noCluster';
  return null;
}
