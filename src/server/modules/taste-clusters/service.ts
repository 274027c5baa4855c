// The taste-cluster calls of spec 2: start and follow an ITC run (§4 "ITC regeneration", §7
// airflow_dag/{id}/itc_generator), the event's clusters as campaign recommendations and the
// clusters to suggest for a budget and goal (§7 events/{id}/campaigns and suggested_tcs).
// Every query is scoped to the viewer's partner; another partner's event is not found.
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { events, tasteClusterRuns } from '../../db/schema';
import { ENGINE_VERSION, FAMILIES, MIN_CUSTOMERS, type ClusterProfile } from '../../engines/taste-clusters';
import { AppError, notFound } from '../../lib/errors';
import { publicTaskResult } from '../tasks/failure';
import { enqueueTask } from '../tasks/repo';
import { EVENT_ID_RE } from '../events/item';
import type { CampaignGoal, EventCampaign, EventCampaignsResponse, ItcStatus, ItcStatusResponse, SuggestedTc } from '../../../lib/contracts/taste-clusters';
import { currentTimeMs } from '../../../lib/clock';
import { budgetInputOf, costPerPurchase, minBudgetPerCluster, priorCostPerPurchase, ticketsPerOrder } from '../campaign-budget';
import { expectedPurchases, suggestClusters, type SuggestCluster } from '../campaign-budget/suggest';

// The publish path splits ad-set budgets with the same rule (setup-process/publish-request.ts).
export { splitBudget } from '../campaign-budget/suggest';
import { ITC_TASK } from './tasks';
import { reportedKey, reportedKeywords } from '../user-reports';
import { publishedClusters, type PublishedCluster } from '../setup-process/published';
import { clustersOf, latestRun, latestSuccessfulRun, runById, type ClusterRow, type RunWithTask } from './store';
import { defaultRuntime, runtimeDays } from '../../../lib/campaigns/setup-defaults';

/** The seed of every run: regenerations differ by their data, not by chance. */
const RUN_SEED = 1;
/** An unfinished run older than this is not joined by a new request (its worker may be gone). */
const STALE_RUN_MS = 30 * 60_000;

export interface TcCtx {
  partnerId: number;
  userId?: string | null;
  language: string;
}

async function requireEvent(db: Db, partnerId: number, eventId: string): Promise<{ id: string; eid: string }> {
  if (!EVENT_ID_RE.test(eventId)) throw notFound('Event');
  const [e] = await db.select({ id: events.id, eid: events.eid }).from(events).where(and(eq(events.partnerId, partnerId), eq(events.id, eventId)));
  if (!e) throw notFound('Event');
  return e;
}

export function itcStatusOf(taskStatus: string | null, finished: boolean): ItcStatus {
  switch (taskStatus) {
    case 'PENDING': return 'queued';
    case 'STARTED':
    case 'PROGRESS':
    case 'RETRY': return 'running';
    case 'SUCCESS': return 'success';
    case 'FAILURE':
    case 'REVOKED': return 'failed';
    // The task row is gone: the stored result says whether the run got to the end.
    default: return finished ? 'success' : 'failed';
  }
}

function statusBody(run: RunWithTask): ItcStatusResponse {
  const status = itcStatusOf(run.taskStatus, run.finishedAt !== null);
  const result = publicTaskResult(run.taskStatus ?? 'SUCCESS', run.taskResult) as Record<string, unknown> | null;
  const progress = run.taskStatus === 'PROGRESS' && result && typeof result.stage === 'string' && typeof result.percent === 'number' ? { stage: result.stage, percent: result.percent } : null;
  const error =
    status === 'failed'
      ? result && typeof result.error_code === 'string'
        ? { error_code: result.error_code, message: String(result.message) }
        : { error_code: 'error.task.failed', message: 'The task failed. Please try again.' }
      : null;
  return {
    dag_run_id: `itc_${run.id}`,
    status,
    tc_run_id: run.id,
    event_id: run.eventId,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    progress,
    error,
    summary:
      status === 'success' && run.k !== null
        ? { k: run.k, customers: run.customers ?? 0, silhouette: run.silhouette ?? 0, separation: run.separation ?? 'none', silhouette_by_k: run.silhouetteByK ?? [] }
        : null,
  };
}

/** GET airflow_dag/{id}/itc_generator: the event's latest run; 404 error.itc.not_found without one. */
export async function itcStatus(db: Db, ctx: TcCtx, eventId: string): Promise<ItcStatusResponse> {
  await requireEvent(db, ctx.partnerId, eventId);
  const run = await latestRun(db, ctx.partnerId, eventId);
  if (!run) throw new AppError(404, 'error.itc.not_found', 'No taste-cluster run for this event yet');
  return statusBody(run);
}

/**
 * POST airflow_dag/{id}/itc_generator: starts a run as a task. While one of the event's runs is
 * still queued or running, that run is the answer (a second click must not queue a second run).
 */
