// Segments: a partner's events are not one population. A hotel's nights imported into a concert
// partner, a voucher and a symphony concert must not teach each other's forecasts unless the
// data shows that they should (issue 25).
//
// Units are the smallest groups a partner's events are split into: products apart from shows
// (a wall: never pooled, a voucher does not sell like a show), and within the shows one unit per
// venue (its halls, categories and sources inside, where the comparables' similarity and the
// choice per category tell them apart). Each population of units gets a model of its own
// (learner.ts: comparables, candidates, blend, ridges, choice per category, residuals), so
// nothing learnt from one population reaches another's forecasts.
//
// Which units pool is decided by the rolling-origin pass itself, replaying the finished shows at
// POOL_TEST_HORIZONS in time order with only what had finished before each cutoff, by the
// forecast's own learner (without its all-horizon ridge, the costliest part). All shows start in
// one pool, the status quo. A unit leaves it when
//  (a) the pool does not help it: the unit's replayed forecasts learnt from its own events alone
//      are at least as good (error in tickets) as those learnt in the pool, and the pool's other
//      units do not forecast clearly better with it (the 95 % block-bootstrap interval of their
//      without / with error ratio does not lie above 1) — asked of a unit holding at least
//      POOL_MIN_SHARE of the pool's finished shows, the only ones that move a pool's learnt parts
//      much; or
//  (b) it clearly does better alone: the 95 % block-bootstrap interval (months) of its own
//      alone / pooled error ratio lies below 1 — the only test of a smaller unit, which would
//      otherwise leave on noise.
// A unit is judged at all only when it can stand alone: its own history makes at least
// POOL_MIN_COVER of the forecasts the pool makes for it, and POOL_MIN_ITEMS of them. When a unit
// left but the rest clearly forecast better with it, the pool goes on learning from the unit
// without forecasting it (it borrows the unit). The unit that gains most leaves first, then the
// rest is tested again; once no unit leaves, each unit that left is asked again against the pool
// as it ended and comes back if it would stay there. Units that left are pooled with each other where that lowers their joint
// error and neither clearly does better apart. Units nobody can judge, and venues with no finished
// show yet, stay in the main pool (the one left of the partner's shows).
import type { PreparedEvent } from './curves';
import { countBefore, historyOf, isProduct, type History } from './history';
import { rollingOrigin, type LearnOptions } from './learner';
import { addToBlock, monthOf, resampleBlocks } from './block-bootstrap';

/** Horizons (days out) the pooling test replays at: one short, one middle, one long. */
export const POOL_TEST_HORIZONS = [7, 30, 90] as const;
/**
 * Finished shows a group needs before its replayed forecasts count in the test (the backtest asks
 * for 20): a small venue alone is judged on its early forecasts too, which the pool makes better.
 */
export const POOL_MIN_HISTORY = 6;
/** Replayed forecasts a unit needs before it may refuse the pool. */
export const POOL_MIN_ITEMS = 30;
/** Share of the pool's forecasts for a unit that it must be able to make alone before it may refuse the pool. */
export const POOL_MIN_COVER = 0.8;
/** Share of a pool's finished shows a unit must hold before the pool is tested without it. */
export const POOL_MIN_SHARE = 0.25;

const POOL_BOOTSTRAP_RESAMPLES = 1000;
const POOL_BOOTSTRAP_SEED = 25;

export type Kind = 'show' | 'product';

export const kindOf = (e: PreparedEvent): Kind => (isProduct(e) ? 'product' : 'show');

/** The unit of an event: kind and venue ('-' when it has none). */
export const unitOf = (e: PreparedEvent): string => `${kindOf(e)}:${e.rec.venueId ?? '-'}`;

/** Errors in tickets of one side's replayed forecasts learnt apart and pooled, on the forecasts both made. */
export interface ErrorPair {
  items: number;
  apart: number;
  pooled: number;
  /** 95 % interval of apart / pooled − 1 (block bootstrap over the months of the events' starts). */
  low: number;
  high: number;
}

/** One test of the pooling pass. */
export interface PoolTest {
  /** 'leave': a unit against the pool it is in; 'rejoin': a unit that left, back in the pool as it ended; 'merge': two groups that left the main pool. */
  kind: 'leave' | 'rejoin' | 'merge';
  unit: string[];
  pool: string[];
  /** The unit's own forecasts (for 'merge': the first group's). */
  own: ErrorPair;
  /** The rest of the pool's (for 'merge': the second group's); null when not measured. */
  rest: ErrorPair | null;
  /** Whether the unit left (for 'merge': the groups joined). */
  decided: boolean;
}

export interface Partition {
  /** Population of every unit seen. */
  byUnit: Map<string, number>;
  /** Each population: the units it forecasts, and the units it learns from besides them. The first is the main pool of the shows, the last the products. */
  populations: Population[];
  tests: PoolTest[];
}

export interface Population {
  units: string[];
  /**
   * Units that left the main pool because pooling did not help them, whose events the main pool
   * still learns from because they help it (they are forecast by their own population).
   */
  borrowed: string[];
}

