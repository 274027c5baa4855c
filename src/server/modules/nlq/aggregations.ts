// The aggregates bar of spec 3 §2/§3: sum and average over the WHOLE answer (every id, not the
// page) of the measures of events and transactions, and the same per value of the typed query's
// groupBy ("revenue per category"). Computed once when the task finishes (an answer's ids do not
// change) and kept with the task's result, so a page of rows stays a primary-key read. Which
// aggregation fits which measure is the vocabulary's (src/lib/sentinel/columns.ts MEASURES): a sum
// that means nothing (of shares, of per-event average prices) is null, and so is an aggregate over
// rows that all lack the value (SQL sum/avg skip NULLs; nothing is turned into a 0).
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { FieldRef, TypedQuery } from '../../engines/nlq';
import type { ResultType } from '../../../lib/contracts/nlq';
import { measuresFor, type MeasureSpec } from '../../../lib/sentinel/columns';
import { textArray } from './rows';

export type Aggregations = Record<string, { sum: number | null; average: number | null }>;
export interface AggregationGroup {
  field: string;
  value: string | null;
  count: number;
  aggregations: Aggregations;
}
export interface AnswerAggregates {
  aggregations: Aggregations;
  groups?: AggregationGroup[];
}

// Group keys the aggregates can be broken down by: fixed column expressions per outcome and tag,
// looked up by name, so no field name of a typed query is ever spliced into SQL.
const EVENT_GROUPS: Record<string, string> = {
  category: 'v.category', city: 'v.city', venue: 'v.venue', venues: 'v.venue', hall: 'v.hall', halls: 'v.hall', date: 'v.date::text',
  month: "to_char(v.date, 'YYYY-MM')", year: "to_char(v.date, 'YYYY')", title: 'v.title', frontend_status: 'v.frontend_status', start_time: 'v.start_time',
};
const TRANSACTION_GROUPS: Record<string, string> = {
  ticket_type: 't.ticket_type', price_category: 't.price_category', raw_ticket_category: 't.price_category', ticket_category: 't.price_category',
  payment_method: 't.payment_method', currency: 't.currency', date: 't.date::text', month: "to_char(t.date, 'YYYY-MM')", year: "to_char(t.date, 'YYYY')",
  event_id: 't.event_id',
};

/** The SQL of a groupBy for this outcome, or null when it cannot be grouped by (then no groups are given). */
export function groupExpression(outcome: ResultType, groupBy: FieldRef | undefined): string | null {
  if (!groupBy) return null;
  const field = groupBy.field.toLowerCase();
  if (outcome === 'events' && groupBy.tag === 'e') return EVENT_GROUPS[field] ?? null;
  if (outcome === 'transactions' && groupBy.tag === 't') return TRANSACTION_GROUPS[field] ?? null;
  // A transaction answer grouped by a field of its event ("revenue per category"): joined below.
  if (outcome === 'transactions' && groupBy.tag === 'e') return EVENT_GROUPS[field]?.replace(/\bv\./g, 'ev.') ?? null;
  return null;
}

type Measures = [string, MeasureSpec][];

/** Two decimals; null (no value, or no row with one) stays null. */
export const round = (v: unknown): number | null => (v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Math.round(Number(v) * 100) / 100);

/** The aggregates of one result row of the query below, each only where its unit allows it. */
export function pick(r: Record<string, unknown>, measures: Measures): Aggregations {
  const out: Aggregations = {};
  for (const [m, spec] of measures) {
    out[m] = {
      sum: spec.aggregations.includes('sum') ? round(r[`${m}_sum`]) : null,
      average: spec.aggregations.includes('average') ? round(r[`${m}_avg`]) : null,
    };
  }
  return out;
}

/**
 * Averages that are not the mean of a column. The average ticket price of an answer is what its
 * tickets sold for on average (revenue / tickets sold): the events' own price field is mostly
 * empty, and a mean of per-event prices would weigh a sold-out hall like an empty one.
 */
