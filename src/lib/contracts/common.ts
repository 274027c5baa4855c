import { z } from 'zod';

/** ARCHITECTURE.md §3: every failure answers this body. */
export const ApiErrorBody = z.object({
  message: z.string(),
  error_code: z.string().regex(/^error\./),
  error_subcode: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
