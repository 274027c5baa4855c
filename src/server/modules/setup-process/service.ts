// The campaign setup process (spec 2 §4 Setup lifecycle, §7 Setup process): none → created (POST)
// → synced (PUT, the wizard's autosave) → published (boost) or cancelled/deleted (DELETE). One live
// setup per partner and event; every query names the viewer's partner, another partner's event is
// not found. Contract: src/lib/contracts/setup-process.ts.
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { events, tasks } from '../../db/schema';
import { now as clockNow } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { EVENT_ID_RE } from '../events/item';
import { enqueueTask } from '../tasks/repo';
import {
  type Creative,
  type IntegrationDetail,
  type SetupProblem,
  type SetupProcess,
  type SetupStartBody,
  type SetupUpdateBody,
  type Targeting,
} from '../../../lib/contracts/setup-process';
import { accountProblems, checkIntegrationDetails, type ReachedAsset } from './accounts';
import * as repo from './repo';
import { withServerMediaFacts } from './media';
import { applyGoalRules, checkClusters, checkDates, checkTargetingClusters, checkVariationCodes, setupProblems } from './validation';
import { BOOST_TASK } from './boost-task-kind';
import { emptyCreative, pixelProblem } from '../../../lib/campaigns/setup-rules';
import { DEFAULT_AGE_RANGE } from '../../../lib/campaigns/setup-defaults';

export interface SetupCtx {
  partnerId: number;
  userId: string | null;
}

export interface PartnerInfo {
  name: string;
  currency: string;
  product: 'prisma' | 'full-service';
  language: string;
}

const notFoundSetup = () => new AppError(404, 'error.setup.not_found', 'There is no setup for this event.');
const published = () => new AppError(409, 'error.setup.published', 'This setup has been published; it can no longer be changed.');
const boosting = () => new AppError(409, 'error.setup.boosting', 'This setup is being published.');
/** Another tab or user saved since this change was made: nothing is written, the browser offers the latest. */
const staleVersion = (version: number) =>
  new AppError(409, 'error.setup.stale_version', 'This setup was changed in another tab or by someone else.', undefined, undefined, undefined, { version });

export async function requireEvent(db: Db, partnerId: number, eventId: string): Promise<{ id: string; eid: string; title: string }> {
  if (!EVENT_ID_RE.test(eventId)) throw notFound('Event');
  const [e] = await db.select({ id: events.id, eid: events.eid, title: events.title }).from(events).where(and(eq(events.partnerId, partnerId), eq(events.id, eventId)));
  if (!e) throw notFound('Event');
  return e;
}

export async function partnerInfo(db: Db, partnerId: number): Promise<PartnerInfo> {
  const [p] = await rows<PartnerInfo>(db, sql`SELECT name, currency, product, language FROM partners WHERE id = ${partnerId}`);
  return p!;
}

/** `${tc_run_id}:${tc}` of every cluster of the event's runs. */
export async function eventClusters(db: Db, partnerId: number, eventId: string): Promise<Set<string>> {
  const list = await rows<{ k: string }>(db, sql`
    SELECT tc.run_id || ':' || tc.tc AS k FROM taste_clusters tc
    JOIN taste_cluster_runs r ON r.id = tc.run_id AND r.partner_id = tc.partner_id
    WHERE tc.partner_id = ${partnerId} AND r.event_id = ${eventId}`);
  return new Set(list.map((r) => r.k));
}

const ACTIVE_TASK = ['PENDING', 'STARTED', 'PROGRESS', 'RETRY'];

async function boostRunning(db: Db, row: repo.SetupRow): Promise<boolean> {
  if (!row.boostTaskId) return false;
  const [t] = await db.select({ status: tasks.status }).from(tasks).where(and(eq(tasks.id, row.boostTaskId), eq(tasks.partnerId, row.partnerId)));
  return Boolean(t && ACTIVE_TASK.includes(t.status));
}

const defaultTargeting = (k: { tc: number; tc_run_id: number }): Targeting => ({
  tc: k.tc,
  tc_run_id: k.tc_run_id,
  targeting_mode: null,
  age_range: { ...DEFAULT_AGE_RANGE },
  postal_codes: {},
  range_locations: null,
});

/** The ad account's currency; the budget converts 1:1 only in the partner's own currency (no rates are kept). */
async function budgetInAccountCurrency(db: Db, row: repo.SetupRow, currency: string) {
  const account = (row.integrationDetails as IntegrationDetail[]).find((d) => d.asset_class === 'facebook.ad_account');
  if (!account) return null;
  const [a] = await rows<{ currency: string | null }>(db, sql`SELECT currency FROM meta_assets WHERE partner_id = ${row.partnerId} AND id = ${account.asset_id}`);
  if (!a?.currency || a.currency.toUpperCase() !== currency.toUpperCase()) return null;
  return { amount: row.totalBudget, currency: a.currency.toUpperCase() };
}