const AVERAGE_EXPR: Record<string, string> = {
  price: 'sum(revenue) / nullif(sum(tickets_sold), 0)',
};

// Measure names come from the fixed vocabulary (MEASURES), never from a question.
const measureColumns = (measures: Measures) =>
  sql.raw(measures.map(([m]) => `sum(${m})::float8 AS ${m}_sum, (${AVERAGE_EXPR[m] ?? `avg(${m})`})::float8 AS ${m}_avg`).join(', '));

function split(list: Record<string, unknown>[], measures: Measures, field: string | null): AnswerAggregates {
  const total = list.find((r) => Number(r.is_total) === 1) ?? {};
  const result: AnswerAggregates = { aggregations: pick(total, measures) };
  if (field) {
    result.groups = list
      .filter((r) => Number(r.is_total) === 0)
      .map((r) => ({ field, value: r.g === null || r.g === undefined ? null : String(r.g), count: Number(r.n), aggregations: pick(r, measures) }))
      .sort((a, b) => (a.value ?? '').localeCompare(b.value ?? ''));
  }
  return result;
}

/** Whole-answer aggregates; customers have none (spec 3 §2: events and transactions show the bar). */
export async function aggregateAnswer(
  db: Db,
  partner: { id: number; product: string },
  outcome: ResultType,
  ids: string[],
  query: TypedQuery | null,
): Promise<AnswerAggregates> {
  if (outcome === 'customers') return { aggregations: {} };
  const expr = groupExpression(outcome, query?.groupBy);
  const field = expr && query?.groupBy ? `${query.groupBy.tag}.${query.groupBy.field}` : null;
  const g: SQL = sql.raw(expr ?? 'NULL::text');
  // Always both sets (GROUPING() needs g among the grouping expressions); without a groupBy the
  // single NULL group is dropped by split().
  const sets = sql.raw('GROUPING SETS ((), (g))');
  if (outcome === 'events') {
    const measures = measuresFor('events', partner.product === 'prisma');
    const list = await rows<Record<string, unknown>>(
      db,
      sql`WITH tx AS (
            SELECT event_id, sum(quantity) FILTER (WHERE ticket_type <> 'cancelled') AS tickets, sum(amount_minor) / 100.0 AS revenue
            FROM ticket_transactions WHERE partner_id = ${partner.id} AND event_id = ANY(${textArray(ids)}::text[]) GROUP BY event_id),
          ev AS (
            SELECT ${g} AS g, v.capacity, v.price, coalesce(tx.tickets, 0) AS tickets_sold, coalesce(tx.revenue, 0) AS revenue,
                   v.already_sold, v.prediction, v.sales_prediction, v.benchmark
            FROM sentinel.events v LEFT JOIN tx ON tx.event_id = v.id
            WHERE v.partner_id = ${partner.id} AND v.id = ANY(${textArray(ids)}::text[]))
          SELECT g, count(*)::int AS n, GROUPING(g) AS is_total, ${measureColumns(measures)} FROM ev GROUP BY ${sets}`,
    );
    return split(list, measures, field);
  }
  const txIds = ids.filter((id) => /^\d{1,18}$/.test(id));
  const list = await rows<Record<string, unknown>>(
    db,
    sql`WITH t AS (
          SELECT ${g} AS g, t.amount AS sold_price, t.tickets, t.ground_price, t.discount
          FROM unnest(${textArray(txIds)}::bigint[]) AS u(id) JOIN sentinel.transactions t ON t.id = u.id
          ${sql.raw(expr?.includes('ev.') ? 'JOIN sentinel.events ev ON ev.id = t.event_id AND ev.partner_id = t.partner_id' : '')}
          WHERE t.partner_id = ${partner.id})
        SELECT g, count(*)::int AS n, GROUPING(g) AS is_total, ${measureColumns(measuresFor('transactions', false))} FROM t GROUP BY ${sets}`,
  );
  return split(list, measuresFor('transactions', false), field);
}
