// The taste-cluster engine (pure TypeScript, no I/O): customer features, seeded k-means++ with k
// chosen by silhouette, labels, stable ids across runs, event scores, and the stability measures
// (adjusted Rand index) the bench reports. The taste-clusters module loads and stores.
export { ENGINE_VERSION, DAY_MS, type CustomerAggregate, type ClusterProfile, type ClusterLabel, type Separation, type TraitCode } from './types';
export { FAMILIES, CATEGORY_FAMILY, familyOf, type Family } from './families';
export { FEATURES, aggregatePurchases, countsForProfile, familyPrior, smoothedShares, rawFeatures, fitScaler, transform, type Purchase, type Scaler } from './features';
export { clusterCustomers, clusterSteps, profileOf, MIN_CUSTOMERS, DEFAULTS, type Clustering, type ClusterOptions, type ClusterStage, type ClusterStep, type ClusterSummary } from './cluster';
export { labelCluster, labelClusters, clusterTraits, dominantFamilies, traitText } from './labels';
export { matchClusterIds, hungarian } from './match';
export { scoreClusters, type ClusterScore, type EventForScoring } from './scoring';
export { runTasteClusters, runTasteClustersAsync, type RunInput, type RunResult, type RunCluster, type PreviousRunCluster } from './run';
export { silhouette, separationOf } from './silhouette';
export { adjustedRandIndex } from './ari';
export { assign } from './kmeans';
export { seededRandom, sampleIndices, bootstrapIndices } from './sampling';
