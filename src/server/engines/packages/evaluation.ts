// How well a package's audiences were chosen, measured after the fact (issue 23 "Prove it on
// data we did not make"): the season's purchases are hidden, packages are built from the seasons
// before, and each variation's audience is compared with who then bought its events, against two
// baselines of the same size built from the same history. bench/packages-eval.ts runs it; the
// method is in docs/PACKAGES-ENGINE.md. Pure, no engine internals: any list of customers can be
// scored.
//
//   hit rate(audience) = |audience ∩ buyers| / |audience|
//   recall(audience)   = |audience ∩ buyers| / |buyers|
//
// Over many variations the figures are pooled (summed hits over summed audiences, summed hits over
// summed buyers), and their 95 % intervals come from a bootstrap over customers: the customers are
// drawn with replacement, each drawn customer bringing every variation they belong to, so the
// interval holds the dependence between variations that share customers.
import { mulberry32 } from '../../../lib/seeded-random';

/** One variation to score: its events' buyers in the hidden period and each method's audience. */
export interface EvalCase {
  buyers: readonly number[];
  /** Audience of each method (same key set in every case), customer ids. */
  audiences: Readonly<Record<string, readonly number[]>>;
}

export function hitRate(audience: readonly number[], buyers: ReadonlySet<number>): number {
  if (audience.length === 0) return NaN;
  let hits = 0;
  for (const c of audience) if (buyers.has(c)) hits++;
  return hits / audience.length;
}

export function recall(audience: readonly number[], buyers: ReadonlySet<number>): number {
  if (buyers.size === 0) return NaN;
  const inAudience = new Set(audience);
  let hits = 0;
  for (const c of buyers) if (inAudience.has(c)) hits++;
  return hits / buyers.size;
}

/** Ids ordered by count (most first), ties by id; customers without a count are left out. */
function ranked(counts: ReadonlyMap<number, number>, tie?: ReadonlyMap<number, number>): number[] {
  return [...counts.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (tie ? (tie.get(b[0]) ?? 0) - (tie.get(a[0]) ?? 0) : 0) || a[0] - b[0])
    .map(([id]) => id);
}

/** Popularity baseline: the `n` customers with the most purchases (ties by id). */
export function popularityAudience(purchases: ReadonlyMap<number, number>, n: number): number[] {
  return ranked(purchases).slice(0, n);
}

/**
 * Category-only baseline: the `n` customers with the most purchases in the variation's
 * categories, ties by all their purchases, then id. When fewer than `n` bought in the categories
 * the list is filled up by popularity, so every method sends the same number of mailings.
 */
export function categoryAudience(inCategories: ReadonlyMap<number, number>, purchases: ReadonlyMap<number, number>, n: number): number[] {
  const out = ranked(inCategories, purchases).slice(0, n);
  if (out.length < n) {
    const taken = new Set(out);
    for (const id of ranked(purchases)) {
      if (out.length >= n) break;
      if (!taken.has(id)) out.push(id);
    }
  }
  return out;
}

export interface Pooled {
  hits: number;
  audience: number;
  buyers: number;
  hitRate: number;
  recall: number;
}

/** Hits, audience and buyers summed over the cases, per method. */
export function pooledMetrics(cases: readonly EvalCase[], methods: readonly string[]): Record<string, Pooled> {
  const out: Record<string, Pooled> = {};
  for (const m of methods) {
    let hits = 0;
    let audience = 0;
    let buyers = 0;
    for (const c of cases) {
      const b = new Set(c.buyers);
      const a = c.audiences[m];
      audience += a.length;
      buyers += b.size;
      for (const id of a) if (b.has(id)) hits++;
    }
    out[m] = { hits, audience, buyers, hitRate: hits / audience, recall: hits / buyers };
  }
  return out;
}

export interface Interval {
  value: number;
  low: number;
  high: number;
}

export interface BootstrapResult {
  resamples: number;
  /** Per method: hit rate and recall with their 95 % percentile intervals. */
  methods: Record<string, { hitRate: Interval; recall: Interval }>;
  /** `${a}/${b}` for every pair asked: ratio of a's hit rate (and recall) to b's. */
  ratios: Record<string, { hitRate: Interval; recall: Interval }>;
}

/** The q-quantile of sorted values (linear between neighbours). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const x = q * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (x - lo);
}

/**
 * Pooled metrics with 95 % bootstrap intervals. `universe` is every customer of the data (with
 * or without history, buyers or not): each resample draws that many customers with replacement.
 * Case customers missing from `universe` are added to it. `pairs` names the ratios to report,
 * e.g. [['engine', 'popularity']].
 */
