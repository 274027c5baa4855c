// Importing a partner's ticketing history (issue 12): the one service behind `npm run
// import-history` and the console's task (settings #system). Check both files to the end first,
// write nothing unless both are valid, then write everything in one transaction and recompute the
// partner's forecasts, so the engine learns from the history at once.
//
// Issue 20 §4: the console first previews (previewHistory: the same checks and the same write in a
// transaction that is rolled back, forecasts computed in memory) and writes only when the user
// confirms; after the write, one summary notification instead of one per event turning 'below'.
import { inArray, and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { nowMs as clockMs } from '../../lib/clock';
import { MOVED_POINTS, forecastInputs, loadForecastInputs, movedForecasts, recomputeForecasts, turnedBelow, type ForecastInputs } from '../forecast/recompute';
import { notifyHistoryImported } from '../notifications/producers';
import { events as eventsTable } from '../../db/schema';
import { MAX_LISTED_MOVES, type HistoryImportCounts, type HistoryImportOutcome, type HistoryImportProgress, type HistoryPreviewOutcome } from '../../../lib/contracts/history-import';
import { validateImport, type ImportFiles } from './validate';
import { writeImport, type ImportCalendar, type ImportTarget } from './write';

export type { ImportFile, ImportFiles } from './validate';
export type { ImportCalendar, ImportTarget, NewPartner } from './write';

export interface ImportOptions {
  /**
   * Hears the phase and how far it got. Called synchronously and often: a listener that stores it
   * must not wait for the database (while writing, on PGlite the import holds the only connection).
   */
  progress?: (p: HistoryImportProgress) => void;
  /** The server's clock (tests pin it): sales after it are refused, forecasts are made at it. */
  nowMs?: number;
  /** Who started it in the console; hears the summary notification (the CLI has nobody). */
  userId?: string | null;
  /** Sets the partner's country and region (checked with partners/calendar checkCalendar) with the write (the CLI's --country, --region). */
  calendar?: ImportCalendar;
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
    written = await writeImport(db, target, plan, (n) => progress({ phase: 'writing', fraction: plan.transactionRows ? n / plan.transactionRows : 1, rows: n }), opts.calendar);
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
  const forecast = await recomputeForecasts(db, written.partnerId, { nowMs, notify: false });
  await notifyHistoryImported(db, written.partnerId, {
    userId: opts.userId ?? null,
    eventsCreated: written.counts.events_created,
    eventsUpdated: written.counts.events_updated,
    transactions: written.counts.transactions,
    moved: forecast.moved.length,
    points: MOVED_POINTS,
    below: forecast.turnedBelow.length,
  });
  return {
    outcome: 'imported',
    partner_id: written.partnerId,
    forecasts: forecast.events,
    forecasts_moved: forecast.moved.length,
    moved_points: MOVED_POINTS,
    events_below: forecast.turnedBelow.length,
    ...written.counts,
  };
}

/** Carries what the preview needs out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(
    readonly counts: HistoryImportCounts,
    readonly inputs: ForecastInputs,
  ) {
    super('history import preview (rolled back)');
  }
}

/**
 * What importing the files into the partner would change, without changing anything: the files
 * are checked as the import checks them, then written exactly as the import writes them inside a
 * transaction that is always rolled back, and the partner's forecasts are computed in memory from
 * what that transaction sees. The counts are the import's; a move is an upcoming event whose
 * stored prediction (what the screens show now) would change by more than MOVED_POINTS.
 */
export async function previewHistory(db: Db, partnerId: number, files: ImportFiles, opts: ImportOptions = {}): Promise<HistoryPreviewOutcome> {
  const nowMs = opts.nowMs ?? clockMs();
  const progress = opts.progress ?? (() => {});
  const [p] = await rows<{ id: number }>(db, sql`SELECT id FROM partners WHERE id = ${partnerId}`);
  if (!p) throw notFound('Partner');
  const totalBytes = files.events.size !== null && files.transactions.size !== null ? files.events.size + files.transactions.size : null;
  progress({ phase: 'validating', fraction: totalBytes ? 0 : null, rows: 0 });
  const { problems, plan } = await validateImport(db, partnerId, files, nowMs, (bytes) =>
    progress({ phase: 'validating', fraction: totalBytes ? Math.min(1, bytes / totalBytes) : null, rows: 0 }),
  );
  if (!plan) return { outcome: 'refused', problems: problems.list, problem_count: problems.count };

  progress({ phase: 'comparing', fraction: null, rows: 0 });
  let dry: DryRun;
  try {
    await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      const written = await writeImport(tx, { partnerId }, plan);
      // What a recompute would read after the import; the computing waits until the rollback
      // has given the connection back (on the embedded database the server's only one).
      throw new DryRun(written.counts, await loadForecastInputs(tx, partnerId, { nowMs }));
    });
    throw new Error('history import preview: the transaction was not rolled back');
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
    dry = err;
  } finally {
    plan.spool.dispose();
  }
  // The model learnt from rows that were rolled back must not be kept for the real ones.
  const { forecasts } = forecastInputs(partnerId, dry.inputs, { nowMs, cacheModel: false });
  const moved = movedForecasts(forecasts, dry.inputs.stored);
  const listed = moved.slice(0, MAX_LISTED_MOVES);
  // A move is of an event that had a stored forecast, so it exists outside the rolled-back write too.
  const named = listed.length
    ? await db
        .select({ id: eventsTable.id, title: eventsTable.title, start: eventsTable.startDateTime })
        .from(eventsTable)
        .where(and(eq(eventsTable.partnerId, partnerId), inArray(eventsTable.id, listed.map((m) => m.eventId))))
    : [];
  const byId = new Map(named.map((e) => [e.id, e]));
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    outcome: 'preview',
    moved_points: MOVED_POINTS,
    moves: listed.map((m) => ({
      event_id: m.eventId,
      title: byId.get(m.eventId)?.title ?? m.eventId,
      start: (byId.get(m.eventId)?.start ?? new Date(0)).toISOString(),
      before: round(m.before),
      after: round(m.after),
    })),
    moves_count: moved.length,
    events_below: turnedBelow(forecasts, dry.inputs.stored).length,
    ...dry.counts,
  };
}
