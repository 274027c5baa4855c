// Issue 21 §3, the classes the fifth dev batch (questions-7.ts, written without the engine) found:
// each rule on the typed query in both languages, with our own wordings — never the set's
// questions. NOW = Tuesday 2026-11-24.
import { describe, expect, it } from 'vitest';
import { compileQuery, parseQuestion, type Entity, type FieldFilter, type RelatedFilter, type TypedQuery, type Vocabulary } from '../../src/server/engines/nlq';
import { parserOn, summary, VOCAB, type Lang } from './nlq-fixtures';

const V: Vocabulary = {
  ...VOCAB,
  halls: [...VOCAB.halls, 'The Loft'],
  salutations: ['divers', 'Frau', 'Herr', 'Mrs', 'Ms'],
  customProperties: [...VOCAB.customProperties, { label: 'Favourite genre', values: ['Opera', 'Comedy'] }],
};
const { parse, ok } = parserOn(V);
const related = (q: TypedQuery): RelatedFilter[] => q.filters.filter((c): c is RelatedFilter => c.kind === 'related');
const fields = (q: TypedQuery): FieldFilter[] => q.filters.filter((c): c is FieldFilter => c.kind === 'field');

describe('"oder später" / "or earlier" after a year or an age: one side open', () => {
  it.each<[string, Lang, string[]]>([
    ['Kunden Jahrgang 1990 oder jünger', 'de', ['c.birth_year >= 1990']],
    ['customers born in 1960 or earlier', 'en', ['c.birth_year < 1961']],
    ['Kunden, 65 Jahre oder älter', 'de', ['c.birth_year <= 1961']],
    ['customers aged 30 or younger', 'en', ['c.birth_year >= 1996']],
  ])('%s', (text, lang, expected) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toEqual(expected);
  });

  it.each<[string, Lang, string[]]>([
    ['Veranstaltungen 2027 oder später', 'de', ['e.date >= "2027-01-01"']],
    ['events in 2024 or before', 'en', ['e.date < "2025-01-01"']],
  ])('a time of events: %s', (text, lang, expected) => {
    expect(fields(ok(text, 'events', lang)).map(summary)).toEqual(expected);
  });
});

describe('"öfter als einmal" / "more often than": a count above', () => {
  it.each<[string, Lang]>([
    ['Kunden, die die Zauberflöte öfter als einmal besucht haben', 'de'],
    ['customers who saw la traviata more often than once', 'en'],
  ])('%s', (text, lang) => {
    const [r] = related(ok(text, 'customers', lang));
    expect(r).toMatchObject({ measure: 'events', op: '>', value: 1 });
  });
});

describe('a verb of buying or visiting with nothing it is about: a purchase at all', () => {
  it.each<[string, Lang, string]>([
    ['Neukunden seit Oktober, die schon etwas gekauft haben', 'de', 'transactions[] > 0'],
    ['customers from Bonn who have already booked something', 'en', 'transactions[] > 0'],
    ['customers from Bonn who never bought anything', 'en', 'transactions[] = 0'],
  ])('%s', (text, lang, expected) => {
    expect(related(ok(text, 'customers', lang)).map(summary)).toEqual([expected]);
  });

  it('with a thing bought it stays that thing', () => {
    expect(related(ok('Kunden, die Oper gekauft haben', 'customers', 'de')).map(summary)).toEqual(['transactions[e.category = "opera"] > 0']);
  });
});

describe('custom property labels in the other language', () => {
  it('"Lieblingsgenre" finds the label "Favourite genre"; "favourite genre" finds "Lieblingssparte"', () => {
    const de = ok('Kunden mit Lieblingsgenre Comedy', 'customers', 'de', { ...V, customProperties: [{ label: 'Favourite genre', values: ['Opera', 'Comedy'] }] });
    expect(JSON.stringify(de.filters)).toContain('Favourite genre');
    const en = ok('customers whose favourite genre is Oper', 'customers', 'en', { ...V, customProperties: [{ label: 'Lieblingssparte', values: ['Oper', 'Ballett'] }] });
    expect(JSON.stringify(en.filters)).toContain('Lieblingssparte');
  });
});

describe('a hall or venue named with its article is found without it', () => {
  it.each<[string, Lang]>([['Comedy im Loft', 'de'], ['comedy at loft', 'en']])('%s', (text, lang) => {
    expect(fields(ok(text, 'events', lang)).map(summary)).toContain('e.hall = "The Loft"');
  });
});