export function bootstrapMetrics(
  cases: readonly EvalCase[],
  methods: readonly string[],
  universe: readonly number[],
  options: { resamples?: number; seed?: number; pairs?: readonly (readonly [string, string])[] } = {},
): BootstrapResult {
  const resamples = options.resamples ?? 1000;
  const pairs = options.pairs ?? [];
  const index = new Map<number, number>();
  const ids: number[] = [];
  const add = (id: number) => {
    if (!index.has(id)) {
      index.set(id, ids.length);
      ids.push(id);
    }
  };
  universe.forEach(add);
  for (const c of cases) {
    c.buyers.forEach(add);
    for (const m of methods) c.audiences[m].forEach(add);
  }
  const n = ids.length;
  const M = methods.length;
  // Per customer: in how many variations they are a buyer, and per method in how many audiences
  // and how many hits. A resample's sums are then one pass over the drawn counts.
  const buys = new Float64Array(n);
  const aud = new Float64Array(M * n);
  const hit = new Float64Array(M * n);
  for (const c of cases) {
    const b = new Set(c.buyers);
    for (const id of b) buys[index.get(id)!]++;
    methods.forEach((m, k) => {
      for (const id of new Set(c.audiences[m])) {
        const i = index.get(id)!;
        aud[k * n + i]++;
        if (b.has(id)) hit[k * n + i]++;
      }
    });
  }
  // Only customers who appear anywhere move the sums; the rest still take their share of draws.
  const active: number[] = [];
  for (let i = 0; i < n; i++) {
    let any = buys[i] > 0;
    for (let k = 0; k < M && !any; k++) any = aud[k * n + i] > 0;
    if (any) active.push(i);
  }

  const sums = (w: (i: number) => number) => {
    let B = 0;
    const A = new Float64Array(M);
    const H = new Float64Array(M);
    for (const i of active) {
      const x = w(i);
      if (x === 0) continue;
      B += x * buys[i];
      for (let k = 0; k < M; k++) {
        A[k] += x * aud[k * n + i];
        H[k] += x * hit[k * n + i];
      }
    }
    return { B, A, H };
  };
  const point = sums(() => 1);
  const hr = (s: ReturnType<typeof sums>, k: number) => s.H[k] / s.A[k];
  const rc = (s: ReturnType<typeof sums>, k: number) => s.H[k] / s.B;
  const at = (name: string) => {
    const k = methods.indexOf(name);
    if (k < 0) throw new Error(`unknown method ${name}`);
    return k;
  };

  const random = mulberry32(options.seed ?? 1);
  const draws = new Int32Array(n);
  const hrSamples: number[][] = methods.map(() => []);
  const rcSamples: number[][] = methods.map(() => []);
  const ratioHr: number[][] = pairs.map(() => []);
  const ratioRc: number[][] = pairs.map(() => []);
  for (let r = 0; r < resamples; r++) {
    draws.fill(0);
    for (let j = 0; j < n; j++) draws[Math.floor(random() * n)]++;
    const s = sums((i) => draws[i]);
    for (let k = 0; k < M; k++) {
      hrSamples[k].push(hr(s, k));
      rcSamples[k].push(rc(s, k));
    }
    pairs.forEach(([a, b], p) => {
      ratioHr[p].push(hr(s, at(a)) / hr(s, at(b)));
      ratioRc[p].push(rc(s, at(a)) / rc(s, at(b)));
    });
  }
  const interval = (value: number, samples: number[]): Interval => {
    const finite = samples.filter(Number.isFinite).sort((x, y) => x - y);
    return { value, low: quantile(finite, 0.025), high: quantile(finite, 0.975) };
  };
  const result: BootstrapResult = { resamples, methods: {}, ratios: {} };
  methods.forEach((m, k) => {
    result.methods[m] = { hitRate: interval(hr(point, k), hrSamples[k]), recall: interval(rc(point, k), rcSamples[k]) };
  });
  pairs.forEach(([a, b], p) => {
    result.ratios[`${a}/${b}`] = {
      hitRate: interval(hr(point, at(a)) / hr(point, at(b)), ratioHr[p]),
      recall: interval(rc(point, at(a)) / rc(point, at(b)), ratioRc[p]),
    };
  });
  return result;
}
