// spec 2 §5 "Budget and runtime (setup)" and §9 constants for the new-setup panel: the budget
// bounds and snapping, the default runtime, the runtime checks and warnings, and when the Start
// button may be used. Pure, so the rules are unit tested apart from the panel.
import { daysBetween } from '../../events/detail/format';

// The defaults (goal, budget bounds and starting value, runtime) live in lib/campaigns/setup-defaults,
// shared with the server's default_campaigns_parameters; re-exported for the panel.
export { BUDGET, BUDGET_DEFAULT, DEFAULT_GOAL, GOALS, boundsOf, defaultBudget, defaultRuntime, runtimeDays, snapBudget, type BudgetBounds } from '../../../lib/campaigns/setup-defaults';
import { BUDGET, runtimeDays } from '../../../lib/campaigns/setup-defaults';

/** The runtime's bounds are asked for a little after the last date change. */
export const BUDGET_BOUNDS_DEBOUNCE_MS = 400;
/** spec 2 §9: a budget below the minimum snaps to it after 1.5 s. */
export const BUDGET_SNAP_MS = 1500;
export const BUDGET_TICKS = 5;
export const MIN_RUNTIME_DAYS = 14;
export const SHORT_NOTICE_DAYS = 7;

/** spec 2 §5: digits only; '' while the field is empty. */
export const budgetDigits = (input: string) => input.replace(/\D+/g, '').replace(/^0+(?=\d)/, '').slice(0, 7);

/** Five evenly spaced tick marks from min to max (whole units). */
export function budgetTicks(min: number = BUDGET.min, max: number = BUDGET.max): number[] {
  return Array.from({ length: BUDGET_TICKS }, (_, i) => Math.round(min + ((max - min) * i) / (BUDGET_TICKS - 1)));
}

export type RuntimeError = 'startBeforeToday' | 'startAfterEnd' | 'missing';
export type RuntimeWarning = 'shortRuntime' | 'endAfterEvent' | 'shortNotice';

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