describe('a typo in the word beats a typo in its stem', () => {
  it('"paymnets" is the noun payments, not the field word "payment"', () => {
    const q = ok('cash paymnets over 80 euros', 'transactions', 'en');
    expect(fields(q).map(summary)).toEqual(['t.payment_method = "cash"', 't.amount > 80']);
  });
});

describe('decades', () => {
  it.each<[string, Lang]>([
    ['customers born in the 80s', 'en'],
    ['Kunden geboren in den Achtzigern', 'de'],
    ['Kunden Jahrgang 1980er', 'de'],
  ])('%s', (text, lang) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toEqual(['c.birth_year >= 1980', 'c.birth_year < 1990']);
  });
});

describe('forms of address are the partner\'s own values', () => {
  it.each<[string, Lang, string]>([
    ['Frauen aus Köln', 'de', 'c.salutation in ["Frau","Mrs","Ms"]'],
    ['male customers from Bonn', 'en', 'c.salutation = "Herr"'],
  ])('%s', (text, lang, expected) => {
    expect(fields(ok(text, 'customers', lang)).map(summary)).toContain(expected);
  });

  it('without salutations in the vocabulary the word is not understood', () => {
    expect(parse('Frauen aus Köln', 'customers', 'de', { ...V, salutations: [] }).ok).toBe(false);
  });
});

describe('"nach Besuchen" / "by visits" orders by visits', () => {
  it.each<[string, Lang]>([['Top 3 Kunden nach Besuchen', 'de'], ['top 3 customers by visits', 'en']])('%s', (text, lang) => {
    expect(ok(text, 'customers', lang).orderBy).toMatchObject({ measure: 'events', direction: 'desc' });
  });
});

describe('"of 2025" is a year unless an amount follows', () => {
  it('the best selling comedy nights of 2025', () => {
    expect(fields(ok('the 3 best selling comedy nights of 2025', 'events', 'en')).map(summary)).toEqual(['e.category = "comedy"', 'e.date >= "2025-01-01"', 'e.date < "2026-01-01"']);
  });
});

describe('a city after an event noun is the event\'s place', () => {
  it.each<[string, Lang]>([
    ['wer aus Bonn war schon mal bei einem Konzert in Köln', 'de'],
    ['customers from Bonn who went to a show in Köln', 'en'],
  ])('%s', (text, lang) => {
    const q = ok(text, 'customers', lang);
    expect(fields(q).map(summary)).toEqual(['c.city = "Bonn"']);
    expect(related(q).map(summary)).toEqual(['transactions[e.city = "Köln"] > 0']);
  });
});

describe('values and labels across languages', () => {
  const en = { ...V, customProperties: [{ label: 'Subscription', values: ['Gold', 'Silver', 'None'] }, { label: 'Favourite genre', values: ['Opera', 'Musicals'] }], paymentMethods: ['Card', 'Cash'] };
  it.each<[string, Lang, Vocabulary, string[]]>([
    ['Kunden mit Silber-Abo', 'de', en, ['ccp.Subscription = "Silver"']],
    ['customers with a silver subscription', 'en', { ...V, customProperties: [{ label: 'Abonnement', values: ['Gold', 'Silber'] }] }, ['ccp.Abonnement = "Silber"']],
    ['customers whose favourite genre is opera', 'en', V, ['ccp.Lieblingssparte = "Oper"']],
    ['Kunden mit Lieblingsgenre Musical', 'de', en, ['ccp.Favourite genre = "Musicals"']],
  ])('%s', (text, lang, vocabulary, expected) => {
    expect(ok(text, 'customers', lang, vocabulary).filters.map(summary)).toEqual(expected);
  });

  it('"mit Karte bezahlt" is a card payment, not a ticket; a verb of paying alone is a purchase', () => {
    const q = ok('Kunden, die mit Karte bezahlt haben', 'customers', 'de', { ...V, paymentMethods: ['Card', 'Cash'] });
    expect(related(q).map(summary)).toEqual(['transactions[t.payment_method = "Card"] > 0']);
  });

  it('"EC card" is the partner\'s EC-Karte', () => {
    expect(fields(ok('purchases with ec card', 'transactions', 'en', { ...V, paymentMethods: ['EC-Karte', 'Bar'] })).map(summary)).toEqual(['t.payment_method = "EC-Karte"']);
  });
});

