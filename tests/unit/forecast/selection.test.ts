// The parts of the model's choice: the incremental ridge, the choice among candidates learnt from
// replayed errors, the interval read from residuals, the bootstrap of model minus baseline.
import { describe, expect, it } from 'vitest';
import { RidgeAccumulator, ridgePredict } from '../../../src/server/engines/forecast/ridge';
import { CANDIDATES, MIXES, MIN_CATEGORY_ITEMS, MIN_SELECTION_ITEMS, DEFAULT_MIX, Selector, mixLabel, type CandidateShares } from '../../../src/server/engines/forecast/selection';
import { intervalFrom, MIN_RESIDUALS } from '../../../src/server/engines/forecast/learner';
import { bootstrapDifference } from '../../../src/server/engines/forecast/bootstrap';
import type { BacktestItem } from '../../../src/server/engines/forecast/backtest';
import { rng } from './synthetic';

describe('RidgeAccumulator', () => {
  it('recovers a linear relation from its running sums, whatever the weights’ unit', () => {
    const r = rng(1);
    for (const unit of [1, 500]) {
      const acc = new RidgeAccumulator(3);
      for (let i = 0; i < 400; i++) {
        const x = [r(), r() * 10, 1 + r()];
        acc.add(x, 0.5 + 2 * x[0] - 0.3 * x[1] + 0.01 * (r() - 0.5), unit * (1 + r()));
      }
      const fit = acc.fit(0.01)!;
      expect(fit.coef[0]).toBeCloseTo(2, 1);
      expect(fit.coef[1]).toBeCloseTo(-0.3, 2);
      expect(ridgePredict(fit, [0.5, 2, 1.5])).toBeCloseTo(0.5 + 1 - 0.6, 1);
    }
  });

  it('shrinks towards the mean as the penalty grows, and ignores a constant feature', () => {
    const acc = new RidgeAccumulator(2);
    for (let i = 0; i < 50; i++) acc.add([i / 50, 7], i / 50);
    const loose = acc.fit(0.001)!;
    const tight = acc.fit(1e6)!;
    expect(loose.coef[0]).toBeCloseTo(1, 2);
    expect(Math.abs(tight.coef[0])).toBeLessThan(0.01);
    expect(tight.intercept).toBeCloseTo(0.49, 2);
    expect(loose.coef[1]).toBe(0);
  });
});

const shares = (over: Partial<CandidateShares>): CandidateShares => ({ ...Object.fromEntries(CANDIDATES.map((c) => [c, 0.5])), ...over }) as CandidateShares;

describe('Selector', () => {
  it('uses the analogue model until enough replayed events have finished', () => {
    const s = new Selector();
    expect(MIXES[s.choose('opera')]).toEqual([['analogue', 1]]);
    for (let i = 0; i < MIN_SELECTION_ITEMS - 1; i++) s.add('opera', shares({ additive: 0.6 }), 0.6, 100, i);
    expect(s.choose('opera')).toBe(DEFAULT_MIX);
  });

  it('chooses the candidate with the least error in tickets, a baseline included', () => {
    const s = new Selector();
    for (let i = 0; i < 40; i++) s.add('opera', shares({ additive: 0.6, analogue: 0.7, learned: 0.65 }), 0.6, 100, i);
    expect(mixLabel(MIXES[s.choose('opera')])).toBe('additive');
  });

  it('chooses an even mix when two candidates err on opposite sides', () => {
    const s = new Selector();
    for (let i = 0; i < 40; i++) s.add('opera', shares({ category_average: 0.2, multiplicative: 0.2, additive: 0.2, analogue: 0.7, learned: 0.5 }), 0.6, 100, i);
    expect(mixLabel(MIXES[s.choose('opera')])).toBe('analogue 50 % + learned 50 %');
  });

  it('gives a category its own choice once it has enough events, the rest the overall one', () => {
    const s = new Selector();
    for (let i = 0; i < MIN_CATEGORY_ITEMS; i++) s.add('comedy', shares({ multiplicative: 0.8 }), 0.8, 100, i);
    for (let i = 0; i < 3 * MIN_CATEGORY_ITEMS; i++) s.add('opera', shares({ additive: 0.3 }), 0.3, 100, i);
    expect(mixLabel(MIXES[s.choose('comedy')])).toBe('multiplicative');
    expect(mixLabel(MIXES[s.choose('opera')])).toBe('additive');
    expect(mixLabel(MIXES[s.choose('ballet')])).toBe('additive');
    expect(s.snapshot().get('comedy')).toBe(s.choose('comedy'));
  });

  it('follows a change: recent errors weigh more than old ones', () => {
    const s = new Selector();
    for (let i = 0; i < 100; i++) s.add('opera', shares({ additive: 0.6 }), 0.6, 100, i);
    for (let i = 0; i < 100; i++) s.add('opera', shares({ learned: 0.4 }), 0.4, 100, 1000 + i);
    expect(mixLabel(MIXES[s.choose('opera')])).toBe('learned');
  });
});

