// Issue 21 §2, hard refusals: no confident wrong answer and no question that makes a task fail.
// An impossible date is refused naming it (not rolled over to March); a number no column holds
// and a fraction against a count are refused before SQL by the parser, the typed query's schema
// and the compiler (never the database); injection residue and "between 1900 and 9999" become no
// condition; "seit 1.9." is a date. Each question goes through parse + compile: either a refusal
// naming the problem, or a query the schema accepts and the compiler turns into SQL.
// tests/api/nlq-hard-refusals.test.ts asks the same through the real call and task on PGlite.
import { describe, expect, it } from 'vitest';
import { compileQuery, CompileError, parseQuestion, TypedQuery, type Entity, type FieldFilter, type RelatedFilter } from '../../src/server/engines/nlq';
import { NOW, VOCAB } from './nlq-fixtures';
import { HARD_CASES } from './nlq-hard-cases';

function parse(text: string, outcome: Entity, language: 'en' | 'de') {
  return parseQuestion(text, { language, outcome, vocabulary: VOCAB, now: NOW });
}

describe('hard cases: refused naming the problem, or answered with a query that compiles', () => {
  it.each(HARD_CASES)('%s', (_label, c) => {
    const r = parse(c.question, c.outcome, c.language);
    if (c.refuse) {
      expect(r.ok, `${c.question} must be refused`).toBe(false);
      if (r.ok) return;
      expect(r.refusal).toBe('not_understood');
      expect(r.problems, r.reason).toContain(c.refuse);
      return;
    }
    if (!r.ok) throw new Error(`${c.question} refused: ${r.reason}`);
    expect(TypedQuery.safeParse(r.query).success).toBe(true);
    const compiled = compileQuery(r.query, { partnerId: 1001, maxRows: 10_000 });
    expect(compiled.sql).toMatch(/^SELECT /);
    c.check?.(r.query.filters);
  });
});

describe('"seit 1.9." and "ab 1.9." are dates', () => {
  const dates = (filters: TypedQuery['filters']) =>
    filters.flatMap((f) => (f.kind === 'related' ? f.where : [f])).filter((f: FieldFilter) => f.field.field === 'date');
  it('since 1 September of this year, up to today', () => {
    const r = parse('Transaktionen seit 1.9.', 'transactions', 'de');
    if (!r.ok) throw new Error(r.reason);
    expect(dates(r.query.filters).map((f) => [f.op, f.value])).toEqual([['>=', '2026-09-01'], ['<', '2026-11-24T09:00:00.000Z']]);
  });
  it('"seit 1.12." in November is last December, not a day still ahead', () => {
    const r = parse('Transaktionen seit 1.12.', 'transactions', 'de');
    if (!r.ok) throw new Error(r.reason);
    expect(dates(r.query.filters)[0]).toMatchObject({ op: '>=', value: '2025-12-01' });
  });
  it('never a count compared with 1.9', () => {
    const r = parse('Kunden, die ab 1.9. gekauft haben', 'customers', 'de');
    if (!r.ok) throw new Error(r.reason);
    const counts = r.query.filters.filter((f): f is RelatedFilter => f.kind === 'related');
    expect(counts.every((c) => Number.isInteger(c.value))).toBe(true);
    expect(dates(r.query.filters)[0]).toMatchObject({ op: '>=', value: '2026-09-01' });
  });
});

describe('the typed query schema and the compiler enforce the number rules themselves', () => {
  const q = (value: number, measure: RelatedFilter['measure'] = 'transactions'): TypedQuery => ({
    outcome: 'customers',
    filters: [{ kind: 'related', measure, where: [], op: '>=', value }],
  });
  it('a fraction against a count, or a number beyond any column, fails the schema and the compiler with a CompileError', () => {
    for (const bad of [q(1.9), q(1e20, 'tickets'), q(2.5, 'tickets')]) {
      expect(TypedQuery.safeParse(bad).success).toBe(false);
      expect(() => compileQuery(bad, { partnerId: 1001, maxRows: 100 })).toThrow(CompileError);
    }
    const field = (field: string, tag: 'c' | 'e' | 't', value: number): TypedQuery => ({ outcome: 'customers', filters: [{ kind: 'field', field: { tag, field }, op: '>', value }] });
    for (const bad of [field('birth_year', 'c', 99_999), field('birth_year', 'c', 1960.5), field('capacity', 'e', 3e9)]) {
      expect(() => compileQuery(bad, { partnerId: 1001, maxRows: 100 })).toThrow(CompileError);
    }
  });
  it('revenue keeps its cents, counts their whole numbers', () => {
    expect(TypedQuery.safeParse(q(99.5, 'revenue')).success).toBe(true);
    expect(TypedQuery.safeParse(q(3)).success).toBe(true);
  });
});
