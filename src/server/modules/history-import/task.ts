// The console's path into the history import (settings #system): both files arrive as uploads of
// the multipart protocol, POST /partners/history_import/preview queues the history.preview task
// (what the import would change, nothing written), confirming it queues the history.import task
// with the same uploads (POST /partners/history_import queues it directly, for API clients), and
// the worker runs the same service as the CLI, reporting its progress on the task (GET /tasks/{id}).
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { objectStorage } from '../../adapters/storage';
import { enqueueTask, type TaskRow } from '../tasks/repo';
import { PermanentTaskError, registerTask, type TaskContext } from '../tasks/registry';
import {
  HISTORY_IMPORT_TASK,
  HISTORY_PREVIEW_TASK,
  type HistoryImportProgress,
  type HistoryImportRequest,
} from '../../../lib/contracts/history-import';
import { notFound } from '../../lib/errors';
import { importHistory, previewHistory, type ImportFile } from './service';

const Payload = z.object({
  partnerId: z.number().int().positive(),
  events: z.object({ uploadId: z.uuid() }),
  transactions: z.object({ uploadId: z.uuid() }),
});
type Payload = z.infer<typeof Payload>;

type UploadRow = typeof uploads.$inferSelect;

/** A completed upload of the partner; anything else (another partner's, unfinished, refused) is not found. */
async function completedUpload(db: Db, partnerId: number, uploadId: string, objectKey?: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.partnerId, partnerId), eq(uploads.status, 'completed')))
    .limit(1);
  return row && (objectKey === undefined || row.objectKey === objectKey) ? row : undefined;
}

type Who = { partnerId: number; userId: string };

/** Both uploads must be completed uploads of the caller's partner. */
async function payloadOf(db: Db, who: Who, req: HistoryImportRequest): Promise<Payload> {
  for (const file of ['events', 'transactions'] as const) {
    const ref = req[file];
    if (!(await completedUpload(db, who.partnerId, ref.upload_id, ref.object_key))) {
      throw new AppError(404, 'error.storage.uploadNotFound', `No completed upload for ${file}`, file);
    }
  }
  return { partnerId: who.partnerId, events: { uploadId: req.events.upload_id }, transactions: { uploadId: req.transactions.upload_id } };
}

/** POST /partners/history_import: checks both uploads belong to the partner and queues the import. */
export async function startHistoryImport(db: Db, who: Who, req: HistoryImportRequest): Promise<TaskRow> {
  const payload = await payloadOf(db, who, req);
  // An import is idempotent, so a retry after a crash is safe; one is enough.
  return enqueueTask(db, { kind: HISTORY_IMPORT_TASK, partnerId: who.partnerId, userId: who.userId, payload, maxAttempts: 2 });
}

/** POST /partners/history_import/preview: the same checks, and queues the preview (writes nothing). */
export async function startHistoryPreview(db: Db, who: Who, req: HistoryImportRequest): Promise<TaskRow> {
  const payload = await payloadOf(db, who, req);
  return enqueueTask(db, { kind: HISTORY_PREVIEW_TASK, partnerId: who.partnerId, userId: who.userId, payload, maxAttempts: 2 });
}

/**
 * POST /partners/history_import/preview/{id}/confirm: queues the import of the previewed uploads
 * (the files stay where the preview read them; nothing is uploaded again). The preview is the
 * caller's own (another partner's or user's is not found) and is confirmed once: the task row
 * records the import's id in the same transaction, so two confirms cannot both queue one.
 */
