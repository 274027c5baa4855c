// Demo marketing campaigns (spec 1 §3 Event campaign fields; issue 22): a handful of upcoming
// events were "published" through the Meta sandbox one or two weeks ago. Their numbers are not
// made up here: after the catalogue is seeded, `deliverDemoCampaigns` freezes each campaign's
// counterfactual from the forecast as it stood on its first day and lets the sandbox deliver
// every day since, selling the tickets the campaigns caused — the same code path a campaign
// published in the wizard takes, so the dashboard card, the events list badges, the statistics
// panel and the PDF agree to the cent.
import { and, asc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, events } from '../db/schema';
import { createRng } from './random';
import { sandboxId } from '../adapters/meta/sandbox-seed';
import { estimateAudience } from '../engines/delivery/audience';
import { computeForecasts } from '../modules/forecast/recompute';
import { campaignCounterfactual, seriesOf, type SeriesForecast } from '../modules/campaign-delivery/snapshot';
import { deliverCampaigns, lastWholeDay } from '../modules/campaign-delivery/deliver';
import { SandboxAdPlatform } from '../adapters/meta/sandbox';

const DAY_MS = 86_400_000;
/** The demo campaigns started this many days ago (two cohorts, so the panel shows both a young and an older campaign). */
const STARTED_DAYS_AGO = [12, 5] as const;

export async function seedCampaigns(db: Db, partner: { id: number; currency: string }, opts: { now: Date; seedKey: string }): Promise<number> {
  const rng = createRng(`${opts.seedKey}:campaigns:${partner.id}`);
  const now = opts.now.getTime();
  const upcoming = await db
    .select({ id: events.id, title: events.title, start: events.startDateTime })
    .from(events)
    .where(and(eq(events.partnerId, partner.id), gt(events.startDateTime, opts.now), ne(events.category, 'product'), sql`${events.startDateTime} < ${new Date(now + 120 * DAY_MS)}`))
    .orderBy(asc(events.startDateTime));
  // Every fifth upcoming show in the next four months: enough badges without crowding the list.
  const picked = upcoming.filter((_, i) => i % 5 === 2);
  const rows = picked.flatMap((e, i) => {
    const eventDayMs = Math.floor(e.start.getTime() / DAY_MS) * DAY_MS;
    const startMs = Math.floor(now / DAY_MS) * DAY_MS - STARTED_DAYS_AGO[i % 2]! * DAY_MS;
    // One in six was stopped early (ended two days ago); the others run until the day before the show.
    const stopMs = i % 6 === 5 ? Math.floor(now / DAY_MS) * DAY_MS - 2 * DAY_MS + DAY_MS - 1000 : eventDayMs - 1000;
    const status = i % 4 === 3 ? ('PAUSED' as const) : ('ACTIVE' as const);
    const campaignId = sandboxId('campaign', 'demo', partner.id, e.id);
    // One to three taste clusters (ad sets), each with its own budget and a radius around the venue.
    return Array.from({ length: rng.int(1, 3) }, (_, k) => {
      const radius = [15, 25, 40][rng.int(0, 2)]!;
      const audienceSize = estimateAudience({
        ageMin: 25,
        ageMax: 65,
        advantageAudience: false,
        geo: { mode: 'range_locations', included: [{ latitude: 0, longitude: 0, radius, unit: 'kilometer', countryCode: 'DE' }], excluded: [] },
      });
      return {
        partnerId: partner.id,
        eventId: e.id,
        name: `${e.title} – Meta ${k + 1}`,
        status,
        optimisationStatus: rng.chance(0.8) ? ('ACTIVE' as const) : ('PAUSED' as const),
        startTime: new Date(startMs),
        stopTime: new Date(Math.max(stopMs, startMs + DAY_MS)),
        adsets: 1,
        currency: partner.currency,
        metaCampaignId: campaignId,
        metaAdsetId: sandboxId('adSet', 'demo', partner.id, e.id, k),
        metaCreativeId: sandboxId('creative', 'demo', partner.id, e.id, k),
        metaAdId: sandboxId('ad', 'demo', partner.id, e.id, k),
        budgetMinor: rng.int(4, 30) * 10_000,
        audienceSize,
        publishedAt: new Date(startMs),
      };
    });
  });
  if (rows.length) await db.insert(campaigns).values(rows);
  return new Set(rows.map((r) => r.eventId)).size;
}

/**
 * After the catalogue: each demo campaign's counterfactual from the forecast of its first day
 * (sales after it left out), then the sandbox's delivery of every whole day since.
 */
export async function deliverDemoCampaigns(db: Db, partnerId: number, nowMs: number): Promise<number> {
  const list = await db
    .select({ id: campaigns.id, eventId: campaigns.eventId, start: campaigns.startTime })
    .from(campaigns)
    .where(and(eq(campaigns.partnerId, partnerId), isNotNull(campaigns.publishedAt)));
  const byStart = new Map<number, typeof list>();
  for (const c of list) byStart.set(c.start.getTime(), [...(byStart.get(c.start.getTime()) ?? []), c]);
  for (const [startMs, group] of byStart) {
    const series = new Map<string, Awaited<ReturnType<typeof seriesOf>>>();
    for (const eventId of new Set(group.map((c) => c.eventId))) series.set(eventId, await seriesOf(db, partnerId, eventId));
    const ids = [...new Set([...series.values()].flat().map((e) => e.id))];
    const { forecasts } = await computeForecasts(db, partnerId, { eventIds: ids, nowMs: startMs, asOf: true, cacheModel: false });
    const byId = new Map(forecasts.map((f) => [f.eventId, f]));
    const startDay = new Date(startMs).toISOString().slice(0, 10);
    for (const [eventId, members] of series) {
      const withForecast: SeriesForecast[] = members.flatMap((m) => {
        const f = byId.get(m.id);
        return f && f.predictedPath.length ? [{ id: m.id, eventDay: m.eventDay, capacity: m.capacity, daysOut: f.daysOut, predictedPath: f.predictedPath, intervalLow: f.interval?.low ?? null, intervalHigh: f.interval?.high ?? null, expectedError: f.expectedError }] : [];
      });
      const cf = campaignCounterfactual(withForecast, eventId, startDay);
      await db.update(campaigns).set({ counterfactual: cf }).where(and(eq(campaigns.partnerId, partnerId), eq(campaigns.eventId, eventId), eq(campaigns.startTime, new Date(startMs))));
    }
  }
  const run = await deliverCampaigns(db, { partnerId, through: lastWholeDay(new Date(nowMs)), platform: new SandboxAdPlatform(() => new Date(nowMs)), recompute: false });
  return run.tickets;
}
