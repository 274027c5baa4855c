// spec 2 §5 "Budget edit (running campaign)" and §4 "Budget/runtime task": the rules of the
// budget/runtime panel, shared by the panel and the server (one place for each rule).

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
/** Inclusive days from `from` to `to` (0 when `to` is before `from`). */
export const inclusiveDays = (from: string, to: string) => Math.max(0, dayNumber(to) - dayNumber(from) + 1);

export interface RunningBudgetBounds {
  spent: number;
  min_budget: number;
  min_daily_budget: number;
  max_budget: number;
  /** The server's day (YYYY-MM-DD). */
  today: string;
}

/**
 * The smallest budget for a runtime: what is spent plus the daily minimum on every day left
 * (from today, or the start if later), and never below min_budget. The server refuses anything
 * less as daily_budget.too_low.
 */
export function minimumBudget(b: RunningBudgetBounds, start: string, end: string): number {
  const from = start > b.today ? start : b.today;
  return Math.max(b.min_budget, Math.ceil(b.spent + b.min_daily_budget * inclusiveDays(from, end)));
}

/** spec 2 §5: digits and a dot only (a comma typed as the decimal mark becomes the dot). */
export function budgetInput(text: string): string {
  const cleaned = text.replace(',', '.').replace(/[^\d.]/g, '');
  const [int, ...rest] = cleaned.split('.');
  return rest.length ? `${int}.${rest.join('').slice(0, 2)}` : int!;
}

/** After the debounce: raised to the minimum, lowered to the maximum (spec 2 §5). */
export function clampBudget(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

export interface RuntimeBudgetForm {
  budget: number;
  start: string;
  end: string;
}

/** Why Save is disabled, or null when it may be pressed (spec 2 §5). */
export function saveBlocker(form: RuntimeBudgetForm, stored: RuntimeBudgetForm, b: RunningBudgetBounds): 'unchanged' | 'budget' | 'dates' | 'start_locked' | null {
  if (form.end < form.start || form.end < b.today) return 'dates';
  if (form.start !== stored.start && (stored.start <= b.today || form.start < b.today)) return 'start_locked';
  if (!(form.budget >= minimumBudget(b, form.start, form.end)) || form.budget > b.max_budget) return 'budget';
  if (form.budget === stored.budget && form.start === stored.start && form.end === stored.end) return 'unchanged';
  return null;
}

/** spec 2 §4 polling: every 30 s while the campaign is not published, every 180 s while a task is pending. */
export const NOT_PUBLISHED_POLL_MS = 30_000;
export const PENDING_TASK_POLL_MS = 180_000;
/** spec 2 §5 / §9: the budget snaps to its bounds 1.5 s after the last keystroke. */
export const BUDGET_SNAP_MS = 1_500;
