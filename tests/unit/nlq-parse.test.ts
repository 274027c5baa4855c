// The Sentinel parser: what a question means as a typed query (structure and meaning, not SQL).
import { describe, expect, it } from 'vitest';
import { parseQuestion, type Condition, type Entity, type FieldFilter, type RelatedFilter, type TypedQuery } from '../../src/server/engines/nlq';
import { NOW, VOCAB } from './nlq-fixtures';

function ask(text: string, outcome: Entity = 'customers', language: 'en' | 'de' = 'de'): TypedQuery {
  const r = parseQuestion(text, { language, outcome, vocabulary: VOCAB, now: NOW });
  if (!r.ok) throw new Error(`refused ${r.refusal}: ${r.reason}`);
  TypedQueryShape(r.query);
  return r.query;
}
function TypedQueryShape(q: TypedQuery) {
  expect(q.filters.length).toBeLessThanOrEqual(30);
}
const fields = (cs: Condition[]) => cs.filter((c): c is FieldFilter => c.kind === 'field');
const related = (cs: Condition[]) => cs.filter((c): c is RelatedFilter => c.kind === 'related');
const has = (cs: FieldFilter[], tag: string, field: string, op: string, value: unknown) =>
  cs.some((c) => c.field.tag === tag && c.field.field === field && c.op === op && JSON.stringify(c.value) === JSON.stringify(value));

describe('parseQuestion: the issue example', () => {
  it('reads two related counts: more than three operas in 2025, and no ticket for the new season', () => {
    const q = ask('Welche Kunden haben 2025 mehr als drei Opern besucht, aber noch kein Ticket für die neue Saison?');
    const [operas, none] = related(q.filters);
    expect(operas).toMatchObject({ measure: 'events', op: '>', value: 3 });
    expect(has(operas.where, 'e', 'category', '=', 'opera')).toBe(true);
    expect(has(operas.where, 'e', 'date', '>=', '2025-01-01') && has(operas.where, 'e', 'date', '<', '2026-01-01')).toBe(true);
    expect(none.value).toBe(0);
    // The new season in November is the running one (its 1 August is nearest).
    expect(has(none.where, 'e', 'date', '>=', '2026-08-01') && has(none.where, 'e', 'date', '<', '2027-08-01')).toBe(true);
    expect(none.where.some((w) => w.field.field === 'category')).toBe(false);
  });
});

describe('parseQuestion: related conditions', () => {
  it('spent over 500 € is a revenue sum over the purchases', () => {
    const [r] = related(ask('customers who spent over 500 € last year', 'customers', 'en').filters);
    expect(r).toMatchObject({ measure: 'revenue', op: '>', value: 500 });
    expect(has(r.where, 't', 'date', '>=', '2025-01-01')).toBe(true);
  });
  it('never bought is a count of zero', () => {
    const [r] = related(ask('customers who never bought a ticket', 'customers', 'en').filters);
    expect(r.op).toBe('=');
    expect(r.value).toBe(0);
  });
  it('"no sales" / "keine Tickets" is no transaction at all, not a sum that nets to zero', () => {
    for (const [t, outcome, lang] of [['events with no sales at all', 'events', 'en'], ['Kunden ohne Tickets', 'customers', 'de'], ['Kunden die keinen Umsatz gemacht haben', 'customers', 'de']] as const) {
      const [r] = related(ask(t, outcome, lang).filters);
      expect(r, t).toMatchObject({ measure: 'transactions', op: '=', value: 0 });
    }
  });
  it('at least 2 tickets counts tickets', () => {
    const [r] = related(ask('Kunden mit mindestens 2 Tickets für Ballett').filters);
    expect(r).toMatchObject({ measure: 'tickets', op: '>=', value: 2 });
    expect(has(r.where, 'e', 'category', '=', 'ballet')).toBe(true);
  });
  it('a German compound names the category and the people ("Opernbesucher")', () => {
    const [r] = related(ask('Opernbesucher aus Köln').filters);
    expect(has(r.where, 'e', 'category', '=', 'opera')).toBe(true);
    expect(has(fields(ask('Opernbesucher aus Köln').filters), 'c', 'city', '=', 'Köln')).toBe(true);
  });
  it('"A und B gesehen" on customers means both, each its own count', () => {
    const rs = related(ask('Kunden, die La Traviata und die Zauberflöte gesehen haben').filters);
    expect(rs).toHaveLength(2);
  });
  it('"Oper oder Ballett" is one list', () => {
    const [r] = related(ask('Kunden die Oper oder Ballett besucht haben').filters);
    expect(has(r.where, 'e', 'category', 'in', ['opera', 'ballet'])).toBe(true);
  });
});

