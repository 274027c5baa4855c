// Sentinel accuracy on the HOLD-OUT (issue 21 §3): questions written from RULES.md, the schema and
// the demo data by someone who had not read the parser, kept out of QUESTIONS so that the engine's
// authors never tune to them. This gate prints only the totals (never a question or a failure) and
// fails when the engine falls below the floor measured when the hold-out was written, minus a
// margin — a regression guard. The goal is ≥ 90 % per language; raise the floors as the
// engine gets there (never by looking at the failing hold-out questions).
//
// Measured 2026-11-28 on main's engine at 857c7ad (npx tsx bench/nlq-accuracy.ts --holdout):
//   German 37/70 = 52.9 % [41.3–64.1 %], English 35/70 = 50.0 % [38.6–61.4 %], refusals 12/16.
// After issue 21's words, values and set-rules branches (same day): German 60/70 = 85.7 %
//   [75.7–92.1 %], English 58/70 = 82.9 % [72.4–89.9 %], refusals 13/16.
// 2026-11-28, after a fourth dev batch written without the engine: German 60/70, English 59/70.
//   Then the engine was changed from a CLASS-level description of the remaining failures (given by
//   the hold-out's custodian, no question seen): German 66/70 = 94.3 %, English 66/70 = 94.3 %,
//   refusals 15/16. From then on this set is no longer blind; HOLDOUT_2 (below), written afterwards
//   by another author who saw neither engine nor classes, is: German 27/30 = 90.0 % [74.4–96.5 %],
//   English 25/30 = 83.3 % [66.4–92.7 %].
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONS, REFUSALS } from '../nlq-accuracy/index';
import { HOLDOUT, HOLDOUT_2, HOLDOUT_3, HOLDOUT_4, HOLDOUT_5, HOLDOUT_6, HOLDOUT_7, HOLDOUT_8, HOLDOUT_9, HOLDOUT_10, HOLDOUT_REFUSALS } from '../nlq-accuracy/holdout/index';
import { expectedIds, formatTotals, openSeededDb, runAccuracy, type AccuracyReport } from '../nlq-accuracy/runner';
import type { TestDb } from '../helpers/db';
import type { AccuracyQuestion } from '../nlq-accuracy/types';

/** Today's figure minus five questions per language (≈ 7 points), rounded down. */
const FLOOR = { de: 0.87, en: 0.87, refusals: 0.87 } as const;
/** The second hold-out (27/30 each on 2026-11-29): today's figure minus one question per language. */
const FLOOR_2 = { de: 0.86, en: 0.86 } as const;
/**
 * The third hold-out, measured once blind on 2026-11-29 (German 32/40 = 80.0 % [65.2–89.5],
 * English 31/40 = 77.5 % [62.5–87.7]); read since, 39/40 and 36/40 on 2026-11-29 (second session): that minus two questions per language.
 */
const FLOOR_3 = { de: 0.92, en: 0.85 } as const;
/**
 * The fourth hold-out, measured once blind on 2026-11-29 after batch 8's rules (German 35/40 =
 * 87.5 % [73.9–94.5], English 31/40 = 77.5 % [62.5–87.7]); read since, 38/40 each on 2026-11-29 (second session): that minus two questions per language.
 */
const FLOOR_4 = { de: 0.9, en: 0.9 } as const;
/**
 * The fifth hold-out, measured once blind on 2026-11-29 after hold-outs 1–4's failures had been
 * read (German 33/40 = 82.5 % [68.1–91.3], English 31/40 = 77.5 % [62.5–87.7]; German 32/39 after
 * a question that repeated the first hold-out's was removed); read since, 38/39 and 40/40 on 2026-11-29 (second
 * session): that minus two questions per language.
 */
const FLOOR_5 = { de: 0.92, en: 0.95 } as const;
/**
 * The sixth hold-out, measured once blind on 2026-11-29 after the fifth's failures had been read
 * (German 32/40 = 80.0 % [65.2–89.5], English 29/40 = 72.5 % [57.2–83.9]; 31/39 and 28/39 after two
 * questions that repeated earlier sets' were removed unread); read since, 39/39 each on 2026-11-29:
 * that minus two questions per language.
 */
const FLOOR_6 = { de: 0.94, en: 0.94 } as const;
/**
 * The seventh hold-out, measured once blind on 2026-11-29 after the sixth's failures had been read
 * (German 34/40 = 85.0 % [70.9–92.9], English 33/39 = 84.6 % [70.3–92.8]; one English question that
 * repeated an earlier set's was removed unread first); read since, 40/40 and 39/39 on 2026-11-29:
 * that minus two questions per language.
 */
