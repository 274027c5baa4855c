// zod validation of a call's input against its contract, answering the §3 error body on failure.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { errorBody, zodIssues } from './errors';

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(errorBody('error.validation.invalid', 'Invalid request', { issues: zodIssues(result.error as never) }), 400);
    }
  });
}
