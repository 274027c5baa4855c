// The Sentinel compiler: the SQL's shape (partner predicate on every view, parameters only, one
// id column, bounded plans) and, on a small PGlite database with two partners, that compiled
// queries answer what their meaning says — expected ids computed here from the inserted rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { compileQuery, parseQuestion, type CompiledQuery, type TypedQuery } from '../../src/server/engines/nlq';
import { executeSentinelQuery } from '../../src/server/modules/nlq/execute';
import { createTestDb, type TestDb } from '../helpers/db';
import { NOW, VOCAB } from './nlq-fixtures';

const compile = (q: TypedQuery, partnerId = 1001) => compileQuery(q, { partnerId, maxRows: 100, language: 'de' });

describe('compileQuery: shape', () => {
  const queries: TypedQuery[] = [
    { outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: "Köln'; DROP TABLE x; --" }] },
    { outcome: 'customers', filters: [{ kind: 'related', measure: 'events', where: [{ kind: 'field', field: { tag: 'e', field: 'category' }, op: '=', value: 'opera' }], op: '>', value: 3 },
      { kind: 'related', measure: 'tickets', where: [{ kind: 'field', field: { tag: 'e', field: 'date' }, op: '>=', value: '2026-08-01' }], op: '=', value: 0 },
      { kind: 'field', field: { tag: 'ccp', field: 'Abonnement' }, op: '=', value: 'Premium' }], orderBy: { measure: 'revenue', direction: 'desc' }, limit: 10 },
    { outcome: 'events', filters: [{ kind: 'field', field: { tag: 't', field: 'ticket_type' }, op: '=', value: 'free' }, { kind: 'field', field: { tag: 'e', field: 'artists' }, op: '=', value: 'Lena Falk' }] },
    { outcome: 'transactions', filters: [{ kind: 'field', field: { tag: 'e', field: 'category' }, op: 'in', value: ['opera', 'ballet'] }, { kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: 'Bonn' }] },
  ];
  it.each(queries.map((q, i) => [i, q] as const))('query %i: every view reference carries partner_id = $1 and values are parameters', (_, q) => {
    const c = compile(q);
    const views = c.sql.match(/sentinel\.\w+ (\w+)/g) ?? [];
    expect(views.length).toBeGreaterThan(0);
    for (const v of views) {
      const alias = v.split(' ')[1];
      expect(c.sql).toContain(`${alias}.partner_id = $1`);
    }
    expect(c.params[0]).toBe(1001);
    // No value of the query appears in the SQL text.
    expect(c.sql).not.toMatch(/'/);
    expect(c.sql).not.toContain('Köln');
    const placeholders = [...c.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...placeholders)).toBe(c.params.length);
    expect(c.sql.startsWith('SELECT ')).toBe(true);
    expect(c.sql).toMatch(/ AS id FROM /);
    expect(c.sql).toMatch(/LIMIT \$\d+$/);
  });
  it('caps at maxRows + 1 and a smaller asked limit', () => {
    expect(compile({ outcome: 'customers', filters: [] }).params.at(-1)).toBe(101);
    expect(compile({ outcome: 'customers', filters: [], limit: 5 }).params.at(-1)).toBe(5);
  });
  it('refuses fields outside the semantic layer', () => {
    expect(() => compile({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'password_hash' }, op: '=', value: 'x' }] })).toThrow();
    expect(() => compile({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city; DROP' }, op: '=', value: 'x' }] })).toThrow();
  });
  it('summarises conditions tagged by entity, with SQL operators and labels in the language', () => {
    const c = compile({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city' }, op: 'in', value: ['Köln', 'Bonn'] },
      { kind: 'field', field: { tag: 'ccp', field: 'Abonnement' }, op: '=', value: 'Premium' },
      { kind: 'related', measure: 'events', where: [{ kind: 'field', field: { tag: 'e', field: 'category' }, op: '=', value: 'opera' }], op: '>', value: 3 }] });
    expect(c.filters.map((f) => [f.entity, f.operator])).toEqual([['c', 'IN'], ['ccp', '='], ['e', '='], ['t', '>']]);
    expect(c.filters[0]).toMatchObject({ parameter: 'Stadt', value: 'Köln, Bonn' });
    expect(c.filters[3].parameter).toBe('Anzahl Veranstaltungen');
  });
});

// ---------------------------------------------------------------- executed on PGlite

