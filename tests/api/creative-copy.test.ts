// spec 2 §7 generate_creatives (issue 14 AI copy): the sandbox writes from the event's facts; bad
// input is a 400, another partner's event or cluster a 404, no wave a 403 (all in the §3 error
// format); a failing writer is `{success: false}` with 200 (spec 2 §8); and what goes to a real LLM
// holds the event and cluster but nothing of the partner's customers or of the signed-in user.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { customers, events, halls, tasteClusterRuns, tasteClusters, ticketTransactions, venues } from '../../src/server/db/schema';
import { CopyError, setCopyWriter, type CopyWriter } from '../../src/server/adapters/llm';
import { OpenAiCompatibleCopyWriter } from '../../src/server/adapters/llm/openai-compatible';
import { GenerateCreativesResponse } from '../../src/lib/contracts/creative-copy';
import { LLM_CALLS_PER_USER } from '../../src/server/modules/creative-copy/service';

const PATH = '/api/v3/integrations/openai/gpt-4.1/generate_creatives';
// Distinctive values of a customer and their purchase: none may ever reach a prompt.
const CUSTOMER = { externalId: 'CUST-ZEBRA-99317', postalCode: '99317', city: 'Quxhausen-Zebraberg' };
const SECRET_PRICE_CATEGORY = 'Loge-Zebra-Q7';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // 1001, every permission
let analyst: string; // 1001, no wave
let prisma: string; // 1002, wave
let run1001: number;
let otherRun1001: number;
let run1002: number;

async function seedCatalogue() {
  const [v] = await t.db.insert(venues).values({ partnerId: 1001, name: 'Philharmonie', city: 'Köln', location: 'Altstadt' }).returning();
  const [h] = await t.db.insert(halls).values({ partnerId: 1001, venueId: v.id, name: 'Großer Saal', capacity: 2000 }).returning();
  const [v2] = await t.db.insert(venues).values({ partnerId: 1002, name: 'Harbour Hall', city: 'Bristol', location: 'Docks' }).returning();
  const [h2] = await t.db.insert(halls).values({ partnerId: 1002, venueId: v2.id, name: 'Main', capacity: 800 }).returning();
  const start = new Date(Date.now() + 60 * 86_400_000);
  await t.db.insert(events).values([
    {
      id: 'e1001-copy1', partnerId: 1001, eid: 'COPY-1', title: 'Tosca', category: 'opera', startDateTime: start, hallId: h.id, capacity: 2000,
      description: 'Puccinis Meisterwerk in einer neuen Inszenierung.', lineups: [{ artist_name: 'Anna Netrebko', artist_type: 'soprano' }], timezone: 'Europe/Berlin',
    },
    { id: 'e1001-copy2', partnerId: 1001, eid: 'COPY-2', title: 'Carmen', category: 'opera', startDateTime: start, hallId: h.id, capacity: 2000 },
    { id: 'e1002-copy1', partnerId: 1002, eid: 'COPY-X', title: 'Harbour Jazz', category: 'other', startDateTime: start, hallId: h2.id, capacity: 800 },
  ]);
  const [c] = await t.db.insert(customers).values({ partnerId: 1001, ...CUSTOMER, birthYear: 1971 }).returning();
  await t.db.insert(ticketTransactions).values({
    partnerId: 1001, eventId: 'e1001-copy1', customerId: c.id, soldAt: new Date(), quantity: 2, ticketType: 'regular', priceCategory: SECRET_PRICE_CATEGORY, amountMinor: 31_337,
  });
  const runOf = async (partnerId: number, eventId: string) =>
    (await t.db.insert(tasteClusterRuns).values({ partnerId, eventId, seed: 1, engineVersion: 'test', k: 1, customers: 1, finishedAt: new Date() }).returning())[0].id;
  run1001 = await runOf(1001, 'e1001-copy1');
  otherRun1001 = await runOf(1001, 'e1001-copy2');
  run1002 = await runOf(1002, 'e1002-copy1');
  const cluster = (partnerId: number, runId: number, tc: number) => ({
    runId, tc, partnerId, size: 1, labelEn: 'Opera lovers, premium seats', labelDe: 'Opernfans, Premiumplätze', families: ['opera'], traits: ['premium'],
    keywordsEn: ['opera', 'classical music'], keywordsDe: ['Oper', 'Klassische Musik'], profile: {}, centroid: [0], attractiveness: 1, buyingPower: 1, potential: 1, rank: 1, alreadyBought: 0,
  });
  await t.db.insert(tasteClusters).values([cluster(1001, run1001, 3), cluster(1001, otherRun1001, 4), cluster(1002, run1002, 3)]);
}

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db, { demoMfa: true });
  await seedCatalogue();
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
}, 120_000);
afterAll(() => t.close());
afterEach(() => setCopyWriter());

