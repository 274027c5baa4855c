// Sentinel's question flow (spec 3 §2, §4, §7; issue 15): a question is parsed at once (refusals
// answer 400 before anything is stored), compiled to parameterised SQL with the partner predicate,
// stored as an nlq_questions row and answered by the nlq.question task (./task.ts), which runs
// the SQL through the executor and keeps the ids. Questions are personal: every call names the
// partner and the user (docs/SENTINEL.md "Tenancy").
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { now as clockNow, nowMs } from '../../lib/clock';
import { closestQuestion, compileQuery, parseQuestion, TypedQuery, type CompiledQuery, type ParseResult, type Suggestion } from '../../engines/nlq';
import {
  NLQ_ERROR_CODES,
  SENTINEL,
  type AskQuery,
  type AskResponse,
  type DataFromIdsResponse,
  type NlqAnswer,
  type ResultType,
  type SavedQuestion,
} from '../../../lib/contracts/nlq';
import { enqueueTask, revokeTask } from '../tasks/repo';
import { tasks } from '../../db/schema';
import {
  attachTask,
  deleteQuestion,
  findQuestion,
  findQuestionByTask,
  findQuestionPage,
  insertQuestion,
  listSaved,
  markRevoked,
  replaceQuery,
  updateSaved,
  type QuestionRow,
  type Who,
} from './repo';
import { loadVocabulary } from './vocabulary';
import { readRows } from './rows';
import { aggregateAnswer, type AnswerAggregates } from './aggregations';
import { llmFallback } from './llm-fallback';
import { countAsk } from './ask-rate';

export interface NlqCtx extends Who {
  /** The partner's product type: prisma hides the event percentages (spec 3 §3). */
  product: string;
  /** The interface language (export headers, CSV separator). */
  language: 'en' | 'de';
}

export const NLQ_TASK = 'nlq.question';
/**
 * Questions one user may have waiting or running at once. The worker takes tasks in order, so a
 * user's flood would otherwise queue ahead of everyone else's questions.
 */
export const MAX_RUNNING_PER_USER = 3;
// A task older than this no longer counts (its worker died; the claim's stale rule re-runs it).
const RUNNING_WINDOW_MIN = 10;

// Advisory-lock namespace of the running limit: the count and the insert of one user's asks are
// serialised, so two asks at the same moment cannot both take the last place.
const ROOM_LOCK = 7316015;

/** Inside a transaction: waits for the user's other asks, then checks the room again. */
async function lockRoom(tx: Db, ctx: NlqCtx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROOM_LOCK}, hashtext(${ctx.userId}))`);
  await assertRoom(tx, ctx);
}

async function assertRoom(db: Db, ctx: NlqCtx): Promise<void> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${tasks}
        WHERE kind = ${NLQ_TASK} AND partner_id = ${ctx.partnerId} AND user_id = ${ctx.userId}::uuid
          AND status IN ('PENDING', 'RETRY', 'STARTED', 'PROGRESS') AND created_at > now() - make_interval(mins => ${RUNNING_WINDOW_MIN})`,
  );
  if (Number(r?.n ?? 0) >= MAX_RUNNING_PER_USER) {
    throw new AppError(429, NLQ_ERROR_CODES.busy, `At most ${MAX_RUNNING_PER_USER} of your questions can run together. Wait for one to finish or cancel it.`, undefined, {
      'Retry-After': '5',
    });
  }
}

