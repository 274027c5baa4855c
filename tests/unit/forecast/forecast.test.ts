// The live forecast of one event: its state against comparable events, sold-out, finished and
// no-data cases, the benchmark curve and the predicted path, and the bounds of a prediction.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createForecaster } from '../../../src/server/engines/forecast/forecast';
import { classify, ON_TRACK_BAND } from '../../../src/server/engines/forecast/state';
import { predictedPath } from '../../../src/server/engines/forecast/path';
import { DAY_MS, type EventRecord } from '../../../src/server/engines/forecast/types';
import { DAY0, history, makeEvent, rng } from './synthetic';

const TODAY = DAY0 + 400;
const NOW = TODAY * DAY_MS + 12 * 3_600_000;
const past = history(80, { seed: 7 }); // days DAY0 .. DAY0 + 158, shares 0.25–1

function upcoming(id: string, finalShare: number, daysOut: number, extra: Partial<Parameters<typeof makeEvent>[0]> = {}): EventRecord {
  return makeEvent({ id, finalShare, startDay: TODAY + daysOut, soldUntilDaysOut: daysOut, ...extra });
}

function forecast(records: EventRecord[], id: string) {
  return createForecaster(records, { nowMs: NOW }).forecast(id)!;
}

describe('state', () => {
  it('is above for an event heading well over its comparables’ final share', () => {
    const f = forecast([...past, upcoming('hit', 0.98, 30)], 'hit');
    expect(f.state).toBe('above');
    expect(f.prediction.value!).toBeGreaterThan(f.prediction.benchmark! + ON_TRACK_BAND);
    expect(f.now.value!).toBeGreaterThan(f.now.benchmark!);
  });

  it('is below for an event heading well under', () => {
    const f = forecast([...past, upcoming('flop', 0.27, 30)], 'flop');
    expect(f.state).toBe('below');
    expect(f.prediction.value!).toBeLessThan(f.prediction.benchmark! - ON_TRACK_BAND);
  });

  it('is on track for an event selling like its comparables', () => {
    const r = rng(3);
    const alike = Array.from({ length: 40 }, (_, i) => makeEvent({ id: `a${i}`, startDay: DAY0 + 2 * i, finalShare: 0.6, noise: r }));
    const f = forecast([...alike, upcoming('typical', 0.6, 30)], 'typical');
    expect(f.state).toBe('on_track');
    expect(Math.abs(f.prediction.value! - 60)).toBeLessThan(3);
  });

  it('uses a ±5 point band around the comparables’ final share', () => {
    expect(classify(65, 60)).toBe('on_track');
    expect(classify(55, 60)).toBe('on_track');
    expect(classify(65.1, 60)).toBe('above');
    expect(classify(54.9, 60)).toBe('below');
  });

  it('is sold_out once every seat is sold, predicting exactly the capacity', () => {
    const full = upcoming('full', 1, 20, { tau: 1e9 }); // everything went on the first day
    const f = forecast([...past, full], 'full');
    expect(f.state).toBe('sold_out');
    expect(f.prediction.value).toBe(100);
    expect(f.predictedTickets).toBe(f.ticketsSold);
  });

  it('is finished once the event has started, with its final share as both values', () => {
    const f = forecast(past, 'h79');
    expect(f.state).toBe('finished');
    expect(f.daysOut).toBeLessThan(0);
    expect(f.now.value).toBe(f.prediction.value);
    expect(f.predictedTickets).toBe(f.ticketsSold);
    expect(f.prediction.benchmark).not.toBeNull();
    expect(f.predictedPath).toEqual([]);
  });

  it('is no_data without history or without capacity', () => {
    const alone = forecast([upcoming('alone', 0.5, 30)], 'alone');
    expect(alone.state).toBe('no_data');
    const two = forecast([...past.slice(0, 2), upcoming('two', 0.5, 30)], 'two');
    expect(two.state).toBe('no_data');
    expect(two.comparables).toBe(2);
    expect(forecast([...past.slice(0, 3), upcoming('three', 0.5, 30)], 'three').state).not.toBe('no_data');
    expect(alone.now.value).not.toBeNull(); // what it sold is still known
    expect(alone.prediction.value).toBeNull();
    const noCap = forecast([...past, { ...upcoming('nocap', 0.5, 30), capacity: 0 }], 'nocap');
    expect(noCap.state).toBe('no_data');
    expect(noCap.now.value).toBeNull();
  });
});

