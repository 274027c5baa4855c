// How much to trust multiplicative against additive pickup, per horizon: learnt from the
// partner's own history by replaying its finished events (the same replay as the backtest) and
// taking, per horizon bucket, the blend with the least absolute error in tickets.

/** Days out the weights are trained at; a forecast at d days out uses the nearest bucket. */
export const TRAINING_HORIZONS = [3, 7, 14, 21, 30, 45, 60, 90, 120] as const;

/** Used for a bucket with too few replayed events to learn from. */
export const DEFAULT_ALPHA = 0.6;
/** Replayed events a bucket needs before its learnt weight is used. */
export const MIN_TRAINING_ITEMS = 30;

const GRID = Array.from({ length: 21 }, (_, i) => i / 20);

/** Index into TRAINING_HORIZONS nearest to `daysOut` (on a log scale: 7 and 14 are as far apart as 60 and 120). */
export function horizonBucket(daysOut: number): number {
  const x = Math.log(Math.max(1, daysOut));
  let best = 0;
  for (let i = 1; i < TRAINING_HORIZONS.length; i++) {
    if (Math.abs(Math.log(TRAINING_HORIZONS[i]) - x) < Math.abs(Math.log(TRAINING_HORIZONS[best]) - x)) best = i;
  }
  return best;
}

export interface BlendWeights {
  /** Weight of the multiplicative form per bucket of TRAINING_HORIZONS. */
  alpha: number[];
  /** Replayed events each weight was learnt from (0 = default). */
  trainedOn: number[];
}

export const defaultWeights = (): BlendWeights => ({
  alpha: TRAINING_HORIZONS.map(() => DEFAULT_ALPHA),
  trainedOn: TRAINING_HORIZONS.map(() => 0),
});

export const alphaFor = (w: BlendWeights, daysOut: number): number => w.alpha[horizonBucket(daysOut)];

/** One replayed forecast: both pickups (shares, clamped) against what the event finally sold. */
export interface TrainingItem {
  bucket: number;
  capacity: number;
  multiplicative: number;
  additive: number;
  actual: number;
}

/**
 * Absolute error in tickets of every blend on the grid, accumulated item by item: the backtest
 * adds events as they finish and asks for the best blend at each cutoff.
 */
export class BlendFitter {
  private readonly err: Float64Array[] = TRAINING_HORIZONS.map(() => new Float64Array(GRID.length));
  private readonly n: number[] = TRAINING_HORIZONS.map(() => 0);

  add(item: TrainingItem): void {
    const e = this.err[item.bucket];
    for (let g = 0; g < GRID.length; g++) {
      const a = GRID[g];
      e[g] += item.capacity * Math.abs(a * item.multiplicative + (1 - a) * item.additive - item.actual);
    }
    this.n[item.bucket] += 1;
  }

  weights(): BlendWeights {
    const w = defaultWeights();
    this.err.forEach((e, b) => {
      if (this.n[b] < MIN_TRAINING_ITEMS) return;
      let best = 0;
      for (let g = 1; g < GRID.length; g++) if (e[g] < e[best] - 1e-9) best = g;
      w.alpha[b] = GRID[best];
      w.trainedOn[b] = this.n[b];
    });
    return w;
  }
}

export function fitBlendWeights(items: Iterable<TrainingItem>): BlendWeights {
  const f = new BlendFitter();
  for (const it of items) f.add(it);
  return f.weights();
}
