// Sentinel accuracy set, batch 3: more box-office phrasing (inflected titles, partial venue names,
// birth years, "diese Woche", both-of, never-at), and the German partner asked in English and the
// British one in German. Rules (NOW = 2026-11-24T00:00:00Z; season = 1 August – 31 July):
// RULES.md. Expected SQL is hand-written over the BASE tables from each question's meaning —
// never produced by the engine, never changed to suit it.
import type { AccuracyQuestion } from './types';
import { VENUE_JOIN, soldPercent } from './sql-parts';

const TX_EVENT = 'ticket_transactions t JOIN events e ON e.id = t.event_id';
const TX_VENUE = `ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id`;

export const BATCH_3: AccuracyQuestion[] = [
  // ---------- German, events ----------
  {
    id: 'de-055', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen im Konzerthaus Köln im Januar',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'Konzerthaus Köln'
            AND e.start_date_time >= '2026-01-01' AND e.start_date_time < '2026-02-01'`,
    note: 'A month without a year is that month of the current year.',
  },
  {
    id: 'de-056', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opern nächste Saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera'
            AND e.start_date_time >= '2027-08-01' AND e.start_date_time < '2028-08-01'`,
  },
  {
    id: 'de-057', language: 'de', partner: 1001, outcome: 'events',
    question: 'operetten und musicals in essen',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND v.city = 'Essen'`,
  },
  {
    id: 'de-058', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen mit Benchmark über 70',
    sql: `SELECT e.id FROM events e JOIN event_forecasts f ON f.event_id = e.id WHERE e.partner_id = :partner AND f.now_benchmark > 70`,
  },
  {
    id: 'de-059', language: 'de', partner: 1001, outcome: 'events',
    question: 'Ballett mit mehr als 50 % verkauft',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'ballet' AND ${soldPercent()} > 50`,
  },
  {
    id: 'de-060', language: 'de', partner: 1001, outcome: 'events',
    question: 'Was spielen wir diese Woche?',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2026-11-23' AND e.start_date_time < '2026-11-30'`,
  },
  {
    id: 'de-061', language: 'de', partner: 1001, outcome: 'events',
    question: 'events in der Arena 2024',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND h.name = 'Arena'
            AND e.start_date_time >= '2024-01-01' AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'de-062', language: 'de', partner: 1001, outcome: 'events',
    question: 'Lohengrin Vorstellungen vor 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'Lohengrin' AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'de-063', language: 'de', partner: 1001, outcome: 'events',
    question: 'alle Veranstaltungen in Dortmund außer Comedy und Rock/Pop',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Dortmund'
            AND e.category NOT IN ('comedy', 'rock_pop')`,
  },
  // ---------- German, transactions ----------
  {
    id: 'de-064', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Buchungen im 2. Rang unter 30 €',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.price_category = '2. Rang' AND t.amount_minor < 3000`,
  },
  {
    id: 'de-065', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Verkäufe der letzten 7 Tage für Opern',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND e.category = 'opera'
            AND t.sold_at >= '2026-11-17' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'de-066', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Normalpreis-Tickets für den fliegenden Holländer',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.ticket_type = 'regular' AND e.title = 'Der fliegende Holländer'`,
  },
  {
    id: 'de-067', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen mit 4 oder mehr Tickets im Großen Haus',
    sql: `SELECT t.id FROM ${TX_VENUE} WHERE t.partner_id = :partner AND t.quantity >= 4 AND h.name = 'Großes Haus'`,
  },
  {
    id: 'de-068', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'alle stornos 2025',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled'
            AND t.sold_at >= '2025-01-01' AND t.sold_at < '2026-01-01'`,
  },
  // ---------- German, customers ----------
  {
    id: 'de-069', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Essen, die noch nie in der Kongresshalle waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Essen'
            AND NOT EXISTS (SELECT 1 FROM ${TX_VENUE} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND v.name = 'Kongresshalle Essen')`,
  },
  {
    id: 'de-070', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden Jahrgang 1980 bis 1989',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year BETWEEN 1980 AND 1989`,
  },
  {
    id: 'de-071', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kundinnen und Kunden, die 2024 mehr als 1000 € ausgegeben haben',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
            AND t.sold_at >= '2024-01-01' AND t.sold_at < '2025-01-01'
          GROUP BY t.customer_id HAVING sum(t.amount_minor) > 100000`,
  },
  {
    id: 'de-072', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die Schwanensee und die Zauberflöte gesehen haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.title = 'Schwanensee')
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.title = 'Die Zauberflöte')`,
  },
  {
    id: 'de-073', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Top 5 Kunden aus Nürnberg nach Umsatz',
    ordered: true,
    sql: `SELECT c.id FROM customers c JOIN ticket_transactions t ON t.customer_id = c.id AND t.ticket_type <> 'cancelled'
          WHERE c.partner_id = :partner AND c.city = 'Nürnberg'
          GROUP BY c.id ORDER BY sum(t.amount_minor) DESC, c.id LIMIT 5`,
  },
  {
    id: 'de-074', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden die letze saison mehr als 5 mal da waren',
    sql: `SELECT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'
          GROUP BY t.customer_id HAVING count(DISTINCT e.id) > 5`,
    note: '"mal da" = visits = distinct events.',
  },
  {
    id: 'de-075', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Wer hat noch kein Ticket für die neue Saison?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled'
                              AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01')`,
  },
  {
    id: 'de-076', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden aus Glasgow',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Glasgow'`,
    note: 'A German-speaking analyst of the British partner.',
  },
  // ---------- English, events ----------
  {
    id: 'en-045', language: 'en', partner: 1002, outcome: 'events',
    question: 'all events at the engine rooms this year',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'The Engine Rooms'
            AND e.start_date_time >= '2026-01-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'en-046', language: 'en', partner: 1002, outcome: 'events',
    question: 'chamber music since 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'chamber'
            AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'en-047', language: 'en', partner: 1002, outcome: 'events',
    question: 'events with a capacity of at least 2000 next season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.capacity >= 2000
            AND e.start_date_time >= '2027-08-01' AND e.start_date_time < '2028-08-01'`,
  },
  {
    id: 'en-048', language: 'en', partner: 1002, outcome: 'events',
    question: 'flagged events',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.frontend_status = 'FLAGGED'`,
  },
  {
    id: 'en-049', language: 'en', partner: 1002, outcome: 'events',
    question: 'kids shows in the studio',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'education' AND h.name = 'Studio'`,
  },
  {
    id: 'en-050', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming events that are more than 50% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-11-24' AND ${soldPercent()} > 50`,
  },
  // ---------- English, transactions ----------
  {
    id: 'en-051', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'reserved tickets for upcoming shows in manchester',
    sql: `SELECT t.id FROM ${TX_VENUE} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved'
            AND e.start_date_time >= '2026-11-24' AND v.city = 'Manchester'`,
  },
  {
    id: 'en-052', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'rock/pop sales over £100 this month',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND e.category = 'rock_pop' AND t.amount_minor > 10000
            AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-12-01'`,
  },
  {
    id: 'en-053', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'upper circle transactions in 2024',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.price_category = 'Upper Circle'
            AND t.sold_at >= '2024-01-01' AND t.sold_at < '2025-01-01'`,
  },
  {
    id: 'en-054', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'discount tickets for the tempest',
    sql: `SELECT t.id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND e.title = 'The Tempest'`,
  },
  // ---------- English, customers ----------
  {
    id: 'en-055', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who bought more than 10 tickets for comedy shows last season',
    sql: `SELECT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL
            AND e.category = 'comedy' AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01' AND t.ticket_type <> 'cancelled'
          GROUP BY t.customer_id HAVING sum(t.quantity) > 10`,
    note: 'The season is put on the shows.',
  },
  {
    id: 'en-056', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers from Cardiff who never went to the Cardiff Dome',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Cardiff'
            AND NOT EXISTS (SELECT 1 FROM ${TX_VENUE} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND v.name = 'The Cardiff Dome')`,
  },
  {
    id: 'en-057', language: 'en', partner: 1002, outcome: 'customers',
    question: 'top 5 customers by spend in 2025',
    ordered: true,
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL
            AND t.sold_at >= '2025-01-01' AND t.sold_at < '2026-01-01'
          GROUP BY t.customer_id ORDER BY sum(t.amount_minor) DESC, t.customer_id LIMIT 5`,
  },
  {
    id: 'en-058', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who saw both Hamlet and The Tempest',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.title = 'Hamlet')
            AND EXISTS (SELECT 1 FROM ${TX_EVENT} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND e.title = 'The Tempest')`,
  },
  {
    id: 'en-059', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers born before 1950',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year < 1950`,
  },
  {
    id: 'en-060', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who bought a season pass',
    sql: `SELECT DISTINCT t.customer_id AS id FROM ${TX_EVENT} WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL
            AND e.title ILIKE 'Season Pass%' AND t.ticket_type <> 'cancelled'`,
    note: 'The "Season Pass 2024/25" and "Season Pass 2026/27" products.',
  },
];
