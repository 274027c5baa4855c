// The accuracy report's two forms (tests/nlq-accuracy/runner.ts): the hold-out is printed as
// totals only — per language with the Wilson interval — and never shows a question's text, id or
// failure (issue 21 §3: the engine's authors must not see the hold-out's questions).
import { describe, expect, it } from 'vitest';
import { formatReport, formatTotals, type AccuracyReport } from '../nlq-accuracy/runner';
import type { AccuracyQuestion } from '../nlq-accuracy/types';

const question = (id: string, language: 'de' | 'en', text: string): AccuracyQuestion => ({
  id, language, partner: language === 'de' ? 1001 : 1002, outcome: 'customers', question: text, sql: 'SELECT 1 AS id',
});

const report: AccuracyReport = {
  questions: [
    { question: question('de-h901', 'de', 'geheime Frage eins'), correct: true, detail: '', expectedCount: 3, gotCount: 3, ms: 1 },
    { question: question('de-h902', 'de', 'geheime Frage zwei'), correct: false, detail: 'expected 3, got 4 (extra 1: 77)', expectedCount: 3, gotCount: 4, ms: 1 },
    { question: question('en-h901', 'en', 'secret question'), correct: true, detail: '', expectedCount: 1, gotCount: 1, ms: 1 },
  ],
  refusals: [{
    refusal: { id: 'r-en-h901', language: 'en', partner: 1002, outcome: 'events', question: 'secret refusal', expected: 'write' },
    correct: false, got: 'not_understood',
  }],
  byLanguage: { de: { total: 2, correct: 1, accuracy: 0.5 }, en: { total: 1, correct: 1, accuracy: 1 } },
  refusalAccuracy: { total: 1, correct: 0, accuracy: 0 },
  vocabularySource: 'test',
};

describe('formatTotals', () => {
  it('prints each language with its Wilson interval and the per-outcome counts', () => {
    const text = formatTotals(report, 'Hold-out');
    expect(text).toContain('de: 1/2 = 50.0 % [9.5–90.5 %]');
    expect(text).toContain('en: 1/1 = 100.0 % [20.7–100.0 %]');
    expect(text).toContain('customers: de 1/2, en 1/1');
    expect(text).toContain('refusals: 0/1');
  });

  it('never prints a question, an id or a failure', () => {
    const text = formatTotals(report, 'Hold-out');
    for (const secret of ['geheime', 'secret', 'de-h90', 'en-h90', 'r-en-h901', 'extra 1', 'not_understood']) expect(text).not.toContain(secret);
  });

  it('differs from the full report, which lists the failures', () => {
    const full = formatReport(report, 'Dev set');
    expect(full).toContain('de-h902');
    expect(full).toContain('geheime Frage zwei');
    expect(full).toContain('r-en-h901');
    expect(full).toContain('de: 1/2 = 50.0 % [9.5–90.5 %]');
  });
});
