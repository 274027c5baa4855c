// The Sentinel accuracy runner: seeds the demo data once at the fixed NOW, asks every question of
// the set through the engine as the server does (vocabulary → parseQuestion → compileQuery →
// executeSentinelQuery) and compares the ids with the hand-written expected SQL over the base
// tables: exact set equality, or the exact ordered list for top-N questions. Refusal cases are
// scored apart: the refusal kind must match.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../src/server/db/client';
import { setClock } from '../../src/server/lib/clock';
import { seedIfEmpty } from '../../src/server/demo/index';
import { checkSql, compileQuery, parseQuestion, type Vocabulary } from '../../src/server/engines/nlq';
import { executeSentinelQuery } from '../../src/server/modules/nlq/execute';
import { SENTINEL } from '../../src/lib/contracts/nlq';
import { createTestDb, type TestDb } from '../helpers/db';
import { NOW } from './rules';
import { loadPartnerVocabulary } from './vocabulary';
import { formatWithInterval } from './wilson';
import type { AccuracyQuestion, DemoPartner, Language, RefusalCase } from './types';

export interface QuestionOutcome {
  question: AccuracyQuestion;
  correct: boolean;
  /** Why it failed: refused, threw, or the ids differ (with counts). */
  detail: string;
  expectedCount: number;
  gotCount: number | null;
  ms: number;
}

export interface RefusalOutcome {
  refusal: RefusalCase;
  correct: boolean;
  got: string;
}

export interface AccuracyReport {
  questions: QuestionOutcome[];
  refusals: RefusalOutcome[];
  byLanguage: Record<Language, { total: number; correct: number; accuracy: number }>;
  refusalAccuracy: { total: number; correct: number; accuracy: number };
  vocabularySource: string;
}

/** A fresh database with the demo seed laid out around NOW, the server clock pinned to NOW. */
export async function openSeededDb(): Promise<TestDb> {
  setClock(() => NOW.getTime());
  const t = await createTestDb();
  await seedIfEmpty(t.db, 'demo', NOW);
  return t;
}

/** The expected ids of a question from its hand-written SQL (`:partner` is our own number). */
export async function expectedIds(db: Db, q: AccuracyQuestion): Promise<string[]> {
  const text = q.sql.replace(/(?<!:):partner\b/g, String(Number(q.partner)));
  const ids = (await rows<{ id: unknown }>(db, sql.raw(text))).map((r) => String(r.id));
  return q.ordered ? ids : [...new Set(ids)].sort();
}

function sameIds(expected: string[], got: string[], ordered: boolean): boolean {
  if (expected.length !== got.length) return false;
  const b = ordered ? got : [...got].sort();
  return expected.every((id, i) => id === b[i]);
}

function describeDiff(expected: string[], got: string[]): string {
  const g = new Set(got);
  const e = new Set(expected);
  const missing = expected.filter((id) => !g.has(id));
  const extra = got.filter((id) => !e.has(id));
  if (missing.length === 0 && extra.length === 0) return `same ids, wrong order (got ${got.slice(0, 5).join(', ')}…)`;
  return `expected ${expected.length}, got ${got.length} (missing ${missing.length}: ${missing.slice(0, 3).join(', ')}; extra ${extra.length}: ${extra.slice(0, 3).join(', ')})`;
}

/**
 * How a question is answered: ids in the answer's order, or a refusal. The default asks the engine
 * as the server does; the runner's own test passes oracles to prove the scoring can fail.
 */
export type Asker = (db: Db, q: { question: string; language: Language; outcome: AccuracyQuestion['outcome']; partner: DemoPartner }, vocabulary: Vocabulary) => Promise<{ ids: string[] } | { refused: string; reason: string }>;

export const askEngine: Asker = async (db, q, vocabulary) => {
  const parsed = parseQuestion(q.question, { language: q.language, outcome: q.outcome, vocabulary, now: NOW });
  if (!parsed.ok) return { refused: parsed.refusal, reason: parsed.reason };
  const compiled = compileQuery(parsed.query, { partnerId: q.partner, maxRows: SENTINEL.maxResults });
  // The server runs only SQL the guard accepts, so a compiled query it refuses is a wrong answer.
  const guard = await checkSql(compiled.sql);
  if (!guard.ok) return { refused: `guard ${guard.reason}`, reason: guard.detail };
  const result = await executeSentinelQuery(db, q.partner, compiled, SENTINEL.maxResults);
  return { ids: result.ids.map(String) };
};

