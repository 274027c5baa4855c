// Sentinel accuracy set, batch 6 (issue 21 §3): 80 further dev questions — 40 German, 40 English,
// both partners, all three outcomes — typed the way box-office staff, marketers and analysts type
// into a search box (lower case, fragments, the odd typo in an ordinary word, colloquial words).
// Written from RULES.md, the schema and the demo data only, without reading the engine; expected
// SQL by hand over the BASE tables. NOW = 2026-11-24T00:00:00Z (a Tuesday); season = 1 August – 31 July.
import type { AccuracyQuestion } from './types';
import { eventNames, soldPercent, TXE, NC, bought, neverBought, prop, hallOf, venueOf, cityOf, tickets, revenue, spend } from './sql-parts';

/** Customer `c`'s purchases: number of non-cancelled transaction rows. */
const purchases = (where = 'TRUE') => `(SELECT count(*) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
/** Customer `c`'s visits: distinct events with a non-cancelled transaction. */
const visits = (where = 'TRUE') => `(SELECT count(DISTINCT t.event_id) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
const LAST_SEASON = "e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'";
const THIS_SEASON_SOLD = "t.sold_at >= '2026-08-01' AND t.sold_at < '2027-08-01'";
const Y2025 = "e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'";
const Y2026 = "e.start_date_time >= '2026-01-01' AND e.start_date_time < '2027-01-01'";
const Y2027 = "e.start_date_time >= '2027-01-01' AND e.start_date_time < '2028-01-01'";
const UPCOMING = "e.start_date_time >= '2026-11-24'";
const PAST = "e.start_date_time < '2026-11-24'";

export const BATCH_6: AccuracyQuestion[] = [
  // ---------- German, partner 1001 ----------
  {
    id: 'de-201', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden aus köln mit mehr als 3 käufen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln' AND ${purchases()} > 3`,
    note: 'Käufe = non-cancelled transaction rows.',
  },
  {
    id: 'de-202', language: 'de', partner: 1001, outcome: 'events',
    question: 'was lief im märz im kammermusiksaal',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Kammermusiksaal'
            AND e.start_date_time >= '2026-03-01' AND e.start_date_time < '2026-04-01'`,
    note: 'A month without a year = that month of the current year (March 2026).',
  },
  {
    id: 'de-203', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'stornierte karten für die zauberflöte',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title ILIKE '%Zauberflöte%'`,
  },
  {
    id: 'de-204', language: 'de', partner: 1001, outcome: 'customers',
    question: 'leute aus bonn die noch nie im opernhaus bonn warn',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn' AND ${neverBought(`${venueOf()} = 'Opernhaus Bonn'`)}`,
    note: 'Typo "warn" (waren); "noch nie … waren" = no non-cancelled transaction for an event there.',
  },
  {
    id: 'de-205', language: 'de', partner: 1001, outcome: 'events',
    question: 'vorstellungen in bonn ab 1. dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Bonn' AND e.start_date_time >= '2026-12-01'`,
    note: 'Open-ended "ab": from 1 Dec 2026 on, no end.',
  },
  {
    id: 'de-206', language: 'de', partner: 1001, outcome: 'events',
    question: 'veranstaltungen in der festhalle nürnberg bis ende februar',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${venueOf()} = 'Festhalle Nürnberg' AND e.start_date_time < '2026-03-01'`,
    note: 'Open-ended "bis Ende Februar": up to 28 Feb 2026, no start.',
  },
  {
    id: 'de-207', language: 'de', partner: 1001, outcome: 'customers',
    question: 'welcher kunde war am häufigsten bei uns',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner ORDER BY ${visits()} DESC, c.id LIMIT 1`,
    note: 'Top 1 by visits (distinct events, not cancelled), all time: 92 against 90 for the next.',
  },
  {
    id: 'de-208', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'freikarten von letzter woche',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'`,
  },
  {
    id: 'de-209', language: 'de', partner: 1001, outcome: 'events',
    question: 'welche oper hatte letzte saison den meisten umsatz',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera' AND ${LAST_SEASON} ORDER BY ${revenue()} DESC, e.id LIMIT 1`,
  },
  {
    id: 'de-210', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden jahrgang 1975 aus essen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year = 1975 AND c.city = 'Essen'`,
  },
  {
    id: 'de-211', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden mit plz 53 die schon mal im ballett waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '53%' AND ${bought("e.category = 'ballet'")}`,
  },
  {
    id: 'de-212', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'ermäßigte tickets für opern seit september',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND e.category = 'opera'
            AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
    note: '"seit September" on transactions = sale time, until now.',
  },
  {
    id: 'de-213', language: 'de', partner: 1001, outcome: 'events',
    question: 'kommende vorstellungen unter 20% auslastung',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${UPCOMING} AND ${soldPercent()} < 20`,
  },
  {
    id: 'de-214', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer hat im oktober was gekauft aber im november nicht mehr',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-12-01')`,
  },
  {
    id: 'de-215', language: 'de', partner: 1001, outcome: 'events',
    question: 'murat yilmaz auftritte 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Murat Yilmaz')} AND ${Y2027}`,
  },
  {
    id: 'de-216', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer war in fidelio aber nicht in der zauberflöte',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title = 'Fidelio'")} AND ${neverBought("e.title = 'Die Zauberflöte'")}`,
  },
  {
    id: 'de-217', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'buchungen über 500 euro dieses jahr',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 50000 AND t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01'`,
    note: 'A transaction\'s amount (all its tickets); "dieses Jahr" on transactions = sale time.',
  },
  {
    id: 'de-218', language: 'de', partner: 1001, outcome: 'customers',
    question: 'neukunden letztes jahr aus nürnberg',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Nürnberg' AND c.created_at >= '2025-01-01' AND c.created_at < '2026-01-01'`,
  },
  {
    id: 'de-219', language: 'de', partner: 1001, outcome: 'customers',
    question: 'lieblingssparte oper aber noch kein ticket für eine oper dieser saison',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Lieblingssparte', 'Oper')}
            AND ${neverBought("e.category = 'opera' AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'")}`,
    note: '"eine Oper dieser Saison": the season is the operas\' start.',
  },
  {
    id: 'de-220', language: 'de', partner: 1001, outcome: 'events',
    question: 'rock/pop in der kulturfabrik dortmund saison 2024/25',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND ${venueOf()} = 'Kulturfabrik Dortmund'
            AND e.start_date_time >= '2024-08-01' AND e.start_date_time < '2025-08-01'`,
  },
  {
    id: 'de-221', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'gestrige verkäufe mit paypal',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'PayPal' AND t.sold_at >= '2026-11-23' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'de-222', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden geboren zwischen 1960 und 1965 ohne werbesperre',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year BETWEEN 1960 AND 1965 AND NOT c.ads_opt_out`,
  },
  {
    id: 'de-223', language: 'de', partner: 1001, outcome: 'events',
    question: 'comedy mit mehr als 900 verkauften karten',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${tickets()} > 900`,
  },
  {
    id: 'de-224', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'transaktionen für die dezember-termine von was ihr wollt',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'Was ihr wollt' AND e.start_date_time >= '2026-12-01' AND e.start_date_time < '2027-01-01'`,
    note: '"die Dezember-Termine" puts the month on the events, not on the sale.',
  },
  // ---------- German, partner 1002 ----------
  {
    id: 'de-225', language: 'de', partner: 1002, outcome: 'customers',
    question: 'leute aus cardiff mit über 1000 pfund umsatz',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Cardiff' AND ${spend()} > 100000`,
  },
  {
    id: 'de-226', language: 'de', partner: 1002, outcome: 'events',
    question: 'musicals auf der main stage nächstes jahr',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${hallOf()} = 'Main Stage' AND ${Y2027}`,
  },
  {
    id: 'de-227', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'stornos für hamlet letzte saison',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title = 'Hamlet' AND t.sold_at >= '2025-08-01' AND t.sold_at < '2026-08-01'`,
    note: 'A transaction\'s own date (sale time), as "Transaktionen für Fidelio im Oktober" (every Hamlet with sales also played last season).',
  },
  {
    id: 'de-228', language: 'de', partner: 1002, outcome: 'events',
    question: 'veranstaltungen in edinburgh seit märz',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Edinburgh' AND e.start_date_time >= '2026-03-01' AND e.start_date_time < '2026-11-24'`,
    note: '"seit" = from 1 March 2026 until now.',
  },
  {
    id: 'de-229', language: 'de', partner: 1002, outcome: 'customers',
    question: 'top 3 kunden aus leeds nach ausgaben',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Leeds' ORDER BY ${spend()} DESC, c.id LIMIT 3`,
  },
  {
    id: 'de-230', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden im plz-bereich M2 mit abo gold',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'M2%' AND ${prop('Subscription', 'Gold')}`,
    note: '"Abo Gold" = the custom property (label Subscription for this partner).',
  },
  {
    id: 'de-231', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'karten im dress circle für star catcher',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.price_category = 'Dress Circle' AND e.title = 'Star Catcher'`,
  },
  {
    id: 'de-232', language: 'de', partner: 1002, outcome: 'events',
    question: 'welche shows sind noch nicht gespielt und haben weniger als 100 tickets verkauft',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${UPCOMING} AND ${tickets()} < 100`,
  },
  {
    id: 'de-233', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden die letzte saison mind. 3 mal im musical waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${visits(`e.category = 'operetta_musical' AND ${LAST_SEASON}`)} >= 3`,
    note: '"3 mal" = distinct events; the season is the events\' start.',
  },
  {
    id: 'de-234', language: 'de', partner: 1002, outcome: 'events',
    question: 'top 5 events nach umsatz in manchester 2026',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Manchester' AND ${Y2026} ORDER BY ${revenue()} DESC, e.id LIMIT 5`,
  },
  {
    id: 'de-235', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'käufe mit mehr als 6 tickets ab oktober',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.quantity > 6 AND t.sold_at >= '2026-10-01'`,
  },
  {
    id: 'de-236', language: 'de', partner: 1002, outcome: 'customers',
    question: 'wer hat tickets für den freischütz',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title = 'Der Freischütz'")}`,
    note: 'The title "Der Freischütz" in the accusative ("den Freischütz").',
  },
  {
    id: 'de-237', language: 'de', partner: 1002, outcome: 'events',
    question: 'kinder & familie in manchester',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education' AND ${cityOf()} = 'Manchester'`,
  },
  {
    id: 'de-238', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden die 2024 da waren aber seitdem nicht mehr',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND ${bought("e.start_date_time >= '2024-01-01' AND e.start_date_time < '2025-01-01'")}
            AND ${neverBought("e.start_date_time >= '2025-01-01'")}`,
    note: '"da waren" = visits (event start): 2024 events, none from 2025 on.',
  },
  {
    id: 'de-239', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'reservierungen für die vorstellungen nächste woche',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'`,
    note: 'The week is on the events ("für die Vorstellungen nächste Woche").',
  },
  {
    id: 'de-240', language: 'de', partner: 1002, outcome: 'events',
    question: 'kommende events mit benchmark über 30',
    sql: `SELECT e.id FROM events e JOIN event_forecasts f ON f.event_id = e.id WHERE e.partner_id = :partner AND ${UPCOMING} AND f.now_benchmark > 30`,
  },
  // ---------- English, partner 1002 ----------
  {
    id: 'en-201', language: 'en', partner: 1002, outcome: 'customers',
    question: 'manchester customers with more than 5 purchases this year',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester' AND ${purchases("t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01'")} > 5`,
    note: 'Purchases speak of buying: sale time.',
  },
  {
    id: 'en-202', language: 'en', partner: 1002, outcome: 'events',
    question: 'what was on in the recital room in february',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Recital Room' AND e.start_date_time >= '2026-02-01' AND e.start_date_time < '2026-03-01'`,
  },
  {
    id: 'en-203', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'cancelled bookings for star catcher',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title = 'Star Catcher'`,
  },
  {
    id: 'en-204', language: 'en', partner: 1002, outcome: 'customers',
    question: 'sheffield customers that never booked anything at sheffield symphony hall',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Sheffield' AND ${neverBought(`${venueOf()} = 'Sheffield Symphony Hall'`)}`,
  },
  {
    id: 'en-205', language: 'en', partner: 1002, outcome: 'events',
    question: 'shows in manchester from 1 december',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Manchester' AND e.start_date_time >= '2026-12-01'`,
  },
  {
    id: 'en-206', language: 'en', partner: 1002, outcome: 'events',
    question: 'events at the cardiff dome until the end of june',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${venueOf()} = 'The Cardiff Dome' AND e.start_date_time < '2026-07-01'`,
  },
  {
    id: 'en-207', language: 'en', partner: 1002, outcome: 'customers',
    question: 'top 3 customers by number of visits last season',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner ORDER BY ${visits(LAST_SEASON)} DESC, c.id LIMIT 3`,
    note: 'Visits = distinct events started last season: 28, 27, 26, then 25.',
  },
  {
    id: 'en-208', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'free tickets given out last week',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND t.sold_at >= '2026-11-16' AND t.sold_at < '2026-11-23'`,
  },
  {
    id: 'en-209', language: 'en', partner: 1002, outcome: 'events',
    question: 'which musical made the most money last season',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical' AND ${LAST_SEASON} ORDER BY ${revenue()} DESC, e.id LIMIT 1`,
  },
  {
    id: 'en-210', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers born 1990 living in glasgow',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year = 1990 AND c.city = 'Glasgow'`,
  },
  {
    id: 'en-211', language: 'en', partner: 1002, outcome: 'customers',
    question: 'postcode EH1 customers who have seen a comedy show',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'EH1%' AND ${bought("e.category = 'comedy'")}`,
    note: '"EH1" matches EH1 and EH1x alike, as typed.',
  },
  {
    id: 'en-212', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'discount tickets sold for opera since september',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND e.category = 'opera'
            AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'en-213', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming events less then 10% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${UPCOMING} AND ${soldPercent()} < 10`,
    note: 'Typo "then" (than).',
  },
  {
    id: 'en-214', language: 'en', partner: 1002, outcome: 'customers',
    question: 'who bought something in october but nothing in november',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${NC} AND t.sold_at >= '2026-11-01' AND t.sold_at < '2026-12-01')`,
  },
  {
    id: 'en-215', language: 'en', partner: 1002, outcome: 'events',
    question: 'holly price shows this year',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Holly Price')} AND ${Y2026}`,
  },
  {
    id: 'en-216', language: 'en', partner: 1002, outcome: 'customers',
    question: 'people who went to hamlet but not to the tempest',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title = 'Hamlet'")} AND ${neverBought("e.title = 'The Tempest'")}`,
  },
  {
    id: 'en-217', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'sales above 300 pounds after june',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 30000 AND t.sold_at >= '2026-07-01'`,
    note: '"after June" = from 1 July 2026 (as "after 2026" = from 2027-01-01).',
  },
  {
    id: 'en-218', language: 'en', partner: 1002, outcome: 'customers',
    question: 'new customers in 2025 from edinburgh',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Edinburgh' AND c.created_at >= '2025-01-01' AND c.created_at < '2026-01-01'`,
  },
  {
    id: 'en-219', language: 'en', partner: 1002, outcome: 'customers',
    question: 'favourite genre comedy but havent booked any comedy since january',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Favourite genre', 'Comedy')}
            AND ${neverBought("e.category = 'comedy' AND t.sold_at >= '2026-01-01' AND t.sold_at < '2026-11-24'")}`,
    note: '"booked … since January" speaks of buying: sale time.',
  },
  {
    id: 'en-220', language: 'en', partner: 1002, outcome: 'events',
    question: 'rock and pop in the main room before 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND ${hallOf()} = 'Main Room' AND e.start_date_time < '2025-01-01'`,
  },
  {
    id: 'en-221', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'google pay purchases yesterday',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Google Pay' AND t.sold_at >= '2026-11-23' AND t.sold_at < '2026-11-24'`,
    note: 'Listing transactions: every row, cancelled ones included.',
  },
  {
    id: 'en-222', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers born between 1960 and 1965 that did not opt out of marketing',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year BETWEEN 1960 AND 1965 AND NOT c.ads_opt_out`,
  },
  {
    id: 'en-223', language: 'en', partner: 1002, outcome: 'events',
    question: 'comedy gigs with over 800 tickets sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${tickets()} > 800`,
  },
  {
    id: 'en-224', language: 'en', partner: 1002, outcome: 'transactions',
    question: "transactions for october's performances of she stoops to conquer",
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title = 'She Stoops to Conquer' AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`,
    note: '"October\'s performances": the month is on the events.',
  },
  // ---------- English, partner 1001 ----------
  {
    id: 'en-225', language: 'en', partner: 1001, outcome: 'customers',
    question: 'bonn customers who spent over 2000 eur',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn' AND ${spend()} > 200000`,
  },
  {
    id: 'en-226', language: 'en', partner: 1001, outcome: 'events',
    question: 'whats on in the kleines haus next year',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Kleines Haus' AND ${Y2027}`,
  },
  {
    id: 'en-227', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'cancellations for fidelio this season',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title = 'Fidelio' AND ${THIS_SEASON_SOLD}`,
  },
  {
    id: 'en-228', language: 'en', partner: 1001, outcome: 'events',
    question: 'events in cologne since april',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Köln' AND e.start_date_time >= '2026-04-01' AND e.start_date_time < '2026-11-24'`,
  },
  {
    id: 'en-229', language: 'en', partner: 1001, outcome: 'customers',
    question: 'top 3 customers from dortmund by spend',
    ordered: true,
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Dortmund' ORDER BY ${spend()} DESC, c.id LIMIT 3`,
  },
  {
    id: 'en-230', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers in postcode area 90 with a gold subscription',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '90%' AND ${prop('Abonnement', 'Gold')}`,
  },
  {
    id: 'en-231', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'loge bookings for die zauberflöte',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.price_category = 'Loge' AND e.title = 'Die Zauberflöte'`,
  },
  {
    id: 'en-232', language: 'en', partner: 1001, outcome: 'events',
    question: 'upcoming shows with fewer than 50 tickets sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${UPCOMING} AND ${tickets()} < 50`,
  },
  {
    id: 'en-233', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers who saw at least 4 rock/pop shows last season',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${visits(`e.category = 'rock_pop' AND ${LAST_SEASON}`)} >= 4`,
  },
  {
    id: 'en-234', language: 'en', partner: 1001, outcome: 'events',
    question: 'top 5 events in bonn by tickets sold in 2025',
    ordered: true,
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Bonn' AND ${Y2025} ORDER BY ${tickets()} DESC, e.id LIMIT 5`,
    note: 'The year is the events\' start; the tickets count every sale of them.',
  },
  {
    id: 'en-235', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'bookings of more than 8 tickets from october onwards',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.quantity > 8 AND t.sold_at >= '2026-10-01'`,
  },
  {
    id: 'en-236', language: 'en', partner: 1001, outcome: 'customers',
    question: 'who went to anke brandt - heimatkunde',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title = 'Anke Brandt: Heimatkunde'")}`,
    note: 'Title typed with a hyphen instead of the colon.',
  },
  {
    id: 'en-237', language: 'en', partner: 1001, outcome: 'events',
    question: 'kids events in bonn',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education' AND ${cityOf()} = 'Bonn'`,
  },
  {
    id: 'en-238', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers who came in 2024 but havent been back since',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND ${bought("e.start_date_time >= '2024-01-01' AND e.start_date_time < '2025-01-01'")}
            AND ${neverBought("e.start_date_time >= '2025-01-01'")}`,
  },
  {
    id: 'en-239', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'reserved tickets for next weeks shows',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'`,
  },
  {
    id: 'en-240', language: 'en', partner: 1001, outcome: 'events',
    question: 'past ballet performances that were more than 70% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'ballet' AND ${PAST} AND ${soldPercent()} > 70`,
  },
];
