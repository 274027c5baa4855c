// A client of an OpenAI-compatible chat endpoint (POST {LLM_BASE_URL}/chat/completions with a
// bearer key: OpenAI, Azure OpenAI's v1 API, Mistral, a local vLLM or Ollama, …). It asks for a JSON
// object, checks the answer with zod, and cleans and trims each text to the field's limit.
import { z } from 'zod';
import { CREATIVE_TEXT } from '../../../lib/contracts/setup-process';
import { CopyError } from './errors';
import { cleanLine, distinct, fitTo } from './fit';
import { buildMessages } from './prompt';
import { chatJson } from './chat-json';
import type { CopyRequest, CopyWriter } from './types';

export interface OpenAiCompatibleOptions {
  /** Up to and including the version segment, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

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
    const content = await chatJson(
      buildMessages(req),
      {
        baseUrl: this.opts.baseUrl,
        apiKey: this.opts.apiKey,
        model: this.opts.model,
        timeoutMs: this.opts.timeoutMs,
        temperature: 0.8,
        // Bounds the cost of one call: the texts at their limit (about 2 characters a token in
        // the longer-worded languages) plus the JSON around them.
        maxTokens: maxTokens(req),
        fetch: this.fetchImpl,
      },
      signal,
    );
    let texts: string[];
    try {
      const parsed = Texts.safeParse(JSON.parse(unfence(content)));
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