function refusalError(parsed: Extract<ParseResult, { ok: false }> | { refusal: 'not_understood'; understood: string[]; reason: string; problems?: string[] }, suggestion?: Suggestion): AppError {
  if (parsed.refusal === 'write') {
    return new AppError(400, NLQ_ERROR_CODES.write, 'Sentinel only reads your data: a question that changes data is not answered.');
  }
  if (parsed.refusal === 'others_data') {
    return new AppError(400, NLQ_ERROR_CODES.othersData, "Sentinel answers from your own data only: the question names another partner's data.");
  }
  const understood = parsed.understood.slice(0, 50).map((u) => u.slice(0, 200));
  // What could not be read (unknown words, an impossible date, a number out of range), named back
  // as typed — shortened by the parser, so a 5,000-letter word is not echoed whole.
  const problems = (parsed.problems ?? []).slice(0, 20).map((p) => p.slice(0, 200));
  const notRead = problems.length ? ` Not understood: ${problems.map((p) => `"${p}"`).join(', ')}.` : '';
  const message = understood.length
    ? `The question was not understood completely.${notRead} Understood: ${understood.join('; ')}. Please rephrase the rest.`
    : `The question was not understood.${notRead} Name what you are looking for (customers, events or transactions) and a condition, e.g. "customers who bought opera tickets in 2025".`;
  // "Ask this instead" (issue 21 §3): the closest question that can be answered, never run here.
  // data.suggestion is the rebuilt question, data.unplaced the words it leaves out.
  const data: Record<string, string | string[]> = { understood, problems };
  if (suggestion) {
    data.suggestion = suggestion.question.slice(0, 2000);
    data.unplaced = suggestion.unplaced.slice(0, 20).map((u) => u.slice(0, 200));
  }
  return new AppError(400, NLQ_ERROR_CODES.notUnderstood, message, undefined, undefined, undefined, data);
}

/** The closest answerable question of a refused one (engines/nlq/suggest.ts); a failure there only loses the offer. */
function suggestionFor(description: string, parsed: ParseResult, opts: Parameters<typeof parseQuestion>[1]): Suggestion | undefined {
  try {
    return closestQuestion(description, parsed, opts);
  } catch (err) {
    console.error('[nlq] suggestion failed:', (err as Error).message);
    return undefined;
  }
}

/** Question → typed query → SQL, or the refusal of spec 3 §8. Nothing is stored here. */
async function understand(db: Db, ctx: NlqCtx, description: string, outcome: ResultType, language: 'en' | 'de'): Promise<{ query: TypedQuery; compiled: CompiledQuery }> {
  const vocabulary = await loadVocabulary(db, ctx.partnerId);
  const opts = { language, outcome, vocabulary, now: clockNow() };
  let parsed: ParseResult;
  try {
    parsed = parseQuestion(description, opts);
  } catch (err) {
    // A question the parser trips over (e.g. a date it cannot build) is not understood, never a 500.
    console.error('[nlq] parser failed:', (err as Error).message);
    parsed = { ok: false, refusal: 'not_understood', understood: [], reason: 'parser error' };
  }
  let candidate: unknown = parsed.ok ? parsed.query : undefined;
  // The LLM may only help with what the parser did not understand; refusals stand.
  // A hard refusal (bounds, impossible date, out-of-range number, injection residue) stands too.
  if (!parsed.ok && parsed.refusal === 'not_understood' && !parsed.hard) candidate = await llmFallback(description, opts);
  if (!candidate) throw refusalError(parsed.ok ? { refusal: 'not_understood', understood: parsed.understood, reason: '' } : parsed, suggestionFor(description, parsed, opts));
  const checked = TypedQuery.safeParse(candidate);
  // The outcome is the user's choice (spec 3 §2); a query for another entity is not an answer.
  if (!checked.success || checked.data.outcome !== outcome) {
    throw refusalError({ refusal: 'not_understood', understood: parsed.understood, reason: 'typed query invalid' });
  }
  try {
    return { query: checked.data, compiled: compileQuery(checked.data, { partnerId: ctx.partnerId, maxRows: SENTINEL.maxResults }) };
  } catch (err) {
    // The parser produced something the compiler cannot express: a gap in the engine, logged
    // without the question's values, answered as not understood.
    console.error('[nlq] compile failed:', (err as Error).message);
    throw refusalError({ refusal: 'not_understood', understood: parsed.understood, reason: 'not compilable' });
  }
}

