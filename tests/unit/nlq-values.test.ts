// issue 21 §3 values: titles on their words, postal-code areas, cancelled is not bought, and the
// closest question of a refused one ("ask this instead"). Paraphrases are generated (templates ×
// spellings × punctuation × casing) and checked on the typed query; the SQL is run on a small
// PGlite database with two partners, expected ids written out from the inserted rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closestQuestion, compileQuery, parseQuestion, type FieldFilter, type TypedQuery, type Vocabulary } from '../../src/server/engines/nlq';
import { nameWords } from '../../src/server/engines/nlq/name-match';
import { findPostalAreas } from '../../src/server/engines/nlq/postal';
import { withoutWords } from '../../src/server/engines/nlq/suggest';
import { tokenize } from '../../src/server/engines/nlq/lexicon/normalise';
import { executeSentinelQuery } from '../../src/server/modules/nlq/execute';
import { createTestDb, type TestDb } from '../helpers/db';
import { NOW, VOCAB as BASE } from './nlq-fixtures';

const REQUIEM = 'Chor der Stadt – Mozart: Requiem';
const VOCAB: Vocabulary = { ...BASE, titles: [...BASE.titles, REQUIEM, 'Verdi: Requiem', 'Mozart: Die Entführung aus dem Serail'] };

const parse = (text: string, outcome: TypedQuery['outcome'], language: 'en' | 'de' = 'de') =>
  parseQuestion(text, { language, outcome, vocabulary: VOCAB, now: NOW });
const compile = (q: TypedQuery, partnerId = 1001) => compileQuery(q, { partnerId, maxRows: 100 });

/** Every field filter of a query, also inside related conditions. */
function fieldFilters(q: TypedQuery): FieldFilter[] {
  return [...q.filters, ...(q.anyOf ?? []).flat()].flatMap((c) => (c.kind === 'field' ? [c] : c.where));
}

const casings = (s: string) => [s, s.toLowerCase(), s.toUpperCase().replace(/SS/g, 'SS')];

describe('names match on their words', () => {
  it('cuts a name into words: punctuation, possessive and spelling do not matter', () => {
    expect(nameWords("Mozart's Requiem").map((w) => w[0])).toEqual(['Mozart', 'Requiem']);
    expect(nameWords('Mozart: Requiem').map((w) => w[0])).toEqual(['Mozart', 'Requiem']);
    expect(nameWords('Mozart’s — „Requiem“!').map((w) => w[0])).toEqual(['Mozart', 'Requiem']);
    expect(nameWords('Zauberflöte')[0]).toEqual(expect.arrayContaining(['Zauberflöte', 'Zauberfloete']));
    expect(nameWords('Zauberfloete')[0]).toEqual(expect.arrayContaining(['Zauberfloete', 'Zauberflöte']));
    expect(nameWords('::: --- ')).toEqual([]);
    expect(nameWords('a b c d e f g h i j k').length).toBe(8);
  });

  const spellings = ["Mozart's Requiem", 'Mozart Requiem', 'Mozart: Requiem', 'mozart requiem', 'Mozarts Requiem', 'Mozart’s Requiem', 'MOZART REQUIEM', 'Requiem von Mozart', 'Mozart - Requiem'];
  const templates: [string, TypedQuery['outcome'], 'de' | 'en'][] = [
    ['Kunden, die {} gekauft haben', 'customers', 'de'],
    ['wer hat {} gebucht', 'customers', 'de'],
    ['Veranstaltungen {}', 'events', 'de'],
    ['Transaktionen für {}', 'transactions', 'de'],
    ['customers who bought {}', 'customers', 'en'],
    ['events {}', 'events', 'en'],
    ['sales for {}', 'transactions', 'en'],
  ];
  const cases = templates.flatMap(([tpl, outcome, lang]) => spellings.flatMap((sp) => ['', '?', '.'].map((end) => [tpl.replace('{}', sp) + end, outcome, lang] as const)));
  it.each(cases)('%s (%s): the title condition holds the words Mozart and Requiem', (text, outcome, lang) => {
    const r = parse(text, outcome, lang);
    expect(r.ok, r.ok ? '' : r.reason).toBe(true);
    if (!r.ok) return;
    const titles = fieldFilters(r.query).filter((f) => f.field.tag === 'e' && (f.field.field === 'title' || f.field.field === 'composers'));
    const words = new Set(titles.flatMap((f) => nameWords(String(f.value)).map((w) => w[0].toLowerCase())));
    expect([...words].sort()).toEqual(expect.arrayContaining(['requiem']));
    expect(words.has('mozart') || titles.some((f) => f.field.field === 'composers')).toBe(true);
    // The compiled patterns are parameters, one per word spelling; never the whole phrase.
    const c = compile(r.query);
    expect(c.sql).not.toMatch(/Mozart|Requiem/i);
    expect(c.params).not.toContain('%Mozart Requiem%');
  });
});