describe('intervalFrom', () => {
  const residuals = Array.from({ length: 101 }, (_, i) => (i - 50) / 500); // −0.1 … +0.1

  it('takes the 10th and 90th percentiles of the residuals around the prediction', () => {
    const iv = intervalFrom(residuals, 0.5, 0.2)!;
    expect(iv.low).toBeCloseTo(0.42, 6);
    expect(iv.high).toBeCloseTo(0.58, 6);
    expect(iv.absError).toBeCloseTo(0.08, 6);
  });

  it('never goes below what is sold nor above capacity', () => {
    const iv = intervalFrom(residuals, 0.95, 0.9)!;
    expect(iv.low).toBeGreaterThanOrEqual(0.9);
    expect(iv.high).toBe(1);
  });

  it('gives none with too few residuals', () => {
    expect(intervalFrom(residuals.slice(0, MIN_RESIDUALS - 1), 0.5, 0.2)).toBeNull();
  });
});

describe('bootstrapDifference', () => {
  const item = (month: number, model: number, additive: number): BacktestItem => ({
    eventId: `e${month}-${model}`,
    category: 'theatre',
    startMs: Date.UTC(2024, month, 10),
    horizon: 30,
    capacity: 100,
    sold: 0.2,
    actual: 0.6,
    predicted: { model, category_average: 0.1, multiplicative: 0.9, additive, analogue: model, learned: model, learned_all: model },
    choice: 'analogue',
    interval: null,
  });

  it('is a tie (interval around 0) when the model is better in some months and worse in others', () => {
    const items = Array.from({ length: 24 }, (_, m) => item(m, m % 2 ? 0.55 : 0.65, m % 2 ? 0.65 : 0.55));
    const b = bootstrapDifference(items, 30)!;
    expect(b.months).toBe(24);
    expect(b.low).toBeLessThan(0);
    expect(b.high).toBeGreaterThan(0);
  });

  it('lies below 0 when the model is better in every month, above when worse', () => {
    const better = bootstrapDifference(Array.from({ length: 12 }, (_, m) => item(m, 0.58 + (m % 3) / 100, 0.5)), 30)!;
    expect(better.baseline).toBe('additive');
    expect(better.high).toBeLessThan(0);
    const worse = bootstrapDifference(Array.from({ length: 12 }, (_, m) => item(m, 0.45 - (m % 3) / 100, 0.58)), 30)!;
    expect(worse.low).toBeGreaterThan(0);
  });

  it('is the same on every run (fixed seed)', () => {
    const items = Array.from({ length: 24 }, (_, m) => item(m, 0.5 + (m % 5) / 50, 0.55));
    expect(bootstrapDifference(items, 30)).toEqual(bootstrapDifference(items, 30));
  });
});
