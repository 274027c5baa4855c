// Which forecast to trust, learnt from the partner's own history: every candidate method (the
// three classic baselines, the analogue model, the two learned models) and every mix of two of
// them is scored on the partner's replayed events as they finish, and the one with the least
// recent error in tickets is used. Because the baselines are candidates, what a partner sees is
// never materially worse than the best baseline on its own history: if the analogues or the
// learned model do not earn their place on this partner's data, a baseline is chosen.
//
// Scores are kept per horizon bucket and, once it has enough replayed events, per category
// (a comedy club and a symphony of the same partner may sell differently). Older errors fade
// with a half-life of a year so a change of audience or pricing is followed.

export const CANDIDATES = ['category_average', 'multiplicative', 'additive', 'analogue', 'learned', 'learned_all'] as const;
export type Candidate = (typeof CANDIDATES)[number];
export type CandidateShares = Record<Candidate, number>;

/** A weighting of candidates (weights sum to 1). */
export type Mix = ReadonlyArray<readonly [Candidate, number]>;

/** Every candidate alone, then every pair at a quarter, half and three quarters. */
export const MIXES: readonly Mix[] = [
  ...CANDIDATES.map((c): Mix => [[c, 1]]),
  ...CANDIDATES.flatMap((a, i) =>
    CANDIDATES.slice(i + 1).flatMap((b) => [0.25, 0.5, 0.75].map((w): Mix => [[a, w], [b, 1 - w]])),
  ),
];

/** Used until a bucket has MIN_SELECTION_ITEMS replayed events: the analogue model (issue 4's). */
export const DEFAULT_MIX = MIXES.findIndex((m) => m.length === 1 && m[0][0] === 'analogue');
export const MIN_SELECTION_ITEMS = 30;
/** Replayed events a category needs in a bucket before it gets its own choice. */
export const MIN_CATEGORY_ITEMS = 80;
export const HALF_LIFE_DAYS = 365;

export const mixLabel = (m: Mix): string => m.map(([c, w]) => (w === 1 ? c : `${c} ${Math.round(w * 100)} %`)).join(' + ');

export function mixShare(mix: Mix, shares: CandidateShares): number {
  let s = 0;
  for (const [c, w] of mix) s += w * shares[c];
  return s;
}

/** Decayed absolute errors in tickets of every mix on one slice (bucket, or bucket and category). */
class Scores {
  readonly err = new Float64Array(MIXES.length);
  n = 0;
  private lastDay = Number.NEGATIVE_INFINITY;

  add(shares: CandidateShares, actual: number, capacity: number, day: number): void {
    if (Number.isFinite(this.lastDay) && day > this.lastDay) {
      const f = 2 ** (-(day - this.lastDay) / HALF_LIFE_DAYS);
      for (let i = 0; i < this.err.length; i++) this.err[i] *= f;
    }
    this.lastDay = Math.max(this.lastDay, day);
    for (let i = 0; i < MIXES.length; i++) this.err[i] += capacity * Math.abs(mixShare(MIXES[i], shares) - actual);
    this.n += 1;
  }

  best(): number {
    let b = 0;
    for (let i = 1; i < this.err.length; i++) if (this.err[i] < this.err[b] - 1e-9) b = i;
    return b;
  }
}

/** One horizon bucket's scores: overall and per category. */
export class Selector {
  private readonly all = new Scores();
  private readonly byCategory = new Map<string, Scores>();

  /** A replayed event of `category` that has finished: what each candidate predicted, what it sold. */
  add(category: string, shares: CandidateShares, actual: number, capacity: number, day: number): void {
    this.all.add(shares, actual, capacity, day);
    let c = this.byCategory.get(category);
    if (!c) this.byCategory.set(category, (c = new Scores()));
    c.add(shares, actual, capacity, day);
  }

  /** Index into MIXES for an event of `category`. */
  choose(category: string): number {
    const c = this.byCategory.get(category);
    if (c && c.n >= MIN_CATEGORY_ITEMS) return c.best();
    return this.all.n >= MIN_SELECTION_ITEMS ? this.all.best() : DEFAULT_MIX;
  }

  /** The choice for every category with its own, plus the overall one ('*'). */
  snapshot(): Map<string, number> {
    const out = new Map<string, number>([['*', this.choose('\u0000')]]);
    for (const [k, c] of this.byCategory) if (c.n >= MIN_CATEGORY_ITEMS) out.set(k, c.best());
    return out;
  }
}