export async function view(db: Db, row: repo.SetupRow, currency: string): Promise<SetupProcess> {
  return {
    id: row.id,
    eid: row.eventId,
    status: row.status,
    goal: row.goal,
    total_budget: row.totalBudget,
    budget_in_ad_account_currency: await budgetInAccountCurrency(db, row, currency),
    currency,
    start_date: row.startDate,
    end_date: row.endDate,
    creatives: row.creatives as Creative[],
    targeting: row.targeting as Targeting[],
    integration_details: row.integrationDetails as IntegrationDetail[],
    conversion_id: row.conversionId,
    lead_form_id: row.leadFormId,
    custom_event_type: row.customEventType,
    disabled_variations: row.disabledVariations,
    wizard: row.wizard ?? { current_step: 1, current_completed_step: 0, preview_viewed: false },
    created_at: row.createdAt.toISOString(),
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    version: row.version,
    error: row.error ?? null,
    boost_task_id: row.boostTaskId,
  };
}

/** The live setup of the event, for a change or a boost: 409 published once boosted, else 404 without one. */
async function liveSetupOrGone(db: Db, partnerId: number, eventId: string): Promise<repo.SetupRow> {
  await requireEvent(db, partnerId, eventId);
  const row = await repo.findLive(db, partnerId, eventId);
  if (row) return row;
  const latest = await repo.findLatest(db, partnerId, eventId);
  throw latest?.status === 'published' ? published() : notFoundSetup();
}

/** GET /setup_processes/{eid}: the live setup; 404 error.setup.not_found without one. */
export async function getSetup(db: Db, ctx: SetupCtx, eventId: string): Promise<SetupProcess> {
  await requireEvent(db, ctx.partnerId, eventId);
  const row = await repo.findLive(db, ctx.partnerId, eventId);
  if (!row) throw notFoundSetup();
  return view(db, row, (await partnerInfo(db, ctx.partnerId)).currency);
}

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};
const exists = () => new AppError(409, 'error.setup.exists', 'A setup for this event already exists.');

