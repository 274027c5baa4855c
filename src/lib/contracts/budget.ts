// The budget range of the new-setup panel on the wire — spec 2 §3 "Runtime and budget" (the
// budget-range response has budget_abs_min, budget_min (recommended), budget_max), §5 "Budget and
// runtime (setup)", §7 "Budget and runtime" (inside a content object). Needs the wave permission
// (src/lib/routes.ts API_RULES); the event must be the viewer's partner's.
//
// Call:
//   GET /api/v3/events/{eventId}/budget_min_max?runtime_in_days=n → 200 BudgetMinMaxResponse
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid, 403 error.auth.forbidden (subcode wave),
// 404 error.common.notFound (no such event of the partner, also another partner's).
//
// The figures come from the model of docs/BUDGET-MODEL.md (src/server/modules/campaign-budget/model.ts).
import { z } from 'zod';
import { text } from './common';

/** Longest runtime asked about: a year (a campaign longer than that is not a setup of this panel). */
export const MAX_RUNTIME_DAYS = 366;

export const BudgetEventParam = z.object({ id: text().min(1).max(200) });

export const BudgetMinMaxQuery = z.object({
  /** Inclusive days from the setup's start to its end (spec 2 §5 runtime). */
  runtime_in_days: z.coerce.number().int().min(1).max(MAX_RUNTIME_DAYS),
});
export type BudgetMinMaxQuery = z.infer<typeof BudgetMinMaxQuery>;

export const SHORTFALL_BASES = ['forecast', 'no_forecast', 'sold_out', 'finished'] as const;
export const AUDIENCE_BASES = ['clusters', 'customers', 'capacity'] as const;
export const COST_BASES = ['history', 'prior'] as const;

export const BudgetMinMax = z.object({
  /** Below this the campaign cannot run: Meta's daily floor × runtime days (the slider's minimum). */
  budget_abs_min: z.number().int(),
  /** Recommended minimum: what closing the runtime's part of the shortfall costs. */
  budget_min: z.number().int(),
  /** Beyond this the reachable audience is saturated (the slider's maximum). */
  budget_max: z.number().int(),
  /** The partner's currency; all amounts are major units of it. */
  currency: z.string(),
  runtime_in_days: z.number().int(),
  /**
   * Which case of the model applied: shortfall from the `forecast`, `no_forecast` (a share of the
   * unsold seats), `sold_out` or `finished` (nothing to close: the minimum); audience from the
   * event's `clusters`, the partner's `customers` or the hall's `capacity`; cost per purchase from
   * the partner's campaign `history` or the `prior` alone.
   */
  basis: z.object({
    shortfall: z.enum(SHORTFALL_BASES),
    audience: z.enum(AUDIENCE_BASES),
    cost: z.enum(COST_BASES),
  }),
  /** The explanation: the model's intermediate figures (docs/BUDGET-MODEL.md names each). */
  shortfall_tickets: z.number().int(),
  runtime_share: z.number(),
  target_tickets: z.number().int(),
  tickets_per_order: z.number(),
  ticket_price: z.number().nullable(),
  cost_per_purchase: z.number(),
  prior_cost_per_purchase: z.number(),
  past_campaigns: z.number().int(),
  reachable_members: z.number().int(),
  reachable_purchases: z.number().int(),
  target_purchases: z.number().int(),
});
export type BudgetMinMax = z.infer<typeof BudgetMinMax>;

export const BudgetMinMaxResponse = z.object({ content: BudgetMinMax });
export type BudgetMinMaxResponse = z.infer<typeof BudgetMinMaxResponse>;
