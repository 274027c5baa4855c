// FD's counterfactual, frozen when a campaign is published (issue 22 "Attribution"): the
// forecasts of the event and of its series (the other dates of the same production) at that
// moment, turned into expected tickets per day from the campaign's first day
// (engines/delivery/counterfactual.ts). Null when the event has no forecast path yet.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { counterfactualSnapshot, sumSnapshots, type CampaignCounterfactual, type ForecastAtPublish } from '../../engines/delivery/counterfactual';

export interface SeriesForecast extends ForecastAtPublish {
  id: string;
  /** YYYY-MM-DD (UTC) of the event. */
  eventDay: string;
}

/** The campaign's counterfactual from its series' forecasts (the event itself among them). */
export function campaignCounterfactual(members: SeriesForecast[], eventId: string, startDay: string): CampaignCounterfactual | null {
  const snaps = members
    .filter((m) => m.id === eventId || m.eventDay >= startDay)
    .map((m) => ({ id: m.id, s: counterfactualSnapshot(m, startDay, m.eventDay) }))
    .filter((m): m is { id: string; s: NonNullable<typeof m.s> } => m.s !== null);
  const event = snaps.find((m) => m.id === eventId)?.s;
  if (!event) return null;
  return { event, series: sumSnapshots(snaps.map((m) => m.s)), seriesEventIds: snaps.map((m) => m.id) };
}

/** The dated events of the production `eventId` belongs to (same title, not hidden), itself included. */
export async function seriesOf(db: Db, partnerId: number, eventId: string): Promise<{ id: string; capacity: number; eventDay: string }[]> {
  return rows<{ id: string; capacity: number; eventDay: string }>(db, sql`
    SELECT e.id, e.capacity, to_char((e.start_date_time AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS "eventDay"
    FROM events me JOIN events e ON e.partner_id = me.partner_id AND e.title = me.title AND (e.frontend_status <> 'HIDDEN' OR e.id = me.id)
    WHERE me.partner_id = ${partnerId} AND me.id = ${eventId}
    ORDER BY e.start_date_time, e.id`);
}

/** At publish: from the forecasts stored now, before the campaign sold anything. */
export async function counterfactualAtPublish(db: Db, partnerId: number, eventId: string, startDay: string): Promise<CampaignCounterfactual | null> {
  const list = await rows<{ id: string; days_out: number | null; predicted_path: number[] | null; interval_low: number | null; interval_high: number | null; expected_error: number | null }>(db, sql`
    SELECT f.event_id AS id, f.days_out, f.predicted_path, f.interval_low, f.interval_high, f.expected_error FROM event_forecasts f
    WHERE f.partner_id = ${partnerId} AND f.event_id IN (SELECT e.id FROM events me JOIN events e ON e.partner_id = me.partner_id AND e.title = me.title
                                                          WHERE me.partner_id = ${partnerId} AND me.id = ${eventId})`);
  const byId = new Map(list.map((f) => [f.id, f]));
  const members: SeriesForecast[] = [];
  for (const e of await seriesOf(db, partnerId, eventId)) {
    const f = byId.get(e.id);
    if (!f || f.days_out == null || !f.predicted_path?.length) continue;
    members.push({ id: e.id, eventDay: e.eventDay, capacity: e.capacity, daysOut: f.days_out, predictedPath: f.predicted_path, intervalLow: f.interval_low, intervalHigh: f.interval_high, expectedError: f.expected_error });
  }
  return campaignCounterfactual(members, eventId, startDay);
}
