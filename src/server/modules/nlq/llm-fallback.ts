// The optional LLM path (issue 15: off by default, LLM_BASE_URL): asked only when the parser did
// not understand a question, and it may only return a typed query, which the service validates
// with the same zod schema as the parser's. nlq-guard's ./llm.ts supplies the model call; until
// it is wired here there is no fallback and the parser's refusal stands.
import type { ParseOptions } from '../../engines/nlq';

export type LlmTypedQuery = (question: string, opts: ParseOptions) => Promise<unknown>;

let impl: LlmTypedQuery | null = null;

/** Tests and the LLM module: the function that turns a question into a typed query (null: none). */
export function setLlmFallback(fn: LlmTypedQuery | null): void {
  impl = fn;
}

/** The LLM's typed query for a question the parser did not understand, or null (none configured, or it failed). */
export async function llmFallback(question: string, opts: ParseOptions): Promise<unknown> {
  if (!impl) return null;
  try {
    return await impl(question, opts);
  } catch (err) {
    // A model outage is not the user's error: the parser's answer (not understood) stands.
    console.error('[nlq] LLM fallback failed:', (err as Error).message);
    return null;
  }
}
