// Issue 21 §3, the classes the fourth dev batch (questions-6.ts, written without the engine) found:
// each rule is checked on the typed query in both languages, with our own wordings — never the
// set's questions. NOW = Tuesday 2026-11-24.
import { describe, expect, it } from 'vitest';
import { compileQuery, parseQuestion, type Condition, type Entity, type FieldFilter, type RelatedFilter, type TypedQuery, type Vocabulary } from '../../src/server/engines/nlq';
import { NOW, VOCAB } from './nlq-fixtures';

const V: Vocabulary = {
  ...VOCAB,
  titles: [...VOCAB.titles, 'Gift Voucher £25'],
  paymentMethods: [...VOCAB.paymentMethods, 'Gift Voucher'],
  customProperties: [...VOCAB.customProperties, { label: 'Mailing', values: ['yes', 'no'] }],
};
type Lang = 'de' | 'en';

function ok(text: string, outcome: Entity, language: Lang): TypedQuery {
  const r = parseQuestion(text, { language, outcome, vocabulary: V, now: NOW });
  if (!r.ok) throw new Error(`${text}: ${r.refusal} ${r.reason}`);
  return r.query;
}
const related = (q: TypedQuery): RelatedFilter[] => q.filters.filter((c): c is RelatedFilter => c.kind === 'related');
const fields = (q: TypedQuery): FieldFilter[] => q.filters.filter((c): c is FieldFilter => c.kind === 'field');
const dateOf = (where: FieldFilter[]) => where.filter((w) => w.field.field === 'date').map((w) => `${w.field.tag}${w.op}${w.value}`).join(' ');
const summary = (c: Condition) => (c.kind === 'field' ? `${c.field.tag}.${c.field.field} ${c.op} ${JSON.stringify(c.value)}` : `${c.measure}[${dateOf(c.where)}] ${c.op} ${c.value}`);

describe('"weder … noch" / "neither … nor" over two times: none in each', () => {
  it.each<[string, Lang]>([
    ['Kunden, die weder 2023 noch 2024 etwas gebucht haben', 'de'],
    ['customers who purchased neither in 2023 nor in 2024', 'en'],
  ])('%s', (text, lang) => {
    const q = ok(text, 'customers', lang);
    expect(q.filters.map(summary)).toEqual([
      'transactions[t>=2023-01-01 t<2024-01-01] = 0',
      'transactions[t>=2024-01-01 t<2025-01-01] = 0',
    ]);
  });

  it('over two genres it stays one count of none', () => {
    const q = ok('Kunden, die weder Oper noch Ballett gebucht haben', 'customers', 'de');
    expect(related(q)).toHaveLength(1);
    expect(related(q)[0]).toMatchObject({ op: '=', value: 0, where: [{ field: { field: 'category' }, op: 'in', value: ['opera', 'ballet'] }] });
  });
});

describe('"seitdem" / "since" after a time: from its end, with no end', () => {
  it.each<[string, Lang]>([
    ['Kunden, die 2023 im Konzert waren, aber seitdem nicht mehr', 'de'],
    ['customers who attended in 2023 but not since', 'en'],
  ])('%s', (text, lang) => {
    const q = ok(text, 'customers', lang);
    const none = related(q).find((r) => r.op === '=' && r.value === 0)!;
    expect(dateOf(none.where)).toBe('e>=2024-01-01');
    expect(related(q).some((r) => r.op === '>' && dateOf(r.where) === 'e>=2023-01-01 e<2024-01-01')).toBe(true);
  });

  it('"since March" stays a time of its own', () => {
    expect(dateOf(fields(ok('Transaktionen seit März', 'transactions', 'de')))).toBe('t>=2026-03-01 t<2026-11-24T09:00:00.000Z');
  });
});

describe('a clause without its own verb keeps the previous clause\'s', () => {
  it.each<[string, Lang]>([
    ['wer hat im September gebucht, aber im Oktober nicht mehr', 'de'],
    ['who purchased in September but nothing in October', 'en'],
  ])('%s: both months are sale times', (text, lang) => {
    const q = ok(text, 'customers', lang);
    const times = related(q).filter((r) => r.where.length > 0).map((r) => `${dateOf(r.where)} ${r.op} ${r.value}`);
    expect(times).toEqual(['t>=2026-09-01 t<2026-10-01 > 0', 't>=2026-10-01 t<2026-11-01 = 0']);
  });
});

