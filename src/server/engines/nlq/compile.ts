// Typed query → one parameterised SELECT over the sentinel views, returning a single text `id`.
// Safety by construction: every view reference carries `partner_id = $1`, every value is a
// parameter, columns come only from the semantic layer (./semantic.ts). Plans stay bounded on
// PGlite (no statement_timeout there): conditions on related rows are set-based semi/anti joins
// (`id IN (SELECT … GROUP BY … HAVING …)`, `NOT IN`), never per-row correlated aggregates, and
// the result is capped with LIMIT maxRows + 1 (the extra row tells truncation).
//
// SQL the guard must allow (src/server/engines/nlq/sql-guard.ts): SELECT with WHERE, GROUP BY,
// HAVING, ORDER BY … NULLS LAST, LIMIT; sub-selects in IN / NOT IN and NOT EXISTS (correlated on
// the outcome's id); LEFT JOIN to a sub-select; casts `::text` and `::timestamptz`; operators
// = <> > >= < <= AND OR NOT IN, IS [NOT] NULL, ILIKE, `= ANY(array)`; functions count (incl. DISTINCT), sum, coalesce, lower.
import { nameWords } from './name-match';
import { fieldNumberProblem } from './numbers';
import { FIELDS, MEASURE_LABELS, VIEWS, field as semanticField, type SemanticField } from './semantic';
import { TypedQuery, type CompiledQuery, type CompileOptions, type Condition, type Entity, type FieldFilter, type Measure, type RelatedFilter, type Tag } from './typed-query';

export class CompileError extends Error {}

type Param = CompiledQuery['params'][number];

/** Fields whose values come from the partner's own vocabulary: compared exactly; others ignore case. */
const EXACT_FIELDS = new Set(['category', 'city', 'venue', 'hall', 'title', 'ticket_type', 'price_category', 'payment_method', 'currency', 'frontend_status', 'country']);

const SQL_OP: Record<FieldFilter['op'], string> = {
  '=': '=', '!=': '!=', '>': '>', '>=': '>=', '<': '<', '<=': '<=', contains: 'ILIKE', starts: 'ILIKE', in: 'IN', 'not in': 'NOT IN', is: 'IS', 'is not': 'IS NOT',
};

/** Names matched on their words (./name-match.ts), not as one substring. */
const NAME_FIELDS = new Set(['title', 'venue', 'hall', 'description']);

/** The ticket type of a cancelled transaction (docs/SENTINEL-DATA.md, tests/nlq-accuracy/RULES.md). */
export const CANCELLED = 'cancelled';

const OWN_TAG: Record<Entity, Exclude<Tag, 'ccp'>> = { customers: 'c', events: 'e', transactions: 't' };

class Builder {
  params: Param[];
  private n = 0;
  constructor(partnerId: number) {
    this.params = [partnerId];
  }
  p(v: Param): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  alias(base: string): string {
    this.n += 1;
    return `${base}${this.n}`;
  }
  /** A sentinel view with its partner predicate. */
  from(tag: Tag, alias: string): string {
    return `${VIEWS[tag].view} ${alias}`;
  }
}

