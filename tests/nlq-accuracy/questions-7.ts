// Sentinel accuracy set, batch 7 (issue 21 §3): 80 further dev questions — 40 German, 40 English,
// both partners, all three outcomes — typed the way box-office staff, marketers and analysts type
// into a search box (lower case, fragments, commands, the odd typo in an ordinary word). Written
// from RULES.md, the schema and the demo data only, without reading the engine; expected SQL by
// hand over the BASE tables. NOW = 2026-11-24T00:00:00Z (a Tuesday); season = 1 August – 31 July.
import type { AccuracyQuestion } from './types';
import { eventNames, soldPercent, TXE, NC, bought, neverBought, prop, hallOf, venueOf, cityOf, tickets, revenue, spend } from './sql-parts';

/** Customer `c`'s tickets (non-cancelled quantity), optionally restricted on t / e. */
const custTickets = (where = 'TRUE') => `COALESCE((SELECT sum(t.quantity) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where}), 0)`;
/** Customer `c`'s purchases: number of non-cancelled transaction rows. */
const purchases = (where = 'TRUE') => `(SELECT count(*) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
/** Customer `c`'s visits: distinct events with a non-cancelled transaction. */
const visits = (where = 'TRUE') => `(SELECT count(DISTINCT t.event_id) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
/** An event's price (RULES.md): events.price when set, else revenue ÷ tickets (major units). */
const avgPrice = (e = 'e') => `COALESCE(${e}.price, ${revenue(e)} / 100.0 / NULLIF(${tickets(e)}, 0))`;
const LAST_SEASON = "e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'";
const THIS_SEASON = "e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'";
const Y2025 = "e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'";
const Y2026 = "e.start_date_time >= '2026-01-01' AND e.start_date_time < '2027-01-01'";
const Y2027 = "e.start_date_time >= '2027-01-01' AND e.start_date_time < '2028-01-01'";
const UPCOMING = "e.start_date_time >= '2026-11-24'";
const PAST = "e.start_date_time < '2026-11-24'";

export const BATCH_7: AccuracyQuestion[] = [
  // ---------- German, partner 1001 ----------
  {
    id: 'de-301', language: 'de', partner: 1001, outcome: 'customers',
    question: 'welche dortmunder haben dieses jahr über 500 euro ausgegeben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Dortmund'
            AND ${spend("t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01'")} > 50000`,
    note: '"Dortmunder" = customers living in Dortmund; "ausgegeben" speaks of buying: the year is the sale time.',
  },
  {
    id: 'de-302', language: 'de', partner: 1001, outcome: 'events',
    question: 'was läuft im großen haus bis zum 20. dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Großes Haus' AND e.start_date_time < '2026-12-21'`,
    note: 'Open-ended "bis": up to and including 20 Dec 2026, no start.',
  },
  {
    id: 'de-303', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'stornos seit anfang november',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-11-24'`,
    note: '"seit Anfang November" = from 1 Nov 2026 until now (sale time).',
  },
  {
    id: 'de-304', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden mit plz 50 die noch nie bei einer lesung waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '50%' AND ${neverBought("e.category = 'spoken'")}`,
    note: 'Lesung = spoken; "noch nie … waren" = no non-cancelled transaction for such an event.',
  },
  {
    id: 'de-305', language: 'de', partner: 1001, outcome: 'events',
    question: 'operette und musical letzte saison auslastung über 90 prozent',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${LAST_SEASON} AND ${soldPercent()} > 90`,
  },
  {
    id: 'de-306', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'karten für die zauberflöte die im oktober verkauft wurden',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title ILIKE '%Zauberflöte%' AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
    note: 'Listing transactions: every row, cancelled ones included; October = sale time.',
  },
  {
    id: 'de-307', language: 'de', partner: 1001, outcome: 'customers',
    question: 'die 3 kunden die dieses jahr die meisten karten gekauft haben',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            ORDER BY ${custTickets("t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01'")} DESC, c.id LIMIT 3`,
    note: '"gekauft … dieses Jahr" = sale time 2026; tickets = non-cancelled quantity. 226, 224, 218, then 206.',
  },
  {
    id: 'de-308', language: 'de', partner: 1001, outcome: 'events',
    question: 'kabarett in essen seit 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${cityOf()} = 'Essen'
            AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-11-24'`,
    note: 'Kabarett = comedy; "seit 2025" = from 1 Jan 2025 until now.',
  },
  {
    id: 'de-309', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kundinnen anrede frau jahrgang 1970',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.salutation = 'Frau' AND c.birth_year = 1970`,
  },
  {
    id: 'de-310', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'rechnungskäufe über 250 € im september',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Rechnung' AND t.amount_minor > 25000
            AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-10-01'`,
    note: 'Purchases paid by invoice (listing: every row); amount = the transaction\'s total.',
  },
  {
    id: 'de-311', language: 'de', partner: 1001, outcome: 'events',
    question: 'welche vorstellungen nächste woche haben freikarten',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.event_id = e.id AND t.ticket_type = 'free')`,
  },
  {
    id: 'de-312', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer aus essen war dieses jahr weder in der oper noch im ballett',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Essen'
            AND ${neverBought(`e.category IN ('opera', 'ballet') AND ${Y2026}`)}`,
    note: '"war … in der Oper" = visit: the year is the events\' start; weder A noch B.',
  },
  {
    id: 'de-313', language: 'de', partner: 1001, outcome: 'events',
    question: 'die drei umsatzstärksten rock/pop konzerte in dortmund',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND ${cityOf()} = 'Dortmund' ORDER BY ${revenue()} DESC, e.id LIMIT 3`,
  },
  {
    id: 'de-314', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'parkett buchungen für vorstellungen im dezember',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.price_category = 'Parkett' AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
    note: '"für Vorstellungen im Dezember" puts the month on the events.',
  },
  {
    id: 'de-315', language: 'de', partner: 1001, outcome: 'customers',
    question: 'mitglied seit 2025 und lieblingssparte comedy',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Mitglied seit', '2025')} AND ${prop('Lieblingssparte', 'Comedy')}`,
    note: '"Mitglied seit 2025" is the custom property Mitglied seit = 2025 (label and content), not an open-ended date.',
  },
  {
    id: 'de-316', language: 'de', partner: 1001, outcome: 'events',
    question: 'köln termine ab januar mit weniger als 100 verkauften karten',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Köln' AND e.start_date_time >= '2026-01-01' AND ${tickets()} < 100`,
    note: '"ab Januar" = from 1 Jan 2026 on, no end.',
  },
  {
    id: 'de-317', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer hat die räuber öfter als einmal gesehn',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${visits("e.title = 'Die Räuber'")} > 1`,
    note: 'Typo "gesehn" (gesehen); "öfter als einmal" = more than one distinct performance.',
  },
  {
    id: 'de-318', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'abo tickets für sinfonik die diese saison verkauft wurden',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'subscription' AND e.category = 'symphony'
            AND t.sold_at >= '2026-08-01' AND t.sold_at < '2027-08-01'`,
  },
  {
    id: 'de-319', language: 'de', partner: 1001, outcome: 'events',
    question: 'der fliegende holländer termine im dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title = 'Der fliegende Holländer' AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'de-320', language: 'de', partner: 1001, outcome: 'customers',
    question: 'top 2 kölner kunden nach besuchen letzte saison',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln' ORDER BY ${visits(LAST_SEASON)} DESC, c.id LIMIT 2`,
    note: 'Visits = distinct events started last season (not cancelled): 33, 31, then 29 twice (so top 2, not 3).',
  },
  // ---------- German, partner 1002 ----------
  {
    id: 'de-321', language: 'de', partner: 1002, outcome: 'customers',
    question: 'leute aus sheffield die nie im recital room waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Sheffield' AND ${neverBought(`${hallOf()} = 'Recital Room'`)}`,
  },
  {
    id: 'de-322', language: 'de', partner: 1002, outcome: 'events',
    question: 'comedy im attic im dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${hallOf()} = 'The Attic'
            AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
    note: 'A month without a year = that month of the current year (December 2026).',
  },
  {
    id: 'de-323', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'tickets für hamlet die mit apple pay bezahlt wurden',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Hamlet' AND t.payment_method = 'Apple Pay'`,
  },
  {
    id: 'de-324', language: 'de', partner: 1002, outcome: 'customers',
    question: 'wer hat mehr als 1500 pfund für musicals ausgegebn',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${spend("e.category = 'operetta_musical'")} > 150000`,
    note: 'Typo "ausgegebn" (ausgegeben); spend on musicals of every date.',
  },
  {
    id: 'de-325', language: 'de', partner: 1002, outcome: 'events',
    question: 'vergangene vorstellungen in der main hall unter 40 % auslastung',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Main Hall' AND ${PAST} AND ${soldPercent()} < 40`,
  },
  {
    id: 'de-326', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'zeig mir reservierte karten für shows in edinburgh',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND ${cityOf()} = 'Edinburgh'`,
  },
  {
    id: 'de-327', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden im plz bereich CF1 die keine werbung wollen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'CF1%' AND c.ads_opt_out`,
    note: '"CF1" matches CF1 and CF10–CF14 alike, as typed.',
  },
  {
    id: 'de-328', language: 'de', partner: 1002, outcome: 'events',
    question: 'events in cardiff mit mehr als 5000 plätzen nächstes jahr',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Cardiff' AND e.capacity > 5000 AND ${Y2027}`,
  },
  {
    id: 'de-329', language: 'de', partner: 1002, outcome: 'customers',
    question: 'welcher kunde hatte 2025 die meisten käufe',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            ORDER BY ${purchases("t.sold_at >= '2025-01-01' AND t.sold_at < '2026-01-01'")} DESC, c.id LIMIT 1`,
    note: 'Käufe = non-cancelled transaction rows, counted by sale time: 187, then 186 twice (so top 1).',
  },
  {
    id: 'de-330', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'normalpreis karten für king lear',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'regular' AND e.title = 'King Lear'`,
  },
  {
    id: 'de-331', language: 'de', partner: 1002, outcome: 'events',
    question: 'musicals zwischen april und juni 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND e.start_date_time >= '2027-04-01' AND e.start_date_time < '2027-07-01'`,
    note: '"zwischen A und B" includes both ends: 1 April – 30 June 2027.',
  },
  {
    id: 'de-332', language: 'de', partner: 1002, outcome: 'customers',
    question: 'wer aus manchester war schon mal bei einer show in cardiff',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester' AND ${bought(`${cityOf()} = 'Cardiff'`)}`,
    note: 'The customer\'s city is their address; the event\'s city is its hall\'s.',
  },
  {
    id: 'de-333', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'die 5 größten buchungen letzte woche',
    ordered: true,
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'
            ORDER BY t.amount_minor DESC, t.id LIMIT 5`,
    note: '"größte" = by amount: 604, 573, 484, 453, 440, then 387; none cancelled, so either reading of a cancelled row gives the same answer.',
  },
  {
    id: 'de-334', language: 'de', partner: 1002, outcome: 'events',
    question: 'theater ab märz 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'theatre' AND e.start_date_time >= '2027-03-01'`,
  },
  {
    id: 'de-335', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden jahrgang 2000 oder jünger die schon mal im theater waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year >= 2000 AND ${bought("e.category = 'theatre'")}`,
    note: '"jünger" = born 2000 or later; Theater = the category theatre.',
  },
  {
    id: 'de-336', language: 'de', partner: 1002, outcome: 'events',
    question: 'big steve termine',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Big Steve')}`,
  },
  {
    id: 'de-337', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'stornierte buchungen im oktober fürs theater',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.category = 'theatre'
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
    note: 'A transaction\'s own date: October = sale time.',
  },
  {
    id: 'de-338', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden aus edinburgh, lieblingsgenre oper',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Edinburgh' AND ${prop('Favourite genre', 'Opera')}`,
    note: 'Lieblingsgenre = the custom property "Favourite genre" of this partner.',
  },
  {
    id: 'de-339', language: 'de', partner: 1002, outcome: 'events',
    question: 'top 3 shows auf der main stage nach tickets letzte saison',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Main Stage' AND ${LAST_SEASON} ORDER BY ${tickets()} DESC, e.id LIMIT 3`,
  },
  {
    id: 'de-340', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'verkäufe über 100 pfund für the magic flute seit september',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.amount_minor > 10000 AND e.title = 'The Magic Flute'
            AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
  },
  // ---------- English, partner 1002 ----------
  {
    id: 'en-301', language: 'en', partner: 1002, outcome: 'customers',
    question: 'glasgow customers spending over £300 in total',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Glasgow' AND ${spend()} > 30000`,
  },
  {
    id: 'en-302', language: 'en', partner: 1002, outcome: 'events',
    question: 'whats on at the engine rooms between 1 march and 30 june 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${venueOf()} = 'The Engine Rooms' AND e.start_date_time >= '2027-03-01' AND e.start_date_time < '2027-07-01'`,
    note: '"between" includes both ends: 1 March – 30 June 2027.',
  },
  {
    id: 'en-303', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'cancelled tickets for the main arena this year',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND ${hallOf()} = 'Main Arena'
            AND t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01'`,
    note: 'A transaction\'s own date (sale time).',
  },
  {
    id: 'en-304', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers from cardiff or edinburgh who never bought anything',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city IN ('Cardiff', 'Edinburgh') AND ${neverBought('TRUE')}`,
  },
  {
    id: 'en-305', language: 'en', partner: 1002, outcome: 'events',
    question: 'musicals last season that sold more than 80 percent',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${LAST_SEASON} AND ${soldPercent()} > 80`,
  },
  {
    id: 'en-306', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'cash paymnets over £80 since the start of october',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Cash' AND t.amount_minor > 8000
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-24'`,
    note: 'Typo "paymnets" (payments); "since the start of October" = from 1 Oct 2026 until now.',
  },
  {
    id: 'en-307', language: 'en', partner: 1002, outcome: 'customers',
    question: 'top 3 customers by tickets bought for rock and pop',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner ORDER BY ${custTickets("e.category = 'rock_pop'")} DESC, c.id LIMIT 3`,
  },
  {
    id: 'en-308', language: 'en', partner: 1002, outcome: 'events',
    question: 'family shows in manchester this season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education' AND ${cityOf()} = 'Manchester' AND ${THIS_SEASON}`,
  },
  {
    id: 'en-309', language: 'en', partner: 1002, outcome: 'customers',
    question: 'ms customers from sheffield born in the 80s',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.salutation = 'Ms' AND c.city = 'Sheffield' AND c.birth_year BETWEEN 1980 AND 1989`,
  },
  {
    id: 'en-310', language: 'en', partner: 1002, outcome: 'transactions',
    question: "price category 1 bookings for next month's shows",
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.price_category = '1' AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
    note: '"for shows next month" puts the month on the events.',
  },
  {
    id: 'en-311', language: 'en', partner: 1002, outcome: 'events',
    question: 'gigs in hall 2 with over 1500 tickets sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Hall 2' AND ${tickets()} > 1500`,
  },
  {
    id: 'en-312', language: 'en', partner: 1002, outcome: 'customers',
    question: 'poeple who booked hamlet and king lear',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title = 'Hamlet'")} AND ${bought("e.title = 'King Lear'")}`,
    note: 'Typo "poeple" (people).',
  },
  {
    id: 'en-313', language: 'en', partner: 1002, outcome: 'events',
    question: 'the 5 best selling comedy nights of 2025',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${Y2025} ORDER BY ${tickets()} DESC, e.id LIMIT 5`,
    note: '"best selling" = by tickets sold; the year is the events\' start.',
  },
  {
    id: 'en-314', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'list all sales for la boheme',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'La Bohème'`,
    note: 'Typed without the accent; listing: every row, cancelled ones included.',
  },
  {
    id: 'en-315', language: 'en', partner: 1002, outcome: 'customers',
    question: "silver or bronze subscribers who haven't bought since october",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Subscription', 'Silver', 'Bronze')}
            AND ${neverBought("t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-24'")}`,
    note: '"since October" = from 1 Oct 2026 until now; buying = sale time.',
  },
  {
    id: 'en-316', language: 'en', partner: 1002, outcome: 'events',
    question: 'give me chamber music in the recital room up to the end of march',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'chamber' AND ${hallOf()} = 'Recital Room' AND e.start_date_time < '2026-04-01'`,
    note: '"up to the end of March" = until 31 March 2026, no start.',
  },
  {
    id: 'en-317', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'musical transactions in the last 14 days',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.category = 'operetta_musical' AND t.sold_at >= '2026-11-10' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-318', language: 'en', partner: 1002, outcome: 'customers',
    question: 'new customers since september who already bought something',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.created_at >= '2026-09-01' AND c.created_at < '2026-11-24' AND ${bought('TRUE')}`,
  },
  {
    id: 'en-319', language: 'en', partner: 1002, outcome: 'events',
    question: 'manchester events starting from 2027 with under 50 tickets sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Manchester' AND e.start_date_time >= '2027-01-01' AND ${tickets()} < 50`,
  },
  {
    id: 'en-320', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'the 2 biggest orders for giselle',
    ordered: true,
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Giselle' ORDER BY t.amount_minor DESC, t.id LIMIT 2`,
    note: '"biggest" = by amount: 318, 295, then 265 twice (so top 2); none of them cancelled, so leaving cancelled rows out or in gives the same answer.',
  },
  // ---------- English, partner 1001 ----------
  {
    id: 'en-321', language: 'en', partner: 1001, outcome: 'customers',
    question: 'essen customers who went to the kongresshalle more than 3 times',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Essen' AND ${visits(`${venueOf()} = 'Kongresshalle Essen'`)} > 3`,
    note: '"times" = distinct events.',
  },
  {
    id: 'en-322', language: 'en', partner: 1001, outcome: 'events',
    question: 'studiobühne shows from 10 december',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Studiobühne' AND e.start_date_time >= '2026-12-10'`,
    note: 'Open-ended "from": 10 Dec 2026 on.',
  },
  {
    id: 'en-323', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'free tickets handed out since august for comedy shows',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND e.category = 'comedy'
            AND t.sold_at >= '2026-08-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-324', language: 'en', partner: 1001, outcome: 'customers',
    question: 'top 3 customers by money spent on opera',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner ORDER BY ${spend("e.category = 'opera'")} DESC, c.id LIMIT 3`,
  },
  {
    id: 'en-325', language: 'en', partner: 1001, outcome: 'events',
    question: 'ballet and dance last season in bonn',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category IN ('ballet', 'dance') AND ${cityOf()} = 'Bonn' AND ${LAST_SEASON}`,
  },
  {
    id: 'en-326', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'paypal sales for die kapitäne',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.payment_method = 'PayPal' AND e.title ILIKE '%Die Kapitäne%'`,
    note: 'The title words match "Die Kapitäne live", "Die Kapitäne: Auf Sicht", "Die Kapitäne: Heimweh".',
  },
  {
    id: 'en-327', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers in postcode area 45 without any purchase since 2025',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '45%'
            AND ${neverBought("t.sold_at >= '2025-01-01' AND t.sold_at < '2026-11-24'")}`,
    note: 'A purchase is buying: sale time from 1 Jan 2025 until now.',
  },
  {
    id: 'en-328', language: 'en', partner: 1001, outcome: 'events',
    question: 'events at the freilichtbühne before august',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Freilichtbühne' AND e.start_date_time < '2026-08-01'`,
    note: '"before August" = before 1 Aug 2026 (as "before 2024" = before 2024-01-01); the only hall of that venue.',
  },
  {
    id: 'en-329', language: 'en', partner: 1001, outcome: 'customers',
    question: 'top 5 frankfurt customers by number of tickets',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Frankfurt am Main' ORDER BY ${custTickets()} DESC, c.id LIMIT 5`,
  },
  {
    id: 'en-330', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'orders above 400 euros last month',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 40000 AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'en-331', language: 'en', partner: 1001, outcome: 'events',
    question: 'choir and vocal events at konzerthaus köln',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'vocal' AND ${venueOf()} = 'Konzerthaus Köln'`,
  },
  {
    id: 'en-332', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers who went to fidelio or die zauberflöte but never to a ballet',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title IN ('Fidelio', 'Die Zauberflöte')")}
            AND ${neverBought("e.category = 'ballet'")}`,
  },
  {
    id: 'en-333', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'regular price loge bookings for opera since september',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'regular' AND t.price_category = 'Loge' AND e.category = 'opera'
            AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-334', language: 'en', partner: 1001, outcome: 'events',
    question: 'top 3 events in nuremberg by revenue last season',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Nürnberg' AND ${LAST_SEASON} ORDER BY ${revenue()} DESC, e.id LIMIT 3`,
    note: 'Nuremberg = Nürnberg; the season is the events\' start, the revenue counts every sale of them.',
  },
  {
    id: 'en-335', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers born in 1950 or earlier with a gold abo',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year <= 1950 AND ${prop('Abonnement', 'Gold')}`,
    note: '"gold abo" = the custom property Abonnement = Gold.',
  },
  {
    id: 'en-336', language: 'en', partner: 1001, outcome: 'events',
    question: 'shows by der olli',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Der Olli')}`,
  },
  {
    id: 'en-337', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'reservations for upcoming shows in essen',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND ${UPCOMING} AND ${cityOf()} = 'Essen'`,
  },
  {
    id: 'en-338', language: 'en', partner: 1001, outcome: 'customers',
    question: 'newsletter subscribers who visited a spoken word event in 2025',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Newsletter', 'ja')} AND ${bought(`e.category = 'spoken' AND ${Y2025}`)}`,
    note: '"visited … in 2025" = the events\' start.',
  },
  {
    id: 'en-339', language: 'en', partner: 1001, outcome: 'events',
    question: 'events with an avrage price above 60 euro this season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${THIS_SEASON} AND ${avgPrice()} > 60`,
    note: 'Typo "avrage"; price = events.price when set, else revenue ÷ tickets.',
  },
  {
    id: 'en-340', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'cancellations on 20 november',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND t.sold_at >= '2026-11-20' AND t.sold_at < '2026-11-21'`,
    note: 'A date = that whole day (sale time).',
  },
];