describe('a bare age after the customer noun', () => {
  it.each<[string, Lang, string[]]>([
    ['Kunden über 60', 'de', ['c.birth_year < 1966']],
    ['Kunden unter 30 aus Bonn', 'de', ['c.birth_year > 1996', 'c.city = "Bonn"']],
    ['customers over 65', 'en', ['c.birth_year < 1961']],
  ])('%s', (text, lang, expected) => {
    expect(ok(text, 'customers', lang).filters.map(summary)).toEqual(expected);
  });

  it('with a unit or after "mit" it stays a count or an amount', () => {
    expect(related(ok('Kunden mit über 60 Käufen', 'customers', 'de')).map(summary)).toEqual(['transactions[] > 60']);
    expect(related(ok('customers over 500 euros', 'customers', 'en')).map(summary)).toEqual(['revenue[] > 500']);
  });
});

describe('which date a ranking or a sold share means', () => {
  it('"nach Umsatz dieses Jahr": the ranking\'s revenue is this year\'s sales', () => {
    const q = ok('die 10 besten Kunden nach Umsatz dieses Jahr', 'customers', 'de');
    expect(q.orderBy).toMatchObject({ measure: 'revenue', where: [{ field: { tag: 't', field: 'date' } }, { field: { tag: 't', field: 'date' } }] });
  });
  it('"80 percent sold this season": the events of this season', () => {
    expect(ok('events more than 80 percent sold this season', 'events', 'en').filters.map(summary)).toEqual(['e.already_sold > 80', 'e.date >= "2026-08-01"', 'e.date < "2027-08-01"']);
  });
});

describe('the first purchase in a time', () => {
  it.each<[string, Lang]>([
    ['Kunden, die im Oktober zum ersten Mal gekauft haben', 'de'],
    ['first-time buyers in October', 'en'],
  ])('%s', (text, lang) => {
    expect(related(ok(text, 'customers', lang)).map(summary)).toEqual([
      'transactions[t.date >= "2026-10-01", t.date < "2026-11-01"] > 0',
      'transactions[t.date < "2026-10-01"] = 0',
    ]);
  });
  it('without a time to go before, "first time" is named as not understood', () => {
    const r = parse('customers who bought for the first time', 'customers', 'en');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('first time');
  });
});

describe('regular customers and sales that did not happen', () => {
  it.each<[string, Lang]>([['Stammkunden mit mehr als 10 Besuchen', 'de'], ['regulars with over 10 visits', 'en']])('%s are customers, not regular tickets', (text, lang) => {
    expect(ok(text, 'customers', lang).filters.map(summary)).toEqual(['events[] > 10']);
  });
  it('"events with no sales in the last 7 days" puts the week on the sales', () => {
    expect(ok('events with no sales in the last 7 days', 'events', 'en').filters.map(summary)).toEqual(['transactions[t.date >= "2026-11-17", t.date < "2026-11-25"] = 0']);
  });
});

describe('"the last N" is the most recent', () => {
  it.each<[string, Lang]>([['die letzten 10 Buchungen', 'de'], ['the last 10 bookings', 'en']])('%s', (text, lang) => {
    const q = ok(text, 'transactions', lang);
    expect(q.orderBy).toMatchObject({ field: { tag: 't', field: 'date' }, direction: 'desc' });
    expect(q.limit).toBe(10);
  });
  it('"last week" stays a time', () => {
    expect(fields(ok('customers who bought last week', 'transactions', 'en')).map(summary)).toEqual(['t.date >= "2026-11-16"', 't.date < "2026-11-23"']);
  });
});

describe('payment methods with overlapping words', () => {
  const pay = { ...V, paymentMethods: ['Rechnung', 'Sofortüberweisung'] };
  it.each<[string, string]>([
    ['sales paid by invoice', 'Rechnung'],
    ['sales paid by bank transfer', 'Rechnung'],
    ['purchases by instant transfer', 'Sofortüberweisung'],
  ])('%s', (text, method) => {
    expect(fields(ok(text, 'transactions', 'en', pay)).map(summary)).toEqual([`t.payment_method = "${method}"`]);
  });
});

