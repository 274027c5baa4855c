// The SQL guard (issue 15 "Safety enforced by the database, not by string checks"): before a
// Sentinel query runs, its text is parsed by the real PostgreSQL 18 parser (libpg-query, WASM)
// and the WHOLE tree is walked. It must be exactly one SELECT over the sentinel views, using only
// the node types, functions, operators and types listed here. Anything unknown is refused (fail
// closed): a new PostgreSQL node type or an unexpected structure is a refusal, never a pass.
//
// This is the first wall. The executor (src/server/modules/nlq/execute.ts) is the second: READ
// ONLY transaction, role encore_sentinel, row-level security bound to the partner.
import { parse } from 'libpg-query';

export type GuardReason = 'write' | 'forbidden' | 'invalid';
export type GuardResult = { ok: true } | { ok: false; reason: GuardReason; detail: string };

/** The relations a Sentinel query may read: schema-qualified only (docs/SENTINEL.md Safety). */
export const ALLOWED_RELATIONS: ReadonlySet<string> = new Set([
  'sentinel.customers',
  'sentinel.events',
  'sentinel.transactions',
  'sentinel.customer_properties',
]);

/**
 * Functions the compiler may call (pure, bounded, no side effect, no catalog access). A
 * `pg_catalog.` prefix is normalised away; any other schema is refused. Keep in step with the
 * compiler (src/server/engines/nlq/compile.ts): the guard's unit tests compile sample queries.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'bool_or', 'bool_and',
  'lower', 'upper', 'btrim', 'length', 'array_to_string',
  'date_trunc', 'date_part', 'extract', 'make_date',
  'abs', 'round', 'floor', 'ceil',
  'array_position', 'array_length', 'cardinality',
]);

/** Operators (A_Expr names). No user-defined ones: an operator is a function call in disguise. */
const ALLOWED_OPERATORS = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||',
  '~~', '~~*', '!~~', '!~~*', '@>', '<@', '&&',
  'between', 'not between', 'between symmetric', 'not between symmetric',
]);
const ALLOWED_EXPR_KINDS = new Set([
  'AEXPR_OP', 'AEXPR_OP_ANY', 'AEXPR_OP_ALL', 'AEXPR_DISTINCT', 'AEXPR_NOT_DISTINCT', 'AEXPR_NULLIF',
  'AEXPR_IN', 'AEXPR_LIKE', 'AEXPR_ILIKE', 'AEXPR_BETWEEN', 'AEXPR_NOT_BETWEEN', 'AEXPR_BETWEEN_SYM',
  'AEXPR_NOT_BETWEEN_SYM',
]);

/** Types a cast may name. No reg* types: `'pg_authid'::regclass` probes the catalog. */
const ALLOWED_TYPES = new Set([
  'text', 'varchar', 'bpchar', 'int2', 'int4', 'int8', 'integer', 'bigint', 'smallint', 'numeric',
  'float4', 'float8', 'bool', 'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'interval',
]);

/** Only the date/time ones: CURRENT_USER and friends tell about the session. */
const ALLOWED_SQL_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N', 'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

const SYSTEM_COLUMNS = new Set(['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'oid']);

/**
 * Statement node types that change data, the schema, privileges or locks. Found ANYWHERE in the
 * tree (a writable CTE, EXPLAIN ANALYZE DELETE, a second statement) they make the reason 'write'.
 */
const WRITE_NODE =
  /^(Insert|Update|Delete|Merge|Create\w*|Drop\w*|Alter\w*|Truncate|Grant\w*|Revoke\w*|Rename|Comment|Reindex|Vacuum|Cluster|Refresh\w*|Lock|Reassign\w*|Import\w*|SecLabel|Rule|Define|CompositeType)Stmt$/;

/** Node types a SELECT over the views may contain; every other one is refused. */
const ALLOWED_NODES = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'A_Star', 'A_Const', 'Integer', 'ParamRef',
  'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'SubLink', 'FuncCall', 'TypeCast', 'RangeVar',
  'RangeSubselect', 'JoinExpr', 'SortBy', 'CommonTableExpr', 'CaseExpr', 'CaseWhen', 'CoalesceExpr',
  'MinMaxExpr', 'A_ArrayExpr', 'A_Indirection', 'A_Indices', 'List', 'SQLValueFunction', 'RowExpr',
]);