async function askOne(db: Db, ask: Asker, q: AccuracyQuestion, vocabulary: Vocabulary, expected: string[]): Promise<QuestionOutcome> {
  const t0 = performance.now();
  const base = { question: q, expectedCount: expected.length };
  try {
    const answer = await ask(db, q, vocabulary);
    if ('refused' in answer) {
      return { ...base, correct: false, gotCount: null, ms: performance.now() - t0, detail: `refused ${answer.refused}: ${answer.reason}` };
    }
    const got = answer.ids;
    const correct = sameIds(expected, got, q.ordered === true);
    return { ...base, correct, gotCount: got.length, ms: performance.now() - t0, detail: correct ? '' : describeDiff(expected, got) };
  } catch (err) {
    return { ...base, correct: false, gotCount: null, ms: performance.now() - t0, detail: `error: ${(err as Error).message}` };
  }
}

function ratio(correct: number, total: number) {
  return { total, correct, accuracy: total === 0 ? 0 : correct / total };
}

export async function runAccuracy(db: Db, questions: AccuracyQuestion[], refusals: RefusalCase[], ask: Asker = askEngine): Promise<AccuracyReport> {
  const vocabularies = new Map<DemoPartner, Vocabulary>();
  let vocabularySource = '';
  const vocabularyOf = async (partner: DemoPartner) => {
    if (!vocabularies.has(partner)) {
      const loaded = await loadPartnerVocabulary(db, partner);
      vocabularySource = loaded.source;
      vocabularies.set(partner, loaded.vocabulary);
    }
    return vocabularies.get(partner)!;
  };

  const outcomes: QuestionOutcome[] = [];
  for (const q of questions) {
    const expected = await expectedIds(db, q);
    outcomes.push(await askOne(db, ask, q, await vocabularyOf(q.partner), expected));
  }

  const refusalOutcomes: RefusalOutcome[] = [];
  for (const r of refusals) {
    let got: string;
    try {
      const answer = await ask(db, r, await vocabularyOf(r.partner));
      got = 'refused' in answer ? answer.refused : 'answered';
    } catch (err) {
      got = `error: ${(err as Error).message}`;
    }
    refusalOutcomes.push({ refusal: r, correct: got === r.expected, got });
  }

  const lang = (l: Language) => {
    const mine = outcomes.filter((o) => o.question.language === l);
    return ratio(mine.filter((o) => o.correct).length, mine.length);
  };
  return {
    questions: outcomes,
    refusals: refusalOutcomes,
    byLanguage: { de: lang('de'), en: lang('en') },
    refusalAccuracy: ratio(refusalOutcomes.filter((o) => o.correct).length, refusalOutcomes.length),
    vocabularySource,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * The totals only: per language with the 95 % Wilson interval, per outcome, refusals. No question
 * text and no failure — what may be printed of the hold-out (issue 21 §3).
 */
export function formatTotals(r: AccuracyReport, label: string): string {
  const lines: string[] = [];
  lines.push(`${label} (95 % Wilson intervals):`);
  for (const l of ['de', 'en'] as const) {
    const s = r.byLanguage[l];
    lines.push(`  ${l}: ${s.correct}/${s.total} = ${formatWithInterval(s.correct, s.total)}`);
  }
  for (const outcome of ['customers', 'events', 'transactions'] as const) {
    const cells = (['de', 'en'] as const).map((l) => {
      const mine = r.questions.filter((o) => o.question.language === l && o.question.outcome === outcome);
      return `${l} ${mine.filter((o) => o.correct).length}/${mine.length}`;
    });
    lines.push(`    ${outcome}: ${cells.join(', ')}`);
  }
  const rs = r.refusalAccuracy;
  lines.push(`  refusals: ${rs.correct}/${rs.total} = ${rs.total === 0 ? '–' : pct(rs.accuracy)}`);
  return lines.join('\n');
}

/** The per-language report with every failing question, as plain text. */
export function formatReport(r: AccuracyReport, label = 'Dev set'): string {
  const lines: string[] = [];
  lines.push(`Sentinel execution accuracy at NOW ${NOW.toISOString()} (vocabulary: ${r.vocabularySource})`);
  lines.push(formatTotals(r, label));
  const failing = r.questions.filter((o) => !o.correct);
  if (failing.length > 0) {
    lines.push(`Failing questions (${failing.length}):`);
    for (const o of failing) lines.push(`  ${o.question.id} [${o.question.outcome}] "${o.question.question}" — ${o.detail}`);
  }
  const wrongRefusals = r.refusals.filter((o) => !o.correct);
  if (wrongRefusals.length > 0) {
    lines.push(`Failing refusals (${wrongRefusals.length}):`);
    for (const o of wrongRefusals) lines.push(`  ${o.refusal.id} "${o.refusal.question}" — expected ${o.refusal.expected}, got ${o.got}`);
  }
  const times = r.questions.map((o) => o.ms).sort((a, b) => a - b);
  if (times.length > 0) {
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)].toFixed(0);
    lines.push(`Per question (parse + compile + execute, PGlite): median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`);
  }
  return lines.join('\n');
}
