// The packages.build task (issue 23): one package build per task. The row goes initializing →
// inprogress → done | failed (spec 3 §4). The worker shares the web process, so the build turns the
// event loop between its history chunks (repo.ts), before each engine stage (buildPackagesAsync)
// (and inside the long ones) and between member batches; its progress shows on the task (GET /tasks/{id}).
import { and, eq, inArray } from 'drizzle-orm';
import { setImmediate as nextTick } from 'node:timers/promises';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema';
import { buildPackagesAsync, ENGINE_VERSION, type BuildStage, type PackageBuild } from '../../engines/packages';
import { AppError } from '../../lib/errors';
import { nowMs as clockNowMs } from '../../lib/clock';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { PackageFiltersInput, type PackageFiltersInput as Filters, type Variation } from '../../../lib/contracts/packages';
import { customersByExternalIds, deleteMembers, dropDanglingMembers, insertMembers, loadBuildData, type BuildData } from './repo';
import { restoreRowTriggers, skipRowTriggers } from '../../db/bulk';
import { notifySafely } from '../notifications/notify';
import { BUILD_ATTEMPTS, EXPIRY_MS, PACKAGE_BUILD_TASK, variationSlug } from './service';

export const BuildPayload = z.object({
  partnerId: z.number().int().positive(),
  packageId: z.number().int().positive(),
});

export interface BuildProgress {
  stage: string;
  percent: number;
}

/** Share of the build before each stage, for the status (loading the history is about half). */
const STAGE_PERCENT: Record<BuildStage, number> = { links: 50, history: 55, collaborative: 65, scores: 70, variations: 78, statistics: 88 };

/** What a user reads when the build found nobody (a failed package says why, spec 3 §2 failed screen). */
const NO_AUDIENCE = 'No customer’s purchase history fits these events and filters. Choose other events or loosen the filters.';
const BUILD_FAILED = 'The package could not be built. Please try again.';

