// Housekeeping tasks of the platform itself.
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { registerTask } from './registry';

export const PURGE_SESSIONS = 'maintenance.purge_sessions';

// Ended sessions are kept a week for the "your sessions" list, then deleted.
registerTask(PURGE_SESSIONS, async (_payload, { db }) => {
  const deleted = await rows<{ id: string }>(
    db,
    sql`DELETE FROM sessions WHERE (revoked_at IS NOT NULL OR COALESCE(refresh_expires_at, expires_at) < now()) AND last_seen_at < now() - interval '7 days' RETURNING id`,
  );
  return { deleted: deleted.length };
});
