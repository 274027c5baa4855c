// The propensity ranker's model: L2 logistic regression by Newton steps (logistic.ts).
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/lib/seeded-random';
import { choleskySolve, fitLogistic, linearPredictor, sigmoid, standardise, standardiser } from '../../../src/server/engines/packages/logistic';

function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** n rows of d standard normal features and labels drawn from the true model. */
function synthetic(n: number, coef: number[], intercept: number, seed: number) {
  const random = mulberry32(seed);
  const normal = gaussian(random);
  const d = coef.length;
  const X = new Float64Array(n * d);
  const y = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let eta = intercept;
    for (let j = 0; j < d; j++) {
      X[i * d + j] = normal();
      eta += coef[j] * X[i * d + j];
    }
    y[i] = random() < sigmoid(eta) ? 1 : 0;
  }
  return { X, y, d };
}

describe('choleskySolve', () => {
  it('solves a symmetric positive definite system', () => {
    const A = Float64Array.from([4, 2, 0.4, 2, 5, 1, 0.4, 1, 3]);
    const x = Float64Array.from([1, -2, 0.5]);
    const b = Float64Array.from([0, 1, 2].map((i) => A[i * 3] * x[0] + A[i * 3 + 1] * x[1] + A[i * 3 + 2] * x[2]));
    const solved = choleskySolve(A, b, 3)!;
    solved.forEach((v, i) => expect(v).toBeCloseTo(x[i], 12));
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(choleskySolve(Float64Array.from([1, 2, 2, 1]), Float64Array.from([1, 1]), 2)).toBeNull();
  });
});

describe('standardiser', () => {
  it('centres and scales each column, leaving NaN out and mapping it to 0', () => {
    const X = Float64Array.from([1, 5, NaN, 3, 5, 10, 5, 5, 20]);
    const s = standardiser(X, 3);
    expect([...s.mean]).toEqual([3, 5, 15]);
    expect(s.scale[0]).toBeCloseTo(2, 12);
    // a constant column keeps scale 1 (no division by zero)
    expect(s.scale[1]).toBe(1);
    expect(s.scale[2]).toBeCloseTo(Math.sqrt(50), 12);
    const Z = standardise(X.slice(), s);
    expect(Z[2]).toBe(0);
    expect(Z[0]).toBeCloseTo(-1, 12);
    expect(Z[4]).toBe(0);
  });
});

describe('fitLogistic', () => {
  it('recovers known coefficients from data drawn from the model', () => {
    const truth = [1.5, -2, 0.5, 0];
    const { X, y, d } = synthetic(20_000, truth, -0.7, 11);
    const model = fitLogistic(X, y, d, { l2: 1e-6 });
    expect(model.converged).toBe(true);
    expect(model.iterations).toBeLessThan(15);
    expect(model.intercept).toBeCloseTo(-0.7, 1);
    truth.forEach((c, j) => expect(Math.abs(model.coef[j] - c)).toBeLessThan(0.08));
  });

  it('stays finite on separable data with the L2 penalty, and shrinks more with a larger one', () => {
    // y = 1 exactly when x > 0: without a penalty the optimum is at infinity.
    const n = 200;
    const X = Float64Array.from({ length: n }, (_, i) => (i - n / 2 + 0.5) / 10);
    const y = Uint8Array.from(X, (x) => (x > 0 ? 1 : 0));
    const weak = fitLogistic(X, y, 1, { l2: 0.01 });
    const strong = fitLogistic(X, y, 1, { l2: 10 });
    for (const m of [weak, strong]) {
      expect(m.converged).toBe(true);
      expect(Number.isFinite(m.coef[0])).toBe(true);
      expect(m.coef[0]).toBeGreaterThan(0);
    }
    expect(strong.coef[0]).toBeLessThan(weak.coef[0]);
    // still classifies every row right
    for (let i = 0; i < n; i++) expect(sigmoid(linearPredictor(strong, X, i)) > 0.5).toBe(y[i] === 1);
  });

  it('diverges without the penalty on separable data only as far as the iteration cap lets it (the penalty is what makes it stable)', () => {
    const X = Float64Array.from([-2, -1, 1, 2]);
    const y = Uint8Array.from([0, 0, 1, 1]);
    const unpenalised = fitLogistic(X, y, 1, { l2: 0, maxIterations: 30 });
    const penalised = fitLogistic(X, y, 1, { l2: 1 });
    expect(Math.abs(unpenalised.coef[0])).toBeGreaterThan(5 * Math.abs(penalised.coef[0]));
    expect(penalised.converged).toBe(true);
  });

  it('treats a row weight as that many copies of the row', () => {
    const { X, y, d } = synthetic(500, [1, -1], 0.2, 5);
    const weights = Float64Array.from({ length: 500 }, (_, i) => 1 + (i % 3));
    const Xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < 500; i++) {
      for (let k = 0; k < weights[i]; k++) {
        Xs.push(X[i * d], X[i * d + 1]);
        ys.push(y[i]);
      }
    }
    const weighted = fitLogistic(X, y, d, { weights, l2: 0.5 });
    const copied = fitLogistic(Float64Array.from(Xs), Uint8Array.from(ys), d, { l2: 0.5 });
    expect(weighted.intercept).toBeCloseTo(copied.intercept, 8);
    weighted.coef.forEach((c, j) => expect(c).toBeCloseTo(copied.coef[j], 8));
  });

  it('gives the same model whatever the order of the rows', () => {
    const { X, y, d } = synthetic(2_000, [0.8, 0.3, -1.2], -1, 3);
    const order = Array.from({ length: 2_000 }, (_, i) => i).reverse();
    const Xr = new Float64Array(X.length);
    const yr = new Uint8Array(y.length);
    order.forEach((i, k) => {
      Xr.set(X.subarray(i * d, (i + 1) * d), k * d);
      yr[k] = y[i];
    });
    const a = fitLogistic(X, y, d);
    const b = fitLogistic(Xr, yr, d);
    expect(a.intercept).toBeCloseTo(b.intercept, 9);
    a.coef.forEach((c, j) => expect(c).toBeCloseTo(b.coef[j], 9));
  });

  it('does not penalise the intercept: a rare outcome keeps its base rate', () => {
    const n = 1000;
    const X = new Float64Array(n); // one feature, all zero
    const y = Uint8Array.from({ length: n }, (_, i) => (i < 20 ? 1 : 0));
    const m = fitLogistic(X, y, 1, { l2: 100 });
    expect(sigmoid(m.intercept)).toBeCloseTo(0.02, 6);
  });
});
