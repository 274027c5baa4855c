// One JSON-mode chat call to an OpenAI-compatible endpoint (POST {baseUrl}/chat/completions), for
// callers that need a JSON object back rather than ad copy (Sentinel's optional LLM, issue 15).
// It returns the model's text content; the caller parses and validates it. Errors are CopyError
// (error.llm.*): the message never carries the key or the model's answer.
import { z } from 'zod';
import { CopyError } from './errors';
import type { ChatMessage } from './prompt';

export interface ChatJsonOptions {
  /** Up to and including the version segment, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Optional: a local vLLM or Ollama needs none. */
  apiKey?: string;
  model: string;
  timeoutMs: number;
  maxTokens: number;
  temperature?: number;
  fetch?: typeof fetch;
}

const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export async function chatJson(messages: ChatMessage[], opts: ChatJsonOptions, signal?: AbortSignal): Promise<string> {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: opts.model,
        messages,
        response_format: { type: 'json_object' },
        temperature: opts.temperature ?? 0,
        n: 1,
        max_tokens: opts.maxTokens,
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    const name = (err as Error)?.name;
    if (timeout.aborted || name === 'TimeoutError') throw new CopyError('timeout', 'The language model did not answer in time.');
    if (signal?.aborted) throw new CopyError('cancelled', 'The request was cancelled.');
    throw new CopyError('network', 'The language model could not be reached.');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 401 || res.status === 403) throw new CopyError('auth', 'The language model refused the API key.', res.status);
    if (res.status === 429) throw new CopyError('rate_limit', 'The language model is limiting requests.', res.status);
    throw new CopyError('http', `The language model answered HTTP ${res.status}.`, res.status);
  }
  try {
    const parsed = Completion.safeParse(await res.json());
    if (!parsed.success) throw new Error('shape');
    const content = parsed.data.choices[0]!.message.content;
    if (!content) throw new CopyError('empty', 'The language model answered nothing.');
    return content;
  } catch (err) {
    if (err instanceof CopyError) throw err;
    if (timeout.aborted) throw new CopyError('timeout', 'The language model did not answer in time.');
    throw new CopyError('malformed', 'The language model answered in an unexpected shape.');
  }
}
