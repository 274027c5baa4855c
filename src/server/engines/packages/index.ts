// The package builder engine (pure TypeScript, no I/O; issue 23): content links from the chosen
// upcoming events to past events, customer affinities from the purchase history (item-to-item
// collaborative filtering, content, price fit, recency), a purchase-propensity model fitted to
// the partner's last season that ranks by them (pkg-3), spec 3 segmentation, and the split into
// variations with their events, keywords and statistics. The packages module loads and stores.
export {
  ENGINE_VERSION,
  DAY_MS,
  YEAR_MS,
  TARGETING_MODES,
  TargetingMode,
  PackageFilters,
  BuildSettings,
  DEFAULT_NUM_PACKAGES,
  DEFAULT_N_TOP_EVENTS,
  DEFAULT_EXCLUDED_TICKET_CATEGORIES,
  type BuildSettingsInput,
  type BuildInput,
  type EventFeatures,
  type Purchase,
  type Customer,
  type PackageBuild,
  type Variation,
  type TopEvent,
  type EventLinks,
} from './types';
export { buildPackages, buildPackagesAsync, type BuildStage } from './build';
export { linkEvents, MAX_LINKS, MIN_LINK_SIMILARITY, type ContentLinks } from './links';
export { similarity, prepareEvent, wordWeights, withWordWeights, SIMILARITY_WEIGHTS, type PreparedEvent } from './similarity';
export { indexHistory, type History } from './history';
export { purchaseFilter, eligibleCustomers } from './segmentation';
export { collaborativeWeights, anchorSimilarities } from './collaborative';
export { purchaseWeights, sameCategory, scoreCustomers, recency, type Affinities } from './affinity';
export { planVariations, selectAudience, rankWeights, anyOf, INCLUSIVE_RATIO, type VariationPlan } from './variations';
export {
  rankCustomers,
  trainPropensity,
  applyPropensity,
  fallbackReason,
  trainingWindow,
  TRAINING,
  FEATURES,
  type Ranking,
  type TrainingSummary,
  type PropensityModel,
} from './propensity';
export { fitLogistic, standardiser, standardise, sigmoid, type LogisticModel } from './logistic';
export { variationStatistics, type VariationStatistics } from './statistics';
export { eventKeywords, campaignKeywords, variationTitles } from './keywords';
export { MAX_KEYWORD_LENGTH } from './text';
