// The OpenAI-compatible copywriter against a local HTTP server that plays the chat endpoint: what it
// sends (method, path, bearer key, model, messages, JSON mode) and how it reads every kind of answer —
// good, fenced, too long, malformed, an HTTP error, a refused key, a rate limit, silence.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleCopyWriter, maxTokens } from '../../../src/server/adapters/llm/openai-compatible';
import { CopyError, createCopyWriter, type CopyFacts, type CopyRequest } from '../../../src/server/adapters/llm';
import { CREATIVE_TEXT } from '../../../src/lib/contracts/setup-process';

const facts: CopyFacts = {
  title: 'Tosca', category: 'opera', start: '2027-03-12T19:00:00.000Z', timezone: null, venue: 'Oper Köln', hall: 'Saal', city: 'Köln',
  artists: ['Anna Netrebko'], descriptionExcerpt: 'Puccini.', cluster: { label: 'Opera lovers', keywords: ['opera'] },
};
const req: CopyRequest = { field: 'headline', count: 3, language: 'de', facts };

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: (res: ServerResponse) => void;

const completion = (content: string | null) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
};

beforeAll(async () => {
  server = createServer((rq, res) => {
    let raw = '';
    rq.on('data', (c) => (raw += c));
    rq.on('end', () => {
      seen.push({ method: rq.method!, url: rq.url!, headers: rq.headers, body: raw ? JSON.parse(raw) : null });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

const client = (timeoutMs = 2000) => new OpenAiCompatibleCopyWriter({ baseUrl: `${base}/`, apiKey: 'sk-test-secret', model: 'gpt-4.1-mini', timeoutMs });
async function failure(p: Promise<unknown>): Promise<CopyError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CopyError);
  expect((err as Error).message).not.toContain('sk-test-secret');
  return err as CopyError;
}

describe('OpenAI-compatible copywriter', () => {
  it('posts the chat request with the key, the model, JSON mode and the facts, and returns the texts', async () => {
    answer = completion(JSON.stringify({ texts: ['Tosca live erleben', '  "Tosca am 12. März"  ', '1. Jetzt Tickets für Tosca'] }));
    const texts = await client().generate(req);
    expect(texts).toEqual(['Tosca live erleben', 'Tosca am 12. März', 'Jetzt Tickets für Tosca']);
    expect(seen).toHaveLength(1);
    const s = seen[0]!;
    expect(s.method).toBe('POST');
    expect(s.url).toBe('/v1/chat/completions');
    expect(s.headers.authorization).toBe('Bearer sk-test-secret');
    expect(s.headers['content-type']).toContain('application/json');
    expect(s.body.model).toBe('gpt-4.1-mini');
    expect(s.body.response_format).toEqual({ type: 'json_object' });
    // 3 headlines of at most 80 characters need far less than a body's budget.
    expect(s.body.max_tokens).toBeGreaterThan(3 * 80 / 4);
    expect(s.body.max_tokens).toBeLessThan(maxTokens({ ...req, field: 'body', count: 5 }));
    expect(s.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    const user = s.body.messages[1].content as string;
    expect(user).toMatch(/Write 3 different ad headlines .* in German\./);
    expect(user).toContain(`at most ${CREATIVE_TEXT.headline.max} characters`);
    expect(user).toContain('"title":"Tosca"');
    expect(user).toContain('Anna Netrebko');
  });

  it('trims each text to the field limit, drops blanks and repeats, and keeps at most the count', async () => {
    const long = 'Tosca '.repeat(30).trim();
    answer = completion(JSON.stringify({ texts: [long, '', 'Zwei', 'zwei', 'Drei', 'Vier'] }));
    const texts = await client().generate(req);
    expect(texts).toHaveLength(3);
    expect(texts[0]!.length).toBeLessThanOrEqual(CREATIVE_TEXT.headline.max);
    expect(texts[0]!.endsWith('…')).toBe(true);
    expect(texts.slice(1)).toEqual(['Zwei', 'Drei']);
  });

  it('reads a bare array and a Markdown-fenced answer', async () => {
    answer = completion('```json\n["Eins", "Zwei"]\n```');
    expect(await client().generate(req)).toEqual(['Eins', 'Zwei']);
  });

  it('maps a malformed answer, a non-JSON content and an empty list to CopyErrors', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": "nope"}');
    };
    expect((await failure(client().generate(req))).reason).toBe('malformed');
    answer = completion('Here are some headlines: Tosca!');
    expect((await failure(client().generate(req))).reason).toBe('malformed');
    answer = completion(JSON.stringify({ texts: ['  ', ''] }));
    expect((await failure(client().generate(req))).reason).toBe('empty');
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy page</html>');
    };
    expect((await failure(client().generate(req))).reason).toBe('malformed');
  });

  it('maps HTTP errors: 500, a refused key and a rate limit', async () => {
    const status = (code: number) => (res: ServerResponse) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'nope', type: 'server_error' } }));
    };
    answer = status(500);
    const e500 = await failure(client().generate(req));
    expect([e500.reason, e500.httpStatus, e500.code]).toEqual(['http', 500, 'error.llm.http']);
    answer = status(401);
    expect((await failure(client().generate(req))).reason).toBe('auth');
    answer = status(429);
    expect((await failure(client().generate(req))).reason).toBe('rate_limit');
  });

  it('gives up after its timeout', async () => {
    answer = (res) => setTimeout(() => completion(JSON.stringify({ texts: ['spät'] }))(res), 1500);
    expect((await failure(client(300).generate(req))).reason).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    answer = (res) => setTimeout(() => completion(JSON.stringify({ texts: ['spät'] }))(res), 1500);
    const ctrl = new AbortController();
    const p = client(5000).generate(req, ctrl.signal);
    setTimeout(() => ctrl.abort(), 50);
    expect((await failure(p)).reason).toBe('cancelled');
  });

  it('is chosen only when both the base URL and the key are set', () => {
    expect(createCopyWriter({ baseUrl: base, apiKey: 'k', model: 'm', timeoutMs: 1000 }).kind).toBe('openai-compatible');
    expect(createCopyWriter({ baseUrl: base, apiKey: undefined, model: 'm', timeoutMs: 1000 }).kind).toBe('sandbox');
    expect(createCopyWriter({ baseUrl: undefined, apiKey: 'k', model: 'm', timeoutMs: 1000 }).kind).toBe('sandbox');
  });
});
