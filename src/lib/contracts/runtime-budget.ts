// spec 2 §3 "Runtime and budget", §5 "Budget edit (running campaign)", §7 "Budget and runtime"
// (issue 22): a running campaign's budget and runtime on the wire. Amounts are major units of the
// ad account's currency; dates are UTC days (YYYY-MM-DD).
//
// Calls (wave permission, the viewer's partner's events only):
//   GET  /api/v3/campaigns/current_runtime_budget/{eid}            → 200 RuntimeBudget
//   GET  /api/v3/campaigns/new_runtime_budget?eid=&budget=&start_date=&end_date= → 200 { new_daily_budget }
//   POST /api/v3/campaigns/new_runtime_budget?eid=&budget=&start_date=&end_date= → 202 { task_id, status }
// Errors: 404 error.campaign.config.remote_campaign_not_published (no published campaign: the
// panel treats it as not published and polls), 404 error.common.notFound (no such event),
// 422 error.campaign.config.daily_budget.too_low with data {min, currency}, 400
// error.campaign.config.start_locked / end_before_start / end_in_past / budget.too_high (on
// their field), 409 error.campaign.config.ended / task_pending, 400 error.validation.invalid.
import { z } from 'zod';
import { text } from './common';

const day = z.iso.date();

export const RuntimeBudgetParam = z.object({ eid: text().min(1).max(200) });

export const RuntimeBudgetChange = z
  .object({
    eid: text().min(1).max(200),
    /** spec 2 §5: digits and a dot. */
    budget: z.coerce.number().positive().max(10_000_000),
    start_date: day,
    end_date: day,
  })
  .strict();
export type RuntimeBudgetChange = z.infer<typeof RuntimeBudgetChange>;

export interface RuntimeBudgetTaskDetails {
  /** spec 2 §4 mapping: pending, success, failure, or another state in lower case. */
  status: 'pending' | 'success' | 'failure';
  datetime: string;
  args: { budget: number; start_date: string; end_date: string };
}

export interface RuntimeBudget {
  start_date: string;
  end_date: string;
  total_budget: number;
  /** Spent so far (the budget can never go below it). */
  spent: number;
  min_budget: number;
  /** Per day, over all the campaign's ad sets (Meta's floor per ad set). */
  min_daily_budget: number;
  max_budget: number;
  currency: string;
  has_permission_error: boolean;
  campaign_status: 'found' | 'not_found' | 'not_published';
  /** spec 2 §4 campaign status: ended once the end date has passed, else paused or active. */
  state: 'active' | 'paused' | 'ended';
  task_details: RuntimeBudgetTaskDetails | null;
  /** The server's day: a start on or before it is locked. */
  today: string;
}