export async function startItc(db: Db, ctx: TcCtx, eventId: string): Promise<ItcStatusResponse> {
  await requireEvent(db, ctx.partnerId, eventId);
  const [{ n }] = await rows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM customers WHERE partner_id = ${ctx.partnerId} LIMIT ${MIN_CUSTOMERS}) c`);
  if (n < MIN_CUSTOMERS) {
    throw new AppError(422, 'error.itc.not_enough_customers', `Taste clusters need at least ${MIN_CUSTOMERS} customers with purchases`);
  }
  const runId = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // Two clicks at once: the second waits here and then finds the first one's run.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7316100, hashtext(${`${ctx.partnerId}:${eventId}`}))`);
    const current = await latestRun(tx, ctx.partnerId, eventId);
    const active = current && ['queued', 'running'].includes(itcStatusOf(current.taskStatus, current.finishedAt !== null));
    if (current && active && Date.now() - current.createdAt.getTime() < STALE_RUN_MS) return current.id;
    const [run] = await tx
      .insert(tasteClusterRuns)
      .values({ partnerId: ctx.partnerId, eventId, userId: ctx.userId ?? null, seed: RUN_SEED, engineVersion: ENGINE_VERSION })
      .returning({ id: tasteClusterRuns.id });
    const task = await enqueueTask(tx, { kind: ITC_TASK, partnerId: ctx.partnerId, userId: ctx.userId ?? null, payload: { partnerId: ctx.partnerId, eventId, runId: run.id } });
    await tx.update(tasteClusterRuns).set({ taskId: task.id }).where(eq(tasteClusterRuns.id, run.id));
    return run.id;
  });
  return statusBody((await runById(db, ctx.partnerId, runId))!);
}

const lang = (ctx: TcCtx): 'en' | 'de' => (ctx.language === 'de' ? 'de' : 'en');

function profileBody(p: ClusterProfile) {
  return {
    customers: p.customers,
    family_shares: Object.fromEntries(FAMILIES.map((f, i) => [f, p.familyShares[i] ?? 0])),
    mean_price: p.meanPrice,
    relative_price: p.relativePrice,
    orders_per_year: p.ordersPerYear,
    tickets_per_order: p.ticketsPerOrder,
    lead_days: p.leadDays,
    recency_days: p.recencyDays,
    distance_km: p.distanceKm,
    annual_spend: p.annualSpend,
  };
}

/**
 * The cluster's topics in the viewer's language; `reported` holds the event's reported keywords
 * (user-reports reportedKey). A keyword reported in the other language counts too when the two
 * lists pair up (same length: the same families' keywords in the same order).
 */
function keywordsOf(c: ClusterRow, l: 'en' | 'de', reported: ReadonlySet<string> = new Set()) {
  const own = l === 'de' ? c.keywordsDe : c.keywordsEn;
  const other = l === 'de' ? c.keywordsEn : c.keywordsDe;
  const paired = own.length === other.length;
  return own.map((keyword, i) => ({
    keyword,
    is_reported: reported.has(reportedKey(c.tc, keyword)) || (paired && reported.has(reportedKey(c.tc, other[i]!))),
  }));
}

/** A cluster's identity and its scores for the event: the part both answers share (spec 2 §3). */
const scoresOf = (c: ClusterRow) => ({
  tc: c.tc,
  tc_run_id: c.runId,
  tc_size: c.size,
  attractiveness: c.attractiveness,
  buying_power: c.buyingPower,
  potential: c.potential,
  rank: c.rank,
});

function campaignItem(c: ClusterRow, event: { eid: string }, currency: string, l: 'en' | 'de', reported: ReadonlySet<string>): EventCampaign {
  return {
    id: `${c.runId}-${c.tc}`,
    alias: l === 'de' ? c.labelDe : c.labelEn,
    ...scoresOf(c),
    eid: event.eid,
    channel: 'facebook',
    status: 'open',
    budget: null,
    currency,
    run_time: null,
    cr_start_days_upfront: null,
    cr_end_days_upfront: null,
    set_up_date: null,
    initial_set_up_date: null,
    credits: null,
    fb_adset_end_time: null,
    published: false,
    suggested_creative: null,
    latest_campaign_setup: null,
    label: { en: c.labelEn, de: c.labelDe },
    families: c.families,
    traits: c.traits,
    keywords: keywordsOf(c, l, reported),
    carried_over: c.matchedFrom !== null,
    profile: profileBody(c.profile as ClusterProfile),
  };
}

