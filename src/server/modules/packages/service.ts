// The package builder's rules (issue 23; spec 3 §2, §3, §4, §7): create a package (its build is a
// task, jobs.ts), read one or the list with the status as the results page shows it, regenerate,
// merge. Every call is scoped to the viewer's partner; another partner's package is not found.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { packages } from '../../db/schema';
import { ENGINE_VERSION } from '../../engines/packages';
import { AppError, notFound } from '../../lib/errors';
import { now as clockNow } from '../../lib/clock';
import { enqueueTask } from '../tasks/repo';
import {
  PACKAGES,
  type CreatePackageRequest,
  type Package,
  type PackageCreated,
  type PackageList,
  type PackageListItem,
  type PackageStatus,
  type TargetingMode,
  type Variation,
} from '../../../lib/contracts/packages';
import {
  copyMembers,
  customersByExternalIds,
  distinctMembers,
  eventStates,
  eventsByIds,
  packageById,
  packagePage,
  packagesByIds,
  type PackageDbRow,
  type PackageEventRow,
} from './repo';
import { DEMO_PACKAGE_ID, demoListItem, demoModeRefused, demoPackage } from './demo';

export const PACKAGE_BUILD_TASK = 'packages.build';
/** A build that failed for a passing reason (a lost connection) is tried once more. */
export const BUILD_ATTEMPTS = 2;
export const EXPIRY_MS = PACKAGES.expiryDays * 86_400_000;

export interface PkgCtx {
  partnerId: number;
  userId: string | null;
  language: 'en' | 'de';
  /**
   * Demo mode (feature flag package-builder.demo, ./demo.ts): the viewer sees only the fixed sample
   * package, builds nothing and exports nothing.
   */
  demo?: boolean;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A merged package's title in the user's language: the prefix, then the sources' titles joined by ' + '. */
export function mergedTitle(titles: readonly string[], language: 'en' | 'de'): string {
  const prefix = language === 'de' ? 'Zusammengeführt' : 'Merge';
  return `${prefix}: ${titles.join(' + ')}`.slice(0, PACKAGES.maxTitle);
}

/** spec 3 §2: the results page's slug of a variation, its title lowercased with spaces turned to hyphens. */
export const variationSlug = (title: string): string => title.trim().toLowerCase().replace(/\s+/g, '-');

/** spec 3 §5: an empty package name falls back to 'Package-' plus the current date and hour (UTC here). */
export function defaultTitle(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `Package-${p(now.getUTCDate())}.${p(now.getUTCMonth() + 1)}.${now.getUTCFullYear()} ${p(now.getUTCHours())}:00`;
}

/** FNV-1a of a text, as a positive int4: the seed of a package, the same for the same inputs. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 2_147_483_647 || 1;
}

/** The build's inputs in a canonical form (lists sorted): two requests for the same package hash alike. */
export function canonicalInputs(b: Pick<CreatePackageRequest, 'event_ids' | 'num_packages' | 'n_top_events' | 'targeting_mode' | 'filters'>): string {
  const f = b.filters;
  const sorted = (xs: readonly string[] | undefined) => (xs ? [...xs].sort() : undefined);
  return JSON.stringify({
    event_ids: sorted(b.event_ids),
    num_packages: b.num_packages,
    n_top_events: b.n_top_events,
    targeting_mode: b.targeting_mode,
    filters: {
      excluded_customers: sorted(f.excluded_customers),
      included_customers: sorted(f.included_customers),
      exclude_buying_behavior_below: f.exclude_buying_behavior_below,
      exclude_buying_behavior_above: f.exclude_buying_behavior_above,
      exclude_old_purchases_before: f.exclude_old_purchases_before,
      exclude_recent_purchases_after: f.exclude_recent_purchases_after,
      exclude_ticket_categories: sorted(f.exclude_ticket_categories),
    },
  });
}

/**
 * The status the results page shows (spec 3 §4). The row says initializing, inprogress, done or
 * failed; a build whose task ended without writing its outcome (failed for good, revoked, its row
 * gone) reads failed; a done package reads expired once its expiry time has come or one of its
 * events has started, was cancelled or deleted.
 */
export function effectiveStatus(row: Pick<PackageDbRow, 'status' | 'task_status' | 'task_id' | 'expires_at' | 'events_passed'>, now: Date): PackageStatus {
  if (row.status === 'initializing' || row.status === 'inprogress') {
    if (row.task_status === 'FAILURE' || row.task_status === 'REVOKED' || row.task_status === null) return 'failed';
    return row.status;
  }
  if (row.status === 'done' && (row.events_passed || (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()))) return 'expired';
  return row.status;
}

function eventBodies(ids: readonly string[], byId: Map<string, PackageEventRow>) {
  return ids
    .map((id) => byId.get(id))
    .filter((e): e is PackageEventRow => e !== undefined)
    .map((e) => ({ id: e.id, eid: e.eid, title: e.title, start_date_time: iso(e.start_date_time)!, hall_name: e.hall_name, venue_name: e.venue_name }));
}

function listItem(row: PackageDbRow, byId: Map<string, PackageEventRow>, now: Date): PackageListItem {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    title: row.title,
    status,
    num_packages: row.num_packages,
    n_top_events: row.n_top_events,
    n_customers: row.n_customers,
    events: eventBodies(row.event_ids, byId),
    targeting_mode: row.targeting_mode,
    merge_id: row.merge_id,
    task_id: row.task_id,
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
    expires_at: iso(row.expires_at),
    error: status === 'failed' ? (row.error ?? 'The package could not be built. Please try again.') : null,
  };
}