/**
 * Fields that hold a struct inline (not wrapped in `{Type: …}`), by parent node type. Any other
 * inline object is refused, so a RangeVar can never slip past its check unwrapped.
 */
const INLINE_STRUCTS: Record<string, Record<string, string>> = {
  SelectStmt: { larg: 'SelectStmt', rarg: 'SelectStmt', withClause: 'WithClause' },
  FuncCall: { over: 'WindowDef' },
  TypeCast: { typeName: 'TypeName' },
  RangeVar: { alias: 'Alias' },
  RangeSubselect: { alias: 'Alias' },
  JoinExpr: { alias: 'Alias', join_using_alias: 'Alias' },
};

const MAX_SQL_LENGTH = 200_000;
/** Far deeper than any compiled query; bounds the walk on hostile input. */
const MAX_DEPTH = 400;

class Refusal extends Error {
  constructor(
    readonly reason: GuardReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNodeTag = (key: string) => /^[A-Z]/.test(key);
/** `{Type: body}` with exactly one PascalCase key. */
const asNode = (v: Json | undefined): [string, Obj] | null => {
  if (!isObj(v)) return null;
  const keys = Object.keys(v);
  if (keys.length !== 1 || !isNodeTag(keys[0]!)) return null;
  const body = v[keys[0]!];
  return isObj(body) ? [keys[0]!, body] : null;
};

/** Exactly one SELECT over the allowed sentinel views and functions, whole tree walked. */
export async function checkSql(sql: string): Promise<GuardResult> {
  if (typeof sql !== 'string' || sql.length > MAX_SQL_LENGTH) return { ok: false, reason: 'invalid', detail: 'not a statement of acceptable length' };
  let tree: Obj;
  try {
    tree = (await parse(sql)) as unknown as Obj;
  } catch (e) {
    return { ok: false, reason: 'invalid', detail: `parse error: ${(e as Error).message}` };
  }
  try {
    const stmts = Array.isArray(tree.stmts) ? tree.stmts : [];
    // Writes first, over every statement: `COMMIT; DROP …` and `EXPLAIN ANALYZE DELETE` are writes.
    findWrites(tree, 0);
    if (stmts.length === 0) throw new Refusal('invalid', 'no statement');
    if (stmts.length > 1) throw new Refusal('forbidden', `exactly one statement allowed, got ${stmts.length}`);
    const top = asNode(isObj(stmts[0]) ? stmts[0].stmt : null);
    if (!top) throw new Refusal('invalid', 'no statement');
    if (top[0] !== 'SelectStmt') throw new Refusal('forbidden', `statement ${top[0]} is not allowed`);
    new Walker().select(top[1], [], 0);
    return { ok: true };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason, detail: e.detail };
    // A shape the walker did not foresee: refuse rather than pass.
    return { ok: false, reason: 'forbidden', detail: `unexpected structure: ${(e as Error).message}` };
  }
}

function findWrites(v: Json, depth: number): void {
  if (depth > MAX_DEPTH) throw new Refusal('forbidden', 'statement nested too deeply');
  if (Array.isArray(v)) {
    for (const x of v) findWrites(x, depth + 1);
    return;
  }
  if (!isObj(v)) return;
  for (const [key, value] of Object.entries(v)) {
    if (WRITE_NODE.test(key)) throw new Refusal('write', `${key} modifies the database`);
    if (key === 'CopyStmt' && isObj(value) && value.is_from === true) throw new Refusal('write', 'COPY FROM modifies the database');
    if (key === 'intoClause' && value !== null) throw new Refusal('write', 'SELECT INTO creates a table');
    if (key === 'lockingClause' && Array.isArray(value) && value.length > 0) throw new Refusal('write', 'row locking (FOR UPDATE/SHARE) is not allowed');
    findWrites(value, depth + 1);
  }
}

/** Names of CTEs visible at a point of the statement (PostgreSQL's scoping, not a global set). */
type Scope = readonly string[];

class Walker {
  select(s: Obj, scope: Scope, depth: number): void {
    let inner = scope;
    const withClause = s.withClause;
    if (withClause !== undefined && withClause !== null) {
      if (!isObj(withClause)) throw new Refusal('forbidden', 'malformed WITH');
      // Recursive CTEs have no bound on their plan (PGlite ignores statement_timeout).
      if (withClause.recursive === true) throw new Refusal('forbidden', 'WITH RECURSIVE is not allowed');
      const ctes = Array.isArray(withClause.ctes) ? withClause.ctes : [];
      for (const c of ctes) {
        const node = asNode(c);
        if (!node || node[0] !== 'CommonTableExpr') throw new Refusal('forbidden', 'malformed CTE');
        const cte = node[1];
        if (typeof cte.ctename !== 'string') throw new Refusal('forbidden', 'malformed CTE');
        if (cte.search_clause || cte.cycle_clause) throw new Refusal('forbidden', 'CTE SEARCH/CYCLE is not allowed');
        const q = asNode(cte.ctequery);
        // A data-modifying CTE still makes the statement a top-level SelectStmt: each CTE must be a SELECT.
        if (!q || q[0] !== 'SelectStmt') throw new Refusal(q && WRITE_NODE.test(q[0]) ? 'write' : 'forbidden', `CTE ${cte.ctename} is not a SELECT`);
        // A non-recursive CTE sees the CTEs before it, not itself.
        this.select(q[1], inner, depth + 1);
        for (const [k, v] of Object.entries(cte)) {
          if (k === 'ctequery' || k === 'ctename' || k === 'location' || k === 'ctematerialized') continue;
          this.value('CommonTableExpr', k, v, inner, depth + 1);
        }
        inner = [...inner, cte.ctename];
      }
    }
    for (const [k, v] of Object.entries(s)) {
      if (k === 'withClause') continue;
      if (k === 'intoClause' && v !== null) throw new Refusal('write', 'SELECT INTO creates a table');
      if (k === 'lockingClause' && Array.isArray(v) && v.length > 0) throw new Refusal('write', 'row locking is not allowed');
      this.value('SelectStmt', k, v, inner, depth + 1);
    }
  }

