// Uploads started and never finished (the browser closed, the user gave up) expire after a day
// (UPLOAD_TTL_MS); their parts are then deleted, so abandoned gigabytes do not pile up on disk
// or in S3 (where unfinished multipart uploads are billed too).
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { objectStorage } from '../../adapters/storage';
import { registerTask } from '../tasks/registry';

export const PURGE_UPLOADS = 'maintenance.purge_uploads';

export async function purgeExpiredUploads(db: Db, now = new Date()): Promise<{ purged: number; failed: number }> {
  const expired = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, 'uploading'), lt(uploads.expiresAt, now)));
  let failed = 0;
  for (const row of expired) {
    try {
      await objectStorage().abort({ uploadId: row.id, key: row.objectKey, backendUploadId: row.backendUploadId });
      await db.update(uploads).set({ status: 'aborted' }).where(eq(uploads.id, row.id));
    } catch (err) {
      failed++;
      console.error(`[storage] could not purge upload ${row.id}:`, err);
    }
  }
  return { purged: expired.length - failed, failed };
}

registerTask(PURGE_UPLOADS, async (_payload, { db }) => purgeExpiredUploads(db));
