// One clustering of a partner's customers:
//   1. features per customer, standardised and weighted (features.ts);
//   2. for each k in the range, seeded k-means++ (best of a few restarts) on a sample, scored by
//      the silhouette on a smaller sample; the k with the highest silhouette wins;
//   3. the winner's centroids refined by Lloyd iterations on all customers;
//   4. the final silhouette on a sample of all customers, read as a separation class, so a run
//      on data without structure says so instead of presenting arbitrary segments as audiences.
import { FAMILIES } from './families';
import { FEATURES, annualSpendMajor, familyPrior, familyShares, fitScaler, impute, meanPriceMajor, ordersPerYear, rawFeatures, recencyDays, ticketsPerOrder, transform, zScore, type Scaler } from './features';
import { better, kmeansRestart, refine, type Partition } from './kmeans';
import { sampleIndices, seededRandom } from './sampling';
import { separationOf, silhouette } from './silhouette';
import type { ClusterProfile, CustomerAggregate, Separation } from './types';

export interface ClusterOptions {
  nowMs: number;
  seed?: number;
  kMin?: number;
  kMax?: number;
  /** Customers the k search clusters (all of them when fewer). */
  fitSample?: number;
  /** Customers each silhouette is computed on (O(n²)). */
  silhouetteSample?: number;
  restarts?: number;
  /** Fixes k (the bench's stability runs compare partitions of the same k). */
  k?: number;
  onProgress?: (step: ClusterStep) => void;
}

export interface ClusterStep {
  stage: ClusterStage;
  done: number;
  total: number;
  /** A pause inside the step (between k-means restarts): room for other work, no new progress. */
  pause?: true;
}

export type ClusterStage = 'features' | 'choose_k' | 'refine' | 'describe';

export interface ClusterSummary {
  /** Index within this run (the stored id comes from matching, match.ts). */
  index: number;
  size: number;
  /** Mean of the members' raw features (missing values imputed): for matching in a later run. */
  rawCentroid: number[];
  /** Mean of the members' clipped z-scores (unweighted), per feature: how far the cluster stands out. */
  zCentroid: number[];
  profile: ClusterProfile;
}

export interface Clustering {
  k: number;
  silhouette: number;
  separation: Separation;
  silhouetteByK: { k: number; silhouette: number }[];
  /** Cluster index per customer, in the order of the input. */
  labels: Int32Array;
  clusters: ClusterSummary[];
  population: ClusterProfile;
  /** The family mix the shares were smoothed towards, and the scaler: to place other customers in this run's space. */
  prior: number[];
  scaler: Scaler;
  /** Every customer in the clustering space (the input order). */
  points: number[][];
}

export const DEFAULTS = { seed: 1, kMin: 4, kMax: 10, fitSample: 8000, silhouetteSample: 2000, restarts: 4 };

/** The smallest population worth clustering: below it every cluster would be a handful of people. */
export const MIN_CUSTOMERS = 40;

function medianOf(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The natural-unit profile of a set of customers. */
export function profileOf(members: readonly CustomerAggregate[], nowMs: number): ClusterProfile {
  const n = members.length;
  const shares = FAMILIES.map(() => 0);
  let price = 0, priceN = 0, rel = 0, relN = 0, opy = 0, tpo = 0, spend = 0;
  const leads: number[] = [];
  const recency: number[] = [];
  const distances: number[] = [];
  for (const a of members) {
    familyShares(a).forEach((s, i) => (shares[i] += s));
    const p = meanPriceMajor(a);
    if (p !== null) {
      price += p;
      priceN++;
    }
    if (a.relativePrice !== null) {
      rel += a.relativePrice;
      relN++;
    }
    opy += ordersPerYear(a, nowMs);
    tpo += ticketsPerOrder(a);
    spend += annualSpendMajor(a, nowMs);
    leads.push(a.leadDaysMedian);
    recency.push(recencyDays(a, nowMs));
    if (a.distanceKm !== null) distances.push(a.distanceKm);
  }
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    customers: n,
    familyShares: shares.map((s) => Math.round((n ? s / n : 0) * 10_000) / 10_000),
    meanPrice: r2(priceN ? price / priceN : 0),
    relativePrice: r2(relN ? rel / relN : 1),
    ordersPerYear: r2(n ? opy / n : 0),
    ticketsPerOrder: r2(n ? tpo / n : 0),
    leadDays: r2(medianOf(leads)),
    recencyDays: r2(medianOf(recency)),
    distanceKm: distances.length ? r2(medianOf(distances)) : null,
    annualSpend: r2(n ? spend / n : 0),
  };
}

/** Runs the clustering to the end, reporting each step to `options.onProgress`. */
export function clusterCustomers(customers: readonly CustomerAggregate[], options: ClusterOptions): Clustering {
  const steps = clusterSteps(customers, options);
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return r.value;
    options.onProgress?.(r.value);
  }
}

