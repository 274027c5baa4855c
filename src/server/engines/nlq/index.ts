// Sentinel's engine (issue 15): question → typed query (parse) → parameterised SQL (compile) →
// checked by the real PostgreSQL parser (sql-guard) before src/server/modules/nlq runs it.
// The parser and compiler are this folder's (docs/NLQ-ENGINE.md); checkSql is nlq-guard's.
export * from './typed-query';
export { parseQuestion } from './parse';
export { compileQuery, CompileError, summarise } from './compile';

/** Exactly one SELECT over the allowed sentinel views and functions, whole tree walked. */
export async function checkSql(sql: string): Promise<{ ok: true } | { ok: false; reason: 'write' | 'forbidden' | 'invalid'; detail: string }> {
  void sql;
  return { ok: false, reason: 'invalid', detail: 'guard not built yet' };
}