async function eventMap(db: Db, partnerId: number, rowsOf: readonly PackageDbRow[]): Promise<Map<string, PackageEventRow>> {
  const ids = [...new Set(rowsOf.flatMap((r) => r.event_ids))];
  return new Map((await eventsByIds(db, partnerId, ids)).map((e) => [e.id, e]));
}

function packageBody(row: PackageDbRow, byId: Map<string, PackageEventRow>, now: Date): Package {
  const item = listItem(row, byId, now);
  const done = item.status === 'done' || item.status === 'expired';
  return { ...item, filter_settings: row.filter_settings ?? {}, content: done ? ((row.content ?? []) as Variation[]) : null };
}

/** The partner's package row, or 404 error.common.notFound. */
export async function requirePackage(db: Db, ctx: PkgCtx, id: number, now = clockNow()): Promise<PackageDbRow> {
  const row = await packageById(db, ctx.partnerId, id, now);
  if (!row) throw notFound('Package');
  return row;
}

/** GET /package_builder/packages/{id}. */
export async function getPackage(db: Db, ctx: PkgCtx, id: number): Promise<Package> {
  const now = clockNow();
  if (ctx.demo) {
    if (id !== DEMO_PACKAGE_ID) throw notFound('Package');
    return demoPackage(ctx.language, now);
  }
  const row = await requirePackage(db, ctx, id, now);
  return packageBody(row, await eventMap(db, ctx.partnerId, [row]), now);
}

/** GET /package_builder/packages/: newest first. */
export async function listPackages(db: Db, ctx: PkgCtx, q: { page: number; limit: number }): Promise<PackageList> {
  const now = clockNow();
  if (ctx.demo) return { total: 1, items: q.page === 1 ? [demoListItem(ctx.language, now)] : [] };
  const { total, rows: list } = await packagePage(db, ctx.partnerId, q.page, q.limit, now);
  const byId = await eventMap(db, ctx.partnerId, list);
  return { total, items: list.map((r) => listItem(r, byId, now)) };
}

/**
 * The chosen events as the create and regenerate rules see them: ids the partner does not have
 * (or another partner has) are `missing`, events that started, are cancelled or archived are
 * `notUpcoming`.
 */
async function checkEvents(db: Db, partnerId: number, ids: readonly string[], now: Date) {
  const states = new Map((await eventStates(db, partnerId, ids)).map((s) => [s.id, s]));
  const missing = ids.filter((id) => !states.has(id));
  const notUpcoming = ids.filter((id) => {
    const s = states.get(id);
    return s && (s.start_ms <= now.getTime() || !['DEFAULT', 'FLAGGED'].includes(s.frontend_status));
  });
  return { missing, notUpcoming, upcoming: ids.filter((id) => !missing.includes(id) && !notUpcoming.includes(id)) };
}

async function queueBuild(tx: Db, ctx: PkgCtx, packageId: number): Promise<string> {
  const task = await enqueueTask(tx, {
    kind: PACKAGE_BUILD_TASK,
    partnerId: ctx.partnerId,
    userId: ctx.userId,
    payload: { partnerId: ctx.partnerId, packageId },
    maxAttempts: BUILD_ATTEMPTS,
  });
  await tx.update(packages).set({ taskId: task.id }).where(and(eq(packages.id, packageId), eq(packages.partnerId, ctx.partnerId)));
  return task.id;
}

