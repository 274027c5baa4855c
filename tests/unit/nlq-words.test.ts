// Issue 21 §2/§3, the words and dates part: function words, open-ended and short dates, which date
// a time phrase belongs to, title words, years of birth. Paraphrases are generated systematically
// (template × synonym × word order × typo × casing × punctuation) and each is checked on the typed
// query, not only on rows: a filler must leave the query exactly as without it.
import { describe, expect, it } from 'vitest';
import { parseQuestion, type Condition, type Entity, type FieldFilter, type ParseResult, type TypedQuery, type Vocabulary } from '../../src/server/engines/nlq';
import { NOW, VOCAB } from './nlq-fixtures';

const V: Vocabulary = { ...VOCAB, titles: [...VOCAB.titles, 'Alles auf Anfang', 'Carmen'] };
type Lang = 'de' | 'en';

const parse = (text: string, outcome: Entity, language: Lang, vocabulary = V): ParseResult => parseQuestion(text, { language, outcome, vocabulary, now: NOW });
const ok = (text: string, outcome: Entity, language: Lang): TypedQuery => {
  const r = parse(text, outcome, language);
  if (!r.ok) throw new Error(`${text}: ${r.refusal} ${r.reason}`);
  return r.query;
};
const refused = (text: string, outcome: Entity, language: Lang, vocabulary = V) => {
  const r = parse(text, outcome, language, vocabulary);
  if (r.ok) throw new Error(`${text}: answered ${JSON.stringify(r.query)}`);
  return r;
};
const flat = (q: TypedQuery): FieldFilter[] => [...q.filters, ...(q.anyOf ?? []).flat()].flatMap((c: Condition) => (c.kind === 'field' ? [c] : c.where));
const dates = (q: TypedQuery, tag?: string) => flat(q).filter((c) => (c.field.field === 'date' || c.field.field === 'created_at') && (!tag || c.field.tag === tag)).map((c) => `${c.field.tag}${c.op}${c.value}`);

// ---- paraphrase generators -------------------------------------------------------------------

/** Casing and punctuation a user may type: as written, all lower case, sentence end "?" or ".". */
function surface(text: string): string[] {
  const lower = text.toLowerCase();
  return [text, lower, `${text}?`, `${lower} ?`, `${text}.`.replace(/\.\.$/, '.')];
}