function semantic(tag: Exclude<Tag, 'ccp'>, name: string): SemanticField {
  const f = semanticField(tag, name);
  if (!f) throw new CompileError(`unknown field ${tag}.${name}`);
  return f;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function scalar(v: FieldFilter['value']): Param {
  if (Array.isArray(v)) throw new CompileError('a list needs the in / not in operator');
  return v;
}

/** The instant a view's `date` is derived from: `date = (instant AT TIME ZONE 'UTC')::date`. */
const INSTANT_OF_DATE: Partial<Record<Tag, string>> = { t: 'sold_at', e: 'start_date_time' };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A comparison of a view's day with a day, as a half-open range on the instant it is derived
 * from: the same rows, but an index on (partner_id, sold_at) serves it, where the derived day
 * forced a scan of every transaction. Undefined for anything else.
 */
function dayRange(b: Builder, f: SemanticField, alias: string, op: FieldFilter['op'], value: FieldFilter['value']): string | undefined {
  const instant = INSTANT_OF_DATE[f.tag];
  if (f.name !== 'date' || f.type !== 'date' || !instant || typeof value !== 'string') return undefined;
  // "seit Montag" ends now, an instant (time.ts nowEnd): the instant column before it.
  if (op === '<' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return `${alias}.${instant} < ${b.p(value)}::timestamptz`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  if (Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return undefined;
  const col = `${alias}.${instant}`;
  const at = (day: string) => `${b.p(`${day}T00:00:00Z`)}::timestamptz`;
  switch (op) {
    case '>=': return `${col} >= ${at(value)}`;
    case '>': return `${col} >= ${at(nextDay(value))}`;
    case '<': return `${col} < ${at(value)}`;
    case '<=': return `${col} < ${at(nextDay(value))}`;
    case '=': return `${col} >= ${at(value)} AND ${col} < ${at(nextDay(value))}`;
    default: return undefined;
  }
}

/** One condition on a column of a row alias. */
function columnCondition(b: Builder, f: SemanticField, alias: string, op: FieldFilter['op'], value: FieldFilter['value']): string {
  const col = f.expr ? f.expr(alias) : `${alias}.${f.name}`;
  if (op === 'is' || op === 'is not') {
    if (value !== null && typeof value !== 'boolean') throw new CompileError('is / is not take null or a boolean');
    if (value === null) return `${col} ${op === 'is' ? 'IS NULL' : 'IS NOT NULL'}`;
    return `${col} ${op === 'is' ? '=' : '!='} ${b.p(value)}`;
  }
  if (f.type === 'text[]') {
    const values = Array.isArray(value) ? value : [scalar(value)];
    // An artist or composer named in the title counts too ("Murat Yilmaz: Nicht so laut").
    const inTitle = f.name === 'artists' || f.name === 'composers';
    const any = values.map((v) => (inTitle ? `(${b.p(String(v))} = ANY(${col}) OR ${alias}.title ILIKE ${b.p(`%${escapeLike(String(v))}%`)})` : `${b.p(String(v))} = ANY(${col})`));
    const either = any.length === 1 ? any[0] : `(${any.join(' OR ')})`;
    return op === '!=' || op === 'not in' ? `NOT ${either}` : either;
  }
  const range = dayRange(b, f, alias, op, value);
  if (range) return range;
  const ci = f.type === 'text' && !EXACT_FIELDS.has(f.name);
  const lhs = ci ? `lower(${col})` : col;
  const norm = (v: Param) => (ci && typeof v === 'string' ? v.toLowerCase() : v);
  if (op === 'in' || op === 'not in') {
    const values = Array.isArray(value) ? value : [scalar(value)];
    if (values.length === 0) return op === 'in' ? 'false' : 'true';
    return `${lhs} ${op === 'in' ? 'IN' : 'NOT IN'} (${values.map((v) => b.p(norm(v) as Param)).join(', ')})`;
  }
  if (op === 'contains') {
    const text = String(scalar(value));
    const words = NAME_FIELDS.has(f.name) ? nameWords(text) : [];
    // Every word of the name, in any order, each in any of its spellings.
    if (words.length > 0) {
      const each = words.map((spellings) => {
        const alts = spellings.map((w) => `${col} ILIKE ${b.p(`%${escapeLike(w)}%`)}`);
        return alts.length === 1 ? alts[0] : `(${alts.join(' OR ')})`;
      });
      return each.length === 1 ? each[0] : `(${each.join(' AND ')})`;
    }
    return `${col} ILIKE ${b.p(`%${escapeLike(text)}%`)}`;
  }
  if (op === 'starts') {
    // "PLZ-Bereich 51", "postcodes starting with M1": a prefix, the input's own % and _ escaped.
    // "starting 50 or 51": any of several prefixes.
    const one = (x: unknown) => {
      const text = String(x).trim();
      if (text.length === 0) throw new CompileError('starts with needs a value');
      // A British postcode area is letters followed by the district's digit: "B" is B1…B99, not BD or BS.
      if (f.name === 'zip_code' && /^[a-z]{1,2}$/i.test(text)) {
        return `(${[...'0123456789'].map((d) => `${col} ILIKE ${b.p(`${text}${d}%`)}`).join(' OR ')})`;
      }
      return `${col} ILIKE ${b.p(`${escapeLike(text)}%`)}`;
    };
    if (Array.isArray(value)) {
      if (value.length === 0) throw new CompileError('starts with needs a value');
      return `(${value.map(one).join(' OR ')})`;
    }
    return one(scalar(value));
  }
  const v = scalar(value);
  if (v === null) return `${col} ${op === '!=' ? 'IS NOT NULL' : 'IS NULL'}`;
  if ((f.type === 'number') && typeof v !== 'number') throw new CompileError(`${f.name} compares with a number`);
  if (f.type === 'number') {
    const problem = fieldNumberProblem({ tag: f.tag, field: f.name }, v as number);
    if (problem) throw new CompileError(problem);
  }
  if (f.type === 'boolean' && typeof v !== 'boolean') throw new CompileError(`${f.name} compares with true or false`);
  return `${lhs} ${SQL_OP[op]} ${b.p(norm(v) as Param)}`;
}

/** Customers (by a key expression) that have / lack a custom property. */
function propertyCondition(b: Builder, key: string, c: FieldFilter): string {
  const a = b.alias('p');
  const base = `SELECT ${a}.customer_id FROM ${b.from('ccp', a)} WHERE ${a}.partner_id = $1 AND ${a}.label = ${b.p(c.field.field)}`;
  const content: SemanticField = { tag: 'c', name: 'content', type: 'text', label: { en: '', de: '' }, words: [] };
  switch (c.op) {
    case 'is': return `${key} NOT IN (${base})`;
    case 'is not': return `${key} IN (${base})`;
    case '!=': return `${key} NOT IN (${base} AND ${columnCondition(b, content, a, '=', c.value)})`;
    case 'not in': return `${key} NOT IN (${base} AND ${columnCondition(b, content, a, 'in', c.value)})`;
    default: return `${key} IN (${base} AND ${columnCondition(b, content, a, c.op, c.value)})`;
  }
}

/** Conditions on the rows of one alias: e-, t- and c-filters of `where`, others via semi-joins. */
function rowConditions(b: Builder, tag: Exclude<Tag, 'ccp'>, alias: string, where: FieldFilter[]): string[] {
  const out: string[] = [];
  const own = where.filter((w) => w.field.tag === tag);
  for (const w of own) out.push(columnCondition(b, semantic(tag, w.field.field), alias, w.op, w.value));
  const rest = where.filter((w) => w.field.tag !== tag);
  if (rest.length === 0) return out;
  if (tag === 't') {
    const ev = rest.filter((w) => w.field.tag === 'e');
    if (ev.length > 0) {
      const a = b.alias('e');
      out.push(`${alias}.event_id IN (SELECT ${a}.id FROM ${b.from('e', a)} WHERE ${[`${a}.partner_id = $1`, ...rowConditions(b, 'e', a, ev)].join(' AND ')})`);
    }
    const cu = rest.filter((w) => w.field.tag === 'c');
    if (cu.length > 0) {
      const a = b.alias('c');
      out.push(`${alias}.customer_id IN (SELECT ${a}.id FROM ${b.from('c', a)} WHERE ${[`${a}.partner_id = $1`, ...rowConditions(b, 'c', a, cu)].join(' AND ')})`);
    }
    for (const p of rest.filter((w) => w.field.tag === 'ccp')) out.push(propertyCondition(b, `${alias}.customer_id`, p));
    return out;
  }
  if (tag === 'c') {
    for (const p of rest.filter((w) => w.field.tag === 'ccp')) out.push(propertyCondition(b, `${alias}.id`, p));
    const other = rest.filter((w) => w.field.tag === 'e' || w.field.tag === 't');
    // A bare event or transaction filter on customers: at least one such purchase.
    if (other.length > 0) out.push(relatedCondition(b, 'customers', alias, { kind: 'related', measure: 'transactions', where: other, op: '>', value: 0 }));
    return out;
  }
  // events: transaction, customer and property filters mean "has such a sale"
  out.push(relatedCondition(b, 'events', alias, { kind: 'related', measure: 'transactions', where: rest, op: '>', value: 0 }));
  return out;
}

/**
 * Cancelled is not bought (issue 21 §3): every count over related transactions — bought, booked,
 * visited, tickets, purchases, revenue, and "never bought" — leaves cancelled transactions out,
 * on whichever side of the condition it stands, so a customer whose only purchase was cancelled
 * has never bought. Only a question about a ticket type ("stornierte Tickets", "free tickets")
 * counts the rows of that type as asked. One place for the rule: every related count and every
 * ranking by a measure go through here.
 */
function notCancelled(b: Builder, t: string, where: FieldFilter[]): string[] {
  if (where.some((w) => w.field.tag === 't' && w.field.field === 'ticket_type')) return [];
  return [`(${t}.ticket_type IS NULL OR ${t}.ticket_type != ${b.p(CANCELLED)})`];
}

const MEASURE_SQL: Record<Measure, (t: string) => string> = {
  events: (t) => `count(DISTINCT ${t}.event_id)`,
  tickets: (t) => `coalesce(sum(${t}.tickets), 0)`,
  transactions: () => 'count(*)',
  revenue: (t) => `coalesce(sum(${t}.amount), 0)`,
  customers: (t) => `count(DISTINCT ${t}.customer_id)`,
};

function holds(x: number, op: RelatedFilter['op'], v: number): boolean {
  switch (op) {
    case '=': return x === v;
    case '!=': return x !== v;
    case '>': return x > v;
    case '>=': return x >= v;
    case '<': return x < v;
    case '<=': return x <= v;
  }
}

const NOT_OP: Record<RelatedFilter['op'], RelatedFilter['op']> = { '=': '!=', '!=': '=', '>': '<=', '>=': '<', '<': '>=', '<=': '>' };

/**
 * The outcome rows whose related transactions (filtered by `where`) measure `op value`. Rows
 * without any such transaction measure 0: when 0 satisfies the condition the answer is "all
 * rows except those whose measure fails", an anti-join; otherwise a semi-join.
 */
function relatedCondition(b: Builder, outcome: Entity, alias: string, r: RelatedFilter): string {
  const t = b.alias('t');
  const keyCol = outcome === 'events' ? 'event_id' : 'customer_id';
  const outerKey = outcome === 'transactions' ? `${alias}.customer_id` : `${alias}.id`;
  const rowConds = [...rowConditions(b, 't', t, r.where), ...notCancelled(b, t, r.where)];
  const where = [`${t}.partner_id = $1`, `${t}.${keyCol} IS NOT NULL`, ...rowConds].join(' AND ');
  const m = MEASURE_SQL[r.measure](t);
  const counting = r.measure === 'events' || r.measure === 'transactions' || r.measure === 'customers';
  if (!holds(0, r.op, r.value)) {
    // "at least one": a plain semi-join.
    if (counting && ((r.op === '>' && r.value < 1) || (r.op === '>=' && r.value <= 1) || (r.op === '!=' && r.value === 0))) {
      return `${outerKey} IN (SELECT ${t}.${keyCol} FROM ${b.from('t', t)} WHERE ${where})`;
    }
    return `${outerKey} IN (SELECT ${t}.${keyCol} FROM ${b.from('t', t)} WHERE ${where} GROUP BY ${t}.${keyCol} HAVING ${m} ${r.op} ${b.p(r.value)})`;
  }
  if (counting && r.op === '=' && r.value === 0) {
    // "none": a probe of the partner's transactions per outcome row (tx_partner_event_idx,
    // tx_customer_idx) stops at the first sale; NOT IN hashed every sale of the partner first.
    // The outcome's own id is never NULL, so NOT EXISTS answers what NOT IN did; a transaction's
    // customer_id may be, so transactions keep NOT IN.
    if (outcome !== 'transactions') {
      const probe = [`${t}.partner_id = $1`, `${t}.${keyCol} = ${outerKey}`, ...rowConds].join(' AND ');
      return `NOT EXISTS (SELECT 1 FROM ${b.from('t', t)} WHERE ${probe})`;
    }
    return `${outerKey} NOT IN (SELECT ${t}.${keyCol} FROM ${b.from('t', t)} WHERE ${where})`;
  }
  const anti = `${outerKey} NOT IN (SELECT ${t}.${keyCol} FROM ${b.from('t', t)} WHERE ${where} GROUP BY ${t}.${keyCol} HAVING ${m} ${NOT_OP[r.op]} ${b.p(r.value)})`;
  // A transaction without a customer has no customer measure: it cannot be counted as 0.
  return outcome === 'transactions' ? `(${alias}.customer_id IS NULL OR ${anti})` : anti;
}

function condition(b: Builder, outcome: Entity, alias: string, c: Condition): string {
  if (c.kind === 'related') return relatedCondition(b, outcome, alias, c);
  const own = OWN_TAG[outcome];
  if (c.field.tag === own) return columnCondition(b, semantic(own, c.field.field), alias, c.op, c.value);
  if (c.field.tag === 'ccp' && outcome === 'customers') return propertyCondition(b, `${alias}.id`, c);
  const conds = rowConditions(b, own, alias, [c]);
  return conds.join(' AND ');
}

export function compileQuery(input: TypedQuery, opts: CompileOptions): CompiledQuery {
  const checked = TypedQuery.safeParse(input);
  if (!checked.success) throw new CompileError(`typed query: ${checked.error.issues.map((i) => i.message).join('; ')}`);
  const q = checked.data;
  if (!Number.isInteger(opts.partnerId) || opts.partnerId < 1) throw new CompileError('partner id');
  const b = new Builder(opts.partnerId);
  const own = OWN_TAG[q.outcome];
  const alias = own;
  const where: string[] = [`${alias}.partner_id = $1`];
  for (const c of q.filters) where.push(condition(b, q.outcome, alias, c));
  if (q.anyOf && q.anyOf.length > 0) {
    const groups = q.anyOf.map((g) => (g.length === 0 ? 'true' : g.map((c) => condition(b, q.outcome, alias, c)).join(' AND ')));
    where.push(`(${groups.map((g) => `(${g})`).join(' OR ')})`);
  }
  let join = '';
  let order: string;
  const idCol = `${alias}.id`;
  const defaultOrder = q.outcome === 'events' ? `${alias}.date, ${alias}.id` : idCol;
  if (q.orderBy?.field) {
    const f = semantic(own, q.orderBy.field.field);
    if (q.orderBy.field.tag !== own) throw new CompileError('order by a field of the outcome');
    order = `${f.expr ? f.expr(alias) : `${alias}.${f.name}`} ${q.orderBy.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, ${idCol}`;
  } else if (q.orderBy?.measure && q.outcome !== 'transactions') {
    const t = b.alias('t');
    const o = b.alias('o');
    const keyCol = q.outcome === 'events' ? 'event_id' : 'customer_id';
    const scope = [`${t}.partner_id = $1`, `${t}.${keyCol} IS NOT NULL`, ...rowConditions(b, 't', t, q.orderBy.where ?? []), ...notCancelled(b, t, q.orderBy.where ?? [])];
    // Rank only the candidates: the outcome's field conditions (conjuncts of the WHERE, so every
    // answered row meets them), repeated on another alias, bound the sum to their transactions
    // ("Top 5 Kunden aus Nürnberg nach Umsatz" summed every sale of the partner before joining the
    // few from Nürnberg: 7 s on PGlite at bench scale). Related conditions stay out: they would
    // aggregate twice.
    const fieldConds = q.filters.filter((c): c is FieldFilter => c.kind === 'field');
    if (fieldConds.length > 0) {
      const cand = b.alias(own);
      const candWhere = [`${cand}.partner_id = $1`, ...fieldConds.map((c) => condition(b, q.outcome, cand, c))];
      scope.push(`${t}.${keyCol} IN (SELECT ${cand}.id FROM ${b.from(own, cand)} WHERE ${candWhere.join(' AND ')})`);
    }
    join = ` LEFT JOIN (SELECT ${t}.${keyCol} AS k, ${MEASURE_SQL[q.orderBy.measure](t)} AS m FROM ${b.from('t', t)} WHERE ${scope.join(' AND ')} GROUP BY ${t}.${keyCol}) ${o} ON ${o}.k = ${idCol}`;
    order = `coalesce(${o}.m, 0) ${q.orderBy.direction === 'asc' ? 'ASC' : 'DESC'}, ${idCol}`;
  } else {
    order = defaultOrder;
  }
  const cap = Math.min(q.limit ?? Number.MAX_SAFE_INTEGER, opts.maxRows + 1);
  const idExpr = q.outcome === 'events' ? idCol : `${idCol}::text`;
  const sql = `SELECT ${idExpr} AS id FROM ${b.from(own, alias)}${join} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${b.p(cap)}`;
  return { sql, params: b.params, filters: summarise(q, opts.language ?? 'en') };
}

function valueText(v: FieldFilter['value']): string {
  if (v === null) return 'NULL';
  if (Array.isArray(v)) return v.map(String).join(', ');
  return String(v);
}

function quoted(v: FieldFilter['value']): string {
  if (v === null) return 'NULL';
  if (Array.isArray(v)) return `(${v.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(', ')})`;
  return typeof v === 'string' ? `'${v}'` : String(v);
}

function filterRow(f: FieldFilter, language: 'en' | 'de'): CompiledQuery['filters'][number] {
  const sem = f.field.tag === 'ccp' ? undefined : FIELDS.find((x) => x.tag === f.field.tag && x.name === f.field.field);
  const parameter = sem ? sem.label[language] : f.field.field;
  const operator = SQL_OP[f.op];
  const value = f.op === 'contains' ? `%${valueText(f.value)}%` : f.op === 'starts' ? `${valueText(f.value)}%` : valueText(f.value);
  const shown = f.op === 'contains' ? `'%${String(f.value)}%'` : f.op === 'starts' ? `'${String(f.value)}%'` : quoted(f.value);
  return { entity: f.field.tag, parameter, operator, value, text: `${f.field.tag}.${f.field.field} ${operator} ${shown}`, field: `${f.field.tag}.${f.field.field}` };
}

/** The query summary (spec 3 §3 filters): one row per condition, tagged e / c / t / ccp. */
export function summarise(q: TypedQuery, language: 'en' | 'de'): CompiledQuery['filters'] {
  const rows: CompiledQuery['filters'] = [];
  // The alternatives of anyOf: each group after the first is flagged (the page reads it "or …"), so
  // the rows do not read as conditions that all hold ("date < 2024" and "date >= 2025").
  const alternatives = new Map((q.anyOf ?? []).flatMap((g, n) => g.map((c) => [c, n] as const)));
  const conditions = [...q.filters, ...(q.anyOf ?? []).flat()];
  for (const c of conditions) {
    if (c.kind === 'field') {
      const row = filterRow(c, language);
      if ((alternatives.get(c) ?? 0) > 0) rows.push({ ...row, text: `OR ${row.text}`, alternative: true });
      else rows.push(row);
      continue;
    }
    for (const w of c.where) rows.push(filterRow(w, language));
    const label = MEASURE_LABELS[c.measure][language];
    const sqlName = { events: 'count(DISTINCT t.event_id)', tickets: 'sum(t.tickets)', transactions: 'count(t.id)', revenue: 'sum(t.amount)', customers: 'count(DISTINCT t.customer_id)' }[c.measure];
    rows.push({ entity: 't', parameter: label, operator: c.op, value: String(c.value), text: `${sqlName} ${c.op} ${c.value}`, field: `measure.${c.measure}` });
  }
  return rows;
}
