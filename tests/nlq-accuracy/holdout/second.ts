// The second Sentinel hold-out (issue 21 §3): 60 questions (30 de, 30 en, both partners, all three
// outcomes) written from RULES.md, the schema and the demo data by someone who had not read the
// engine, its docs or its tests. Expected SQL is hand-written over the BASE tables from each
// question's meaning (NOW = 2026-11-24T00:00:00Z, season 1 Aug – 31 Jul) and never tuned to the
// engine. The engine's authors do not open this file.
import type { AccuracyQuestion } from '../types';
import { VENUE_JOIN, eventNames, soldPercent } from '../sql-parts';

const BOUGHT = `t.ticket_type <> 'cancelled'`;

export const HOLDOUT_2: AccuracyQuestion[] = [
  // ---------- German, customers ----------
  {
    id: 'hd2-01', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden die letzte saison in der oper waren aber nie im ballett',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'opera'
                          AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'ballet')`,
    note: 'Season on the opera visits (event start); "nie im Ballett" over all time, cancelled rows do not count.',
  },
  {
    id: 'hd2-02', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer hat seit januar mehr als 1500 € ausgegeben',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t
            WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND ${BOUGHT}
              AND t.sold_at >= '2026-01-01' AND t.sold_at < '2026-11-24'
            GROUP BY t.customer_id HAVING sum(t.amount_minor) > 150000`,
    note: 'Spending speaks of buying: the sale time.',
  },
  {
    id: 'hd2-03', language: 'de', partner: 1001, outcome: 'customers',
    question: 'kunden plz bereich 53 ohne werbesperre',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.postal_code LIKE '53%' AND NOT c.ads_opt_out`,
  },
  {
    id: 'hd2-04', language: 'de', partner: 1001, outcome: 'customers',
    question: 'Jahrgang 1980 bis 1985 die schon mal kabarett gebucht haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year BETWEEN 1980 AND 1985
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'comedy')`,
  },
  {
    id: 'hd2-05', language: 'de', partner: 1001, outcome: 'customers',
    question: 'die 10 besten kunden nach umsatz',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t
            WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND ${BOUGHT}
            GROUP BY t.customer_id ORDER BY sum(t.amount_minor) DESC, t.customer_id LIMIT 10`,
    ordered: true,
  },
  {
    id: 'hd2-06', language: 'de', partner: 1001, outcome: 'customers',
    question: 'abo gold kunden mit newsletter nein',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = 'Abonnement' AND p.content = 'Gold')
            AND EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = 'Newsletter' AND p.content = 'nein')`,
  },
  {
    id: 'hd2-07', language: 'de', partner: 1001, outcome: 'customers',
    question: 'wer war schonmal im kammermusiksaal, jahrgang vor 1950',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year < 1950
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND h.name = 'Kammermusiksaal')`,
  },
  {
    id: 'hd2-08', language: 'de', partner: 1002, outcome: 'customers',
    question: 'neukunden seit september aus manchester',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Manchester'
            AND c.created_at >= '2026-09-01' AND c.created_at < '2026-11-24'`,
  },
  {
    id: 'hd2-09', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden die la boheme gesehen haben',
    sql: `SELECT DISTINCT t.customer_id AS id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND ${BOUGHT} AND e.title ILIKE '%Bohème%'`,
    note: 'Typed without the accent; the title is "La Bohème".',
  },
  {
    id: 'hd2-10', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden mit mindestens 3 verschiedenen musicals',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND ${BOUGHT} AND e.category = 'operetta_musical'
            GROUP BY t.customer_id HAVING count(DISTINCT e.id) >= 3`,
  },
  {
    id: 'hd2-11', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden aus edinburgh, die noch nie was gekauft haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Edinburgh'
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${BOUGHT})`,
  },
  {
    id: 'hd2-12', language: 'de', partner: 1002, outcome: 'customers',
    question: 'kunden die nur stornierte tickets haben',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND t.ticket_type = 'cancelled')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${BOUGHT})`,
  },
  // ---------- German, events ----------
  {
    id: 'hd2-13', language: 'de', partner: 1001, outcome: 'events',
    question: 'opern im großen haus ab märz',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'opera'
            AND h.name = 'Großes Haus' AND e.start_date_time >= '2026-03-01'`,
    note: '"ab März" = from 1 March 2026 with no end (future events included).',
  },
  {
    id: 'hd2-14', language: 'de', partner: 1001, outcome: 'events',
    question: 'kommende termine in essen bis ende dezember',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Essen'
            AND e.start_date_time >= '2026-11-24' AND e.start_date_time < '2027-01-01'`,
  },
  {
    id: 'hd2-15', language: 'de', partner: 1001, outcome: 'events',
    question: 'veranstalltungen letzte saison mit über 90% auslastung',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner
            AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'
            AND ${soldPercent('e')} > 90`,
  },
  {
    id: 'hd2-16', language: 'de', partner: 1002, outcome: 'events',
    question: 'welche theater vorstellungen waren im oktober',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'theatre'
            AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`,
  },
  {
    id: 'hd2-17', language: 'de', partner: 1001, outcome: 'events',
    question: 'die 5 termine mit dem meisten umsatz diese saison',
    sql: `SELECT e.id FROM events e LEFT JOIN ticket_transactions t ON t.event_id = e.id AND ${BOUGHT}
            WHERE e.partner_id = :partner AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'
            GROUP BY e.id ORDER BY COALESCE(sum(t.amount_minor), 0) DESC, e.id LIMIT 5`,
    ordered: true,
    note: 'The season is the events\' start; their revenue counts every non-cancelled sale.',
  },
  {
    id: 'hd2-18', language: 'de', partner: 1002, outcome: 'events',
    question: 'rock pop in manchester oder sheffield diese saison',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'rock_pop'
            AND v.city IN ('Manchester', 'Sheffield') AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01'`,
  },
  {
    id: 'hd2-19', language: 'de', partner: 1001, outcome: 'events',
    question: 'kommende veranstaltungen mit benchmark über 50 %',
    sql: `SELECT e.id FROM events e JOIN event_forecasts f ON f.event_id = e.id
            WHERE e.partner_id = :partner AND e.start_date_time >= '2026-11-24' AND f.now_benchmark > 50`,
  },
  {
    id: 'hd2-20', language: 'de', partner: 1002, outcome: 'events',
    question: 'comedy in manchester aber nicht in the attic',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'comedy'
            AND v.city = 'Manchester' AND h.name <> 'The Attic'`,
  },
  {
    id: 'hd2-21', language: 'de', partner: 1002, outcome: 'events',
    question: 'hamlet vorstellungen nach 2026',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.title ILIKE '%Hamlet%'
            AND e.start_date_time >= '2027-01-01'`,
  },
  {
    id: 'hd2-22', language: 'de', partner: 1002, outcome: 'events',
    question: 'events in sheffield mit weniger als 600 plätzen',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.city = 'Sheffield' AND e.capacity < 600`,
  },
  // ---------- German, transactions ----------
  {
    id: 'hd2-23', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'stornos von gestern',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled'
            AND t.sold_at >= '2026-11-23' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'hd2-24', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'freikarten für die zauberflöte',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'free' AND e.title ILIKE '%Zauberflöte%'`,
  },
  {
    id: 'hd2-25', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'buchungen über 500 euro im oktober',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 50000
            AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
    note: 'Listing transactions: cancelled rows included; October is the sale time.',
  },
  {
    id: 'hd2-26', language: 'de', partner: 1001, outcome: 'transactions',
    question: 'verkäufe für die vorstellungen nächste woche',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND e.start_date_time >= '2026-11-30' AND e.start_date_time < '2026-12-07'`,
    note: 'The week is on the events; every row listed, cancelled ones included.',
  },
  {
    id: 'hd2-27', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'ermäßigte tickets für comedy seit anfang oktober',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'discount' AND e.category = 'comedy'
              AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-24'`,
    note: 'ermäßigt = ticket type discount (not regular_discount); "seit" on the sale time, until now.',
  },
  {
    id: 'hd2-28', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'transaktionen mit mehr als 250 pfund rabatt',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.discount_minor > 25000`,
  },
  {
    id: 'hd2-29', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'abo buchungen in cardiff seit 1.9.',
    sql: `SELECT t.id FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'subscription' AND v.city = 'Cardiff'
              AND t.sold_at >= '2026-09-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'hd2-30', language: 'de', partner: 1002, outcome: 'transactions',
    question: 'reservierte tickets für kommende shows auf der main stage',
    sql: `SELECT t.id FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'reserved' AND h.name = 'Main Stage'
              AND e.start_date_time >= '2026-11-24'`,
  },
  // ---------- English, customers ----------
  {
    id: 'he2-01', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers who went to a musical last season but not this season',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'operetta_musical'
                          AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'operetta_musical'
                          AND e.start_date_time >= '2026-08-01' AND e.start_date_time < '2027-08-01')`,
    note: 'Both seasons on the musicals\' start (musical = operetta_musical).',
  },
  {
    id: 'he2-02', language: 'en', partner: 1002, outcome: 'customers',
    question: 'top 5 customers by tickets bought',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t
            WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND ${BOUGHT}
            GROUP BY t.customer_id ORDER BY sum(t.quantity) DESC, t.customer_id LIMIT 5`,
    ordered: true,
  },
  {
    id: 'he2-03', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers with postcode starting CF1',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND upper(c.postal_code) LIKE 'CF1%'`,
    note: 'As typed: CF1, CF10, CF11 … alike.',
  },
  {
    id: 'he2-04', language: 'en', partner: 1002, outcome: 'customers',
    question: 'people born in the 90s who saw a comedy show in 2025',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.birth_year BETWEEN 1990 AND 1999
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'comedy'
                          AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01')`,
    note: '"saw … in 2025" = the events\' start.',
  },
  {
    id: 'he2-05', language: 'en', partner: 1002, outcome: 'customers',
    question: 'favourite genre theatre but never been to a comedy show',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = 'Favourite genre' AND p.content = 'Theatre')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                            WHERE t.customer_id = c.id AND ${BOUGHT} AND e.category = 'comedy')`,
  },
  {
    id: 'he2-06', language: 'en', partner: 1002, outcome: 'customers',
    question: 'gold subscription members living in sheffield',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Sheffield'
            AND EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = 'Subscription' AND p.content = 'Gold')`,
    note: 'The custom property Subscription = Gold (not the ticket type).',
  },
  {
    id: 'he2-07', language: 'en', partner: 1002, outcome: 'customers',
    question: 'customers that spent more than 1000 pounds on musicals',
    sql: `SELECT t.customer_id AS id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.customer_id IS NOT NULL AND ${BOUGHT} AND e.category = 'operetta_musical'
            GROUP BY t.customer_id HAVING sum(t.amount_minor) > 100000`,
  },
  {
    id: 'he2-08', language: 'en', partner: 1001, outcome: 'customers',
    question: 'who opted out of ads and bought tickets last month',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.ads_opt_out
            AND EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${BOUGHT}
                          AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01')`,
    note: '"bought … last month" = sale time.',
  },
  {
    id: 'he2-09', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers from bonn that were at the opernhaus bonn more than 5 times',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner AND c.city = 'Bonn'
            AND (SELECT count(DISTINCT e.id) FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
                 WHERE t.customer_id = c.id AND ${BOUGHT} AND v.name = 'Opernhaus Bonn') > 5`,
    note: 'Visits = distinct events.',
  },
  {
    id: 'he2-10', language: 'en', partner: 1001, outcome: 'customers',
    question: 'new customers in october',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND c.created_at >= '2026-10-01' AND c.created_at < '2026-11-01'`,
  },
  {
    id: 'he2-11', language: 'en', partner: 1001, outcome: 'customers',
    question: 'customers which booked lohengrin but not the fliegende holländer',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.title ILIKE '%Lohengrin%')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t JOIN events e ON e.id = t.event_id
                        WHERE t.customer_id = c.id AND ${BOUGHT} AND e.title ILIKE '%fliegende Holländer%')`,
  },
  {
    id: 'he2-12', language: 'en', partner: 1001, outcome: 'customers',
    question: 'member since 2023, no purchase this year',
    sql: `SELECT c.id FROM customers c WHERE c.partner_id = :partner
            AND EXISTS (SELECT 1 FROM customer_properties p WHERE p.customer_id = c.id AND p.label = 'Mitglied seit' AND p.content = '2023')
            AND NOT EXISTS (SELECT 1 FROM ticket_transactions t WHERE t.customer_id = c.id AND ${BOUGHT}
                              AND t.sold_at >= '2026-01-01' AND t.sold_at < '2027-01-01')`,
    note: 'Custom property "Mitglied seit" = 2023 (asked in English); "purchase this year" = sale time in 2026.',
  },
  // ---------- English, events ----------
  {
    id: 'he2-13', language: 'en', partner: 1002, outcome: 'events',
    question: 'shows in the main hall starting 1 december',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND h.name = 'Main Hall'
            AND e.start_date_time >= '2026-12-01'`,
    note: '"starting <date>" = from that day on, no end.',
  },
  {
    id: 'he2-14', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming gigs at the cardiff dome',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND v.name = 'The Cardiff Dome'
            AND e.start_date_time >= '2026-11-24'`,
  },
  {
    id: 'he2-15', language: 'en', partner: 1002, outcome: 'events',
    question: 'top 3 events last season by tickets sold',
    sql: `SELECT e.id FROM events e LEFT JOIN ticket_transactions t ON t.event_id = e.id AND ${BOUGHT}
            WHERE e.partner_id = :partner AND e.start_date_time >= '2025-08-01' AND e.start_date_time < '2026-08-01'
            GROUP BY e.id ORDER BY COALESCE(sum(t.quantity), 0) DESC, e.id LIMIT 3`,
    ordered: true,
  },
  {
    id: 'he2-16', language: 'en', partner: 1002, outcome: 'events',
    question: 'upcoming shows under 20% sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.start_date_time >= '2026-11-24'
            AND ${soldPercent('e')} < 20`,
  },
  {
    id: 'he2-17', language: 'en', partner: 1002, outcome: 'events',
    question: 'musicals with a price above 40 pounds',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'operetta_musical'
            AND COALESCE(e.price, (SELECT sum(t.amount_minor) / 100.0 / NULLIF(sum(t.quantity), 0)
                                   FROM ticket_transactions t WHERE t.event_id = e.id AND ${BOUGHT})) > 40`,
    note: 'An event\'s price = events.price, else revenue ÷ tickets.',
  },
  {
    id: 'he2-18', language: 'en', partner: 1001, outcome: 'events',
    question: 'comedy next season not in essen',
    sql: `SELECT e.id FROM events e LEFT JOIN halls h ON h.id = e.hall_id LEFT JOIN venues v ON v.id = h.venue_id
            WHERE e.partner_id = :partner AND e.category = 'comedy' AND v.city IS DISTINCT FROM 'Essen'
              AND e.start_date_time >= '2027-08-01' AND e.start_date_time < '2028-08-01'`,
    note: 'An event without a hall is not in Essen either.',
  },
  {
    id: 'he2-19', language: 'en', partner: 1001, outcome: 'events',
    question: 'ballet or dance in bonn 2025',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category IN ('ballet', 'dance')
            AND v.city = 'Bonn' AND e.start_date_time >= '2025-01-01' AND e.start_date_time < '2026-01-01'`,
  },
  {
    id: 'he2-20', language: 'en', partner: 1001, outcome: 'events',
    question: 'which operas have more then 1000 tickets sold',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND e.category = 'opera'
            AND (SELECT COALESCE(sum(t.quantity), 0) FROM ticket_transactions t WHERE t.event_id = e.id AND ${BOUGHT}) > 1000`,
    note: 'Typo "then" for "than".',
  },
  {
    id: 'he2-21', language: 'en', partner: 1001, outcome: 'events',
    question: 'events with mozart until end of march',
    sql: `SELECT e.id FROM events e WHERE e.partner_id = :partner AND ${eventNames('Mozart')}
            AND e.start_date_time < '2026-04-01'`,
    note: '"until the end of March" = up to 31 March 2026, no start.',
  },
  {
    id: 'he2-22', language: 'en', partner: 1001, outcome: 'events',
    question: 'symphony concerts in köln between 1 march and 30 june',
    sql: `SELECT e.id FROM ${VENUE_JOIN} WHERE e.partner_id = :partner AND e.category = 'symphony'
            AND v.city = 'Köln' AND e.start_date_time >= '2026-03-01' AND e.start_date_time < '2026-07-01'`,
  },
  // ---------- English, transactions ----------
  {
    id: 'he2-23', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'cancelled tickets for twelfth night',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.title ILIKE '%Twelfth Night%'`,
  },
  {
    id: 'he2-24', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'transactions over 200 pounds yesterday',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.amount_minor > 20000
            AND t.sold_at >= '2026-11-23' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'he2-25', language: 'en', partner: 1002, outcome: 'transactions',
    question: 'free tickets since august',
    sql: `SELECT t.id FROM ticket_transactions t WHERE t.partner_id = :partner AND t.ticket_type = 'free'
            AND t.sold_at >= '2026-08-01' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'he2-26', language: 'en', partner: 1002, outcome: 'transactions',
    question: "bookings for october's shows in edinburgh",
    sql: `SELECT t.id FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
            WHERE t.partner_id = :partner AND v.city = 'Edinburgh'
              AND e.start_date_time >= '2026-10-01' AND e.start_date_time < '2026-11-01'`,
    note: '"October\'s shows" = event start; listing: cancelled rows included.',
  },
  {
    id: 'he2-27', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'sales for fidelio in the last 30 days',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND e.title ILIKE '%Fidelio%'
              AND t.sold_at >= '2026-10-25' AND t.sold_at < '2026-11-24'`,
  },
  {
    id: 'he2-28', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'subscription tickets sold this season for bonn',
    sql: `SELECT t.id FROM ticket_transactions t JOIN ${VENUE_JOIN} ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'subscription' AND v.city = 'Bonn'
              AND t.sold_at >= '2026-08-01' AND t.sold_at < '2027-08-01'`,
    note: '"sold this season" = sale time; Bonn = the events\' city.',
  },
  {
    id: 'he2-29', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'regular price comedy tickets over 100 eur last month',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'regular' AND e.category = 'comedy'
              AND t.amount_minor > 10000 AND t.sold_at >= '2026-10-01' AND t.sold_at < '2026-11-01'`,
  },
  {
    id: 'he2-30', language: 'en', partner: 1001, outcome: 'transactions',
    question: 'cancellations for upcoming rock concerts',
    sql: `SELECT t.id FROM ticket_transactions t JOIN events e ON e.id = t.event_id
            WHERE t.partner_id = :partner AND t.ticket_type = 'cancelled' AND e.category = 'rock_pop'
              AND e.start_date_time >= '2026-11-24'`,
  },
];
