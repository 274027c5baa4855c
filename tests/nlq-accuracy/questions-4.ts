// Sentinel accuracy set, batch 4: the customer profile and CRM data of migration 0016 — custom
// properties (ccp: Abonnement, Newsletter, Mitglied seit, Lieblingssparte / Subscription,
// Newsletter, Member since, Favourite genre), advertising opt-out, salutation, names, e-mail and
// phone presence, payment methods and discounts — plus the console's own category words. Rules
// (NOW = 2026-11-24T00:00:00Z; season = 1 August – 31 July): RULES.md. Expected SQL is
// hand-written over the BASE tables from each question's meaning — never produced by the engine,
// never changed to suit it.
import type { AccuracyQuestion } from './types';

const TX_EVENT = 'ticket_transactions t JOIN events e ON e.id = t.event_id';

/** The customer `c` has the custom property `label` with one of `contents` (literals of this file). */
function hasProperty(label: string, ...contents: string[]): string {
  const list = contents.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return `EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = '${label}' AND p.content IN (${list}))`;
}

export const BATCH_4: AccuracyQuestion[] = [
  // ---------- German, customers ----------
  {
    id: 'de-077', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Abo Gold',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Abonnement', 'Gold')}`,
  },
  {
    id: 'de-078', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Bonn mit Lieblingssparte Oper',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn' AND ${hasProperty('Lieblingssparte', 'Oper')}`,
  },
  {
    id: 'de-079', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Newsletter-Empfänger, die dieses Jahr nichts gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Newsletter', 'ja')}
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.sold_at >= '2026-01-01' AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'de-080', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Mitglied seit 2024',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Mitglied seit', '2024')}`,
  },
  {
    id: 'de-081', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die keine Werbung wollen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.ads_opt_out`,
  },
  {
    id: 'de-082', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Köln ohne Werbesperre, die letzte Saison in der Oper waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln' AND NOT c.ads_opt_out
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'opera'
                          AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01')`,
  },
  {
    id: 'de-083', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden ohne E-Mail-Adresse',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.email IS NULL`,
  },
  {
    id: 'de-084', language: 'de', partner: 1001, outcome: 'customers',
    question: 'alle Kundinnen mit Anrede Frau aus Dortmund',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.salutation = 'Frau' AND c.city = 'Dortmund'`,
  },
  {
    id: 'de-085', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Nachname Müller',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.last_name = 'Müller'`,
  },
  {
    id: 'de-086', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Gold- oder Silber-Abonnenten ohne Ticket für die neue Saison',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Abonnement', 'Gold', 'Silber')}
            AND NOT EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled'
                              AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01')`,
  },
  // ---------- German, transactions ----------
  {
    id: 'de-087', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Zahlungen per PayPal im Oktober',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'PayPal'
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'de-088', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Barzahlungen über 200 €',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Bar' AND t.amount_minor > 20000`,
  },
  {
    id: 'de-089', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen auf Rechnung für kommende Opern',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.payment_method = 'Rechnung'
            AND e.category = 'opera' AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'de-090', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Buchungen mit mehr als 20 € Rabatt im Oktober',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.discount_minor > 2000
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  // ---------- German, events: the console's category labels ----------
  {
    id: 'de-091', language: 'de', partner: 1001, outcome: 'events',
    question: 'Sinfonik diese Saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'symphony'
            AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'`,
  },
  {
    id: 'de-092', language: 'de', partner: 1001, outcome: 'events',
    question: 'Vermittlung 2024',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education'
            AND e.start_date_time >= '2024-01-01' AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'de-093', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen mit einem Durchschnittspreis über 100 €',
    sql: `SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id AND t.ticket_type <> 'cancelled' WHERE e.partner_id = :partner
          GROUP BY e.id HAVING COALESCE(max(e.price), sum(t.amount_minor) / 100.0 / NULLIF(sum(t.quantity), 0)) > 100`,
    note: 'An event\'s price is its average ticket price (RULES.md); the demo leaves events.price empty.',
  },
  // ---------- English, customers ----------
  {
    id: 'en-061', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with a gold subscription',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Subscription', 'Gold')}`,
  },
  {
    id: 'en-062', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers whose favourite genre is comedy',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Favourite genre', 'Comedy')}`,
  },
  {
    id: 'en-063', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who opted out of marketing',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.ads_opt_out`,
  },
  {
    id: 'en-064', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers without a phone number',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.phone1 IS NULL AND c.phone2 IS NULL`,
  },
  {
    id: 'en-065', language: 'en', partner: 1002, outcome: 'customers',
    question: 'newsletter subscribers in sheffield',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Sheffield' AND ${hasProperty('Newsletter', 'yes')}`,
  },
  {
    id: 'en-066', language: 'en', partner: 1002, outcome: 'customers',
    question: 'members since 2023 who can receive ads',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${hasProperty('Member since', '2023')} AND NOT c.ads_opt_out`,
  },
  // ---------- English, transactions ----------
  {
    id: 'en-067', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'apple pay transactions last week',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Apple Pay'
            AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'`,
  },
  {
    id: 'en-068', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'subscription tickets paid by direct debit since september',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Direct Debit'
            AND t.ticket_type = 'subscription' AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-069', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'sales paid with a gift voucher over £50',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Gift Voucher' AND t.amount_minor > 5000`,
    note: '"paid with a gift voucher" is the payment method, not the "Gift Voucher £25" product.',
  },
  {
    id: 'en-070', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions with a discount of more than £15 sold this month',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.discount_minor > 1500
            AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-12-01'`,
  },
  // ---------- English, events ----------
  {
    id: 'en-071', language: 'en', partner: 1002, outcome: 'events',
    question: 'events with an average ticket price under £20',
    sql: `SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id AND t.ticket_type <> 'cancelled' WHERE e.partner_id = :partner
          GROUP BY e.id HAVING COALESCE(max(e.price), sum(t.amount_minor) / 100.0 / NULLIF(sum(t.quantity), 0)) < 20`,
    note: 'An event\'s price is its average ticket price (RULES.md); the demo leaves events.price empty.',
  },
  // ---------- invoices and names ----------
  {
    id: 'de-094', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'alle Positionen der Rechnung RE-1001-0147081',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.invoice_id = 'RE-1001-0147081'`,
    note: '"Rechnung" here is the invoice, not the payment method of that name.',
  },
  {
    id: 'de-095', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kundin Vanessa Stein',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.first_name = 'Vanessa' AND c.last_name = 'Stein'`,
  },
  {
    id: 'en-072', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions on invoice INV-1002-0019766',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.invoice_id = 'INV-1002-0019766'`,
  },
  {
    id: 'en-073', language: 'en', partner: 1002, outcome: 'customers',
    question: 'find customer Patricia Turner',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.first_name = 'Patricia' AND c.last_name = 'Turner'`,
  },
  // ---------- the issue's own phrasings, works, per-category ----------
  {
    id: 'de-096', language: 'de', partner: 1001, outcome: 'events',
    question: 'Wann spielen wir die Schöpfung?',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND (e.title ILIKE '%Die Schöpfung%'
                 OR EXISTS (SELECT 1 FROM jsonb_array_elements(e.setlists) s WHERE s->>'track' ILIKE '%Schöpfung%'))`,
    note: 'A work (Haydn\'s "Die Schöpfung"), named in titles or set lists; all dates, past and future.',
  },
  {
    id: 'de-097', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opern vor 2024',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND e.start_date_time < '2024-01-01'`,
  },
  {
    id: 'de-098', language: 'de', partner: 1001, outcome: 'events',
    question: 'Umsatz pro Sparte in der letzten Saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'`,
    note: 'The issue\'s "revenue per category last season", asked in German for events: the grouping does not change which events answer.',
  },
  {
    id: 'en-074', language: 'en', partner: 1002, outcome: 'customers',
    question: 'Which customers went to more than three operas in 2025 but have no ticket for the new season yet?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND (SELECT count(DISTINCT e.id) FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'opera'
                   AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01') > 3
            AND NOT EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled'
                   AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01')`,
    note: 'The issue\'s example, in English, for the partner that played six operas in 2025. Expected empty, legitimately: the two customers with more than three operas in 2025 both hold tickets for the new season (20 more saw exactly three).',
  },
  {
    id: 'en-075', language: 'en', partner: 1002, outcome: 'events',
    question: 'performances of the Messiah',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND (e.title ILIKE '%Messiah%'
                 OR EXISTS (SELECT 1 FROM jsonb_array_elements(e.setlists) s WHERE s->>'track' ILIKE '%Messiah%'))`,
  },
  {
    id: 'en-076', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'the magic flute tickets per price category',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND e.title = 'The Magic Flute'`,
    note: 'The grouping does not change which transactions answer.',
  },
];