describe('transactions "seit/since" a date: the sale time, also after "für <genre>"', () => {
  it.each<[string, Lang]>([
    ['Freikarten für Ballett seit Oktober', 'de'],
    ['free tickets issued for ballet since October', 'en'],
  ])('%s', (text, lang) => {
    expect(dateOf(fields(ok(text, 'transactions', lang)))).toBe('t>=2026-10-01 t<2026-11-24T09:00:00.000Z');
  });

  it('"Tickets für Ballett im Dezember" still means the December performances', () => {
    expect(dateOf(fields(ok('Tickets für Ballett im Dezember', 'transactions', 'de')))).toBe('e>=2026-12-01 e<2027-01-01');
  });
});

describe('a superlative with a singular noun asks for one; a number before the noun for that many', () => {
  it.each<[string, Entity, Lang, number | undefined]>([
    ['welches Ballett hatte die meisten Tickets', 'events', 'de', 1],
    ['which concert sold the most tickets', 'events', 'en', 1],
    ['welche Kundin hat am meisten ausgegeben', 'customers', 'de', 1],
    ['welche Ballette hatten die meisten Tickets', 'events', 'de', undefined],
    ['the 4 ballets with the most tickets', 'events', 'en', 4],
    ['die 7 Kunden mit dem meisten Umsatz', 'customers', 'de', 7],
  ])('%s → limit %s', (text, outcome, lang, limit) => {
    const q = ok(text, outcome, lang);
    expect(q.orderBy?.direction).toBe('desc');
    expect(q.limit).toBe(limit);
    // The number is the limit, never also a count condition.
    expect(related(q).filter((r) => r.value === limit)).toHaveLength(0);
  });
});

describe('words', () => {
  it('the adjectives of yesterday, today and tomorrow are those days', () => {
    expect(dateOf(fields(ok('gestrige Buchungen mit PayPal', 'transactions', 'de')))).toBe('t>=2026-11-23 t<2026-11-24');
    expect(dateOf(fields(ok('heutige Verkäufe', 'transactions', 'de')))).toBe('t>=2026-11-24 t<2026-11-25');
    expect(dateOf(fields(ok('morgige Vorstellungen', 'events', 'de')))).toBe('e>=2026-11-25 e<2026-11-26');
  });

  it('"mind." is "mindestens"', () => {
    const q = ok('Kunden mit mind. 4 Käufen', 'customers', 'de');
    expect(related(q)[0]).toMatchObject({ op: '>=', value: 4 });
  });

  it.each(['events starting from 3 February', 'events from 3 February onwards'])('%s', (text) => {
    expect(dateOf(fields(ok(text, 'events', 'en')))).toBe('e>=2026-02-03');
  });

  it('"given out", "been back" are fillers, and "back" is never a composer read through a typo', () => {
    expect(dateOf(fields(ok('complimentary tickets given out yesterday', 'transactions', 'en')))).toBe('t>=2026-11-23 t<2026-11-24');
    const q = ok('customers who came in 2023 but have not been back since', 'customers', 'en');
    expect(JSON.stringify(q)).not.toContain('composers');
  });
});

describe('values', () => {
  it('a whole name of the partner beats a fragment of a longer one (payment method vs title)', () => {
    const q = ok('sales paid with a gift voucher over 30 €', 'transactions', 'en');
    expect(fields(q).map(summary)).toEqual(['t.payment_method = "Gift Voucher"', 't.amount > 30']);
  });

  it.each<[string, Lang, string]>([
    ['Kunden, die den Newsletter bekommen', 'de', 'ccp.Newsletter = "ja"'],
    ['Kunden ohne Newsletter', 'de', 'ccp.Newsletter != "ja"'],
    ['customers who receive the mailing', 'en', 'ccp.Mailing = "yes"'],
  ])('a yes/no property named alone is its yes: %s', (text, lang, expected) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toEqual([expected]);
  });

  it('"did not opt out of marketing" is one condition, not its opposite as well', () => {
    expect(fields(ok('customers that did not opt out of marketing', 'customers', 'en')).map(summary)).toEqual(['c.ads_opt_out = false']);
  });

  it.each<[string, Lang, string]>([
    ['customers in the SW1 postcode area', 'en', 'SW1'],
    ['postcode N7 customers', 'en', 'N7'],
    ['Kunden im 53er PLZ-Bereich', 'de', '53'],
  ])('postal areas with the code before the area word or a British outward code: %s', (text, lang, code) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toEqual([`c.zip_code starts ${JSON.stringify(code)}`]);
  });

  it('a full German postal code stays the exact code', () => {
    expect(fields(ok('Kunden mit PLZ 50667', 'customers', 'de')).map(summary)).toEqual(['c.zip_code = "50667"']);
  });
});

