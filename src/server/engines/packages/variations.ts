// From affinities to variations:
//   1. the audience: eligible customers with any affinity, the best `audienceShare` of them by
//      their strongest affinity;
//   2. the audience clustered by affinity direction (kmeans.ts) into at most num_packages groups;
//   3. each group's events: its n_top_events most preferred chosen events, the lead event
//      different for every variation (so no two variations open with the same show);
//   4. membership by targeting mode (types.ts TargetingMode), customers ordered by their score in
//      the variation: the lead event's affinity weighs most; with the propensity ranker
//      (propensity.ts, pkg-3) the probability of buying any of the variation's events, and the
//      audience chosen again by it once the event sets are known.
import { normaliseRows, sphericalKmeans } from './kmeans';
import type { TargetingMode } from './types';

/** inclusive_mode: a customer joins every variation scoring at least this share of their best one. */
export const INCLUSIVE_RATIO = 0.75;

export interface VariationPlan {
  /** Chosen event indices, lead first. */
  events: number[];
  /** Weight of each event in the variation's score (sums to 1). */
  weights: number[];
  /** Customer indices, best first, and their scores. */
  customers: number[];
  scores: number[];
}

/** Rank weights n, n − 1, …, 1 normalised: the lead event counts most, every event counts. */
export function rankWeights(n: number): number[] {
  const total = (n * (n + 1)) / 2;
  return Array.from({ length: n }, (_, r) => (n - r) / total);
}

/** Customers with any affinity, best first by their strongest affinity (ties by index), cut to `share`. */
export function selectAudience(scores: Float32Array, E: number, share: number): number[] {
  const n = scores.length / E;
  const best = new Float32Array(n);
  const withAny: number[] = [];
  for (let i = 0; i < n; i++) {
    let b = 0;
    for (let e = 0; e < E; e++) if (scores[i * E + e] > b) b = scores[i * E + e];
    best[i] = b;
    if (b > 0) withAny.push(i);
  }
  withAny.sort((a, b) => best[b] - best[a] || a - b);
  return withAny.slice(0, Math.ceil(withAny.length * share));
}

/** Each group's events from its centroid: the lead not yet taken by a larger group, then the group's next favourites. */
function chooseEvents(centroids: Float64Array, sizes: number[], E: number, nTop: number): number[][] {
  const order = sizes.map((_, c) => c).filter((c) => sizes[c] > 0).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const leads = new Set<number>();
  const plans: number[][] = [];
  for (const c of order) {
    const byPreference = Array.from({ length: E }, (_, e) => e).sort((a, b) => centroids[c * E + b] - centroids[c * E + a] || a - b);
    const lead = byPreference.find((e) => !leads.has(e));
    if (lead === undefined) continue;
    leads.add(lead);
    plans.push([lead, ...byPreference.filter((e) => e !== lead).slice(0, nTop - 1)]);
  }
  return plans;
}

/** The probability that customer i buys at least one of `events` (independent given the customer). */
export function anyOf(prob: Float32Array, i: number, E: number, events: readonly number[]): number {
  let none = 1;
  for (const e of events) none *= 1 - prob[i * E + e];
  return 1 - none;
}

/** The `size` candidates most likely to buy some variation's events, best first (ties by index). */
function reselect(prob: Float32Array, E: number, eventSets: number[][], candidates: readonly number[], size: number): number[] {
  const best = new Float64Array(prob.length / E);
  for (const i of candidates) for (const events of eventSets) best[i] = Math.max(best[i], anyOf(prob, i, E, events));
  return [...candidates].sort((a, b) => best[b] - best[a] || a - b).slice(0, size);
}

/**
 * The variations: `audience` clustered by `scores` into event sets, then the members. With
 * `probabilities` (the propensity ranker, propensity.ts) and `candidates`, the audience is
 * chosen again once the event sets are known: the audience.length candidates most likely to buy
 * the events of some variation; a customer's score in a variation is then the probability of
 * buying any of its events, which the selective split maximises per customer (each goes where
 * they are likeliest to buy). Without, the rank-weighted affinity of pkg-2.
 */
export function planVariations(
  scores: Float32Array,
  E: number,
  audience: readonly number[],
  options: { numPackages: number; nTopEvents: number; mode: TargetingMode; seed: number; probabilities?: Float32Array | null; candidates?: readonly number[] },
): VariationPlan[] {
  if (audience.length === 0 || E === 0) return [];
  const k = Math.min(options.numPackages, E, audience.length);
  const points = new Float32Array(audience.length * E);
  audience.forEach((i, a) => points.set(scores.subarray(i * E, (i + 1) * E), a * E));
  normaliseRows(points, E);
  const { labels, centroids } = sphericalKmeans(points, E, k, options.seed);
  const sizes = new Array<number>(k).fill(0);
  for (const l of labels) sizes[l]++;

  const eventSets = chooseEvents(centroids, sizes, E, Math.min(options.nTopEvents, E));
  const weights = eventSets.map((events) => rankWeights(events.length));
  const lists: { i: number; s: number }[][] = eventSets.map(() => []);
  const s = new Float64Array(eventSets.length);
  const prob = options.probabilities ?? null;
  const members = prob && options.candidates ? reselect(prob, E, eventSets, options.candidates, audience.length) : audience;
  for (const i of members) {
    let best = 0;
    let bestV = -1;
    eventSets.forEach((events, v) => {
      let x = 0;
      if (prob) x = anyOf(prob, i, E, events);
      else events.forEach((e, r) => (x += weights[v][r] * scores[i * E + e]));
      s[v] = x;
      if (x > best) {
        best = x;
        bestV = v;
      }
    });
    if (bestV < 0) continue;
    if (options.mode === 'selective_mode') lists[bestV].push({ i, s: best });
    else for (let v = 0; v < eventSets.length; v++) if (s[v] > 0 && s[v] >= INCLUSIVE_RATIO * best) lists[v].push({ i, s: s[v] });
  }
  return eventSets
    .map((events, v) => {
      const list = lists[v].sort((a, b) => b.s - a.s || a.i - b.i);
      return { events, weights: weights[v], customers: list.map((m) => m.i), scores: list.map((m) => m.s) };
    })
    .filter((p) => p.customers.length > 0)
    .filter((p, v, all) => !all.slice(0, v).some((q) => sameVariation(p, q)));
}

/**
 * Two plans a user could not tell apart: the same events (in any order) and the same customers.
 * With few chosen events two clusters can pick the same event set and, in inclusive mode, the same
 * members; only the first is kept (the caller says why fewer came back than were asked for).
 */
export function sameVariation(a: VariationPlan, b: VariationPlan): boolean {
  if (a.events.length !== b.events.length || a.customers.length !== b.customers.length) return false;
  const ev = new Set(a.events);
  if (!b.events.every((e) => ev.has(e))) return false;
  const cs = new Set(a.customers);
  return b.customers.every((c) => cs.has(c));
}
