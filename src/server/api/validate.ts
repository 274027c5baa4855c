// zod validation of a call's input against its contract, answering the §3 error body on failure.
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { errorBody, zodIssues } from './errors';

export interface RouteContract {
  target: keyof ValidationTargets;
  schema: ZodType;
}

// Which contract each validating middleware checks. Tools that walk the app's routes (the route
// fuzz in tests/api/fuzz-routes.test.ts) read it back with contractOf(handler), so a route added
// with validate() is known with its schemas without anyone listing it anywhere.
const contracts = new WeakMap<object, RouteContract>();

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const middleware = zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(errorBody('error.validation.invalid', 'Invalid request', { issues: zodIssues(result.error as never) }), 400);
    }
  });
  contracts.set(middleware, { target, schema });
  return middleware;
}

/** The contract a handler of `app.routes` validates, if it is a validate() middleware (sub-app wrappers unwrapped). */
export function contractOf(handler: MiddlewareHandler | object): RouteContract | undefined {
  let h: unknown = handler;
  // Hono wraps a mounted sub-app's handlers and keeps the original under this key (hono/utils/constants).
  for (let i = 0; h && i < 5 && !contracts.has(h as object); i++) h = (h as Record<string, unknown>).__COMPOSED_HANDLER;
  return h ? contracts.get(h as object) : undefined;
}