/**
 * POST /package_builder/packages: checks the events (the partner's, upcoming) and an include list
 * (must name at least one customer), stores the package as initializing and queues its build. The
 * filters are stored as sent (customer lists as the partner's ids; the build resolves them).
 */
export async function createPackage(db: Db, ctx: PkgCtx, body: CreatePackageRequest): Promise<PackageCreated> {
  if (ctx.demo) throw demoModeRefused();
  const now = clockNow();
  const events = await checkEvents(db, ctx.partnerId, body.event_ids, now);
  if (events.missing.length) {
    throw new AppError(404, 'error.packages.event_not_found', 'An event of the package was not found', undefined, undefined, undefined, { event_ids: events.missing });
  }
  if (events.notUpcoming.length) {
    throw new AppError(422, 'error.packages.event_not_upcoming', 'A package is built for upcoming events only', undefined, undefined, undefined, { event_ids: events.notUpcoming });
  }
  if (body.filters.included_customers) {
    const found = await customersByExternalIds(db, ctx.partnerId, body.filters.included_customers);
    if (found.size === 0) throw new AppError(422, 'error.packages.no_customers_matched', 'None of the included customer ids is a customer of yours');
  }
  const title = body.package_title?.trim() || defaultTitle(now);
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [row] = await tx
      .insert(packages)
      .values({
        partnerId: ctx.partnerId,
        userId: ctx.userId,
        title,
        status: 'initializing',
        numPackages: body.num_packages,
        nTopEvents: body.n_top_events,
        targetingMode: body.targeting_mode,
        eventIds: body.event_ids,
        filterSettings: body.filters,
        seed: seedOf(canonicalInputs(body)),
        engineVersion: ENGINE_VERSION,
      })
      .returning({ id: packages.id });
    const taskId = await queueBuild(tx, ctx, row.id);
    return { id: row.id, task_id: taskId, status: 'initializing' as const };
  });
}

/**
 * POST /package_builder/packages/{id}/regenerate (spec 3 §4: expired packages offer it): the same
 * package id rebuilt from its stored inputs and seed on today's data. Events that have passed since
 * are left out (a package is for upcoming events); when none is left the package cannot be rebuilt.
 * A merged package has no inputs of its own: regenerate its sources and merge again.
 */
export async function regeneratePackage(db: Db, ctx: PkgCtx, id: number): Promise<Package> {
  if (ctx.demo) throw demoModeRefused();
  const now = clockNow();
  const row = await requirePackage(db, ctx, id, now);
  if (row.merge_id !== null) {
    throw new AppError(422, 'error.packages.merged_not_regenerable', 'A merged package cannot be regenerated; regenerate its packages and merge them again');
  }
  const status = effectiveStatus(row, now);
  if (status === 'initializing' || status === 'inprogress') throw new AppError(409, 'error.packages.build_running', 'The package is being built');
  const events = await checkEvents(db, ctx.partnerId, row.event_ids, now);
  if (events.upcoming.length === 0) throw new AppError(422, 'error.packages.no_upcoming_events', 'Every event of the package has passed');
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // Two clicks at once: the row still holds the task this request saw, or the other click won.
    const allowed = status === 'failed' ? ['done', 'failed', 'initializing', 'inprogress'] : ['done', 'failed'];
    const [locked] = await tx
      .update(packages)
      .set({ status: 'initializing', content: null, nCustomers: null, error: null, createdAt: now, finishedAt: null, expiresAt: null, eventIds: events.upcoming, engineVersion: ENGINE_VERSION })
      .where(
        and(
          eq(packages.id, id),
          eq(packages.partnerId, ctx.partnerId),
          inArray(packages.status, allowed as PackageStatus[]),
          row.task_id === null ? isNull(packages.taskId) : eq(packages.taskId, row.task_id),
        ),
      )
      .returning({ id: packages.id });
    if (!locked) throw new AppError(409, 'error.packages.build_running', 'The package is being built');
    await queueBuild(tx, ctx, id);
  });
  return getPackage(db, ctx, id);
}