/** The learner's options the test runs with. */
export type PoolTestOptions = Pick<LearnOptions, 'params' | 'holidays'>;

type Replay = Map<PreparedEvent, Float64Array>;

/**
 * The forecast's learner on `events` alone at the test horizons: per event, the chosen forecast's
 * predicted final share at each horizon (NaN where none was made).
 */
function replayGroup(events: PreparedEvent[], nowMs: number, opts: PoolTestOptions): Replay {
  const history = historyOf(events);
  const out: Replay = new Map();
  POOL_TEST_HORIZONS.forEach((h, hi) => {
    for (const it of rollingOrigin(history, h, nowMs, { ...opts, allHorizons: false, minHistory: POOL_MIN_HISTORY }).items) {
      let a = out.get(it.e);
      if (!a) out.set(it.e, (a = new Float64Array(POOL_TEST_HORIZONS.length).fill(NaN)));
      a[hi] = it.model;
    }
  });
  return out;
}

interface Comparison {
  apart: number;
  pooled: number;
  /** Forecasts both made, and how many the pooled replay made. */
  items: number;
  pooledItems: number;
  /** 95 % block-bootstrap interval (months of starts) of apart / pooled − 1. */
  low: number;
  high: number;
}

/** Errors of `events`' forecasts in two replays, on the forecasts both made. */
function compare(events: readonly PreparedEvent[], apart: Replay, pooled: Replay): Comparison {
  let a = 0;
  let p = 0;
  let items = 0;
  let pooledItems = 0;
  const blocks = new Map<number, number[]>();
  for (const e of events) {
    const x = apart.get(e);
    const y = pooled.get(e);
    if (!y) continue;
    for (let hi = 0; hi < POOL_TEST_HORIZONS.length; hi++) {
      if (Number.isNaN(y[hi])) continue;
      pooledItems++;
      if (!x || Number.isNaN(x[hi])) continue;
      const ea = e.rec.capacity * Math.abs(x[hi] - e.cum[0]);
      const ep = e.rec.capacity * Math.abs(y[hi] - e.cum[0]);
      a += ea;
      p += ep;
      items++;
      addToBlock(blocks, monthOf(e.rec.startMs), ea, ep);
    }
  }
  const ratios = resampleBlocks([...blocks.values()], POOL_BOOTSTRAP_RESAMPLES, POOL_BOOTSTRAP_SEED, (s) => (s[1] > 0 ? s[0] / s[1] - 1 : 0));
  const q = (f: number) => (ratios.length ? ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))] : 0);
  return { apart: a, pooled: p, items, pooledItems, low: q(0.025), high: q(0.975) };
}

/**
 * The partner's populations as the shows that had finished before `nowMs` show them (see the
 * top of this file). Every event of `history` belongs to the population of its unit.
 */
