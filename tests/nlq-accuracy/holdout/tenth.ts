// Hold-out set 10 (issue 21 §3): 80 questions written by a tenth hold-out author, blind — from
// RULES.md, the schema, the Sentinel sections of the spec and the demo data only, without reading
// the engine, its vocabulary, its documentation or the earlier question sets (ninth.ts read for its
// header and imports only). 40 German and 40 English; in each language 20 asked by partner 1001 (Konzerthaus
// Rheinland, EUR) and 20 by partner 1002 (Harbour Lights Promotions, GBP) — so German questions
// about English titles and English questions about German ones too; 32 on customers, 28 on events,
// 20 on transactions. Every expected answer was run against the demo seed at NOW
// (tests/nlq-accuracy/seed-dir.ts): no empty answer, none of all rows, no value on a money or
// percentage threshold, no ties at or inside the cut of a top-N.
// No question repeats one of an earlier set: checked by comparing the normalised texts in code,
// which printed only this set's ids (none matched after two rewordings), never the others' text.
//
// NOW = 2026-11-24T00:00:00Z (a Tuesday, tests/nlq-accuracy/rules.ts). Periods used (RULES.md),
// half-open in the SQL:
//   this season ("dieser Saison", "diese Saison", "aktuellen Saison", "this season") = [2026-08-01, 2027-08-01)
//   last season ("letzte Saison", "letzten Saison", "last season's") = [2025-08-01, 2026-08-01)
//   "the 2024/25 season" = [2024-08-01, 2025-08-01)
//   "2025" = 2025; "this year" = 2026; "in 2026" = 2026; "in 2027" = 2027; "January 2026" = January 2026
//   last month ("im letzten Monat", "last month") = October 2026; this month = November 2026;
//   next month ("nächsten Monat") = December 2026; "im Dezember" = December 2026;
//   "im Oktober" / "in October" = October 2026; "im November" = November 2026
//   yesterday ("gestern") = 2026-11-23; "on 12 November" = 2026-11-12; last week ("letzte Woche",
//   "last week") = [2026-11-16, 2026-11-23); next week ("nächste Woche", "next week's") =
//   [2026-11-30, 2026-12-07)
//   last 7 days = [2026-11-17, NOW); last 30 days ("in den letzten 30 Tagen") = [2026-10-25, NOW)
//   "since January" = [2026-01-01, NOW); "seit September" / "since September" = [2026-09-01, NOW);
//   "seit 2025" / "since 2025" = [2025-01-01, NOW); "dieser Saison bis Ende März 2027" = [2026-08-01, 2027-04-01)
//   "kommende" / "noch nicht gespielt" / "upcoming" = start >= NOW; "vergangene" = start < NOW
//   weekdays of events = the event's weekday (ISO: Monday 1 … Sunday 7) in UTC, every such day of
//   the period; "am Wochenende" = Saturday and Sunday
// Customers' time phrases qualify the events they bought for unless the question speaks of the
// purchase itself (buying, booking: sale time) or the customer record ("Neukunden", "new
// customers": created); transactions' qualify the sale unless put on the event ("für Vorstellungen
// nächste Woche", "for next week's events", "for … events of the 2024/25 season"). Cancelled
// transactions are never bought and count in no total; listing transactions lists them too. An
// event's price is its revenue ÷ its tickets (events.price is unset in the demo); an event without
// tickets has no price.
import type { AccuracyQuestion } from '../types';
import { NC, TXE, bought, cityOf, eventNames, hallOf, neverBought, prop, revenue, soldPercent, spend, tickets, venueOf } from '../sql-parts';

