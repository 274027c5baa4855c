// Runs a question's hand-written expected SQL (over the base tables) and returns its ids as
// strings: a sorted set, or the SQL's own order for top-N questions.
import type { PGlite } from '@electric-sql/pglite';
import type { AccuracyQuestion } from './types';

/** `:partner` → $1 (a `::cast` is left alone). */
export function bindPartner(sql: string): string {
  return sql.replace(/(?<!:):partner\b/g, '$1');
}

export async function expectedIds(client: PGlite, q: AccuracyQuestion): Promise<string[]> {
  const res = await client.query<{ id: unknown }>(bindPartner(q.sql), [q.partner]);
  const ids = res.rows.map((r) => String(r.id));
  return q.ordered ? ids : [...new Set(ids)].sort();
}