/** The engine's filters from the stored ones: the partner's customer ids resolved to Encore ids (unknown ids drop out). */
async function engineFilters(db: Db, partnerId: number, stored: unknown) {
  const parsed = PackageFiltersInput.safeParse(stored ?? {});
  // Stored by createPackage through the same contract: only a hand-edited row fails here.
  if (!parsed.success) throw new PermanentTaskError(`package filters do not parse: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const f: Filters = parsed.data;
  const resolve = async (ids: string[] | undefined) => (ids ? [...(await customersByExternalIds(db, partnerId, ids)).values()] : undefined);
  return {
    ...f,
    excluded_customers: await resolve(f.excluded_customers),
    included_customers: await resolve(f.included_customers),
  };
}

async function markFailed(db: Db, partnerId: number, packageId: number, taskId: string | null, message: string): Promise<void> {
  await db
    .update(packages)
    .set({ status: 'failed', error: message, finishedAt: new Date() })
    .where(
      and(
        eq(packages.id, packageId),
        eq(packages.partnerId, partnerId),
        inArray(packages.status, ['initializing', 'inprogress']),
        ...(taskId ? [eq(packages.taskId, taskId)] : []),
      ),
    );
}

/**
 * Builds the package and stores it. Only the build the row is waiting for writes: a package
 * regenerated meanwhile has another task id, and this run ends without touching it.
 */
export async function executeBuild(
  db: Db,
  req: { partnerId: number; packageId: number; taskId: string },
  progress: (p: BuildProgress) => Promise<void> = async () => {},
  opts: {
    nowMs?: number;
    /** Told the time of each part: 'load', 'engine', 'store' (the bench reads it). */
    onStage?: (part: 'load' | 'engine' | 'store', ms: number) => void;
    /** Already loaded data (loadBuildData with these events among the chosen ones): the demo seed builds two packages from one load. */
    data?: BuildData;
  } = {},
): Promise<{ package_id: number; variations: number; n_customers: number } | { package_id: number; skipped: true }> {
  const [row] = await db
    .update(packages)
    .set({ status: 'inprogress' })
    .where(and(eq(packages.id, req.packageId), eq(packages.partnerId, req.partnerId), eq(packages.taskId, req.taskId), inArray(packages.status, ['initializing', 'inprogress'])))
    .returning();
  if (!row) return { package_id: req.packageId, skipped: true };
  const nowMs = opts.nowMs ?? clockNowMs();
  let lap = performance.now();
  const timed = (part: 'load' | 'engine' | 'store') => {
    const t = performance.now();
    opts.onStage?.(part, t - lap);
    lap = t;
  };

  await progress({ stage: 'loading', percent: 5 });
  const filters = await engineFilters(db, req.partnerId, row.filterSettings);
  let lastPercent = 5;
  const wanted = new Set(row.eventIds);
  const data = opts.data
    ? { ...opts.data, chosen: opts.data.chosen.filter((e) => wanted.has(e.id)) }
    : await loadBuildData(db, req.partnerId, row.eventIds, nowMs, async (done, total) => {
        // A handful of progress writes while loading, never one per chunk.
        const percent = 5 + Math.floor((45 * done) / total / 10) * 10;
        if (percent > lastPercent) {
          lastPercent = percent;
          await progress({ stage: 'loading', percent });
        }
      });
  timed('load');
  if (data.chosen.length === 0) throw new PermanentTaskError(`package ${req.packageId}: none of its events exists any more`);

  let lastStage: BuildStage | null = null;
  const build: PackageBuild = await buildPackagesAsync(
    {
      chosenEvents: data.chosen,
      pastEvents: data.past,
      purchases: data.purchases,
      customers: data.customers,
      nowMs,
      settings: {
        targeting_mode: row.targetingMode,
        num_packages: row.numPackages,
        n_top_events: row.nTopEvents,
        filters,
        // Opted-out customers stay in the package, flagged; every export leaves them out.
        forCrmExport: false,
        seed: row.seed,
      },
    },
    async (stage) => {
      // A stage may pause many times (the ranker every 10,000 customers): one progress write each.
      if (stage !== lastStage) await progress({ stage, percent: STAGE_PERCENT[stage] });
      lastStage = stage;
      await nextTick();
    },
  );
  timed('engine');
  if (build.variations.length === 0) throw new AppError(422, 'error.packages.no_audience', NO_AUDIENCE);

  await progress({ stage: 'storing', percent: 95 });
  const optedOut = new Set(data.customers.filter((c) => c.adsOptOut).map((c) => c.id));
  const content: Variation[] = build.variations.map(({ customer_ids, customer_scores: _scores, ...v }) => ({
    ...v,
    slug: variationSlug(v.title),
    n_customers: customer_ids.length,
    n_opted_out: customer_ids.reduce((n, id) => n + (optedOut.has(id) ? 1 : 0), 0),
  })) as Variation[];
  const stored = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // The row must still wait for this build (a regenerate queues another task and wins).
    const [mine] = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.id, req.packageId), eq(packages.partnerId, req.partnerId), eq(packages.taskId, req.taskId), eq(packages.status, 'inprogress')))
      .for('update');
    if (!mine) return false;
    await deleteMembers(tx, req.partnerId, req.packageId);
    // The customers were read from the partner's rows a moment ago: their foreign keys are checked
    // set-wise afterwards instead of by a trigger per row (where the session may skip them).
    const role = await skipRowTriggers(tx);
    for (const [v, variation] of build.variations.entries()) {
      await insertMembers(tx, req.partnerId, req.packageId, v, variation.customer_ids, variation.customer_scores);
    }
    await restoreRowTriggers(tx, role);
    if (role !== null) await dropDanglingMembers(tx, req.partnerId, req.packageId);
    const finished = new Date(nowMs);
    await tx
      .update(packages)
      .set({
        status: 'done',
        content,
        nCustomers: build.n_customers,
        error: null,
        engineVersion: ENGINE_VERSION,
        finishedAt: finished,
        expiresAt: new Date(nowMs + EXPIRY_MS),
      })
      .where(eq(packages.id, req.packageId));
    return true;
  });
  timed('store');
  if (!stored) return { package_id: req.packageId, skipped: true };
  return { package_id: req.packageId, variations: content.length, n_customers: build.n_customers };
}

/**
 * The one who started the build hears how it ended (spec 3: builds take minutes; nobody watches
 * the building screen that long): a link to the results, or to the failed package's retry.
 */
async function tellBuilder(db: Db, partnerId: number, packageId: number, outcome: { variations: number; customers: number } | 'failed'): Promise<void> {
  const [p] = await db.select({ title: packages.title, userId: packages.userId }).from(packages).where(and(eq(packages.id, packageId), eq(packages.partnerId, partnerId)));
  if (!p?.userId) return;
  await notifySafely(db, {
    partnerId,
    to: { userIds: [p.userId] },
    template: outcome === 'failed' ? 'packageFailed' : 'packageReady',
    vars: outcome === 'failed' ? { name: p.title } : { name: p.title, customers: outcome.customers, variations: outcome.variations },
    actionUrl: `/package-builder/results/${packageId}`,
    templateData: { package_id: packageId },
  });
}

registerTask(
  PACKAGE_BUILD_TASK,
  async (payload, ctx) => {
    const parsed = BuildPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentTaskError(`Invalid ${PACKAGE_BUILD_TASK} payload`);
    if (ctx.partnerId !== null && ctx.partnerId !== parsed.data.partnerId) throw new PermanentTaskError('Task partner and payload partner differ');
    try {
      const result = await executeBuild(ctx.db, { ...parsed.data, taskId: ctx.taskId }, (p) => ctx.progress({ ...p }));
      if (!('skipped' in result)) await tellBuilder(ctx.db, parsed.data.partnerId, parsed.data.packageId, { variations: result.variations, customers: result.n_customers });
      return result;
    } catch (err) {
      // The last attempt, or one no retry can fix: the package says failed (with words for the user).
      if (err instanceof PermanentTaskError || err instanceof AppError || ctx.attempt >= BUILD_ATTEMPTS) {
        await markFailed(ctx.db, parsed.data.partnerId, parsed.data.packageId, ctx.taskId, err instanceof AppError ? err.message : BUILD_FAILED);
        await tellBuilder(ctx.db, parsed.data.partnerId, parsed.data.packageId, 'failed');
        // Not retried: the package already says why (GET /package_builder/packages/{id} error).
        if (err instanceof AppError) throw new PermanentTaskError(err.message);
      }
      throw err;
    }
  },
  {
    // The worker stopped while building and no attempt is left.
    onAbandoned: async (task, db) => {
      const parsed = BuildPayload.safeParse(task.payload);
      if (parsed.success) await markFailed(db, parsed.data.partnerId, parsed.data.packageId, task.id, BUILD_FAILED);
    },
  },
);

