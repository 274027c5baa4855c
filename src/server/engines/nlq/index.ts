// Sentinel's engine (issue 15): question → typed query (parse) → parameterised SQL (compile) →
// checked by the real PostgreSQL parser (sql-guard) before src/server/modules/nlq runs it.
// The parser and compiler are this folder's (docs/NLQ-ENGINE.md); checkSql is nlq-guard's.
export * from './typed-query';
export { parseQuestion } from './parse';
export { compileQuery, CompileError, summarise } from './compile';

export { checkSql, type GuardResult, type GuardReason } from './sql-guard';
export { closestQuestion, type Suggestion } from './suggest';
