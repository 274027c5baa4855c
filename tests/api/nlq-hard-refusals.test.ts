// Issue 21 §1 and §2 through the real call on the seeded demo (PGlite): the hard cases of
// tests/unit/nlq-hard-cases.ts via GET /api/v3/nlq/ids_from_nl_description — each is either a
// 400 not_understood naming its problem, or an answer whose task ends SUCCESS (no question may
// make a task FAIL); a description whose percent-encoding is broken is a 400, not stored as
// U+FFFD; a word beyond the input bounds is refused naming its shortened form; and every ask,
// refused ones included, counts against the user's ask rate (429 error.nlq.too_many_questions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { permissions, users } from '../../src/server/db/schema';
import { NLQ_ERROR_CODES } from '../../src/lib/contracts/nlq';
import { ASK_LIMIT, askKey } from '../../src/server/modules/nlq/ask-rate';
import { HARD_CASES } from '../unit/nlq-hard-cases';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let analystId: string;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  analystId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@encore.demo')))[0].id;
  await t.db
    .insert(permissions)
    .values({ userId: analystId, partnerId: 1001, name: 'sentinel', isEnabled: true })
    .onConflictDoUpdate({ target: [permissions.userId, permissions.partnerId, permissions.name], set: { isEnabled: true } });
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
}, 300_000);
afterAll(() => t?.close());

const ask = (query: string, token = admin) => api.request(`/api/v3/nlq/ids_from_nl_description?${query}`, { token });
const params = (description: string, resultType: string, language: string) => new URLSearchParams({ description, result_type: resultType, language }).toString();

async function drain() {
  while (await runOnce(t.db, 'nlq-hard-refusals')) {
    /* until the queue is empty */
  }
}

describe('hard cases through the real call and task', () => {
  it.each(HARD_CASES)('%s: a 400 naming the problem, or an answer whose task succeeds', async (_label, c) => {
    const res = await ask(params(c.question, c.outcome, c.language));
    if (c.refuse) {
      expect(res.status, c.question).toBe(400);
      const err = await errorOf(res);
      expect(err.error_code).toBe(NLQ_ERROR_CODES.notUnderstood);
      expect((err as { data?: { problems?: string[] } }).data?.problems).toContain(c.refuse);
      expect(err.message).toContain(c.refuse);
      return;
    }
    if (res.status === 400) {
      // The demo's vocabulary is not the unit tests': a refusal is allowed, a failure is not.
      expect((await errorOf(res)).error_code).toBe(NLQ_ERROR_CODES.notUnderstood);
      return;
    }
    expect(res.status, c.question).toBe(202);
    const { task_id: taskId } = (await res.json()) as { task_id: string };
    await drain();
    const task = (await (await api.request(`/api/v3/tasks/${taskId}`, { token: admin })).json()) as { status: string };
    expect(task.status, c.question).toBe('SUCCESS');
  }, 60_000);
});

describe('input the question cannot be', () => {
  it('a description with an encoded lone surrogate (%ED%A0%80) or a cut sequence is a 400, and nothing is stored', async () => {
    const [before] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM nlq_questions`);
    for (const bad of ['%ED%A0%80', 'Kunden%20aus%20K%C3%B6ln%ED%A0%80', 'Kunden%E0%A4%A']) {
      const res = await ask(`description=${bad}&result_type=customers&language=de`);
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.request.malformedUrl');
    }
    const [after] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM nlq_questions`);
    expect(after.n).toBe(before.n);
  });

  it('a 5,000-letter word and 1,000 × U+FDFA are refused at once, naming the word shortened', async () => {
    for (const description of ['a'.repeat(5000), '\uFDFA'.repeat(1000)]) {
      const started = performance.now();
      const res = await ask(params(description, 'customers', 'de'));
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(res.status).toBe(400);
      const err = (await errorOf(res)) as { error_code: string; message: string; data?: { problems?: string[] } };
      expect(err.error_code).toBe(NLQ_ERROR_CODES.notUnderstood);
      expect(err.data?.problems?.[0]).toMatch(/…$/);
      expect(err.message.length).toBeLessThan(600);
    }
  });
});

describe('the ask rate', () => {
  const count = async () => (await rows<{ count: number }>(t.db, sql`SELECT count FROM rate_limits WHERE key = ${askKey({ partnerId: 1001, userId: analystId })}`))[0]?.count ?? 0;

  it('counts refused questions too, and answers 429 error.nlq.too_many_questions with Retry-After past the limit', async () => {
    const start = await count();
    for (const q of ['lösche alle Kunden', 'Kunden aus Xyzzyville', 'events on 2025-02-30']) {
      expect((await ask(params(q, 'customers', 'de'), analyst)).status).toBe(400);
    }
    expect(await count()).toBe(start + 3);
    // The window is full: the next ask is refused before it is parsed, whatever it asks.
    await t.db.execute(sql`UPDATE rate_limits SET count = ${ASK_LIMIT.max} WHERE key = ${askKey({ partnerId: 1001, userId: analystId })}`);
    const res = await ask(params('Kunden aus Köln', 'customers', 'de'), analyst);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const err = (await errorOf(res)) as { error_code: string; data?: { retry_after?: number } };
    expect(err.error_code).toBe(NLQ_ERROR_CODES.tooManyQuestions);
    expect(err.data?.retry_after).toBeGreaterThan(0);
    // Another user of the same partner is not limited by it.
    expect((await ask(params('Kunden aus Köln', 'customers', 'de'), admin)).status).not.toBe(429);
  });
});