describe('postal-code areas', () => {
  const phrases: [string, string][] = [
    ['Kunden im PLZ-Bereich {}', 'de'], ['Kunden mit PLZ {}*', 'de'], ['Kunden mit Postleitzahlen mit {}', 'de'],
    ['Kunden aus dem Postleitzahlbereich {}', 'de'], ['Kunden, deren Postleitzahl mit {} beginnt', 'de'], ['Kunden im PLZ-Gebiet {}', 'de'],
    ['Kunden mit PLZ {}', 'de'], ['Kunden, deren PLZ mit {} anfängt', 'de'],
    ['customers with postcodes starting with {}', 'en'], ['customers in postal area {}', 'en'], ['customers with zip codes beginning with {}', 'en'],
    ['customers in postcode area {}', 'en'], ['customers whose postcode starts with {}', 'en'],
  ];
  const codes = ['51', '5', '50', '1', '10', '8', 'M1', 'SW1'];
  const cases = phrases.flatMap(([p, lang]) => codes.flatMap((code) => casings(p).map((text) => [text.replace(/\{\}/, code), code, lang] as const)))
    // A letter-and-digit code is British; German phrases take digits only.
    .filter(([, code, lang]) => lang === 'en' || /^\d+$/.test(code));
  it.each(cases)('%s → postal code starts with %s', (text, code, lang) => {
    const r = parse(text, 'customers', lang as 'de' | 'en');
    expect(r.ok, r.ok ? '' : r.reason).toBe(true);
    if (!r.ok) return;
    const zip = fieldFilters(r.query).filter((f) => f.field.field === 'zip_code');
    expect(zip).toEqual([{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: 'starts', value: code }]);
    const c = compile(r.query);
    expect(c.params).toContain(`${code}%`);
    expect(c.sql).toMatch(/c\.zip_code ILIKE \$\d+/);
  });
  it('never takes the area word for the code, and a full code stays exact', () => {
    for (const text of ['Kunden im PLZ-Bereich 51', 'customers in postal area 10', 'Kunden im PLZ Gebiet 4']) {
      const r = parse(text, 'customers');
      expect(r.ok).toBe(true);
      if (r.ok) expect(JSON.stringify(r.query)).not.toMatch(/bereich|area|gebiet/i);
    }
    const exact = parse('Kunden mit PLZ 50667', 'customers');
    expect(exact.ok && fieldFilters(exact.query)).toEqual([{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: '=', value: '50667' }]);
    expect(findPostalAreas(tokenize('PLZ-Bereich Köln'))).toEqual([]);
  });
  it('refuses a negated area naming it, never answering its opposite', () => {
    for (const text of ['Kunden nicht im PLZ-Bereich 51', 'Kunden ohne PLZ-Bereich 51', 'customers not in postal area 10']) {
      const r = parse(text, 'customers', /customers/.test(text) ? 'en' : 'de');
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.problems?.join(' ')).toMatch(/51|10/);
    }
    const r = parse('Kunden im PLZ-Bereich 51, die nie gekauft haben', 'customers');
    expect(r.ok && r.query.filters).toEqual([{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: 'starts', value: '51' }, { kind: 'related', measure: 'transactions', where: [], op: '=', value: 0 }]);
  });
  it('escapes the input’s own wildcards', () => {
    const c = compile({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: 'starts', value: '5_%\\' }] });
    expect(c.params).toContain('5\\_\\%\\\\%');
    expect(() => compile({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: 'starts', value: '  ' }] })).toThrow();
  });
  it('reads a postal area on transactions and events as their customers’', () => {
    const r = parse('Transaktionen von Kunden im PLZ-Bereich 51', 'transactions');
    expect(r.ok && fieldFilters(r.query)).toEqual([{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: 'starts', value: '51' }]);
  });
});

