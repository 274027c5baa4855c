// Pieces for writing many rows at once, the same on PGlite and node-postgres: one array parameter
// per column (`INSERT ... SELECT FROM unnest($1::int[], ...)`), ids taken from a sequence before
// inserting, and row triggers skipped where the session may (the demo seed, src/server/demo/catalog.ts,
// does the same with its own copy of these helpers).
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from './client';

/** An array as a single bound parameter (a bare array in a drizzle `sql` template becomes a list). */
export const arr = (values: readonly unknown[]): SQL => sql`${sql.param(values)}`;

/** Ids for `n` new rows of a serial table, in order, taken from its sequence. */
export async function reserveIds(db: Db, table: 'venues' | 'halls', n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await rows<{ id: string | number }>(db, sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n}::int)`);
  return res.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Foreign keys are checked by row triggers: an index probe per key per row, about a third of the
 * time of a bulk insert on PGlite. A superuser session (always the case on PGlite) may skip them
 * for the current transaction, as pg_restore --disable-triggers does; the caller then checks the
 * references set-wise. Other sessions (a managed PostgreSQL) keep the triggers. Returns the
 * setting to restore with restoreRowTriggers(), or null when nothing was changed.
 */
export async function skipRowTriggers(db: Db): Promise<string | null> {
  const [me] = await rows<{ su: string; role: string }>(db, sql`SELECT current_setting('is_superuser') AS su, current_setting('session_replication_role') AS role`);
  if (me?.su !== 'on') return null;
  await db.execute(sql`SET LOCAL session_replication_role = replica`);
  return me.role;
}

export async function restoreRowTriggers(db: Db, role: string | null): Promise<void> {
  if (role !== null) await db.execute(sql`SELECT set_config('session_replication_role', ${role}, true)`);
}
