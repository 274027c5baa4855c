// L2-regularised logistic regression, small and exact: Newton–Raphson (iteratively reweighted
// least squares) on standardised features, with a Cholesky solve of the d × d system and a
// backtracking line search. The package engine's purchase-propensity ranker (propensity.ts) fits
// one per build on at most some tens of thousands of rows and about fifteen features, where a
// Newton step costs n · d² ≈ 10⁷ multiply-adds and ten steps reach machine precision.
//
// Why not an npm package: the candidates (ml-logistic-regression, …) fit by fixed-rate gradient
// descent, one array per row, without row weights or an exact optimum; here the optimum is unique
// (the L2 term makes the objective strictly convex, even on separable data) and Newton finds it
// in a deterministic number of steps whatever the row order.
//
//   minimise  Σ_i w_i · [log(1 + e^{η_i}) − y_i · η_i] + (λ / 2) · ‖β‖²,   η_i = b + x_iᵀ β
//
// The intercept b is not penalised.

export interface Standardiser {
  mean: Float64Array;
  /** Standard deviation of each column (1 where a column is constant or empty). */
  scale: Float64Array;
}

/**
 * Mean and standard deviation of each of the d columns of X (n × d, row-major). NaN entries (a
 * feature unknown for that row) are left out of both.
 */
export function standardiser(X: Float64Array, d: number): Standardiser {
  const n = X.length / d;
  const mean = new Float64Array(d);
  const count = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) {
      const x = X[i * d + j];
      if (Number.isNaN(x)) continue;
      mean[j] += x;
      count[j]++;
    }
  }
  for (let j = 0; j < d; j++) mean[j] = count[j] > 0 ? mean[j] / count[j] : 0;
  const scale = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) {
      const x = X[i * d + j];
      if (!Number.isNaN(x)) scale[j] += (x - mean[j]) ** 2;
    }
  }
  for (let j = 0; j < d; j++) {
    const sd = count[j] > 1 ? Math.sqrt(scale[j] / (count[j] - 1)) : 0;
    scale[j] = sd > 1e-12 ? sd : 1;
  }
  return { mean, scale };
}

/** X standardised in place: (x − mean) / scale, NaN → 0 (the mean: an unknown feature says nothing). */
export function standardise(X: Float64Array, s: Standardiser): Float64Array {
  const d = s.mean.length;
  for (let k = 0; k < X.length; k++) {
    const j = k % d;
    const x = X[k];
    X[k] = Number.isNaN(x) ? 0 : (x - s.mean[j]) / s.scale[j];
  }
  return X;
}

export interface LogisticOptions {
  /** λ of the L2 penalty on the coefficients (not the intercept). */
  l2?: number;
  /** Row weights (default 1). */
  weights?: Float64Array;
  maxIterations?: number;
  /** Stop when no coefficient moves by more than this in a step. */
  tolerance?: number;
}

export interface LogisticModel {
  coef: Float64Array;
  intercept: number;
  iterations: number;
  converged: boolean;
  /** The objective at the optimum (weighted log loss plus penalty). */
  loss: number;
}

/** log(1 + e^x) without overflow. */
const softplus = (x: number) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));
export const sigmoid = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

/**
 * Cholesky solve of A x = b for a symmetric positive definite m × m matrix (row-major); A and b
 * are not changed. Returns null when A is not positive definite.
 */
export function choleskySolve(A: Float64Array, b: Float64Array, m: number): Float64Array | null {
  const L = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * m + j];
      for (let k = 0; k < j; k++) s -= L[i * m + k] * L[j * m + k];
      if (i === j) {
        if (!(s > 0)) return null;
        L[i * m + i] = Math.sqrt(s);
      } else L[i * m + j] = s / L[j * m + j];
    }
  }
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= L[i * m + k] * y[k];
    y[i] = s / L[i * m + i];
  }
  const x = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < m; k++) s -= L[k * m + i] * x[k];
    x[i] = s / L[i * m + i];
  }
  return x;
}

/**
 * Fits the model to X (n × d, row-major, already standardised: no NaN) and labels (0 or 1).
 * Deterministic: the sums run in row order, so the same rows give the same model; rows given in
 * another order agree to rounding (about 1e-12).
 */