const THIS_SEASON = "e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'";
const LAST_SEASON = "e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'";
const UPCOMING = "e.start_date_time >= '2026-11-24T00:00:00Z'";
const PAST = "e.start_date_time < '2026-11-24T00:00:00Z'";
const range = (col: string, from: string, to: string) => `${col} >= '${from}' AND ${col} < '${to}'`;
const dow = (e = 'e') => `EXTRACT(ISODOW FROM ${e}.start_date_time AT TIME ZONE 'UTC')`;
/** Distinct events customer `c` bought (not cancelled) for, restricted on t / e. */
const visits = (where = 'TRUE') => `(SELECT count(DISTINCT t.event_id) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
/** Tickets customer `c` bought (not cancelled), restricted on t / e. */
const boughtTickets = (where = 'TRUE') => `COALESCE((SELECT sum(t.quantity) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where}), 0)`;
/** Purchases (non-cancelled rows) of customer `c`, restricted on t / e. */
const purchases = (where = 'TRUE') => `(SELECT count(*) FROM ${TXE} WHERE t.customer_id = c.id AND ${NC} AND ${where})`;
const title = (words: string, e = 'e') => `${e}.title ILIKE '%${words.replace(/'/g, "''")}%'`;
const CUST = 'SELECT c.id FROM customers c WHERE c.partner_id = :partner';
const EVT = 'SELECT e.id FROM events e WHERE e.partner_id = :partner';
const TX = `SELECT t.id FROM ${TXE} WHERE t.partner_id = :partner`;

