// The producers of issue 6: what other modules report through notify(). Each wraps or follows
// the producing work so that module needs one line; a notification failure never fails the work.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, permissions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { IngestResponse, SalesEditImportResponse } from '../../../lib/contracts/sales';
import { notifySafely } from './notify';

interface Who {
  partnerId: number;
  userId: string;
}

/** A failure worth telling the uploader about: the file was refused, not the request itself. */
function reportable(err: unknown): err is AppError {
  return err instanceof AppError && err.status !== 401 && err.status !== 403 && err.status !== 404;
}

function reasonOf(err: AppError): string {
  const tail = err.code.split('.').pop() ?? err.code;
  return [tail.replace(/_/g, ' '), err.subcode].filter(Boolean).join(', ');
}

async function eventInfo(db: Db, partnerId: number, eventId: string) {
  const [ev] = await db
    .select({ title: events.title, category: events.category, start: events.startDateTime })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.partnerId, partnerId)))
    .limit(1);
  return ev;
}

/** The spreadsheet sales upload (spec 3 §2): the uploader hears how it went. */
export async function withSalesUploadNotice(db: Db, who: Who, eventId: string, run: () => Promise<IngestResponse>): Promise<IngestResponse> {
  try {
    const result = await run();
    const ev = await eventInfo(db, who.partnerId, result.event_id);
    await notifySafely(db, {
      partnerId: who.partnerId,
      to: { userIds: [who.userId] },
      template: 'salesImportFinished',
      vars: { event: ev?.title ?? eventId, days: result.transactions, tickets: result.tickets },
      actionUrl: `/events/${encodeURIComponent(result.event_id)}`,
      templateData: { event_id: result.event_id, event_category: ev?.category ?? null },
    });
    return result;
  } catch (err) {
    if (reportable(err)) {
      const ev = await eventInfo(db, who.partnerId, eventId).catch(() => undefined);
      if (ev) {
        await notifySafely(db, {
          partnerId: who.partnerId,
          to: { userIds: [who.userId] },
          template: 'salesImportFailed',
          vars: { event: ev.title, reason: reasonOf(err) },
          actionUrl: `/events/${encodeURIComponent(eventId)}`,
          templateData: { event_id: eventId, event_category: ev.category, error_code: err.code },
        });
      }
    }
    throw err;
  }
}

/** The adjustment import of an edited export (spec 3 §2). */
export async function withSalesAdjustmentNotice(db: Db, who: Who, run: () => Promise<SalesEditImportResponse>): Promise<SalesEditImportResponse> {
  try {
    const result = await run();
    await notifySafely(db, {
      partnerId: who.partnerId,
      to: { userIds: [who.userId] },
      template: 'salesAdjustmentFinished',
      vars: { events: result.events },
      actionUrl: '/events',
    });
    return result;
  } catch (err) {
    if (reportable(err)) {
      await notifySafely(db, {
        partnerId: who.partnerId,
        to: { userIds: [who.userId] },
        template: 'salesAdjustmentFailed',
        vars: { reason: reasonOf(err) },
        actionUrl: '/events',
        templateData: { error_code: err.code },
      });
    }
    throw err;
  }
}

/** A share as the notification keeps it: a number (formatted per reader when shown), one decimal. */
const pct = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;

export interface BelowTurn {
  eventId: string;
  predicted: number | null;
  benchmark: number | null;
}

/**
 * The forecast flagged events that were not 'below' before (recompute compares the stored
 * state): everyone at the partner who sees events hears it once per turn.
 */
export async function notifyEventsTurnedBelow(db: Db, partnerId: number, turns: BelowTurn[]): Promise<number> {
  if (!turns.length) return 0;
  const rows = await db
    .select({ id: events.id, title: events.title, category: events.category, start: events.startDateTime })
    .from(events)
    .where(and(eq(events.partnerId, partnerId), inArray(events.id, turns.map((t) => t.eventId))));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let created = 0;
  for (const t of turns) {
    const ev = byId.get(t.eventId);
    if (!ev) continue;
    const r = await notifySafely(db, {
      partnerId,
      to: { permission: 'lookout' },
      template: 'eventBelowBenchmark',
      vars: { event: ev.title, date: ddmmyyyy(ev.start), predicted: pct(t.predicted), benchmark: pct(t.benchmark) },
      actionUrl: `/events/${encodeURIComponent(ev.id)}`,
      templateData: { event_id: ev.id, event_category: ev.category },
    });
    created += r.created;
  }
  return created;
}

export interface HistoryImportSummary {
  /** Who started the import in the console (the CLI has nobody). */
  userId: string | null;
  eventsCreated: number;
  eventsUpdated: number;
  transactions: number;
  /** Upcoming forecasts that moved by more than `points`. */
  moved: number;
  points: number;
  /** Events whose forecast newly says 'below'. */
  below: number;
}

/**
 * After a history import: ONE summary for the importer and everyone who sees events, instead of
 * one 'below benchmark' notification per event (issue 20 §4: an import sent 37 at once).
 */
export async function notifyHistoryImported(db: Db, partnerId: number, s: HistoryImportSummary): Promise<number> {
  const viewers = await db
    .select({ id: permissions.userId })
    .from(permissions)
    .where(and(eq(permissions.partnerId, partnerId), eq(permissions.name, 'lookout'), eq(permissions.isEnabled, true)));
  const userIds = [...new Set([...(s.userId ? [s.userId] : []), ...viewers.map((v) => v.id)])];
  const r = await notifySafely(db, {
    partnerId,
    to: { userIds },
    template: 'historyImportFinished',
    vars: { created: s.eventsCreated, updated: s.eventsUpdated, transactions: s.transactions, moved: s.moved, points: s.points, below: s.below },
    actionUrl: '/events',
  });
  return r.created;
}

/** A finished file upload (spec 1 §2.7): the uploader gets a notice linking the stored file. */
export async function notifyUploadFinished(db: Db, who: { partnerId: number; userId: string | null }, file: { name: string; objectKey: string; size: number; location: string }): Promise<void> {
  if (!who.userId) return;
  const mb = file.size / 1_000_000;
  await notifySafely(db, {
    partnerId: who.partnerId,
    to: { userIds: [who.userId] },
    template: 'uploadFinished',
    vars: { file: file.name, size: mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(file.size / 1000))} KB`, link: `/attachment?url=${encodeURIComponent(file.location)}` },
    actionUrl: '/fileUpload',
    templateData: { object_key: file.objectKey },
  });
}