interface Tx { customer: number; event: string; qty: number; type: string; amount: number; day: string; partner: number }
const EVENTS = [
  { id: 'e1001-1', partner: 1001, category: 'opera', day: '2025-03-01', capacity: 500 },
  { id: 'e1001-2', partner: 1001, category: 'opera', day: '2025-05-01', capacity: 800 },
  { id: 'e1001-3', partner: 1001, category: 'ballet', day: '2025-09-10', capacity: 300 },
  { id: 'e1001-4', partner: 1001, category: 'opera', day: '2026-10-01', capacity: 1200 },
  { id: 'e1002-1', partner: 1002, category: 'opera', day: '2025-03-01', capacity: 900 },
];
const CUSTOMERS = [
  { id: 1, partner: 1001, city: 'Köln' }, { id: 2, partner: 1001, city: 'Bonn' }, { id: 3, partner: 1001, city: 'Köln' },
  { id: 4, partner: 1001, city: 'Essen' }, { id: 5, partner: 1002, city: 'London' },
];
const TXS: Tx[] = [
  { customer: 1, event: 'e1001-1', qty: 2, type: 'regular', amount: 120, day: '2025-02-01', partner: 1001 },
  { customer: 1, event: 'e1001-2', qty: 1, type: 'free', amount: 0, day: '2025-04-01', partner: 1001 },
  { customer: 1, event: 'e1001-4', qty: 2, type: 'regular', amount: 300, day: '2026-09-01', partner: 1001 },
  { customer: 2, event: 'e1001-1', qty: 4, type: 'subscription', amount: 400, day: '2025-01-15', partner: 1001 },
  { customer: 2, event: 'e1001-2', qty: 1, type: 'regular', amount: 90, day: '2025-04-20', partner: 1001 },
  { customer: 3, event: 'e1001-3', qty: 1, type: 'discount', amount: 25, day: '2025-08-30', partner: 1001 },
  { customer: 5, event: 'e1002-1', qty: 9, type: 'regular', amount: 999, day: '2025-02-01', partner: 1002 },
];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  const db = t.db;
  await db.execute(sql.raw(`INSERT INTO partners (id, name, domain, product) VALUES (1001, 'Konzerthaus Rheinland', 'k.example', 'full-service'), (1002, 'Harbour Lights Promotions', 'h.example', 'prisma')`));
  for (const e of EVENTS) {
    await db.execute(sql`INSERT INTO events (id, partner_id, eid, title, category, start_date_time, capacity) VALUES (${e.id}, ${e.partner}, ${e.id}, ${'Show ' + e.id}, ${e.category}, ${e.day + 'T19:00:00Z'}, ${e.capacity})`);
  }
  for (const c of CUSTOMERS) {
    await db.execute(sql`INSERT INTO customers (id, partner_id, external_id, postal_code, city) VALUES (${c.id}, ${c.partner}, ${'x' + c.id}, '50667', ${c.city})`);
  }
  for (const x of TXS) {
    await db.execute(sql`INSERT INTO ticket_transactions (partner_id, event_id, customer_id, sold_at, quantity, ticket_type, price_category, amount_minor)
      VALUES (${x.partner}, ${x.event}, ${x.customer}, ${x.day + 'T10:00:00Z'}, ${x.qty}, ${x.type}, '1', ${x.amount * 100})`);
  }
}, 60_000);
afterAll(async () => t?.close());

async function run(c: CompiledQuery, partnerId = 1001): Promise<string[]> {
  return (await executeSentinelQuery(t.db, partnerId, c, 100)).ids;
}
const ask = (text: string, outcome: TypedQuery['outcome'], language: 'en' | 'de' = 'de') => {
  const r = parseQuestion(text, { language, outcome, vocabulary: VOCAB, now: NOW });
  if (!r.ok) throw new Error(r.reason);
  return compileQuery(r.query, { partnerId: 1001, maxRows: 100 });
};
const own = (p: number) => (x: { partner: number }) => x.partner === p;
const sorted = (xs: (string | number)[]) => xs.map(String).sort();

describe('compiled queries on PGlite', () => {
  it('customers who visited more than one opera in 2025', async () => {
    const operas2025 = new Set(EVENTS.filter((e) => e.category === 'opera' && e.day.startsWith('2025')).map((e) => e.id));
    const expected = CUSTOMERS.filter(own(1001)).filter((c) => new Set(TXS.filter((x) => x.customer === c.id && operas2025.has(x.event)).map((x) => x.event)).size > 1).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(await run(ask('Kunden, die 2025 mehr als eine Oper besucht haben', 'customers')))).toEqual(sorted(expected));
  });
  it('customers who never bought (another partner’s rows never count)', async () => {
    const expected = CUSTOMERS.filter(own(1001)).filter((c) => !TXS.some((x) => x.customer === c.id)).map((c) => c.id);
    expect(sorted(await run(ask('Kunden, die nie etwas gekauft haben', 'customers')))).toEqual(sorted(expected));
  });
  it('top customers by revenue, in order', async () => {
    const revenue = (id: number) => TXS.filter((x) => x.customer === id).reduce((s, x) => s + x.amount, 0);
    const expected = CUSTOMERS.filter(own(1001)).sort((a, b) => revenue(b.id) - revenue(a.id) || a.id - b.id).slice(0, 2).map((c) => String(c.id));
    expect(await run(ask('top 2 customers by revenue', 'customers', 'en'))).toEqual(expected);
  });
  it('events with free tickets, and events without any sale', async () => {
    const free = [...new Set(TXS.filter((x) => x.type === 'free' && x.partner === 1001).map((x) => x.event))];
    expect(sorted(await run(ask('Veranstaltungen mit Freikarten', 'events')))).toEqual(sorted(free));
    const unsold = EVENTS.filter(own(1001)).filter((e) => !TXS.some((x) => x.event === e.id)).map((e) => e.id);
    expect(sorted(await run(ask('events with no sales', 'events', 'en')))).toEqual(sorted(unsold));
  });
  it('transactions over 100 € of customers from Köln', async () => {
    const koeln = new Set(CUSTOMERS.filter((c) => c.city === 'Köln' && c.partner === 1001).map((c) => c.id));
    const expected = TXS.filter((x) => x.partner === 1001 && x.amount > 100 && koeln.has(x.customer)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await run(ask('Transaktionen über 100 € von Kunden aus Köln', 'transactions'))).toHaveLength(expected);
  });
  it('the partner predicate holds even when the query names another partner’s value', async () => {
    const c = compileQuery({ outcome: 'customers', filters: [{ kind: 'field', field: { tag: 'c', field: 'city' }, op: '=', value: 'London' }] }, { partnerId: 1001, maxRows: 100 });
    expect(await run(c)).toEqual([]);
  });
});