/**
 * POST /package_builder/packages/merge?packages_ids=…: a new package whose variations are the
 * sources' variations, in the order of their ids, with their customers and scores copied.
 *
 * Why copy rather than build again over the union of the events: the marketer reviewed these
 * audiences and merges them to handle them as one package (one list page, one CRM export); a new
 * build would produce different audiences from the ones they chose, and clustering customers over
 * two unrelated programmes would mix them. A customer may therefore be in a variation from each
 * source, so a merged package is inclusive (its lists may overlap) unless every source was
 * selective, in which case the overlap can only come from different sources.
 *
 * Refused when a source is itself a merge (error.packages.already_merged) or is not done
 * (error.packages.not_done: building, failed or expired); the same sources merged before and not
 * expired answer 409 error.packages.merge_exists with that package's id.
 */
export async function mergePackages(db: Db, ctx: PkgCtx, ids: readonly number[]): Promise<Package> {
  if (ctx.demo) throw demoModeRefused();
  const now = clockNow();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const sources = await packagesByIds(db, ctx.partnerId, sorted, now);
  if (sources.length !== sorted.length) throw notFound('Package');
  const merged = sources.filter((s) => s.merge_id !== null).map((s) => s.id);
  if (merged.length) {
    throw new AppError(422, 'error.packages.already_merged', 'A merged package cannot be merged again', undefined, undefined, undefined, { package_ids: merged.map(String) });
  }
  const notDone = sources.filter((s) => effectiveStatus(s, now) !== 'done').map((s) => s.id);
  if (notDone.length) {
    throw new AppError(422, 'error.packages.not_done', 'Only packages that are done can be merged', undefined, undefined, undefined, { package_ids: notDone.map(String) });
  }
  const mergeId = sorted.join('_');

  // Variations in source order; a title repeated across sources gets a number, as the engine
  // numbers its own (the title's slug names the variation in URLs and exports).
  const used = new Map<string, number>();
  const variations: Variation[] = [];
  const offsets: number[] = [];
  for (const s of sources) {
    offsets.push(variations.length);
    for (const v of (s.content ?? []) as Variation[]) {
      const key = variationSlug(v.title);
      const n = (used.get(key) ?? 0) + 1;
      used.set(key, n);
      const title = n === 1 ? v.title : `${v.title} (${n})`;
      variations.push({ ...v, title, slug: variationSlug(title) });
    }
  }
  const eventIds = [...new Set(sources.flatMap((s) => s.event_ids))];
  const modes = new Set(sources.map((s) => s.targeting_mode));
  const mode: TargetingMode = modes.size === 1 ? sources[0].targeting_mode : 'inclusive_mode';
  const expiresAt = sources.map((s) => (s.expires_at ? new Date(s.expires_at).getTime() : Infinity)).reduce((a, b) => Math.min(a, b), Infinity);
  const title = mergedTitle(sources.map((s) => s.title), ctx.language);

  const id = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7316230, hashtext(${`${ctx.partnerId}:${mergeId}`}))`);
    const [existing] = await rows<{ id: number }>(tx, sql`SELECT id FROM packages WHERE partner_id = ${ctx.partnerId} AND merge_id = ${mergeId} ORDER BY id DESC LIMIT 1`);
    if (existing) {
      const prior = await packageById(tx, ctx.partnerId, existing.id, now);
      if (prior && effectiveStatus(prior, now) !== 'expired') {
        throw new AppError(409, 'error.packages.merge_exists', 'These packages were merged before', undefined, undefined, undefined, { id: prior.id });
      }
    }
    const [row] = await tx
      .insert(packages)
      .values({
        partnerId: ctx.partnerId,
        userId: ctx.userId,
        title,
        status: 'done',
        numPackages: variations.length,
        nTopEvents: Math.max(...sources.map((s) => s.n_top_events)),
        targetingMode: mode,
        eventIds,
        filterSettings: { merged_from: sources.map((s) => ({ id: s.id, title: s.title, filter_settings: s.filter_settings })) },
        mergeId,
        content: variations,
        seed: seedOf(mergeId),
        engineVersion: [...new Set(sources.map((s) => s.engine_version))].join('+'),
        finishedAt: now,
        expiresAt: Number.isFinite(expiresAt) ? new Date(expiresAt) : new Date(now.getTime() + EXPIRY_MS),
      })
      .returning({ id: packages.id });
    for (let i = 0; i < sources.length; i++) await copyMembers(tx, ctx.partnerId, sources[i].id, row.id, offsets[i]);
    await tx.update(packages).set({ nCustomers: await distinctMembers(tx, ctx.partnerId, row.id) }).where(eq(packages.id, row.id));
    return row.id;
  });
  return getPackage(db, ctx, id);
}