const query = (over: Record<string, string | number | undefined> = {}) => {
  const q = { event_id: 'e1001-copy1', tc: 3, tc_run_id: run1001, creatives_type: 'headline', required_number_of_creatives: 3, language: 'German', ...over };
  return new URLSearchParams(Object.entries(q).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();
};
async function get(q: string, token = admin) {
  const res = await api.request(`${PATH}?${q}`, { token });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
async function expectError(q: string, status: number, code: string, token = admin) {
  const r = await get(q, token);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const err = await errorOf(r.res);
  expect(err.error_code).toBe(code);
  return err;
}

describe('generate_creatives on the sandbox', () => {
  it('writes the requested number of texts in the language from the event and says it is the sandbox', async () => {
    const r = await get(query({ creatives_type: 'body', required_number_of_creatives: 4 }));
    expect(r.status).toBe(200);
    const body = GenerateCreativesResponse.parse(r.body);
    expect(body.success).toBe(true);
    expect(body.sandbox).toBe(true);
    expect(body.results).toHaveLength(4);
    expect(body.results.join(' ')).toContain('Tosca');
    expect(body.results.join(' ')).toContain('#Oper');
    expect(body.results.some((x) => /Tickets|Plätze/.test(x))).toBe(true);
    expect(body.results.every((x) => x.length <= 280)).toBe(true);
  });

  it('defaults to 3 texts and takes the language by full name or code', async () => {
    const r = await get(query({ required_number_of_creatives: undefined, language: 'European Portuguese' }));
    expect(r.body.results).toHaveLength(3);
    expect(r.body.results.join(' ')).toMatch(/Tosca/);
    const byCode = await get(query({ language: 'pt' }));
    expect(byCode.body.results).toEqual(r.body.results);
    const fr = await get(query({ creatives_type: 'description', language: 'French' }));
    expect(fr.body.results.join(' ')).toMatch(/Billets|Opéra/);
  });

  it('refuses bad input with 400 in the error format', async () => {
    for (const q of [
      query({ language: 'Klingon' }),
      query({ creatives_type: 'url' }),
      query({ required_number_of_creatives: 6 }),
      query({ required_number_of_creatives: 0 }),
      query({ tc: -1 }),
      query({ tc_run_id: 'abc' }),
      query({ event_id: undefined }),
      query({ event_id: '../../etc' }),
    ]) {
      await expectError(q, 400, 'error.validation.invalid');
    }
  });

  it("answers 404 for another partner's event, a cluster of another event's run and an unknown cluster", async () => {
    await expectError(query({ event_id: 'e1002-copy1', tc_run_id: run1002 }), 404, 'error.common.notFound');
    await expectError(query({ tc_run_id: run1002 }), 404, 'error.common.notFound');
    await expectError(query({ tc: 4, tc_run_id: otherRun1001 }), 404, 'error.common.notFound');
    await expectError(query({ tc: 99 }), 404, 'error.common.notFound');
    await expectError(query({ event_id: 'e1001-nope' }), 404, 'error.common.notFound');
    // The other partner reaches its own event, and not ours.
    expect((await get(query({ event_id: 'e1002-copy1', tc_run_id: run1002, language: 'English' }), prisma)).body.success).toBe(true);
    await expectError(query(), 404, 'error.common.notFound', prisma);
  });

  it('needs the wave permission (not settings, as other /integrations calls do)', async () => {
    const err = await expectError(query(), 403, 'error.auth.forbidden', analyst);
    expect(err.error_subcode).toBe('wave');
    const res = await api.request(`${PATH}?${query()}`);
    expect(res.status).toBe(401);
    await errorOf(res);
  });
});

describe('generate_creatives when the writer fails', () => {
  it('answers 200 with success false and no results (spec 2 §8)', async () => {
    for (const reason of ['timeout', 'malformed', 'http'] as const) {
      setCopyWriter({ kind: 'openai-compatible', generate: async () => Promise.reject(new CopyError(reason, 'x')) } satisfies CopyWriter);
      const r = await get(query());
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: false, results: [], sandbox: false });
    }
    setCopyWriter({ kind: 'openai-compatible', generate: async () => Promise.reject(new Error('boom')) });
    expect((await get(query())).body).toEqual({ success: false, results: [], sandbox: false });
  });
});

