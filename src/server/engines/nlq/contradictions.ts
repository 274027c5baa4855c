// Conditions that no row can meet together: "storniert, aber nichts gekauft" once read as "more
// than 0 cancelled purchases AND 0 cancelled purchases", "seit heute" as "from today AND before
// today". Such a query answers 0 rows that look like a real answer, so the parser refuses it
// instead (issue 21 §2: never a confident wrong answer). Only plain ranges are compared: the same
// field (or the same related measure over the same rows) with =, >, >=, < or <= and values of one
// kind (numbers, or ISO days/timestamps, which order as text).
import type { Condition, TypedQuery } from './typed-query';

type Bound = { value: number | string; strict: boolean };

const keyOf = (c: Condition): string =>
  c.kind === 'field' ? `f:${c.field.tag}.${c.field.field}` : `r:${c.measure}:${JSON.stringify(c.where)}`;

function comparable(v: unknown): v is number | string {
  return typeof v === 'number' || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v));
}

const below = (a: number | string, b: number | string) => (typeof a === typeof b ? a < b : false);

/** Whether two conditions of `filters` (AND-ed) cannot hold at once. */
export function hasContradiction(query: Pick<TypedQuery, 'filters'>): boolean {
  const ranges = new Map<string, { lo?: Bound; hi?: Bound; eq?: number | string }>();
  for (const c of query.filters) {
    if (!['=', '>', '>=', '<', '<='].includes(c.op) || !comparable(c.value)) continue;
    const v = c.value;
    const r = ranges.get(keyOf(c)) ?? {};
    if (c.op === '=') {
      if (r.eq !== undefined && r.eq !== v) return true;
      r.eq = v;
    }
    if (c.op === '>' || c.op === '>=' || c.op === '=') {
      const b = { value: v, strict: c.op === '>' };
      if (!r.lo || below(r.lo.value, v) || (r.lo.value === v && b.strict)) r.lo = b;
    }
    if (c.op === '<' || c.op === '<=' || c.op === '=') {
      const b = { value: v, strict: c.op === '<' };
      if (!r.hi || below(v, r.hi.value) || (r.hi.value === v && b.strict)) r.hi = b;
    }
    if (r.lo && r.hi && typeof r.lo.value === typeof r.hi.value) {
      if (below(r.hi.value, r.lo.value)) return true;
      if (r.lo.value === r.hi.value && (r.lo.strict || r.hi.strict)) return true;
    }
    ranges.set(keyOf(c), r);
  }
  return false;
}