export function partitionHistory(history: History, nowMs: number, opts: PoolTestOptions = {}): Partition {
  const finished = history.learnable.slice(0, countBefore(history.learnable, nowMs)).filter((e) => !isProduct(e));
  const eventsOf = new Map<string, PreparedEvent[]>();
  for (const e of finished) {
    const u = unitOf(e);
    const l = eventsOf.get(u);
    if (l) l.push(e);
    else eventsOf.set(u, [e]);
  }
  const cache = new Map<string, Replay>();
  const events = (units: readonly string[]) => units.flatMap((u) => eventsOf.get(u)!).sort((a, b) => a.rec.startMs - b.rec.startMs);
  const replay = (units: readonly string[]): Replay => {
    const key = [...units].sort().join('|');
    let r = cache.get(key);
    if (!r) cache.set(key, (r = replayGroup(events(units), nowMs, opts)));
    return r;
  };
  const canStandAlone = (c: { items: number; pooledItems: number }) => c.items >= POOL_MIN_ITEMS && c.items >= POOL_MIN_COVER * c.pooledItems;

  const tests: PoolTest[] = [];
  const pair = (c: Comparison): ErrorPair => ({ items: c.items, apart: c.apart, pooled: c.pooled, low: c.low, high: c.high });
  const harm = (x: ErrorPair, y: ErrorPair | null) => {
    const apart = x.apart + (y?.apart ?? 0);
    const pooled = x.pooled + (y?.pooled ?? 0);
    return pooled > 0 ? 1 - apart / pooled : 0;
  };
  /** Whether `u` leaves `pool`, with the test that says so; null when it cannot stand alone. */
  const judge = (u: string, pool: string[]): { leaves: boolean; gain: number; test: PoolTest } | null => {
    const pooled = replay(pool);
    const alone = compare(eventsOf.get(u)!, replay([u]), pooled);
    if (!canStandAlone(alone)) return null;
    const own = pair(alone);
    let rest: ErrorPair | null = null;
    const total = pool.reduce((s, x) => s + eventsOf.get(x)!.length, 0);
    if (eventsOf.get(u)!.length >= POOL_MIN_SHARE * total) {
      const others = pool.filter((x) => x !== u);
      const c = compare(events(others), replay(others), pooled);
      rest = c.items >= POOL_MIN_ITEMS ? pair(c) : null;
    }
    // A unit leaves when the pool does not help its own forecasts and does not clearly help the
    // rest's (measured for a large unit only), or when it clearly does better alone. "Clearly":
    // the 95 % interval of apart / pooled − 1 excludes 0. The rest's side asks for clear help
    // because it is often measured on little: a unit whose shows all came before the others'
    // changes only the rest's first forecasts, by chance either way.
    const leaves = (rest !== null && own.pooled >= own.apart && !(rest.low > 0)) || own.high < 0;
    return { leaves, gain: harm(own, rest), test: { kind: 'leave', unit: [u], pool, own, rest, decided: false } };
  };

  let main = [...eventsOf.keys()].sort();
  const borrowed: string[] = [];
  const left: Population[] = [];
  // Each pass ends with at most one unit coming back; a bound keeps two units from trading places forever.
  for (let passes = 0; passes <= 2 * main.length; passes++) {
    while (main.length > 1) {
      const pool = [...main, ...borrowed];
      let best: { unit: string; gain: number; test: PoolTest } | null = null;
      const round: PoolTest[] = [];
      for (const u of main) {
        const j = judge(u, pool);
        if (!j) continue;
        round.push(j.test);
        if (j.leaves && (!best || j.gain > best.gain)) best = { unit: u, gain: j.gain, test: j.test };
      }
      if (!best) {
        tests.push(...round);
        break;
      }
      best.test.decided = true;
      tests.push(best.test);
      main = main.filter((x) => x !== best!.unit);
      left.push({ units: [best.unit], borrowed: [] });
      // The pool goes on learning from a unit that left when that clearly helped its forecasts.
      if (best.test.rest && best.test.rest.low > 0) borrowed.push(best.unit);
    }
    // A unit may have left a pool because of another that left after it (a venue better alone
    // than with an imported hotel, but not than with its own partner's other venues): each is
    // asked again against the pool as it ended, and comes back if it would not leave that one.
    const back = left.findIndex((g) => {
      const u = g.units[0];
      const j = judge(u, [...main, u, ...borrowed.filter((x) => x !== u)]);
      return j !== null && !j.leaves;
    });
    if (back < 0) break;
    const [g] = left.splice(back, 1);
    main = [...main, g.units[0]].sort();
    borrowed.splice(0, borrowed.length, ...borrowed.filter((x) => x !== g.units[0]));
    tests.push({ kind: 'rejoin', unit: g.units, pool: main, own: judge(g.units[0], [...main, ...borrowed])!.test.own, rest: null, decided: true });
  }

  // Groups that left the main pool pool with each other where that lowers their error together
  // and neither clearly does better apart.
  for (;;) {
    let best: { i: number; j: number; gain: number; test: PoolTest } | null = null;
    for (let i = 0; i < left.length; i++) {
      for (let j = i + 1; j < left.length; j++) {
        const x = left[i];
        const y = left[j];
        const pooled = replay([...x.units, ...y.units, ...new Set([...x.borrowed, ...y.borrowed])].filter((u, k, all) => all.indexOf(u) === k));
        const a = pair(compare(events(x.units), replay([...x.units, ...x.borrowed]), pooled));
        const b = pair(compare(events(y.units), replay([...y.units, ...y.borrowed]), pooled));
        const test: PoolTest = { kind: 'merge', unit: x.units, pool: y.units, own: a, rest: b, decided: false };
        const gain = -harm(a, b);
        if (gain > 0 && a.high >= 0 && b.high >= 0 && (!best || gain > best.gain)) best = { i, j, gain, test };
      }
    }
    if (!best) break;
    best.test.decided = true;
    tests.push(best.test);
    const x = left[best.i];
    const y = left[best.j];
    const units = [...x.units, ...y.units];
    left[best.i] = { units, borrowed: [...new Set([...x.borrowed, ...y.borrowed])].filter((u) => !units.includes(u)) };
    left.splice(best.j, 1);
  }

  // The main pool first (home of venues with nothing finished yet), then the groups that left,
  // then the products. A partner whose every venue left keeps its largest group as home.
  const populations: Population[] = [{ units: main, borrowed }, ...left].filter((p) => p.units.length > 0);
  if (main.length === 0) {
    const size = (p: Population) => p.units.reduce((s, u) => s + eventsOf.get(u)!.length, 0);
    populations.sort((a, b) => size(b) - size(a));
  }
  if (populations.length === 0) populations.push({ units: [], borrowed: [] });
  const byUnit = new Map<string, number>();
  populations.forEach((p, i) => p.units.forEach((u) => byUnit.set(u, i)));
  populations.push({ units: ['product:-'], borrowed: [] });
  return { byUnit, populations, tests };
}

/** The population of an event: its unit's; a show of a venue without finished shows goes to the main pool, any product to the products'. */
export function populationOf(p: Partition, e: PreparedEvent): number {
  if (isProduct(e)) return p.populations.length - 1;
  return p.byUnit.get(unitOf(e)) ?? 0;
}