export async function confirmHistoryPreview(db: Db, who: Who, previewId: string): Promise<TaskRow> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [preview] = await rows<{ status: string; payload: unknown; outcome: string | null; confirmed: string | null }>(
      tx,
      sql`SELECT status, payload, result->>'outcome' AS outcome, result->>'confirmed_task_id' AS confirmed FROM tasks
          WHERE id = ${previewId} AND kind = ${HISTORY_PREVIEW_TASK} AND partner_id = ${who.partnerId} AND user_id = ${who.userId}
          FOR UPDATE`,
    );
    if (!preview) throw notFound('Preview');
    if (preview.confirmed) throw new AppError(409, 'error.history_import.alreadyConfirmed', 'This preview was confirmed already');
    if (preview.status !== 'SUCCESS' || preview.outcome !== 'preview') {
      throw new AppError(409, 'error.history_import.notPreviewed', 'Only a finished preview of valid files can be confirmed');
    }
    const parsed = Payload.safeParse(preview.payload);
    if (!parsed.success || parsed.data.partnerId !== who.partnerId) throw notFound('Preview');
    for (const file of ['events', 'transactions'] as const) {
      if (!(await completedUpload(tx, who.partnerId, parsed.data[file].uploadId))) {
        throw new AppError(404, 'error.storage.uploadNotFound', `The ${file} upload of the preview is gone`, file);
      }
    }
    const task = await enqueueTask(tx, { kind: HISTORY_IMPORT_TASK, partnerId: who.partnerId, userId: who.userId, payload: parsed.data, maxAttempts: 2 });
    await tx.execute(sql`UPDATE tasks SET result = result || jsonb_build_object('confirmed_task_id', ${task.id}::text), updated_at = now() WHERE id = ${previewId}`);
    return task;
  });
}

/**
 * Progress for the task row, written one at a time and at most every 250 ms (a phase change goes
 * at once). report() never waits: on PGlite the import's write transaction holds the only
 * connection, so a progress write queues behind it; flush() waits for the last one.
 */
export function progressWriter(write: (p: HistoryImportProgress) => Promise<void>, minIntervalMs = 250) {
  let latest: HistoryImportProgress | null = null;
  let running: Promise<void> | null = null;
  let lastAt = -Infinity;
  let lastPhase: string | null = null;
  const pump = async () => {
    while (latest) {
      const p = latest;
      latest = null;
      try {
        await write(p);
      } catch (err) {
        console.error('[history-import] progress not recorded:', (err as Error).message);
      }
    }
    running = null;
  };
  return {
    report(p: HistoryImportProgress): void {
      const now = Date.now();
      if (p.phase === lastPhase && now - lastAt < minIntervalMs) return;
      lastAt = now;
      lastPhase = p.phase;
      latest = p;
      running ??= pump();
    },
    async flush(): Promise<void> {
      while (running) await running;
    },
  };
}

function fileOf(row: UploadRow): ImportFile {
  return { name: row.objectName, size: row.sizeBytes, open: async () => (await objectStorage().open(row.objectKey)).body };
}

/** The task's payload checked against its row, and its two files. */
async function filesOf(kind: string, raw: unknown, ctx: TaskContext) {
  const parsed = Payload.safeParse(raw);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${kind} payload`);
  const { partnerId, events, transactions } = parsed.data;
  if (ctx.partnerId !== partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
  const ev = await completedUpload(ctx.db, partnerId, events.uploadId);
  const tx = await completedUpload(ctx.db, partnerId, transactions.uploadId);
  if (!ev || !tx) throw new PermanentTaskError('An upload of the import is gone');
  return { partnerId, files: { events: fileOf(ev), transactions: fileOf(tx) } };
}

registerTask(HISTORY_IMPORT_TASK, async (raw, ctx) => {
  const { partnerId, files } = await filesOf(HISTORY_IMPORT_TASK, raw, ctx);
  const progress = progressWriter((p) => ctx.progress({ ...p }));
  try {
    return await importHistory(ctx.db, { partnerId }, files, { progress: progress.report, userId: ctx.userId });
  } finally {
    // A progress write still queued must not land after the worker records the outcome.
    await progress.flush();
  }
});

registerTask(HISTORY_PREVIEW_TASK, async (raw, ctx) => {
  const { partnerId, files } = await filesOf(HISTORY_PREVIEW_TASK, raw, ctx);
  const progress = progressWriter((p) => ctx.progress({ ...p }));
  try {
    return await previewHistory(ctx.db, partnerId, files, { progress: progress.report });
  } finally {
    await progress.flush();
  }
});
