import { describe, expect, it } from 'vitest';
import { buildNlqMessages, readLlmReply, type NlqPromptInput } from '../../../src/server/engines/nlq/llm-prompt';
import type { Vocabulary } from '../../../src/server/engines/nlq';

const vocabulary: Vocabulary = {
  partnerName: 'Konzerthaus Rheinland',
  currency: 'EUR',
  categories: ['opera', 'symphony'],
  cities: ['Köln', 'Bonn'],
  venues: ['Konzerthaus'],
  halls: ['Großer Saal'],
  artists: ['Anna Netrebko'],
  composers: ['Verdi'],
  titles: ['La Traviata'],
  ticketTypes: ['subscription'],
  priceCategories: ['PK1'],
  paymentMethods: ['invoice'],
  customProperties: [{ label: 'Abonnement', values: ['Premiere', 'Sonntag'] }],
};
const fields = [
  { tag: 'c', name: 'city', type: 'text', label: { en: 'City', de: 'Stadt' } },
  { tag: 'e', name: 'category', type: 'text', label: { en: 'Category', de: 'Sparte' } },
  { tag: 'e', name: 'venue', type: 'text', label: { en: 'Venue', de: 'Spielstätte' } },
  { tag: 't', name: 'amount', type: 'number', label: { en: 'Amount', de: 'Betrag' } },
] as const;
const input: NlqPromptInput = {
  question: 'Kunden aus Köln, die mehr als 3 Opern besucht haben',
  language: 'de',
  outcome: 'customers',
  vocabulary,
  fields,
  now: new Date('2026-11-24T12:00:00Z'),
};
const reply = (o: unknown) => JSON.stringify(o);
const query = {
  outcome: 'customers',
  filters: [
    { kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: 'Köln' },
    { kind: 'related', measure: 'events', where: [{ kind: 'field', field: { tag: 'e', field: 'category' }, op: '=', value: 'opera' }], op: '>', value: 3 },
  ],
};

describe('the LLM prompt', () => {
  it('holds the schema, the fields, the vocabulary, the fixed outcome, today and the question', () => {
    const messages = buildNlqMessages(input);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = messages[1]!.content;
    expect(user).toContain('"outcome"');
    expect(user).toContain('"related"');
    expect(user).toContain('c.city (text; customer): City / Stadt');
    expect(user).toContain('t.amount');
    expect(user).toContain('Anna Netrebko');
    expect(user).toContain('Abonnement');
    expect(user).toContain('"customers"');
    expect(user).toContain('2026-11-24');
    expect(user).toContain(input.question);
    expect(messages[0]!.content).toMatch(/never write SQL/);
  });

  it('carries only the vocabulary it is given (the partner\'s own words; issue 21 §4)', () => {
    const body = JSON.stringify(buildNlqMessages(input)).toLowerCase();
    expect(body).toContain('konzerthaus');
    expect(body).not.toContain('harbour lights');
  });

  it('stays bounded whatever the vocabulary holds', () => {
    const huge = { ...vocabulary, titles: Array.from({ length: 5000 }, (_, i) => `Title ${i} ${'x'.repeat(300)}`) };
    const small = JSON.stringify(buildNlqMessages(input)).length;
    const big = JSON.stringify(buildNlqMessages({ ...input, vocabulary: huge })).length;
    expect(big - small).toBeLessThan(150 * 90);
  });
});

describe('reading the reply', () => {
  it('accepts a typed query over known fields and says what it understood', () => {
    const r = readLlmReply(reply({ query }), input);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.query.filters).toHaveLength(2);
      expect(r.understood).toEqual(['c.city = Köln', 'events where e.category = opera > 3']);
    }
  });

  it('accepts a fenced reply', () => {
    expect(readLlmReply('```json\n' + reply({ query }) + '\n```', input).ok).toBe(true);
  });

  it('keeps the outcome the user chose', () => {
    const r = readLlmReply(reply({ query: { ...query, outcome: 'events' } }), input);
    expect(r.ok && r.query.outcome).toBe('customers');
  });

  it('spells a custom property label as the partner does', () => {
    const r = readLlmReply(reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'ccp', field: 'abonnement' }, op: '=', value: 'Premiere' }] } }), input);
    expect(r.ok && r.query.filters[0]).toMatchObject({ field: { tag: 'ccp', field: 'Abonnement' } });
  });

  it.each([
    ['plain SQL', 'SELECT id FROM sentinel.customers'],
    ['SQL in a key', reply({ sql: 'SELECT 1 FROM x', query })],
    ['SQL in a value', reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: "x'; DELETE FROM customers; --" }] } })],
    ['a catalog function in a value', reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: "pg_sleep(10)" }] } })],
    ['not JSON', 'I think you mean customers from Köln.'],
    ['an array', reply([query])],
    ['an invalid typed query', reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'x', field: 'city' }, op: 'LIKE', value: 'K%' }] } })],
    ['an unknown field', reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'password_hash' }, op: '=', value: 'x' }] } })],
    ['an unknown custom property', reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'ccp', field: 'Kreditkarte' }, op: '=', value: 'x' }] } })],
    ['its own refusal', reply({ refusal: 'not_understood', reason: 'unclear' })],
  ])('answers not_understood for %s', (_name, content) => {
    expect(readLlmReply(content, input)).toMatchObject({ ok: false, refusal: 'not_understood' });
  });

  it('passes on a write refusal', () => {
    expect(readLlmReply(reply({ refusal: 'write' }), input)).toMatchObject({ ok: false, refusal: 'write' });
  });

  // Issue 21 §4: the model's answer is not checked against other partners' names (the engine
  // knows none); a venue the partner does not have is a value like any other, and the query,
  // scoped to the partner, finds nothing — exactly as for a venue nobody has.
  it("treats a venue the partner does not have like any unknown value (no membership oracle)", () => {
    const ask = (venue: string) => readLlmReply(reply({ query: { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'e', field: 'venue' }, op: '=', value: venue }] } }), input);
    const foreign = ask('Pier 7 Arena');
    const unknown = ask('Qwertz Arena');
    expect(foreign.ok).toBe(unknown.ok);
    expect(foreign.ok && unknown.ok && JSON.stringify(foreign.query).replace('Pier 7', 'X')).toBe(unknown.ok && JSON.stringify(unknown.query).replace('Qwertz', 'X'));
  });
});
