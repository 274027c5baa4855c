// Sentinel accuracy hold-out, English (issue 21 §3): see de.ts. Written from RULES.md, the schema
// and the demo data only; the engine's authors do not read this folder while they work.
// NOW = 2026-11-24T00:00:00Z (a Tuesday); season = 1 August – 31 July.
import type { AccuracyQuestion } from '../types';
import { eventNames, soldPercent } from '../sql-parts';

const TXE = 'ticket_transactions t JOIN events e ON e.id = t.event_id';
/** RULES.md: buying / booking excludes cancelled transactions. */
const NC = "t.ticket_type <> 'cancelled'";
const bought = (where: string) => `EXISTS (SELECT 1 FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
const prop = (label: string, ...contents: string[]) =>
  `EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = '${label}' AND p.content IN (${contents.map((v) => `'${v}'`).join(', ')}))`;
const hallOf = (e = 'e') => `(SELECT h.name FROM halls h WHERE h.id = ${e}.hall_id)`;
const cityOf = (e = 'e') => `(SELECT v.city FROM halls h JOIN venues v ON v.id = h.venue_id WHERE h.id = ${e}.hall_id)`;
const venueOf = (e = 'e') => `(SELECT v.name FROM halls h JOIN venues v ON v.id = h.venue_id WHERE h.id = ${e}.hall_id)`;
const tickets = (e = 'e') => `COALESCE((SELECT sum(t2.quantity) FROM ticket_transactions t2 WHERE t2.event_id = ${e}.id AND t2.ticket_type <> 'cancelled'), 0)`;
const revenue = (e = 'e') => `COALESCE((SELECT sum(t2.amount_minor) FROM ticket_transactions t2 WHERE t2.event_id = ${e}.id AND t2.ticket_type <> 'cancelled'), 0)`;
const LAST_SEASON = "e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'";
const THIS_SEASON = "e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'";

export const HOLDOUT_EN: AccuracyQuestion[] = [
  // ---------- customers, partner 1002 ----------
  {
    id: 'en-h001', language: 'en', partner: 1002, outcome: 'customers',
    question: "customers who haven't bought anything since the start of 2025",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2025-01-01')`,
    note: 'Includes customers who never bought anything (as en-039).',
  },
  {
    id: 'en-h002', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with postcodes starting with M1',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'M1%'`,
  },
  {
    id: 'en-h003', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers in the LS postcode area who booked comedy',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'LS%' AND ${bought("e.category = 'comedy'")}`,
  },
  {
    id: 'en-h004', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who bought musicals but neither opera nor ballet',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.category = 'operetta_musical'")}
            AND NOT ${bought("e.category = 'opera'")} AND NOT ${bought("e.category = 'ballet'")}`,
  },
  {
    id: 'en-h005', language: 'en', partner: 1002, outcome: 'customers',
    question: 'custmers from cardiff without an email',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Cardiff' AND c.email IS NULL`,
  },
  {
    id: 'en-h006', language: 'en', partner: 1002, outcome: 'customers',
    question: 'can you show me all the customers who bought something since 1 september please',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-09-01')`,
  },
  {
    id: 'en-h007', language: 'en', partner: 1002, outcome: 'customers',
    question: 'new customers from June',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at >= '2026-06-01'`,
    note: '"from June" = from 1 June 2026 on (RULES.md open-ended dates).',
  },
  {
    id: 'en-h008', language: 'en', partner: 1002, outcome: 'customers',
    question: 'top 5 customers in Sheffield by revenue',
    ordered: true,
    sql: `SELECT c.id FROM customers c JOIN ticket_transactions t ON t.customer_id = c.id AND t.ticket_type <> 'cancelled'
          WHERE c.partner_id = :partner AND c.city = 'Sheffield' GROUP BY c.id ORDER BY sum(t.amount_minor) DESC, c.id LIMIT 5`,
  },
  {
    id: 'en-h009', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who went to the Main Stage more than 3 times',
    sql: `SELECT t.customer_id AS id FROM ${TXE} JOIN halls h ON h.id = e.hall_id
          WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL AND h.name = 'Main Stage'
          GROUP BY t.customer_id HAVING count(DISTINCT e.id) > 3`,
  },
  {
    id: 'en-h010', language: 'en', partner: 1002, outcome: 'customers',
    question: 'newsletter subscribers from edinburgh',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Edinburgh' AND ${prop('Newsletter', 'yes')}`,
  },
  {
    id: 'en-h011', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with a silver or bronze subscription in Manchester',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester' AND ${prop('Subscription', 'Silver', 'Bronze')}`,
  },
  {
    id: 'en-h012', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers whose favourite genre is theatre, born before 1970',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year < 1970 AND ${prop('Favourite genre', 'Theatre')}`,
  },
  {
    id: 'en-h013', language: 'en', partner: 1002, outcome: 'customers',
    question: "cardiff customers who didn't buy anything this year",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Cardiff'
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-01-01')`,
  },
  {
    id: 'en-h014', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who booked both Hamlet and She Stoops to Conquer',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title = 'Hamlet'")} AND ${bought("e.title = 'She Stoops to Conquer'")}`,
  },
  {
    id: 'en-h015', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with more than 2 cancelled bookings',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL
            AND t.ticket_type = 'cancelled' GROUP BY t.customer_id HAVING count(*) > 2`,
  },
  {
    id: 'en-h016', language: 'en', partner: 1002, outcome: 'customers',
    question: 'sheffield customers with no phone number',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Sheffield' AND c.phone1 IS NULL AND c.phone2 IS NULL`,
  },
  {
    id: 'en-h017', language: 'en', partner: 1002, outcome: 'customers',
    question: 'who went to the Engine Rooms in September?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND ${bought(`${venueOf()} = 'The Engine Rooms' AND e.start_date_time >= '2026-09-01' AND e.start_date_time < '2026-10-01'`)}`,
  },
  {
    id: 'en-h018', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who purchased tickets in october',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01')`,
  },
  {
    id: 'en-h019', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with the surname Harrison or Khan',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.last_name IN ('Harrison', 'Khan')`,
  },
  {
    id: 'en-h020', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who never cancelled and spent over £1,000',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type = 'cancelled')
            AND (SELECT COALESCE(sum(t.amount_minor), 0) FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC}) > 100000`,
  },
  {
    id: 'en-h021', language: 'en', partner: 1002, outcome: 'customers',
    question: 'everyone who saw Niamh Byrne',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought(eventNames('Niamh Byrne'))}`,
  },
  {
    id: 'en-h022', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers in postcode area EH with no ticket for this season yet',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'EH%'
            AND NOT EXISTS (SELECT 1 FROM ${TXE} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND ${THIS_SEASON})`,
  },
  {
    id: 'en-h023', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who joined until the end of 2023 and can receive marketing',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at < '2024-01-01' AND NOT c.ads_opt_out`,
  },
  {
    id: 'en-h024', language: 'en', partner: 1002, outcome: 'customers',
    question: "customers who've never bought a musical",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND NOT ${bought("e.category = 'operetta_musical'")}`,
  },
  // ---------- events, partner 1002 ----------
  {
    id: 'en-h025', language: 'en', partner: 1002, outcome: 'events',
    question: 'events from 1 December',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-12-01'`,
  },
  {
    id: 'en-h026', language: 'en', partner: 1002, outcome: 'events',
    question: 'all events until the end of march',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time < '2026-04-01'`,
  },
  {
    id: 'en-h027', language: 'en', partner: 1002, outcome: 'events',
    question: 'shows since the 1st of September',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-09-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'en-h028', language: 'en', partner: 1002, outcome: 'events',
    question: "what's on between 1 and 15 December",
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2026-12-16'`,
  },
  {
    id: 'en-h029', language: 'en', partner: 1002, outcome: 'events',
    question: "Mozart's Requiem",
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Mozart: Requiem%'`,
  },
  {
    id: 'en-h030', language: 'en', partner: 1002, outcome: 'events',
    question: 'Big Steve - No Refunds',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'Big Steve: No Refunds'`,
  },
  {
    id: 'en-h031', language: 'en', partner: 1002, outcome: 'events',
    question: 'spoken word shows last season with fewer than 125 tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'spoken' AND ${LAST_SEASON} AND ${tickets()} < 125`,
  },
  {
    id: 'en-h032', language: 'en', partner: 1002, outcome: 'events',
    question: 'comedy nights in Manchester with more than 150 tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${cityOf()} = 'Manchester' AND ${tickets()} > 150`,
  },
  {
    id: 'en-h033', language: 'en', partner: 1002, outcome: 'events',
    question: "upcoming gigs in edinburgh that haven't happened yet",
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Edinburgh' AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'en-h034', language: 'en', partner: 1002, outcome: 'events',
    question: 'musicals taking place from now on that are less than 40% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND e.start_date_time >= '2026-11-24' AND ${soldPercent()} < 40`,
  },
  {
    id: 'en-h035', language: 'en', partner: 1002, outcome: 'events',
    question: 'top 5 events by revenue in 2025',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'
          ORDER BY ${revenue()} DESC, e.id LIMIT 5`,
  },
  {
    id: 'en-h036', language: 'en', partner: 1002, outcome: 'events',
    question: 'the 3 highest grossing musicals last season',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${LAST_SEASON}
          ORDER BY ${revenue()} DESC, e.id LIMIT 3`,
  },
  {
    id: 'en-h037', language: 'en', partner: 1002, outcome: 'events',
    question: 'events in Manchester or Sheffield in December',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} IN ('Manchester', 'Sheffield')
            AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'en-h038', language: 'en', partner: 1002, outcome: 'events',
    question: 'rock/pop at the Main Arena but not in 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND ${hallOf()} = 'Main Arena'
            AND NOT (e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01')`,
  },
  {
    id: 'en-h039', language: 'en', partner: 1002, outcome: 'events',
    question: 'events in the Studio or The Attic this season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} IN ('Studio', 'The Attic') AND ${THIS_SEASON}`,
  },
  {
    id: 'en-h040', language: 'en', partner: 1002, outcome: 'events',
    question: 'kids shows until the end of 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education' AND e.start_date_time < '2026-01-01'`,
  },
  {
    id: 'en-h041', language: 'en', partner: 1002, outcome: 'events',
    question: 'spoken word from 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'spoken' AND e.start_date_time >= '2027-01-01'`,
  },
  {
    id: 'en-h042', language: 'en', partner: 1002, outcome: 'events',
    question: 'all glass avenue gigs',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Glass Avenue')}`,
  },
  {
    id: 'en-h043', language: 'en', partner: 1002, outcome: 'events',
    question: 'performances of "The Tempest" in September',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'The Tempest'
            AND e.start_date_time >= '2026-09-01' AND e.start_date_time < '2026-10-01'`,
  },
  {
    id: 'en-h044', language: 'en', partner: 1002, outcome: 'events',
    question: 'opera or ballet from next year',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category IN ('opera', 'ballet') AND e.start_date_time >= '2027-01-01'`,
  },
  {
    id: 'en-h045', language: 'en', partner: 1002, outcome: 'events',
    question: 'events in manchester with under 500 seats',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Manchester' AND e.capacity < 500`,
  },
  {
    id: 'en-h046', language: 'en', partner: 1002, outcome: 'events',
    question: 'anything with Bach since 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Bach')} AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'en-h047', language: 'en', partner: 1002, outcome: 'events',
    question: 'events on 26 September 2026',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-09-26' AND e.start_date_time < '2026-09-27'`,
  },
  {
    id: 'en-h048', language: 'en', partner: 1002, outcome: 'events',
    question: 'events at Sheffield Symphony Hall except chamber music',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${venueOf()} = 'Sheffield Symphony Hall' AND e.category <> 'chamber'`,
  },
  // ---------- transactions, partner 1002 ----------
  {
    id: 'en-h049', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions for She Stoops to Conquer in October',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'She Stoops to Conquer' AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
    note: 'A transaction\'s own date is its sale time (RULES.md).',
  },
  {
    id: 'en-h050', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'bookings for the tempest since 1.9.',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'The Tempest' AND t.sold_at >= '2026-09-01'`,
  },
  {
    id: 'en-h051', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'cancellations up to the end of june',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND t.sold_at < '2026-07-01'`,
  },
  {
    id: 'en-h052', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'card payments from 1 November',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Card' AND t.sold_at >= '2026-11-01'`,
  },
  {
    id: 'en-h053', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'free tickets for next week\'s events',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'free'
            AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'`,
  },
  {
    id: 'en-h054', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'tickets for December shows sold last week',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'
            AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'`,
  },
  {
    id: 'en-h055', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions over 400 pounds since the start of october',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 40000 AND t.sold_at >= '2026-10-01'`,
  },
  {
    id: 'en-h056', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'purchases by customers with a CF postcode in october',
    sql: `SELECT t.id FROM ticket_transactions t JOIN customers c ON c.id = t.customer_id WHERE t.partner_id = :partner
            AND c.postal_code ILIKE 'CF%' AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'en-h057', language: 'en', partner: 1002, outcome: 'transactions',
    question: "discounted bookings for this season's theatre",
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND e.category = 'theatre' AND ${THIS_SEASON}`,
  },
  {
    id: 'en-h058', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'top 5 transactions by amount last week',
    ordered: true,
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'
          ORDER BY t.amount_minor DESC, t.id LIMIT 5`,
  },
  {
    id: 'en-h059', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'invoice payments at the Main Stage this year',
    sql: `SELECT t.id FROM ${TXE} JOIN halls h ON h.id = e.hall_id WHERE t.partner_id = :partner AND t.payment_method = 'Invoice'
            AND h.name = 'Main Stage' AND t.sold_at >= '2026-01-01'`,
  },
  {
    id: 'en-h060', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'gift voucher bookings for comedy',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.payment_method = 'Gift Voucher' AND e.category = 'comedy'`,
  },
  {
    id: 'en-h061', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'sales for the tempest excluding free tickets',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'The Tempest' AND t.ticket_type <> 'free'`,
  },
  {
    id: 'en-h062', language: 'en', partner: 1002, outcome: 'transactions',
    question: "subscription bookings for October's performances",
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'subscription'
            AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`,
  },
  // ---------- English questions of partner 1001 ----------
  {
    id: 'en-h063', language: 'en', partner: 1001, outcome: 'events',
    question: 'operas at the Opernhaus Bonn this season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND ${venueOf()} = 'Opernhaus Bonn' AND ${THIS_SEASON}`,
  },
  {
    id: 'en-h064', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers from Essen who bought Die Zauberflöte',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Essen' AND ${bought("e.title = 'Die Zauberflöte'")}`,
  },
  {
    id: 'en-h065', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'paypal sales since the 1st of november',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'PayPal' AND t.sold_at >= '2026-11-01'`,
  },
  {
    id: 'en-h066', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers with a postcode starting with 51',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '51%'`,
  },
  {
    id: 'en-h067', language: 'en', partner: 1001, outcome: 'events',
    question: 'comedy in Dortmund last season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${cityOf()} = 'Dortmund' AND ${LAST_SEASON}`,
  },
  {
    id: 'en-h068', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'cancelled tickets for Fidelio',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title = 'Fidelio'`,
  },
  {
    id: 'en-h069', language: 'en', partner: 1001, outcome: 'customers',
    question: 'top 3 customers from Bonn by tickets',
    ordered: true,
    sql: `SELECT c.id FROM customers c JOIN ticket_transactions t ON t.customer_id = c.id AND t.ticket_type <> 'cancelled'
          WHERE c.partner_id = :partner AND c.city = 'Bonn' GROUP BY c.id ORDER BY sum(t.quantity) DESC, c.id LIMIT 3`,
  },
  {
    id: 'en-h070', language: 'en', partner: 1001, outcome: 'events',
    question: 'upcoming events in Nuremberg with fewer than 20% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Nürnberg' AND e.start_date_time >= '2026-11-24' AND ${soldPercent()} < 20`,
  },
];