describe('compiled plans that indexes serve, same rows', () => {
  const OPS = ['=', '>', '>=', '<', '<='] as const;
  const DAYS = ['2025-01-15', '2025-04-01', '2025-04-20', '2025-08-30', '2026-09-01'];
  const cmp = (a: string, op: (typeof OPS)[number], b: string) => (op === '=' ? a === b : op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b);

  it('a day condition on transactions is a range on sold_at and keeps the rows of the derived day', async () => {
    for (const op of OPS) {
      for (const day of DAYS) {
        const c = compile({ outcome: 'transactions', filters: [{ kind: 'field', field: { tag: 't', field: 'date' }, op, value: day }] });
        expect(c.sql).toContain('t.sold_at');
        expect(c.sql).not.toMatch(/t\.date/);
        // The reference: the view's own day column, as compiled before.
        const reference = await t.db.execute(sql.raw(`SELECT t.id::text AS id FROM sentinel.transactions t WHERE t.partner_id = 1001 AND t.date ${op} '${day}'`));
        const expected = (reference as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
        expect(expected.length, `${op} ${day}`).toBe(TXS.filter((x) => x.partner === 1001 && cmp(x.day, op, day)).length);
        expect(sorted(await run(c)), `${op} ${day}`).toEqual(sorted(expected));
      }
    }
  });
  it('a day condition on events is a range on start_date_time', async () => {
    for (const op of OPS) {
      for (const day of ['2025-03-01', '2025-05-01', '2026-10-01']) {
        const c = compile({ outcome: 'events', filters: [{ kind: 'field', field: { tag: 'e', field: 'date' }, op, value: day }] });
        expect(c.sql).toContain('e.start_date_time');
        expect(sorted(await run(c)), `${op} ${day}`).toEqual(sorted(EVENTS.filter((e) => e.partner === 1001 && cmp(e.day, op, day)).map((e) => e.id)));
      }
    }
  });
  it('a ranking sums only the candidates of the field conditions, in the same order', async () => {
    const c = ask('Top 2 Kunden aus Köln nach Umsatz', 'customers');
    expect(c.sql).toMatch(/LEFT JOIN \(SELECT .* IN \(SELECT (c\d+)\.id FROM sentinel\.customers \1 WHERE \1\.partner_id = \$1 AND \1\.city = \$\d+\)/);
    const revenue = (id: number) => TXS.filter((x) => x.customer === id).reduce((sum, x) => sum + x.amount, 0);
    const expected = CUSTOMERS.filter(own(1001)).filter((x) => x.city === 'Köln').sort((a, b) => revenue(b.id) - revenue(a.id) || a.id - b.id).slice(0, 2).map((x) => String(x.id));
    expect(expected).toHaveLength(2);
    expect(await run(c)).toEqual(expected);
  });
  it('"none" on customers and events is a correlated NOT EXISTS, not a sum over every sale', async () => {
    const c = ask('Kunden ohne Tickets 2025', 'customers');
    expect(c.sql).toMatch(/NOT EXISTS \(SELECT 1 FROM sentinel\.transactions (\w+) WHERE \1\.partner_id = \$1 AND \1\.customer_id = c\.id/);
    expect(c.sql).not.toMatch(/GROUP BY/);
    const bought2025 = new Set(TXS.filter((x) => x.partner === 1001 && EVENTS.some((e) => e.id === x.event && e.day.startsWith('2025'))).map((x) => x.customer));
    const expected = CUSTOMERS.filter(own(1001)).filter((x) => !bought2025.has(x.id)).map((x) => x.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(await run(c))).toEqual(sorted(expected));
    const e = ask('events with no sales at all', 'events', 'en');
    expect(e.sql).toMatch(/NOT EXISTS .*\.event_id = e\.id/);
    expect(e.sql).not.toMatch(/sum\(/);
  });
});