describe('the cost limit of a real LLM', () => {
  it('answers 429 in the error format once a person has used up the window; the sandbox is not counted', async () => {
    // The failure tests above asked a (fake) real writer too.
    await t.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'llm:%'`);
    for (let i = 0; i < LLM_CALLS_PER_USER.max + 5; i++) expect((await get(query({ creatives_type: 'description' }), admin)).status).toBe(200);
    setCopyWriter({ kind: 'openai-compatible', generate: async () => ['Eins'] });
    for (let i = 0; i < LLM_CALLS_PER_USER.max; i++) expect((await get(query())).status).toBe(200);
    const r = await get(query());
    expect(r.status).toBe(429);
    expect((await errorOf(r.res)).error_code).toBe('error.auth.rateLimited');
    expect(Number(r.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else still gets answers.
    expect((await get(query({ event_id: 'e1002-copy1', tc_run_id: run1002 }), prisma)).status).toBe(200);
    await t.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'llm:%'`);
  });
});

describe('what reaches a real LLM', () => {
  let server: Server;
  let bodies: string[] = [];
  let headers: string[] = [];
  beforeAll(async () => {
    server = createServer((rq, res) => {
      let raw = '';
      rq.on('data', (c) => (raw += c));
      rq.on('end', () => {
        bodies.push(raw);
        headers.push(JSON.stringify(rq.headers));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify({ texts: ['Tosca – live', 'Tosca in Köln', 'Netrebko singt Tosca'] }) } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the event and the cluster, and nothing of customers, transactions or the user', async () => {
    bodies = [];
    headers = [];
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    setCopyWriter(new OpenAiCompatibleCopyWriter({ baseUrl: base, apiKey: 'sk-api-test', model: 'gpt-4.1', timeoutMs: 5000 }));
    const r = await get(query());
    expect(r.body).toEqual({ success: true, results: ['Tosca – live', 'Tosca in Köln', 'Netrebko singt Tosca'], sandbox: false });
    expect(bodies).toHaveLength(1);
    const sent = bodies[0]!;
    // The facts are there…
    for (const fact of ['Tosca', 'Anna Netrebko', 'Philharmonie', 'Großer Saal', 'Köln', 'opera', 'Opernfans, Premiumplätze', 'Klassische Musik', 'Puccinis Meisterwerk']) {
      expect(sent).toContain(JSON.stringify(fact).slice(1, -1));
    }
    // …and the customer, their purchase and the signed-in user are not.
    for (const secret of [CUSTOMER.externalId, CUSTOMER.postalCode, CUSTOMER.city, '1971', SECRET_PRICE_CATEGORY, '31337', '313.37', 'admin@encore.demo', 'encore.demo']) {
      expect(sent).not.toContain(secret);
    }
    // The key goes only into the Authorization header, never into the body or the answer.
    expect(headers[0]).toContain('Bearer sk-api-test');
    expect(sent).not.toContain('sk-api-test');
    expect(JSON.stringify(r.body)).not.toContain('sk-api-test');
  });
});
