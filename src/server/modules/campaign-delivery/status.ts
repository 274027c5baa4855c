// spec 2 §4 "Campaign status", §7 "Event-level" (issue 22): pausing and resuming an event's
// published campaign, and switching its optimisation (Meta's Advantage+ audience), as a task that
// changes every ad set of the newest publication at the platform, then our rows. The daily
// delivery reads the stored status: a paused ad set delivers nothing (engines/delivery/sandbox.ts).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { adPlatform } from '../../adapters/meta';
import type { AdPlatform } from '../../adapters/meta/types';
import { enqueueTask } from '../tasks/repo';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { partnerToken } from '../meta-connect/service';
import { now as clockNow } from '../../lib/clock';
import { marketingState, type DeliveryStatus } from '../../../lib/campaigns/campaign-status-rules';
import type { StatusTask } from '../../../lib/contracts/campaign-status';
import { adSets, type AdSetRow } from './runtime-budget';

export const CAMPAIGN_STATUS_TASK = 'campaigns.status';

type Change = StatusTask['change'];

/** The publication's state by spec 2 §4: ACTIVE while any ad set runs, ended after the last stop. */
export function publicationState(sets: AdSetRow[], now: Date) {
  const status = sets.some((s) => s.status === 'ACTIVE') ? 'ACTIVE' : 'PAUSED';
  const stop = sets.map((s) => new Date(s.stop_time).getTime()).reduce((a, b) => Math.max(a, b), 0);
  return marketingState(status, new Date(stop), now);
}

interface TaskRow {
  id: string;
  status: StatusTask['status'];
  updated_at: Date | string;
  payload: { change: Change; value: DeliveryStatus };
}

async function latestStatusTask(db: Db, partnerId: number, eventId: string): Promise<TaskRow | undefined> {
  const [t] = await rows<TaskRow>(db, sql`
    SELECT id, status, updated_at, payload FROM tasks
    WHERE kind = ${CAMPAIGN_STATUS_TASK} AND partner_id = ${partnerId} AND payload->>'eventId' = ${eventId}
    ORDER BY created_at DESC LIMIT 1`);
  return t;
}

const UNFINISHED = new Set(['PENDING', 'STARTED', 'PROGRESS', 'RETRY']);

/** GET /events/{id}/client_campaign_status/task: the event's latest status task; 404 when there is none. */
export async function statusTask(db: Db, partnerId: number, eventId: string): Promise<StatusTask> {
  const t = await latestStatusTask(db, partnerId, eventId);
  if (!t) throw notFound('Status task');
  return {
    task_id: t.id,
    status: t.status,
    ready: !UNFINISHED.has(t.status),
    change: t.payload.change,
    value: t.payload.value,
    datetime: new Date(t.updated_at).toISOString(),
  };
}

/** PUT client_campaign_status / campaign_optimisation_status: checks, then queues the change. */
export async function requestStatusChange(
  db: Db,
  ctx: { partnerId: number; userId: string | null },
  eventId: string,
  change: Change,
  value: DeliveryStatus,
  now = clockNow(),
): Promise<{ task_id: string }> {
  const sets = await adSets(db, ctx.partnerId, eventId);
  if (!sets.length) throw new AppError(404, 'error.campaign.config.remote_campaign_not_published', 'The campaign has not been published yet.');
  // spec 2 §4: the toggle is disabled after the campaign ended; the server refuses it as well.
  if (publicationState(sets, now) === 'ended') throw new AppError(409, 'error.campaign.status.ended', 'The campaign has ended; it can no longer be paused or resumed.');
  // The change is made at Meta with the partner's token (the sandbox's too), as the budget change.
  if ((await partnerToken(db, ctx.partnerId, now).catch(() => null)) === null) {
    throw new AppError(403, 'error.connect.facebook.invalid_token', 'Please reconnect the Meta assets on the Meta assets page.');
  }
  const last = await latestStatusTask(db, ctx.partnerId, eventId);
  if (last && UNFINISHED.has(last.status)) throw new AppError(409, 'error.campaign.config.task_pending', 'A change of this campaign is still being applied.');
  const task = await enqueueTask(db, { kind: CAMPAIGN_STATUS_TASK, partnerId: ctx.partnerId, userId: ctx.userId, payload: { eventId, change, value } });
  return { task_id: task.id };
}

const Payload = z.object({ eventId: z.string().min(1), change: z.enum(['status', 'optimisation']), value: z.enum(['ACTIVE', 'PAUSED']) });

/** The change at the platform (every ad set), then in our rows. */
export async function applyStatusChange(db: Db, partnerId: number, payload: z.infer<typeof Payload>, platform: AdPlatform = adPlatform(), now = clockNow()): Promise<{ ad_sets: number }> {
  const sets = await adSets(db, partnerId, payload.eventId);
  if (!sets.length) throw new PermanentTaskError('The campaign is gone');
  if (publicationState(sets, now) === 'ended') throw new PermanentTaskError('The campaign has ended');
  const token = await partnerToken(db, partnerId, now);
  if (!token) throw new AppError(403, 'error.connect.facebook.invalid_token', 'Please reconnect the Meta assets.');
  for (const s of sets) {
    if (!s.meta_adset_id) continue;
    if (payload.change === 'status') await platform.setStatus(token, s.meta_adset_id, payload.value);
    else await platform.setOptimisation(token, s.meta_adset_id, payload.value === 'ACTIVE');
  }
  const ids = sets.map((s) => s.id);
  const column = payload.change === 'status' ? sql`status` : sql`optimisation_status`;
  await db.execute(sql`UPDATE campaigns SET ${column} = ${payload.value} WHERE partner_id = ${partnerId} AND id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return { ad_sets: sets.length };
}

registerTask(CAMPAIGN_STATUS_TASK, async (payload, ctx) => {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success || ctx.partnerId === null) throw new PermanentTaskError(`Invalid ${CAMPAIGN_STATUS_TASK} payload`);
  return applyStatusChange(ctx.db, ctx.partnerId, parsed.data);
});
