// The console's path into the history import (settings #system): both files arrive as uploads of
// the multipart protocol, POST /partners/history_import queues the history.import task, and the
// worker runs the same service as the CLI, reporting its progress on the task (GET /tasks/{id}).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { objectStorage } from '../../adapters/storage';
import { enqueueTask, type TaskRow } from '../tasks/repo';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { HISTORY_IMPORT_TASK, type HistoryImportProgress, type HistoryImportRequest } from '../../../lib/contracts/history-import';
import { importHistory, type ImportFile } from './service';

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

/** POST /partners/history_import: checks both uploads belong to the partner and queues the import. */
export async function startHistoryImport(db: Db, who: { partnerId: number; userId: string }, req: HistoryImportRequest): Promise<TaskRow> {
  for (const file of ['events', 'transactions'] as const) {
    const ref = req[file];
    if (!(await completedUpload(db, who.partnerId, ref.upload_id, ref.object_key))) {
      throw new AppError(404, 'error.storage.uploadNotFound', `No completed upload for ${file}`, file);
    }
  }
  const payload: Payload = { partnerId: who.partnerId, events: { uploadId: req.events.upload_id }, transactions: { uploadId: req.transactions.upload_id } };
  // An import is idempotent, so a retry after a crash is safe; one is enough.
  return enqueueTask(db, { kind: HISTORY_IMPORT_TASK, partnerId: who.partnerId, userId: who.userId, payload, maxAttempts: 2 });
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

registerTask(HISTORY_IMPORT_TASK, async (raw, ctx) => {
  const parsed = Payload.safeParse(raw);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${HISTORY_IMPORT_TASK} payload`);
  const { partnerId, events, transactions } = parsed.data;
  if (ctx.partnerId !== partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
  const ev = await completedUpload(ctx.db, partnerId, events.uploadId);
  const tx = await completedUpload(ctx.db, partnerId, transactions.uploadId);
  if (!ev || !tx) throw new PermanentTaskError('An upload of the import is gone');
  const progress = progressWriter((p) => ctx.progress({ ...p }));
  try {
    return await importHistory(ctx.db, { partnerId }, { events: fileOf(ev), transactions: fileOf(tx) }, { progress: progress.report });
  } finally {
    // A progress write still queued must not land after the worker records the outcome.
    await progress.flush();
  }
});
