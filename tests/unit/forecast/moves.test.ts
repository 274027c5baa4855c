// Issue 20 §4: what the history import reports — upcoming forecasts that move by more than
// MOVED_POINTS (from the stored prediction to the new one) and events that newly turn 'below'.
import { describe, expect, it } from 'vitest';
import { MOVED_POINTS, movedForecasts, turnedBelow } from '../../../src/server/modules/forecast/recompute';
import type { Forecast } from '../../../src/server/engines/forecast';

const f = (eventId: string, value: number | null, state: Forecast['state'] = 'on_track', daysOut = 10) =>
  ({ eventId, state, daysOut, prediction: { value, benchmark: 50 } }) as Forecast;
const stored = (entries: [string, number | null, string?][]) => new Map(entries.map(([id, prediction, state]) => [id, { prediction, state: state ?? 'on_track' }]));

describe('moved forecasts', () => {
  it('are the upcoming ones that change by more than the threshold, largest first', () => {
    const now = stored([['a', 42], ['b', 50], ['c', 10], ['d', 30], ['past', 20]]);
    const moves = movedForecasts([f('a', 18), f('b', 50 + MOVED_POINTS), f('c', 30), f('d', 30 - MOVED_POINTS - 0.1), f('past', 90, 'finished', -3), f('new', 70)], now);
    expect(moves.map((m) => [m.eventId, m.before, m.after])).toEqual([
      ['a', 42, 18],
      ['c', 10, 30],
      ['d', 30, 30 - MOVED_POINTS - 0.1],
    ]);
  });

  it('leave out events without a prediction before or after', () => {
    expect(movedForecasts([f('a', null), f('b', 80)], stored([['a', 40], ['b', null]]))).toEqual([]);
  });
});

describe('turned below', () => {
  it('only events stored as something else: not first forecasts, not those already below', () => {
    const now = stored([['a', 40, 'on_track'], ['b', 40, 'below'], ['c', 40, 'above']]);
    const turned = turnedBelow([f('a', 30, 'below'), f('b', 30, 'below'), f('c', 60, 'above'), f('new', 10, 'below')], now);
    expect(turned.map((t) => t.eventId)).toEqual(['a']);
  });
});