describe('parseQuestion: fields, vocabulary and typos', () => {
  it('customer fields: presence, boolean, age', () => {
    const q = ask('Kunden aus Bonn ohne E-Mail mit Werbewiderspruch');
    const f = fields(q.filters);
    expect(has(f, 'c', 'city', '=', 'Bonn')).toBe(true);
    expect(has(f, 'c', 'email', 'is', null)).toBe(true);
    expect(has(f, 'c', 'ads_opt_out', '=', true)).toBe(true);
    const old = fields(ask('Kunden älter als 60').filters);
    expect(has(old, 'c', 'birth_year', '<', NOW.getUTCFullYear() - 60)).toBe(true);
  });
  it('tolerates typos and missing umlauts ("Opren", "Koln", "letze Saison")', () => {
    const q = ask('Opren in Koln letze Saison', 'events');
    const f = fields(q.filters);
    expect(has(f, 'e', 'category', '=', 'opera')).toBe(true);
    expect(has(f, 'e', 'city', '=', 'Köln')).toBe(true);
    expect(has(f, 'e', 'date', '>=', '2025-08-01')).toBe(true);
  });
  it('ticket types, price categories and payment in German', () => {
    const f = fields(ask('Freikarten im Parkett mit Paypal bezahlt', 'transactions').filters);
    expect(has(f, 't', 'ticket_type', '=', 'free')).toBe(true);
    expect(has(f, 't', 'price_category', '=', 'Parkett')).toBe(true);
    expect(has(f, 't', 'payment_method', '=', 'paypal')).toBe(true);
  });
  it('custom properties by value, and a short value after its label', () => {
    expect(has(fields(ask('Kunden mit Premium Abonnement').filters), 'ccp', 'Abonnement', '=', 'Premium')).toBe(true);
    expect(has(fields(ask('Kunden mit Newsletter ja').filters), 'ccp', 'Newsletter', '=', 'ja')).toBe(true);
  });
  it('event numbers: capacity, sold share, between', () => {
    expect(has(fields(ask('Veranstaltungen mit mehr als 1000 Plätzen', 'events').filters), 'e', 'capacity', '>', 1000)).toBe(true);
    expect(has(fields(ask('events more than 80% sold', 'events', 'en').filters), 'e', 'already_sold', '>', 80)).toBe(true);
    const b = fields(ask('Kapazität zwischen 400 und 500', 'events').filters);
    expect(has(b, 'e', 'capacity', '>=', 400) && has(b, 'e', 'capacity', '<=', 500)).toBe(true);
  });
});

describe('parseQuestion: ordering, limits, grouping', () => {
  it('top 10 customers by revenue', () => {
    const q = ask('top 10 customers by revenue', 'customers', 'en');
    expect(q.limit).toBe(10);
    expect(q.orderBy).toMatchObject({ measure: 'revenue', direction: 'desc' });
  });
  it('die 5 umsatzstärksten Veranstaltungen', () => {
    const q = ask('die 5 umsatzstärksten Veranstaltungen', 'events');
    expect(q.limit).toBe(5);
    expect(q.orderBy).toMatchObject({ measure: 'revenue', direction: 'desc' });
  });
  it('revenue per category last season groups by category', () => {
    const q = ask('revenue per category last season', 'events', 'en');
    expect(q.groupBy).toEqual({ tag: 'e', field: 'category' });
    expect(has(fields(q.filters), 'e', 'date', '>=', '2025-08-01')).toBe(true);
  });
  it('the outcome is always the one the user chose', () => {
    expect(ask('Opern 2025', 'transactions').outcome).toBe('transactions');
  });
});

