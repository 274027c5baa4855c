// Issue 25: importing a hotel's history into a concert partner must not move the concerts'
// forecasts. A copy of the demo partner 1001 (seeded into a fresh database, its forecasts
// stored) receives the resort hotel's real bookings (Antonio, de Almeida & Nunes, Data in Brief
// 22 (2019) 41–49, doi:10.1016/j.dib.2018.11.126, CC BY 4.0) through the history import service;
// afterwards no upcoming concert forecast may have moved by more than half the width of the 80 %
// interval it showed before. Without segments (one model for every event, as before issue 25)
// the same import moves many of them further than that, which is what the test guards against.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { eventForecasts, events } from '../../src/server/db/schema';
import { importHistory, type ImportFile } from '../../src/server/modules/history-import/service';
import { loadPartnerEvents } from '../../src/server/modules/forecast/load';
import { createForecaster, holidayCalendar } from '../../src/server/engines/forecast';
import { learnSegmented } from '../../src/server/engines/forecast/segmented';
import { buildHistory } from '../../src/server/engines/forecast/history';
import { nowMs } from '../../src/server/lib/clock';
import type { HistoryImportOutcome } from '../../src/lib/contracts/history-import';

const DIR = path.join(import.meta.dirname, '../fixtures/history/resort-hotel');
const fileOf = (name: string): ImportFile => {
  const p = path.join(DIR, name);
  return { name, size: fs.statSync(p).size, open: async () => fs.createReadStream(p) };
};

interface Stored {
  prediction: number | null;
  low: number | null;
  high: number | null;
}

let t: TestDb;
let now: number;
let before: Map<string, Stored>;
let after: Map<string, Stored>;
let outcome: HistoryImportOutcome;

async function upcoming(): Promise<Map<string, Stored>> {
  const rows = await t.db
    .select({ id: eventForecasts.eventId, prediction: eventForecasts.predictionValue, low: eventForecasts.intervalLow, high: eventForecasts.intervalHigh })
    .from(eventForecasts)
    .innerJoin(events, eq(events.id, eventForecasts.eventId))
    .where(and(eq(eventForecasts.partnerId, 1001), gt(events.startDateTime, new Date(now))));
  return new Map(rows.map((r) => [r.id, { prediction: r.prediction, low: r.low, high: r.high }]));
}

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  now = nowMs();
  before = await upcoming();
  outcome = await importHistory(t.db, { partnerId: 1001 }, { events: fileOf('events.csv.gz'), transactions: fileOf('transactions.csv.gz') }, { nowMs: now });
  if (outcome.outcome !== 'imported') throw new Error(`import refused: ${JSON.stringify(outcome.problems.slice(0, 5))}`);
  after = await upcoming();
}, 480_000);
afterAll(() => t?.close());

describe('the resort hotel imported into a copy of the concert partner', () => {
  it('adds the hotel (793 past arrival dates) and leaves every upcoming concert forecast within half its 80 % interval', () => {
    expect(outcome.outcome === 'imported' && outcome.events_created).toBe(793);
    expect(before.size).toBeGreaterThan(100);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    let withInterval = 0;
    for (const [id, b] of before) {
      const a = after.get(id)!;
      if (b.prediction === null) {
        expect(a.prediction, id).toBeNull();
        continue;
      }
      if (b.low === null || b.high === null) {
        // No interval (a product, or too few residuals): nothing may move at all.
        expect(a.prediction, id).toBe(b.prediction);
        continue;
      }
      withInterval++;
      const half = (b.high - b.low) / 2;
      expect(Math.abs(a.prediction! - b.prediction), `${id}: ${b.prediction} → ${a.prediction}, half-width ${half.toFixed(2)}`).toBeLessThanOrEqual(half + 1e-3);
    }
    expect(withInterval).toBeGreaterThan(100);
    if (outcome.outcome === 'imported') expect(outcome.forecasts_moved).toBe(0);
  });

  it('keeps the hotel in a population of its own', async () => {
    const records = await loadPartnerEvents(t.db, 1001);
    const model = learnSegmented(buildHistory(records), now, { holidays: holidayCalendar('DE', 'NW') });
    const hotel = records.find((r) => r.title === 'Resort hotel arrivals 2016-08-15')!;
    const unit = `show:${hotel.venueId}`;
    const pop = model.partition.populations.find((p) => p.units.includes(unit))!;
    expect(pop.units).toEqual([unit]);
    // …and no concert population learns from it.
    for (const p of model.partition.populations) if (p !== pop) expect(p.borrowed).not.toContain(unit);
  });

  it('without segments, the same import moves concert forecasts beyond half their interval (the contamination of issue 25)', async () => {
    const all = await loadPartnerEvents(t.db, 1001);
    const concerts = all.filter((r) => !r.title.startsWith('Resort hotel arrivals'));
    const holidays = { country: 'DE', region: 'NW' };
    const alone = createForecaster(concerts, { nowMs: now, segments: false, ...holidays });
    const mixed = createForecaster(all, { nowMs: now, segments: false, ...holidays });
    let beyond = 0;
    for (const r of concerts) {
      if (r.startMs <= now) continue;
      const a = alone.forecast(r.id)!;
      const b = mixed.forecast(r.id)!;
      if (a.prediction.value === null || b.prediction.value === null || !a.interval) continue;
      if (Math.abs(b.prediction.value - a.prediction.value) > (a.interval.high - a.interval.low) / 2) beyond++;
    }
    expect(beyond).toBeGreaterThan(0);
  });
});