const FLOOR_7 = { de: 0.95, en: 0.94 } as const;
/**
 * The eighth hold-out, measured once blind on 2026-11-29 after the seventh's failures had been read
 * (German 37/38 = 97.4 % [86.5–99.5], English 35/40 = 87.5 % [73.9–94.5]; two German questions that
 * repeated earlier sets' were removed unread first); read since, 38/38 and 40/40 on 2026-11-29:
 * that minus two questions per language.
 */
const FLOOR_8 = { de: 0.94, en: 0.95 } as const;
/**
 * The ninth hold-out, measured once blind on 2026-11-29 after the eighth's failures had been read
 * (German 34/39 = 87.2 % [73.3–94.4], English 34/38 = 89.5 % [75.9–95.8]; three questions that
 * repeated earlier sets' were removed unread first); read since, 39/39 and 38/38 on 2026-11-29:
 * that minus two questions per language.
 */
const FLOOR_9 = { de: 0.94, en: 0.94 } as const;
/**
 * The tenth hold-out, measured once blind on 2026-11-29 after the ninth's failures had been read
 * (German 37/40 = 92.5 % [80.1–97.4], English 38/40 = 95.0 % [83.5–98.6]; no repeats of earlier
 * sets); read since, 40/40 and 39/40 on 2026-11-29: that minus two questions per language.
 */
const FLOOR_10 = { de: 0.95, en: 0.925 } as const;
const GOAL = 0.9;

// What the engine understands does not depend on the database, and the dev set's gate already runs
// the compiled SQL on the test PostgreSQL: the hold-out is asked once, on PGlite (CI time).
const ON_SERVER = Boolean(process.env.TEST_DATABASE_URL);

let t: TestDb;
beforeAll(async () => {
  if (!ON_SERVER) t = await openSeededDb();
}, 300_000);
afterAll(() => t?.close());

describe.skipIf(ON_SERVER)('the hold-out itself', () => {
  it('has at least 120 questions, at least 55 per language, both partners, all outcomes, and refusal cases', () => {
    expect(HOLDOUT.length).toBeGreaterThanOrEqual(120);
    for (const language of ['de', 'en'] as const) {
      const mine = HOLDOUT.filter((q) => q.language === language);
      expect(mine.length).toBeGreaterThanOrEqual(55);
      expect(new Set(mine.map((q) => q.partner))).toEqual(new Set([1001, 1002]));
      expect(new Set(mine.map((q) => q.outcome))).toEqual(new Set(['customers', 'events', 'transactions']));
    }
    expect(HOLDOUT_REFUSALS.length).toBeGreaterThanOrEqual(10);
  });

  it('is apart from the dev set: no shared id or question text, and not inside QUESTIONS', () => {
    const ids = [...QUESTIONS, ...HOLDOUT].map((q) => q.id);
    const refusalIds = [...REFUSALS, ...HOLDOUT_REFUSALS].map((r) => r.id);
    expect(new Set([...ids, ...refusalIds]).size).toBe(ids.length + refusalIds.length);
    const devTexts = new Set(QUESTIONS.map((q) => q.question.toLowerCase()));
    expect(HOLDOUT.filter((q) => devTexts.has(q.question.toLowerCase())).map((q) => q.id)).toEqual([]);
    expect(HOLDOUT.every((q) => /^(de|en)-h\d{3}$/.test(q.id) && q.id.startsWith(q.language))).toBe(true);
  });

  it('expects plausible answers: every SQL runs, none answers every row or more than the cap, at most 10 % answer nothing', async () => {
    const TABLE = { customers: 'customers', events: 'events', transactions: 'ticket_transactions' } as const;
    const empty: string[] = [];
    const everything: string[] = [];
    const overCap: string[] = [];
    for (const q of HOLDOUT) {
      const ids = await expectedIds(t.db, q);
      const [n] = (await expectedIds(t.db, { ...q, ordered: true, sql: `SELECT count(*)::text AS id FROM ${TABLE[q.outcome]} WHERE partner_id = :partner` })).map(Number);
      if (ids.length === 0) empty.push(q.id);
      if (ids.length === n) everything.push(q.id);
      if (ids.length > 10_000) overCap.push(q.id);
    }
    expect(everything).toEqual([]);
    expect(overCap).toEqual([]);
    expect(empty.length).toBeLessThanOrEqual(Math.floor(HOLDOUT.length * 0.1));
  }, 300_000);
});

