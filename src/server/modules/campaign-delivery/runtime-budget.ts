// A running campaign's budget and runtime (spec 2 §2 budget/runtime panel, §3 "Runtime and
// budget", §4 "Budget/runtime task", §5 "Budget edit (running campaign)", §7 "Budget and
// runtime", §8): the current values with their bounds, the daily-budget preview, and the change
// itself as a task that moves every ad set at the platform, then our rows.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { adPlatform } from '../../adapters/meta';
import type { AdPlatform } from '../../adapters/meta/types';
import { DAILY_FLOOR } from '../campaign-budget/model';
import { budgetMinMax } from '../campaign-budget/service';
import { enqueueTask } from '../tasks/repo';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { partnerToken } from '../meta-connect/service';
import { now as clockNow } from '../../lib/clock';
import type { RuntimeBudget, RuntimeBudgetChange, RuntimeBudgetTaskDetails } from '../../../lib/contracts/runtime-budget';

export const BUDGET_RUNTIME_TASK = 'campaigns.budget_runtime';

const DAY_MS = 86_400_000;
const dayOf = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
/** Inclusive days from `from` to `to`. */
const daysIncl = (from: string, to: string) => Math.max(0, dayNumber(to) - dayNumber(from) + 1);
const endOfDay = (day: string) => new Date(Date.parse(`${day}T23:59:59Z`));

export interface AdSetRow {
  id: string;
  status: 'ACTIVE' | 'PAUSED' | 'DRAFT';
  meta_adset_id: string | null;
  start_time: Date | string;
  stop_time: Date | string;
  budget_minor: number;
  spend_minor: number;
  currency: string;
}

/** The event's newest publication's ad sets (404 for an event that is not the partner's). */
export async function adSets(db: Db, partnerId: number, eventId: string): Promise<AdSetRow[]> {
  const [event] = await rows<{ id: string }>(db, sql`SELECT id FROM events WHERE partner_id = ${partnerId} AND id = ${eventId}`);
  if (!event) throw notFound('Event');
  // The newest publication's ad sets (an event published twice keeps the old rows as history).
  return rows<AdSetRow>(db, sql`
    SELECT id, status, meta_adset_id, start_time, stop_time, budget_minor::float8 AS budget_minor, spend_minor::float8 AS spend_minor, currency
    FROM campaigns
    WHERE partner_id = ${partnerId} AND event_id = ${eventId} AND published_at IS NOT NULL AND budget_minor IS NOT NULL
      AND coalesce(meta_campaign_id, '') = (SELECT coalesce(meta_campaign_id, '') FROM campaigns
                                            WHERE partner_id = ${partnerId} AND event_id = ${eventId} AND published_at IS NOT NULL
                                            ORDER BY published_at DESC, id LIMIT 1)
    ORDER BY id`);
}

/** A refused change, on the field it belongs to (ARCHITECTURE §3 `issues`), with the values its message needs. */
const refused = (status: 400 | 409 | 422, code: `error.${string}`, field: string, message: string, data?: Record<string, string | number | null>) =>
  new AppError(status, code, message, undefined, undefined, [{ path: field, message }], data);

const notPublished = () => new AppError(404, 'error.campaign.config.remote_campaign_not_published', 'The campaign has not been published yet.');

/** spec 2 §4: task states as the panel reads them. */
export function budgetTaskStatus(status: string): RuntimeBudgetTaskDetails['status'] {
  const s = status.toLowerCase();
  if (['pending', 'started', 'in_progress', 'progress', 'running', 'queued', 'received', 'scheduled', 'retry'].includes(s)) return 'pending';
  if (s === 'success') return 'success';
  if (['failure', 'failed', 'revoked'].includes(s)) return 'failure';
  return s as RuntimeBudgetTaskDetails['status'];
}

