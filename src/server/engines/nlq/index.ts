// Sentinel's engine (issue 15): question → typed query (parse) → parameterised SQL (compile) →
// checked by the real PostgreSQL parser (sql-guard) before src/server/modules/nlq runs it.
// PLACEHOLDER signatures agreed for the parallel work; the nlq-engine and nlq-guard branches
// replace the bodies.
import type { CompiledQuery, CompileOptions, ParseOptions, ParseResult, TypedQuery } from './typed-query';

export * from './typed-query';

export function parseQuestion(text: string, opts: ParseOptions): ParseResult {
  void text;
  void opts;
  return { ok: false, refusal: 'not_understood', understood: [], reason: 'parser not built yet' };
}

export function compileQuery(query: TypedQuery, opts: CompileOptions): CompiledQuery {
  void query;
  void opts;
  throw new Error('compiler not built yet');
}

export { checkSql, type GuardResult, type GuardReason } from './sql-guard';
