// The shape of the Sentinel accuracy set (issue 15): a question as staff type it, the partner and
// outcome it is asked for, and the expected answer as hand-written SQL over the BASE tables.
import type { Entity, Refusal } from '../../src/server/engines/nlq/typed-query';

export type Language = 'en' | 'de';

/** The two demo partners (src/server/demo/accounts.ts). */
export type DemoPartner = 1001 | 1002;

export interface AccuracyQuestion {
  /** Stable id: `de-…` / `en-…`. */
  id: string;
  language: Language;
  partner: DemoPartner;
  outcome: Entity;
  question: string;
  /**
   * The expected ids: one SELECT over the base tables (customers, events, venues, halls,
   * ticket_transactions, customer_properties, event_forecasts) returning one column `id`.
   * `:partner` is replaced by the asking partner's id. Dates are literal, computed from the fixed
   * now of rules.ts (NOW).
   */
  sql: string;
  /** Top-N questions: the ORDER of the ids is part of the answer (the SQL orders them). */
  ordered?: boolean;
  note?: string;
}

export interface RefusalCase {
  id: string;
  language: Language;
  partner: DemoPartner;
  outcome: Entity;
  question: string;
  expected: Refusal;
  note?: string;
}