/**
 * The clustering as steps: the caller may do other work between them. The web process runs the
 * task worker too, and a run over 100,000 customers takes seconds of CPU that must not hold up
 * its requests in one block (the module awaits the event loop between steps).
 */
export function* clusterSteps(customers: readonly CustomerAggregate[], options: ClusterOptions): Generator<ClusterStep, Clustering> {
  const o = { ...DEFAULTS, ...options };
  const n = customers.length;
  if (n < MIN_CUSTOMERS) throw new Error(`clusterCustomers: ${n} customers, at least ${MIN_CUSTOMERS} needed`);
  const random = seededRandom(o.seed);
  const progress = (stage: ClusterStage, done: number, total: number): ClusterStep => ({ stage, done, total });

  yield progress('features', 0, 1);
  const prior = familyPrior(customers);
  const raw = customers.map((c) => rawFeatures(c, o.nowMs, prior));
  const scaler = fitScaler(raw);
  const points = raw.map((r) => transform(scaler, r));
  yield progress('features', 1, 1);

  // k-search on a sample; a small population caps k so clusters keep at least ~10 customers.
  const fitIdx = sampleIndices(n, o.fitSample, random);
  const fitPoints = fitIdx.map((i) => points[i]);
  const silIdx = sampleIndices(fitPoints.length, o.silhouetteSample, random);
  const silPoints = silIdx.map((i) => fitPoints[i]);
  const kMax = Math.max(2, Math.min(o.kMax, Math.floor(n / 10)));
  const kMin = Math.min(o.kMin, kMax);
  const ks = o.k ? [o.k] : Array.from({ length: kMax - kMin + 1 }, (_, i) => kMin + i);
  const silhouetteByK: { k: number; silhouette: number }[] = [];
  let best: { k: number; centroids: number[][]; silhouette: number } | undefined;
  for (const [step, k] of ks.entries()) {
    yield progress('choose_k', step, ks.length);
    // kmeansPlusPlus one restart at a time: each restart is a fraction of a second of CPU.
    let part: Partition | undefined;
    for (let r = 0; r < o.restarts; r++) {
      if (r > 0) yield { ...progress('choose_k', step, ks.length), pause: true };
      part = better(part, kmeansRestart(fitPoints, k, o.seed, r));
    }
    if (!part) throw new Error('clusterSteps: restarts must be at least 1');
    yield { ...progress('choose_k', step, ks.length), pause: true };
    const s = silhouette(silPoints, Int32Array.from(silIdx, (i) => part.labels[i]));
    silhouetteByK.push({ k, silhouette: Math.round(s * 10_000) / 10_000 });
    if (!best || s > best.silhouette) best = { k, centroids: part.centroids, silhouette: s };
  }

  yield progress('refine', 0, 1);
  const final = refine(points, best!.centroids);

  yield progress('describe', 0, 1);
  // Empty clusters (a centroid that lost every member in refinement) are dropped and the rest renumbered.
  const members: number[][] = final.centroids.map(() => []);
  final.labels.forEach((c, i) => members[c].push(i));
  const kept = members.map((m, c) => ({ m, c })).filter((x) => x.m.length > 0);
  const renumber = new Int32Array(final.centroids.length).fill(-1);
  kept.forEach((x, i) => (renumber[x.c] = i));
  const labels = final.labels.map((c) => renumber[c]);

  const clusters: ClusterSummary[] = kept.map(({ m }, index) => {
    const rawCentroid = FEATURES.map(() => 0);
    const zCentroid = FEATURES.map(() => 0);
    for (const i of m) {
      const row = impute(scaler, raw[i]);
      for (let j = 0; j < row.length; j++) {
        rawCentroid[j] += row[j] / m.length;
        zCentroid[j] += zScore(scaler, j, raw[i][j]) / m.length;
      }
    }
    return { index, size: m.length, rawCentroid, zCentroid, profile: profileOf(m.map((i) => customers[i]), o.nowMs) };
  });

  const finalIdx = sampleIndices(n, o.silhouetteSample, random);
  const finalSilhouette = silhouette(finalIdx.map((i) => points[i]), Int32Array.from(finalIdx, (i) => labels[i]));

  return {
    k: clusters.length,
    silhouette: Math.round(finalSilhouette * 10_000) / 10_000,
    separation: separationOf(finalSilhouette),
    silhouetteByK,
    labels,
    clusters,
    population: profileOf(customers, o.nowMs),
    prior,
    scaler,
    points,
  };
}

/** A stored raw centroid in this run's clustering space (to match it with this run's clusters). */
export const toClusterSpace = (scaler: Scaler, rawCentroid: readonly number[]): number[] => transform(scaler, rawCentroid);
