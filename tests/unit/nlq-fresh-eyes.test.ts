// What the fresh-eyes walk of issue 21 found (2026-11-28), each as the rule it broke: a suggestion
// that keeps only debris of the question, conditions that contradict each other answered as 0
// rows, a quoted title with its punctuation refused.
import { describe, expect, it } from 'vitest';
import { closestQuestion, parseQuestion, type Vocabulary } from '../../src/server/engines/nlq';
import { hasContradiction } from '../../src/server/engines/nlq/contradictions';
import { NOW, VOCAB as BASE } from './nlq-fixtures';

const SINFONIE = '1. Sinfoniekonzert – Tschaikowsky: Klavierkonzert Nr. 1';
const VOCAB: Vocabulary = { ...BASE, titles: [...BASE.titles, SINFONIE, 'Chor der Stadt – Mozart: Requiem'] };
const opts = (outcome: 'customers' | 'events' | 'transactions', language: 'de' | 'en') => ({ language, outcome, vocabulary: VOCAB, now: NOW });

describe('"Ask this instead" keeps the question, not its debris', () => {
  it.each([
    ['blorf wibble the thing from last time', 'customers', 'en'],
    ['blorf wibble quux Kunden', 'customers', 'de'],
    ['zorp the customers ordered by revenue', 'customers', 'en'],
  ] as const)('%s: nothing offered', (text, outcome, language) => {
    const r = parseQuestion(text, opts(outcome, language));
    expect(r.ok).toBe(false);
    expect(closestQuestion(text, r, opts(outcome, language))).toBeUndefined();
  });
  it('one unknown word among a real question is still offered without it', () => {
    const text = 'Kunden aus Köln mit Flurbereinigung';
    const s = closestQuestion(text, parseQuestion(text, opts('customers', 'de')), opts('customers', 'de'));
    expect(s?.question).toBe('Kunden aus Köln');
  });
});

describe('contradicting conditions are refused, never answered as 0 rows', () => {
  it('finds empty ranges on one field or one related measure, and leaves real ranges alone', () => {
    const f = (op: '>' | '>=' | '<' | '<=' | '=', value: number | string, field = 'date') => ({ kind: 'field' as const, field: { tag: 'e' as const, field }, op, value });
    const r = (op: '>' | '=' | '<', value: number, where = [f('=', 'cancelled', 'ticket_type')]) => ({ kind: 'related' as const, measure: 'transactions' as const, where, op, value });
    expect(hasContradiction({ filters: [f('>=', '2026-11-28'), f('<', '2026-11-28')] })).toBe(true);
    expect(hasContradiction({ filters: [f('>=', '2026-12-01'), f('<', '2026-11-01')] })).toBe(true);
    expect(hasContradiction({ filters: [r('>', 0), r('=', 0)] })).toBe(true);
    expect(hasContradiction({ filters: [f('=', 3, 'capacity'), f('=', 4, 'capacity')] })).toBe(true);
    expect(hasContradiction({ filters: [f('>=', '2026-11-01'), f('<', '2026-12-01')] })).toBe(false);
    expect(hasContradiction({ filters: [r('>', 2, []), r('<', 5, [])] })).toBe(false);
    expect(hasContradiction({ filters: [r('>', 0), r('=', 0, [])] })).toBe(false);
    expect(hasContradiction({ filters: [f('>=', '2026-11-28'), f('<=', '2026-11-28')] })).toBe(false);
  });
  it('"storniert, aber nichts gekauft" read as >0 and =0 of the same rows is refused', () => {
    const r = parseQuestion('Welche Kunden haben Tickets storniert, aber nichts gekauft?', opts('customers', 'de'));
    if (r.ok) expect(hasContradiction(r.query)).toBe(false);
    else expect(r.refusal).toBe('not_understood');
  });
});

describe('a quoted title keeps its punctuation', () => {
  it.each([`„${SINFONIE}“`, `"${SINFONIE}"`, `»${SINFONIE}«`])('Wer hat Tickets für %s gekauft?', (quoted) => {
    const r = parseQuestion(`Wer hat Tickets für ${quoted} gekauft?`, opts('customers', 'de'));
    expect(r.ok && JSON.stringify(r.query)).toContain(JSON.stringify(SINFONIE));
  });
});
