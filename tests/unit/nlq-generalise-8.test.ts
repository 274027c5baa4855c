// Issue 21 §3, the classes the sixth dev batch (questions-8.ts, written without the engine) found:
// each rule on the typed query in both languages, with our own wordings — never the set's
// questions. NOW = Tuesday 2026-11-24.
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../src/server/engines/nlq';
import { conditions, parserOn, summary, VOCAB, type Lang } from './nlq-fixtures';

const { parse, ok } = parserOn(VOCAB);

describe('a month range whose year is written once: the first month takes the second one’s year', () => {
  it.each<[string, Lang, string[]]>([
    ['Konzerte zwischen Februar und April 2027', 'de', ['e.date >= "2027-02-01"', 'e.date < "2027-05-01"']],
    ['shows from october to january 2027', 'en', ['e.date >= "2026-10-01"', 'e.date < "2027-02-01"']],
    ['Veranstaltungen von März bis Juni 2025', 'de', ['e.date >= "2025-03-01"', 'e.date < "2025-07-01"']],
    // Without a year both are this year's.
    ['events between february and april', 'en', ['e.date >= "2026-02-01"', 'e.date < "2026-05-01"']],
  ])('%s', (text, lang, expected) => {
    expect(conditions(ok(text, 'events', lang))).toEqual(expected);
  });
});

describe('a season is the programme’s: on customers it is the events’ start, also with a verb of buying', () => {
  it.each<[string, Lang]>([
    ['Kunden, die letzte Saison Kammermusik gekauft haben', 'de'],
    ['customers who booked chamber music last season', 'en'],
  ])('%s', (text, lang) => {
    const [c] = ok(text, 'customers', lang).filters;
    expect(c.kind === 'related' && [...c.where.map(summary)].sort()).toEqual(['e.category = "chamber"', 'e.date < "2026-08-01"', 'e.date >= "2025-08-01"']);
  });
  it('a month on a purchase stays the sale date', () => {
    expect(conditions(ok('customers who bought chamber music in october', 'customers', 'en'))).toEqual(['transactions[e.category = "chamber", t.date >= "2026-10-01", t.date < "2026-11-01"] > 0']);
  });
  it('“last season’s shows” in a ranking: the ranking counts those shows', () => {
    const q = ok('top 5 customers by revenue on last season’s shows', 'customers', 'en');
    expect(q.orderBy?.where?.map(summary)).toEqual(['e.date >= "2025-08-01"', 'e.date < "2026-08-01"']);
  });
});

describe('transactions: a place of the events, or one day of a named performance, puts the time on the events', () => {
  it.each<[string, Lang, string[]]>([
    ['cancelled tickets for events at the Kölner Philharmonie last season', 'en', ['t.ticket_type = "cancelled"', 'e.venue = "Kölner Philharmonie"', 'e.date >= "2025-08-01"', 'e.date < "2026-08-01"']],
    ['Buchungen für Veranstaltungen in der Kongresshalle Essen diese Saison', 'de', ['e.venue = "Kongresshalle Essen"', 'e.date >= "2026-08-01"', 'e.date < "2027-08-01"']],
    ['Tickets für Lena Falk am 3. Oktober', 'de', ['e.artists = "Lena Falk"', 'e.date >= "2026-10-03"', 'e.date < "2026-10-04"']],
    ['tickets for la traviata on 12 december', 'en', ['e.title = "La Traviata"', 'e.date >= "2026-12-12"', 'e.date < "2026-12-13"']],
  ])('%s', (text, lang, expected) => {
    expect(conditions(ok(text, 'transactions', lang))).toEqual(expected);
  });
  it('a month after a title stays the sale month (RULES.md)', () => {
    expect(conditions(ok('Transaktionen für La Traviata im Oktober', 'transactions', 'de'))).toEqual(['e.title = "La Traviata"', 't.date >= "2026-10-01"', 't.date < "2026-11-01"']);
  });
});

describe('the sold share against the benchmark', () => {
  it.each<[string, Lang, string]>([
    ['Vorstellungen, deren Auslastung unter dem Benchmark liegt', 'de', 'e.benchmark_gap < 0'],
    ['events below the benchmark', 'en', 'e.benchmark_gap < 0'],
    ['Veranstaltungen über dem Benchmark', 'de', 'e.benchmark_gap > 0'],
  ])('%s', (text, lang, expected) => {
    expect(conditions(ok(text, 'events', lang))).toEqual([expected]);
  });
  it('a number after the benchmark is the benchmark itself', () => {
    expect(conditions(ok('events with a benchmark over 40', 'events', 'en'))).toEqual(['e.benchmark > 40']);
  });
  it('compiles to the difference of the two columns, in percentage points', () => {
    const { sql } = compileQuery(ok('events below the benchmark', 'events', 'en'), { partnerId: 1001, maxRows: 100 });
    expect(sql).toContain('(e.already_sold - e.benchmark) < $');
  });
});

describe('an event’s price compared after its verb, with the currency before the number', () => {
  it.each<[string, Lang]>([
    ['events where the average ticket price is over £50', 'en'],
    ['Veranstaltungen, deren Ticketpreis über 50 € ist', 'de'],
  ])('%s', (text, lang) => {
    expect(conditions(ok(text, 'events', lang))).toEqual(['e.price > 50']);
  });
});

describe('a ranking “by % sold” keeps the superlative’s direction', () => {
  it('the worst-selling events by % sold: ascending by the sold share', () => {
    const q = ok('the 3 worst-selling events by % sold', 'events', 'en');
    expect(q.orderBy).toEqual({ field: { tag: 'e', field: 'already_sold' }, direction: 'asc' });
    expect(q.limit).toBe(3);
  });
});

describe('no confident wrong answer: a number or comparison nothing took is refused, naming it', () => {
  it.each<[string, Lang, string]>([
    ['events by lena falk more than', 'en', 'more than'],
    ['Kunden aus Köln unter', 'de', 'unter'],
  ])('%s', (text, lang, word) => {
    const r = parse(text, lang === 'de' ? 'customers' : 'events', lang);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusal).toBe('not_understood');
      expect(r.reason).toContain(word);
    }
  });
  it('an equals sign before a value is no condition of its own', () => {
    expect(parse('customers with newsletter = yes', 'customers', 'en').ok).toBe(true);
  });
});

describe('typos of ordinary words', () => {
  it('“everyting” / “everything” are fillers', () => {
    expect(conditions(ok('everyting with Lena Falk', 'events', 'en'))).toEqual(['e.artists = "Lena Falk"']);
    expect(conditions(ok('everything with Lena Falk', 'events', 'en'))).toEqual(['e.artists = "Lena Falk"']);
  });
});
