// The demo's package builder (issue 23): two done packages for the partner that has the
// package-builder flag (1001), so a first visit to /package-builder shows a list and results rather
// than an empty page. They are made as a user makes them — createPackage (the real service, its
// checks and its task) and the build task's own executeBuild on the partner's data — and the
// queued task is run here, so the seed leaves no work in the queue. The two builds share one read
// of the history (about 180,000 transactions): that read is most of a build's time.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { createPackage, executeBuild, loadBuildData, type PkgCtx } from '../modules/packages';
import { setTaskState } from '../modules/tasks/repo';
import type { CreatePackageRequest } from '../../lib/contracts/packages';

const DAY_MS = 86_400_000;
/** The events start a week or more after the seed, so the packages stay current for a while. */
const LEAD_DAYS = 7;
const EVENTS_PER_PACKAGE = 10;

interface DemoPackage {
  title: string;
  categories: readonly string[];
  targeting_mode: CreatePackageRequest['targeting_mode'];
}

const DEMO_PACKAGES: readonly DemoPackage[] = [
  { title: 'Bühne: Oper, Tanz & Schauspiel', categories: ['opera', 'operetta_musical', 'ballet', 'dance', 'theatre', 'spoken'], targeting_mode: 'selective_mode' },
  { title: 'Konzerte: Klassik & Pop', categories: ['symphony', 'chamber', 'vocal', 'rock_pop'], targeting_mode: 'inclusive_mode' },
];

/** The demo partners with the package-builder flag on for the whole partner. */
export async function packageBuilderPartners(db: Db): Promise<number[]> {
  const found = await rows<{ partner_id: number }>(db, sql`
    SELECT DISTINCT partner_id FROM feature_flags WHERE name = 'package-builder' AND enabled AND user_id IS NULL AND partner_id IS NOT NULL ORDER BY partner_id`);
  return found.map((r) => r.partner_id);
}

/** Builds the demo packages of `partnerId` as of `atMs`; returns how many were made (0 when the data has no fitting events). */
export async function seedDemoPackages(db: Db, partnerId: number, atMs: number, userEmail = 'admin@encore.demo'): Promise<number> {
  const [user] = await rows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${userEmail}`);
  const ctx: PkgCtx = { partnerId, userId: user?.id ?? null, language: 'de' };
  const planned: { plan: DemoPackage; eventIds: string[] }[] = [];
  for (const plan of DEMO_PACKAGES) {
    const found = await rows<{ id: string }>(db, sql`
      SELECT id FROM events
      WHERE partner_id = ${partnerId} AND start_date_time >= ${new Date(atMs + LEAD_DAYS * DAY_MS)}
        AND frontend_status IN ('DEFAULT', 'FLAGGED') AND category = ANY(${sql.param([...plan.categories])}::text[])
      ORDER BY start_date_time, id LIMIT ${EVENTS_PER_PACKAGE}`);
    if (found.length >= 2) planned.push({ plan, eventIds: found.map((e) => e.id) });
  }
  if (planned.length === 0) return 0;
  const data = await loadBuildData(db, partnerId, [...new Set(planned.flatMap((p) => p.eventIds))], atMs);
  let made = 0;
  for (const { plan, eventIds } of planned) {
    let created;
    try {
      created = await createPackage(db, ctx, {
        event_ids: eventIds,
        package_title: plan.title,
        targeting_mode: plan.targeting_mode,
        num_packages: 3,
        n_top_events: 3,
        filters: { exclude_ticket_categories: ['free'] },
      });
    } catch (err) {
      // A seed for another day than the server's clock may find the events already past.
      console.error(`[seed] demo package "${plan.title}" skipped:`, (err as Error).message);
      continue;
    }
    // Take the task before any worker can (a worker process may already run against a server database).
    const [claimed] = await rows<{ id: string }>(db, sql`
      UPDATE tasks SET status = 'STARTED', locked_at = now(), locked_by = 'demo-seed', attempts = attempts + 1, updated_at = now()
      WHERE id = ${created.task_id} AND status = 'PENDING' RETURNING id`);
    if (!claimed) continue;
    try {
      const result = await executeBuild(db, { partnerId, packageId: created.id, taskId: created.task_id }, async () => {}, { nowMs: atMs, data });
      await setTaskState(db, created.task_id, 'SUCCESS', result);
      if (!('skipped' in result)) made++;
    } catch (err) {
      // The demo stays usable without it: the package reads failed and offers a new build.
      console.error(`[seed] demo package "${plan.title}" failed:`, err);
      await db.execute(sql`UPDATE packages SET status = 'failed', error = 'The package could not be built. Please try again.' WHERE id = ${created.id}`);
      await setTaskState(db, created.task_id, 'FAILURE', { error_code: 'error.task.failed', message: 'The task failed. Please try again.' });
    }
  }
  return made;
}
