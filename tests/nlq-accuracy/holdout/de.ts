// Sentinel accuracy hold-out, German (issue 21 §3): questions as box-office, marketing and analyst
// staff type them, written from RULES.md, the schema and the demo data only — by someone who has
// not read the parser — with the expected answer as hand-written SQL over the BASE tables.
// The engine's authors do not read this folder while they work on the engine: it measures
// generalisation. NOW = 2026-11-24T00:00:00Z (a Tuesday); season = 1 August – 31 July.
import type { AccuracyQuestion } from '../types';
import { VENUE_JOIN, eventNames, soldPercent } from '../sql-parts';

const TXE = 'ticket_transactions t JOIN events e ON e.id = t.event_id';
/** RULES.md: buying / booking excludes cancelled transactions. */
const NC = "t.ticket_type <> 'cancelled'";
/** The customer `c` bought / booked / visited (a non-cancelled transaction) an event matching `where` (on `e`). */
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

export const HOLDOUT_DE: AccuracyQuestion[] = [
  // ---------- customers, partner 1001 ----------
  {
    id: 'de-h001', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden aus köln, die seit anfang 2025 nichts mehr gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln'
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at < '2025-01-01')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2025-01-01')`,
    note: '"nichts mehr" = bought before, nothing since (as de-047); "Anfang 2025" = 1 January 2025.',
  },
  {
    id: 'de-h002', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden im PLZ-Bereich 53',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '53%'`,
  },
  {
    id: 'de-h003', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden aus dem plz bereich 44 die schon mal ballett gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '44%' AND ${bought("e.category = 'ballet'")}`,
  },
  {
    id: 'de-h004', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Welche Kunden haben Comedy gekauft, aber weder Oper noch Ballett?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.category = 'comedy'")}
            AND NOT ${bought("e.category = 'opera'")} AND NOT ${bought("e.category = 'ballet'")}`,
  },
  {
    id: 'de-h005', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kundne aus bonn ohne email',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn' AND c.email IS NULL`,
  },
  {
    id: 'de-h006', language: 'de', partner: 1001, outcome: 'customers',
    question: 'zeig mir bitte mal alle kunden, die seit dem 1. september was gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-09-01')`,
  },
  {
    id: 'de-h007', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Neukunden ab Juli',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at >= '2026-07-01'`,
  },
  {
    id: 'de-h008', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Top 5 Kunden aus Essen nach Umsatz',
    ordered: true,
    sql: `SELECT c.id FROM customers c JOIN ticket_transactions t ON t.customer_id = c.id AND t.ticket_type <> 'cancelled'
          WHERE c.partner_id = :partner AND c.city = 'Essen' GROUP BY c.id ORDER BY sum(t.amount_minor) DESC, c.id LIMIT 5`,
  },
  {
    id: 'de-h009', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden, die mehr als 3 mal im großen haus waren',
    sql: `SELECT t.customer_id AS id FROM ${TXE} JOIN halls h ON h.id = e.hall_id
          WHERE t.partner_id = :partner AND t.ticket_type <> 'cancelled' AND t.customer_id IS NOT NULL AND h.name = 'Großes Haus'
          GROUP BY t.customer_id HAVING count(DISTINCT e.id) > 3`,
    note: '"mal" = distinct events (RULES.md: N operas = N events).',
  },
  {
    id: 'de-h010', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Newsletter-Abonnenten aus Frankfurt',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Frankfurt am Main' AND ${prop('Newsletter', 'ja')}`,
  },
  {
    id: 'de-h011', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Abo Silber oder Bronze aus Dortmund',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Dortmund' AND ${prop('Abonnement', 'Silber', 'Bronze')}`,
  },
  {
    id: 'de-h012', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Lieblingssparte Kammermusik, Jahrgang vor 1960',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year < 1960 AND ${prop('Lieblingssparte', 'Kammermusik')}`,
  },
  {
    id: 'de-h013', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden aus nürnberg die dieses jahr nix gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Nürnberg'
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-01-01')`,
  },
  {
    id: 'de-h014', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die sowohl die Zauberflöte als auch Fidelio gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND ${bought("e.title = 'Die Zauberflöte'")} AND ${bought("e.title = 'Fidelio'")}`,
  },
  {
    id: 'de-h015', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit mehr als zwei stornierten Buchungen',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL
            AND t.ticket_type = 'cancelled' GROUP BY t.customer_id HAVING count(*) > 2`,
  },
  {
    id: 'de-h016', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden ohne telefonnummer aus dortmund',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Dortmund' AND c.phone1 IS NULL AND c.phone2 IS NULL`,
  },
  {
    id: 'de-h017', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Welche Kunden waren im Oktober in der Kulturfabrik?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND ${bought(`${venueOf()} = 'Kulturfabrik Dortmund' AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`)}`,
  },
  {
    id: 'de-h018', language: 'de', partner: 1001, outcome: 'customers',
    question: 'welche kunden haben im oktober tickets gekauft',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01')`,
    note: 'Buying: the sale time (RULES.md).',
  },
  {
    id: 'de-h019', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Nachname Schulze oder Arnold',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.last_name IN ('Schulze', 'Arnold')`,
  },
  {
    id: 'de-h020', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kundinnen aus Köln (Anrede Frau), deren Lieblingssparte Oper ist',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln' AND c.salutation = 'Frau' AND ${prop('Lieblingssparte', 'Oper')}`,
  },
  {
    id: 'de-h021', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die noch nie etwas storniert und über 1000 € ausgegeben haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type = 'cancelled')
            AND (SELECT COALESCE(sum(t.amount_minor), 0) FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC}) > 100000`,
  },
  {
    id: 'de-h022', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer war bei Murat Yilmaz?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought(eventNames('Murat Yilmaz'))}`,
  },
  {
    id: 'de-h023', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Postleitzahl beginnend mit 90, die noch kein Ticket für die neue Saison haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '90%'
            AND NOT EXISTS (SELECT 1 FROM ${TXE} WHERE t.customer_id = c.id AND t.ticket_type <> 'cancelled' AND ${THIS_SEASON})`,
  },
  {
    id: 'de-h024', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die bis Ende 2023 Kunde geworden sind und Werbung bekommen dürfen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at < '2024-01-01' AND NOT c.ads_opt_out`,
    note: 'Customer record created up to the end of 2023.',
  },
  // ---------- events, partner 1001 ----------
  {
    id: 'de-h025', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen ab 1.12.',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-12-01'`,
  },
  {
    id: 'de-h026', language: 'de', partner: 1001, outcome: 'events',
    question: 'alle Veranstaltungen bis Ende März',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time < '2026-04-01'`,
  },
  {
    id: 'de-h027', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opern seit dem 1. September',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera'
            AND e.start_date_time >= '2026-09-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'de-h028', language: 'de', partner: 1001, outcome: 'events',
    question: 'was läuft vom 20. bis 31. Dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-12-20' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-h029', language: 'de', partner: 1001, outcome: 'events',
    question: 'Mozart Requiem',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Mozart: Requiem%'`,
    note: 'Titles "… – Mozart: Requiem" (the set lists say the same).',
  },
  {
    id: 'de-h030', language: 'de', partner: 1001, outcome: 'events',
    question: 'Vorstellungen von Romeo und Julia',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Romeo und Julia%'`,
    note: 'The play and "Romeo und Julia – Ballett".',
  },
  {
    id: 'de-h031', language: 'de', partner: 1001, outcome: 'events',
    question: 'Schauspiel der letzten Saison mit weniger als 300 Tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'theatre' AND ${LAST_SEASON} AND ${tickets()} < 300`,
    note: 'The season is the events\' start; the ticket total counts every sale of those events.',
  },
  {
    id: 'de-h032', language: 'de', partner: 1001, outcome: 'events',
    question: 'Comedy-Abende in Essen mit mehr als 800 Tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${cityOf()} = 'Essen' AND ${tickets()} > 800`,
  },
  {
    id: 'de-h033', language: 'de', partner: 1001, outcome: 'events',
    question: 'Events in Dortmund, die noch nicht gespielt wurden',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Dortmund' AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'de-h034', language: 'de', partner: 1001, outcome: 'events',
    question: 'welche opern die noch stattfinden haben weniger als 50 % verkauft',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND e.start_date_time >= '2026-11-24' AND ${soldPercent()} < 50`,
  },
  {
    id: 'de-h035', language: 'de', partner: 1001, outcome: 'events',
    question: 'Top 5 Veranstaltungen nach Umsatz 2025',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'
          ORDER BY ${revenue()} DESC, e.id LIMIT 5`,
  },
  {
    id: 'de-h036', language: 'de', partner: 1001, outcome: 'events',
    question: 'die 3 umsatzstärksten Comedy-Shows der letzten Saison',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${LAST_SEASON}
          ORDER BY ${revenue()} DESC, e.id LIMIT 3`,
  },
  {
    id: 'de-h037', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen in Köln oder Bonn im Dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} IN ('Köln', 'Bonn')
            AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-h038', language: 'de', partner: 1001, outcome: 'events',
    question: 'Rock/Pop in der Arena, aber nicht 2024',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND ${hallOf()} = 'Arena'
            AND NOT (e.start_date_time >= '2024-01-01' AND e.start_date_time < '2025-01-01')`,
  },
  {
    id: 'de-h039', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen im Kleinen Haus oder auf der Studiobühne diese Saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} IN ('Kleines Haus', 'Studiobühne') AND ${THIS_SEASON}`,
  },
  {
    id: 'de-h040', language: 'de', partner: 1001, outcome: 'events',
    question: 'Kinderveranstaltungen bis Ende 2024',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education' AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'de-h041', language: 'de', partner: 1001, outcome: 'events',
    question: 'Lesungen ab 2026',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'spoken' AND e.start_date_time >= '2026-01-01'`,
  },
  {
    id: 'de-h042', language: 'de', partner: 1001, outcome: 'events',
    question: 'Auftritte der Nachtfalter',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Nachtfalter')}`,
  },
  {
    id: 'de-h043', language: 'de', partner: 1001, outcome: 'events',
    question: 'alle Termine von "Was ihr wollt" im Dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'Was ihr wollt'
            AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-h044', language: 'de', partner: 1001, outcome: 'events',
    question: 'Ballett oder Tanz ab nächstem Jahr',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category IN ('ballet', 'dance') AND e.start_date_time >= '2027-01-01'`,
  },
  {
    id: 'de-h045', language: 'de', partner: 1001, outcome: 'events',
    question: 'veranstaltungen in bonn mit weniger als 500 plätzen',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Bonn' AND e.capacity < 500`,
  },
  {
    id: 'de-h046', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstaltungen mit Beethoven ab Januar',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Beethoven')} AND e.start_date_time >= '2026-01-01'`,
    note: 'Composer in the title or the set list (Fidelio counts: Beethoven is its set list\'s composer).',
  },
  {
    id: 'de-h047', language: 'de', partner: 1001, outcome: 'events',
    question: 'Vorstellungen am 12.12.2026',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-12-12' AND e.start_date_time < '2026-12-13'`,
  },
  {
    id: 'de-h048', language: 'de', partner: 1001, outcome: 'events',
    question: 'Sinfoniekonzerte in Köln, außer im Kammermusiksaal',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'symphony' AND ${cityOf()} = 'Köln' AND ${hallOf()} <> 'Kammermusiksaal'`,
  },
  // ---------- transactions, partner 1001 ----------
  {
    id: 'de-h049', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen für Fidelio im November',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Fidelio' AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-12-01'`,
    note: 'A transaction\'s own date is its sale time (RULES.md).',
  },
  {
    id: 'de-h050', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Buchungen für die Zauberflöte seit dem 1.10.',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Die Zauberflöte' AND t.sold_at >= '2026-10-01'`,
  },
  {
    id: 'de-h051', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'stornos bis ende juni',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND t.sold_at < '2026-07-01'`,
  },
  {
    id: 'de-h052', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Verkäufe ab 1.11. mit Kreditkarte',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Kreditkarte' AND t.sold_at >= '2026-11-01'`,
  },
  {
    id: 'de-h053', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Freikarten für Veranstaltungen nächste Woche',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'free'
            AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'`,
  },
  {
    id: 'de-h054', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Tickets für Vorstellungen im Dezember, die letzte Woche verkauft wurden',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'
            AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'`,
  },
  {
    id: 'de-h055', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'transaktionen über 500 euro seit anfang oktober',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 50000 AND t.sold_at >= '2026-10-01'`,
  },
  {
    id: 'de-h056', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Käufe von Kunden aus dem PLZ-Bereich 50 im Oktober',
    sql: `SELECT t.id FROM ticket_transactions t JOIN customers c ON c.id = t.customer_id WHERE t.partner_id = :partner
            AND c.postal_code LIKE '50%' AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'de-h057', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'ermäßigte Buchungen für Opernvorstellungen dieser Saison',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND e.category = 'opera' AND ${THIS_SEASON}`,
    note: 'The season qualifies the performances.',
  },
  {
    id: 'de-h058', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Top 5 Transaktionen nach Betrag letzte Woche',
    ordered: true,
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'
          ORDER BY t.amount_minor DESC, t.id LIMIT 5`,
  },
  {
    id: 'de-h059', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Verkäufe auf Rechnung im Großen Saal dieses Jahr',
    sql: `SELECT t.id FROM ${TXE} JOIN halls h ON h.id = e.hall_id WHERE t.partner_id = :partner AND t.payment_method = 'Rechnung'
            AND h.name = 'Großer Saal' AND t.sold_at >= '2026-01-01'`,
  },
  {
    id: 'de-h060', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Buchungen mit Gutschein für Comedy',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.payment_method = 'Gutschein' AND e.category = 'comedy'`,
  },
  {
    id: 'de-h061', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Verkäufe für den Freischütz, aber keine Freikarten',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Der Freischütz' AND t.ticket_type <> 'free'`,
  },
  {
    id: 'de-h062', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Abo-Buchungen für die Oktober-Vorstellungen',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'subscription'
            AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`,
    note: 'The month qualifies the performances (RULES.md).',
  },
  // ---------- German questions of partner 1002 ----------
  {
    id: 'de-h063', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden aus Leeds oder Bristol, die Hamlet gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city IN ('Leeds', 'Bristol') AND ${bought("e.title = 'Hamlet'")}`,
  },
  {
    id: 'de-h064', language: 'de', partner: 1002, outcome: 'events',
    question: 'Veranstaltungen in Sheffield ab Dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Sheffield' AND e.start_date_time >= '2026-12-01'`,
  },
  {
    id: 'de-h065', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Zahlungen mit Apple Pay seit dem 1. November',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Apple Pay' AND t.sold_at >= '2026-11-01'`,
  },
  {
    id: 'de-h066', language: 'de', partner: 1002, outcome: 'events',
    question: 'Comedy in Cardiff letzte Saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${cityOf()} = 'Cardiff' AND ${LAST_SEASON}`,
  },
  {
    id: 'de-h067', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Top 3 Kunden aus Edinburgh nach Umsatz',
    ordered: true,
    sql: `SELECT c.id FROM customers c JOIN ticket_transactions t ON t.customer_id = c.id AND t.ticket_type <> 'cancelled'
          WHERE c.partner_id = :partner AND c.city = 'Edinburgh' GROUP BY c.id ORDER BY sum(t.amount_minor) DESC, c.id LIMIT 3`,
  },
  {
    id: 'de-h068', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Stornierungen für Star Catcher',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title = 'Star Catcher'`,
  },
  {
    id: 'de-h069', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden mit Postleitzahl CF, die keine Werbung wollen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'CF%' AND c.ads_opt_out`,
  },
  {
    id: 'de-h070', language: 'de', partner: 1002, outcome: 'events',
    question: 'Musicals mit mehr als 1000 Plätzen bis Ende 2026',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND e.capacity > 1000 AND e.start_date_time < '2027-01-01'`,
  },
];
