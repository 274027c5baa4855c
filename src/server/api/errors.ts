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

export function handleError(err: unknown, c: Context): Response {
  if (err instanceof AppError) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(errorBody(err.code, err.message, { ...(err.subcode ? { error_subcode: err.subcode } : {}), ...(err.issues ? { issues: err.issues } : {}) }), err.status);
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
  console.error('[api] unexpected error', c.req.method, c.req.path, err);
  return c.json(errorBody('error.server.internal', 'Something went wrong on our side. Please try again.'), 500);
}
