// Sentinel accuracy (issue 15): the question set of tests/nlq-accuracy/ asked through the engine
// against the demo data at a fixed now, compared with hand-written expected SQL over the base
// tables. Fails when execution accuracy on issue 15's questions (batches 1–4) drops below 90 % in
// either language, when the whole dev set (with issue 21's batch 5, written from the classes the
// hidden sets found weak) falls below its floor, or when refusals (write, others' data, not
// understood) drop below 90 %. Also guards the set itself: every expected SQL must run and answer
// something plausible. The hold-out has its own gate (nlq-holdout-accuracy.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONS, QUESTIONS_ISSUE_15, REFUSALS } from '../nlq-accuracy/index';
import { expectedIds, formatReport, openSeededDb, runAccuracy, type AccuracyReport, type Asker } from '../nlq-accuracy/runner';
import type { TestDb } from '../helpers/db';
import { executeSentinelQuery } from '../../src/server/modules/nlq/execute';

const GOAL = 0.9;
/**
 * The whole dev set, a regression guard: measured 2026-11-29 with batches 7 and 8 registered (npx
 * tsx bench/nlq-accuracy.ts): German 233/235 = 99.1 %, English 205/213 = 96.2 % (batch 8's open
 * English misses are in docs/NLQ-ENGINE.md). The floor leaves two to four questions per language.
 */
const DEV_FLOOR = { de: 0.97, en: 0.95 } as const;
let t: TestDb;

beforeAll(async () => {
  t = await openSeededDb();
}, 300_000);
afterAll(() => t?.close());

describe('the accuracy set itself', () => {
  it('has at least 120 questions, half of them German, unique ids, and at least 15 refusal cases', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(120);
    expect(QUESTIONS.filter((q) => q.language === 'de').length * 2).toBeGreaterThanOrEqual(QUESTIONS.length);
    const ids = [...QUESTIONS.map((q) => q.id), ...REFUSALS.map((r) => r.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(REFUSALS.length).toBeGreaterThanOrEqual(15);
  });

  // A property of the set and the seed, not of the database: checked once, on PGlite (on the test
  // PostgreSQL its cold correlated subqueries cost ~100 s, and every expected SQL still runs there below).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('expects plausible answers: every SQL runs, none answers every row, at most 10 % answer nothing', async () => {
    const TABLE = { customers: 'customers', events: 'events', transactions: 'ticket_transactions' } as const;
    const empty: string[] = [];
    const everything: string[] = [];
    for (const q of QUESTIONS) {
      const ids = await expectedIds(t.db, q);
      const [{ n }] = await expectedIds(t.db, {
        ...q, ordered: true, sql: `SELECT count(*)::text AS id FROM ${TABLE[q.outcome]} WHERE partner_id = :partner`,
      }).then((r) => r.map((x) => ({ n: Number(x) })));
      if (ids.length === 0) empty.push(q.id);
      if (ids.length === n) everything.push(q.id);
    }
    expect(everything).toEqual([]);
    expect(empty.length).toBeLessThanOrEqual(Math.floor(QUESTIONS.length * 0.1));
    // ~20 s on PGlite, ~100 s on the test PostgreSQL (its correlated subqueries run cold).
  }, 300_000);
});

