// Hold-out set 6 (issue 21 §3): 80 questions written by a sixth author, blind — from RULES.md, the
// schema and the demo data generator only, without reading the engine, its vocabulary, its tests or
// the other question sets. 40 German and 40 English; in each language 20 asked by partner 1001
// (Konzerthaus Rheinland, EUR) and 20 by partner 1002 (Harbour Lights Promotions, GBP); 32 on
// customers, 28 on events, 20 on transactions.
//
// NOW = 2026-11-24T00:00:00Z (a Tuesday; rules.ts). Periods used, all UTC, start inclusive, end exclusive:
//   this season / diese Saison   2026-08-01 … 2027-08-01   (events' start)
//   last season / letzte Saison  2025-08-01 … 2026-08-01   (events' start)
//   Saison 2024/25               2024-08-01 … 2025-08-01   (events' start)
//   this year / 2026             2026-01-01 … 2027-01-01;  2025, 2027: the calendar year
//   last month / im Oktober      2026-10-01 … 2026-11-01;  "Oktober-Vorstellungen": events starting then
//   this month                   2026-11-01 … 2026-12-01;  next month / im Dezember 2026-12-01 … 2027-01-01
//   April 2025                   2025-04-01 … 2025-05-01
//   yesterday / gestern          2026-11-23 … 2026-11-24
//   last week / letzte Woche     2026-11-16 … 2026-11-23;  next week / nächste Woche 2026-11-30 … 2026-12-07
//   last 7 days                  2026-11-17 … NOW;          last 30 days 2026-10-25 … NOW
//   since January / start of the year  2026-01-01 … NOW;   since October 2026-10-01 … NOW
//   ab 2025                      2025-01-01 … (open)
//   upcoming / past              start ≥ NOW / start < NOW
//   zwischen März und Juni 2027  2027-03-01 … 2027-07-01
//   between 1 December 2026 and 31 January 2027   2026-12-01 … 2027-02-01 (both days included)
// Times of day and weekdays are UTC (RULES.md). Customer time phrases follow RULES.md: the start of
// the events bought unless the question speaks of buying / spending with a sale time.
// Buying, visiting, tickets, revenue, spend and purchase counts leave cancelled transactions out
// (RULES.md "Cancelled is not bought"); listing transactions lists cancelled rows too.
// h6-de-18 and h6-en-07 were removed on 2026-11-29 by the engine's author, unread: the set's own check
// found that each repeated a question of an earlier set word for word, so they were not unseen.
import type { AccuracyQuestion } from '../types';
import { NC, TXE, bought, cityOf, eventNames, hallOf, neverBought, prop, revenue, soldPercent, spend, tickets, venueOf } from '../sql-parts';

