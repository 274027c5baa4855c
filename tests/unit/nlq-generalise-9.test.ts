// Issue 21 §3, the classes the failures of hold-outs 1–4 showed once they were read: each rule on
// the typed query in both languages, with our own wordings — never the sets' questions.
// NOW = Tuesday 2026-11-24.
import { describe, expect, it } from 'vitest';
import { compileQuery, type Entity, type Vocabulary } from '../../src/server/engines/nlq';
import { conditions, parserOn, summary, VOCAB, type Lang } from './nlq-fixtures';

/** The fixture partner, with a title that holds a field's word and a voucher payment method. */
const V: Vocabulary = {
  ...VOCAB,
  titles: [...VOCAB.titles, 'Holly Price live', 'Alles auf Anfang'],
  paymentMethods: [...VOCAB.paymentMethods, 'Gutschein'],
  salutations: ['Frau', 'Herr'],
};
const { parse, ok } = parserOn(V);

describe('an age right after a form of address, as after the customer noun', () => {
  it.each<[string, Lang, string[]]>([
    ['Damen über 65 aus Bonn', 'de', ['c.salutation = "Frau"', 'c.birth_year < 1961', 'c.city = "Bonn"']],
    ['men under 35 with the newsletter', 'en', ['c.salutation = "Herr"', 'c.birth_year > 1991', 'ccp.Newsletter = "ja"']],
  ])('%s', (text, lang, expected) => {
    expect(conditions(ok(text, 'customers', lang))).toEqual(expected);
  });
  it('a count with its noun stays a count', () => {
    expect(conditions(ok('Frauen mit über 20 Käufen', 'customers', 'de'))).toEqual(['c.salutation = "Frau"', 'transactions[] > 20']);
  });
});

describe('"weder … noch" and "ohne" with the property word beside each value', () => {
  it.each<[string, Lang, string[]]>([
    ['Kunden, die weder Abo Premium noch Abo Basis haben', 'de', ['ccp.Abonnement not in ["Premium","Basis"]']],
    ['Kunden weder mit Abo Premium noch mit Abo Basis', 'de', ['ccp.Abonnement != "Premium"', 'ccp.Abonnement != "Basis"']],
    ['Kunden aus Essen ohne Abo Premium', 'de', ['c.city = "Essen"', 'ccp.Abonnement != "Premium"']],
    ['customers with neither premium subscription nor basis subscription', 'en', ['ccp.Abonnement != "Premium"', 'ccp.Abonnement != "Basis"']],
  ])('%s', (text, lang, expected) => {
    expect(conditions(ok(text, 'customers', lang))).toEqual(expected);
  });
});

describe('"nur", "only", "ausschließlich" before a genre: some of it and nothing of any other', () => {
  it.each<[string, Lang, string]>([
    ['Kunden, die ausschließlich Ballett besucht haben', 'de', 'ballet'],
    ['customers who have only ever booked comedy', 'en', 'comedy'],
    ['Kunden, die nur Oper gekauft haben', 'de', 'opera'],
  ])('%s', (text, lang, genre) => {
    expect(conditions(ok(text, 'customers', lang))).toEqual([`transactions[e.category = "${genre}"] > 0`, `transactions[e.category != "${genre}"] = 0`]);
  });
  it('other conditions of the purchase hold for both counts', () => {
    expect(conditions(ok('customers who bought only opera in 2025', 'customers', 'en'))).toEqual([
      'transactions[e.category = "opera", t.date >= "2025-01-01", t.date < "2026-01-01"] > 0',
      'transactions[e.category != "opera", t.date >= "2025-01-01", t.date < "2026-01-01"] = 0',
    ]);
  });
  it('"nur" as a filler elsewhere changes nothing', () => {
    expect(conditions(ok('nur Kunden aus Köln', 'customers', 'de'))).toEqual(['c.city = "Köln"']);
  });
});

