// Questions of issue 21 §2 that once answered a different question or failed the task, shared by
// tests/unit/nlq-hard-refusals.test.ts (parse + compile) and tests/api/nlq-hard-refusals.test.ts
// (the real call and task on PGlite). `refuse`: the problem the refusal must name (as typed,
// shortened); otherwise the question must be answered, `check` says how.
import { expect } from 'vitest';
import type { Entity, TypedQuery } from '../../src/server/engines/nlq';

export interface HardCase {
  question: string;
  outcome: Entity;
  language: 'en' | 'de';
  refuse?: string;
  check?: (filters: TypedQuery['filters']) => void;
}

const noCount = (filters: TypedQuery['filters']) => {
  for (const f of filters) if (f.kind === 'related') expect(f.value === 0 || (f.op === '>' && f.value === 0) || Number.isInteger(f.value)).toBe(true);
};

export const HARD_CASES: [string, HardCase][] = [
  ['events on 2025-02-30: no such day', { question: 'events on 2025-02-30', outcome: 'events', language: 'en', refuse: '2025-02-30' }],
  ['am 31.02.2025: no such day', { question: 'Veranstaltungen am 31.02.2025', outcome: 'events', language: 'de', refuse: '31.02.2025' }],
  ['29 February of a common year', { question: 'Veranstaltungen am 29.02.2025', outcome: 'events', language: 'de', refuse: '29.02.2025' }],
  ['month 13', { question: 'events on 2025-13-01', outcome: 'events', language: 'en', refuse: '2025-13-01' }],
  ['day 32 without a year', { question: 'Veranstaltungen am 32.1.', outcome: 'events', language: 'de', refuse: '32.1' }],
  ['29 February of a leap year is a day', {
    question: 'Veranstaltungen am 29.02.2024', outcome: 'events', language: 'de',
    check: (f) => expect(f).toContainEqual({ kind: 'field', field: { tag: 'e', field: 'date' }, op: '>=', value: '2024-02-29' }),
  }],
  ['a count beyond any column', { question: 'Kunden mit mehr als 99999999999999999999 Tickets', outcome: 'customers', language: 'de', refuse: '99999999999999999999' }],
  ['a fraction of transactions', { question: 'Kunden mit mehr als 1.9 Transaktionen', outcome: 'customers', language: 'de', refuse: '1.9' }],
  ['a German decimal of tickets is one number, refused as a fraction', { question: 'Kunden mit mehr als 2,5 Tickets', outcome: 'customers', language: 'de', refuse: '2,5' }],
  ['a birth year beyond smallint', { question: 'Kunden mit Geburtsjahr über 99999', outcome: 'customers', language: 'de', refuse: '99999' }],
  ['seit 1.9. is a date, not a count ≥ 1.9', { question: 'Kunden, die seit 1.9. gekauft haben', outcome: 'customers', language: 'de', check: noCount }],
  ['ab 1.9. is a date', { question: 'Transaktionen ab 1.9.', outcome: 'transactions', language: 'de', check: (f) => expect(f).toContainEqual({ kind: 'field', field: { tag: 't', field: 'date' }, op: '>=', value: '2026-09-01' }) }],
  ['injection residue is no condition', { question: "Kunden aus Köln' OR '1'='1", outcome: 'customers', language: 'de', refuse: "' OR '" }],
  ['a tautology is no condition', { question: 'customers where 1=1', outcome: 'customers', language: 'en', refuse: '1=1' }],
  ['between 1900 and 9999 is neither a span of years nor a count', { question: 'transactions between 1900 and 9999', outcome: 'transactions', language: 'en', refuse: 'between 1900 and 9999' }],
  ['between two amounts with a unit stays an amount', {
    question: 'Transaktionen zwischen 2000 und 3000 Euro', outcome: 'transactions', language: 'de',
    check: (f) => expect(f.filter((x) => x.kind === 'field' && x.field.field === 'date')).toEqual([]),
  }],
  ['quoted alternatives are still alternatives', { question: 'Veranstaltungen der Sparte "Oper" oder "Ballett"', outcome: 'events', language: 'de' }],
  ['a top far beyond the cap is capped, not an error', { question: 'top 99999999999 customers by revenue', outcome: 'customers', language: 'en' }],
];