export const HOLDOUT_10: AccuracyQuestion[] = [
  // ── German, partner 1001 (Konzerthaus Rheinland, EUR) ─────────────────────────────────────────
  {
    id: 'h10-de-01', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Bonn mit Opernbesuch in der aktuellen Saison',
    sql: `${CUST} AND c.city = 'Bonn' AND ${bought(`e.category = 'opera' AND ${THIS_SEASON}`)}`,
  },
  {
    id: 'h10-de-02', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer hat im letzten Monat Tickets für mehr als 300 € gekauft',
    sql: `${CUST} AND ${spend(range('t.sold_at', '2026-10-01', '2026-11-01'))} > 30000`,
    note: 'gekauft: sale time; the amount is the spend of those purchases',
  },
  {
    id: 'h10-de-03', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden mit Abo Gold, die eigentlich noch nie Kammermusik gebucht haben',
    sql: `${CUST} AND ${prop('Abonnement', 'Gold')} AND ${neverBought("e.category = 'chamber'")}`,
  },
  {
    id: 'h10-de-04', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Anrede Frau, PLZ-Bereich 50, Jahrgang vor 1960',
    sql: `${CUST} AND c.salutation = 'Frau' AND c.postal_code ILIKE '50%' AND c.birth_year < 1960`,
  },
  {
    id: 'h10-de-05', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden, die keine Werbung wollen und bei mindestens 3 verschiedenen Comedy-Abenden waren',
    sql: `${CUST} AND c.ads_opt_out AND ${visits("e.category = 'comedy'")} >= 3`,
  },
  {
    id: 'h10-de-06', language: 'de', partner: 1001, outcome: 'customers', ordered: true,
    question: 'Die 10 besten Kunden der letzten Saison nach Umsatz',
    sql: `${CUST} AND ${bought(LAST_SEASON)} ORDER BY ${spend(LAST_SEASON)} DESC LIMIT 10`,
  },
  {
    id: 'h10-de-07', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Kunden aus Köln oder Düsseldorf, die Schwanensee gesehen haben',
    sql: `${CUST} AND c.city IN ('Köln', 'Düsseldorf') AND ${bought(title('Schwanensee'))}`,
  },
  {
    id: 'h10-de-08', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Neukunden seit 2025, die schon Karten für kommende Vorstellungen haben',
    sql: `${CUST} AND c.created_at >= '2025-01-01' AND c.created_at < '2026-11-24T00:00:00Z' AND ${bought(UPCOMING)}`,
  },
  {
    id: 'h10-de-09', language: 'de', partner: 1001, outcome: 'events',
    question: 'Opern in der aktuellen Saison mit weniger als 60 % Auslastung',
    sql: `${EVT} AND e.category = 'opera' AND ${THIS_SEASON} AND ${soldPercent()} < 60`,
  },
  {
    id: 'h10-de-10', language: 'de', partner: 1001, outcome: 'events',
    question: 'Was läuft im Dezember im Großen Saal?',
    sql: `${EVT} AND ${hallOf()} = 'Großer Saal' AND ${range('e.start_date_time', '2026-12-01', '2027-01-01')}`,
    note: 'a hall name means every hall of that name (Köln and Essen)',
  },
  {
    id: 'h10-de-11', language: 'de', partner: 1001, outcome: 'events',
    question: 'Veranstalungen in Nürnberg mit über 5000 verkauften Tickets',
    sql: `${EVT} AND ${cityOf()} = 'Nürnberg' AND ${tickets()} > 5000`,
  },
  {
    id: 'h10-de-12', language: 'de', partner: 1001, outcome: 'events', ordered: true,
    question: 'Top 3 Auftritte von Lena Falk nach Umsatz',
    sql: `${EVT} AND ${eventNames('Lena Falk')} ORDER BY ${revenue()} DESC LIMIT 3`,
    note: 'the line-up counts (festivals with Lena Falk)',
  },
  {
    id: 'h10-de-13', language: 'de', partner: 1001, outcome: 'events',
    question: 'kommende Termine mit Mozart',
    sql: `${EVT} AND ${UPCOMING} AND ${eventNames('Mozart')}`,
  },
  {
    id: 'h10-de-14', language: 'de', partner: 1001, outcome: 'events',
    question: 'Freitagsvorstellungen im Kleinen Haus 2025',
    sql: `${EVT} AND ${hallOf()} = 'Kleines Haus' AND ${dow()} = 5 AND ${range('e.start_date_time', '2025-01-01', '2026-01-01')}`,
  },
  {
    id: 'h10-de-15', language: 'de', partner: 1001, outcome: 'events',
    question: 'Welche Rock/Pop-Events dieser Saison bis Ende März 2027 liegen unter ihrem Benchmark?',
    sql: `${EVT} AND e.category = 'rock_pop' AND ${range('e.start_date_time', '2026-08-01', '2027-04-01')} AND EXISTS (SELECT 1 FROM event_forecasts f WHERE f.event_id = e.id AND ${soldPercent()} < f.now_benchmark)`,
    note: 'already sold (%) below the forecast benchmark for now',
  },
  {
    id: 'h10-de-16', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Alle Buchungen von gestern, die mit PayPal bezahlt wurden',
    note: 'listing bookings (as rows) lists every row, cancelled ones included (RULES.md)',
    sql: `${TX} AND t.payment_method = 'PayPal' AND ${range('t.sold_at', '2026-11-23', '2026-11-24')}`,
  },
  {
    id: 'h10-de-17', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Stornos für „Der fliegende Holländer"',
    sql: `${TX} AND t.ticket_type = 'cancelled' AND ${title('fliegende Holländer')}`,
  },
  {
    id: 'h10-de-18', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen im Oktober mit mehr als 75 € Rabatt',
    sql: `${TX} AND t.discount_minor > 7500 AND ${range('t.sold_at', '2026-10-01', '2026-11-01')}`,
  },
  {
    id: 'h10-de-19', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Freikarten für Vorstellungen nächste Woche',
    sql: `${TX} AND t.ticket_type = 'free' AND ${range('e.start_date_time', '2026-11-30', '2026-12-07')}`,
  },
  {
    id: 'h10-de-20', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'Transaktionen über 450 Euro für Rock am Fluss',
    sql: `${TX} AND t.amount_minor > 45000 AND ${title('Rock am Fluss')}`,
    note: '"für" makes it the title, not the category; listing lists every row (cancelled ones too)',
  },

  // ── German, partner 1002 (Harbour Lights Promotions, GBP) ─────────────────────────────────────
  {
    id: 'h10-de-21', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden aus Cardiff, die letzte Saison mindestens zweimal bei Comedy waren',
    sql: `${CUST} AND c.city = 'Cardiff' AND ${visits(`e.category = 'comedy' AND ${LAST_SEASON}`)} >= 2`,
  },
  {
    id: 'h10-de-22', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Wer hat ein Gold-Abo und war noch nie in einem Musical?',
    sql: `${CUST} AND ${prop('Subscription', 'Gold')} AND ${neverBought("e.category = 'operetta_musical'")}`,
    note: 'the subscription property of 1002 is labelled Subscription',
  },
  {
    id: 'h10-de-23', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden mit Postleitzahl beginnend mit EH, die im Oktober was gekauft haben',
    sql: `${CUST} AND c.postal_code ILIKE 'EH%' AND ${bought(range('t.sold_at', '2026-10-01', '2026-11-01'))}`,
  },
  {
    id: 'h10-de-24', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden, die sowohl Hamlet als auch The Tempest gesehen haben',
    sql: `${CUST} AND ${bought(title('Hamlet'))} AND ${bought(title('The Tempest'))}`,
  },
  {
    id: 'h10-de-25', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Welche Kunden haben in den letzten 30 Tagen mehr als 5 Tickets gekauft?',
    sql: `${CUST} AND ${boughtTickets(range('t.sold_at', '2026-10-25', '2026-11-24T00:00:00Z'))} > 5`,
  },
  {
    id: 'h10-de-26', language: 'de', partner: 1002, outcome: 'customers', ordered: true,
    question: 'Top 3 Kunden nach Anzahl Käufe für Sinfoniekonzerte',
    sql: `${CUST} AND ${bought("e.category = 'symphony'")} ORDER BY ${purchases("e.category = 'symphony'")} DESC LIMIT 3`,
  },
  {
    id: 'h10-de-27', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kundinnen mit Anrede Ms aus Sheffield, Jahrgang zwischen 1980 und 1990, die den Newsletter bekommen',
    sql: `${CUST} AND c.salutation = 'Ms' AND c.city = 'Sheffield' AND c.birth_year BETWEEN 1980 AND 1990 AND ${prop('Newsletter', 'yes')}`,
  },
  {
    id: 'h10-de-28', language: 'de', partner: 1002, outcome: 'customers',
    question: 'Kunden, die etwas storniert, aber nie etwas gekauft haben',
    sql: `${CUST} AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type = 'cancelled') AND ${neverBought('TRUE')}`,
  },
  {
    id: 'h10-de-29', language: 'de', partner: 1002, outcome: 'events',
    question: 'Zeig mir bitte alle Veranstaltungen in Sheffield nächsten Monat',
    sql: `${EVT} AND ${cityOf()} = 'Sheffield' AND ${range('e.start_date_time', '2026-12-01', '2027-01-01')}`,
  },
  {
    id: 'h10-de-30', language: 'de', partner: 1002, outcome: 'events',
    question: 'vergangene Shows in der Main Arena mit weniger als 4000 verkauften Tickets',
    sql: `${EVT} AND ${hallOf()} = 'Main Arena' AND ${PAST} AND ${tickets()} < 4000`,
  },
  {
    id: 'h10-de-31', language: 'de', partner: 1002, outcome: 'events',
    question: 'Kinder- und Familienveranstaltungen am Wochenende diese Saison',
    sql: `${EVT} AND e.category = 'education' AND ${dow()} IN (6, 7) AND ${THIS_SEASON}`,
  },
  {
    id: 'h10-de-32', language: 'de', partner: 1002, outcome: 'events', ordered: true,
    question: 'Die 5 umsatzstärksten Veranstaltungen der letzten Saison',
    sql: `${EVT} AND ${LAST_SEASON} ORDER BY ${revenue()} DESC LIMIT 5`,
  },
  {
    id: 'h10-de-33', language: 'de', partner: 1002, outcome: 'events',
    question: 'Hamlet-Vorstellungen mit mehr als 70 % verkauft',
    sql: `${EVT} AND ${title('Hamlet')} AND ${soldPercent()} > 70`,
  },
  {
    id: 'h10-de-34', language: 'de', partner: 1002, outcome: 'events',
    question: 'Welche Comedy-Shows in Manchester sind noch nicht gespielt?',
    sql: `${EVT} AND e.category = 'comedy' AND ${cityOf()} = 'Manchester' AND ${UPCOMING}`,
  },
  {
    id: 'h10-de-35', language: 'de', partner: 1002, outcome: 'events',
    question: 'Veranstaltungen mit Brahms im Programm',
    sql: `${EVT} AND ${eventNames('Brahms')}`,
  },
  {
    id: 'h10-de-36', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Stornierungen letzte Woche',
    sql: `${TX} AND t.ticket_type = 'cancelled' AND ${range('t.sold_at', '2026-11-16', '2026-11-23')}`,
  },
  {
    id: 'h10-de-37', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Transaktionen mit Apple Pay über 250 Pfund',
    sql: `${TX} AND t.payment_method = 'Apple Pay' AND t.amount_minor > 25000`,
  },
  {
    id: 'h10-de-38', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Alle Verkäufe für She Stoops to Conquer im November',
    sql: `${TX} AND ${title('She Stoops to Conquer')} AND ${range('t.sold_at', '2026-11-01', '2026-12-01')}`,
    note: 'a month on transactions for a title is the sale time (RULES: "Transaktionen für Fidelio im Oktober")',
  },
  {
    id: 'h10-de-39', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'Abo-Tickets für Opern der aktuellen Saison',
    sql: `${TX} AND t.ticket_type = 'subscription' AND e.category = 'opera' AND ${THIS_SEASON}`,
  },
  {
    id: 'h10-de-40', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'ermäßigte Buchungen mit mehr als 4 Karten seit September',
    sql: `${TX} AND t.ticket_type = 'discount' AND t.quantity > 4 AND ${range('t.sold_at', '2026-09-01', '2026-11-24T00:00:00Z')}`,
  },

  // ── English, partner 1001 (Konzerthaus Rheinland, EUR) ───────────────────────────────────────
  {
    id: 'h10-en-01', language: 'en', partner: 1001, outcome: 'customers',
    question: "customers living in Essen who've been to something at the Festhalle Nürnberg",
    sql: `${CUST} AND c.city = 'Essen' AND ${bought(`${venueOf()} = 'Festhalle Nürnberg'`)}`,
  },
  {
    id: 'h10-en-02', language: 'en', partner: 1001, outcome: 'customers',
    question: 'which customers have spent more than €1,200 overall but bought nothing since January?',
    sql: `${CUST} AND ${spend()} > 120000 AND ${neverBought("t.sold_at >= '2026-01-01'")}`,
  },
  {
    id: 'h10-en-03', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers born in the 1970s whose Lieblingssparte is Oper',
    sql: `${CUST} AND c.birth_year BETWEEN 1970 AND 1979 AND ${prop('Lieblingssparte', 'Oper')}`,
  },
  {
    id: 'h10-en-04', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers who booked both Die Zauberflöte and Fidelio',
    sql: `${CUST} AND ${bought(title('Die Zauberflöte'))} AND ${bought(title('Fidelio'))}`,
  },
  {
    id: 'h10-en-05', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers in postcode area 44 who have never been to a theatre performance',
    sql: `${CUST} AND c.postal_code ILIKE '44%' AND ${neverBought("e.category = 'theatre'")}`,
  },
  {
    id: 'h10-en-06', language: 'en', partner: 1001, outcome: 'customers', ordered: true,
    question: 'top 10 customers by number of rock/pop tickets',
    sql: `${CUST} AND ${bought("e.category = 'rock_pop'")} ORDER BY ${boughtTickets("e.category = 'rock_pop'")} DESC LIMIT 10`,
  },
  {
    id: 'h10-en-07', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers with Anrede Herr who opted out of ads and went to more than 5 different events this year',
    sql: `${CUST} AND c.salutation = 'Herr' AND c.ads_opt_out AND ${visits(range('e.start_date_time', '2026-01-01', '2027-01-01'))} > 5`,
  },
  {
    id: 'h10-en-08', language: 'en', partner: 1001, outcome: 'customers',
    question: 'who was at a show last week?',
    sql: `${CUST} AND ${bought(range('e.start_date_time', '2026-11-16', '2026-11-23'))}`,
  },
  {
    id: 'h10-en-09', language: 'en', partner: 1001, outcome: 'events',
    question: 'operas next month that are less than half sold',
    sql: `${EVT} AND e.category = 'opera' AND ${range('e.start_date_time', '2026-12-01', '2027-01-01')} AND ${soldPercent()} < 50`,
  },
  {
    id: 'h10-en-10', language: 'en', partner: 1001, outcome: 'events',
    question: 'events in Bonn last season with a capacity over 1000',
    sql: `${EVT} AND ${cityOf()} = 'Bonn' AND ${LAST_SEASON} AND e.capacity > 1000`,
  },
  {
    id: 'h10-en-11', language: 'en', partner: 1001, outcome: 'events',
    question: 'sunday events in the Kammermusiksaal in 2027',
    sql: `${EVT} AND ${hallOf()} = 'Kammermusiksaal' AND ${dow()} = 7 AND ${range('e.start_date_time', '2027-01-01', '2028-01-01')}`,
  },
  {
    id: 'h10-en-12', language: 'en', partner: 1001, outcome: 'events', ordered: true,
    question: 'top 3 comedy events this season by tickets sold',
    sql: `${EVT} AND e.category = 'comedy' AND ${THIS_SEASON} ORDER BY ${tickets()} DESC LIMIT 3`,
  },
  {
    id: 'h10-en-13', language: 'en', partner: 1001, outcome: 'events',
    question: 'Der Olli shows',
    sql: `${EVT} AND ${eventNames('Der Olli')}`,
    note: 'the line-up counts (Comedy Mixed Show)',
  },
  {
    id: 'h10-en-14', language: 'en', partner: 1001, outcome: 'events',
    question: 'events in 2026 with an average ticket price above €60',
    sql: `${EVT} AND ${range('e.start_date_time', '2026-01-01', '2027-01-01')} AND ${tickets()} > 0 AND ${revenue()} / 100.0 / ${tickets()} > 60`,
  },
  {
    id: 'h10-en-15', language: 'en', partner: 1001, outcome: 'events',
    question: 'spoken word events that sold fewer than 100 tickets',
    sql: `${EVT} AND e.category = 'spoken' AND ${tickets()} < 100`,
  },
  {
    id: 'h10-en-16', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'all transactions for Fidelio',
    sql: `${TX} AND ${title('Fidelio')}`,
  },
  {
    id: 'h10-en-17', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'transactions paid by Rechnung in the last 7 days',
    sql: `${TX} AND t.payment_method = 'Rechnung' AND ${range('t.sold_at', '2026-11-17', '2026-11-24T00:00:00Z')}`,
  },
  {
    id: 'h10-en-18', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'reserved tickets for upcoming events in Essen',
    sql: `${TX} AND t.ticket_type = 'reserved' AND ${UPCOMING} AND ${cityOf()} = 'Essen'`,
  },
  {
    id: 'h10-en-19', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'transactions over 500 euros this month',
    sql: `${TX} AND t.amount_minor > 50000 AND ${range('t.sold_at', '2026-11-01', '2026-12-01')}`,
  },
  {
    id: 'h10-en-20', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'free tickets for events of the 2024/25 season at the Opernhaus Bonn',
    sql: `${TX} AND t.ticket_type = 'free' AND ${venueOf()} = 'Opernhaus Bonn' AND ${range('e.start_date_time', '2024-08-01', '2025-08-01')}`,
  },

  // ── English, partner 1002 (Harbour Lights Promotions, GBP) ───────────────────────────────────
  {
    id: 'h10-en-21', language: 'en', partner: 1002, outcome: 'customers',
    question: 'custmers from Leeds or Liverpool who bought anything this season',
    sql: `${CUST} AND c.city IN ('Leeds', 'Liverpool') AND ${bought(THIS_SEASON)}`,
    note: 'a season on purchases means the events of that season (RULES.md); "custmers" is a typo',
  },
  {
    id: 'h10-en-22', language: 'en', partner: 1002, outcome: 'customers', ordered: true,
    question: 'Who are our top 5 spenders on opera?',
    sql: `${CUST} AND ${bought("e.category = 'opera'")} ORDER BY ${spend("e.category = 'opera'")} DESC LIMIT 5`,
  },
  {
    id: 'h10-en-23', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who attended at least 10 different events but never a symphony concert',
    sql: `${CUST} AND ${visits()} >= 10 AND ${neverBought("e.category = 'symphony'")}`,
  },
  {
    id: 'h10-en-24', language: 'en', partner: 1002, outcome: 'customers',
    question: "customers whose favourite genre is Comedy but who haven't booked any comedy since 2025",
    sql: `${CUST} AND ${prop('Favourite genre', 'Comedy')} AND ${neverBought(`e.category = 'comedy' AND t.sold_at >= '2025-01-01'`)}`,
    note: 'booked since: sale time',
  },
  {
    id: 'h10-en-25', language: 'en', partner: 1002, outcome: 'customers',
    question: 'I need the new customers this year from Manchester',
    sql: `${CUST} AND c.city = 'Manchester' AND ${range('c.created_at', '2026-01-01', '2027-01-01')}`,
  },
  {
    id: 'h10-en-26', language: 'en', partner: 1002, outcome: 'customers',
    question: "customers with postcodes starting S1 who spent more than £500 on last season's events",
    sql: `${CUST} AND c.postal_code ILIKE 'S1%' AND ${spend(LAST_SEASON)} > 50000`,
  },
  {
    id: 'h10-en-27', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who have tickets for The Magic Flute but not for Rigoletto',
    sql: `${CUST} AND ${bought(title('The Magic Flute'))} AND ${neverBought(title('Rigoletto'))}`,
  },
  {
    id: 'h10-en-28', language: 'en', partner: 1002, outcome: 'customers',
    question: 'Ms customers born after 1995 with a Silver subscription',
    sql: `${CUST} AND c.salutation = 'Ms' AND c.birth_year > 1995 AND ${prop('Subscription', 'Silver')}`,
  },
  {
    id: 'h10-en-29', language: 'en', partner: 1002, outcome: 'events',
    question: 'shows at the Manchester Grand Theatre in January 2026 that sold more than 80%',
    sql: `${EVT} AND ${venueOf()} = 'Manchester Grand Theatre' AND ${range('e.start_date_time', '2026-01-01', '2026-02-01')} AND ${soldPercent()} > 80`,
  },
  {
    id: 'h10-en-30', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming gigs in Edinburgh',
    sql: `${EVT} AND ${cityOf()} = 'Edinburgh' AND ${UPCOMING}`,
  },
  {
    id: 'h10-en-31', language: 'en', partner: 1002, outcome: 'events',
    question: 'musicals this season with less than 40% sold',
    sql: `${EVT} AND e.category = 'operetta_musical' AND ${THIS_SEASON} AND ${soldPercent()} < 40`,
  },
  {
    id: 'h10-en-32', language: 'en', partner: 1002, outcome: 'events',
    question: 'events featuring Glass Avenue',
    sql: `${EVT} AND ${eventNames('Glass Avenue')}`,
  },
  {
    id: 'h10-en-33', language: 'en', partner: 1002, outcome: 'events', ordered: true,
    question: 'bottom 5 events of 2025 by revenue',
    sql: `${EVT} AND ${range('e.start_date_time', '2025-01-01', '2026-01-01')} ORDER BY ${revenue()} ASC LIMIT 5`,
  },
  {
    id: 'h10-en-34', language: 'en', partner: 1002, outcome: 'events',
    question: 'Saturday events in the Main Hall since September',
    sql: `${EVT} AND ${hallOf()} = 'Main Hall' AND ${dow()} = 6 AND ${range('e.start_date_time', '2026-09-01', '2026-11-24T00:00:00Z')}`,
  },
  {
    id: 'h10-en-35', language: 'en', partner: 1002, outcome: 'events',
    question: 'events in 2026 with more than 2000 seats that are neither rock/pop nor comedy',
    sql: `${EVT} AND ${range('e.start_date_time', '2026-01-01', '2027-01-01')} AND e.capacity > 2000 AND e.category NOT IN ('rock_pop', 'comedy')`,
  },
  {
    id: 'h10-en-36', language: 'en', partner: 1002, outcome: 'transactions',
    question: "can you pull up all sales for next week's events",
    sql: `${TX} AND ${range('e.start_date_time', '2026-11-30', '2026-12-07')}`,
  },
  {
    id: 'h10-en-37', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'Google Pay transactions on 12 November',
    sql: `${TX} AND t.payment_method = 'Google Pay' AND ${range('t.sold_at', '2026-11-12', '2026-11-13')}`,
  },
  {
    id: 'h10-en-38', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'which Star Catcher bookings got cancelled?',
    sql: `${TX} AND t.ticket_type = 'cancelled' AND ${title('Star Catcher')}`,
  },
  {
    id: 'h10-en-39', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions paid with gift voucher in October over £120',
    sql: `${TX} AND t.payment_method = 'Gift Voucher' AND ${range('t.sold_at', '2026-10-01', '2026-11-01')} AND t.amount_minor > 12000`,
  },
  {
    id: 'h10-en-40', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions with more than £80 discount for Sheffield events last month',
    sql: `${TX} AND t.discount_minor > 8000 AND ${cityOf()} = 'Sheffield' AND ${range('t.sold_at', '2026-10-01', '2026-11-01')}`,
    note: 'the place is the event\'s, "last month" the sale\'s (a transaction\'s own date)',
  },
];