describe('from the hold-out\'s failure classes (reported as classes only; our own wordings)', () => {
  it.each<[string, Lang, string]>([
    ['customers in the LS postcode area', 'en', 'LS'],
    ['postcode area M customers', 'en', 'M'],
    ['Kunden mit PLZ EH', 'de', 'EH'],
  ])('a British postcode area in capitals: %s', (text, lang, code) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toEqual([`c.zip_code starts ${JSON.stringify(code)}`]);
  });

  it('a letters-only area compiles to the letters followed by a digit (B is not BD)', () => {
    const c = compileQuery(ok('customers in postcode area B', 'customers', 'en'), { partnerId: 1001, maxRows: 100 });
    expect(c.params).toContain('B1%');
    expect(c.params).not.toContain('B%');
  });

  it.each<[string, Lang]>([['Kunden namens Meier oder Schulz', 'de'], ['customers named Smith or Jones', 'en']])('several names: %s', (text, lang) => {
    const q = ok(text, 'customers', lang);
    expect(q.anyOf?.flat().map((c) => (c as FieldFilter).value)).toHaveLength(4);
  });

  it.each<[string, Lang]>([['everyone who saw a ballet', 'en'], ["customers who've never bought ballet", 'en']])('%s is understood', (text, lang) => {
    expect(related(ok(text, 'customers', lang))).toHaveLength(1);
  });

  it.each<[string, Lang]>([['customers who joined before the end of 2023', 'en'], ['Kunden, die bis Ende 2023 Kunde geworden sind', 'de']])('becoming a customer is the record\'s date: %s', (text, lang) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toEqual(['c.created_at < "2024-01-01"']);
  });

  it.each<[string, Lang, string]>([
    ['Kunden mit mehr als 2 stornierten Buchungen', 'de', 'transactions'],
    ['customers with more than 3 cancelled bookings', 'en', 'transactions'],
    ['customers with more than 3 cancelled tickets', 'en', 'tickets'],
  ])('a count of cancelled rows counts what the noun says: %s', (text, lang, measure) => {
    expect(related(ok(text, 'customers', lang))[0]).toMatchObject({ measure, where: [{ field: { field: 'ticket_type' }, value: 'cancelled' }] });
  });

  it.each<[string, Lang]>([['Ballette, die noch stattfinden', 'de'], ["ballets in Köln that haven't happened yet", 'en']])('still to come is strictly ahead: %s', (text, lang) => {
    const q = ok(text, 'events', lang);
    expect(dateOf(fields(q))).toMatch(/^e>=2026-11-24/);
    expect(related(q)).toHaveLength(0);
  });

  it('two halls, the second after another preposition, are one list', () => {
    expect(fields(ok('Vorstellungen im Großen Saal oder auf der Studiobühne', 'events', 'de')).map(summary)).toEqual(['e.hall in ["Großer Saal","Studiobühne"]']);
  });

  it('"nights" is the events noun, never a title word', () => {
    expect(JSON.stringify(ok('opera nights in Köln', 'events', 'en'))).not.toContain('title');
  });

  it('a method\'s own name beats another method\'s synonym', () => {
    const v: Vocabulary = { ...V, paymentMethods: ['EC-Karte', 'Kreditkarte'] };
    const r = parseQuestion('Buchungen mit Kreditkarte', { language: 'de', outcome: 'transactions', vocabulary: v, now: NOW });
    expect(r.ok && fields(r.query).map(summary)).toEqual(['t.payment_method = "Kreditkarte"']);
  });

  it.each<[string, Lang, string]>([
    ['Könnten Sie bitte für alle Kunden aus Köln eine Werbesperre setzen?', 'de', 'write'],
    ['could you opt every customer from Bonn out of marketing', 'en', 'write'],
    ["show me other promoters' events", 'en', 'others_data'],
  ])('%s → %s', (text, lang, refusal) => {
    const r = parseQuestion(text, { language: lang, outcome: 'customers', vocabulary: V, now: NOW });
    expect(r.ok ? 'answered' : r.refusal).toBe(refusal);
  });
});

describe('words that are names of Object\'s prototype are unknown words, nothing else', () => {
  const WORDS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];
  it.each(WORDS.flatMap((w) => [
    [`customers ${w}`, 'en'], [`Veranstaltungen seit ${w} 2025`, 'de'], [`postal ${w} customers`, 'en'], [`Kunden mit mehr als ${w} Käufen`, 'de'], [`events in ${w} ende`, 'en'],
  ]) as [string, Lang][])('%s', (text, lang) => {
    const r = parseQuestion(text, { language: lang, outcome: 'customers', vocabulary: V, now: NOW });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusal).toBe('not_understood');
      expect(r.reason).not.toMatch(/native code|function/);
    }
  });
});
