// Importing a partner's ticketing history (issue 12): the one service behind `npm run
// import-history` and the console's task (settings #system). Check both files to the end first,
// write nothing unless both are valid, then write everything in one transaction and recompute the
// partner's forecasts, so the engine learns from the history at once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { nowMs as clockMs } from '../../lib/clock';
import { recomputeForecasts } from '../forecast/recompute';
import type { HistoryImportOutcome, HistoryImportProgress } from '../../../lib/contracts/history-import';
import { validateImport, type ImportFiles } from './validate';
import { writeImport, type ImportTarget } from './write';

export type { ImportFile, ImportFiles } from './validate';
export type { ImportTarget, NewPartner } from './write';

export interface ImportOptions {
  /**
   * Hears the phase and how far it got. Called synchronously and often: a listener that stores it
   * must not wait for the database (while writing, on PGlite the import holds the only connection).
   */
  progress?: (p: HistoryImportProgress) => void;
  /** The server's clock (tests pin it): sales after it are refused, forecasts are made at it. */
  nowMs?: number;
}

async function isEmbedded(db: Db): Promise<boolean> {
  const [v] = await rows<{ v: string }>(db, sql`SELECT version() AS v`);
  return /PGlite/i.test(v?.v ?? '');
}

export async function importHistory(db: Db, target: ImportTarget, files: ImportFiles, opts: ImportOptions = {}): Promise<HistoryImportOutcome> {
  const nowMs = opts.nowMs ?? clockMs();
  const progress = opts.progress ?? (() => {});
  if ('partnerId' in target) {
    const [p] = await rows<{ id: number }>(db, sql`SELECT id FROM partners WHERE id = ${target.partnerId}`);
    if (!p) throw notFound('Partner');
  }
  const totalBytes = files.events.size !== null && files.transactions.size !== null ? files.events.size + files.transactions.size : null;
  progress({ phase: 'validating', fraction: totalBytes ? 0 : null, rows: 0 });
  const partnerId = 'partnerId' in target ? target.partnerId : null;
  const { problems, plan } = await validateImport(db, partnerId, files, nowMs, (bytes) =>
    progress({ phase: 'validating', fraction: totalBytes ? Math.min(1, bytes / totalBytes) : null, rows: 0 }),
  );
  if (!plan) return { outcome: 'refused', problems: problems.list, problem_count: problems.count };

  progress({ phase: 'writing', fraction: 0, rows: 0 });
  let written;
  try {
    written = await writeImport(db, target, plan, (n) => progress({ phase: 'writing', fraction: plan.transactionRows ? n / plan.transactionRows : 1, rows: n }));
  } finally {
    plan.spool.dispose();
  }
  // PGlite has no autovacuum: without fresh statistics the planner takes the new rows for none,
  // and the rows a re-import replaced would stay on disk as dead tuples for good. A server's
  // autovacuum does both on its own.
  await db.execute(sql`ANALYZE events`);
  if (written.counts.transactions_replaced > 0 && (await isEmbedded(db))) await db.execute(sql`VACUUM (ANALYZE) ticket_transactions`);
  else await db.execute(sql`ANALYZE ticket_transactions`);

  progress({ phase: 'forecasting', fraction: null, rows: written.counts.transactions });
  const forecast = await recomputeForecasts(db, written.partnerId, { nowMs });
  return { outcome: 'imported', partner_id: written.partnerId, forecasts: forecast.events, ...written.counts };
}
