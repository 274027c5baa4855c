// spec 2 §3 Report, §4 "Topic report", §7 "Reports": a user flags a topic keyword of a taste
// cluster as a wrong recommendation. Reports are kept per partner; the event, the cluster of the
// run and the setup process must be the partner's (another partner's is not found).
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, setupProcesses, tasteClusters, userReports } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { EVENT_ID_RE } from '../events/item';
import type { UserReport, UserReportBody, UserReportsQuery } from '../../../lib/contracts/user-reports';

export interface ReportCtx {
  partnerId: number;
  userId: string | null;
}

async function requireEvent(db: Db, partnerId: number, eventId: string): Promise<void> {
  if (!EVENT_ID_RE.test(eventId)) throw notFound('Event');
  const [e] = await db.select({ id: events.id }).from(events).where(and(eq(events.partnerId, partnerId), eq(events.id, eventId)));
  if (!e) throw notFound('Event');
}

const sameKeyword = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function reportBody(r: typeof userReports.$inferSelect): UserReport {
  return {
    id: r.id,
    description: r.description ?? '',
    report_type: r.reportType,
    event_id: r.eventId,
    tc: r.tc,
    tc_run_id: r.tcRunId,
    keyword: r.keyword,
    setup_process_id: r.setupProcessId,
    created_at: r.createdAt.toISOString(),
  };
}

/** POST /user_reports: records the report of one keyword of the cluster. */
export async function createReport(db: Db, ctx: ReportCtx, body: UserReportBody): Promise<UserReport> {
  await requireEvent(db, ctx.partnerId, body.event_id);
  // The cluster must belong to a run of this event (runs are per event and partner).
  const [cluster] = await db
    .select({ en: tasteClusters.keywordsEn, de: tasteClusters.keywordsDe })
    .from(tasteClusters)
    .where(
      and(
        eq(tasteClusters.partnerId, ctx.partnerId),
        eq(tasteClusters.runId, body.tc_run_id),
        eq(tasteClusters.tc, body.tc),
        sql`EXISTS (SELECT 1 FROM taste_cluster_runs r WHERE r.id = ${tasteClusters.runId} AND r.partner_id = ${ctx.partnerId} AND r.event_id = ${body.event_id})`,
      ),
    );
  if (!cluster) throw notFound('Taste cluster');
  const keyword = [...cluster.en, ...cluster.de].find((k) => sameKeyword(k, body.keyword));
  if (!keyword) throw new AppError(422, 'error.user_reports.unknown_keyword', 'The keyword is not a topic of this taste cluster');
  if (body.setup_process_id) {
    const [setup] = await db
      .select({ id: setupProcesses.id })
      .from(setupProcesses)
      .where(and(eq(setupProcesses.partnerId, ctx.partnerId), eq(setupProcesses.id, body.setup_process_id), eq(setupProcesses.eventId, body.event_id)));
    if (!setup) throw notFound('Setup process');
  }
  const [row] = await db
    .insert(userReports)
    .values({
      partnerId: ctx.partnerId,
      eventId: body.event_id,
      userId: ctx.userId,
      reportType: body.report_type,
      tc: body.tc,
      tcRunId: body.tc_run_id,
      keyword,
      description: body.description,
      setupProcessId: body.setup_process_id ?? null,
    })
    .returning();
  return reportBody(row!);
}

/** GET /user_reports?event_id=…: the event's reports, newest first, narrowed by type and cluster. */
export async function listReports(db: Db, ctx: ReportCtx, q: UserReportsQuery): Promise<{ items: UserReport[] }> {
  await requireEvent(db, ctx.partnerId, q.event_id);
  const where: SQL[] = [eq(userReports.partnerId, ctx.partnerId), eq(userReports.eventId, q.event_id)];
  const type = q.reportType ?? q.report_type;
  if (type) where.push(eq(userReports.reportType, type));
  if (q.tc !== undefined) where.push(eq(userReports.tc, q.tc));
  if (q.tc_run_id !== undefined) where.push(eq(userReports.tcRunId, q.tc_run_id));
  const list = await db.select().from(userReports).where(and(...where)).orderBy(desc(userReports.createdAt), desc(userReports.id)).limit(1000);
  return { items: list.map(reportBody) };
}

/** POST /user_reports/delete: removes the reports made during these setups of the partner. */
export async function deleteReportsOfSetups(db: Db, ctx: ReportCtx, setupProcessIds: readonly string[]): Promise<void> {
  await db.delete(userReports).where(and(eq(userReports.partnerId, ctx.partnerId), inArray(userReports.setupProcessId, [...setupProcessIds])));
}

/**
 * The reported keywords of an event's clusters, as `${tc}:${keyword in lower case}`. Across runs:
 * a tc keeps its number while its audience persists (docs/TASTE-CLUSTERS.md "Stable ids"), so a
 * keyword reported before a regeneration stays reported.
 */
export async function reportedKeywords(db: Db, partnerId: number, eventId: string): Promise<Set<string>> {
  const list = await db
    .selectDistinct({ tc: userReports.tc, keyword: userReports.keyword })
    .from(userReports)
    .where(and(eq(userReports.partnerId, partnerId), eq(userReports.eventId, eventId), eq(userReports.reportType, 'WRONG_TOPIC_RECOMMENDATION')));
  return new Set(list.map((r) => reportedKey(r.tc, r.keyword)));
}

export const reportedKey = (tc: number, keyword: string) => `${tc}:${keyword.trim().toLocaleLowerCase()}`;