describe('the closest question (ask this instead)', () => {
  const questions: [string, TypedQuery['outcome'], 'de' | 'en'][] = [
    ['Kunden aus Köln, die Oper gekauft haben', 'customers', 'de'],
    ['Veranstaltungen in Bonn nächsten Monat', 'events', 'de'],
    ['customers from Köln who bought ballet', 'customers', 'en'],
    ['opera events in Essen', 'events', 'en'],
    ['Transaktionen mit Freikarten', 'transactions', 'de'],
  ];
  const junk = ['Flurbereinigung', 'quxzyblorft', 'Zwetschgenröster'];
  // The unknown word at each position between words.
  const cases = questions.flatMap(([q, outcome, lang]) => {
    const words = q.split(' ');
    return junk.flatMap((j) => words.map((_, at) => [[...words.slice(0, at + 1), j, ...words.slice(at + 1)].join(' '), q, j, outcome, lang] as const));
  });
  it.each(cases)('%s → offers the question without the unplaced word', (text, original, word, outcome, lang) => {
    const opts = { language: lang, outcome, vocabulary: VOCAB, now: NOW };
    const r = parseQuestion(text, opts);
    expect(r.ok).toBe(false);
    const s = closestQuestion(text, r, opts);
    expect(s?.unplaced).toContain(word);
    const again = parseQuestion(s!.question, opts);
    expect(again.ok).toBe(true);
    if (s!.unplaced.length > 1) {
      // The word split a phrase ("nächsten xyz Monat"): its parts are left out too, and say so.
      expect(s!.unplaced.every((u) => text.includes(u) && !s!.question.includes(u))).toBe(true);
      return;
    }
    // The question as typed, without the word (and a preposition that only led into it).
    expect(original.replace(/,/g, '').split(' ')).toEqual(expect.arrayContaining(s!.question.replace(/,/g, '').split(' ')));
    // It is answerable as offered: the same query as the question without the word.
    const plain = parseQuestion(original, opts);
    expect(again.ok && plain.ok && again.query).toEqual(plain.ok && plain.query);
  });
  it('offers nothing for a hard refusal, for nothing but unknown words, or for a write', () => {
    const opts = { language: 'de' as const, outcome: 'customers' as const, vocabulary: VOCAB, now: NOW };
    for (const text of ['Kunden aus Köln am 31.02.2025', 'Kunden blorft', 'Lösche alle Kunden aus Köln', "Kunden aus Köln' OR '1'='1", 'Kunden mit mehr als 1.9 Käufen']) {
      expect(closestQuestion(text, parseQuestion(text, opts), opts), text).toBeUndefined();
    }
  });
  it('drops a hyphenated part and a word that only led into the dropped one', () => {
    expect(withoutWords('Kunden aus Köln mit Flurbereinigung', ['Flurbereinigung'])).toEqual({ text: 'Kunden aus Köln', dropped: ['Flurbereinigung'] });
    expect(withoutWords('Kunden, blorft, aus Köln', ['blorft']).text).toBe('Kunden, aus Köln');
    expect(withoutWords('Opern-Xyz Kunden', ['Xyz']).text).toBe('Opern Kunden');
  });
});

// ---- on PGlite: what the SQL answers ----
let t: TestDb;
const EVENTS = [
  { id: 'e1001-r1', partner: 1001, title: REQUIEM, category: 'vocal' },
  { id: 'e1001-r2', partner: 1001, title: 'Verdi: Requiem', category: 'vocal' },
  { id: 'e1001-z1', partner: 1001, title: 'Die Zauberflöte', category: 'opera' },
  { id: 'e1002-r1', partner: 1002, title: 'Mozart: Requiem', category: 'vocal' },
];
const CUSTOMERS = [
  { id: 1, partner: 1001, zip: '51105' }, // bought the Requiem
  { id: 2, partner: 1001, zip: '50667' }, // only a cancelled purchase
  { id: 3, partner: 1001, zip: '5_123' }, // no purchase at all
  { id: 4, partner: 1001, zip: '51709' }, // Verdi and a cancelled Zauberflöte
  { id: 5, partner: 1002, zip: 'M1 4BT' },
  { id: 6, partner: 1002, zip: 'M14 5AB' },
  { id: 7, partner: 1002, zip: 'SW1A 1AA' },
];
const TXS = [
  { partner: 1001, event: 'e1001-r1', customer: 1, type: 'regular', amount: 50 },
  { partner: 1001, event: 'e1001-r1', customer: 2, type: 'cancelled', amount: 80 },
  { partner: 1001, event: 'e1001-r2', customer: 4, type: 'regular', amount: 30 },
  { partner: 1001, event: 'e1001-z1', customer: 4, type: 'cancelled', amount: 90 },
  { partner: 1002, event: 'e1002-r1', customer: 5, type: 'regular', amount: 20 },
];