/** GET /nlq/ids_from_nl_description: parse now, answer in the task. */
export async function askQuestion(db: Db, ctx: NlqCtx, q: AskQuery): Promise<AskResponse> {
  await assertRoom(db, ctx);
  await countAsk(db, ctx);
  const { query, compiled } = await understand(db, ctx, q.description, q.result_type, q.language);
  // One transaction: the worker must never see the task before the row names it.
  const { id, taskId } = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockRoom(tx, ctx);
    const id = await insertQuestion(tx, ctx, { description: q.description, resultType: q.result_type, language: q.language, typedQuery: query, compiled });
    const task = await enqueueTask(tx, { kind: NLQ_TASK, partnerId: ctx.partnerId, userId: ctx.userId, payload: { partnerId: ctx.partnerId, nlqId: id }, maxAttempts: 1 });
    await attachTask(tx, ctx, id, task.id);
    return { id, taskId: task.id };
  });
  return { task_id: taskId, timestamp: nowMs(), nlq_id: id };
}

async function ownQuestion(db: Db, ctx: NlqCtx, id: number): Promise<QuestionRow> {
  const row = await findQuestion(db, ctx, id);
  if (!row) throw notFound('Question');
  return row;
}

const isRunning = (row: QuestionRow) => row.task_id !== null && (row.status === 'PENDING' || row.status === 'STARTED');

/** POST /nlq/ids_from_nl_description?nlq_id=: the stored question with today's vocabulary, a new task, the same row. */
export async function askAgain(db: Db, ctx: NlqCtx, nlqId: number): Promise<AskResponse> {
  const row = await ownQuestion(db, ctx, nlqId);
  if (isRunning(row)) await revokeTask(db, row.task_id!, ctx.partnerId);
  await assertRoom(db, ctx);
  await countAsk(db, ctx);
  const { query, compiled } = await understand(db, ctx, row.original_description, row.result_type, row.language);
  const taskId = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockRoom(tx, ctx);
    const task = await enqueueTask(tx, { kind: NLQ_TASK, partnerId: ctx.partnerId, userId: ctx.userId, payload: { partnerId: ctx.partnerId, nlqId }, maxAttempts: 1 });
    await replaceQuery(tx, ctx, nlqId, { typedQuery: query, compiled, taskId: task.id });
    return task.id;
  });
  return { task_id: taskId, timestamp: nowMs(), nlq_id: nlqId };
}

const epochSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function answerOf(row: QuestionRow): NlqAnswer {
  return {
    query_id: row.id,
    name: row.name,
    original_description: row.original_description,
    result_type: row.result_type,
    language: row.language,
    num_results: row.num_results,
    data: row.result_ids ?? [],
    query: row.sql,
    parameters: row.params,
    filters: row.filters.map((f) => ({ ...f, operator: f.operator as NlqAnswer['filters'][number]['operator'] })),
    task_completed_at: epochSeconds(row.task_completed_at),
    truncated: row.truncated,
    saved: row.saved,
  };
}

/** GET /nlq/{id}. */
export async function getAnswer(db: Db, ctx: NlqCtx, id: number): Promise<NlqAnswer> {
  return answerOf(await ownQuestion(db, ctx, id));
}

/** Rows may be read from an answer that is finished and not older than 48 h (spec 3 §4: the page asks again). */
function assertAnswered(row: QuestionRow): void {
  if (row.status !== 'SUCCESS' || !row.task_completed_at) {
    throw new AppError(409, NLQ_ERROR_CODES.notReady, 'This question has no answer yet. Wait for it to finish or ask it again.');
  }
  if (nowMs() - row.task_completed_at.getTime() > SENTINEL.expiryMs) {
    throw new AppError(409, NLQ_ERROR_CODES.expired, 'This answer is older than 48 hours. Ask the question again for current data.');
  }
}

/** The user's answered question with all its ids (export). */
export async function answeredQuestion(db: Db, ctx: NlqCtx, id: number): Promise<QuestionRow> {
  const row = await ownQuestion(db, ctx, id);
  assertAnswered(row);
  return row;
}

/**
 * Aggregates kept with the task's result (only that part is read: the result also holds every
 * id); computed again if the task row is gone. Customers have none.
 */