describe('a voucher after "mit", "per", "by" or before "paid" is how the sale was paid', () => {
  it.each<[string, Lang, Entity, string[]]>([
    ['Buchungen per Gutschein im Oktober', 'de', 'transactions', ['t.payment_method = "Gutschein"', 't.date >= "2026-10-01"', 't.date < "2026-11-01"']],
    ['orders paid by voucher over 80 euros', 'en', 'transactions', ['t.payment_method = "Gutschein"', 't.amount > 80']],
  ])('%s', (text, lang, outcome, expected) => {
    expect(conditions(ok(text, outcome, lang))).toEqual(expected);
  });
  it('vouchers on their own are the voucher products', () => {
    expect(conditions(ok('Verkäufe von Gutscheinen', 'transactions', 'de'))).toEqual(['e.category = "product"']);
  });
});

describe('a number field’s word is the field, never a fragment of a title that holds it', () => {
  it.each<[string, Lang, string[]]>([
    ['operas with a price below 30 euros', 'en', ['e.category = "opera"', 'e.price < 30']],
    ['Ballett mit einem durchschnittlichen Preis über 45 Euro', 'de', ['e.category = "ballet"', 'e.price > 45']],
  ])('%s', (text, lang, expected) => {
    expect(conditions(ok(text, 'events', lang))).toEqual(expected);
  });
  it('the title still when the question names it', () => {
    expect(conditions(ok('Veranstaltungen mit dem Titel Holly Price live', 'events', 'de'))).toEqual(['e.title = "Holly Price live"']);
  });
});

describe('an event date outside a span: before it or after it', () => {
  it.each<[string, Lang, [string, string]]>([
    ['Comedy im Großen Saal, aber nicht im Jahr 2024', 'de', ['2024-01-01', '2025-01-01']],
    ['ballet not in march', 'en', ['2026-03-01', '2026-04-01']],
  ])('%s', (text, lang, [from, to]) => {
    const q = ok(text, 'events', lang);
    expect(q.filters.every((c) => c.kind !== 'field' || c.field.field !== 'date')).toBe(true);
    expect(q.anyOf?.map((g) => g.map(summary))).toEqual([[`e.date < "${from}"`], [`e.date >= "${to}"`]]);
    // The summary flags the second alternative (the page reads it "or …"), and the SQL joins them with OR.
    const compiled = compileQuery(q, { partnerId: 1001, maxRows: 100, language: lang });
    expect(compiled.filters.filter((f) => f.field === 'e.date').map((f) => f.alternative ?? false)).toEqual([false, true]);
    expect(compiled.sql).toMatch(/\) OR \(/);
  });
  it('on transactions a span still cannot be excluded', () => {
    const r = parse('bookings not in october', 'transactions', 'en');
    expect(r.ok).toBe(false);
  });
});

describe('words that were refused', () => {
  it.each<[string, Lang, Entity, string[]]>([
    ['Kunden ab Jahrgang 1985 aus Köln', 'de', 'customers', ['c.birth_year >= 1985', 'c.city = "Köln"']],
    ['wer ist nach 1990 gebohren', 'de', 'customers', ['c.birth_year >= 1991']],
    ['vergangene Ballette mit Auslastung unter 60 proznet', 'de', 'events', ['e.date < "2026-11-24"', 'e.category = "ballet"', 'e.already_sold < 60']],
    ['premium subscription holders from bonn', 'en', 'customers', ['ccp.Abonnement = "Premium"', 'c.city = "Bonn"']],
    ['folks who attended 4 different operas', 'en', 'customers', ['events[e.category = "opera"] >= 4']],
    ['Kunden, die 2025 für mehr als 300 Euro eingekauft haben', 'de', 'customers', ['revenue[t.date >= "2025-01-01", t.date < "2026-01-01"] > 300']],
    ['theatre outside of düsseldorf', 'en', 'events', ['e.category = "theatre"', 'e.city != "Düsseldorf"']],
    ['Kunden mit dem Nachnamen Becker oder Wolff', 'de', 'customers', ['c.last_name in ["Becker","Wolff"]']],
    ['customers with a CF postcode', 'en', 'customers', ['c.zip_code starts "CF"']],
    ['customers who joined before 2024 and accept marketing', 'en', 'customers', ['c.created_at < "2024-01-01"', 'c.ads_opt_out = false']],
  ])('%s', (text, lang, outcome, expected) => {
    expect(conditions(ok(text, outcome, lang))).toEqual(expected);
  });
});
