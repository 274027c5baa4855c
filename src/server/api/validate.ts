// zod validation of a call's input against its contract, answering the §3 error body on failure.
//
// Every route reads its input through validate() (json, query, param, form), never through
// c.req.query()/param()/parseBody() directly, so this is also where the API's net for text the
// database cannot store sits: whatever a contract let through, a string (or object key, or file
// name) holding NUL or an unpaired UTF-16 surrogate is refused here with a 400 and its path.
// The contracts refuse the same with common.ts text(); this net covers a contract that forgot.
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../lib/contracts/limits';
import { errorBody, zodIssues } from './errors';

/** The 400 of input holding text the database cannot store. */
export function unsafeTextResponse(c: Context, path: string): Response {
  return c.json(errorBody('error.validation.invalid', 'Invalid request', { issues: [{ path, message: UNSAFE_TEXT_MESSAGE }] }), 400);
}

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
    const unsafe = findUnsafeText(result.data);
    if (unsafe !== null) return unsafeTextResponse(c, unsafe);
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
