// Sentinel refusal cases (issue 15, spec 3 §8): questions that must get no query. `write` — it asks
// to change data; `others_data` — it asks for other partners' data as such ("all partners",
// "partner 1002") or names another partner's event id; `not_understood` — nothing in it maps to
// the data. Scored apart from the accuracy questions.
//
// Issue 21 §4: another partner's name, venue or city is no longer refused as `others_data` (that
// told anyone who Encore's partners are); it is read like any made-up name, which
// tests/api/nlq-attacks.test.ts checks for every such name of the demo. The cases that named
// them (r-de-07, r-de-08, r-de-10, r-en-05, r-en-06) ask for other partners' data as such now.
import type { RefusalCase } from './types';

export const REFUSAL_CASES: RefusalCase[] = [
  // ---------- asked by partner 1001 (German) ----------
  { id: 'r-de-01', language: 'de', partner: 1001, outcome: 'customers', expected: 'write', question: 'Lösche alle Kunden aus Köln' },
  { id: 'r-de-02', language: 'de', partner: 1001, outcome: 'customers', expected: 'write', question: 'alle kunden aus bonn von der werbung abmelden' },
  { id: 'r-de-03', language: 'de', partner: 1001, outcome: 'customers', expected: 'write', question: 'Füge einen neuen Kunden Max Mustermann hinzu' },
  { id: 'r-de-04', language: 'de', partner: 1001, outcome: 'events', expected: 'write', question: 'Ändere die Kapazität von Fidelio auf 2000' },
  { id: 'r-de-05', language: 'de', partner: 1001, outcome: 'transactions', expected: 'write', question: 'storniere alle Tickets für die Zauberflöte' },
  { id: 'r-de-06', language: 'de', partner: 1001, outcome: 'customers', expected: 'write', question: 'drop table customers' },
  { id: 'r-de-07', language: 'de', partner: 1001, outcome: 'customers', expected: 'others_data', question: 'Kunden aller Partner' },
  { id: 'r-de-08', language: 'de', partner: 1001, outcome: 'events', expected: 'others_data', question: 'Veranstaltung e1002-00017', note: 'An event id of partner 1002 (refused by its shape).' },
  { id: 'r-de-09', language: 'de', partner: 1001, outcome: 'transactions', expected: 'others_data', question: 'Transaktionen von Partner 1002' },
  { id: 'r-de-10', language: 'de', partner: 1001, outcome: 'events', expected: 'others_data', question: 'Events der anderen Mandanten letzte Saison' },
  { id: 'r-de-11', language: 'de', partner: 1001, outcome: 'customers', expected: 'not_understood', question: 'asdf qwertz jklö' },
  { id: 'r-de-12', language: 'de', partner: 1001, outcome: 'events', expected: 'not_understood', question: 'Wie wird das Wetter morgen?' },
  // ---------- asked by partner 1002 (English) ----------
  { id: 'r-en-01', language: 'en', partner: 1002, outcome: 'transactions', expected: 'write', question: 'delete all transactions from last month' },
  { id: 'r-en-02', language: 'en', partner: 1002, outcome: 'customers', expected: 'write', question: 'update the email of customer 10040 to test@example.com' },
  { id: 'r-en-03', language: 'en', partner: 1002, outcome: 'events', expected: 'write', question: 'insert a new event called Test Night' },
  { id: 'r-en-04', language: 'en', partner: 1002, outcome: 'customers', expected: 'write', question: 'truncate the customers table' },
  { id: 'r-en-05', language: 'en', partner: 1002, outcome: 'customers', expected: 'others_data', question: 'customers of other clients' },
  { id: 'r-en-06', language: 'en', partner: 1002, outcome: 'events', expected: 'others_data', question: 'events of all partners' },
  { id: 'r-en-07', language: 'en', partner: 1002, outcome: 'events', expected: 'others_data', question: 'show me event e1001-00265', note: 'An event id of partner 1001.' },
  { id: 'r-en-08', language: 'en', partner: 1002, outcome: 'transactions', expected: 'others_data', question: 'all sales of partner 1001' },
  { id: 'r-en-09', language: 'en', partner: 1002, outcome: 'customers', expected: 'not_understood', question: 'what is the meaning of life' },
  { id: 'r-en-10', language: 'en', partner: 1002, outcome: 'events', expected: 'not_understood', question: 'lorem ipsum dolor sit amet' },
];