/** spec 2 §3 Campaign: published clusters carry their setup date, budget and latest setup. */
function withPublication(item: EventCampaign, p: PublishedCluster | undefined): EventCampaign {
  if (!p) return item;
  return {
    ...item,
    status: 'running',
    published: true,
    budget: p.budget,
    currency: p.currency,
    run_time: p.runTimeDays,
    set_up_date: p.setUpDate,
    initial_set_up_date: p.initialSetUpDate,
    fb_adset_end_time: p.endTime,
    latest_campaign_setup: p.latestSetup,
  };
}

/** GET events/{id}/campaigns: the latest successful run's clusters as recommendations, best rank first. */
export async function eventCampaigns(db: Db, ctx: TcCtx, eventId: string, q: { page: number; limit: number }): Promise<EventCampaignsResponse> {
  const event = await requireEvent(db, ctx.partnerId, eventId);
  const run = await latestSuccessfulRun(db, ctx.partnerId, eventId);
  if (!run) return { total: 0, items: [], tc_run_id: null, separation: null };
  const [{ currency }] = await rows<{ currency: string }>(db, sql`SELECT currency FROM partners WHERE id = ${ctx.partnerId}`);
  const clusters = await clustersOf(db, ctx.partnerId, run.id);
  const page = clusters.slice((q.page - 1) * q.limit, q.page * q.limit);
  // Issue 14: a boosted cluster is running (its tc carries over between runs).
  const published = await publishedClusters(db, ctx.partnerId, eventId);
  const reported = await reportedKeywords(db, ctx.partnerId, eventId);
  const items = page.map((c) => withPublication(campaignItem(c, event, currency, lang(ctx), reported), published.get(c.tc)));
  return { total: clusters.length, items, tc_run_id: run.id, separation: run.separation };
}

/** The spec 2 §9 default runtime in inclusive days: the wizard's (lib/campaigns/setup-defaults). */
export function defaultRuntimeDays(eventStartMs: number, nowMs: number): number {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const { start, end } = defaultRuntime(day(eventStartMs), day(nowMs));
  return runtimeDays(start, end);
}

/**
 * A cluster's weight in the budget split (issue 20 §2.3): the panel shows the suggested clusters'
 * shares in proportion to it (suggestClusters), and publishing splits the budget by it too, so
 * the ad sets get the split the user saw.
 */
export const budgetWeightOf = (c: ClusterRow): number => expectedPurchases(clusterForSuggestion(c));

const clusterForSuggestion = (c: ClusterRow): SuggestCluster & { row: ClusterRow } => {
  const p = c.profile as Partial<ClusterProfile> | null;
  return {
    tc: c.tc,
    size: c.size,
    alreadyBought: c.alreadyBought,
    attractiveness: c.attractiveness,
    potential: c.potential,
    rank: c.rank,
    relativePrice: typeof p?.relativePrice === 'number' ? p.relativePrice : null,
    ticketsPerOrder: typeof p?.ticketsPerOrder === 'number' ? p.ticketsPerOrder : null,
    row: c,
  };
};

/**
 * GET events/{id}/suggested_tcs?budget&goal[&runtime_in_days] (docs/BUDGET-MODEL.md "Suggested
 * clusters"): the clusters ranked for the goal, as many unique ones as the budget funds at the
 * model's per-cluster minimum for the runtime (the spec's default runtime when not given), the
 * budget split by expected purchases.
 */
export async function suggestedTcs(db: Db, ctx: TcCtx, eventId: string, q: { budget: number; goal: CampaignGoal; runtime_in_days?: number }): Promise<SuggestedTc[]> {
  await requireEvent(db, ctx.partnerId, eventId);
  const run = await latestSuccessfulRun(db, ctx.partnerId, eventId);
  if (!run) return [];
  const all = await clustersOf(db, ctx.partnerId, run.id);
  // A cluster whose campaign still runs is not suggested again (a second campaign would bid
  // against the first for the same people) — unless every cluster runs, then all stay offered.
  const published = await publishedClusters(db, ctx.partnerId, eventId);
  const running = new Set([...published.values()].filter((p) => Date.parse(p.endTime) > currentTimeMs()).map((p) => p.tc));
  const free = all.filter((c) => !running.has(c.tc));
  const clusters = free.length > 0 ? free : all;
  const input = await budgetInputOf(db, ctx.partnerId, eventId);
  const runtime = q.runtime_in_days ?? defaultRuntimeDays(input.eventStartMs, currentTimeMs());
  const cpp = costPerPurchase(priorCostPerPurchase(input.ticketPrice, ticketsPerOrder(input.clusters)), input.history);
  const picked = suggestClusters(clusters.map(clusterForSuggestion), q.budget, q.goal, minBudgetPerCluster(runtime, cpp));
  const l = lang(ctx);
  const reported = await reportedKeywords(db, ctx.partnerId, eventId);
  return picked.map(({ cluster: { row: c }, budget }) => ({
    ...scoresOf(c),
    alias: l === 'de' ? c.labelDe : c.labelEn,
    keywords: keywordsOf(c, l, reported),
    budget,
  }));
}