describe.skipIf(ON_SERVER)('execution accuracy of the engine on the hold-out', () => {
  let report: AccuracyReport;
  beforeAll(async () => {
    report = await runAccuracy(t.db, HOLDOUT, HOLDOUT_REFUSALS);
    // Totals only: the hold-out's questions and failures stay unseen by the engine's authors.
    console.log(formatTotals(report, `Hold-out (floors de ${FLOOR.de}, en ${FLOOR.en}; goal ${GOAL})`));
  }, 600_000);

  it(`stays at or above the German floor (${FLOOR.de * 100} %)`, () => {
    expect(report.byLanguage.de.accuracy).toBeGreaterThanOrEqual(FLOOR.de);
  });
  it(`stays at or above the English floor (${FLOOR.en * 100} %)`, () => {
    expect(report.byLanguage.en.accuracy).toBeGreaterThanOrEqual(FLOOR.en);
  });
  it(`refuses with the right kind in at least ${FLOOR.refusals * 100} % of the hold-out refusal cases`, () => {
    expect(report.refusalAccuracy.accuracy).toBeGreaterThanOrEqual(FLOOR.refusals);
  });
});

/** A later hold-out, gated on its own: apart from every earlier question, both languages, partners and outcomes, its floors. */
function laterHoldout(name: string, set: AccuracyQuestion[], earlier: AccuracyQuestion[], floor: { de: number; en: number }, perLanguage: number) {
  describe.skipIf(ON_SERVER)(`execution accuracy of the engine on the ${name} hold-out`, () => {
    let report: AccuracyReport;
    beforeAll(async () => {
      report = await runAccuracy(t.db, set, []);
      console.log(formatTotals(report, `${name[0]!.toUpperCase()}${name.slice(1)} hold-out (floors de ${floor.de}, en ${floor.en}; goal ${GOAL})`));
    }, 600_000);

    it('is apart from every other question and has both languages, partners and outcomes', () => {
      const texts = new Set([...QUESTIONS, ...earlier].map((q) => q.question.toLowerCase()));
      expect(set.filter((q) => texts.has(q.question.toLowerCase())).map((q) => q.id)).toEqual([]);
      for (const language of ['de', 'en'] as const) {
        const mine = set.filter((q) => q.language === language);
        expect(mine.length).toBeGreaterThanOrEqual(perLanguage);
        expect(new Set(mine.map((q) => q.partner))).toEqual(new Set([1001, 1002]));
        expect(new Set(mine.map((q) => q.outcome))).toEqual(new Set(['customers', 'events', 'transactions']));
      }
    });
    it(`stays at or above the German floor (${floor.de * 100} %)`, () => {
      expect(report.byLanguage.de.accuracy).toBeGreaterThanOrEqual(floor.de);
    });
    it(`stays at or above the English floor (${floor.en * 100} %)`, () => {
      expect(report.byLanguage.en.accuracy).toBeGreaterThanOrEqual(floor.en);
    });
  });
}

laterHoldout('second', HOLDOUT_2, HOLDOUT, FLOOR_2, 30);
laterHoldout('third', HOLDOUT_3, [...HOLDOUT, ...HOLDOUT_2], FLOOR_3, 40);
laterHoldout('fourth', HOLDOUT_4, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3], FLOOR_4, 40);
laterHoldout('fifth', HOLDOUT_5, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4], FLOOR_5, 39);
laterHoldout('sixth', HOLDOUT_6, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4, ...HOLDOUT_5], FLOOR_6, 39);
laterHoldout('seventh', HOLDOUT_7, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4, ...HOLDOUT_5, ...HOLDOUT_6], FLOOR_7, 39);
laterHoldout('eighth', HOLDOUT_8, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4, ...HOLDOUT_5, ...HOLDOUT_6, ...HOLDOUT_7], FLOOR_8, 38);
laterHoldout('ninth', HOLDOUT_9, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4, ...HOLDOUT_5, ...HOLDOUT_6, ...HOLDOUT_7, ...HOLDOUT_8], FLOOR_9, 38);
laterHoldout('tenth', HOLDOUT_10, [...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4, ...HOLDOUT_5, ...HOLDOUT_6, ...HOLDOUT_7, ...HOLDOUT_8, ...HOLDOUT_9], FLOOR_10, 40);
