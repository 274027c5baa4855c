// A whole ITC run in one pure call: cluster, label, keep ids stable against the previous run,
// score for the event. The module loads the inputs and stores the result; the bench times this.
import { clusterSteps, toClusterSpace, type ClusterOptions, type ClusterStep, type Clustering } from './cluster';
import { labelClusters } from './labels';
import { matchClusterIds } from './match';
import { scoreClusters, type ClusterScore, type EventForScoring } from './scoring';
import type { ClusterLabel, ClusterProfile, CustomerAggregate } from './types';

export interface PreviousRunCluster {
  tc: number;
  /** The raw centroid stored with that run (features.ts order). */
  rawCentroid: number[];
}

export interface RunInput extends ClusterOptions {
  previous?: readonly PreviousRunCluster[];
  /** The first id a new cluster may take (one above every tc the partner ever had). */
  nextId?: number;
  event: EventForScoring;
  /** Customers who already bought tickets for the event. */
  boughtEvent?: ReadonlySet<number>;
}

export interface RunCluster extends ClusterLabel, ClusterScore {
  tc: number;
  /** The previous run's tc this cluster continues; null for a new cluster. */
  matchedFrom: number | null;
  size: number;
  rawCentroid: number[];
  profile: ClusterProfile;
  /** Customer ids, in input order. */
  memberIds: number[];
}

export interface RunResult {
  clustering: Clustering;
  clusters: RunCluster[];
}

export function runTasteClusters(customers: readonly CustomerAggregate[], input: RunInput): RunResult {
  const steps = clusterSteps(customers, input);
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return describeRun(customers, r.value, input);
    input.onProgress?.(r.value);
  }
}

/** runTasteClusters, awaiting `between` after each step (the module yields to the event loop there). */
export async function runTasteClustersAsync(
  customers: readonly CustomerAggregate[],
  input: RunInput,
  between: (step: ClusterStep) => Promise<void>,
): Promise<RunResult> {
  const steps = clusterSteps(customers, input);
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return describeRun(customers, r.value, input);
    await between(r.value);
  }
}

function describeRun(customers: readonly CustomerAggregate[], clustering: Clustering, input: RunInput): RunResult {
  const { clusters, scaler, population } = clustering;
  const labels = labelClusters(clusters.map((c) => c.profile), population);
  const here = clusters.map((c) => toClusterSpace(scaler, c.rawCentroid));
  const previous = (input.previous ?? []).map((p) => ({ tc: p.tc, centroid: toClusterSpace(scaler, p.rawCentroid) }));
  const nextId = Math.max(input.nextId ?? 1, ...previous.map((p) => p.tc + 1));
  const { ids, matchedFrom } = matchClusterIds(here, previous, nextId);

  const memberIds: number[][] = clusters.map(() => []);
  clustering.labels.forEach((c, i) => memberIds[c].push(customers[i].customerId));
  const bought = input.boughtEvent ?? new Set<number>();
  const scores = scoreClusters(
    clusters.map((c, i) => ({ tc: ids[i], profile: c.profile, alreadyBought: memberIds[i].reduce((n, id) => n + (bought.has(id) ? 1 : 0), 0) })),
    input.event,
  );
  return {
    clustering,
    clusters: clusters
      .map((c, i) => ({ tc: ids[i], matchedFrom: matchedFrom[i], size: c.size, rawCentroid: c.rawCentroid, profile: c.profile, memberIds: memberIds[i], ...labels[i], ...scores[i] }))
      .sort((a, b) => a.rank - b.rank),
  };
}
