// The nlq_questions rows (migration 0016): one row per asked question, personal to the user who
// asked it. Every read and write names the partner AND the user (docs/SENTINEL.md "Tenancy"):
// another user's question of the same partner is as unknown as another partner's.
// Raw SQL over the table's column names so this module depends on the migration, not on how the
// drizzle schema spells them.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { CompiledQuery, TypedQuery } from '../../engines/nlq';
import type { ResultType } from '../../../lib/contracts/nlq';

export type QuestionStatus = 'PENDING' | 'STARTED' | 'SUCCESS' | 'FAILURE' | 'REVOKED';

export interface QuestionRow {
  id: number;
  partner_id: number;
  user_id: string;
  name: string | null;
  original_description: string;
  result_type: ResultType;
  language: 'en' | 'de';
  saved: boolean;
  typed_query: TypedQuery | null;
  sql: string;
  params: CompiledQuery['params'];
  filters: CompiledQuery['filters'];
  result_ids: string[] | null;
  num_results: number;
  truncated: boolean;
  task_id: string | null;
  status: QuestionStatus;
  task_completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface Who {
  partnerId: number;
  userId: string;
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
// node-postgres answers timestamptz as Date, PGlite too; jsonb arrives parsed from both.
const COLUMNS = sql.raw(
  `id, partner_id, user_id::text AS user_id, name, original_description, result_type, language, saved, typed_query, sql, params, filters,
   result_ids, num_results, truncated, task_id::text AS task_id, status, task_completed_at, created_at, updated_at`,
);

export async function insertQuestion(
  db: Db,
  who: Who,
  q: { description: string; resultType: ResultType; language: 'en' | 'de'; typedQuery: TypedQuery; compiled: CompiledQuery },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO nlq_questions (partner_id, user_id, name, original_description, result_type, language, saved, typed_query, sql, params, filters,
          result_ids, num_results, truncated, status)
        VALUES (${who.partnerId}, ${who.userId}::uuid, NULL, ${q.description}, ${q.resultType}, ${q.language}, false, ${json(q.typedQuery)},
          ${q.compiled.sql}, ${json(q.compiled.params)}, ${json(q.compiled.filters)}, '[]'::jsonb, 0, false, 'PENDING')
        RETURNING id`,
  );
  return Number(row.id);
}

/** The user's question, or undefined (another user's or partner's is not found either). */
export async function findQuestion(db: Db, who: Who, id: number): Promise<QuestionRow | undefined> {
  const [row] = await rows<QuestionRow>(db, sql`SELECT ${COLUMNS} FROM nlq_questions WHERE id = ${id} AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid`);
  return row ? normalise(row) : undefined;
}

/** The question a task answers (the worker knows the partner, not the session). */
export async function findQuestionOfTask(db: Db, partnerId: number, id: number): Promise<QuestionRow | undefined> {
  const [row] = await rows<QuestionRow>(db, sql`SELECT ${COLUMNS} FROM nlq_questions WHERE id = ${id} AND partner_id = ${partnerId}`);
  return row ? normalise(row) : undefined;
}

export async function findQuestionByTask(db: Db, who: Who, taskId: string): Promise<QuestionRow | undefined> {
  const [row] = await rows<QuestionRow>(
    db,
    sql`SELECT ${COLUMNS} FROM nlq_questions WHERE task_id = ${taskId}::uuid AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid`,
  );
  return row ? normalise(row) : undefined;
}

/** A new query and task for the row (ask again): the previous answer is dropped. */
export async function replaceQuery(db: Db, who: Who, id: number, q: { typedQuery: TypedQuery; compiled: CompiledQuery; taskId: string | null }): Promise<void> {
  await db.execute(
    sql`UPDATE nlq_questions SET typed_query = ${json(q.typedQuery)}, sql = ${q.compiled.sql}, params = ${json(q.compiled.params)},
          filters = ${json(q.compiled.filters)}, result_ids = '[]'::jsonb, num_results = 0, truncated = false, task_completed_at = NULL,
          status = 'PENDING', task_id = ${q.taskId}::uuid, updated_at = now()
        WHERE id = ${id} AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid`,
  );
}

export async function attachTask(db: Db, who: Who, id: number, taskId: string): Promise<void> {
  await db.execute(sql`UPDATE nlq_questions SET task_id = ${taskId}::uuid, updated_at = now() WHERE id = ${id} AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid`);
}

/** Status of the row while `taskId` is still its task (a re-asked question has moved on). */
export async function setStatus(db: Db, partnerId: number, id: number, taskId: string, status: QuestionStatus): Promise<boolean> {
  const res = await rows<{ id: number }>(
    db,
    sql`UPDATE nlq_questions SET status = ${status}, updated_at = now()
        WHERE id = ${id} AND partner_id = ${partnerId} AND task_id = ${taskId}::uuid AND status <> 'REVOKED' RETURNING id`,
  );
  return res.length > 0;
}

/** The answer of `taskId`; false when the row was revoked or re-asked meanwhile (nothing stored). */
export async function storeResult(
  db: Db,
  partnerId: number,
  id: number,
  taskId: string,
  r: { ids: string[]; truncated: boolean; completedAt: Date },
): Promise<boolean> {
  const res = await rows<{ id: number }>(
    db,
    sql`UPDATE nlq_questions SET result_ids = ${json(r.ids)}, num_results = ${r.ids.length}, truncated = ${r.truncated},
          task_completed_at = ${r.completedAt.toISOString()}::timestamptz, status = 'SUCCESS', updated_at = now()
        WHERE id = ${id} AND partner_id = ${partnerId} AND task_id = ${taskId}::uuid AND status <> 'REVOKED' RETURNING id`,
  );
  return res.length > 0;
}

export async function listSaved(db: Db, who: Who): Promise<QuestionRow[]> {
  const list = await rows<QuestionRow>(
    db,
    sql`SELECT ${COLUMNS} FROM nlq_questions WHERE partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid AND saved
        ORDER BY created_at DESC, id DESC LIMIT 500`,
  );
  return list.map(normalise);
}

export async function updateSaved(db: Db, who: Who, id: number, change: { name?: string; saved?: boolean }): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
  if (change.saved !== undefined) sets.push(sql`saved = ${change.saved}`);
  await db.execute(sql`UPDATE nlq_questions SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid`);
}

export async function deleteQuestion(db: Db, who: Who, id: number): Promise<boolean> {
  const res = await rows<{ id: number }>(db, sql`DELETE FROM nlq_questions WHERE id = ${id} AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid RETURNING id`);
  return res.length > 0;
}

export async function markRevoked(db: Db, who: Who, taskId: string): Promise<void> {
  await db.execute(
    sql`UPDATE nlq_questions SET status = 'REVOKED', updated_at = now()
        WHERE task_id = ${taskId}::uuid AND partner_id = ${who.partnerId} AND user_id = ${who.userId}::uuid AND status IN ('PENDING', 'STARTED')`,
  );
}

function normalise(r: QuestionRow): QuestionRow {
  const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  return {
    ...r,
    id: Number(r.id),
    partner_id: Number(r.partner_id),
    num_results: Number(r.num_results ?? 0),
    truncated: Boolean(r.truncated),
    saved: Boolean(r.saved),
    result_ids: r.result_ids ?? [],
    params: r.params ?? [],
    filters: r.filters ?? [],
    task_completed_at: date(r.task_completed_at),
    created_at: date(r.created_at)!,
    updated_at: date(r.updated_at)!,
  };
}