  /** A field of a node: a list, a wrapped node, a known inline struct or a scalar. */
  value(parent: string, key: string, v: Json, scope: Scope, depth: number): void {
    if (depth > MAX_DEPTH) throw new Refusal('forbidden', 'statement nested too deeply');
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) {
        if (x === null || typeof x !== 'object') continue;
        // SELECT DISTINCT is `distinctClause: [{}]`.
        if (isObj(x) && Object.keys(x).length === 0) continue;
        const node = asNode(x);
        if (!node) throw new Refusal('forbidden', `unexpected list item in ${parent}.${key}`);
        this.node(node[0], node[1], scope, depth + 1);
      }
      return;
    }
    const node = asNode(v);
    if (node) {
      this.node(node[0], node[1], scope, depth + 1);
      return;
    }
    const inlineType = INLINE_STRUCTS[parent]?.[key];
    if (!inlineType) throw new Refusal('forbidden', `unexpected structure ${parent}.${key}`);
    this.node(inlineType, v, scope, depth + 1);
  }

  node(type: string, body: Obj, scope: Scope, depth: number): void {
    if (depth > MAX_DEPTH) throw new Refusal('forbidden', 'statement nested too deeply');
    switch (type) {
      case 'SelectStmt':
        return this.select(body, scope, depth);
      case 'RangeVar':
        this.rangeVar(body, scope);
        break;
      case 'FuncCall':
        this.funcCall(body);
        return this.fields(type, body, scope, depth, ['funcname']);
      case 'TypeName':
        this.typeName(body);
        return this.fields(type, body, scope, depth, ['names']);
      case 'A_Expr':
        this.aExpr(body);
        return this.fields(type, body, scope, depth, ['name']);
      case 'SQLValueFunction':
        if (!ALLOWED_SQL_VALUE_FUNCTIONS.has(String(body.op))) throw new Refusal('forbidden', `${String(body.op)} is not allowed`);
        return;
      case 'SubLink':
        if (Array.isArray(body.operName) && body.operName.length > 0) this.operator(body.operName);
        return this.fields(type, body, scope, depth, ['operName']);
      case 'SortBy':
        if (Array.isArray(body.useOp) && body.useOp.length > 0) this.operator(body.useOp);
        return this.fields(type, body, scope, depth, ['useOp']);
      case 'String':
        this.identifier(String(body.sval ?? ''));
        return;
      case 'A_Const':
        // A literal: its value objects ({ival}, {sval}…) hold no nodes.
        return;
      case 'WithClause':
        throw new Refusal('forbidden', 'WITH outside a SELECT');
      case 'WindowDef':
      case 'Alias':
        break;
      default:
        if (WRITE_NODE.test(type)) throw new Refusal('write', `${type} modifies the database`);
        if (!ALLOWED_NODES.has(type)) throw new Refusal('forbidden', `${type} is not allowed`);
    }
    this.fields(type, body, scope, depth, []);
  }

  fields(type: string, body: Obj, scope: Scope, depth: number, skip: string[]): void {
    for (const [k, v] of Object.entries(body)) {
      if (skip.includes(k)) continue;
      this.value(type, k, v, scope, depth + 1);
    }
  }

  rangeVar(r: Obj, scope: Scope): void {
    const schema = typeof r.schemaname === 'string' ? r.schemaname : null;
    const name = String(r.relname ?? '');
    if (r.catalogname) throw new Refusal('forbidden', 'database-qualified relations are not allowed');
    if (schema === null) {
      // Unqualified: only a CTE of an enclosing WITH; never a table found by search_path.
      if (scope.includes(name)) return;
      throw new Refusal('forbidden', `relation ${name} is not allowed (only the sentinel views, schema-qualified)`);
    }
    const qualified = `${schema}.${name}`;
    if (!ALLOWED_RELATIONS.has(qualified)) throw new Refusal('forbidden', `relation ${qualified} is not allowed`);
  }

  funcCall(f: Obj): void {
    const name = qualifiedName(f.funcname, 'function');
    if (!ALLOWED_FUNCTIONS.has(name)) throw new Refusal('forbidden', `function ${name} is not allowed`);
  }

  typeName(t: Obj): void {
    if (t.setof === true || t.pct_type === true) throw new Refusal('forbidden', 'type modifiers SETOF/%TYPE are not allowed');
    const name = qualifiedName(t.names, 'type');
    if (!ALLOWED_TYPES.has(name)) throw new Refusal('forbidden', `type ${name} is not allowed`);
  }

  aExpr(e: Obj): void {
    if (!ALLOWED_EXPR_KINDS.has(String(e.kind))) throw new Refusal('forbidden', `expression ${String(e.kind)} is not allowed`);
    this.operator(e.name);
  }

  operator(list: Json | undefined): void {
    const name = qualifiedName(list, 'operator');
    if (!ALLOWED_OPERATORS.has(name)) throw new Refusal('forbidden', `operator ${name} is not allowed`);
  }

  /** Every identifier node (column, field, alias column): no catalog names, no system columns. */
  identifier(name: string): void {
    const n = name.toLowerCase();
    if (n.startsWith('pg_') || n === 'information_schema') throw new Refusal('forbidden', `${name} is not allowed`);
    if (SYSTEM_COLUMNS.has(n)) throw new Refusal('forbidden', `system column ${name} is not allowed`);
  }
}

/** `[pg_catalog.]name` → name; any other qualification is refused. */
function qualifiedName(list: Json | undefined, what: string): string {
  const parts = (Array.isArray(list) ? list : []).map((x) => {
    const node = asNode(x);
    if (!node || node[0] !== 'String') throw new Refusal('forbidden', `malformed ${what} name`);
    return String(node[1].sval ?? '');
  });
  if (parts.length === 2 && parts[0] === 'pg_catalog') return parts[1]!.toLowerCase();
  if (parts.length !== 1) throw new Refusal('forbidden', `${what} ${parts.join('.')} is not allowed`);
  return parts[0]!.toLowerCase();
}
