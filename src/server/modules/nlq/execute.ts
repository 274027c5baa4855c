// Runs one compiled Sentinel query as the database's guarantee, not ours: a READ ONLY
// transaction, SET LOCAL ROLE encore_sentinel (reads only the sentinel views), the partner bound
// with set_config('encore.partner_id', …, true) for the row-level security policies, a statement
// timeout (PostgreSQL; PGlite ignores it, so the compiler bounds its plans) and the row cap.
// PLACEHOLDER signature agreed for the parallel work; the nlq-db branch replaces the body.
import type { Db } from '../../db/client';
import type { CompiledQuery } from '../../engines/nlq';

export interface ExecuteResult {
  ids: string[];
  /** More rows matched than `maxRows`. */
  truncated: boolean;
}

export async function executeSentinelQuery(db: Db, partnerId: number, compiled: CompiledQuery, maxRows: number): Promise<ExecuteResult> {
  void db;
  void partnerId;
  void compiled;
  void maxRows;
  throw new Error('executor not built yet');
}