export async function latestBudgetTask(db: Db, partnerId: number, eventId: string): Promise<RuntimeBudgetTaskDetails | null> {
  const [t] = await rows<{ status: string; updated_at: Date | string; payload: { budget: number; start_date: string; end_date: string } }>(db, sql`
    SELECT status, updated_at, payload FROM tasks
    WHERE kind = ${BUDGET_RUNTIME_TASK} AND partner_id = ${partnerId} AND payload->>'eventId' = ${eventId}
    ORDER BY created_at DESC LIMIT 1`);
  if (!t) return null;
  return { status: budgetTaskStatus(t.status), datetime: new Date(t.updated_at).toISOString(), args: { budget: t.payload.budget, start_date: t.payload.start_date, end_date: t.payload.end_date } };
}

const major = (minor: number) => Math.round(minor) / 100;

/** GET /campaigns/current_runtime_budget/{eid}. */
export async function currentRuntimeBudget(db: Db, partnerId: number, eventId: string, now = clockNow()): Promise<RuntimeBudget> {
  const sets = await adSets(db, partnerId, eventId);
  if (!sets.length) throw notPublished();
  const start = sets.map((s) => dayOf(s.start_time)).sort()[0]!;
  const end = sets.map((s) => dayOf(s.stop_time)).sort().at(-1)!;
  const spent = sets.reduce((s, a) => s + a.spend_minor, 0);
  const minDaily = DAILY_FLOOR * sets.length;
  const bounds = await budgetMinMax(db, partnerId, eventId, Math.max(1, daysIncl(start, end))).catch(() => null);
  const total = major(sets.reduce((s, a) => s + a.budget_minor, 0));
  return {
    start_date: start,
    end_date: end,
    total_budget: total,
    spent: major(spent),
    // Never below what is spent already.
    min_budget: Math.ceil(major(spent)),
    min_daily_budget: minDaily,
    // The model's saturation point, but a running campaign may always be doubled: the partner
    // may know its audience better than the model.
    max_budget: Math.max(Math.ceil(total * 2), bounds?.content.budget_max ?? 0),
    currency: sets[0]!.currency,
    // Changes go to the platform with the partner's token (the sandbox's too): without a live one
    // the panel hides Edit and leads to settings #meta (spec 2 §6).
    has_permission_error: (await partnerToken(db, partnerId, now).catch(() => null)) === null,
    campaign_status: 'found',
    state: end < dayOf(now) ? 'ended' : sets.every((a) => a.status !== 'ACTIVE') ? 'paused' : 'active',
    task_details: await latestBudgetTask(db, partnerId, eventId),
    today: dayOf(now),
  };
}

/**
 * The checks of spec 2 §5 and §8 on a new budget and runtime, and the daily budget it makes:
 * what is left to spend over the days left (from today, or the start if later).
 */
export async function previewRuntimeBudget(db: Db, partnerId: number, change: RuntimeBudgetChange, now = clockNow()): Promise<{ new_daily_budget: number; current: RuntimeBudget }> {
  const current = await currentRuntimeBudget(db, partnerId, change.eid, now);
  const today = dayOf(now);
  if (current.end_date < today) throw new AppError(409, 'error.campaign.config.ended', 'The campaign has ended; its budget and runtime can no longer change.');
  // spec 2 §4: a start on or before today cannot be edited.
  if (change.start_date !== current.start_date && (current.start_date <= today || change.start_date < today)) {
    throw refused(400, 'error.campaign.config.start_locked', 'start_date', 'A start date on or before today cannot be changed.');
  }
  if (change.end_date < change.start_date) throw refused(400, 'error.campaign.config.end_before_start', 'end_date', 'The end must not be before the start.');
  if (change.end_date < today) throw refused(400, 'error.campaign.config.end_in_past', 'end_date', 'The end must not be in the past.');
  if (change.budget > current.max_budget) throw refused(400, 'error.campaign.config.budget.too_high', 'budget', `The budget must not exceed ${current.max_budget} ${current.currency}.`, { max: current.max_budget, currency: current.currency });
  const from = change.start_date > today ? change.start_date : today;
  const days = daysIncl(from, change.end_date);
  const left = change.budget - current.spent;
  const daily = Math.floor((left / days) * 100) / 100;
  if (daily < current.min_daily_budget) {
    throw refused(422, 'error.campaign.config.daily_budget.too_low', 'budget', `The daily budget would be ${daily} ${current.currency}; the minimum is ${current.min_daily_budget} ${current.currency} a day.`, {
      min: current.min_daily_budget,
      currency: current.currency,
    });
  }
  return { new_daily_budget: daily, current };
}

