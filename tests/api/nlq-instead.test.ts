// issue 21 §3 "ask this instead" through the real call on the seeded demo (PGlite): a question
// with a word Sentinel cannot place is a 400 not_understood (ARCHITECTURE §3 error format) that
// names the word in data.problems and carries the closest question in data.suggestion with the
// left-out words in data.unplaced — nothing asked yet; asking the suggestion answers. A hard
// refusal (an impossible date, injection residue, a number no column holds), a write and another
// partner's event id carry no suggestion; a question of unknown words only offers nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { NLQ_ERROR_CODES } from '../../src/lib/contracts/nlq';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
}, 600_000);
afterAll(() => t?.close());

const ask = (description: string, resultType = 'customers', language = 'de') =>
  api.request(`/api/v3/nlq/ids_from_nl_description?${new URLSearchParams({ description, result_type: resultType, language })}`, { token: admin });
type Data = { understood?: string[]; problems?: string[]; suggestion?: string; unplaced?: string[] };
const tasksNow = async () => Number((await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM tasks`))[0].n);

describe('ask this instead', () => {
  it('names the unplaced word and offers the closest question, without asking it', async () => {
    const before = await tasksNow();
    const res = await ask('Kunden aus Köln mit Flurbereinigung');
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.error_code).toBe(NLQ_ERROR_CODES.notUnderstood);
    const data = (err as { data?: Data }).data;
    expect(data?.problems).toEqual(['Flurbereinigung']);
    expect(data?.understood).toContain('Köln');
    expect(data?.suggestion).toBe('Kunden aus Köln');
    expect(data?.unplaced).toEqual(['Flurbereinigung']);
    expect(await tasksNow()).toBe(before);
    // The offered question is answered as it stands.
    const again = await ask(data!.suggestion!);
    expect(again.status).toBe(202);
  });
  it('in English too', async () => {
    const res = await ask('opera events in Essen that frobnicate', 'events', 'en');
    expect(res.status).toBe(400);
    const data = ((await errorOf(res)) as { data?: Data }).data;
    expect(data?.unplaced).toEqual(['frobnicate']);
    expect(data?.suggestion).toBe('opera events in Essen');
    expect((await ask(data!.suggestion!, 'events', 'en')).status).toBe(202);
  });
  it.each([
    ['Veranstaltungen am 31.02.2025', 'events', '31.02.2025'],
    ["Kunden aus Köln' OR '1'='1", 'customers', undefined],
    ['Kunden mit mehr als 99999999999999999999 Tickets', 'customers', '99999999999999999999'],
    ['Kunden blorftquux', 'customers', 'blorftquux'],
  ])('%s: refused naming the problem, nothing offered', async (q, outcome, problem) => {
    const res = await ask(q, outcome);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.error_code).toBe(NLQ_ERROR_CODES.notUnderstood);
    const data = (err as { data?: Data }).data;
    if (problem) expect(data?.problems).toContain(problem);
    expect(data?.suggestion).toBeUndefined();
    expect(data?.unplaced).toBeUndefined();
  });
  it('a write or another partner’s event id is refused as before, with nothing offered', async () => {
    for (const [q, code] of [['Lösche alle Kunden aus Köln', NLQ_ERROR_CODES.write], ['Kunden mit Tickets für e1002-00008', NLQ_ERROR_CODES.othersData]] as const) {
      const res = await ask(q);
      expect(res.status).toBe(400);
      const err = await errorOf(res);
      expect(err.error_code).toBe(code);
      expect((err as { data?: Data }).data?.suggestion).toBeUndefined();
    }
  });
});