/** One typo (two inner letters swapped) in the first word of 6+ letters that is in `words`. */
function typo(text: string, words: string[]): string {
  for (const w of text.split(/\s+/)) {
    if (w.length >= 6 && words.includes(w.toLowerCase())) return text.replace(w, `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
  }
  return text;
}

// ---- 1. function words ------------------------------------------------------------------------

const CORE: { q: string; outcome: Entity; lang: Lang }[] = [
  { q: 'Kunden aus Köln', outcome: 'customers', lang: 'de' },
  { q: 'Opern im März', outcome: 'events', lang: 'de' },
  { q: 'Kunden, die Ballett besucht haben', outcome: 'customers', lang: 'de' },
  { q: 'Transaktionen mit Kreditkarte letzten Monat', outcome: 'transactions', lang: 'de' },
  { q: 'customers from Cologne', outcome: 'customers', lang: 'en' },
  { q: 'operas in March', outcome: 'events', lang: 'en' },
  { q: 'customers who attended a ballet', outcome: 'customers', lang: 'en' },
  { q: 'transactions paid by credit card last month', outcome: 'transactions', lang: 'en' },
];
const PREFIX: Record<Lang, string[]> = {
  de: ['', 'bitte ', 'zeig mir mal ', 'zeig mir bitte alle ', 'gibt es eigentlich ', 'kannst du mir bitte die ', 'ich hätte gerne alle ', 'welche ', 'such mal eben die ', 'liste mir mal sämtliche '],
  en: ['', 'please ', 'show me ', 'please show me all ', 'can you list the ', "I'd like to see the ", 'just give me the ', 'which ones are ', 'could you kindly find ', 'let me see '],
};
const TYPO_FILLERS = ['kannst', 'sämtliche', 'eigentlich', 'please', 'kindly', 'actually', 'thanks', 'welche', 'which', 'could'];
const SUFFIX: Record<Lang, string[]> = { de: ['', ' bitte', ', danke', ' eigentlich'], en: ['', ' please', ', thanks', ' actually'] };

describe('function words, auxiliaries and fillers leave the typed query as it is', () => {
  for (const c of CORE) {
    const base = ok(c.q, c.outcome, c.lang);
    const written = PREFIX[c.lang].flatMap((p) => SUFFIX[c.lang].map((s) => `${p}${c.q}${s}`));
    // × one typo in a filler of 6+ letters ("eigentlich" → "eignetlich", "please" → "plaese")
    const cases = [...written, ...written.map((x) => typo(x, TYPO_FILLERS)).filter((x) => !written.includes(x))].flatMap(surface);
    it(`${c.q}: ${cases.length} paraphrases with fillers, casing and punctuation`, () => {
      for (const text of cases) expect(ok(text, c.outcome, c.lang), text).toEqual(base);
    });
  }

  const AUX: [string, string, Entity, Lang][] = [
    ['Welche Kunden haben Oper besucht', 'haben', 'customers', 'de'],
    ['Welche Kunden werden im Dezember Oper besuchen', 'werden', 'customers', 'de'],
    ['Welche Konzerte finden im März statt', 'finden', 'events', 'de'],
    ['Welche Kunden wurden im Oktober Käufer', 'wurden', 'customers', 'de'],
    ['Could you please list customers who attended an opera', 'please', 'customers', 'en'],
    ['Which concerts would take place in March', 'would', 'events', 'en'],
    ['Show customers which actually attended an opera', 'actually', 'customers', 'en'],
  ];
  it.each(AUX)('one typo in a function word of 5+ letters is still that word: %s', (text, word, outcome, lang) => {
    const base = ok(text, outcome, lang);
    const swapped = text.replace(word, `${word.slice(0, 1)}${word[2]}${word[1]}${word.slice(3)}`); // "hbaen"-style swap
    const dropped = text.replace(word, word.slice(0, -1)); // one letter missing, still 5+ letters
    for (const t of [swapped, swapped.toLowerCase(), ...(word.length >= 6 ? [dropped] : [])]) expect(ok(t, outcome, lang), t).toEqual(base);
  });

  it('a word one typo from a function word is a value where a value stands or when capitalised inside the question', () => {
    for (const t of ['Kunden aus Hagen', 'kunden aus hagen', 'Kunden, die Weder gesehen haben', 'zeig mir Kunden aus Hagen bitte']) {
      const r = parse(t, 'customers', 'de');
      expect(r.ok, t).toBe(false);
    }
    // Sentence-initial capitals are still function words: "Habne Kunden …" is "Haben".
    expect(ok('Habne Kunden aus Köln Oper besucht', 'customers', 'de')).toEqual(ok('Haben Kunden aus Köln Oper besucht', 'customers', 'de'));
  });

  it('"habne", "stattfinen", "plese" are read as the function words they mistype', () => {
    expect(ok('Welche Kunden habne Oper besucht', 'customers', 'de')).toEqual(ok('Welche Kunden haben Oper besucht', 'customers', 'de'));
    expect(ok('Konzerte, die im März stattfinen', 'events', 'de')).toEqual(ok('Konzerte im März', 'events', 'de'));
    expect(ok('plese show me customers from Cologne', 'customers', 'en')).toEqual(ok('customers from Cologne', 'customers', 'en'));
  });

  const EVENT_VERBS: [string, string, Lang][] = [
    ['Konzerte, die im März stattfinden', 'Konzerte im März', 'de'],
    ['Konzerte, die im März stattgefunden haben', 'Konzerte im März', 'de'],
    ['Welche Konzerte finden im März statt', 'Konzerte im März', 'de'],
    ['Konzerte, die im März laufen', 'Konzerte im März', 'de'],
    ['Opern, die im März gespielt werden', 'Opern im März', 'de'],
    ['concerts that take place in March', 'concerts in March', 'en'],
    ['concerts taking place in March', 'concerts in March', 'en'],
    ['concerts during March', 'concerts in March', 'en'],
    ['operas that are played in March', 'operas in March', 'en'],
    ['which concerts happen in March', 'concerts in March', 'en'],
  ];
  it.each(EVENT_VERBS)('"%s" is "%s"', (text, plain, lang) => {
    for (const t of surface(text)) expect(ok(t, 'events', lang), t).toEqual(ok(plain, 'events', lang));
  });

  it('"sowohl … als auch" / "both … and" is "und": each its own count on customers', () => {
    const both = ok('Kunden, die Oper und Ballett besucht haben', 'customers', 'de');
    expect(both.filters).toHaveLength(2);
    for (const t of ['Kunden, die sowohl Oper als auch Ballett besucht haben', 'kunden die sowohl oper als auch ballett besucht haben', 'Kunden, die sowohl Oper als auch Ballett gesehen haben']) {
      expect(ok(t, 'customers', 'de'), t).toEqual(t.includes('gesehen') ? ok('Kunden, die Oper und Ballett gesehen haben', 'customers', 'de') : both);
    }
    expect(ok('customers who attended both opera and ballet', 'customers', 'en')).toEqual(ok('customers who attended opera and ballet', 'customers', 'en'));
  });

  const NEITHER: [string, Entity, Lang, (q: TypedQuery) => void][] = [
    ['Kunden, die weder Oper noch Ballett besucht haben', 'customers', 'de', (q) => expect(q.filters).toEqual([{ kind: 'related', measure: 'events', where: [{ kind: 'field', field: { tag: 'e', field: 'category' }, op: 'in', value: ['opera', 'ballet'] }], op: '=', value: 0 }])],
    ['customers who attended neither opera nor ballet', 'customers', 'en', (q) => expect(q.filters[0]).toMatchObject({ kind: 'related', op: '=', value: 0, where: [{ op: 'in', value: ['opera', 'ballet'] }] })],
    ['Kunden weder aus Köln noch aus Bonn', 'customers', 'de', (q) => expect(q.filters).toEqual([{ kind: 'field', field: { tag: 'c', field: 'city' }, op: 'not in', value: ['Köln', 'Bonn'] }])],
    ['Veranstaltungen weder in Köln noch in Bonn', 'events', 'de', (q) => expect(q.filters).toEqual([{ kind: 'field', field: { tag: 'e', field: 'city' }, op: 'not in', value: ['Köln', 'Bonn'] }])],
    ['customers neither from Cologne nor from Bonn', 'customers', 'en', (q) => expect(q.filters).toEqual([{ kind: 'field', field: { tag: 'c', field: 'city' }, op: 'not in', value: ['Köln', 'Bonn'] }])],
  ];
  it.each(NEITHER)('"weder … noch" / "neither … nor" keeps its negation: %s', (text, outcome, lang, check) => {
    for (const t of surface(text)) check(ok(t, outcome, lang));
  });

  it('"sowohl 2024 als auch 2025" / "both 2024 and 2025" on customers: each time its own count', () => {
    for (const [t, lang] of [['Kunden, die sowohl 2024 als auch 2025 gekauft haben', 'de'], ['Kunden, die 2024 und 2025 gekauft haben', 'de'], ['customers who bought in both 2024 and 2025', 'en']] as [string, Lang][]) {
      const q = ok(t, 'customers', lang);
      expect(q.filters.map((c) => (c.kind === 'related' ? c.where.map((w) => `${w.field.tag}${w.op}${w.value}`) : [])), t)
        .toEqual([['t>=2024-01-01', 't<2025-01-01'], ['t>=2025-01-01', 't<2026-01-01']]);
    }
  });

  it('"nicht" before an event state or a ticket type negates it instead of counting no sales', () => {
    expect(ok('Konzerte, die nicht ausverkauft sind', 'events', 'de').filters).toEqual([{ kind: 'field', field: { tag: 'e', field: 'already_sold' }, op: '<', value: 100 }]);
    expect(ok('events that are not cancelled', 'events', 'en').filters).toEqual([{ kind: 'field', field: { tag: 'e', field: 'frontend_status' }, op: '!=', value: 'CANCELLED' }]);
    expect(ok('nicht stornierte Tickets', 'transactions', 'de').filters).toEqual([{ kind: 'field', field: { tag: 't', field: 'ticket_type' }, op: '!=', value: 'cancelled' }]);
  });

  it('"N mal da waren" counts visits (events), "N mal gekauft" purchases; "nicht auf der Studiobühne" negates the hall', () => {
    expect(ok('kunden die letze saison mehr als 5 mal da waren', 'customers', 'de').filters[0]).toMatchObject({ kind: 'related', measure: 'events', op: '>', value: 5 });
    expect(ok('customers that came more than 3 times last season', 'customers', 'en').filters[0]).toMatchObject({ kind: 'related', measure: 'events', op: '>', value: 3 });
    expect(ok('Kunden, die mehr als 3 mal gekauft haben', 'customers', 'de').filters[0]).toMatchObject({ kind: 'related', measure: 'transactions', op: '>', value: 3 });
    expect(ok('Schauspiel in Bonn aber nicht auf der Studiobühne', 'events', 'de').filters).toContainEqual({ kind: 'field', field: { tag: 'e', field: 'hall' }, op: '!=', value: 'Studiobühne' });
  });

  it('colloquial negation and "gibts": "nix mehr gekauft", "welche Vorstellungen gibts im Dezember"', () => {
    expect(ok('welche kunden haben seit dem 1.9. nix mehr gekauft', 'customers', 'de')).toEqual(ok('Kunden, die seit dem 1.9. nichts mehr gekauft haben', 'customers', 'de'));
    expect(ok('welche vorstellungen gibts im dezember', 'events', 'de')).toEqual(ok('Vorstellungen im Dezember', 'events', 'de'));
  });

  it('"weder … noch" whose negation fits no condition is refused, naming it, never answered as the opposite', () => {
    for (const t of ['Veranstaltungen weder im Oktober noch im November', 'events neither in October nor in November']) {
      const r = refused(t, 'events', t.startsWith('V') ? 'de' : 'en');
      expect(r.refusal).toBe('not_understood');
      expect(r.problems?.join(' ')).toMatch(/weder|neither/);
    }
    // Without its second half the word is simply not understood.
    expect(refused('Kunden aus Köln weder', 'customers', 'de').problems).toContain('weder');
  });

  it('a content word that cannot be placed still refuses the question, named in problems, fillers or not', () => {
    for (const [t, lang, word] of [
      ['zeig mir bitte mal Kunden aus Köln mit Frobnikation', 'de', 'Frobnikation'],
      ['Kunden, die sowohl Oper als auch Quidditch besucht haben', 'de', 'Quidditch'],
      ['please show me customers who like frobnication', 'en', 'frobnication'],
      ['Transaktionen nach Ostern', 'de', 'Ostern'],
    ] as [string, Lang, string][]) {
      const r = refused(t, t.startsWith('T') ? 'transactions' : 'customers', lang);
      expect(r.problems, t).toContain(word);
    }
  });

  it('a typo that reads as a content word and ends up unused is still not dropped ("Bonn" is not "born")', () => {
    const r = refused('Kunden aus Bonn', 'customers', 'de', { ...V, cities: ['Köln'] });
    expect(r.refusal).toBe('not_understood');
    expect(r.problems).toContain('Bonn');
  });
});

// ---- 2. open-ended and short dates ------------------------------------------------------------

// NOW = Tuesday 2026-11-24. Transactions: the sale date (t). '—' = open side.
const DATE_CASES: [string, Lang, string | undefined, string | undefined][] = [
  ['seit dem 1. September', 'de', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['seit 1. September', 'de', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['seit 1.9.', 'de', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['seit dem 1.9.', 'de', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['seit 01.09.', 'de', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['ab 1.9.', 'de', '2026-09-01', undefined],
  ['ab dem 1. September', 'de', '2026-09-01', undefined],
  ['ab dem 15.', 'de', '2026-11-15', undefined],
  ['seit dem 15.', 'de', '2026-11-15', '2026-11-24T09:00:00.000Z'],
  ['seit dem 28.', 'de', '2026-10-28', '2026-11-24T09:00:00.000Z'],
  ['bis Ende März', 'de', undefined, '2026-04-01'],
  ['bis 31.3.', 'de', undefined, '2026-04-01'],
  ['bis zum 31. März', 'de', undefined, '2026-04-01'],
  ['vor dem 1. Oktober', 'de', undefined, '2026-10-01'],
  ['vor Oktober', 'de', undefined, '2026-10-01'],
  ['nach dem 1. Oktober', 'de', '2026-10-02', undefined],
  ['seit Anfang 2025', 'de', '2025-01-01', '2026-11-24T09:00:00.000Z'],
  ['seit Anfang des Jahres', 'de', '2026-01-01', '2026-11-24T09:00:00.000Z'],
  ['bis Ende 2025', 'de', undefined, '2026-01-01'],
  ['vom 1. bis 15. Oktober', 'de', '2026-10-01', '2026-10-16'],
  ['vom 1. bis zum 15. Oktober 2025', 'de', '2025-10-01', '2025-10-16'],
  ['zwischen dem 1. und 15. Oktober', 'de', '2026-10-01', '2026-10-16'],
  ['zwischen dem 1. und dem 15. Oktober', 'de', '2026-10-01', '2026-10-16'],
  ['von März bis Mai', 'de', '2026-03-01', '2026-06-01'],
  ['Ende März', 'de', '2026-03-21', '2026-04-01'],
  ['Anfang Oktober', 'de', '2026-10-01', '2026-10-11'],
  ['Mitte Oktober', 'de', '2026-10-11', '2026-10-21'],
  ['seit 1. Sept.', 'de', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['since September 1st', 'en', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['since September 1', 'en', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['since 1 Sep', 'en', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['since the 1st of September', 'en', '2026-09-01', '2026-11-24T09:00:00.000Z'],
  ['since 1 September 2025', 'en', '2025-09-01', '2026-11-24T09:00:00.000Z'],
  ['since the 15th', 'en', '2026-11-15', '2026-11-24T09:00:00.000Z'],
  ['until end of March', 'en', undefined, '2026-04-01'],
  ['until the end of March', 'en', undefined, '2026-04-01'],
  ['until March 31st', 'en', undefined, '2026-04-01'],
  ['before October', 'en', undefined, '2026-10-01'],
  ['before 1 October', 'en', undefined, '2026-10-01'],
  ['after 2025-09-01', 'en', '2025-09-02', undefined],
  ['from 1 March to 15 March', 'en', '2026-03-01', '2026-03-16'],
  ['from March 1 to March 15, 2025', 'en', '2025-03-01', '2025-03-16'],
  ['from the 1st to the 15th of October', 'en', '2026-10-01', '2026-10-16'],
  ['between the 1st and 15th of October', 'en', '2026-10-01', '2026-10-16'],
  ['from March to May', 'en', '2026-03-01', '2026-06-01'],
  ['in mid-March', 'en', '2026-03-11', '2026-03-21'],
  ['since the start of 2025', 'en', '2025-01-01', '2026-11-24T09:00:00.000Z'],
  ['since the beginning of the season', 'en', '2026-08-01', '2026-11-24T09:00:00.000Z'],
  ['seit Beginn der Saison', 'de', '2026-08-01', '2026-11-24T09:00:00.000Z'],
  ['seit Saisonbeginn', 'de', '2026-08-01', '2026-11-24T09:00:00.000Z'],
  ['bis Jahresende', 'de', undefined, '2027-01-01'],
  ['seit Montag', 'de', '2026-11-23', '2026-11-24T09:00:00.000Z'],
  ['since Friday', 'en', '2026-11-20', '2026-11-24T09:00:00.000Z'],
  ['letzten Freitag', 'de', '2026-11-20', '2026-11-21'],
  ['zwischen 1 und 15 Oktober', 'de', '2026-10-01', '2026-10-16'],
  ['between 1 and 15 October', 'en', '2026-10-01', '2026-10-16'],
  ['vom 1.10. bis 15.10.', 'de', '2026-10-01', '2026-10-16'],
];
const NOUN: Record<Lang, string[]> = { de: ['Transaktionen', 'Käufe', 'Buchungen', 'Verkäufe'], en: ['transactions', 'purchases', 'bookings', 'sales transactions'] };

describe('open-ended and short dates (sale dates of transactions)', () => {
  it.each(DATE_CASES)('%s', (phrase, lang, from, to) => {
    const want = [...(from ? [`t>=${from}`] : []), ...(to ? [`t<${to}`] : [])];
    // noun × word order × casing × punctuation
    const texts = NOUN[lang].flatMap((n) => [`${n} ${phrase}`, `${phrase} ${n}`.replace(/^./, (c) => c.toUpperCase())]).flatMap(surface);
    for (const t of texts) {
      const q = ok(t, 'transactions', lang);
      expect(dates(q), t).toEqual(want);
      expect(q.filters.every((c) => c.kind === 'field'), `${t}: no count read from a day`).toBe(true);
    }
  });

  it('typos in month and time words are read as meant', () => {
    expect(dates(ok('Transaktionen seit dem 1. Septmber', 'transactions', 'de'))).toEqual(['t>=2026-09-01', 't<2026-11-24T09:00:00.000Z']);
    expect(dates(ok('transactions untill the end of March', 'transactions', 'en'))).toEqual(['t<2026-04-01']);
    expect(dates(ok('transactions sicne September 1st', 'transactions', 'en'))).toEqual(['t>=2026-09-01', 't<2026-11-24T09:00:00.000Z']);
    expect(dates(ok('Transaktionen bis Ende Märtz', 'transactions', 'de'))).toEqual(['t<2026-04-01']);
  });

  it('a day and month without a year: "seit/since" is the last one not after today; "ab/from" on sale dates too, on event dates this year\'s', () => {
    // 1 December is still ahead on 24 November 2026.
    expect(dates(ok('Transaktionen seit 1.12.', 'transactions', 'de'))).toEqual(['t>=2025-12-01', 't<2026-11-24T09:00:00.000Z']);
    expect(dates(ok('transactions since December 1st', 'transactions', 'en'))).toEqual(['t>=2025-12-01', 't<2026-11-24T09:00:00.000Z']);
    expect(dates(ok('Transaktionen ab 1.12.', 'transactions', 'de'))).toEqual(['t>=2025-12-01']);
    expect(dates(ok('Käufe ab dem 1. Dezember', 'transactions', 'de'))).toEqual(['t>=2025-12-01']);
    expect(dates(ok('Veranstaltungen ab 1.12.', 'events', 'de'))).toEqual(['e>=2026-12-01']);
    expect(dates(ok('events from December 1st', 'events', 'en'))).toEqual(['e>=2026-12-01']);
    // A date already past keeps this year.
    expect(dates(ok('Transaktionen ab 1.9.', 'transactions', 'de'))).toEqual(['t>=2026-09-01']);
    // "seit März" is this March; "seit Dezember" last December.
    expect(dates(ok('Transaktionen seit März', 'transactions', 'de'))).toEqual(['t>=2026-03-01', 't<2026-11-24T09:00:00.000Z']);
    expect(dates(ok('Transaktionen seit Dezember', 'transactions', 'de'))).toEqual(['t>=2025-12-01', 't<2026-11-24T09:00:00.000Z']);
  });

  it('"seit 1.9." is never a count ≥ 1.9 (the task failed on it)', () => {
    for (const t of ['Kunden seit 1.9.', 'Kunden, die seit 1.9. gekauft haben', 'customers who bought since 1 Sep', 'Transaktionen seit 1.9.', 'Veranstaltungen seit 1.9.']) {
      const r = parse(t, t.startsWith('K') || t.startsWith('c') ? 'customers' : t.startsWith('T') ? 'transactions' : 'events', t.startsWith('c') ? 'en' : 'de');
      if (!r.ok) continue; // refusing is allowed, a count of 1.9 is not
      expect(JSON.stringify(r.query), t).not.toContain('1.9');
    }
  });

  it.each([
    ['Veranstaltungen am 31. Februar', 'de', '31 Februar'],
    ['Veranstaltungen seit dem 30. Februar', 'de', '30 Februar'],
    ['Transaktionen ab 31.4.', 'de', '31.4'],
    ['events on February 30th', 'en', 'February 30th'],
    ['events since 31 April', 'en', '31 April'],
    ['Veranstaltungen vom 1. bis 31. Februar', 'de', '31'],
  ] as [string, Lang, string][])('an impossible date is refused naming it: %s', (t, lang, named) => {
    const r = refused(t, t.startsWith('T') ? 'transactions' : 'events', lang);
    expect(r.refusal).toBe('not_understood');
    expect(r.problems?.join(' ')).toContain(named);
  });

  it('"up to", "later/earlier than", "no later than" are time prepositions before a date', () => {
    expect(dates(ok('show all transactions up to march 31', 'transactions', 'en'))).toEqual(['t<2026-04-01']);
    expect(dates(ok('shows happening later than 2026-12-01', 'events', 'en'))).toEqual(['e>=2026-12-02']);
    expect(dates(ok('events earlier than 1 December', 'events', 'en'))).toEqual(['e<2026-12-01']);
    expect(dates(ok('events no later than 1 December', 'events', 'en'))).toEqual(['e<2026-12-02']);
    expect(dates(ok('Konzerte früher als März', 'events', 'de'))).toEqual(['e<2026-03-01']);
    expect(ok('Kunden mit bis zu 3 Käufen', 'customers', 'de').filters[0]).toMatchObject({ kind: 'related', op: '<=', value: 3 });
  });

  it('a negated open date is its other side on events and transactions; a negated span is before or after it on events, refused on transactions', () => {
    expect(dates(ok('Veranstaltungen nicht vor dem 1. Dezember', 'events', 'de'))).toEqual(['e>=2026-12-01']);
    expect(ok('Veranstaltungen nicht vor dem 1. Dezember', 'events', 'de').filters).toHaveLength(1);
    expect(dates(ok('transactions not after March', 'transactions', 'en'))).toEqual(['t<2026-04-01']);
    // An event date outside October: before it or after it (two alternatives, no plain filter).
    const outside = ok('Veranstaltungen nicht im Oktober', 'events', 'de');
    expect(outside.filters).toHaveLength(0);
    expect(outside.anyOf).toEqual([[{ kind: 'field', field: { tag: 'e', field: 'date' }, op: '<', value: '2026-10-01' }], [{ kind: 'field', field: { tag: 'e', field: 'date' }, op: '>=', value: '2026-11-01' }]]);
    expect(refused('Buchungen nicht im Oktober', 'transactions', 'de').problems).toEqual(['nicht im Oktober']);
    // On customers it stays "no purchase in October".
    expect(ok('Kunden, die nicht im Oktober gekauft haben', 'customers', 'de').filters[0]).toMatchObject({ kind: 'related', op: '=', value: 0 });
  });

  it('a day number after a comparison or before a count stays a number', () => {
    expect(ok('Kunden mit mehr als 3 Opern im März', 'customers', 'de').filters[0]).toMatchObject({ kind: 'related', op: '>', value: 3 });
    expect(ok('die Top 10.', 'events', 'de').limit).toBe(10);
    expect(ok('Konzerte im März mit mehr als 3 Opern', 'events', 'de').filters.some((c) => c.kind === 'related' && c.value === 3)).toBe(true);
  });
});

// ---- 3. which date a time phrase belongs to ---------------------------------------------------

// outcome × (event date | sale date): each row's phrasings must all put the time on that date.
const ATTACH: [Entity, 'e' | 't', Lang, string[]][] = [
  ['events', 'e', 'de', ['Theatervorstellungen der letzten Saison', 'Theatervorstellungen der letzten Saison mit weniger als 150 verkauften Karten',
    'Theatervorstellungen der letzten Saison mit mehr als 100 verkauften Tickets', 'Konzerte letzte Saison mit weniger als 150 Karten', 'Vorstellungen im Oktober mit über 100 verkauften Tickets',
    'Konzerte, die im Oktober stattfinden, mit weniger als 50 Tickets', 'Umsatz pro Sparte letzte Saison']],
  ['events', 'e', 'en', ['shows last season with fewer than 150 tickets sold', 'theatre performances of last season with fewer than 150 tickets sold', 'events in October with more than 100 tickets sold', 'concerts taking place in October with under 50 tickets']],
  ['events', 't', 'de', ['Konzerte mit mehr als 100 verkauften Tickets letzte Woche', 'Veranstaltungen mit Käufen im Oktober', 'Veranstaltungen, für die im Oktober Tickets verkauft wurden', 'Veranstaltungen mit mehr als 10 Buchungen seit dem 1. Oktober']],
  ['events', 't', 'en', ['events with more than 100 tickets sold last week', 'events with purchases in October', 'events with more than 10 bookings since October 1st']],
  ['transactions', 't', 'de', ['Transaktionen für La Traviata im Oktober', 'Transaktionen im Oktober für La Traviata', 'im Oktober gekaufte Tickets für die Zauberflöte', 'Käufe seit Oktober', 'Buchungen mit Kreditkarte letzten Monat', 'Tickets, die im Oktober gekauft wurden']],
  ['transactions', 't', 'en', ['transactions for La Traviata in October', 'tickets bought in October for Die Zauberflöte', 'purchases since October', 'bookings made last month']],
  ['transactions', 'e', 'de', ['Tickets für Veranstaltungen nächste Woche', 'Tickets für Veranstaltungen letzte Woche', 'Buchungen für Konzerte, die im Oktober stattfinden', 'Transaktionen für Vorstellungen im Oktober', 'Tickets für nächste Woche']],
  ['transactions', 'e', 'en', ['tickets for events next week', 'tickets for events last week', 'transactions for concerts that take place in October', 'bookings for performances in October']],
  ['customers', 't', 'de', ['Kunden, die im Oktober gekauft haben', 'Kunden, die im Oktober Tickets gekauft haben', 'Kunden, die im Oktober gebucht haben', 'Kunden mit Käufen seit März', 'Kunden mit mehr als 500 € Umsatz im Oktober', 'Kunden, die seit Anfang 2025 nichts mehr gekauft haben']],
  ['customers', 't', 'en', ['customers who bought in October', 'customers who bought tickets in October', 'customers with purchases since March', 'customers who spent more than 500 € in October']],
  ['customers', 'e', 'de', ['Kunden, die im Oktober eine Oper besucht haben', 'Kunden, die im Oktober bei der Oper waren', 'Kunden, die letzte Saison Ballett gesehen haben', 'Kunden, die im Oktober Konzerte besucht haben', 'Kunden im Jahr 2026', 'Kunden, die Tickets für Konzerte im Oktober gekauft haben',
    // A season is the programme's, also on a purchase or a sum (RULES.md).
    'Kunden mit mehr als 500 € Umsatz letzte Saison', 'Kunden, die letzte Saison eine Oper gekauft haben']],
  ['customers', 'e', 'en', ['customers who bought more than 10 tickets for comedy shows last season', 'customers who bought tickets for concerts in October', 'customers who attended an opera in October', 'customers who went to the ballet last season', 'customers who visited concerts in October', 'customers in 2026', 'customers who spent more than 500 € last season', 'customers who bought an opera last season']],
];

describe('a time phrase attaches to the noun it qualifies (every entity × event date / sale date)', () => {
  it.each(ATTACH)('%s → %s date (%s)', (outcome, tag, lang, texts) => {
    for (const t of texts.flatMap((x) => [x, x.toLowerCase()])) {
      const q = ok(t, outcome, lang);
      const ds = dates(q);
      expect(ds.length, t).toBeGreaterThan(0);
      expect(ds.every((d) => d.startsWith(tag)), `${t}: ${ds.join(', ')}`).toBe(true);
    }
  });

  // customers: verb synonym × time phrase × word order × casing — the verb decides, except for a
  // season, which is always the programme's (the events' start).
  const TIMES: Record<Lang, string[]> = { de: ['im Oktober', 'letzte Saison', 'seit dem 1. September', 'seit Anfang 2025', 'zwischen dem 1. und 15. Oktober'], en: ['in October', 'last season', 'since September 1st', 'since the start of 2025', 'between 1 and 15 October'] };
  const SEASONS = new Set(['letzte Saison', 'last season']);
  const VERBS: [Lang, 'e' | 't', string[]][] = [
    ['de', 't', ['gekauft', 'gebucht', 'erworben', 'bestellt', 'geholt']],
    ['de', 'e', ['besucht', 'gesehen']],
    ['en', 't', ['bought', 'purchased', 'booked', 'ordered']],
    ['en', 'e', ['attended', 'visited', 'saw', 'went to']],
  ];
  it.each(VERBS)('customers (%s): %s date for every verb of %j, time before or after the thing', (lang, tag, verbs) => {
    for (const v of verbs) for (const time of TIMES[lang]) {
      const texts = lang === 'de'
        ? [`Kunden, die ${time} eine Oper ${v} haben`, `Kunden, die eine Oper ${time} ${v} haben`, `Welche Kunden haben ${time} Oper ${v}`]
        : [`customers who ${v} an opera ${time}`, `customers who ${time} ${v} an opera`, `which customers ${v} opera ${time}`];
      for (const t of texts.flatMap((x) => [x, x.toLowerCase(), `${x}?`])) {
        const ds = dates(ok(t, 'customers', lang));
        expect(ds.length, t).toBeGreaterThan(0);
        expect(ds.every((d) => d.startsWith(SEASONS.has(time) ? 'e' : tag)), `${t}: ${ds.join(', ')}`).toBe(true);
      }
    }
  });

  it('adding a ticket aggregate does not move the season onto the sale dates', () => {
    const plain = ok('Theatervorstellungen der letzten Saison', 'events', 'de');
    const withCount = ok('Theatervorstellungen der letzten Saison mit weniger als 150 verkauften Karten', 'events', 'de');
    expect(dates(withCount)).toEqual(dates(plain));
    expect(withCount.filters.find((c) => c.kind === 'related')).toMatchObject({ measure: 'tickets', op: '<', value: 150, where: [] });
  });

  it('a time wholly ahead is never a sale date', () => {
    expect(dates(ok('Kunden, die nächste Woche gekauft haben', 'customers', 'de')).every((d) => d.startsWith('e'))).toBe(true);
    expect(dates(ok('Transaktionen nächsten Monat', 'transactions', 'de')).every((d) => d.startsWith('e'))).toBe(true);
  });
});

// ---- 4. title words and 5. years of birth -----------------------------------------------------

describe('a value word inside a title is a title condition only when the question says so', () => {
  it('"seit Anfang 2025" is a date, not *title contains "Anfang"* (a tour "Alles auf Anfang")', () => {
    for (const t of ['Kunden, die seit Anfang 2025 nichts mehr gekauft haben', 'kunden die seit anfang 2025 nichts mehr gekauft haben', 'Kunden, die seit Anfang des Jahres nichts gekauft haben', 'Kunden, die bis Ende 2025 gekauft haben']) {
      const q = ok(t, 'customers', 'de');
      expect(JSON.stringify(q), t).not.toContain('title');
      expect(dates(q).length, t).toBeGreaterThan(0);
    }
  });
  it('a time word after a time preposition that forms no date is refused naming it, not read as a title', () => {
    expect(refused('Kunden, die seit Anfang nichts mehr gekauft haben', 'customers', 'de').problems).toContain('Anfang');
    expect(refused('Transaktionen bis zum Ende', 'transactions', 'de').problems).toContain('Ende');
  });
  it('the title when the question says so ("Titel", "für", quotes) or nothing else explains the word', () => {
    for (const [t, outcome] of [['Veranstaltungen mit dem Titel Anfang', 'events'], ['Tickets für Anfang', 'transactions'], ['Kunden, die Anfang gesehen haben', 'customers']] as [string, Entity][]) {
      expect(flat(ok(t, outcome, 'de')).some((c) => c.field.field === 'title' && c.value === 'Anfang'), t).toBe(true);
    }
  });
  it('a word after a name word is a name, even when a title has it', () => {
    expect(ok('Kunden namens Carmen', 'customers', 'de').anyOf?.flat()).toMatchObject([{ field: { field: 'first_name' }, value: 'Carmen' }, { field: { field: 'last_name' }, value: 'Carmen' }]);
  });
});

describe('"im Jahr 2026" about customers is a year of birth only when the question speaks of birth or age', () => {
  it.each([
    ['Kunden im Jahr 2026', 'de'], ['Kunden in 2026', 'de'], ['Kunden 2026', 'de'], ['customers in 2026', 'en'], ['customers in the year 2026', 'en'], ['Kunden, die im Jahr 2025 da waren', 'de'],
  ] as [string, Lang][])('%s: no birth year', (t, lang) => {
    const q = ok(t, 'customers', lang);
    expect(flat(q).some((c) => c.field.field === 'birth_year'), t).toBe(false);
  });
  it.each([
    ['Kunden geboren im Jahr 1980', 'de'], ['Kunden Jahrgang 1980', 'de'], ['Kunden, die 1980 geboren sind', 'de'], ['Kunden mit Geburtsjahr 1980', 'de'], ['customers born in 1980', 'en'], ['customers with year of birth 1980', 'en'],
  ] as [string, Lang][])('%s: birth year 1980', (t, lang) => {
    const q = ok(t, 'customers', lang);
    expect(flat(q).filter((c) => c.field.field === 'birth_year').map((c) => `${c.op}${c.value}`), t).toEqual(['>=1980', '<1981']);
  });
});

// The generators must produce what they promise (a test that cannot fail is a defect).
describe('paraphrase generators', () => {
  it('surface() varies casing and punctuation, typo() swaps two letters of a listed word', () => {
    expect(surface('Kunden aus Köln')).toEqual(['Kunden aus Köln', 'kunden aus köln', 'Kunden aus Köln?', 'kunden aus köln ?', 'Kunden aus Köln.']);
    expect(typo('Welche Kunden', ['welche'])).toBe('Weclhe Kunden');
    expect(typo('Welche Kunden', ['kunden'])).toBe('Welche Kudnen');
    expect(typo('Welche Kunden', [])).toBe('Welche Kunden');
  });
});
