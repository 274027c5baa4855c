// Sentinel accuracy set, batch 1. Rules (NOW = 2026-11-24T00:00:00Z; season = 1 August – 31 July,
// so "last season" = 2025-08-01 … 2026-07-31 and "this/new season" = 2026-08-01 … 2027-07-31):
// see RULES.md next to this file. Expected SQL is hand-written over the BASE tables from each
// question's meaning — never produced by the engine, never changed to suit it.
import type { AccuracyQuestion } from './types';

import { VENUE_JOIN } from './sql-parts';

export const BATCH_1: AccuracyQuestion[] = [
  // ---------- German, events ----------
  {
    id: 'de-001', language: 'de', partner: 1001, outcome: 'events',
    question: 'alle opern letzte saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera'
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'`,
  },
  {
    id: 'de-002', language: 'de', partner: 1001, outcome: 'events',
    question: 'Was läuft nächste Woche im Opernhaus Bonn?',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'Opernhaus Bonn'
            AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'`,
  },
  {
    id: 'de-003', language: 'de', partner: 1001, outcome: 'events',
    question: 'Comedy in Essen',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'comedy' AND v.city = 'Essen'`,
  },
  {
    id: 'de-004', language: 'de', partner: 1001, outcome: 'events',
    question: 'welche veranstaltungen im großen saal sind noch nicht gespielt',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND h.name = 'Großer Saal'
            AND e.start_date_time >= '2026-11-24'`,
    note: 'Two venues have a "Großer Saal" (Konzerthaus Köln, Kongresshalle Essen): both count.',
  },
  {
    id: 'de-005', language: 'de', partner: 1001, outcome: 'events',
    question: 'Kammermusik vor 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'chamber' AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'de-006', language: 'de', partner: 1001, outcome: 'events',
    question: 'Rock/Pop Konzerte mit weniger als 1000 Plätzen',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND e.capacity < 1000`,
  },
  {
    id: 'de-007', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen in Nürnberg 2025',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Nürnberg'
            AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'`,
  },
  {
    id: 'de-008', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opren mit mehr als 1200 Plätzen seit Januar',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND e.capacity > 1200
            AND e.start_date_time >= '2026-01-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'de-009', language: 'de', partner: 1001, outcome: 'events',
    question: 'kommende Events mit weniger als 30% verkauft',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-11-24'
            AND COALESCE((SELECT sum(t.quantity) FROM ticket_transactions t
                          WHERE t.event_id = e.id AND t.ticket_type <> 'cancelled'), 0) * 100.0 / e.capacity < 30`,
  },
  {
    id: 'de-010', language: 'de', partner: 1001, outcome: 'events',
    question: 'Ballett und Tanz im Kleinen Haus',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category IN ('ballet', 'dance')
            AND h.name = 'Kleines Haus'`,
  },
  // ---------- German, transactions ----------
  {
    id: 'de-011', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'stornierte Tickets im letzten Monat',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled'
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'de-012', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen über 300 € seit Januar',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 30000
            AND t.sold_at >= '2026-01-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'de-013', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Freikarten für die Opern der letzen Saison',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
          WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND e.category = 'opera'
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'`,
    note: 'The season is put on the events ("die Opern der letzten Saison").',
  },
  {
    id: 'de-014', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Buchungen mit mehr als 10 Tickets',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.quantity > 10`,
  },
  {
    id: 'de-015', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Abo verkäufe letzte woche',
    sql: `SELECT t.id FROM ticket_transactions t
          WHERE t.partner_id = :partner AND t.ticket_type = 'subscription'
            AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'`,
  },
  {
    id: 'de-016', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'alle Verkäufe für Fidelio',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
          WHERE t.partner_id = :partner AND e.title = 'Fidelio'`,
  },
  // ---------- German, customers ----------
  {
    id: 'de-017', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunnden aus Munchen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'München'`,
  },
  {
    id: 'de-018', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Welche Kunden haben 2025 mindestens zwei Opern besucht, aber noch kein Ticket für die neue Saison?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND (SELECT count(DISTINCT e.id) FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                 WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'opera'
                   AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01') >= 2
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                 WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01')`,
    note: 'The issue\'s example with "mindestens zwei": partner 1001 played only three operas in 2025. "neue Saison" = the season that began 2026-08-01.',
  },
  {
    id: 'de-019', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die mehr als 2000 € ausgegeben haben',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
          GROUP BY t.customer_id HAVING sum(t.amount_minor) > 200000`,
  },
  {
    id: 'de-020', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden die noch nie was gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'de-021', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Bonn die letzte Saison im Opernhaus Bonn waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn'
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND v.name = 'Opernhaus Bonn'
                          AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01')`,
  },
  {
    id: 'de-022', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Top 10 Kunden nach Umsatz',
    ordered: true,
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
          GROUP BY t.customer_id ORDER BY sum(t.amount_minor) DESC, t.customer_id LIMIT 10`,
  },
  {
    id: 'de-023', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden mit geburtsjahr vor 1960',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year < 1960`,
  },
  // ---------- English, events ----------
  {
    id: 'en-001', language: 'en', partner: 1002, outcome: 'events',
    question: 'musicals this season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical'
            AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'`,
  },
  {
    id: 'en-002', language: 'en', partner: 1002, outcome: 'events',
    question: 'shows at the Cardiff Dome in 2025',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'The Cardiff Dome'
            AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'`,
  },
  {
    id: 'en-003', language: 'en', partner: 1002, outcome: 'events',
    question: 'comedy gigs in the attic',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'comedy' AND h.name = 'The Attic'`,
  },
  {
    id: 'en-004', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming events in Manchester with capacity over 1000',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Manchester'
            AND e.capacity > 1000 AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'en-005', language: 'en', partner: 1002, outcome: 'events',
    question: 'events last month',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`,
  },
  {
    id: 'en-006', language: 'en', partner: 1002, outcome: 'events',
    question: 'top 5 events by revenue last season',
    ordered: true,
    sql: `SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id AND t.ticket_type <> 'cancelled'
          WHERE e.partner_id = :partner AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'
          GROUP BY e.id ORDER BY sum(t.amount_minor) DESC, e.id LIMIT 5`,
  },
  {
    id: 'en-007', language: 'en', partner: 1002, outcome: 'events',
    question: 'cancelled events',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.frontend_status = 'CANCELLED'`,
  },
  {
    id: 'en-008', language: 'en', partner: 1002, outcome: 'events',
    question: 'theatre at manchester grand theatre before 2025',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'theatre'
            AND v.name = 'Manchester Grand Theatre' AND e.start_date_time < '2025-01-01'`,
  },
  // ---------- English, transactions ----------
  {
    id: 'en-009', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'free tickets in the last 30 days',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'free'
            AND t.sold_at >= '2026-10-25' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-010', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions over £250 in october',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 25000
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'en-011', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'stalls sales for She Stoops to Conquer',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
          WHERE t.partner_id = :partner AND t.price_category = 'Stalls' AND e.title = 'She Stoops to Conquer'`,
  },
  {
    id: 'en-012', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'bookings of 5 or more tickets for rock/pop shows this season',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
          WHERE t.partner_id = :partner AND t.quantity >= 5 AND e.category = 'rock_pop'
            AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'`,
    note: 'The season is put on the shows.',
  },
  // ---------- English, customers ----------
  {
    id: 'en-013', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers from Leeds',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Leeds'`,
  },
  {
    id: 'en-014', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who spent more than £1000 last year',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
            AND t.sold_at >= '2025-01-01' AND t.sold_at < '2026-01-01'
          GROUP BY t.customer_id HAVING sum(t.amount_minor) > 100000`,
    note: '"spent … last year" speaks of buying: the sale time is in 2025.',
  },
  {
    id: 'en-015', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who never bought a ticket',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'en-016', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who went to more than 5 comedy shows',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
          WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL AND e.category = 'comedy'
          GROUP BY t.customer_id HAVING count(DISTINCT e.id) > 5`,
  },
  {
    id: 'en-017', language: 'en', partner: 1002, outcome: 'customers',
    question: 'top 5 customers by number of tickets',
    ordered: true,
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
          GROUP BY t.customer_id ORDER BY sum(t.quantity) DESC, t.customer_id LIMIT 5`,
    note: 'Was "top 10": without cancelled tickets the 7th and 8th customer tie (803 tickets each), so the N is 5 (827 vs 815 after it).',
  },
  {
    id: 'en-018', language: 'en', partner: 1002, outcome: 'customers',
    question: 'edinburgh customers who bought opera but never ballet',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Edinburgh'
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND e.category = 'opera' AND t.ticket_type <> 'cancelled')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND e.category = 'ballet' AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'en-019', language: 'en', partner: 1001, outcome: 'events',
    question: 'symphony concerts at Konzerthaus Köln this season',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'symphony'
            AND v.name = 'Konzerthaus Köln' AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'`,
    note: 'An English-speaking analyst of the German partner.',
  },
];
