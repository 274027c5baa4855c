// Hold-out refusal cases (issue 21 §2, §3; spec 3 §8): questions that must get no query, phrased
// as staff type them. `write` — it asks to change data; `others_data` — other partners' data as
// such, or another partner's event id; `not_understood` — nothing in it can be placed, an
// impossible date, or another partner's city/venue (read like a made-up word, issue 21 §4).
import type { RefusalCase } from '../types';

export const HOLDOUT_REFUSAL_CASES: RefusalCase[] = [
  { id: 'r-de-h01', language: 'de', partner: 1001, outcome: 'customers', expected: 'write', question: 'setz bitte bei allen kunden aus essen die werbesperre' },
  { id: 'r-de-h02', language: 'de', partner: 1001, outcome: 'events', expected: 'write', question: 'Verschiebe Fidelio auf nächste Woche' },
  { id: 'r-de-h03', language: 'de', partner: 1001, outcome: 'transactions', expected: 'write', question: 'alle stornierten Buchungen vom Oktober endgültig entfernen' },
  { id: 'r-de-h04', language: 'de', partner: 1001, outcome: 'customers', expected: 'others_data', question: 'Kunden von allen anderen Veranstaltern' },
  { id: 'r-de-h05', language: 'de', partner: 1001, outcome: 'transactions', expected: 'others_data', question: 'Buchungen für e1002-00250' },
  { id: 'r-de-h06', language: 'de', partner: 1001, outcome: 'events', expected: 'not_understood', question: 'Veranstaltungen am 31.02.2026' },
  { id: 'r-de-h07', language: 'de', partner: 1001, outcome: 'customers', expected: 'not_understood', question: 'wie spät ist es in Tokio' },
  { id: 'r-de-h08', language: 'de', partner: 1001, outcome: 'events', expected: 'not_understood', question: 'Veranstaltungen im Cardiff Dome' },
  { id: 'r-en-h01', language: 'en', partner: 1002, outcome: 'customers', expected: 'write', question: 'please opt all manchester customers out of marketing' },
  { id: 'r-en-h02', language: 'en', partner: 1002, outcome: 'events', expected: 'write', question: 'rename Hamlet to Hamlet (new production)' },
  { id: 'r-en-h03', language: 'en', partner: 1002, outcome: 'transactions', expected: 'write', question: 'refund every ticket sold for The Tempest' },
  { id: 'r-en-h04', language: 'en', partner: 1002, outcome: 'events', expected: 'others_data', question: "show me every other promoter's events" },
  { id: 'r-en-h05', language: 'en', partner: 1002, outcome: 'customers', expected: 'others_data', question: 'customers who bought e1001-00300' },
  { id: 'r-en-h06', language: 'en', partner: 1002, outcome: 'events', expected: 'not_understood', question: 'events on 30 February 2026' },
  { id: 'r-en-h07', language: 'en', partner: 1002, outcome: 'customers', expected: 'not_understood', question: 'who won the football last night' },
  { id: 'r-en-h08', language: 'en', partner: 1002, outcome: 'events', expected: 'not_understood', question: 'shows at the Opernhaus Bonn' },
];
