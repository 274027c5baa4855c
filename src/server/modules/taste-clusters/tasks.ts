// The taste_clusters.itc task: one ITC run per task (spec 2 §4 "ITC regeneration").
import { z } from 'zod';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { executeItcRun } from './run';

export const ITC_TASK = 'taste_clusters.itc';

export const ItcPayload = z.object({
  partnerId: z.number().int().positive(),
  eventId: z.string().min(1).max(64),
  runId: z.number().int().positive(),
});

registerTask(ITC_TASK, async (payload, ctx) => {
  const parsed = ItcPayload.safeParse(payload);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${ITC_TASK} payload`);
  if (ctx.partnerId !== null && ctx.partnerId !== parsed.data.partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
  return executeItcRun(ctx.db, parsed.data, (p) => ctx.progress({ ...p }));
});
