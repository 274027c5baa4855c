// Maps every failure to the JSON error body of ARCHITECTURE.md §3. Never a stack trace.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../lib/contracts/common';
import { AppError } from '../lib/errors';

export function errorBody(code: `error.${string}`, message: string, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return { message, error_code: code, ...extra };
}

export function zodIssues(err: ZodError) {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * SQLSTATEs that mean "the database refused a value": class 22 (data exception: NUL in text
 * 22021, out of range 22003, bad json 22P02/22P05, bad dates 22007/22008, too long 22001, …) and
 * 54000 program_limit_exceeded (a value too large to store or index).
 */
export function isPgDataException(code: unknown): boolean {
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code);
}

/**
 * The SQLSTATE of a database error, wherever the driver put it: pg's DatabaseError and PGlite's
 * error carry `.code`; drizzle wraps both in DrizzleQueryError with the original as `.cause`.
 */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function handleError(err: unknown, c: Context): Response {
  if (err instanceof AppError) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(errorBody(err.code, err.message, { ...(err.subcode ? { error_subcode: err.subcode } : {}), ...(err.issues ? { issues: err.issues } : {}), ...(err.data ? { data: err.data } : {}) }), err.status);
  }
  if (err instanceof ZodError) {
    return c.json(errorBody('error.validation.invalid', 'Invalid request', { issues: zodIssues(err) }), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code =
      status === 413
        ? 'error.request.tooLarge'
        : status === 401
          ? 'error.auth.unauthenticated'
          : /malformed json/i.test(err.message)
            ? 'error.request.malformedJson'
            : 'error.request.invalid';
    return c.json(errorBody(code, err.message || 'Request failed'), status);
  }
  // The last net: a value the database refused is bad input that no contract rule caught. Answer
  // it as such (never the SQL text) and log it loudly: it marks a missing rule in a contract.
  const sqlState = pgErrorCode(err);
  if (sqlState && isPgDataException(sqlState)) {
    console.error(`[api] input-validation gap: the database refused a value (SQLSTATE ${sqlState})`, c.req.method, c.req.path, err);
    return c.json(errorBody('error.request.invalid', 'The request contains a value that cannot be stored.'), 400);
  }
  console.error('[api] unexpected error', c.req.method, c.req.path, err);
  return c.json(errorBody('error.server.internal', 'Something went wrong on our side. Please try again.'), 500);
}