/** POST /setup_processes/{eid}: starts a setup with empty creatives for the chosen clusters. */
export async function startSetup(db: Db, ctx: SetupCtx, eventId: string, body: SetupStartBody): Promise<SetupProcess> {
  await requireEvent(db, ctx.partnerId, eventId);
  checkDates(body.start_date, body.end_date);
  checkClusters(body.creatives, await eventClusters(db, ctx.partnerId, eventId));
  const details = body.integration_details ?? [];
  const now = clockNow();
  await checkIntegrationDetails(db, ctx.partnerId, details, now);
  if (await repo.findLive(db, ctx.partnerId, eventId)) throw exists();
  const rules = applyGoalRules({ goal: body.goal, lead_form_id: body.lead_form_id ?? null, custom_event_type: body.custom_event_type ?? 'PURCHASE' });
  try {
    const row = await repo.insertSetup(db, {
      partnerId: ctx.partnerId,
      eventId,
      status: 'created',
      goal: body.goal,
      totalBudget: body.total_budget,
      startDate: body.start_date,
      endDate: body.end_date,
      creatives: body.creatives.map((k) => emptyCreative(k)),
      targeting: body.creatives.map(defaultTargeting),
      integrationDetails: details,
      conversionId: body.conversion_id ?? null,
      leadFormId: rules.lead_form_id,
      customEventType: rules.custom_event_type,
      createdBy: ctx.userId,
    });
    return view(db, row, (await partnerInfo(db, ctx.partnerId)).currency);
  } catch (err) {
    // Two starts at once: the partial unique index lets one through.
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** JSON with sorted keys: jsonb does not keep the key order of what was written. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
export const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** PUT /setup_processes/{eid}: merges the given fields into the live setup (status synced). */
export async function updateSetup(db: Db, ctx: SetupCtx, eventId: string, body: SetupUpdateBody): Promise<SetupProcess> {
  const row = await liveSetupOrGone(db, ctx.partnerId, eventId);
  if (await boostRunning(db, row)) throw boosting();
  // Checked first (cheap) and again by the write itself (two PUTs on one version: one wins).
  if (body.version !== undefined && body.version !== row.version) throw staleVersion(row.version);
  const creatives = body.creatives ?? (row.creatives as Creative[]);
  // Creatives without targeting: the stored targeting follows the clusters (dropped, or defaults for new ones).
  const targeting =
    body.targeting ??
    (body.creatives
      ? creatives.map((c) => (row.targeting as Targeting[]).find((x) => x.tc === c.tc && x.tc_run_id === c.tc_run_id) ?? defaultTargeting(c))
      : (row.targeting as Targeting[]));
  // The autosave sends whole lists: the database is asked again only when the clusters or the assets changed.
  const keys = (list: readonly { tc: number; tc_run_id: number }[]) => list.map((c) => `${c.tc_run_id}:${c.tc}`).join(',');
  if (body.creatives) {
    if (keys(body.creatives) !== keys(row.creatives as Creative[])) checkClusters(body.creatives, await eventClusters(db, ctx.partnerId, eventId));
    else checkClusters(body.creatives, new Set(body.creatives.map((c) => `${c.tc_run_id}:${c.tc}`)));
  }
  if (body.creatives || body.targeting) checkTargetingClusters(targeting, creatives);
  checkVariationCodes(body.creatives, body.disabled_variations);
  checkDates(body.start_date ?? row.startDate, body.end_date ?? row.endDate);
  // Only ids new to the setup are looked up (the autosave resends every list).
  if (body.creatives) body = { ...body, creatives: await withServerMediaFacts(db, ctx.partnerId, body.creatives, row.creatives as Creative[]) };
  const now = clockNow();
  if (body.integration_details && !sameJson(body.integration_details, row.integrationDetails)) {
    await checkIntegrationDetails(db, ctx.partnerId, body.integration_details, now);
  }
  const rules = applyGoalRules({
    goal: body.goal ?? row.goal,
    lead_form_id: body.lead_form_id !== undefined ? body.lead_form_id : row.leadFormId,
    custom_event_type: body.custom_event_type ?? row.customEventType,
  });
  const patch: repo.SetupPatch = {
    status: 'synced',
    lastSyncedAt: now,
    goal: rules.goal as repo.SetupRow['goal'],
    leadFormId: rules.lead_form_id,
    customEventType: rules.custom_event_type,
    ...(body.total_budget !== undefined ? { totalBudget: body.total_budget } : {}),
    ...(body.start_date !== undefined ? { startDate: body.start_date } : {}),
    ...(body.end_date !== undefined ? { endDate: body.end_date } : {}),
    // Unchanged lists are not written again (jsonb is parsed on every write; targeting is the big one).
    ...(body.creatives && !sameJson(body.creatives, row.creatives) ? { creatives: body.creatives } : {}),
    ...((body.targeting || body.creatives) && !sameJson(targeting, row.targeting) ? { targeting } : {}),
    ...(body.integration_details && !sameJson(body.integration_details, row.integrationDetails) ? { integrationDetails: body.integration_details } : {}),
    ...(body.conversion_id !== undefined ? { conversionId: body.conversion_id } : {}),
    ...(body.disabled_variations ? { disabledVariations: body.disabled_variations } : {}),
    ...(body.wizard ? { wizard: body.wizard } : {}),
  };
  const updated = await repo.updateLive(db, ctx.partnerId, row.id, patch, body.version);
  if (!updated) {
    const current = await repo.findById(db, ctx.partnerId, row.id);
    if (current && (repo.LIVE_STATUSES as readonly string[]).includes(current.status)) throw staleVersion(current.version);
    throw published();
  }
  return view(db, updated, (await partnerInfo(db, ctx.partnerId)).currency);
}

/** DELETE /setup_processes/{eid}?cancel=: cancel keeps the row as history, false deletes it. */
export async function removeSetup(db: Db, ctx: SetupCtx, eventId: string, cancel: boolean): Promise<void> {
  await requireEvent(db, ctx.partnerId, eventId);
  const row = await repo.findLive(db, ctx.partnerId, eventId);
  if (!row) throw notFoundSetup();
  if (await boostRunning(db, row)) throw boosting();
  if (cancel) await repo.updateById(db, ctx.partnerId, row.id, { status: 'cancelled' });
  else await repo.deleteSetup(db, ctx.partnerId, row.id);
}

/** The setup as the publishing rules read it. */
export const publishShape = (row: repo.SetupRow) => ({
  creatives: row.creatives as Creative[],
  targeting: row.targeting as Targeting[],
  integration_details: row.integrationDetails as IntegrationDetail[],
  disabled_variations: row.disabledVariations,
});

export type BoostFailure = { code: 'error.setup.INVALID_ACCOUNTS' | 'error.setup.INVALID_SETUP'; problems: SetupProblem[] };

/** Problems of the stored setup before a boost: accounts first (INVALID_ACCOUNTS), then the rest (INVALID_SETUP). */
export async function boostProblems(db: Db, row: repo.SetupRow, now: Date): Promise<BoostFailure | null> {
  return (await boostCheck(db, row, now)).failed;
}

/** boostProblems with the assets it reached (and asked Meta about), so a boost need not ask again. */
export async function boostCheck(db: Db, row: repo.SetupRow, now: Date): Promise<{ failed: BoostFailure | null; reached: ReachedAsset[] }> {
  const accounts = await accountProblems(db, row.partnerId, row.integrationDetails as IntegrationDetail[], now);
  const failed = await setupFailure(db, row, now, accounts);
  return { failed, reached: accounts.reached };
}

async function setupFailure(db: Db, row: repo.SetupRow, now: Date, accounts: { problems: SetupProblem[]; reached: ReachedAsset[] }): Promise<BoostFailure | null> {
  if (accounts.problems.length) return { code: 'error.setup.INVALID_ACCOUNTS', problems: accounts.problems };
  const partner = await partnerInfo(db, row.partnerId);
  const problems = setupProblems(publishShape(row), { geoOnly: partner.product === 'prisma' });
  const clusters = await eventClusters(db, row.partnerId, row.eventId);
  for (const c of row.creatives as Creative[]) {
    if (!clusters.has(`${c.tc_run_id}:${c.tc}`)) problems.push({ area: 'creatives', tc: c.tc, code: 'error.setup.unknown_cluster', field: 'tc' });
  }
  const today = now.toISOString().slice(0, 10);
  if (row.endDate < today) problems.push({ area: 'payload', tc: null, code: 'error.setup.runtime_over', field: 'end_date' });
  if (row.startDate > row.endDate) problems.push({ area: 'payload', tc: null, code: 'error.setup.runtime_invalid', field: 'end_date' });
  const media = (row.creatives as Creative[]).flatMap((c) => c.media.map((m, i) => ({ tc: c.tc, id: m.id, i })));
  if (media.length) {
    const found = new Set(
      (await rows<{ id: string }>(db, sql`SELECT id::text AS id FROM uploads WHERE partner_id = ${row.partnerId} AND status = 'completed' AND upload_type = 'media'
        AND id::text IN (${sql.join(media.map((m) => sql`${m.id}`), sql`, `)})`)).map((r) => r.id),
    );
    for (const m of media) if (!found.has(m.id)) problems.push({ area: 'creatives', tc: m.tc, code: 'common.errors.fileErrors.invalid', field: `media.${m.i}` });
  }
  // Sales (and website leads) report through the pixel: the shared rule the Accounts step shows.
  const pixel = pixelProblem(row.goal, row.leadFormId, accounts.reached.some((r) => r.asset.key === 'facebook.pixel'));
  if (pixel) problems.push(pixel);
  if (!accounts.reached.some((r) => r.asset.key === 'facebook.ad_account' && r.asset.currency?.toUpperCase() === partner.currency.toUpperCase()) && accounts.reached.some((r) => r.asset.key === 'facebook.ad_account')) {
    problems.push({ area: 'integrations', tc: null, code: 'error.setup.currency_mismatch', field: 'facebook.ad_account' });
  }
  return problems.length ? { code: 'error.setup.INVALID_SETUP', problems } : null;
}

/**
 * POST /setup_processes/{eid}/boost: re-reads the stored setup, validates accounts (422
 * INVALID_ACCOUNTS) and the setup (422 INVALID_SETUP, data.problems), then queues ONE task that
 * publishes it (boost-task.ts). 202 with the task id.
 */
export async function boost(db: Db, ctx: SetupCtx, eventId: string): Promise<{ task_id: string }> {
  const row = await liveSetupOrGone(db, ctx.partnerId, eventId);
  if (await boostRunning(db, row)) return { task_id: row.boostTaskId! };
  const now = clockNow();
  const failed = await boostProblems(db, row, now);
  if (failed) {
    const message =
      failed.code === 'error.setup.INVALID_ACCOUNTS'
        ? 'Validation failed. Please reconnect the assets on the Meta assets page and grant us the necessary access.'
        : 'The setup cannot be published yet.';
    throw new AppError(422, failed.code, message, undefined, undefined, undefined, { problems: failed.problems });
  }
  const taskId = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // Two clicks at once: the second finds the first one's task.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7316114, hashtext(${row.id}))`);
    const current = await repo.findById(tx, ctx.partnerId, row.id);
    if (current?.boostTaskId && (await boostRunning(tx, current))) return current.boostTaskId;
    // One attempt: a retry could publish a second campaign after a failure Meta did not report.
    const task = await enqueueTask(tx, { kind: BOOST_TASK, partnerId: ctx.partnerId, userId: ctx.userId, maxAttempts: 1, payload: { partnerId: ctx.partnerId, setupId: row.id } });
    await repo.updateById(tx, ctx.partnerId, row.id, { boostTaskId: task.id, error: null });
    return task.id;
  });
  return { task_id: taskId };
}
