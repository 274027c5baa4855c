// Runs one compiled Sentinel query as the database's guarantee, not ours: a READ ONLY
// transaction, SET LOCAL ROLE encore_sentinel (reads only the sentinel views), the partner bound
// with sentinel_bind() for the row-level security policies (migration 0016, docs/SENTINEL-DATA.md),
// a statement timeout (PostgreSQL; PGlite ignores it, so the compiler bounds its plans) and the row
// cap. Failures come out as SentinelQueryError, whose message never carries the database's text.
import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { Db } from '../../db/client';
import type { CompiledQuery } from '../../engines/nlq';

export interface ExecuteResult {
  ids: string[];
  /** More rows matched than `maxRows`. */
  truncated: boolean;
}

export type SentinelFailure = 'timeout' | 'forbidden' | 'failed';

const MESSAGES: Record<SentinelFailure, string> = {
  timeout: 'The question took too long to answer.',
  forbidden: 'The question asked for something Sentinel may not do.',
  failed: 'The question could not be answered.',
};

/** A failed Sentinel query. `cause` keeps the database error for the server log only. */
export class SentinelQueryError extends Error {
  constructor(
    readonly kind: SentinelFailure,
    /** SQLSTATE of the database error, when there was one. */
    readonly sqlState: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[kind], options);
    this.name = 'SentinelQueryError';
  }
}

export interface ExecuteOptions {
  /** statement_timeout in ms (default 5000). */
  timeoutMs?: number;
}

export const SENTINEL_STATEMENT_TIMEOUT_MS = 5_000;

// 57014 query_canceled (statement_timeout). 42501 insufficient_privilege (a table, column, schema
// or function the role may not use; SET ROLE to a role it is not a member of), 25006
// read_only_sql_transaction (any write), 42P01/3F000 a relation or schema it cannot see (without
// USAGE on public the base tables are not even visible to the role).
function classify(sqlState: string | undefined): SentinelFailure {
  if (sqlState === '57014') return 'timeout';
  if (sqlState === '42501' || sqlState === '25006' || sqlState === '42P01' || sqlState === '3F000') return 'forbidden';
  return 'failed';
}

/** The SQLSTATE wherever the driver put it (drizzle wraps pg's and PGlite's errors in `.cause`). */
function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export async function executeSentinelQuery(
  db: Db,
  partnerId: number,
  compiled: CompiledQuery,
  maxRows: number,
  opts: ExecuteOptions = {},
): Promise<ExecuteResult> {
  if (!Number.isSafeInteger(partnerId) || partnerId <= 0) throw new SentinelQueryError('forbidden', undefined);
  const cap = Math.max(0, Math.floor(maxRows));
  const timeoutMs = Math.max(1, Math.floor(opts.timeoutMs ?? SENTINEL_STATEMENT_TIMEOUT_MS));
  // The compiler already asks for maxRows + 1 rows; the outer LIMIT is the cap that holds even if
  // it did not. PostgreSQL's executor returns a subquery's rows in their order when the outer
  // query neither joins nor sorts, so "the ten best customers" keep their order.
  const query = `SELECT q.id::text AS id FROM (\n${inlineParams(compiled)}\n) q LIMIT ${cap + 1}`;
  let ids: string[] = [];
  try {
    await db.transaction(
      async (tx) => {
        // PGlite accepts but does not enforce statement_timeout (one backend, no timer): there
        // the compiler's bounded plans are the only limit.
        await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${timeoutMs}`));
        await tx.execute(sql`SELECT public.sentinel_bind(${partnerId}::int)`);
        await tx.execute(sql.raw('SET LOCAL ROLE encore_sentinel'));
        // sentinel.run (migration 0016) runs the text as a SECURITY DEFINER function of
        // encore_sentinel, where no role change is possible.
        const res = (await tx.execute(sql`SELECT id FROM sentinel.run(${query}) AS r(id)`)) as unknown as { rows: { id: string | null }[] };
        ids = res.rows.map((r) => String(r.id));
        // Always roll back: nothing can have been written, but a query may have changed a
        // session setting with set_config(…, false), which a COMMIT would keep on this pooled
        // connection.
        tx.rollback();
      },
      { accessMode: 'read only' },
    );
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) {
      if (err instanceof SentinelQueryError) throw err;
      const sqlState = sqlStateOf(err);
      throw new SentinelQueryError(classify(sqlState), sqlState, { cause: err });
    }
  }
  const truncated = ids.length > cap;
  return { ids: truncated ? ids.slice(0, cap) : ids, truncated };
}

type Param = CompiledQuery['params'][number];

/**
 * A parameter as an untyped SQL literal ('…', resolved from its context like an untyped driver
 * parameter, which is how pg and PGlite send them). sentinel.run takes one text, so the values
 * travel inside it; with standard_conforming_strings on (sentinel.run sets it) doubling the quote
 * is the whole escaping. Text the database cannot hold (NUL) is refused, not mangled.
 */
export function sqlLiteral(value: Param): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SentinelQueryError('failed', undefined, { cause: new Error('non-finite parameter') });
    return quote(String(value));
  }
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => {
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new SentinelQueryError('failed', undefined, { cause: new Error('non-finite parameter') });
        return String(v);
      }
      return `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    });
    return quote(`{${items.join(',')}}`);
  }
  throw new SentinelQueryError('failed', undefined, { cause: new Error('unsupported parameter') });
}

function quote(text: string): string {
  if (text.includes('\0')) throw new SentinelQueryError('failed', undefined, { cause: new Error('NUL in parameter') });
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The compiled SQL with each $n placeholder replaced by its value as a literal. Quoted text,
 * quoted identifiers, comments and dollar-quoted text are copied untouched.
 */
export function inlineParams(compiled: CompiledQuery): string {
  const text = compiled.sql;
  let out = '';
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'" || ch === '"') {
      i = skipQuoted(text, i, ch);
    } else if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (ch === '$' && /[0-9]/.test(next ?? '') && !/[\w$]/.test(text[i - 1] ?? '')) {
      const m = /^\$(\d+)/.exec(text.slice(i))!;
      const n = Number(m[1]);
      if (n < 1 || n > compiled.params.length) throw new SentinelQueryError('failed', undefined, { cause: new Error(`no parameter $${n}`) });
      // Parenthesised so that a literal never fuses with what precedes or follows it.
      out += `${text.slice(start, i)}(${sqlLiteral(compiled.params[n - 1])})`;
      i += m[0].length;
      start = i;
    } else if (ch === '$') {
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? text.length : end + tag[0].length;
      } else i++;
    } else i++;
  }
  return out + text.slice(start);
}

function skipQuoted(text: string, from: number, quote: string): number {
  let i = from + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}
