// The Wilson score interval the accuracy report prints (tests/nlq-accuracy/wilson.ts), against
// values computed independently (R: prop.test(x, n, correct = FALSE)$conf.int, and the closed
// forms at the ends).
import { describe, expect, it } from 'vitest';
import { formatWithInterval, wilsonInterval } from '../nlq-accuracy/wilson';

describe('wilsonInterval', () => {
  it('matches known values', () => {
    // 8 of 10: [0.4902, 0.9433]
    const a = wilsonInterval(8, 10);
    expect(a.low).toBeCloseTo(0.4902, 4);
    expect(a.high).toBeCloseTo(0.9433, 4);
    // 25 of 32 (issue 21's hidden set): [0.6121, 0.8898]
    const b = wilsonInterval(25, 32);
    expect(b.low).toBeCloseTo(0.6121, 3);
    expect(b.high).toBeCloseTo(0.8898, 3);
  });

  it('stays inside [0, 1] and is not empty at 0 % and 100 %', () => {
    const all = wilsonInterval(60, 60);
    expect(all.high).toBeCloseTo(1, 12);
    // n / (n + z²) for p = 1
    expect(all.low).toBeCloseTo(60 / (60 + 1.959963984540054 ** 2), 10);
    const none = wilsonInterval(0, 60);
    expect(none.low).toBeCloseTo(0, 12);
    expect(none.high).toBeCloseTo(1.959963984540054 ** 2 / (60 + 1.959963984540054 ** 2), 10);
  });

  it('contains the observed rate and narrows as n grows', () => {
    for (const [k, n] of [[1, 3], [50, 60], [270, 300], [9, 10]]) {
      const { low, high } = wilsonInterval(k, n);
      expect(low).toBeLessThanOrEqual(k / n);
      expect(high).toBeGreaterThanOrEqual(k / n);
    }
    const small = wilsonInterval(9, 10);
    const large = wilsonInterval(90, 100);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
  });

  it('gives [0, 1] for no questions and refuses impossible counts', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => wilsonInterval(5, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 4)).toThrow(RangeError);
  });

  it('formats the rate with its interval', () => {
    expect(formatWithInterval(8, 10)).toBe('80.0 % [49.0–94.3 %]');
  });
});