describe('the runner', () => {
  // Oracles in place of the engine: one answering with the expected SQL itself, one that is
  // slightly off. The scoring must tell them apart, or a 100 % would mean nothing.
  const sample = [...QUESTIONS.filter((q) => !q.ordered).slice(0, 6), ...QUESTIONS.filter((q) => q.ordered).slice(0, 2)];
  const byText = new Map(QUESTIONS.map((q) => [q.question, q]));
  const oracle: Asker = async (db, asked) => ({ ids: await expectedIds(db, byText.get(asked.question)!) });

  it('scores answers equal to the expected ids as correct', async () => {
    const r = await runAccuracy(t.db, sample, [], oracle);
    expect(r.questions.map((o) => o.detail).filter(Boolean)).toEqual([]);
    expect(r.questions.every((o) => o.correct)).toBe(true);
  }, 120_000);

  it('scores a missing id, an extra id, a wrong order and a refusal as wrong', async () => {
    const [missing, extra, refused] = sample.filter((q) => !q.ordered);
    const ordered = sample.find((q) => q.ordered)!;
    const offByOne: Asker = async (db, asked) => {
      const ids = await expectedIds(db, byText.get(asked.question)!);
      if (asked.question === missing.question) return { ids: ids.slice(1) };
      if (asked.question === extra.question) return { ids: [...ids, 'not-an-id'] };
      if (asked.question === refused.question) return { refused: 'not_understood', reason: 'test' };
      if (asked.question === ordered.question) return { ids: [...ids].reverse() };
      return { ids };
    };
    const r = await runAccuracy(t.db, [missing, extra, refused, ordered], [], offByOne);
    expect(r.questions.map((o) => o.correct)).toEqual([false, false, false, false]);
  }, 120_000);

  it('reads the ids back through the real executor (sentinel views, role, RLS) in the same shape as the expected SQL', async () => {
    // A query compiled by hand over the sentinel views, standing in for the engine: the runner's
    // plumbing (string ids, order kept) must agree with the base-table SQL the set is written in.
    // Revenue leaves cancelled transactions out (RULES.md), as de-022's expected SQL does.
    const munich = QUESTIONS.find((q) => q.id === 'de-017')!;
    const top = QUESTIONS.find((q) => q.id === 'de-022')!;
    const viaViews: Asker = async (db, asked) => {
      const compiled = asked.question === munich.question
        ? { sql: 'SELECT c.id FROM sentinel.customers c WHERE c.partner_id = $1 AND c.city = $2', params: [asked.partner, 'München'], filters: [] }
        : { sql: `SELECT t.customer_id AS id FROM sentinel.transactions t WHERE t.partner_id = $1 AND t.customer_id IS NOT NULL
                  AND t.ticket_type <> 'cancelled'
                  GROUP BY t.customer_id ORDER BY sum(t.amount) DESC, t.customer_id LIMIT 10`, params: [asked.partner], filters: [] };
      return { ids: (await executeSentinelQuery(db, asked.partner, compiled, 10_000)).ids };
    };
    const r = await runAccuracy(t.db, [munich, top], [], viaViews);
    expect(r.questions.map((o) => o.detail)).toEqual(['', '']);
    expect(r.questions[0].expectedCount).toBeGreaterThan(0);
  }, 120_000);
});

describe('execution accuracy of the engine', () => {
  let report: AccuracyReport;
  let issue15: AccuracyReport;
  beforeAll(async () => {
    report = await runAccuracy(t.db, QUESTIONS, REFUSALS);
    console.log(formatReport(report));
    const mine = new Set(QUESTIONS_ISSUE_15.map((q) => q.id));
    const of15 = report.questions.filter((o) => mine.has(o.question.id));
    const rate = (l: 'de' | 'en') => {
      const own = of15.filter((o) => o.question.language === l);
      const correct = own.filter((o) => o.correct).length;
      return { total: own.length, correct, accuracy: own.length === 0 ? 0 : correct / own.length };
    };
    issue15 = { ...report, questions: of15, byLanguage: { de: rate('de'), en: rate('en') } };
  }, 600_000);

  it(`reaches ${GOAL * 100} % on issue 15's German questions`, () => {
    expect(issue15.byLanguage.de.accuracy).toBeGreaterThanOrEqual(GOAL);
  });
  it(`reaches ${GOAL * 100} % on issue 15's English questions`, () => {
    expect(issue15.byLanguage.en.accuracy).toBeGreaterThanOrEqual(GOAL);
  });
  it(`stays at or above the dev set's floor (German ${DEV_FLOOR.de * 100} %, English ${DEV_FLOOR.en * 100} %)`, () => {
    expect(report.byLanguage.de.accuracy).toBeGreaterThanOrEqual(DEV_FLOOR.de);
    expect(report.byLanguage.en.accuracy).toBeGreaterThanOrEqual(DEV_FLOOR.en);
  });
  it(`refuses with the right kind in at least ${GOAL * 100} % of the refusal cases`, () => {
    expect(report.refusalAccuracy.accuracy).toBeGreaterThanOrEqual(GOAL);
  });
});
