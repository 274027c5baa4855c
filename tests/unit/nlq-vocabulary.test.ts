// The partner's words for the Sentinel parser: ticket types, price categories and payment methods
// come from one pass over the partner's own transactions — every distinct value, none of another
// partner's, no empty ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { forgetVocabulary, loadVocabulary } from '../../src/server/modules/nlq/vocabulary';
import { createTestDb, type TestDb } from '../helpers/db';

const SALES = [
  { partner: 1001, type: 'regular', category: '1', payment: 'credit_card' },
  { partner: 1001, type: 'regular', category: 'Parkett', payment: 'paypal' },
  { partner: 1001, type: 'free', category: '1', payment: null },
  { partner: 1001, type: 'subscription', category: '2', payment: '' },
  { partner: 1002, type: 'discount', category: 'Upper Circle', payment: 'gift_voucher' },
];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.execute(sql.raw(`INSERT INTO partners (id, name, domain, product) VALUES (1001, 'Konzerthaus Rheinland', 'k.example', 'full-service'), (1002, 'Harbour Lights Promotions', 'h.example', 'prisma')`));
  for (const p of [1001, 1002]) {
    await t.db.execute(sql`INSERT INTO events (id, partner_id, eid, title, category, start_date_time, capacity) VALUES (${`e${p}-1`}, ${p}, ${`e${p}-1`}, 'Show', 'opera', '2025-03-01T19:00:00Z', 100)`);
  }
  for (const s of SALES) {
    await t.db.execute(sql`INSERT INTO ticket_transactions (partner_id, event_id, sold_at, quantity, ticket_type, price_category, amount_minor, payment_method)
      VALUES (${s.partner}, ${`e${s.partner}-1`}, '2025-02-01T10:00:00Z', 1, ${s.type}, ${s.category}, 1000, ${s.payment})`);
  }
}, 60_000);
afterAll(async () => t?.close());

describe('loadVocabulary: words of the sales', () => {
  it("lists each distinct ticket type, price category and payment method of the partner's own sales", async () => {
    forgetVocabulary();
    const v = await loadVocabulary(t.db, 1001);
    const own = SALES.filter((s) => s.partner === 1001);
    const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
    expect([...v.ticketTypes].sort()).toEqual(distinct(own.map((s) => s.type)));
    expect([...v.priceCategories].sort()).toEqual(distinct(own.map((s) => s.category)));
    expect([...v.paymentMethods].sort()).toEqual(distinct(own.map((s) => s.payment)));
    expect(v.paymentMethods).not.toContain('gift_voucher');
    expect(v.priceCategories).not.toContain('Upper Circle');
  });
});
