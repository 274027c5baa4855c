// What a boost left in the campaigns table, per taste cluster: the campaigns list of an event
// (GET /api/campaign/events/{id}/campaigns) shows these clusters as running (spec 2 §3 Campaign:
// "Status is 'running' if set_up_date is present").
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { CampaignClusterAudience } from '../../../lib/campaigns/cluster-audience';

export interface PublishedCluster {
  tc: number;
  tcRunId: number;
  /** Major units of the row's currency. */
  budget: number;
  currency: string;
  setUpDate: string;
  initialSetUpDate: string;
  endTime: string;
  runTimeDays: number;
  latestSetup: { creative: unknown; targeting: unknown; audience_id: string | null; integration_details: unknown; /** the variations published switched off */ disabled_variations: string[]; setup_process_id: string; goal: string; lead_form_id: string | null; /** taste-cluster targeting: the members' custom audience, or why the area is targeted instead */ cluster_audience: CampaignClusterAudience | null } | null;
}

/** The event's published clusters by tc (the newest publication of each; the first one's date too). */
export async function publishedClusters(db: Db, partnerId: number, eventId: string): Promise<Map<number, PublishedCluster>> {
  const list = await rows<{
    tc: number; tc_run_id: number; budget_minor: number; currency: string; published_at: Date | string; first_published_at: Date | string;
    start_time: Date | string; stop_time: Date | string; creatives: unknown; targeting: unknown; integration_details: unknown; disabled_variations: unknown;
    setup_process_id: string | null; goal: string | null; lead_form_id: string | null; cluster_audience: CampaignClusterAudience | null;
  }>(db, sql`
    SELECT DISTINCT ON (c.tc) c.tc, c.tc_run_id, c.budget_minor::float8 AS budget_minor, c.currency, c.published_at, c.start_time, c.stop_time, c.cluster_audience,
           min(c.published_at) OVER (PARTITION BY c.tc) AS first_published_at,
           s.creatives, s.targeting, s.integration_details, s.disabled_variations, s.id AS setup_process_id, s.goal, s.lead_form_id
    FROM campaigns c
    LEFT JOIN setup_processes s ON s.id = c.setup_process_id AND s.partner_id = c.partner_id
    WHERE c.partner_id = ${partnerId} AND c.event_id = ${eventId} AND c.tc IS NOT NULL AND c.published_at IS NOT NULL
    ORDER BY c.tc, c.published_at DESC`);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const factor = (currency: string) => 10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
  return new Map(
    list.map((r) => {
      const pick = (arr: unknown) => (Array.isArray(arr) ? arr.find((x: { tc?: number; tc_run_id?: number }) => x.tc === r.tc && x.tc_run_id === r.tc_run_id) ?? null : null);
      const creative = pick(r.creatives) as { audience_id?: string | null } | null;
      return [
        r.tc,
        {
          tc: r.tc,
          tcRunId: r.tc_run_id,
          budget: r.budget_minor / factor(r.currency),
          currency: r.currency,
          setUpDate: iso(r.published_at),
          initialSetUpDate: iso(r.first_published_at),
          endTime: iso(r.stop_time),
          runTimeDays: Math.max(1, Math.round((new Date(r.stop_time).getTime() - new Date(r.start_time).getTime()) / 86_400_000)),
          latestSetup: creative && r.setup_process_id
            ? {
                creative,
                targeting: pick(r.targeting),
                audience_id: creative.audience_id ?? null,
                integration_details: r.integration_details,
                disabled_variations: ((r.disabled_variations ?? {}) as Record<string, string[]>)[String(r.tc)] ?? [],
                setup_process_id: r.setup_process_id,
                goal: r.goal ?? 'UTILIZATION',
                lead_form_id: r.lead_form_id,
                cluster_audience: r.cluster_audience ?? null,
              }
            : null,
        },
      ];
    }),
  );
}