/** POST /campaigns/new_runtime_budget: checks again, then queues the change. */
export async function requestRuntimeBudget(db: Db, ctx: { partnerId: number; userId: string | null }, change: RuntimeBudgetChange, now = clockNow()) {
  const { current } = await previewRuntimeBudget(db, ctx.partnerId, change, now);
  if (current.has_permission_error) throw new AppError(403, 'error.connect.facebook.invalid_token', 'Please reconnect the Meta assets on the Meta assets page.');
  const pending = await latestBudgetTask(db, ctx.partnerId, change.eid);
  if (pending?.status === 'pending') throw new AppError(409, 'error.campaign.config.task_pending', 'A change of this campaign is still being applied.');
  const task = await enqueueTask(db, { kind: BUDGET_RUNTIME_TASK, partnerId: ctx.partnerId, userId: ctx.userId, payload: { eventId: change.eid, budget: change.budget, start_date: change.start_date, end_date: change.end_date } });
  return { task_id: task.id, status: 'PENDING' as const };
}

const Payload = z.object({ eventId: z.string().min(1), budget: z.number().positive(), start_date: z.iso.date(), end_date: z.iso.date() });

/**
 * The change at the platform, then in our rows. The new total is split over the ad sets in the
 * proportion of their current budgets; each keeps what it has spent and gets its share of the rest.
 */
export async function applyRuntimeBudget(db: Db, partnerId: number, payload: z.infer<typeof Payload>, platform: AdPlatform = adPlatform()): Promise<{ ad_sets: number }> {
  const sets = await adSets(db, partnerId, payload.eventId);
  if (!sets.length) throw new PermanentTaskError('The campaign is gone');
  const token = await partnerToken(db, partnerId, clockNow());
  if (!token) throw new AppError(403, 'error.connect.facebook.invalid_token', 'Please reconnect the Meta assets.');
  const spent = sets.reduce((s, a) => s + a.spend_minor, 0);
  const weight = sets.reduce((s, a) => s + a.budget_minor, 0) || sets.length;
  const rest = Math.round(payload.budget * 100) - spent;
  const newStart = new Date(`${payload.start_date}T00:00:00Z`);
  const startChanges = sets.some((s) => dayOf(s.start_time) !== payload.start_date);
  let given = 0;
  const plan = sets.map((s, i) => {
    const share = i === sets.length - 1 ? rest - given : Math.floor((rest * (s.budget_minor || 1)) / weight);
    given += share;
    return { row: s, budget: Math.round(s.spend_minor + share) };
  });
  for (const p of plan) {
    if (!p.row.meta_adset_id) continue;
    await platform.changeBudgetRuntime(token, { adSetId: p.row.meta_adset_id, lifetimeBudgetMinor: p.budget, endTime: endOfDay(payload.end_date), ...(startChanges ? { startTime: newStart } : {}) });
  }
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    for (const p of plan) {
      await tx.execute(sql`
        UPDATE campaigns SET budget_minor = ${p.budget}, stop_time = ${endOfDay(payload.end_date).toISOString()}::timestamptz
          ${startChanges ? sql`, start_time = ${newStart.toISOString()}::timestamptz` : sql``}
        WHERE partner_id = ${partnerId} AND id = ${p.row.id}`);
    }
  });
  return { ad_sets: plan.length };
}

registerTask(BUDGET_RUNTIME_TASK, async (payload, ctx) => {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success || ctx.partnerId === null) throw new PermanentTaskError(`Invalid ${BUDGET_RUNTIME_TASK} payload`);
  return applyRuntimeBudget(ctx.db, ctx.partnerId, parsed.data);
});
