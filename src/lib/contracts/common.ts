import { z } from 'zod';
import { hasAtMostDecimals, isCalendarDate, isSafeText, LIMITS, UNSAFE_TEXT_MESSAGE } from './limits';

export { LIMITS, UNSAFE_TEXT_MESSAGE, findUnsafeText, isCalendarDate, isSafeText, numberProblem, hasAtMostDecimals } from './limits';

/** ARCHITECTURE.md §3: every failure answers this body. */
export const ApiErrorBody = z.object({
  message: z.string(),
  error_code: z.string().regex(/^error\./),
  error_subcode: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /**
   * Values for the browser's message (spec 2 §8: `{account, id}` of "Permission missing to access …"),
   * a list of flat records (the setup's `problems` of INVALID_SETUP, issue 14), or a list of
   * texts (Sentinel's `understood` of error.nlq.not_understood, issue 15).
   */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null(), z.array(z.string()), z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))])).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * Text that PostgreSQL can store: refuses NUL and unpaired UTF-16 surrogates (limits.ts). Every
 * string of a contract that may reach the database starts here; chain `.trim()`, `.min()`,
 * `.max()` as with `z.string()`. `message` is the issue message (the event form's is a
 * translation key).
 */
export const text = (message: string = UNSAFE_TEXT_MESSAGE) => z.string().refine(isSafeText, { message, abort: true });

/** A YYYY-MM-DD day that exists in the calendar (2027-02-30 and 2027-13-45 do not). */
export const calendarDate = (message = 'Not a calendar date (YYYY-MM-DD)') => z.string().refine(isCalendarDate, message);

/** A whole number from `min` to `max` (JSON numbers; finite by zod's own check). */
export const boundedInt = (min: number, max: number) => z.number().int().min(min).max(max);

/** A money amount in major units: 0 to `max`, at most two decimals. */
export const money = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((n) => hasAtMostDecimals(n, LIMITS.moneyDecimals), `At most ${LIMITS.moneyDecimals} decimal places`);
