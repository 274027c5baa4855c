// Sentinel on the wire — spec 3 §2 (Sentinel page, customer detail), §3 (question, answer, result
// tables, customer sales summary), §4 (task flow), §7 (/nlq*, /customers/*), §8, §9; issue 15.
// All calls need the sentinel permission (src/lib/routes.ts API_RULES); every query is scoped to
// the viewer's partner, and a question's rows are read through the sentinel views under
// row-level security (docs/SENTINEL.md).
//
// Calls (all under /api/v3):
//   GET    /nlq/ids_from_nl_description?description=&result_type=&language=
//            → 202 AskResponse {task_id, timestamp}. The question is parsed at once: a refusal is
//            a 400 (error.nlq.attempt_to_write_detected | error.nlq.attempt_to_access_others_data |
//            error.nlq.not_understood with data.understood listing what was understood).
//            The task (GET /tasks/{id}) ends SUCCESS with result = NlqAnswer.
//   POST   /nlq/ids_from_nl_description?nlq_id=  → 202 AskResponse (ask a stored question again)
//   GET    /nlq/data_from_ids?nlq_id=&id=&id=…  (≤ 50 ids) → 200 DataFromIdsResponse
//   PUT    /nlq/{id}?name=&save=true|false       → 200 SavedQuestion (save/unsave, rename)
//   GET    /nlq                                   → 200 SavedQuestionsResponse (the user's saved)
//   GET    /nlq/{id}                              → 200 NlqAnswer (the stored answer, for task_id/reload)
//   DELETE /nlq/{id}                              → 204
//   POST   /nlq/cancel/{task_id}                  → 204 (revokes a running question)
//   POST   /nlq/export_file_from_ids  ExportBody  → 200 blob Sentinel.csv | Sentinel.xlsx
//   GET    /customers/{id}                        → 200 {data: CustomerDetail, error: null}
//   GET    /customers/sales_summary/{id}          → 200 {data: CustomerSalesSummary, error: null}
// Errors (ARCHITECTURE §3): 400 error.validation.invalid, 400 error.nlq.* above, 403
// error.auth.forbidden (subcode sentinel), 404 error.common.notFound (another partner's question
// or customer), 409 error.nlq.expired (ids asked from an answer older than 48 h: ask again).
import { z } from 'zod';
import { text } from './common';
import { SENTINEL } from '../sentinel-constants';

export const RESULT_TYPES = ['customers', 'transactions', 'events'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export const NLQ_LANGUAGES = ['en', 'de'] as const;

export { SENTINEL, NLQ_ERROR_CODES } from '../sentinel-constants';

export const AskQuery = z.object({
  description: text().trim().min(1).max(SENTINEL.questionMax),
  result_type: z.enum(RESULT_TYPES),
  language: z.enum(NLQ_LANGUAGES).default('en'),
});
export type AskQuery = z.infer<typeof AskQuery>;
export const AskAgainQuery = z.object({ nlq_id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const AskResponse = z.object({ task_id: z.string(), timestamp: z.number(), nlq_id: z.number().int() });
export type AskResponse = z.infer<typeof AskResponse>;

/** One condition of the query summary: entity tag (spec 3 §3), parameter label, operator as in SQL, value text. */
export const NlqFilter = z.object({
  entity: z.enum(['e', 'c', 't', 'ccp']),
  parameter: z.string(),
  operator: z.enum(['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'ILIKE', 'IN', 'NOT IN', 'IS', 'IS NOT']),
  value: z.string(),
  /** The condition as text, e.g. "e.category = 'opera'" (spec 3 §3 "filters (text conditions tagged by entity letters)"). */
  text: z.string(),
  /**
   * What the parameter is, so the page names it in the user's language (sentinel.fields.*): a
   * semantic field "c.city", a measure "measure.tickets", or a custom property "ccp.<label>".
   * Absent in answers stored before it existed: then `parameter` is shown.
   */
  field: z.string().optional(),
  /** An alternative to the conditions before it (the query's anyOf): the page reads it "or …". */
  alternative: z.boolean().optional(),
});
export type NlqFilter = z.infer<typeof NlqFilter>;

/** spec 3 §3 Answer; also the SUCCESS result of the task. ids are strings (event ids are text). */
export const NlqAnswer = z.object({
  query_id: z.number().int(),
  name: z.string().nullable(),
  original_description: z.string(),
  result_type: z.enum(RESULT_TYPES),
  language: z.enum(NLQ_LANGUAGES),
  num_results: z.number().int(),
  data: z.array(z.string()),
  query: z.string(),
  parameters: z.array(z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))])),
  filters: z.array(NlqFilter),
  /** Epoch seconds. */
  task_completed_at: z.number().nullable(),
  /** Whether the result hit the row cap (more rows matched than kept). */
  truncated: z.boolean(),
  saved: z.boolean(),
});
export type NlqAnswer = z.infer<typeof NlqAnswer>;

export const DataFromIdsQuery = z.object({
  nlq_id: z.coerce.number().int().min(1).max(2_147_483_647),
  id: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(text().min(1).max(200)).max(SENTINEL.pageSize)),
});

