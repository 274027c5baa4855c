// ITC runs and their clusters in the database (taste_cluster_runs, taste_clusters).
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { tasks, tasteClusterMembers, tasteClusterRuns, tasteClusters } from '../../db/schema';
import { arr } from '../../db/bulk';
import { ENGINE_VERSION, FEATURES, type PreviousRunCluster, type RunResult } from '../../engines/taste-clusters';

export type RunRow = typeof tasteClusterRuns.$inferSelect;
export type ClusterRow = typeof tasteClusters.$inferSelect;

export interface RunWithTask extends RunRow {
  taskStatus: string | null;
  taskResult: unknown;
}

function runsWithTask(db: Db) {
  return db
    .select({ run: tasteClusterRuns, taskStatus: tasks.status, taskResult: tasks.result })
    .from(tasteClusterRuns)
    .leftJoin(tasks, eq(tasks.id, tasteClusterRuns.taskId));
}

const withTask = (row: { run: RunRow; taskStatus: string | null; taskResult: unknown } | undefined): RunWithTask | undefined =>
  row && { ...row.run, taskStatus: row.taskStatus, taskResult: row.taskResult };

/** The event's latest run with its task's state; undefined when it never had one. */
export async function latestRun(db: Db, partnerId: number, eventId: string): Promise<RunWithTask | undefined> {
  const [row] = await runsWithTask(db)
    .where(and(eq(tasteClusterRuns.partnerId, partnerId), eq(tasteClusterRuns.eventId, eventId)))
    .orderBy(desc(tasteClusterRuns.createdAt), desc(tasteClusterRuns.id))
    .limit(1);
  return withTask(row);
}

export async function runById(db: Db, partnerId: number, runId: number): Promise<RunWithTask | undefined> {
  const [row] = await runsWithTask(db).where(and(eq(tasteClusterRuns.partnerId, partnerId), eq(tasteClusterRuns.id, runId)));
  return withTask(row);
}

/** The event's latest finished (successful) run. */
export async function latestSuccessfulRun(db: Db, partnerId: number, eventId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(tasteClusterRuns)
    .where(and(eq(tasteClusterRuns.partnerId, partnerId), eq(tasteClusterRuns.eventId, eventId), isNotNull(tasteClusterRuns.finishedAt)))
    .orderBy(desc(tasteClusterRuns.finishedAt), desc(tasteClusterRuns.id))
    .limit(1);
  return row;
}

export async function clustersOf(db: Db, partnerId: number, runId: number): Promise<ClusterRow[]> {
  return db
    .select()
    .from(tasteClusters)
    .where(and(eq(tasteClusters.partnerId, partnerId), eq(tasteClusters.runId, runId)))
    .orderBy(tasteClusters.rank, tasteClusters.tc);
}

/**
 * What a new run matches its clusters against: the partner's latest successful run (of any
 * event: all runs cluster the same customers) made by this engine version (another version's
 * centroids have other features), and the first tc never used by the partner.
 */
export async function previousClusters(db: Db, partnerId: number, exceptRunId: number): Promise<{ previous: PreviousRunCluster[]; nextId: number }> {
  const [last] = await rows<{ id: number }>(db, sql`
    SELECT id FROM taste_cluster_runs
    WHERE partner_id = ${partnerId} AND finished_at IS NOT NULL AND engine_version = ${ENGINE_VERSION} AND id <> ${exceptRunId}
    ORDER BY finished_at DESC, id DESC LIMIT 1`);
  const [{ max }] = await rows<{ max: number | null }>(db, sql`SELECT max(tc)::int AS max FROM taste_clusters WHERE partner_id = ${partnerId}`);
  const previous = last
    ? (await clustersOf(db, partnerId, last.id))
        .filter((c) => c.centroid.length === FEATURES.length)
        .map((c) => ({ tc: c.tc, rawCentroid: c.centroid }))
    : [];
  return { previous, nextId: (max ?? 0) + 1 };
}

/**
 * Stores a run's clusters and marks it finished; a retried task replaces what an earlier attempt
 * wrote. New clusters are numbered here, under a per-partner lock, from one above every tc
 * stored so far: two runs of the partner finishing at the same time (two events regenerated at
 * once) must not give the same new number to different audiences.
 */
/** Members written per statement: big runs stay within the parameter size either driver handles well. */
const MEMBER_CHUNK = 20_000;

export async function saveRunResult(db: Db, partnerId: number, runId: number, result: RunResult): Promise<void> {
  const { clustering, clusters } = result;
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7316101, ${partnerId}::int)`);
    await tx.delete(tasteClusters).where(and(eq(tasteClusters.partnerId, partnerId), eq(tasteClusters.runId, runId)));
    await tx.delete(tasteClusterMembers).where(and(eq(tasteClusterMembers.partnerId, partnerId), eq(tasteClusterMembers.runId, runId)));
    const [{ max }] = await rows<{ max: number | null }>(tx, sql`SELECT max(tc)::int AS max FROM taste_clusters WHERE partner_id = ${partnerId}`);
    let next = (max ?? 0) + 1;
    // Fresh numbers in the engine's order of the new clusters (it numbered them from the same base).
    const fresh = new Map(clusters.filter((c) => c.matchedFrom === null).sort((a, b) => a.tc - b.tc).map((c) => [c.tc, next++]));
    await tx.insert(tasteClusters).values(
      clusters.map((c) => ({
        runId,
        tc: c.matchedFrom ?? fresh.get(c.tc)!,
        partnerId,
        matchedFrom: c.matchedFrom,
        size: c.size,
        labelEn: c.label.en,
        labelDe: c.label.de,
        families: c.families,
        traits: c.traits,
        keywordsEn: c.keywords.en,
        keywordsDe: c.keywords.de,
        profile: c.profile,
        centroid: c.rawCentroid.map((x) => Math.round(x * 1e6) / 1e6),
        attractiveness: c.attractiveness,
        buyingPower: c.buyingPower,
        potential: c.potential,
        rank: c.rank,
        alreadyBought: c.alreadyBought,
      })),
    );
    // Who is in which cluster (issue 22: a cluster becomes a custom audience of its members), in
    // the same transaction, so a finished run always has its members. One array per column.
    const tcOf = (c: (typeof clusters)[number]) => c.matchedFrom ?? fresh.get(c.tc)!;
    const memberTc = clusters.flatMap((c) => c.memberIds.map(() => tcOf(c)));
    const memberIds = clusters.flatMap((c) => c.memberIds);
    for (let i = 0; i < memberIds.length; i += MEMBER_CHUNK) {
      await tx.execute(sql`
        INSERT INTO taste_cluster_members (partner_id, run_id, tc, customer_id)
        SELECT ${partnerId}::int, ${runId}::int, tc, customer_id
        FROM unnest(${arr(memberTc.slice(i, i + MEMBER_CHUNK))}::int[], ${arr(memberIds.slice(i, i + MEMBER_CHUNK))}::bigint[]) AS m(tc, customer_id)`);
    }
    await tx
      .update(tasteClusterRuns)
      .set({
        k: clustering.k,
        customers: clustering.labels.length,
        silhouette: clustering.silhouette,
        separation: clustering.separation,
        silhouetteByK: clustering.silhouetteByK,
        finishedAt: sql`now()`,
      })
      .where(and(eq(tasteClusterRuns.partnerId, partnerId), eq(tasteClusterRuns.id, runId)));
  });
}
