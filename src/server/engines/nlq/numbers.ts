// Which numbers a condition may compare with (issue 21 §2): a number the column cannot hold, or a
// fraction against a whole-number column, made PostgreSQL fail the task ("seit 1.9." read as a
// count ≥ 1.9: invalid input syntax for type bigint; "mehr als 99999999999999999999 Tickets": out
// of range). The typed query's schema (./typed-query.ts), the compiler (./compile.ts) and the
// parser (./parse.ts, to refuse naming the number) all read these rules; the database never has to.
import type { Condition, FieldRef, Measure, TypedQuery } from './typed-query';

/** No count, amount or field of a venue comes near this; beyond it a number is a typo or a probe. */
export const NUMBER_MAX = 1_000_000_000_000;

/** Whole-number columns of the sentinel views and their ranges (smallint, integer). */
const INTEGER_FIELDS: Record<string, [number, number]> = {
  'c.birth_year': [-32_768, 32_767],
  'e.capacity': [-2_147_483_648, 2_147_483_647],
  'e.sales_prediction': [-2_147_483_648, 2_147_483_647],
  't.tickets': [-2_147_483_648, 2_147_483_647],
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(INTEGER_FIELDS, null);

/** Measures over related rows that are counts (whole numbers); revenue has cents. */
const WHOLE_MEASURES = new Set<Measure>(['events', 'tickets', 'transactions', 'customers']);

/** Why `value` cannot be compared with the field, or undefined when it can. */
export function fieldNumberProblem(field: FieldRef, value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > NUMBER_MAX) return `${value} is beyond any ${field.field}`;
  const range = INTEGER_FIELDS[`${field.tag}.${field.field}`];
  if (!range) return undefined;
  if (!Number.isInteger(value)) return `${field.field} is a whole number, not ${value}`;
  if (value < range[0] || value > range[1]) return `${value} is beyond any ${field.field}`;
  return undefined;
}

/** Why a count or sum over related rows cannot be compared with `value`, or undefined. */
export function measureNumberProblem(measure: Measure, value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > NUMBER_MAX) return `${value} is beyond any number of ${measure}`;
  if (WHOLE_MEASURES.has(measure) && !Number.isInteger(value)) return `a number of ${measure} is whole, not ${value}`;
  return undefined;
}

/** Every number of the query that breaks a rule, with its problem. */
export function numberProblems(q: TypedQuery): { value: number; problem: string }[] {
  const out: { value: number; problem: string }[] = [];
  const visit = (c: Condition) => {
    if (c.kind === 'related') {
      const p = measureNumberProblem(c.measure, c.value);
      if (p) out.push({ value: c.value, problem: p });
      c.where.forEach(visit);
      return;
    }
    for (const v of Array.isArray(c.value) ? c.value : [c.value]) {
      if (typeof v !== 'number') continue;
      const p = fieldNumberProblem(c.field, v);
      if (p) out.push({ value: v, problem: p });
    }
  };
  q.filters.forEach(visit);
  (q.anyOf ?? []).flat().forEach(visit);
  return out;
}