async function aggregatesOf(db: Db, ctx: NlqCtx, row: QuestionRow): Promise<AnswerAggregates> {
  if (row.result_type === 'customers') return { aggregations: {} };
  if (row.task_id) {
    const [t] = await rows<{ aggregations: AnswerAggregates['aggregations'] | null; groups: AnswerAggregates['groups'] | null }>(
      db,
      sql`SELECT result->'aggregations' AS aggregations, result->'groups' AS groups FROM ${tasks}
          WHERE id = ${row.task_id}::uuid AND partner_id = ${ctx.partnerId} AND status = 'SUCCESS'`,
    );
    if (t?.aggregations) return { aggregations: t.aggregations, ...(t.groups ? { groups: t.groups } : {}) };
  }
  const all = await answeredQuestion(db, ctx, row.id);
  return aggregateAnswer(db, { id: ctx.partnerId, product: ctx.product }, all.result_type, all.result_ids ?? [], all.typed_query);
}

/**
 * GET /nlq/data_from_ids: a page of rows. Ids not in the answer are ignored (never read), so a
 * page can only show what the question found; no ids = the answer's first page.
 */
export async function dataFromIds(db: Db, ctx: NlqCtx, q: { nlq_id: number; id: string[] }): Promise<DataFromIdsResponse> {
  const row = await findQuestionPage(db, ctx, q.nlq_id, [...new Set(q.id)], SENTINEL.pageSize);
  if (!row) throw notFound('Question');
  assertAnswered(row);
  const [data, aggregates, currency] = await Promise.all([
    readRows(db, { id: ctx.partnerId, product: ctx.product }, row.result_type, row.page),
    aggregatesOf(db, ctx, row),
    partnerCurrency(db, ctx.partnerId),
  ]);
  return { data, ...aggregates, ...(currency ? { currency } : {}) };
}

/** The partner's currency: the aggregates bar shows money with it (revenue, prices). */
async function partnerCurrency(db: Db, partnerId: number): Promise<string | null> {
  const [p] = await rows<{ currency: string | null }>(db, sql`SELECT currency FROM partners WHERE id = ${partnerId}`);
  return p?.currency ?? null;
}

function savedOf(row: QuestionRow): SavedQuestion {
  return {
    id: row.id,
    name: row.name ?? defaultName(row),
    original_description: row.original_description,
    result_type: row.result_type,
    language: row.language,
    num_results: row.num_results,
    task_completed_at: epochSeconds(row.task_completed_at),
    created_at: row.created_at.toISOString(),
  };
}

/** A saved question without a name is named after its question (the rename field starts from it). */
const defaultName = (row: QuestionRow) => row.original_description.replace(/\s+/g, ' ').trim().slice(0, 200);

/** PUT /nlq/{id}?name=&save=: save, unsave, rename (a rename needs the name). */
export async function saveQuestion(db: Db, ctx: NlqCtx, id: number, q: { name?: string; save?: boolean }): Promise<SavedQuestion> {
  const row = await ownQuestion(db, ctx, id);
  if (q.name === undefined && q.save === undefined) {
    throw new AppError(400, 'error.validation.invalid', 'Give a name to rename, or save=true|false', undefined, undefined, [{ path: 'name', message: 'Required to rename' }]);
  }
  const name = q.name ?? (q.save && !row.name ? defaultName(row) : undefined);
  await updateSaved(db, ctx, id, { name, saved: q.save });
  return savedOf(await ownQuestion(db, ctx, id));
}

/** GET /nlq: the user's saved questions, newest first. */
export async function savedQuestions(db: Db, ctx: NlqCtx): Promise<{ data: SavedQuestion[] }> {
  return { data: (await listSaved(db, ctx)).map(savedOf) };
}

/** DELETE /nlq/{id}; a question still running is revoked first. */
export async function removeQuestion(db: Db, ctx: NlqCtx, id: number): Promise<void> {
  const row = await ownQuestion(db, ctx, id);
  if (isRunning(row)) await revokeTask(db, row.task_id!, ctx.partnerId);
  await deleteQuestion(db, ctx, id);
}

/**
 * POST /nlq/cancel/{task_id}: REVOKED. Only the user's own question's task; a finished one keeps
 * its answer (cancel is idempotent, 204 either way).
 */
export async function cancelQuestion(db: Db, ctx: NlqCtx, taskId: string): Promise<void> {
  const row = await findQuestionByTask(db, ctx, taskId);
  if (!row) throw notFound('Task');
  if (await revokeTask(db, taskId, ctx.partnerId)) await markRevoked(db, ctx, taskId);
}
