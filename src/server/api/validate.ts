// zod validation of a call's input against its contract, answering the §3 error body on failure.
//
// Every route reads its input through validate() (json, query, param, form), never through
// c.req.query()/param()/parseBody() directly, so this is also where the API's net for text the
// database cannot store sits: whatever a contract let through, a string (or object key, or file
// name) holding NUL or an unpaired UTF-16 surrogate is refused here with a 400 and its path.
// The contracts refuse the same with common.ts text(); this net covers a contract that forgot.
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../lib/contracts/limits';
import { errorBody, zodIssues } from './errors';

/** The 400 of input holding text the database cannot store. */
export function unsafeTextResponse(c: Context, path: string): Response {
  return c.json(errorBody('error.validation.invalid', 'Invalid request', { issues: [{ path, message: UNSAFE_TEXT_MESSAGE }] }), 400);
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(errorBody('error.validation.invalid', 'Invalid request', { issues: zodIssues(result.error as never) }), 400);
    }
    const unsafe = findUnsafeText(result.data);
    if (unsafe !== null) return unsafeTextResponse(c, unsafe);
  });
}
