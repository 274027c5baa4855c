// Picks the copywriter: an OpenAI-compatible chat endpoint when LLM_BASE_URL and LLM_API_KEY are
// set, the deterministic sandbox otherwise (ARCHITECTURE §3: sandbox by default, shown with a
// "Sandbox" badge). The key stays in here: it is never logged or answered.
import { config } from '../../config';
import { OpenAiCompatibleCopyWriter } from './openai-compatible';
import { SandboxCopyWriter } from './sandbox';
import type { CopyWriter } from './types';

export type * from './types';
export { CopyError, type CopyErrorReason } from './errors';
export { buildMessages } from './prompt';

let shared: CopyWriter | undefined;

export function createCopyWriter(llm: typeof config.llm = config.llm): CopyWriter {
  if (llm.baseUrl && llm.apiKey) return new OpenAiCompatibleCopyWriter({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model, timeoutMs: llm.timeoutMs });
  return new SandboxCopyWriter();
}

/** The configured copywriter (one per process). */
export function copyWriter(): CopyWriter {
  shared ??= createCopyWriter();
  return shared;
}

/** Tests only: use another writer (undefined restores the configured one). */
export function setCopyWriter(w?: CopyWriter): void {
  shared = w;
}
