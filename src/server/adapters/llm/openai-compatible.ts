// A client of an OpenAI-compatible chat endpoint (POST {LLM_BASE_URL}/chat/completions with a
// bearer key: OpenAI, Azure OpenAI's v1 API, Mistral, a local vLLM or Ollama, …). It asks for a JSON
// object, checks the answer with zod, and cleans and trims each text to the field's limit.
import { z } from 'zod';
import { CREATIVE_TEXT } from '../../../lib/contracts/setup-process';
import { CopyError } from './errors';
import { cleanLine, distinct, fitTo } from './fit';
import { buildMessages } from './prompt';
import type { CopyRequest, CopyWriter } from './types';

export interface OpenAiCompatibleOptions {
  /** Up to and including the version segment, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});
/** The object we ask for; some models answer a bare array or name the list differently. */
const Texts = z.union([
  z.object({ texts: z.array(z.string()) }).transform((o) => o.texts),
  z.array(z.string()),
  z.record(z.string(), z.array(z.string())).transform((o) => Object.values(o)[0] ?? []),
]);

export const maxTokens = (req: CopyRequest) => Math.ceil((req.count * CREATIVE_TEXT[req.field].max) / 2) + 100;

/** Models sometimes wrap JSON in a Markdown fence despite the JSON mode. */
const unfence = (s: string) => s.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');

export class OpenAiCompatibleCopyWriter implements CopyWriter {
  readonly kind = 'openai-compatible' as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: OpenAiCompatibleOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  async generate(req: CopyRequest, signal?: AbortSignal): Promise<string[]> {
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.opts.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          model: this.opts.model,
          messages: buildMessages(req),
          response_format: { type: 'json_object' },
          temperature: 0.8,
          n: 1,
          // Bounds the cost of one call: the texts at their limit (about 2 characters a token in
          // the longer-worded languages) plus the JSON around them.
          max_tokens: maxTokens(req),
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
    let content: string | null;
    try {
      const parsed = Completion.safeParse(await res.json());
      if (!parsed.success) throw new Error('shape');
      content = parsed.data.choices[0]!.message.content;
    } catch {
      if (timeout.aborted) throw new CopyError('timeout', 'The language model did not answer in time.');
      throw new CopyError('malformed', 'The language model answered in an unexpected shape.');
    }
    let texts: string[];
    try {
      const parsed = Texts.safeParse(JSON.parse(unfence(content ?? '')));
      if (!parsed.success) throw new Error('shape');
      texts = parsed.data;
    } catch {
      throw new CopyError('malformed', 'The language model did not answer the JSON it was asked for.');
    }
    const max = CREATIVE_TEXT[req.field].max;
    const out = distinct(texts.map((t) => fitTo(cleanLine(t), max))).slice(0, req.count);
    if (!out.length) throw new CopyError('empty', 'The language model wrote no usable text.');
    return out;
  }
}