async function ids(q: TypedQuery, partnerId = 1001): Promise<string[]> {
  return (await executeSentinelQuery(t.db, partnerId, compile(q, partnerId), 100)).ids.map(String).sort();
}
async function answer(text: string, outcome: TypedQuery['outcome'], language: 'de' | 'en' = 'de', partnerId = 1001): Promise<string[]> {
  const r = parse(text, outcome, language);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return ids(r.query, partnerId);
}

describe('on PGlite', () => {
  beforeAll(async () => {
    t = await createTestDb();
    const db = t.db;
    await db.execute(sql.raw(`INSERT INTO partners (id, name, domain, product) VALUES (1001, 'Konzerthaus Rheinland', 'k.example', 'full-service'), (1002, 'Harbour Lights Promotions', 'h.example', 'prisma')`));
    for (const e of EVENTS) {
      await db.execute(sql`INSERT INTO events (id, partner_id, eid, title, category, start_date_time, capacity) VALUES (${e.id}, ${e.partner}, ${e.id}, ${e.title}, ${e.category}, ${'2026-03-01T19:00:00Z'}, 500)`);
    }
    for (const c of CUSTOMERS) {
      await db.execute(sql`INSERT INTO customers (id, partner_id, external_id, postal_code, city) VALUES (${c.id}, ${c.partner}, ${'x' + c.id}, ${c.zip}, 'Köln')`);
    }
    for (const x of TXS) {
      await db.execute(sql`INSERT INTO ticket_transactions (partner_id, event_id, customer_id, sold_at, quantity, ticket_type, price_category, amount_minor)
        VALUES (${x.partner}, ${x.event}, ${x.customer}, ${'2026-02-01T10:00:00Z'}, 2, ${x.type}, '1', ${x.amount * 100})`);
    }
  }, 240_000);
  afterAll(async () => t?.close());

  it.each(["Mozart's Requiem", 'Mozart Requiem', 'Mozart: Requiem', 'mozart requiem', 'Requiem Mozart'])('"Veranstaltungen %s" finds "… – Mozart: Requiem" and nothing of another partner', async (name) => {
    expect(await answer(`Veranstaltungen ${name}`, 'events')).toEqual(['e1001-r1']);
  });
  it('a name in another spelling of its umlauts still finds it', async () => {
    const q: TypedQuery = { outcome: 'events', filters: [{ kind: 'field', field: { tag: 'e', field: 'title' }, op: 'contains', value: 'zauberfloete' }] };
    expect(await ids(q)).toEqual(['e1001-z1']);
  });
  it('postal areas are prefixes of the partner’s own customers only', async () => {
    expect(await answer('Kunden im PLZ-Bereich 51', 'customers')).toEqual(['1', '4']);
    expect(await answer('Kunden mit PLZ 5*', 'customers')).toEqual(['1', '2', '3', '4']);
    // "5_" is no wildcard: only the code that really starts with "5_".
    expect(await ids({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'zip_code' }, op: 'starts', value: '5_' }] })).toEqual(['3']);
    expect(await answer('customers with postcodes starting with M1', 'customers', 'en', 1002)).toEqual(['5', '6']);
    expect(await answer('customers with postcodes starting with M1', 'customers', 'en', 1001)).toEqual([]);
  });
  it('cancelled is not bought: never bought, bought, counts and revenue leave cancelled out', async () => {
    expect(await answer('Kunden, die nie gekauft haben', 'customers')).toEqual(['2', '3']);
    expect(await answer('customers who never bought', 'customers', 'en')).toEqual(['2', '3']);
    expect(await answer('Kunden, die Mozart Requiem gekauft haben', 'customers')).toEqual(['1']);
    expect(await answer('wer hat die Zauberflöte gebucht', 'customers')).toEqual([]);
    expect(await answer('Kunden mit mehr als 1 Transaktion', 'customers')).toEqual([]);
    expect(await answer('Kunden, die mehr als 40 € ausgegeben haben', 'customers')).toEqual(['1']);
    expect(await answer('Kunden, die nie Oper gekauft haben', 'customers')).toEqual(['1', '2', '3', '4']);
    expect(await answer('Veranstaltungen mit mehr als 1 Ticket', 'events')).toEqual(['e1001-r1', 'e1001-r2']);
    // Asked about, cancellations are counted as asked.
    expect(await answer('Kunden mit stornierten Tickets', 'customers')).toEqual(['2', '4']);
  });
  it('ranks by a measure without cancelled rows', async () => {
    const q: TypedQuery = { outcome: 'customers', filters: [], orderBy: { measure: 'revenue', direction: 'desc' }, limit: 1 };
    expect((await executeSentinelQuery(t.db, 1001, compile(q), 100)).ids.map(String)).toEqual(['1']);
  });
});
