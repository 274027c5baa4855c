import { describe, expect, it } from 'vitest';
import { counterfactualSnapshot, fdEstimate } from '../../../src/server/engines/delivery/counterfactual';
import { mulberry32 } from '../../../src/lib/seeded-random';

// An event on 2026-12-11 with 1,000 seats; the forecast was made at the start of 2026-12-01
// (10 days out) at 20 % sold and predicts 60 %, rising 4 points a day, with an 80 % band of
// 50–66 % at the end. Its first point is what had sold by the end of 2026-11-30; point i is the
// end of 2026-12-01 + (i − 1) days.
const forecast = {
  daysOut: 10,
  predictedPath: Array.from({ length: 11 }, (_, i) => 20 + 4 * i),
  intervalLow: 50,
  intervalHigh: 66,
  capacity: 1_000,
};
/** z of an 80 % two-sided normal interval. */
const Z80 = 1.2815515655446004;

describe('FD counterfactual', () => {
  it('expects the forecast path since the day before the start; the forecast day\'s own sales are still to come', () => {
    const s = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11')!;
    // Baseline: end of 2026-12-02 = path[2] = 28 %. End of 2026-12-03 = path[3] = 32 % → 40 tickets.
    expect(s.expected[0]).toBe(40);
    expect(s.expected.at(-1)).toBe(320); // 60 % − 28 %
    expect(s.expected).toHaveLength(9);
    // A campaign starting on the forecast day expects that day's sales too (not zero).
    expect(counterfactualSnapshot(forecast, '2026-12-01', '2026-12-11')!.expected[0]).toBe(40);
  });

  it('its 80 % band adds the sales noise (Poisson) and a quarter of the forecast level error opened since the baseline', () => {
    const s = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11')!;
    // At the end: 320 expected; the path has opened 80 % of the final error since the baseline
    // ((60 − 28) / (60 − 20)), a quarter of it counts: 0.2 × 100 tickets below, 0.2 × 60 above.
    expect(s.low.at(-1)).toBeCloseTo(320 - Math.sqrt(20 ** 2 + Z80 ** 2 * 320), 0);
    expect(s.high.at(-1)).toBeCloseTo(320 + Math.sqrt(12 ** 2 + Z80 ** 2 * 320), 0);
    for (let i = 0; i < s.expected.length; i++) {
      expect(s.low[i]).toBeLessThan(s.expected[i]!);
      expect(s.high[i]).toBeGreaterThan(s.expected[i]!);
      // The band widens with the days (the event day itself adds nothing).
      if (i) expect(s.high[i]! - s.low[i]!).toBeGreaterThanOrEqual(s.high[i - 1]! - s.low[i - 1]!);
    }
  });

  it("the forecast's usual error widens the band where it exceeds the interval", () => {
    const base = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11')!;
    const wide = counterfactualSnapshot({ ...forecast, expectedError: 300 }, '2026-12-03', '2026-12-11')!;
    // 0.25 × 0.8 × 300 = 60 tickets of level error on both sides.
    expect(wide.low.at(-1)).toBeCloseTo(320 - Math.sqrt(60 ** 2 + Z80 ** 2 * 320), 0);
    expect(wide.high.at(-1)).toBeCloseTo(320 + Math.sqrt(60 ** 2 + Z80 ** 2 * 320), 0);
    // A smaller usual error than the interval changes nothing.
    expect(counterfactualSnapshot({ ...forecast, expectedError: 10 }, '2026-12-03', '2026-12-11')).toEqual(base);
  });

  it('with a perfect forecast of the mean, Poisson sales fall inside the band about 80 % of the time', () => {
    const s = counterfactualSnapshot({ ...forecast, intervalLow: null, intervalHigh: null }, '2026-12-03', '2026-12-11')!;
    const rand = mulberry32(7);
    const poisson = (mean: number) => {
      // Sum of daily draws by inversion (means of 40 a day stay far from underflow).
      let k = 0;
      for (let left = mean; left > 0; left -= 40) {
        const m = Math.min(40, left);
        let p = Math.exp(-m);
        let c = p;
        const u = rand();
        let j = 0;
        while (u > c) {
          j++;
          p *= m / j;
          c += p;
        }
        k += j;
      }
      return k;
    };
    for (const i of [2, 8]) {
      let inside = 0;
      const n = 2_000;
      for (let t = 0; t < n; t++) {
        const x = poisson(s.expected[i]!);
        if (x >= s.low[i]! && x <= s.high[i]!) inside++;
      }
      expect(inside / n, `day ${i}`).toBeGreaterThan(0.76);
      expect(inside / n, `day ${i}`).toBeLessThan(0.85);
    }
  });

  it('attributes the sales above the expectation, with the interval from the band', () => {
    const s = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11')!;
    const e = fdEstimate(s, 420, '2026-12-11')!;
    expect(e.tickets).toBe(100);
    expect(e.expected).toBe(320);
    expect(e.actual).toBe(420);
    // More expected sales (the band's high end) leave fewer tickets to the campaign.
    expect(e.low).toBeCloseTo(420 - s.high.at(-1)!, 5);
    expect(e.high).toBeCloseTo(420 - s.low.at(-1)!, 5);
    // Selling just what the forecast expected attributes nothing.
    expect(fdEstimate(s, 40, '2026-12-03')!.tickets).toBe(0);
    expect(fdEstimate(s, 40, '2026-12-02')).toBeNull();
  });

  it("a campaign that starts before the forecast day reads the forecast's first point as its baseline", () => {
    const s = counterfactualSnapshot(forecast, '2026-11-28', '2026-12-11')!;
    // 11-28, 11-29, 11-30 were sold when the forecast was made; 12-01 expects 4 points.
    expect(s.expected.slice(0, 4)).toEqual([0, 0, 0, 40]);
    expect(s.expected.at(-1)).toBe(400);
  });

  it('cannot evaluate without a forecast path or capacity', () => {
    expect(counterfactualSnapshot({ ...forecast, predictedPath: [] }, '2026-12-03', '2026-12-11')).toBeNull();
    expect(counterfactualSnapshot({ ...forecast, capacity: 0 }, '2026-12-03', '2026-12-11')).toBeNull();
  });

  it('without noise and level terms the band collapses to the path; the low end never goes below zero', () => {
    const s = counterfactualSnapshot(forecast, '2026-12-03', '2026-12-11', { dispersion: 0, levelShare: 0 })!;
    expect(s.low).toEqual(s.expected);
    expect(s.high).toEqual(s.expected);
    const flat = counterfactualSnapshot({ ...forecast, predictedPath: [20, 20.1, 20.2] , daysOut: 2 }, '2026-12-10', '2026-12-11')!;
    expect(flat.low.every((x) => x >= 0)).toBe(true);
    expect(flat.low[0]).toBe(0);
  });
});
