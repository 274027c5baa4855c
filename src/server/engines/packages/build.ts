// A whole package build in one pure call (issue 23 "The engine"): content links, the counted
// history, segmentation, affinities, variations, and each variation's events, keywords and
// statistics. The packages module loads the inputs and stores the result; the bench times this.
//
// Reproducible: events and customers are put in id order first, every sort breaks ties by id
// and the clustering is seeded, so the same inputs and seed give the same package whatever order
// the rows were loaded in.
import { purchaseWeights, sameCategory, scoreCustomers } from './affinity';
import { collaborativeWeights } from './collaborative';
import { indexHistory } from './history';
import { campaignKeywords, eventKeywords, variationTitles } from './keywords';
import { linkEvents } from './links';
import { eligibleCustomers, purchaseFilter } from './segmentation';
import { variationStatistics } from './statistics';
import { planVariations } from './variations';
import { rankSteps } from './propensity';
import { BuildSettings, ENGINE_VERSION, type BuildInput, type EventFeatures, type PackageBuild, type TopEvent, type Variation } from './types';

const byId = <T extends { id: string | number }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function topEvent(e: EventFeatures): TopEvent {
  return {
    title: e.title,
    event_id: e.id,
    start_date_time: new Date(e.startMs).toISOString(),
    hall_name: e.hallName,
    venue_name: e.venueName,
    keywords: eventKeywords(e),
  };
}

/** The stages of a build, in order: a caller driving buildSteps() may pause before each. */
export type BuildStage = 'links' | 'history' | 'collaborative' | 'scores' | 'variations' | 'statistics';

export function buildPackages(input: BuildInput): PackageBuild {
  const steps = buildSteps(input);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/**
 * buildPackages, awaiting `between` before each stage: the packages module yields to the event
 * loop there (the worker shares the web process). The longest stage at 100,000 customers and two
 * million purchases (the history index) holds the loop for about a second.
 */
export async function buildPackagesAsync(input: BuildInput, between: (stage: BuildStage) => Promise<void>): Promise<PackageBuild> {
  const steps = buildSteps(input);
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return r.value;
    await between(r.value);
  }
}

/** The build as a generator of its stages (one code path for the sync and the async driver). */
function* buildSteps(input: BuildInput): Generator<BuildStage, PackageBuild> {
  const settings = BuildSettings.parse(input.settings);
  const { nowMs } = input;
  const chosen = dedupe([...input.chosenEvents].sort(byId));
  const chosenIds = new Set(chosen.map((e) => e.id));
  // Only what had started counts as history; a chosen event is never its own evidence.
  const past = dedupe(input.pastEvents.filter((e) => e.startMs < nowMs && !chosenIds.has(e.id)).sort(byId));
  const customers = dedupe([...input.customers].sort(byId));

  yield 'links';
  const links = linkEvents(chosen, past);
  yield 'history';
  const history = indexHistory(
    customers,
    past.map((e) => e.id),
    input.purchases,
    purchaseFilter(settings.filters, nowMs),
    settings.minorPerMajor,
  );
  yield 'collaborative';
  const eligible = eligibleCustomers(customers, history.typicalPrice, settings.filters, settings.forCrmExport);
  const E = chosen.length;
  const P = past.length;
  const collaborative = collaborativeWeights(history, links);
  const weights = purchaseWeights(links.matrix, collaborative, E, P, sameCategory(chosen, past));
  yield 'scores';
  const affinity = scoreCustomers(history, weights, chosen.map((e) => e.price), eligible, nowMs);
  const { scored } = affinity;
  let eligibleCount = 0;
  for (const x of eligible) eligibleCount += x;

  yield 'variations';
  // pkg-3: the learned purchase propensity (propensity.ts), or the affinity when it cannot be fitted.
  // The ranker pauses inside (propensity.ts rankSteps): each pause is one more 'variations' turn.
  const ranking = yield* repeatStage('variations', rankSteps({
    chosen: links.chosen,
    pastEvents: past,
    customers,
    nowMs,
    history,
    past: links.past,
    content: links.matrix,
    collaborative,
    affinity: affinity.scores,
    eligible,
    audienceShare: settings.audienceShare,
    method: settings.ranking,
  }));
  yield 'variations';
  const plans = planVariations(ranking.scores, E, ranking.audience, {
    numPackages: settings.num_packages,
    nTopEvents: settings.n_top_events,
    mode: settings.targeting_mode,
    seed: settings.seed,
    probabilities: ranking.probabilities,
    candidates: ranking.candidates ?? undefined,
  });

  yield 'statistics';
  const pastStartMs = Float64Array.from(past, (e) => e.startMs);
  const keywords = campaignKeywords(plans.map((p) => p.events.map((e, r) => ({ event: chosen[e], weight: p.weights[r] }))));
  const titles = variationTitles(keywords, plans.map((p) => chosen[p.events[0]].title));
  const variations: Variation[] = [];
  for (const [v, p] of plans.entries()) {
    if (v > 0) yield 'statistics';
    const tops = Object.fromEntries(p.events.map((e, r) => [`top_event_${r + 1}`, topEvent(chosen[e])]));
    variations.push({
      title: titles[v],
      campaign: { keywords: keywords[v] },
      ...tops,
      ...variationStatistics(history, p.customers, pastStartMs, nowMs),
      event_ids: p.events.map((e) => chosen[e].id),
      customer_ids: p.customers.map((i) => customers[i].id),
      customer_scores: p.scores.map((s) => Math.round(s * 1e4) / 1e4),
    });
  }

  return {
    engineVersion: ENGINE_VERSION,
    n_customers: new Set(variations.flatMap((v) => v.customer_ids)).size,
    variations,
    links: links.links,
    eligibleCustomers: eligibleCount,
    scoredCustomers: scored,
    ranking: { method: ranking.method, fallback: settings.ranking === 'propensity' ? ranking.fallback : null },
  };
}

/** A sub-step generator's pauses as pauses of one build stage. */
function* repeatStage<T>(stage: BuildStage, steps: Generator<void, T>): Generator<BuildStage, T> {
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return r.value;
    yield stage;
  }
}

/** The first of each id (a row loaded twice must not count twice). Expects id order. */
function dedupe<T extends { id: string | number }>(rows: T[]): T[] {
  return rows.filter((r, i) => i === 0 || rows[i - 1].id !== r.id);
}
