// Sentinel's optional LLM (issue 15): off by default, on when LLM_BASE_URL is set. The service
// calls it only as a fallback when the parser answers not_understood — never to overrule a
// write or others_data refusal. The model sees the semantic layer and the partner's vocabulary
// (src/server/engines/nlq/llm-prompt.ts), answers a typed query as JSON, and that answer goes
// through the same zod schema, compiler and SQL guard as the parser's.
import { config } from '../../config';
import { chatJson } from '../../adapters/llm/chat-json';
import { buildNlqMessages, readLlmReply, type PromptField } from '../../engines/nlq/llm-prompt';
import { FIELDS } from '../../engines/nlq/semantic';
import type { ParseOptions, ParseResult } from '../../engines/nlq';
import { setLlmFallback } from './llm-fallback';

export interface LlmFallbackOptions extends ParseOptions {
  signal?: AbortSignal;
  /** Tests: another endpoint than the configured one. */
  llm?: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };
  fetch?: typeof fetch;
}

/** A typed query is small: a few hundred tokens; this bounds the cost of one call. */
const MAX_TOKENS = 1500;

export function llmEnabled(llm: LlmFallbackOptions['llm'] = config.llm): boolean {
  return Boolean(llm?.baseUrl);
}

/**
 * The model's reading of a question the parser did not understand: a ParseResult (a typed query,
 * or a refusal with what it understood), or null when the LLM is off or failed — then the
 * parser's not_understood stands.
 */
export async function typedQueryFromLlm(question: string, opts: LlmFallbackOptions): Promise<ParseResult | null> {
  const llm = opts.llm ?? config.llm;
  if (!llm.baseUrl) return null;
  const input = {
    question,
    language: opts.language,
    outcome: opts.outcome,
    vocabulary: opts.vocabulary,
    fields: FIELDS as readonly PromptField[],
    now: opts.now,
  };
  let content: string;
  try {
    content = await chatJson(buildNlqMessages(input), { baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model, timeoutMs: llm.timeoutMs, maxTokens: MAX_TOKENS, fetch: opts.fetch }, opts.signal);
  } catch (err) {
    // The reason only (timeout, http, auth…): never the key, the question or the answer.
    console.warn(`sentinel llm fallback failed: ${(err as { reason?: string }).reason ?? 'unknown'}`);
    return null;
  }
  return readLlmReply(content, input);
}

/**
 * Hands the service (./llm-fallback.ts) the model as its fallback when an endpoint is configured;
 * none otherwise. Runs when the module is imported (./index.ts), so LLM_BASE_URL decides.
 */
export function installLlmFallback(llm: LlmFallbackOptions['llm'] = config.llm, fetchImpl?: typeof fetch): void {
  if (!llmEnabled(llm)) {
    setLlmFallback(null);
    return;
  }
  // Only a typed query goes back: the service validates it again and compiles it like the parser's.
  setLlmFallback(async (question, opts) => {
    const result = await typedQueryFromLlm(question, { ...opts, llm, fetch: fetchImpl });
    return result?.ok ? result.query : null;
  });
}

if (llmEnabled()) installLlmFallback();
