// The nlq.question task: runs a stored question's SQL through the executor (READ ONLY, sentinel
// role, row-level security, row cap), keeps the ids on the row and answers NlqAnswer (plus the
// whole-answer aggregates, which data_from_ids reads back). The SQL is checked by the real
// PostgreSQL parser right before it runs: a refusal of compiled SQL is a bug of the compiler,
// so the task fails (error.nlq.failed) and the log gets the reason, never the partner's values.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { now as clockNow } from '../../lib/clock';
import { checkSql } from '../../engines/nlq';
import { NLQ_ERROR_CODES, SENTINEL } from '../../../lib/contracts/nlq';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { executeSentinelQuery, SentinelQueryError } from './execute';
import { findQuestionOfTask, setStatus, storeResult } from './repo';
import { aggregateAnswer } from './aggregations';
import { answerOf, NLQ_TASK } from './service';

const Payload = z.object({ partnerId: z.number().int().positive(), nlqId: z.number().int().positive() });

const FAILED_MESSAGE = 'The question could not be answered. Please try again or ask it more narrowly.';
const TIMEOUT_MESSAGE = 'The question took too long to answer. Please ask it more narrowly (a period, a category, a venue).';

async function revoked(db: Db, taskId: string): Promise<boolean> {
  const [t] = await rows<{ status: string }>(db, sql`SELECT status FROM ${tasks} WHERE id = ${taskId}::uuid`);
  return t?.status === 'REVOKED';
}

async function partnerProduct(db: Db, partnerId: number): Promise<string> {
  const [p] = await rows<{ product: string }>(db, sql`SELECT product FROM partners WHERE id = ${partnerId}`);
  return p?.product ?? 'full-service';
}

export async function answerQuestion(db: Db, taskId: string, payload: z.infer<typeof Payload>) {
  const { partnerId, nlqId } = payload;
  const row = await findQuestionOfTask(db, partnerId, nlqId);
  // Deleted, or asked again meanwhile: the newer task answers.
  if (!row || row.task_id !== taskId) throw new PermanentTaskError('The question was deleted or asked again');
  // Cancelled before a worker got to it: nothing runs (the task keeps REVOKED).
  if (row.status === 'REVOKED' || (await revoked(db, taskId))) return null;
  await setStatus(db, partnerId, nlqId, taskId, 'STARTED');
  const guard = await checkSql(row.sql);
  if (!guard.ok) {
    console.error(`[nlq] compiled SQL refused by the guard (question ${nlqId}, ${guard.reason}): ${guard.detail}`);
    await setStatus(db, partnerId, nlqId, taskId, 'FAILURE');
    throw new AppError(500, NLQ_ERROR_CODES.failed, FAILED_MESSAGE);
  }
  let result;
  try {
    result = await executeSentinelQuery(db, partnerId, { sql: row.sql, params: row.params, filters: row.filters }, SENTINEL.maxResults);
  } catch (err) {
    // A timeout or a database refusal: the user learns it failed, the log learns why (no params).
    console.error(`[nlq] question ${nlqId} failed to execute:`, (err as Error).message);
    await setStatus(db, partnerId, nlqId, taskId, 'FAILURE');
    throw new AppError(500, NLQ_ERROR_CODES.failed, err instanceof SentinelQueryError && err.kind === 'timeout' ? TIMEOUT_MESSAGE : FAILED_MESSAGE);
  }
  // Cancelled while the query ran (PGlite cannot interrupt it): the answer is dropped.
  if (await revoked(db, taskId)) return null;
  const ids = result.ids.slice(0, SENTINEL.maxResults);
  const aggregates = await aggregateAnswer(db, { id: partnerId, product: await partnerProduct(db, partnerId) }, row.result_type, ids, row.typed_query);
  const completedAt = clockNow();
  if (!(await storeResult(db, partnerId, nlqId, taskId, { ids, truncated: result.truncated, completedAt }))) return null;
  const answer = answerOf({ ...row, result_ids: ids, num_results: ids.length, truncated: result.truncated, task_completed_at: completedAt, status: 'SUCCESS' });
  return { ...answer, ...aggregates };
}

registerTask(NLQ_TASK, async (raw, ctx) => {
  const parsed = Payload.safeParse(raw);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${NLQ_TASK} payload`);
  if (ctx.partnerId !== parsed.data.partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
  return answerQuestion(ctx.db, ctx.taskId, parsed.data);
});