/** spec 3 §3 result tables. */
export const CustomerRow = z.object({
  id: z.string(),
  salutation: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  street: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  email_2: z.string().nullable(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  ads_opt_out: z.boolean(),
});
export const EventRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  capacity: z.number(),
  price_category: z.string().nullable(),
  city: z.string().nullable(),
  venues: z.string().nullable(),
  halls: z.string().nullable(),
  lineups: z.array(z.object({ artist_name: z.string() })),
  setlists: z.array(z.object({ composer: z.string(), title: z.string() })),
  /** The forecast: shares of capacity in % (sales_prediction: predicted tickets); null for the prisma product type (hidden there). */
  already_sold: z.number().nullable(),
  prediction: z.number().nullable(),
  sales_prediction: z.number().nullable(),
  benchmark: z.number().nullable(),
});
export const TransactionRow = z.object({
  id: z.string(),
  event_id: z.string(),
  customer_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  ticket_type: z.string(),
  date: z.string(),
  time: z.string(),
  sold_price: z.number(),
  ground_price: z.number().nullable(),
  discount: z.number().nullable(),
  ticket_category: z.string(),
  raw_ticket_category: z.string().nullable(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  seat_id: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;
export type EventRow = z.infer<typeof EventRow>;
export type TransactionRow = z.infer<typeof TransactionRow>;

/**
 * Sum and average over the WHOLE answer (not the page) of the measures of events and transactions.
 * null where the aggregation does not fit the measure's unit (no sum of shares, src/lib/sentinel/columns.ts
 * MEASURES) or no row has a value (averages skip missing values).
 */
export const Aggregations = z.record(z.string(), z.object({ sum: z.number().nullable(), average: z.number().nullable() }));
/**
 * "revenue per category": the same sums and averages per value of the typed query's groupBy field
 * (issue 15 extension of spec 3 §3; absent without a groupBy). `field` is the tagged field, e.g. "e.category".
 */
export const AggregationGroup = z.object({ field: z.string(), value: z.string().nullable(), count: z.number().int(), aggregations: Aggregations });
export const DataFromIdsResponse = z.object({
  data: z.array(z.union([CustomerRow, EventRow, TransactionRow])),
  aggregations: Aggregations,
  groups: z.array(AggregationGroup).optional(),
  /** The partner's currency (ISO 4217), for the money of the aggregates. */
  currency: z.string().optional(),
});
export type DataFromIdsResponse = z.infer<typeof DataFromIdsResponse>;

export const SaveQuery = z.object({
  name: text().trim().min(1).max(200).optional(),
  save: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export const NlqIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const SavedQuestion = z.object({
  id: z.number().int(),
  name: z.string(),
  original_description: z.string(),
  result_type: z.enum(RESULT_TYPES),
  language: z.enum(NLQ_LANGUAGES),
  num_results: z.number().int(),
  task_completed_at: z.number().nullable(),
  created_at: z.string(),
});
export type SavedQuestion = z.infer<typeof SavedQuestion>;
export const SavedQuestionsResponse = z.object({ data: z.array(SavedQuestion) });

export const CancelParam = z.object({ task_id: z.uuid() });

export const ExportBody = z.object({
  nlq_id: z.number().int().min(1).max(2_147_483_647),
  /** Selected ids; empty = the whole answer. */
  ids: z.array(text().min(1).max(200)).max(SENTINEL.maxResults),
  file_type: z.enum(['csv', 'xlsx']),
});

export const CustomerIdParam = z.object({ id: z.coerce.number().int().min(1).max(9_007_199_254_740_991) });
export const CustomerDetail = CustomerRow.extend({
  country: z.string().nullable(),
  custom_properties: z.array(z.object({ label: z.string(), content: z.string() })),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;
export const CustomerSalesSummary = z.object({
  /** Newest event first; `upcoming`: the event has not started yet (bought, not visited). */
  sales_per_event: z.array(z.object({ event_id: z.string(), event_date: z.string(), title: z.string(), ticket_count: z.number(), total_spent: z.number(), upcoming: z.boolean() })),
  global_revenue: z.object({ total_tickets: z.number(), total_purchase_value: z.number(), total_events: z.number() }),
  oldest_ticket: z.object({ ticket_date: z.string().nullable() }),
  currency: z.string(),
});
export type CustomerSalesSummary = z.infer<typeof CustomerSalesSummary>;
export const CustomerResponse = z.object({ data: CustomerDetail.nullable(), error: z.string().nullable() });
export const CustomerSalesSummaryResponse = z.object({ data: CustomerSalesSummary.nullable(), error: z.string().nullable() });