describe('"seit/since" runs until now, today included', () => {
  const afternoon = new Date('2026-11-26T14:30:00Z');
  it('in the afternoon the end is the instant, so today\'s sales so far count', () => {
    const r = parseQuestion('Verkäufe seit Montag', { language: 'de', outcome: 'transactions', vocabulary: V, now: afternoon });
    expect(r.ok && r.query.filters.map(summary)).toEqual(['t.date >= "2026-11-23"', 't.date < "2026-11-26T14:30:00.000Z"']);
    const sql = r.ok ? compileQuery(r.query, { partnerId: 1001, maxRows: 100 }) : undefined;
    expect(sql?.sql).toMatch(/t\.sold_at < \$\d+::timestamptz/);
    expect(sql?.params).toContain('2026-11-26T14:30:00.000Z');
  });
  it('"seit heute" in the afternoon is today so far, not a contradiction', () => {
    const r = parseQuestion('Verkäufe seit heute', { language: 'de', outcome: 'transactions', vocabulary: V, now: afternoon });
    expect(r.ok && r.query.filters.map(summary)).toEqual(['t.date >= "2026-11-26"', 't.date < "2026-11-26T14:30:00.000Z"']);
  });
  it('at midnight exactly (the accuracy set\'s clock) the end is the day', () => {
    const r = parseQuestion('Verkäufe seit Montag', { language: 'de', outcome: 'transactions', vocabulary: V, now: new Date('2026-11-26T00:00:00Z') });
    expect(r.ok && r.query.filters.map(summary)).toEqual(['t.date >= "2026-11-23"', 't.date < "2026-11-26"']);
  });
});

describe('batch 8 classes: quarters, short days, the next N, half, ranges with currency signs, places of visits', () => {
  it.each<[string, Entity, Lang, string[]]>([
    ['Verkäufe im 3. Quartal', 'transactions', 'de', ['t.date >= "2026-07-01"', 't.date < "2026-10-01"']],
    ['events in q1 2027', 'events', 'en', ['e.date >= "2027-01-01"', 'e.date < "2027-04-01"']],
    ['cancellations last quarter', 'transactions', 'en', ['t.ticket_type = "cancelled"', 't.date >= "2026-07-01"', 't.date < "2026-10-01"']],
    ['Transaktionen von vorgestern', 'transactions', 'de', ['t.date >= "2026-11-22"', 't.date < "2026-11-23"']],
    ['sales ytd', 'transactions', 'en', ['t.date >= "2026-01-01"', 't.date < "2026-11-24T09:00:00.000Z"']],
    ['events that sold less than half', 'events', 'en', ['e.already_sold < 50']],
    ['Veranstaltungen zwischen 50 und 80 % verkauft', 'events', 'de', ['e.already_sold >= 50', 'e.already_sold <= 80']],
    ['Buchungen zwischen 50 € und 80 €', 'transactions', 'de', ['t.amount >= 50', 't.amount <= 80']],
  ])('%s', (text, outcome, lang, expected) => {
    expect(ok(text, outcome, lang).filters.map(summary)).toEqual(expected);
  });

  it('"customers who spent between €200 and €500": one range of revenue', () => {
    expect(related(ok('customers who spent between €200 and €500', 'customers', 'en')).map(summary)).toEqual(['revenue[] >= 200', 'revenue[] <= 500']);
  });

  it('"the next 5 events": still ahead, soonest first', () => {
    const q = ok('next 5 events in the Kammermusiksaal', 'events', 'en');
    expect(fields(q).map(summary)).toEqual(['e.date >= "2026-11-24"', 'e.hall = "Kammermusiksaal"']);
    expect(q.orderBy).toMatchObject({ field: { field: 'date' }, direction: 'asc' });
    expect(q.limit).toBe(5);
  });

  it('a second place with a visit is where they went ("aus Bonn, die noch nie in Köln waren")', () => {
    const q = ok('Kunden aus Bonn, die noch nie in Köln waren', 'customers', 'de');
    expect(q.filters.map(summary)).toEqual(['c.city = "Bonn"', 'transactions[e.city = "Köln"] = 0']);
  });

  it('a typo in a count noun is read ("tikets"), an age keeps the time after it ("ab 70 die letzte Saison")', () => {
    expect(related(ok('people who bought tikets for Die Zauberflöte', 'customers', 'en')).map(summary)).toEqual(['transactions[e.title = "Die Zauberflöte"] > 0']);
    const q = ok('Kunden ab 70 die letzte Saison mindestens 3 Vorstellungen besucht haben', 'customers', 'de');
    expect(q.filters.map(summary)).toEqual(['c.birth_year <= 1956', 'events[e.date >= "2025-08-01", e.date < "2026-08-01"] >= 3']);
  });
});