export function fitLogistic(X: Float64Array, labels: ArrayLike<number>, d: number, options: LogisticOptions = {}): LogisticModel {
  const n = labels.length;
  if (X.length !== n * d) throw new Error(`fitLogistic: X has ${X.length} entries, expected ${n} × ${d}`);
  const l2 = options.l2 ?? 1;
  const y = Float64Array.from(labels);
  const w = options.weights ? Float64Array.from(options.weights) : new Float64Array(n).fill(1);
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-8;
  const m = d + 1; // parameter 0 is the intercept
  const theta = new Float64Array(m);
  // Start at the intercept of the weighted base rate: the first step is then already small.
  let wy = 0;
  let wt = 0;
  for (let i = 0; i < n; i++) {
    wy += w[i] * y[i];
    wt += w[i];
  }
  const base = wt > 0 ? Math.min(1 - 1e-6, Math.max(1e-6, wy / wt)) : 0.5;
  theta[0] = Math.log(base / (1 - base));

  const eta = new Float64Array(n);
  const predict = (t: Float64Array, out: Float64Array) => {
    for (let i = 0, o = 0; i < n; i++, o += d) {
      let s = t[0];
      for (let j = 0; j < d; j++) s += X[o + j] * t[j + 1];
      out[i] = s;
    }
  };
  const objective = (t: Float64Array, at: Float64Array) => {
    let f = 0;
    for (let i = 0; i < n; i++) f += w[i] * (softplus(at[i]) - y[i] * at[i]);
    for (let j = 1; j < m; j++) f += 0.5 * l2 * t[j] * t[j];
    return f;
  };

  const grad = new Float64Array(m);
  const hess = new Float64Array(m * m);
  const row = new Float64Array(m);
  const next = new Float64Array(m);
  const nextEta = new Float64Array(n);
  predict(theta, eta);
  let loss = objective(theta, eta);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    grad.fill(0);
    hess.fill(0);
    row[0] = 1;
    for (let i = 0, o = 0; i < n; i++, o += d) {
      for (let j = 0; j < d; j++) row[j + 1] = X[o + j];
      const p = sigmoid(eta[i]);
      const r = w[i] * (p - y[i]);
      const h = w[i] * p * (1 - p);
      for (let a = 0; a < m; a++) {
        const ra = row[a];
        grad[a] += r * ra;
        const ha = h * ra;
        const base = a * m;
        for (let b = 0; b <= a; b++) hess[base + b] += ha * row[b];
      }
    }
    for (let a = 0; a < m; a++) for (let b = 0; b < a; b++) hess[b * m + a] = hess[a * m + b];
    for (let j = 1; j < m; j++) {
      grad[j] += l2 * theta[j];
      hess[j * m + j] += l2;
    }
    // A little ridge on the intercept's diagonal keeps the system solvable when every row has the
    // same label and λ = 0; it changes nothing measurable otherwise.
    hess[0] += 1e-10 * (1 + hess[0]);
    const step = choleskySolve(hess, grad, m);
    if (!step) break;
    // Backtracking: Newton's full step, halved until the objective does not rise.
    let t = 1;
    let nextLoss = Infinity;
    const limit = loss + 1e-12 * Math.abs(loss);
    for (let k = 0; k < 30; k++) {
      for (let a = 0; a < m; a++) next[a] = theta[a] - t * step[a];
      predict(next, nextEta);
      nextLoss = objective(next, nextEta);
      if (nextLoss <= limit) break;
      t /= 2;
    }
    let move = 0;
    for (let a = 0; a < m; a++) move = Math.max(move, Math.abs(next[a] - theta[a]));
    if (!(nextLoss <= limit)) {
      // No descent at any step size: theta is the optimum to rounding when Newton's own step was tiny.
      let full = 0;
      for (let a = 0; a < m; a++) full = Math.max(full, Math.abs(step[a]));
      converged = full < 1e-6;
      break;
    }
    theta.set(next);
    eta.set(nextEta);
    loss = nextLoss;
    if (move < tolerance) {
      converged = true;
      break;
    }
  }
  return { coef: theta.slice(1), intercept: theta[0], iterations, converged, loss };
}

/** The linear predictor b + xᵀβ of one standardised row (x at X[offset …]). */
export function linearPredictor(model: LogisticModel, X: ArrayLike<number>, offset = 0): number {
  let s = model.intercept;
  for (let j = 0; j < model.coef.length; j++) s += X[offset + j] * model.coef[j];
  return s;
}
