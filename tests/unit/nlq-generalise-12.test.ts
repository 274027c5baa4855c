// Issue 21 §3, the classes the tenth hold-out's failures showed once they were read: each rule on
// the typed query in both languages, with our own wordings — never the set's questions.
// NOW = Tuesday 2026-11-24.
import { describe, expect, it } from 'vitest';
import type { Vocabulary } from '../../src/server/engines/nlq';
import { conditions, parserOn, VOCAB, type Lang } from './nlq-fixtures';

const V: Vocabulary = { ...VOCAB, titles: [...VOCAB.titles, 'Jazz im Park 2026', 'Jazz im Park 2025', 'Gala der Sterne 2026/27'] };
const { ok } = parserOn(V);

describe('a title without its trailing year names every edition', () => {
  it.each<[string, Lang, string]>([
    ['Buchungen für Jazz im Park', 'de', 'e.title contains "Jazz im Park"'],
    ['transactions for jazz im park', 'en', 'e.title contains "Jazz im Park"'],
    ['Transaktionen zur Gala der Sterne', 'de', 'e.title contains "Gala der Sterne"'],
  ])('%s', (text, lang, expected) => {
    const c = conditions(ok(text, 'transactions', lang));
    expect(c).toContain(expected);
    // Not the genre its first word also names.
    expect(c.join(' ')).not.toContain('e.category');
  });
  it('the whole title with its year is still that one edition', () => {
    expect(conditions(ok('Buchungen für Jazz im Park 2025', 'transactions', 'de'))).toEqual(['e.title = "Jazz im Park 2025"']);
  });
});

describe('"etwas"/"anything" after a negation is nothing at all, not the clause before', () => {
  it.each<[string, Lang]>([
    ['Kunden, die Tickets storniert, aber nie etwas gekauft haben', 'de'],
    ['customers who cancelled tickets but never bought anything', 'en'],
  ])('%s', (text, lang) => {
    const c = conditions(ok(text, 'customers', lang));
    expect(c).toContain('transactions[t.ticket_type = "cancelled"] > 0');
    expect(c.some((x) => /^transactions\[(t\.ticket_type != "cancelled")?\] = 0$/.test(x))).toBe(true);
  });
});

describe('"the 2024/25 season": the season word after the years belongs to them', () => {
  it.each<[string, Lang]>([
    ['free tickets for events of the 2024/25 season', 'en'],
    ['Freikarten für Vorstellungen der 2024/25 Saison', 'de'],
  ])('%s', (text, lang) => {
    expect(conditions(ok(text, 'transactions', lang))).toEqual(expect.arrayContaining(['e.date >= "2024-08-01"', 'e.date < "2025-08-01"']));
  });
});

describe('a weekday compounded with the events is every such day', () => {
  it.each<[string, number]>([
    ['Freitagsvorstellungen 2025', 5],
    ['Sonntagskonzerte im Dezember', 7],
    ['Samstagsveranstaltungen in Köln', 6],
  ])('%s', (text, day) => {
    expect(conditions(ok(text, 'events', 'de'))).toContain(`e.weekday = ${day}`);
  });
});
