// Sentinel's optional LLM against a local HTTP server that plays the chat endpoint and records
// every request (the pattern of tests/unit/llm/openai-compatible.test.ts): what the model is sent
// (the schema and the vocabulary — never a customer's name or email, never another partner), how
// its replies are read (a typed query over known fields; SQL or failure → no answer), and that
// the service asks it only when the parser did not understand — never for a refusal.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedEventsFixture } from '../helpers/events-fixture';
import { rows } from '../../src/server/db/client';
import { seedAccounts } from '../../src/server/demo/accounts';
import { customerProperties, customers } from '../../src/server/db/schema';
import { installLlmFallback, typedQueryFromLlm } from '../../src/server/modules/nlq/llm';
import { setLlmFallback } from '../../src/server/modules/nlq/llm-fallback';
import { parseQuestion, type Vocabulary } from '../../src/server/engines/nlq';
import { loadPartnerVocabulary } from '../nlq-accuracy/vocabulary';
import { NLQ_ERROR_CODES } from '../../src/lib/contracts/nlq';

interface Seen { url: string; headers: IncomingMessage['headers']; raw: string; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: (res: ServerResponse) => void;
let t: TestDb;
let vocabulary: Vocabulary;

const completion = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
};
const TYPED = { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: 'Köln' }] };
const llm = () => ({ baseUrl: base, apiKey: 'sk-test-secret', model: 'test-model', timeoutMs: 2000 });
const opts = () => ({ language: 'de' as const, outcome: 'customers' as const, vocabulary, now: new Date('2026-11-24T12:00:00Z'), llm: llm() });

beforeAll(async () => {
  server = createServer((rq, res) => {
    let raw = '';
    rq.on('data', (c) => (raw += c));
    rq.on('end', () => {
      seen.push({ url: rq.url!, headers: rq.headers, raw, body: raw ? JSON.parse(raw) : null });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  // Customers of both partners with names, emails and phones that must never reach the model.
  const made = await t.db
    .insert(customers)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        partnerId: i % 4 === 0 ? 1002 : 1001,
        externalId: `llm-${i}`,
        postalCode: '50667',
        city: i % 2 ? 'Köln' : 'Bonn',
        firstName: `Vorname${i}x`,
        lastName: `Nachname${i}y`,
        email: `kunde${i}@privat-example.de`,
        phone1: `+49 221 555 ${1000 + i}`,
      })),
    )
    .returning({ id: customers.id, partnerId: customers.partnerId });
  await t.db.insert(customerProperties).values(made.map((c, i) => ({ partnerId: c.partnerId, customerId: c.id, label: 'Abonnement', content: i % 2 ? 'Premiere' : 'Sonntag' })));
  vocabulary = (await loadPartnerVocabulary(t.db, 1001)).vocabulary;
}, 120_000);
afterAll(async () => {
  setLlmFallback(null);
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen = [];
  answer = completion(JSON.stringify({ query: TYPED }));
});
afterEach(() => setLlmFallback(null));

describe('the model call', () => {
  it('posts the schema, the fields and the vocabulary, and answers the validated typed query', async () => {
    const result = await typedQueryFromLlm('Leute aus Köln bitte', opts());
    expect(result).toMatchObject({ ok: true, query: TYPED });
    expect(seen).toHaveLength(1);
    const s = seen[0]!;
    expect(s.url).toBe('/v1/chat/completions');
    expect(s.headers.authorization).toBe('Bearer sk-test-secret');
    expect(s.body.model).toBe('test-model');
    expect(s.body.response_format).toEqual({ type: 'json_object' });
    const user = s.body.messages[1].content as string;
    expect(user).toContain('Leute aus Köln bitte');
    expect(user).toContain('c.city');
    expect(user).toContain('"related"');
  });

  it("never sends a customer's name, email or phone, nor another partner's name", async () => {
    await typedQueryFromLlm('Leute aus Köln bitte', opts());
    const body = seen[0]!.raw;
    const people = await rows<{ first_name: string; last_name: string; email: string; phone1: string }>(t.db, sql`SELECT first_name, last_name, email, phone1 FROM customers`);
    expect(people.length).toBe(40);
    for (const p of people) {
      for (const v of [p.first_name, p.last_name, p.email, p.phone1]) expect(body).not.toContain(JSON.stringify(v).slice(1, -1));
    }
    const [other] = await rows<{ name: string }>(t.db, sql`SELECT name FROM partners WHERE id = 1002`);
    expect(body.toLowerCase()).not.toContain(other!.name.toLowerCase());
    expect(body).not.toContain('Harbour Hall');
  });

  it('answers not understood when the model answers SQL, and null when it fails or is off', async () => {
    answer = completion('SELECT id FROM sentinel.customers');
    expect(await typedQueryFromLlm('q', opts())).toMatchObject({ ok: false, refusal: 'not_understood' });
    answer = completion(JSON.stringify({ query: TYPED, sql: 'DELETE FROM customers' }));
    expect(await typedQueryFromLlm('q', opts())).toMatchObject({ ok: false, refusal: 'not_understood' });
    answer = (res) => {
      res.writeHead(500);
      res.end('boom');
    };
    expect(await typedQueryFromLlm('q', opts())).toBeNull();
    seen = [];
    expect(await typedQueryFromLlm('q', { ...opts(), llm: { ...llm(), baseUrl: undefined } })).toBeNull();
    expect(seen).toHaveLength(0);
  });
});

describe('through GET /nlq/ids_from_nl_description', () => {
  let api: ReturnType<typeof apiClient>;
  let admin: string;
  beforeAll(async () => {
    api = apiClient(t.db);
    admin = (await api.signIn('admin@encore.demo')).token;
  });
  const ask = (description: string, language: 'en' | 'de' = 'de') =>
    api.request(`/api/v3/nlq/ids_from_nl_description?${new URLSearchParams({ description, result_type: 'customers', language })}`, { token: admin });

  it('asks the model when the parser does not understand, and runs its typed query', async () => {
    // Words no parser knows: only the model can make something of them.
    const question = 'xyzzy plugh frobnicate quux';
    expect(parseQuestion(question, { language: 'de', outcome: 'customers', vocabulary, now: new Date() })).toMatchObject({ ok: false, refusal: 'not_understood' });
    installLlmFallback(llm());
    const res = await ask(question);
    expect(res.status).toBe(202);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body.messages[1].content).toContain(question);
  });

  it('never asks the model for a write request or another partner, and without an endpoint not at all', async () => {
    installLlmFallback(llm());
    const write = await ask('lösche alle Kunden aus Köln');
    expect(write.status).toBe(400);
    expect((await errorOf(write)).error_code).toBe(NLQ_ERROR_CODES.write);
    expect(seen).toHaveLength(0);
    installLlmFallback({ ...llm(), baseUrl: undefined });
    const other = await ask('xyzzy plugh');
    expect(other.status).toBe(400);
    expect(seen).toHaveLength(0);
  });
});
