// Pickup forecasts: the two classic forms, their blend, the caps, and the blend learnt from the
// partner's own replayed history.
import { describe, expect, it } from 'vitest';
import {
  additivePickup,
  benchmarkAt,
  blendPickup,
  clampPrediction,
  multiplicativePickup,
} from '../../../src/server/engines/forecast/pickup';
import { TRAINING_HORIZONS, DEFAULT_ALPHA, MIN_TRAINING_ITEMS, fitBlendWeights, horizonBucket, alphaFor } from '../../../src/server/engines/forecast/blend';
import { buildHistory } from '../../../src/server/engines/forecast/history';
import { DAY0, history, makeEvent } from './synthetic';

describe('multiplicative and additive pickup', () => {
  const b = { atD: 0.4, final: 0.8 };

  it('multiplicative keeps the lead in proportion: S × F / B(d)', () => {
    expect(multiplicativePickup(0.5, b)).toBeCloseTo(1.0);
    expect(multiplicativePickup(0.2, b)).toBeCloseTo(0.4);
  });

  it('additive adds what comparables still sold: S + (F − B(d))', () => {
    expect(additivePickup(0.5, b)).toBeCloseTo(0.9);
    expect(additivePickup(0.2, b)).toBeCloseTo(0.6);
  });

  it('multiplicative falls back to the final share when comparables had sold nothing yet', () => {
    expect(multiplicativePickup(0.01, { atD: 0, final: 0.7 })).toBeCloseTo(0.7);
  });

  it('blends by alpha, the weight of the multiplicative form', () => {
    expect(blendPickup(0.2, b, 1)).toBeCloseTo(0.4);
    expect(blendPickup(0.2, b, 0)).toBeCloseTo(0.6);
    expect(blendPickup(0.2, b, 0.25)).toBeCloseTo(0.25 * 0.4 + 0.75 * 0.6);
  });

  it('caps at capacity and never predicts less than is sold', () => {
    expect(blendPickup(0.6, b, 1)).toBe(1); // 0.6 × 2 = 1.2
    expect(clampPrediction(0.3, 0.5)).toBe(0.5);
    expect(clampPrediction(Number.NaN, 0.5)).toBe(0.5);
    // An oversold event stays at what it sold.
    expect(clampPrediction(0.9, 1.05)).toBe(1.05);
  });

  it('reads the benchmark as the weighted mean of the comparables’ curves', () => {
    const h = buildHistory([
      makeEvent({ id: 'a', startDay: DAY0, finalShare: 0.4, tau: 1e9 }), // flat: everything on sale day
      makeEvent({ id: 'b', startDay: DAY0 + 1, finalShare: 0.8, tau: 1e9 }),
    ]);
    const n = [
      { event: h.byId.get('a')!, weight: 3, distance: 0 },
      { event: h.byId.get('b')!, weight: 1, distance: 0 },
    ];
    const bench = benchmarkAt(n, 30);
    expect(bench.final).toBeCloseTo((3 * 0.4 + 0.8) / 4);
    expect(bench.atD).toBeCloseTo(bench.final, 2);
  });
});

describe('learnt blend weights', () => {
  const item = (bucket: number, multiplicative: number, additive: number, actual: number) => ({ bucket, capacity: 100, multiplicative, additive, actual });

  it('learns multiplicative where it is right and additive where it is right, per horizon bucket', () => {
    const b7 = horizonBucket(7);
    const b90 = horizonBucket(90);
    const items = [];
    for (let i = 0; i < MIN_TRAINING_ITEMS; i++) {
      items.push(item(b7, 0.5 + i / 100, 0.9, 0.5 + i / 100)); // multiplicative exact at 7 days
      items.push(item(b90, 0.9, 0.4 + i / 100, 0.4 + i / 100)); // additive exact at 90 days
    }
    const w = fitBlendWeights(items);
    expect(alphaFor(w, 7)).toBe(1);
    expect(alphaFor(w, 90)).toBe(0);
    expect(w.trainedOn[b7]).toBe(MIN_TRAINING_ITEMS);
  });

  it('keeps the default for a bucket with too few replayed events', () => {
    const w = fitBlendWeights([item(horizonBucket(30), 1, 0, 1)]);
    expect(alphaFor(w, 30)).toBe(DEFAULT_ALPHA);
    expect(w.trainedOn.every((n) => n === 0)).toBe(true);
  });

  it('maps days out to the nearest training horizon', () => {
    expect(TRAINING_HORIZONS[horizonBucket(0)]).toBe(3);
    expect(TRAINING_HORIZONS[horizonBucket(30)]).toBe(30);
    expect(TRAINING_HORIZONS[horizonBucket(33)]).toBe(30);
    expect(TRAINING_HORIZONS[horizonBucket(400)]).toBe(120);
  });
});
