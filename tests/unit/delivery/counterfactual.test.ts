import { describe, expect, it } from 'vitest';
import { counterfactualSnapshot, fdEstimate } from '../../../src/server/engines/delivery/counterfactual';

// An event on 2026-12-11 with 1,000 seats; the forecast was made 10 days out (2026-12-01) at 20 %
// sold and predicts 60 %, rising 4 points a day, with an 80 % band of 50–66 % at the end.
const forecast = {
  daysOut: 10,
  predictedPath: Array.from({ length: 11 }, (_, i) => 20 + 4 * i),
  intervalLow: 50,
  intervalHigh: 66,
  capacity: 1_000,
};

describe('FD counterfactual', () => {
  it('expects the forecast path since the day before the start, with a band that opens along it', () => {
    const s = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11')!;
    // Baseline: end of 2026-12-02 = path[1] = 24 %. End of 2026-12-03 = 28 % → 40 tickets.
    expect(s.expected[0]).toBe(40);
    expect(s.expected.at(-1)).toBe(360); // 60 % − 24 %
    expect(s.expected).toHaveLength(9);
    // At the end the band is the forecast's interval: 50–66 % minus the baseline.
    expect(s.low.at(-1)).toBe(260);
    expect(s.high.at(-1)).toBe(420);
    for (let i = 0; i < s.expected.length; i++) {
      expect(s.low[i]).toBeLessThanOrEqual(s.expected[i]!);
      expect(s.high[i]).toBeGreaterThanOrEqual(s.expected[i]!);
    }
  });

  it('attributes the sales above the expectation, with the interval from the band', () => {
    const s = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11')!;
    const e = fdEstimate(s, 460, '2026-12-11')!;
    expect(e).toEqual({ tickets: 100, low: 40, high: 200, expected: 360, actual: 460 });
    // Selling just what the forecast expected attributes nothing.
    expect(fdEstimate(s, 40, '2026-12-03')!.tickets).toBe(0);
    expect(fdEstimate(s, 40, '2026-12-02')).toBeNull();
  });

  it('a campaign that starts before the forecast day reads the forecast\'s first point as its baseline', () => {
    const s = counterfactualSnapshot(forecast, '2026-11-28', '2026-12-11')!;
    expect(s.expected.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(s.expected.at(-1)).toBe(400);
  });

  it('cannot evaluate without a forecast path or capacity', () => {
    expect(counterfactualSnapshot({ ...forecast, predictedPath: [] }, '2026-12-03', '2026-12-11')).toBeNull();
    expect(counterfactualSnapshot({ ...forecast, capacity: 0 }, '2026-12-03', '2026-12-11')).toBeNull();
  });

  it('without an interval the band collapses to the path', () => {
    const s = counterfactualSnapshot({ ...forecast, intervalLow: null, intervalHigh: null }, '2026-12-03', '2026-12-11')!;
    expect(s.low).toEqual(s.expected);
    expect(s.high).toEqual(s.expected);
  });
});
