// The daily purge of shared-link codes and scoped tokens past their expiry (spec 1 §7): queued by
// the daily maintenance of tasks/maintenance.ts, whichever worker runs it.
import { now as clockNow } from '../../lib/clock';
import { registerTask } from '../tasks/registry';
import { purgeExpiredGrants } from './access-grants';

export const PURGE_META_GRANTS = 'maintenance.purge_meta_grants';

// The server's clock (ENCORE_NOW may move it) decides what has expired, as for sessions.
registerTask(PURGE_META_GRANTS, async (_payload, { db }) => ({ deleted: await purgeExpiredGrants(db, clockNow()) }));