const LAST_SEASON = "e.start_date_time >= '2025-08-01T00:00:00Z' AND e.start_date_time < '2026-08-01T00:00:00Z'";
const THIS_SEASON = "e.start_date_time >= '2026-08-01T00:00:00Z' AND e.start_date_time < '2027-08-01T00:00:00Z'";
const SEASON_2024_25 = "e.start_date_time >= '2024-08-01T00:00:00Z' AND e.start_date_time < '2025-08-01T00:00:00Z'";
const NOW = "'2026-11-24T00:00:00Z'";
/** Distinct events of customer `c` (not cancelled) matching `where`. */
const visits = (where: string) => `(SELECT count(DISTINCT t.event_id) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
/** Tickets of customer `c` (not cancelled) matching `where`. */
const ticketsOf = (where = 'TRUE') => `COALESCE((SELECT sum(t.quantity) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where}), 0)`;
/** Purchases (non-cancelled rows) of customer `c` matching `where`. */
const purchases = (where = 'TRUE') => `(SELECT count(*) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
const dow = (e = 'e') => `EXTRACT(DOW FROM ${e}.start_date_time AT TIME ZONE 'UTC')`;
const hourOf = (e = 'e') => `EXTRACT(HOUR FROM ${e}.start_date_time AT TIME ZONE 'UTC')`;

export const HOLDOUT_6: AccuracyQuestion[] = [
  // ------------------------------------------------------------------ German, partner 1001
  {
    id: 'h6-de-01',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'Kunden aus Köln, die letzte Saison eine Oper besucht haben, aber keine Werbung bekommen wollen',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Köln' AND c.ads_opt_out
      AND ${bought(`e.category = 'opera' AND ${LAST_SEASON}`)}`,
  },
  {
    id: 'h6-de-02',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'top 10 kunden nach umsatz in der saison 2024/25',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought(SEASON_2024_25)}
      ORDER BY ${spend(SEASON_2024_25)} DESC LIMIT 10`,
    ordered: true,
  },
  {
    id: 'h6-de-03',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'Anrede Frau, Jahrgang 1960-1965, PLZ-Bereich 53, Abo Gold',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.salutation = 'Frau'
      AND c.birth_year BETWEEN 1960 AND 1965 AND c.postal_code LIKE '53%' AND ${prop('Abonnement', 'Gold')}`,
  },
  {
    id: 'h6-de-04',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'welche kunden haben eigentlich noch nie was gekauft',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${neverBought('TRUE')}`,
  },
  {
    id: 'h6-de-05',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'Kunden, die mind. 5 mal im Konzerthaus Köln waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${visits(`${venueOf()} = 'Konzerthaus Köln'`)} >= 5`,
  },
  {
    id: 'h6-de-06',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'Newsletter-Empfaenger aus Nuernberg oder Dortmund, vor 1950 geboren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city IN ('Nürnberg', 'Dortmund')
      AND c.birth_year < 1950 AND ${prop('Newsletter', 'ja')}`,
  },
  {
    id: 'h6-de-07',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'Kunden mit Lieblingssparte Oper, die fuer diese Saison noch keine Karten gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Lieblingssparte', 'Oper')}
      AND ${neverBought(THIS_SEASON)}`,
  },
  {
    id: 'h6-de-08',
    language: 'de',
    partner: 1001,
    outcome: 'customers',
    question: 'Wer hat seit Januar mehr als 60 Karten gekauft?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
      AND ${ticketsOf(`t.sold_at >= '2026-01-01T00:00:00Z' AND t.sold_at < ${NOW}`)} > 60`,
  },
  {
    id: 'h6-de-09',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'Vorstellungen im Großen Saal diese Saison mit weniger als 50% Auslastung',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Großer Saal' AND ${THIS_SEASON}
      AND ${soldPercent()} < 50`,
  },
  {
    id: 'h6-de-10',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'Die 5 umsatzstärksten Vorstellungen im Grossen Haus in der letzten Saison',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Großes Haus' AND ${LAST_SEASON}
      ORDER BY ${revenue()} DESC LIMIT 5`,
    ordered: true,
  },
  {
    id: 'h6-de-11',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'was läuft nächste woche in bonn',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Bonn'
      AND e.start_date_time >= '2026-11-30T00:00:00Z' AND e.start_date_time < '2026-12-07T00:00:00Z'`,
  },
  {
    id: 'h6-de-12',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'Vorstellungen mit Musik von Mozart oder Haydn ab 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND (${eventNames('Mozart')} OR ${eventNames('Haydn')})
      AND e.start_date_time >= '2025-01-01T00:00:00Z'`,
  },
  {
    id: 'h6-de-13',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'Comedy-Abende 2025 mit mehr als 800 verkauften Tikets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy'
      AND e.start_date_time >= '2025-01-01T00:00:00Z' AND e.start_date_time < '2026-01-01T00:00:00Z' AND ${tickets()} > 800`,
  },
  {
    id: 'h6-de-14',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'Rock/Pop in Nürnberg oder Dortmund zwischen März und Juni 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop'
      AND ${cityOf()} IN ('Nürnberg', 'Dortmund')
      AND e.start_date_time >= '2027-03-01T00:00:00Z' AND e.start_date_time < '2027-07-01T00:00:00Z'`,
  },
  {
    id: 'h6-de-15',
    language: 'de',
    partner: 1001,
    outcome: 'events',
    question: 'Vorstellungen mit durchschnittl. Ticketpreis über 80 €, ohne Gutscheine und Abos',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category <> 'product'
      AND COALESCE(e.price, ${revenue()} / 100.0 / NULLIF(${tickets()}, 0)) > 80`,
  },
  {
    id: 'h6-de-16',
    language: 'de',
    partner: 1001,
    outcome: 'transactions',
    question: 'Zeig mir alle Stornierungen fuer die Zauberflöte',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title ILIKE '%Zauberflöte%'`,
  },
  {
    id: 'h6-de-17',
    language: 'de',
    partner: 1001,
    outcome: 'transactions',
    question: 'Transaktionen von gestern mit Zahlungsart PayPal',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'PayPal'
      AND t.sold_at >= '2026-11-23T00:00:00Z' AND t.sold_at < '2026-11-24T00:00:00Z'`,
  },
  {
    id: 'h6-de-19',
    language: 'de',
    partner: 1001,
    outcome: 'transactions',
    question: 'ermäßigte Karten, die letzte Woche für die Studiobühne verkauft wurden',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND ${hallOf()} = 'Studiobühne'
      AND t.sold_at >= '2026-11-16T00:00:00Z' AND t.sold_at < '2026-11-23T00:00:00Z'`,
  },
  {
    id: 'h6-de-20',
    language: 'de',
    partner: 1001,
    outcome: 'transactions',
    question: 'Freikarten für Rock am Fluss 2026',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND e.title ILIKE '%Rock am Fluss 2026%'`,
  },
  // ------------------------------------------------------------------ German, partner 1002
  {
    id: 'h6-de-21',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Kunden, deren Postleitzahl mit CF1 anfängt und die diese Saison was gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'CF1%' AND ${bought(THIS_SEASON)}`,
  },
  {
    id: 'h6-de-22',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Kunden aus Edinburgh die Hamlet gesehen haben aber nie The Tempest',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Edinburgh'
      AND ${bought("e.title ILIKE '%Hamlet%'")} AND ${neverBought("e.title ILIKE '%The Tempest%'")}`,
  },
  {
    id: 'h6-de-23',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Die 15 Kunden mit den meisten Tickets in der letzten Saison',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought(LAST_SEASON)}
      ORDER BY ${ticketsOf(LAST_SEASON)} DESC LIMIT 15`,
    ordered: true,
  },
  {
    id: 'h6-de-24',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Kunden mit Silver- oder Gold-Abo, die Werbung abgelehnt haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.ads_opt_out AND ${prop('Subscription', 'Silver', 'Gold')}`,
  },
  {
    id: 'h6-de-25',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Welche Kunden haben im Oktober Tickets mit Apple Pay gekauft?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought(`t.payment_method = 'Apple Pay'
      AND t.sold_at >= '2026-10-01T00:00:00Z' AND t.sold_at < '2026-11-01T00:00:00Z'`)}`,
  },
  {
    id: 'h6-de-26',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Kunden mit Anrede Mx, die 2025 bei einer Comedy-Show waren',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.salutation = 'Mx'
      AND ${bought("e.category = 'comedy' AND e.start_date_time >= '2025-01-01T00:00:00Z' AND e.start_date_time < '2026-01-01T00:00:00Z'")}`,
  },
  {
    id: 'h6-de-27',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Kunden aus Sheffield, die sowohl 2025 als auch 2026 ein Musical besucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Sheffield'
      AND ${bought("e.category = 'operetta_musical' AND e.start_date_time >= '2025-01-01T00:00:00Z' AND e.start_date_time < '2026-01-01T00:00:00Z'")}
      AND ${bought("e.category = 'operetta_musical' AND e.start_date_time >= '2026-01-01T00:00:00Z' AND e.start_date_time < '2027-01-01T00:00:00Z'")}`,
  },
  {
    id: 'h6-de-28',
    language: 'de',
    partner: 1002,
    outcome: 'customers',
    question: 'Kunden mit mehr als 10 Kaeufen die sich vom Marketing abgemeldet haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.ads_opt_out AND ${purchases()} > 10`,
  },
  {
    id: 'h6-de-29',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'Welche Shows in Cardiff sind zu über 95 % verkauft?',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Cardiff' AND ${soldPercent()} > 95`,
  },
  {
    id: 'h6-de-30',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'Vorstellungen in The Attic 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'The Attic'
      AND e.start_date_time >= '2027-01-01T00:00:00Z' AND e.start_date_time < '2028-01-01T00:00:00Z'`,
  },
  {
    id: 'h6-de-31',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'Die 3 umsatzstärksten Comedy Shows 2025',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy'
      AND e.start_date_time >= '2025-01-01T00:00:00Z' AND e.start_date_time < '2026-01-01T00:00:00Z'
      ORDER BY ${revenue()} DESC LIMIT 3`,
    ordered: true,
  },
  {
    id: 'h6-de-32',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'bereits gespielte Events in der Main Arena mit weniger als 5000 Tickets',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Main Arena'
      AND e.start_date_time < ${NOW} AND ${tickets()} < 5000`,
  },
  {
    id: 'h6-de-33',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'Veranstaltungen am Wochenende (Sa/So) im Dezember',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${dow()} IN (0, 6)
      AND e.start_date_time >= '2026-12-01T00:00:00Z' AND e.start_date_time < '2027-01-01T00:00:00Z'`,
  },
  {
    id: 'h6-de-34',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'Konzerte mit Werken von Bach',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Bach')}`,
  },
  {
    id: 'h6-de-35',
    language: 'de',
    partner: 1002,
    outcome: 'events',
    question: 'Kindervorstellungen, die vor 15 Uhr beginnen',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'education' AND ${hourOf()} < 15`,
  },
  {
    id: 'h6-de-36',
    language: 'de',
    partner: 1002,
    outcome: 'transactions',
    question: 'alle Transaktionen letzte Woche, Zahlart Gift Voucher',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Gift Voucher'
      AND t.sold_at >= '2026-11-16T00:00:00Z' AND t.sold_at < '2026-11-23T00:00:00Z'`,
  },
  {
    id: 'h6-de-37',
    language: 'de',
    partner: 1002,
    outcome: 'transactions',
    question: 'Stornos für Star Catcher im April 2025',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title ILIKE '%Star Catcher%'
      AND t.sold_at >= '2025-04-01T00:00:00Z' AND t.sold_at < '2025-05-01T00:00:00Z'`,
  },
  {
    id: 'h6-de-38',
    language: 'de',
    partner: 1002,
    outcome: 'transactions',
    question: 'Transaktionen mit mehr als sechs Tickets',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.quantity > 6`,
  },
  {
    id: 'h6-de-39',
    language: 'de',
    partner: 1002,
    outcome: 'transactions',
    question: 'Buchungen mit über 200 £ Rabatt',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.discount_minor > 20000`,
  },
  {
    id: 'h6-de-40',
    language: 'de',
    partner: 1002,
    outcome: 'transactions',
    question: 'Alle Buchungen für die Oktober-Vorstellungen von She Stoops to Conquer',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title ILIKE '%She Stoops to Conquer%'
      AND e.start_date_time >= '2026-10-01T00:00:00Z' AND e.start_date_time < '2026-11-01T00:00:00Z'`,
  },
  // ------------------------------------------------------------------ English, partner 1001
  {
    id: 'h6-en-01',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: 'customers from Bonn born in the 80s who bought symphony tickets',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn' AND c.birth_year BETWEEN 1980 AND 1989
      AND ${bought("e.category = 'symphony'")}`,
  },
  {
    id: 'h6-en-02',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: 'top 3 customers by number of bookings since january',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
      ORDER BY ${purchases(`t.sold_at >= '2026-01-01T00:00:00Z' AND t.sold_at < ${NOW}`)} DESC LIMIT 3`,
    ordered: true,
  },
  {
    id: 'h6-en-03',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: 'Who went to Der fliegende Holländer this month and also has tickets for Fidelio?',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
      AND ${bought("e.title ILIKE '%Der fliegende Holländer%' AND e.start_date_time >= '2026-11-01T00:00:00Z' AND e.start_date_time < '2026-12-01T00:00:00Z'")}
      AND ${bought("e.title ILIKE '%Fidelio%'")}`,
  },
  {
    id: 'h6-en-04',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: "customers who've spent over €2,000 in total but opted out of ads",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.ads_opt_out AND ${spend()} > 200000`,
  },
  {
    id: 'h6-en-05',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: 'customers with a postcode starting 50 or 51 that have never been to the opera',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND (c.postal_code LIKE '50%' OR c.postal_code LIKE '51%')
      AND ${neverBought("e.category = 'opera'")}`,
  },
  {
    id: 'h6-en-06',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: "Gold subscribers who haven't bought anything since October",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Abonnement', 'Gold')}
      AND ${neverBought(`t.sold_at >= '2026-10-01T00:00:00Z' AND t.sold_at < ${NOW}`)}`,
  },
  {
    id: 'h6-en-08',
    language: 'en',
    partner: 1001,
    outcome: 'customers',
    question: "people who got free tickets for last season's comedy",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought(`t.ticket_type = 'free' AND e.category = 'comedy' AND ${LAST_SEASON}`)}`,
  },
  {
    id: 'h6-en-09',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'events at Festhalle Nürnberg this year with fewer than 3000 tix sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${venueOf()} = 'Festhalle Nürnberg'
      AND e.start_date_time >= '2026-01-01T00:00:00Z' AND e.start_date_time < '2027-01-01T00:00:00Z' AND ${tickets()} < 3000`,
  },
  {
    id: 'h6-en-10',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'chamber music concerts with an average ticket price under €30',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'chamber'
      AND COALESCE(e.price, ${revenue()} / 100.0 / NULLIF(${tickets()}, 0)) < 30`,
  },
  {
    id: 'h6-en-11',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'top 10 events by tickets sold this season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${THIS_SEASON} ORDER BY ${tickets()} DESC LIMIT 10`,
    ordered: true,
  },
  {
    id: 'h6-en-12',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'shows in Essen that start at 8pm or later',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Essen' AND ${hourOf()} >= 20`,
  },
  {
    id: 'h6-en-13',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'Onkel Wanja performances that sold over 65%',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Onkel Wanja%' AND ${soldPercent()} > 65`,
  },
  {
    id: 'h6-en-14',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'upcoming events in Cologne that are less than a third sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Köln' AND e.start_date_time >= ${NOW}
      AND ${soldPercent()} < 100.0 / 3`,
  },
  {
    id: 'h6-en-15',
    language: 'en',
    partner: 1001,
    outcome: 'events',
    question: 'everything featuring Ensemble Aurora',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Ensemble Aurora')}`,
  },
  {
    id: 'h6-en-16',
    language: 'en',
    partner: 1001,
    outcome: 'transactions',
    question: 'transactions for Was ihr wollt where the payment method is Rechnung',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.payment_method = 'Rechnung' AND e.title ILIKE '%Was ihr wollt%'`,
  },
  {
    id: 'h6-en-17',
    language: 'en',
    partner: 1001,
    outcome: 'transactions',
    question: "yesterday's transactions over 200 EUR",
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 20000
      AND t.sold_at >= '2026-11-23T00:00:00Z' AND t.sold_at < '2026-11-24T00:00:00Z'`,
  },
  {
    id: 'h6-en-18',
    language: 'en',
    partner: 1001,
    outcome: 'transactions',
    question: 'reserved tickets for upcoming shows',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND e.start_date_time >= ${NOW}`,
  },
  {
    id: 'h6-en-19',
    language: 'en',
    partner: 1001,
    outcome: 'transactions',
    question: 'subscription txns in the last 7 days',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'subscription'
      AND t.sold_at >= '2026-11-17T00:00:00Z' AND t.sold_at < ${NOW}`,
  },
  {
    id: 'h6-en-20',
    language: 'en',
    partner: 1001,
    outcome: 'transactions',
    question: 'cancellations in October for events in the Arena',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND ${hallOf()} = 'Arena'
      AND t.sold_at >= '2026-10-01T00:00:00Z' AND t.sold_at < '2026-11-01T00:00:00Z'`,
  },
  // ------------------------------------------------------------------ English, partner 1002
  {
    id: 'h6-en-21',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: 'Manchester customers with a Bronze subscripton who get the newsletter',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester'
      AND ${prop('Subscription', 'Bronze')} AND ${prop('Newsletter', 'yes')}`,
  },
  {
    id: 'h6-en-22',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: 'top 5 spenders from Cardiff last season',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Cardiff' AND ${bought(LAST_SEASON)}
      ORDER BY ${spend(LAST_SEASON)} DESC LIMIT 5`,
    ordered: true,
  },
  {
    id: 'h6-en-23',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: 'customers with tickets for The Magic Flute but not for Rigoletto',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${bought("e.title ILIKE '%The Magic Flute%'")}
      AND ${neverBought("e.title ILIKE '%Rigoletto%'")}`,
  },
  {
    id: 'h6-en-24',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: "custmers born before 1950 who've been to at least 3 comedy nights",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year < 1950 AND ${visits("e.category = 'comedy'")} >= 3`,
  },
  {
    id: 'h6-en-25',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: 'customers in postcode area EH who bought anything in the last 30 days',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code ILIKE 'EH%'
      AND ${bought(`t.sold_at >= '2026-10-25T00:00:00Z' AND t.sold_at < ${NOW}`)}`,
  },
  {
    id: 'h6-en-26',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: "customers whose favourite genre is Musicals and who haven't bought anything since the start of the year",
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND ${prop('Favourite genre', 'Musicals')}
      AND ${neverBought(`t.sold_at >= '2026-01-01T00:00:00Z' AND t.sold_at < ${NOW}`)}`,
  },
  {
    id: 'h6-en-27',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: 'customers that spent between £500 and £1000 on musicals',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
      AND ${spend("e.category = 'operetta_musical'")} BETWEEN 50000 AND 100000`,
  },
  {
    id: 'h6-en-28',
    language: 'en',
    partner: 1002,
    outcome: 'customers',
    question: 'customers with two or more cancelled transactions',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
      AND (SELECT count(*) FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type = 'cancelled') >= 2`,
  },
  {
    id: 'h6-en-29',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: "what's on in the Recital Room next month",
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${hallOf()} = 'Recital Room'
      AND e.start_date_time >= '2026-12-01T00:00:00Z' AND e.start_date_time < '2027-01-01T00:00:00Z'`,
  },
  {
    id: 'h6-en-30',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: 'Hamlet performances with at least 120 tickets sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Hamlet%' AND ${tickets()} >= 120`,
  },
  {
    id: 'h6-en-31',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: 'comedy gigs on weekends in 2026 with more than 80% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'comedy' AND ${dow()} IN (0, 6)
      AND e.start_date_time >= '2026-01-01T00:00:00Z' AND e.start_date_time < '2027-01-01T00:00:00Z' AND ${soldPercent()} > 80`,
  },
  {
    id: 'h6-en-32',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: 'which 5 rock/pop gigs sold worst last season, by % sold?',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'rock_pop' AND ${LAST_SEASON}
      ORDER BY ${soldPercent()} ASC LIMIT 5`,
    ordered: true,
  },
  {
    id: 'h6-en-33',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: 'events that took more than £50k last season',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${LAST_SEASON} AND ${revenue()} > 5000000`,
  },
  {
    id: 'h6-en-34',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: 'events in Sheffield between 1 December 2026 and 31 January 2027',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${cityOf()} = 'Sheffield'
      AND e.start_date_time >= '2026-12-01T00:00:00Z' AND e.start_date_time < '2027-02-01T00:00:00Z'`,
  },
  {
    id: 'h6-en-35',
    language: 'en',
    partner: 1002,
    outcome: 'events',
    question: 'all Handel Messiah dates',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Handel%Messiah%'`,
  },
  {
    id: 'h6-en-36',
    language: 'en',
    partner: 1002,
    outcome: 'transactions',
    question: 'transactions over £300 paid with Google Pay this year',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.payment_method = 'Google Pay' AND t.amount_minor > 30000
      AND t.sold_at >= '2026-01-01T00:00:00Z' AND t.sold_at < '2027-01-01T00:00:00Z'`,
  },
  {
    id: 'h6-en-37',
    language: 'en',
    partner: 1002,
    outcome: 'transactions',
    question: 'transactions for She Stoops to Conquer last month with more than £10 discount',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title ILIKE '%She Stoops to Conquer%' AND t.discount_minor > 1000
      AND t.sold_at >= '2026-10-01T00:00:00Z' AND t.sold_at < '2026-11-01T00:00:00Z'`,
  },
  {
    id: 'h6-en-38',
    language: 'en',
    partner: 1002,
    outcome: 'transactions',
    question: 'Cancelled transactions last week.',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled'
      AND t.sold_at >= '2026-11-16T00:00:00Z' AND t.sold_at < '2026-11-23T00:00:00Z'`,
  },
  {
    id: 'h6-en-39',
    language: 'en',
    partner: 1002,
    outcome: 'transactions',
    question: 'bookings for Star Catcher with 4 or more tickets',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND e.title ILIKE '%Star Catcher%' AND t.quantity >= 4`,
  },
  {
    id: 'h6-en-40',
    language: 'en',
    partner: 1002,
    outcome: 'transactions',
    question: 'all cash transactions for comedy shows in Edinburgh',
    sql: `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner AND t.payment_method = 'Cash' AND e.category = 'comedy'
      AND ${cityOf()} = 'Edinburgh'`,
  },
];