describe('uncertainty', () => {
  it('gives an 80 % interval around the prediction, within what is sold and the capacity, and the usual error in tickets', () => {
    const f = forecast([...past, upcoming('e', 0.6, 30)], 'e');
    expect(f.interval).not.toBeNull();
    expect(f.interval!.low).toBeLessThanOrEqual(f.prediction.value!);
    expect(f.interval!.high).toBeGreaterThanOrEqual(f.prediction.value!);
    expect(f.interval!.low).toBeGreaterThanOrEqual(f.now.value! - 1e-9);
    expect(f.interval!.high).toBeLessThanOrEqual(100);
    expect(f.interval!.high).toBeGreaterThan(f.interval!.low);
    expect(f.expectedError!).toBeGreaterThan(0);
    expect(f.expectedError!).toBeLessThan(500);
  });

  it('gives none without enough finished events to know its errors, and none for finished or sold-out events', () => {
    expect(forecast([...past.slice(0, 30), upcoming('young', 0.6, 30)], 'young').interval).toBeNull();
    const done = forecast(past, 'h79');
    expect(done.interval).toBeNull();
    expect(done.expectedError).toBeNull();
  });
});

describe('curves', () => {
  it('gives the comparables’ benchmark curve from the start back to the sale window, and a path from today to the start', () => {
    const f = forecast([...past, upcoming('e', 0.7, 45)], 'e');
    expect(f.benchmarkCurve.length).toBeGreaterThanOrEqual(121); // 120-day sale windows
    expect(f.benchmarkCurve[0]).toBeCloseTo(f.prediction.benchmark!, 1);
    expect(f.benchmarkCurve[45]).toBeCloseTo(f.now.benchmark!, 1);
    expect(f.predictedPath).toHaveLength(46);
    expect(f.predictedPath[0]).toBeCloseTo(f.now.value!, 1);
    expect(f.predictedPath[45]).toBeCloseTo(f.prediction.value!, 1);
  });

  it('shapes the path like the reference curve, not a straight line', () => {
    const curve = [1, 0.5, 0.45, 0.4]; // half of it on the last day
    const path = predictedPath(curve, 3, 0.4, 1);
    expect(path).toHaveLength(4);
    expect(path[0]).toBeCloseTo(0.4);
    expect(path[2]).toBeCloseTo(0.5);
    expect(path[3]).toBe(1);
  });
});

describe('bounds', () => {
  it('predicts between what is sold and the capacity, for any sales so far', () => {
    const base = createForecaster(past, { nowMs: NOW });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 400 })), { maxLength: 30 }),
        (daysOut, capacity, sales) => {
          const sold = sales.filter(([d]) => d >= daysOut);
          const total = sold.reduce((s, [, q]) => s + q, 0);
          fc.pre(total <= capacity);
          const rec: EventRecord = {
            id: 'p',
            title: 'P',
            category: 'theatre',
            venueId: 1,
            hallId: 1,
            capacity,
            startMs: (TODAY + daysOut) * DAY_MS + 19 * 3_600_000,
            learnable: true,
            saleDays: sold.map(([d]) => TODAY + daysOut - d),
            saleQty: sold.map(([, q]) => q),
          };
          const f = createForecaster([...past, rec], { nowMs: NOW, model: base.model }).forecast('p')!;
          const share = (100 * total) / capacity;
          expect(f.prediction.value!).toBeGreaterThanOrEqual(Math.round(share * 100) / 100 - 1e-9);
          expect(f.prediction.value!).toBeLessThanOrEqual(100);
          expect(f.predictedTickets!).toBeGreaterThanOrEqual(total);
          expect(f.predictedTickets!).toBeLessThanOrEqual(capacity);
          for (let i = 1; i < f.predictedPath.length; i++) expect(f.predictedPath[i]).toBeGreaterThanOrEqual(f.predictedPath[i - 1]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
