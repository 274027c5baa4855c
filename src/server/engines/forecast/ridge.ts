// A ridge regression that learns as events finish: it keeps only weighted sums (Σw, Σwx, Σwxxᵀ,
// Σwy, Σwxy), so adding a replayed event is O(p²) and a refit is one p × p Cholesky solve,
// whatever the history's length. That is what lets the rolling-origin replay refit it every week
// of cutoffs without ever looking at an event that had not finished by then.
//
// Features are standardised inside the solve (from the same sums) and the intercept is not
// penalised, so `lambda` means the same on every partner: in units of observations of average
// weight (a 2,000-seat hall's event weighs more than a club's, but the penalty does not depend on
// the unit of the weights).
import { CholeskyDecomposition, Matrix } from 'ml-matrix';

export interface RidgeFit {
  /** Coefficients on the raw (unstandardised) features. */
  coef: Float64Array;
  intercept: number;
  /** Weighted observations it was fitted on. */
  n: number;
}

export class RidgeAccumulator {
  private readonly sx: Float64Array;
  private readonly sxx: Float64Array;
  private readonly sxy: Float64Array;
  private sw = 0;
  private sy = 0;
  private count = 0;

  constructor(readonly p: number) {
    this.sx = new Float64Array(p);
    this.sxx = new Float64Array(p * p);
    this.sxy = new Float64Array(p);
  }

  get size(): number {
    return this.count;
  }

  add(x: ArrayLike<number>, y: number, w = 1): void {
    const p = this.p;
    this.sw += w;
    this.sy += w * y;
    this.count += 1;
    for (let i = 0; i < p; i++) {
      const wxi = w * x[i];
      this.sx[i] += wxi;
      this.sxy[i] += wxi * y;
      const row = i * p;
      for (let j = i; j < p; j++) this.sxx[row + j] += wxi * x[j];
    }
  }

  /** Multiplies every sum by `f` (0–1): older observations fade, the fit follows a drifting partner. */
  decay(f: number): void {
    this.sw *= f;
    this.sy *= f;
    this.count *= f;
    for (let i = 0; i < this.sx.length; i++) {
      this.sx[i] *= f;
      this.sxy[i] *= f;
    }
    for (let i = 0; i < this.sxx.length; i++) this.sxx[i] *= f;
  }

  /** Null until it has seen anything; constant features get a zero coefficient. */
  fit(lambda: number): RidgeFit | null {
    const p = this.p;
    if (this.sw <= 0) return null;
    const n = this.sw;
    const mean = Float64Array.from(this.sx, (s) => s / n);
    const my = this.sy / n;
    const sd = new Float64Array(p);
    for (let i = 0; i < p; i++) {
      const v = this.sxx[i * p + i] / n - mean[i] * mean[i];
      sd[i] = v > 1e-12 ? Math.sqrt(v) : 0;
    }
    const penalty = lambda * (n / this.count);
    // Standardised normal equations: (Zᵀ W Z + λ I) b = Zᵀ W (y − ȳ), Z = (X − x̄) / sd.
    const a = Matrix.zeros(p, p);
    const rhs = Matrix.zeros(p, 1);
    for (let i = 0; i < p; i++) {
      if (sd[i] === 0) {
        a.set(i, i, 1);
        continue;
      }
      for (let j = i; j < p; j++) {
        if (sd[j] === 0) continue;
        const cov = this.sxx[i * p + j] - n * mean[i] * mean[j];
        const z = cov / (sd[i] * sd[j]);
        a.set(i, j, z);
        a.set(j, i, z);
      }
      a.set(i, i, a.get(i, i) + penalty);
      rhs.set(i, 0, (this.sxy[i] - n * mean[i] * my) / sd[i]);
    }
    const chol = new CholeskyDecomposition(a);
    if (!chol.isPositiveDefinite()) return null;
    const b = chol.solve(rhs);
    const coef = new Float64Array(p);
    let intercept = my;
    for (let i = 0; i < p; i++) {
      if (sd[i] === 0) continue;
      coef[i] = b.get(i, 0) / sd[i];
      intercept -= coef[i] * mean[i];
    }
    return { coef, intercept, n };
  }
}

export function ridgePredict(fit: RidgeFit, x: ArrayLike<number>): number {
  let y = fit.intercept;
  for (let i = 0; i < fit.coef.length; i++) y += fit.coef[i] * x[i];
  return y;
}
