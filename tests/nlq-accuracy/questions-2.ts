// Sentinel accuracy set, batch 2: titles, artists and composers, negations, more time
// expressions, aggregates over related rows, top-N. Rules (NOW = 2026-11-24T00:00:00Z; season =
// 1 August – 31 July): RULES.md. Expected SQL is hand-written over the BASE tables from each
// question's meaning — never produced by the engine, never changed to suit it.
import type { AccuracyQuestion } from './types';
import { VENUE_JOIN, eventNames, soldPercent } from './sql-parts';

const TX_EVENT = 'ticket_transactions t JOIN events e ON e.id = t.event_id';

export const BATCH_2: AccuracyQuestion[] = [
  // ---------- German, events ----------
  {
    id: 'de-024', language: 'de', partner: 1001, outcome: 'events',
    question: 'Zauberflöte termine',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'Die Zauberflöte'`,
  },
  {
    id: 'de-025', language: 'de', partner: 1001, outcome: 'events',
    question: 'Konzerte mit Haydn',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Haydn')}`,
  },
  {
    id: 'de-026', language: 'de', partner: 1001, outcome: 'events',
    question: 'Auftritte von Murat Yilmaz dieses Jahr',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Murat Yilmaz')}
            AND e.start_date_time >= '2026-01-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-027', language: 'de', partner: 1001, outcome: 'events',
    question: 'Events in der Festhalle Nürnberg mit über 5000 Plätzen',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'Festhalle Nürnberg' AND e.capacity > 5000`,
  },
  {
    id: 'de-028', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opern 2026 pro Halle',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera'
            AND e.start_date_time >= '2026-01-01' AND e.start_date_time < '2027-01-01'`,
    note: 'A grouping ("pro Halle") does not change which events answer.',
  },
  {
    id: 'de-029', language: 'de', partner: 1001, outcome: 'events',
    question: 'welche vorstellungen sind im dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-030', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen mit einer Kapazität zwischen 400 und 500',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.capacity BETWEEN 400 AND 500`,
  },
  {
    id: 'de-031', language: 'de', partner: 1001, outcome: 'events',
    question: 'Top 3 Veranstaltungen nach verkauften Tickets letzte Saison',
    ordered: true,
    sql: `SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id AND t.ticket_type <> 'cancelled'
          WHERE e.partner_id = :partner AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'
          GROUP BY e.id ORDER BY sum(t.quantity) DESC, e.id LIMIT 3`,
  },
  {
    id: 'de-032', language: 'de', partner: 1001, outcome: 'events',
    question: 'Schauspiel in Bonn aber nicht auf der Studiobühne',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'theatre' AND v.city = 'Bonn'
            AND h.name <> 'Studiobühne'`,
  },
  {
    id: 'de-033', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen ohne einen einzigen Verkauf',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.event_id = e.id AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'de-034', language: 'de', partner: 1001, outcome: 'events',
    question: 'alle Konzerte der Rheinischen Philharmonie',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Rheinische Philharmonie')}`,
  },
  {
    id: 'de-035', language: 'de', partner: 1001, outcome: 'events',
    question: 'events in frankfurt seit 2025',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Frankfurt am Main'
            AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'de-036', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen der letzten Saison mit mehr als 80 % Auslastung',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01' AND ${soldPercent()} > 80`,
  },
  // ---------- German, transactions ----------
  {
    id: 'de-037', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Verkäufe von gestern',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner
            AND t.sold_at >= '2026-11-23' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'de-038', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Tickets im 1. Rang für die Zauberflöte',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.price_category = '1. Rang' AND e.title = 'Die Zauberflöte'`,
  },
  {
    id: 'de-039', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'ermäßigte Tickets diesen Monat',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'discount'
            AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-12-01'`,
  },
  {
    id: 'de-040', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Verkäufe in der Loge',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.price_category = 'Loge'`,
  },
  {
    id: 'de-041', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Parkett-Buchungen mit einem Betrag über 100 Euro',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.price_category = 'Parkett' AND t.amount_minor > 10000`,
  },
  {
    id: 'de-042', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Reservierungen für kommende Veranstaltungen',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'de-043', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Top 5 Transaktionen nach Betrag im Oktober',
    ordered: true,
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01' ORDER BY t.amount_minor DESC, t.id LIMIT 5`,
  },
  {
    id: 'de-044', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Käufe von Kunden aus Dortmund im letzten Monat',
    sql: `SELECT t.id FROM ticket_transactions t JOIN customers c ON c.id = t.customer_id
          WHERE t.partner_id = :partner AND c.city = 'Dortmund' AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  // ---------- German, customers ----------
  {
    id: 'de-045', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die mehr als drei Opern besucht haben',
    sql: `SELECT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL AND e.category = 'opera'
          GROUP BY t.customer_id HAVING count(DISTINCT e.id) > 3`,
  },
  {
    id: 'de-046', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden die letzte Saison beim Ballett waren aber diese Saison noch nicht',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'ballet'
                          AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01')
            AND NOT EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'ballet'
                          AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01')`,
  },
  {
    id: 'de-047', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Welche Kunden haben seit Januar nichts mehr gekauft?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.sold_at < '2026-01-01' AND t.ticket_type <> 'cancelled')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.sold_at >= '2026-01-01' AND t.ticket_type <> 'cancelled')`,
    note: '"nichts mehr" = they bought before January, and nothing since.',
  },
  {
    id: 'de-048', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Köln oder Bonn mit mehr als 10 Tickets',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city IN ('Köln', 'Bonn')
            AND (SELECT COALESCE(sum(t.quantity), 0) FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled') > 10`,
  },
  {
    id: 'de-049', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden die im kammermusiksaal waren',
    sql: `SELECT DISTINCT t.customer_id AS id FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
          WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL AND h.name = 'Kammermusiksaal'`,
  },
  {
    id: 'de-050', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Neukunden seit September',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at >= '2026-09-01' AND c.created_at < '2026-11-24'`,
  },
  {
    id: 'de-051', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit mehr als 5 Freikarten',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL
            AND t.ticket_type = 'free' GROUP BY t.customer_id HAVING sum(t.quantity) > 5`,
  },
  {
    id: 'de-052', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer hat Fidelio gebucht',
    sql: `SELECT DISTINCT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND e.title = 'Fidelio' AND t.ticket_type <> 'cancelled'`,
  },
  {
    id: 'de-053', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Abo-Tickets in der aktuellen Saison',
    sql: `SELECT DISTINCT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL
            AND t.ticket_type = 'subscription' AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'`,
  },
  {
    id: 'de-054', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden aus Manchester, die mehr als 3 Musicals gesehen haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester'
            AND (SELECT count(DISTINCT e.id) FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'operetta_musical') > 3`,
    note: 'A German-speaking analyst of the British partner.',
  },
  // ---------- English, events ----------
  {
    id: 'en-020', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming hamlet performances',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'Hamlet' AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'en-021', language: 'en', partner: 1002, outcome: 'events',
    question: 'Handel concerts',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Handel')}`,
  },
  {
    id: 'en-022', language: 'en', partner: 1002, outcome: 'events',
    question: 'all shows by ravi mehta',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Ravi Mehta')}`,
  },
  {
    id: 'en-023', language: 'en', partner: 1002, outcome: 'events',
    question: 'events at Sheffield Symphony Hall excluding the Recital Room',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'Sheffield Symphony Hall' AND h.name <> 'Recital Room'`,
  },
  {
    id: 'en-024', language: 'en', partner: 1002, outcome: 'events',
    question: 'opera or ballet before 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category IN ('opera', 'ballet') AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'en-025', language: 'en', partner: 1002, outcome: 'events',
    question: 'events with fewer than 200 seats',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.capacity < 200`,
  },
  {
    id: 'en-026', language: 'en', partner: 1002, outcome: 'events',
    question: 'whats on in sheffield next month',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Sheffield'
            AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'en-027', language: 'en', partner: 1002, outcome: 'events',
    question: 'events with no sales at all',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.event_id = e.id AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'en-028', language: 'en', partner: 1002, outcome: 'events',
    question: 'past events that sold more than 90%',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time < '2026-11-24' AND ${soldPercent()} > 90`,
  },
  {
    id: 'en-029', language: 'en', partner: 1002, outcome: 'events',
    question: 'top 3 comedy shows by revenue',
    ordered: true,
    sql: `SELECT e.id FROM events e JOIN ticket_transactions t ON t.event_id = e.id AND t.ticket_type <> 'cancelled'
          WHERE e.partner_id = :partner AND e.category = 'comedy'
          GROUP BY e.id ORDER BY sum(t.amount_minor) DESC, e.id LIMIT 3`,
  },
  {
    id: 'en-030', language: 'en', partner: 1002, outcome: 'events',
    question: 'revenue per category last season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'`,
    note: 'The issue\'s example, asked for events: the grouping does not change which events answer.',
  },
  // ---------- English, transactions ----------
  {
    id: 'en-031', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'cancelled tickets this year',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled'
            AND t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01'`,
  },
  {
    id: 'en-032', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'box seats sold since september',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.price_category = 'Box'
            AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-033', language: 'en', partner: 1002, outcome: 'transactions',
    question: "yesterday's sales",
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.sold_at >= '2026-11-23' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-034', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'Season Pass 2026/27 sales',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND e.title = 'Season Pass 2026/27'`,
  },
  {
    id: 'en-035', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions for hamlet with more than 4 tickets',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND e.title = 'Hamlet' AND t.quantity > 4`,
  },
  {
    id: 'en-036', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'dress circle transactions under £20 sold last season',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.price_category = 'Dress Circle'
            AND t.amount_minor < 2000 AND t.sold_at >= '2025-08-01' AND t.sold_at < '2026-08-01'`,
  },
  // ---------- English, customers ----------
  {
    id: 'en-037', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers in London or Bristol',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city IN ('London', 'Bristol')`,
  },
  {
    id: 'en-038', language: 'en', partner: 1002, outcome: 'customers',
    question: 'who bought tickets for The Magic Flute',
    sql: `SELECT DISTINCT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND e.title = 'The Magic Flute' AND t.ticket_type <> 'cancelled'`,
  },
  {
    id: 'en-039', language: 'en', partner: 1002, outcome: 'customers',
    question: "customers who haven't bought anything this year",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.sold_at >= '2026-01-01' AND t.ticket_type <> 'cancelled')`,
    note: 'Includes customers who never bought anything.',
  },
  {
    id: 'en-040', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers born after 1990 who went to a comedy show',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year > 1990
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.category = 'comedy')`,
  },
  {
    id: 'en-041', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who spent over £500 on musicals',
    sql: `SELECT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL AND e.category = 'operetta_musical'
          GROUP BY t.customer_id HAVING sum(t.amount_minor) > 50000`,
  },
  {
    id: 'en-042', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with more than 50 transactions',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
          GROUP BY t.customer_id HAVING count(*) > 50`,
  },
  {
    id: 'en-043', language: 'en', partner: 1002, outcome: 'customers',
    question: 'new customers this year',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at >= '2026-01-01' AND c.created_at < '2027-01-01'`,
  },
  {
    id: 'en-044', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers from Cologne',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln'`,
    note: 'The English name of a German city.',
  },
];
