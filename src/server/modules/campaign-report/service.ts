// GET /api/campaign/events/{id}/report.pdf (issue 22, spec 2 §2 "Campaign report"): the event,
// its ads and results read by the same functions as the statistics tab (fb_insights,
// campaign_results in campaign-delivery/results.ts), rendered to one A4 page. So the PDF, the tab
// and the dashboard agree to the cent.
import type { Db } from '../../db/client';
import type { Language } from '../../../lib/constants';
import type { Product } from '../../../lib/i18n/namespaces';
import { pageI18n } from '../../../lib/i18n/server';
import { reportFileName } from '../../../lib/campaigns/report-rules';
import { includedEvents, includedEventsPath } from '../../../lib/campaigns/included-events';
import { eventSeries, getEventItem } from '../events/item';
import { campaignResults, fbInsights } from '../campaign-delivery/results';
import type { AttributionCtx } from '../campaign-delivery/attribution';
import { isSandbox } from '../../adapters/meta';
import { now as clockNow } from '../../lib/clock';
import { renderCampaignReport, type ReportEvent } from './render';

export interface ReportRequest {
  language: Language;
  product: Product | null;
  /** The console's origin, for the report's link to the full list of included events. */
  origin: string;
  now?: Date;
}

const reportEvent = (e: ReportEvent): ReportEvent => ({
  id: e.id,
  title: e.title,
  start_date_time: e.start_date_time,
  category: e.category,
  city: e.city,
  hall_name: e.hall_name,
  venue_name: e.venue_name,
});

/** The report of the partner's event; 404 for another partner's event or one without a campaign (as the tab's calls). */
export async function campaignReport(db: Db, ctx: AttributionCtx & { partnerId: number }, eventId: string, req: ReportRequest): Promise<{ pdf: Buffer; fileName: string }> {
  const now = req.now ?? clockNow();
  const event = await getEventItem(db, ctx.partnerId, eventId, now);
  const insights = await fbInsights(db, ctx.partnerId, eventId, now);
  const results = await campaignResults(db, ctx.partnerId, eventId, ctx);
  const ids = results.included_event_ids;
  // A single-date series needs no series query: the event is its only included date.
  const series = ids.length === 1 && ids[0] === eventId ? [event] : await eventSeries(db, ctx.partnerId, eventId, now);
  const included = includedEvents(series, ids).events;
  const url = new URL(includedEventsPath(eventId), req.origin);
  const pdf = await renderCampaignReport({
    event: reportEvent(event),
    insights,
    results,
    included: included.map(reportEvent),
    moreUrl: url.toString(),
    language: req.language,
    product: req.product,
    now,
    sandbox: isSandbox(),
  });
  const t = pageI18n(req.language, req.product).t;
  return { pdf, fileName: reportFileName(event.title, now.toISOString().slice(0, 10), t('campaigns.report.fileWord')) };
}
