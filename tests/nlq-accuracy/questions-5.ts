// Sentinel accuracy set, batch 5 (issue 21 §3): the classes the hidden sets found weak, phrased as
// staff type them — fillers and typos in function words, open-ended and short dates ("seit",
// "ab 1.9.", "bis Ende März", "since", "until"), time phrases on the event vs the sale, titles with
// punctuation, postal-code areas, cancelled vs bought, negation, top-N — in both languages and for
// both partners. Written from RULES.md, the schema and the demo data only; expected SQL by hand
// over the BASE tables. NOW = 2026-11-24T00:00:00Z (a Tuesday); season = 1 August – 31 July.
import type { AccuracyQuestion } from './types';
import { eventNames, soldPercent } from './sql-parts';

const TXE = 'ticket_transactions t JOIN events e ON e.id = t.event_id';
/** RULES.md: buying / booking excludes cancelled transactions. */
const NC = "t.ticket_type <> 'cancelled'";
const bought = (where: string) => `EXISTS (SELECT 1 FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
const prop = (label: string, ...contents: string[]) =>
  `EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = '${label}' AND p.content IN (${contents.map((v) => `'${v}'`).join(', ')}))`;
const hallOf = (e = 'e') => `(SELECT h.name FROM halls h WHERE h.id = ${e}.hall_id)`;
const cityOf = (e = 'e') => `(SELECT v.city FROM halls h JOIN venues v ON v.id = h.venue_id WHERE h.id = ${e}.hall_id)`;
const tickets = (e = 'e') => `COALESCE((SELECT sum(t2.quantity) FROM ticket_transactions t2 WHERE t2.event_id = ${e}.id AND t2.ticket_type <> 'cancelled'), 0)`;
const LAST_SEASON = "e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'";
const THIS_SEASON = "e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'";

export const BATCH_5: AccuracyQuestion[] = [
  // ---------- German ----------
  {
    id: 'de-101', language: 'de', partner: 1001, outcome: 'customers',
    question: 'welche kunden habne letzte woche tickets gekauft',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23')`,
    note: 'A typo in the auxiliary verb ("habne").',
  },
  {
    id: 'de-102', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen ab dem 15. Januar',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-01-15'`,
  },
  {
    id: 'de-103', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Freikarten bis zum 31.1.',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND t.sold_at < '2026-02-01'`,
  },
  {
    id: 'de-104', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opern der letzten Saison mit mehr als 700 Tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND ${LAST_SEASON} AND ${tickets()} > 700`,
    note: 'The season is the operas\' start; the tickets count every sale of them.',
  },
  {
    id: 'de-105', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen für die Zauberflöte im Oktober',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Die Zauberflöte' AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
    note: 'The month is the transactions\' sale time.',
  },
  {
    id: 'de-106', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Buchungen für Vorstellungen im Dezember, die im Oktober verkauft wurden',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'de-107', language: 'de', partner: 1001, outcome: 'events',
    question: 'Haydn - Die Schöpfung',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Haydn: Die Schöpfung%'`,
  },
  {
    id: 'de-108', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus PLZ 60…',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '60%'`,
  },
  {
    id: 'de-109', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die noch nie was gebucht haben, aber den Newsletter bekommen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Newsletter', 'ja')}
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC})`,
  },
  {
    id: 'de-110', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die weder 2025 noch 2026 etwas gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2025-01-01' AND t.sold_at < '2027-01-01')`,
  },
  {
    id: 'de-111', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die sowohl Oper als auch Ballett gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.category = 'opera'")} AND ${bought("e.category = 'ballet'")}`,
  },
  {
    id: 'de-112', language: 'de', partner: 1001, outcome: 'events',
    question: 'Top 3 Opern nach Tickets diese Saison',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND ${THIS_SEASON}
          ORDER BY ${tickets()} DESC, e.id LIMIT 3`,
  },
  {
    id: 'de-113', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen pro Kategorie in Nürnberg 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Nürnberg' AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'`,
  },
  {
    id: 'de-114', language: 'de', partner: 1001, outcome: 'events',
    question: 'Events die im Dezember in Essen stattfinden',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Essen' AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-115', language: 'de', partner: 1001, outcome: 'events',
    question: 'kommende Termine in Bonn ohne Buchungen',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Bonn' AND e.start_date_time >= '2026-11-24'
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.event_id = e.id AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'de-116', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden aus Manchester, die seit Oktober nix mehr gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester'
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at < '2026-10-01')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-10-01')`,
    note: '"nix mehr" = booked before, nothing since (as de-047).',
  },
  {
    id: 'de-117', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Verkäufe für She Stoops to Conquer ab 1.11.',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'She Stoops to Conquer' AND t.sold_at >= '2026-11-01'`,
  },
  // ---------- English ----------
  {
    id: 'en-101', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who bougth tickets last week',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23')`,
  },
  {
    id: 'en-102', language: 'en', partner: 1002, outcome: 'events',
    question: 'events starting from 15 January',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-01-15'`,
  },
  {
    id: 'en-103', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'free tickets until 31 January',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND t.sold_at < '2026-02-01'`,
  },
  {
    id: 'en-104', language: 'en', partner: 1002, outcome: 'events',
    question: 'musicals last season with more than 1000 tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${LAST_SEASON} AND ${tickets()} > 1000`,
  },
  {
    id: 'en-105', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions for The Tempest in September',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'The Tempest' AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-10-01'`,
    note: 'The month is the transactions\' sale time.',
  },
  {
    id: 'en-106', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'bookings made in October for shows in December',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'en-107', language: 'en', partner: 1002, outcome: 'events',
    question: 'Handel - Messiah',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Handel: Messiah%'`,
  },
  {
    id: 'en-108', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers in the S1 postcode area',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'S1%'`,
  },
  {
    id: 'en-109', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who never booked anything but get the newsletter',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Newsletter', 'yes')}
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC})`,
  },
  {
    id: 'en-110', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who bought neither in 2025 nor in 2026',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2025-01-01' AND t.sold_at < '2027-01-01')`,
  },
  {
    id: 'en-111', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who booked both opera and comedy',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.category = 'opera'")} AND ${bought("e.category = 'comedy'")}`,
  },
  {
    id: 'en-112', language: 'en', partner: 1002, outcome: 'events',
    question: 'top 3 musicals by tickets last season',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${LAST_SEASON}
          ORDER BY ${tickets()} DESC, e.id LIMIT 3`,
  },
  {
    id: 'en-113', language: 'en', partner: 1002, outcome: 'events',
    question: 'events per category in Cardiff in 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Cardiff' AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'`,
  },
  {
    id: 'en-114', language: 'en', partner: 1002, outcome: 'events',
    question: 'shows taking place in December in Manchester',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Manchester' AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'en-115', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming dates in sheffield with no bookings',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Sheffield' AND e.start_date_time >= '2026-11-24'
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.event_id = e.id AND t.ticket_type <> 'cancelled')`,
  },
  {
    id: 'en-116', language: 'en', partner: 1001, outcome: 'customers',
    question: "customers from Cologne who haven't booked anything since October",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln'
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-10-01')`,
    note: 'Includes customers who never booked (as en-039).',
  },
  {
    id: 'en-117', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'sales for Der fliegende Holländer from 1 November',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Der fliegende Holländer' AND t.sold_at >= '2026-11-01'`,
  },
];