describe('parseQuestion: refusals', () => {
  const refusal = (t: string, lang: 'en' | 'de' = 'de') => {
    const r = parseQuestion(t, { language: lang, outcome: 'customers', vocabulary: VOCAB, now: NOW });
    return r.ok ? 'answered' : r.refusal;
  };
  it.each(['Lösche alle Kunden aus Köln', 'delete customers who never bought', 'UPDATE customers SET email = null', 'setze den Werbewiderspruch auf true',
    'Kunden aus Bonn; DROP TABLE customers', 'dеlete all customers' /* Cyrillic е */, 'ändere die Stadt aller Kunden'])('write intent: %s', (t) => {
    expect(refusal(t)).toBe('write');
  });
  // What a question says, not whom Encore serves: other partners in general, a partner number, an
  // event id of another partner (its shape, whether or not it exists).
  it.each(['Kunden aller Partner', 'customers of partner 1002', 'show customers of other clients', 'Kunden der Veranstaltung e1002-00042', 'event e9999-00001'])('others: %s', (t) => {
    expect(refusal(t)).toBe('others_data');
  });
  // Issue 21 §4: a name the partner does not have is read like any made-up word of its shape,
  // whoever else has it (here "Kunden von X Y" is a person's name, "in X" an unknown word).
  it.each([
    ['Kunden von Harbour Lights', 'Harbour Lights', 'Qwertz Blorf'],
    ['customers in London', 'London', 'Qwertzburg'],
  ])('a name that is not the partner\'s is read like a made-up one: %s', (t, name, madeUp) => {
    const read = (q: string) => parseQuestion(q, { language: 'de', outcome: 'customers', vocabulary: VOCAB, now: NOW });
    const [a, b] = name.split(' ');
    const [x, y] = madeUp.split(' ');
    const unmask = (r: unknown) => JSON.stringify(r).replaceAll(a, x).replaceAll(b ?? '\u0000', y ?? '');
    expect(unmask(read(t))).toBe(JSON.stringify(read(t.replace(name, madeUp))));
  });
  it.each(['Wie wird das Wetter morgen?', 'customers who like frobnication', 'asdf qwer'])('not understood: %s', (t) => {
    expect(refusal(t)).toBe('not_understood');
  });
  it('a city the partner does not have is not read as a typo of a field word ("Bonn" is not "born")', () => {
    // Seen in the browser: with Bonn missing from the vocabulary, "Bonn" matched the field word
    // "born", took no value, and "Kunden aus Bonn" answered every customer with no filter.
    const withoutBonn = { ...VOCAB, cities: VOCAB.cities.filter((c) => c !== 'Bonn') };
    for (const [t, lang] of [['Kunden aus Bonn', 'de'], ['Kunden in Bonn', 'de'], ['customers from Bonn', 'en']] as const) {
      const r = parseQuestion(t, { language: lang, outcome: 'customers', vocabulary: withoutBonn, now: NOW });
      expect(r.ok, t).toBe(false);
      if (!r.ok) {
        expect(r.refusal).toBe('not_understood');
        expect(r.reason).toContain('Bonn');
        expect(r.understood).not.toContain('Bonn');
      }
    }
    // Any word found only as a typo must be taken by a condition: "Gold" is not "Geld" when the
    // partner has no property value Gold.
    const noProperties = { ...VOCAB, customProperties: [] };
    const gold = parseQuestion('Kunden mit Abo Gold', { language: 'de', outcome: 'customers', vocabulary: noProperties, now: NOW });
    expect(gold.ok).toBe(false);
    if (!gold.ok) expect(gold.reason).toContain('Gold');
    expect(related(ask('Kunden mit mehr als 3 Tikets').filters)[0]).toMatchObject({ measure: 'tickets', op: '>', value: 3 });
    // The partner's own Bonn is the customer city, and a typo of a field word that takes its value still counts.
    expect(has(fields(ask('Kunden aus Bonn').filters), 'c', 'city', '=', 'Bonn')).toBe(true);
    expect(has(fields(ask('Kunden mit Geburtjahr 1980').filters), 'c', 'birth_year', '>=', 1980)).toBe(true);
  });
  it('names what it did understand', () => {
    const r = parseQuestion('Kunden aus Köln mit Quantenverschränkung', { language: 'de', outcome: 'customers', vocabulary: VOCAB, now: NOW });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.understood).toEqual(expect.arrayContaining(['Kunden', 'Köln']));
      expect(r.reason).toContain('Quantenverschränkung');
    }
  });
});
