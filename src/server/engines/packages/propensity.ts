// A purchase-propensity ranker learned from the partner's own history (engine pkg-3).
//
// The hand-weighted affinity (affinity.ts) says who resembles an event's audience; it does not
// know how much a partner's customers buy by habit, by kind of show, by hall or by price, and
// those differ from partner to partner. So each build fits a small model to the partner's last
// season, the way the package will later be judged:
//
//   1. a pseudo "now" T' = now − W, W the horizon of the chosen events (window());
//   2. the pseudo "upcoming" events: the events that started in [T', now) and sold there, the
//      ones most like the chosen events first (at most TRAINING.maxEvents);
//   3. features of every (customer, pseudo-upcoming event) from the purchases before T' only;
//      label 1 when the customer bought that event in [T', now);
//   4. L2 logistic regression on standardised features (logistic.ts), negatives subsampled by a
//      hash of (customer id, event id) and the intercept corrected for it;
//   5. the same features from all purchases before now, for the chosen events, through the
//      model: p(u, e), the probability that customer u buys chosen event e.
//
// Fallback: when the last season is too thin to learn from (fallbackReason()), no model is
// fitted and the build keeps the hand-weighted affinity.
//
// Determinism: events and customers come in id order (build.ts), the training rows are chosen
// by a hash of ids, not by position, and the fit is exact (Newton), so the same inputs give the
// same probabilities whatever order the rows were loaded in.
import { MIN_CONTENT, purchaseWeights, sameCategory, scoreCustomers } from './affinity';
import { collaborativeWeights } from './collaborative';
import { indexHistory, type History } from './history';
import { linkEvents } from './links';
import { fitLogistic, linearPredictor, sigmoid, standardise, standardiser, type LogisticModel, type Standardiser } from './logistic';
import { median } from './median';
import { purchaseFilter } from './segmentation';
import { priceLevel, type PreparedEvent } from './similarity';
import { selectAudience } from './variations';
import { DAY_MS, YEAR_MS, type Customer, type EventFeatures, type PackageFilters, type Purchase } from './types';

export const TRAINING = {
  /** The label window W: the chosen events' horizon (last start − now), within these bounds … */
  minWindowMs: 90 * DAY_MS,
  maxWindowMs: 365 * DAY_MS,
  /** … and at most this share of the history's span, so the features keep some history behind T'. */
  maxWindowShareOfHistory: 0.5,
  /** Pseudo-upcoming events the model learns from. */
  maxEvents: 40,
  /** Negative (customer, event) rows kept at most (a hash-chosen sample; the intercept is corrected). */
  maxNegatives: 20_000,
  maxPositives: 20_000,
  /** λ of the L2 penalty on the standardised coefficients. */
  l2: 1,
  /** Below these the ranker is not fitted and the build keeps the hand-weighted affinity. */
  minEvents: 5,
  minPositives: 100,
  minPositiveCustomers: 30,
} as const;

/** Purchases in the event's category are also counted with this half-life (the affinity uses two years). */
const CATEGORY_HALF_LIFE_MS = YEAR_MS;
const RECENCY_HALF_LIFE_MS = 2 * YEAR_MS;

/** The features of one (customer, event) pair, in this order. */
export const FEATURES = [
  'category_purchases', // log(1 + purchases of past events of the event's category)
  'category_recent', // log(1 + the same, each halved per year of age)
  'category_share', // share of the customer's purchases in the category
  'purchases', // log(1 + all purchases)
  'days_since_last', // log(1 + days since the latest purchase)
  'monetary', // log(1 + amount paid, major units)
  'collaborative', // log(1 + Σ co-purchase weight × recency over the events bought)
  'content', // log(1 + Σ content similarity² (≥ MIN_CONTENT) × recency)
  'affinity', // log(1 + the hand-weighted affinity of affinity.ts)
  'price_gap', // |price level of the customer's typical ticket − the event's|; unknown: NaN
  'hall_share', // share of the customer's events in the event's hall; unknown hall: NaN
  'venue_share',
  'weekday_share', // share of the customer's events on the event's weekday
  'time_fit', // mean closeness of start times (e^{−Δminutes/90})
  'upfront_gap', // log(1 + days until the event) − log(1 + the customer's median days upfront)
  'category_prior', // log(1 + mean buyers per past event of the category in the last year): the event's draw
] as const;
export const D = FEATURES.length;

/** What the features need about the purchase history as of one cut-off. */
export interface FeatureInput {
  history: History;
  /** The history's past events, prepared (links.ts ContentLinks.past). */
  past: readonly PreparedEvent[];
  /** The events the features are for (chosen, or the pseudo-upcoming ones). */
  targets: readonly PreparedEvent[];
  /** similarity(target e, past p) at e * P + p. */
  content: Float32Array;
  /** Collaborative weight of past p for target e at e * P + p. */
  collaborative: Float32Array;
  /** Hand-weighted affinity of customer i for target e at i * E + e. */
  affinity: Float32Array;
  cutoffMs: number;
}

/** Per-pair tables of the features (target-major, e * P + p), computed once per cut-off. */
export interface FeatureTables {
  E: number;
  P: number;
  sameCategory: Uint8Array;
  sameHall: Uint8Array;
  sameVenue: Uint8Array;
  sameWeekday: Uint8Array;
  timeFit: Float32Array;
  content2: Float32Array;
  targetLevel: Float64Array;
  targetHallKnown: Uint8Array;
  targetVenueKnown: Uint8Array;
  daysUntil: Float64Array;
  categoryPrior: Float64Array;
  pastStartMs: Float64Array;
}

export function featureTables(input: FeatureInput): FeatureTables {
  const { past, targets, history, cutoffMs } = input;
  const E = targets.length;
  const P = past.length;
  const tEvents = targets.map((t) => t.event);
  const pEvents = past.map((p) => p.event);
  const cat = sameCategory(tEvents, pEvents);
  const sameHall = new Uint8Array(E * P);
  const sameVenue = new Uint8Array(E * P);
  const sameWeekday = new Uint8Array(E * P);
  const timeFit = new Float32Array(E * P);
  const content2 = new Float32Array(E * P);
  for (let e = 0; e < E; e++) {
    const t = targets[e];
    for (let p = 0; p < P; p++) {
      const q = past[p];
      const k = e * P + p;
      if (t.event.hallId !== null && t.event.hallId === q.event.hallId) sameHall[k] = 1;
      if (t.event.venueId !== null && t.event.venueId === q.event.venueId) sameVenue[k] = 1;
      if (t.weekday === q.weekday) sameWeekday[k] = 1;
      timeFit[k] = Math.exp(-Math.abs(t.minuteOfDay - q.minuteOfDay) / 90);
      const c = input.content[k];
      content2[k] = c >= MIN_CONTENT ? c * c : 0;
    }
  }
  // The draw of each target's kind of show: mean distinct buyers per past event of its category
  // that started in the year before the cut-off (all years when none did).
  const categoryPrior = new Float64Array(E).fill(NaN);
  for (let e = 0; e < E; e++) {
    let recent = 0;
    let recentN = 0;
    let all = 0;
    let allN = 0;
    for (let p = 0; p < P; p++) {
      if (!cat[e * P + p]) continue;
      all += history.buyers[p];
      allN++;
      if (pEvents[p].startMs >= cutoffMs - YEAR_MS) {
        recent += history.buyers[p];
        recentN++;
      }
    }
    if (recentN > 0) categoryPrior[e] = Math.log1p(recent / recentN);
    else if (allN > 0) categoryPrior[e] = Math.log1p(all / allN);
  }
  return {
    E,
    P,
    sameCategory: cat,
    sameHall,
    sameVenue,
    sameWeekday,
    timeFit,
    content2,
    targetLevel: Float64Array.from(tEvents, (t) => (t.price === null ? NaN : priceLevel(t.price))),
    targetHallKnown: Uint8Array.from(tEvents, (t) => (t.hallId === null ? 0 : 1)),
    targetVenueKnown: Uint8Array.from(tEvents, (t) => (t.venueId === null ? 0 : 1)),
    daysUntil: Float64Array.from(tEvents, (t) => Math.max(0, (t.startMs - cutoffMs) / DAY_MS)),
    categoryPrior,
    pastStartMs: Float64Array.from(pEvents, (p) => p.startMs),
  };
}

/** Scratch buffers of customerFeatures(), one set per build. */
export function featureScratch(E: number) {
  return { acc: new Float64Array(E * 8), upfront: new Float64Array(0) as Float64Array };
}

/**
 * The features of customer i for every target (E × D, row-major) into `out`. Returns false (and
 * leaves `out` alone) for a customer without a counted purchase: nothing to rank them by.
 */
export function customerFeatures(input: FeatureInput, tables: FeatureTables, i: number, out: Float64Array, scratch = featureScratch(tables.E)): boolean {
  const { history, cutoffMs } = input;
  const { E, P } = tables;
  const from = history.offsets[i];
  const to = history.offsets[i + 1];
  if (to === from) return false;
  const acc = scratch.acc;
  acc.fill(0);
  // acc rows: 0 category purchases, 1 category recent, 2 collaborative, 3 content, 4 hall,
  // 5 venue, 6 weekday, 7 time fit.
  if (scratch.upfront.length < to - from) scratch.upfront = new Float64Array(2 * (to - from));
  const upfront = scratch.upfront;
  let monetary = 0;
  let last = -Infinity;
  for (let r = from; r < to; r++) {
    const p = history.event[r];
    const sold = history.soldAtMs[r];
    monetary += history.amount[r];
    if (sold > last) last = sold;
    upfront[r - from] = Math.max(0, (tables.pastStartMs[p] - sold) / DAY_MS);
    const rc = Math.pow(0.5, Math.max(0, cutoffMs - sold) / CATEGORY_HALF_LIFE_MS);
    for (let e = 0; e < E; e++) {
      if (!tables.sameCategory[e * P + p]) continue;
      acc[e] += 1;
      acc[E + e] += rc;
    }
  }
  const dFrom = history.distinctOffsets[i];
  const dTo = history.distinctOffsets[i + 1];
  for (let d = dFrom; d < dTo; d++) {
    const p = history.distinctEvent[d];
    const r = Math.pow(0.5, Math.max(0, cutoffMs - history.distinctLastMs[d]) / RECENCY_HALF_LIFE_MS);
    for (let e = 0; e < E; e++) {
      const k = e * P + p;
      acc[2 * E + e] += input.collaborative[k] * r;
      acc[3 * E + e] += tables.content2[k] * r;
      acc[4 * E + e] += tables.sameHall[k];
      acc[5 * E + e] += tables.sameVenue[k];
      acc[6 * E + e] += tables.sameWeekday[k];
      acc[7 * E + e] += tables.timeFit[k];
    }
  }
  const purchases = to - from;
  const distinct = dTo - dFrom;
  const daysSince = Math.log1p(Math.max(0, cutoffMs - last) / DAY_MS);
  const level = Number.isNaN(history.typicalPrice[i]) ? NaN : priceLevel(history.typicalPrice[i]);
  const upfrontHabit = Math.log1p(median(upfront.subarray(0, purchases)) ?? 0);
  for (let e = 0; e < E; e++) {
    const o = e * D;
    out[o] = Math.log1p(acc[e]);
    out[o + 1] = Math.log1p(acc[E + e]);
    out[o + 2] = acc[e] / purchases;
    out[o + 3] = Math.log1p(purchases);
    out[o + 4] = daysSince;
    out[o + 5] = Math.log1p(monetary);
    out[o + 6] = Math.log1p(acc[2 * E + e]);
    out[o + 7] = Math.log1p(acc[3 * E + e]);
    out[o + 8] = Math.log1p(input.affinity[i * E + e]);
    out[o + 9] = Math.abs(level - tables.targetLevel[e]); // NaN when either is unknown
    out[o + 10] = tables.targetHallKnown[e] ? acc[4 * E + e] / distinct : NaN;
    out[o + 11] = tables.targetVenueKnown[e] ? acc[5 * E + e] / distinct : NaN;
    out[o + 12] = acc[6 * E + e] / distinct;
    out[o + 13] = acc[7 * E + e] / distinct;
    out[o + 14] = Math.log1p(tables.daysUntil[e]) - upfrontHabit;
    out[o + 15] = tables.categoryPrior[e];
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Training on the last season

/** A uniform number in [0, 1) from a customer id and an event id (the row sample; no positions). */
export function pairHash(customerId: number, eventId: string): number {
  let h = 0x811c9dc5 ^ Math.imul(customerId | 0, 0x9e3779b1);
  for (let k = 0; k < eventId.length; k++) h = Math.imul(h ^ eventId.charCodeAt(k), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** W: the chosen events' horizon, within TRAINING's bounds and at most half the history's span. */
export function window(chosenStartMs: readonly number[], nowMs: number, firstPurchaseMs: number): number {
  const horizon = chosenStartMs.length ? Math.max(...chosenStartMs) - nowMs : 0;
  const w = Math.min(TRAINING.maxWindowMs, Math.max(TRAINING.minWindowMs, horizon));
  const span = Number.isFinite(firstPurchaseMs) ? nowMs - firstPurchaseMs : 0;
  return Math.min(w, TRAINING.maxWindowShareOfHistory * span);
}

export interface TrainingSummary {
  windowMs: number;
  events: number;
  rows: number;
  positives: number;
  positiveCustomers: number;
  /** log(negative rate / positive rate): added to the fitted intercept. */
  correction: number;
}

/** Why the ranker is not fitted (null: it can be). The rule in one place, for the tests and the docs. */
export function fallbackReason(s: Pick<TrainingSummary, 'events' | 'positives' | 'positiveCustomers'>): string | null {
  if (s.events < TRAINING.minEvents) return `${s.events} events with buyers in the last window (< ${TRAINING.minEvents})`;
  if (s.positives < TRAINING.minPositives) return `${s.positives} purchases to learn from (< ${TRAINING.minPositives})`;
  if (s.positiveCustomers < TRAINING.minPositiveCustomers) return `${s.positiveCustomers} buyers to learn from (< ${TRAINING.minPositiveCustomers})`;
  return null;
}

export interface PropensityInput {
  /** In id order, as build.ts puts them. */
  chosen: readonly PreparedEvent[];
  /** Past events (started before now), in id order. */
  pastEvents: readonly EventFeatures[];
  customers: readonly Customer[];
  purchases: readonly Purchase[];
  filters: PackageFilters;
  minorPerMajor: number;
  nowMs: number;
}

export interface PropensityModel {
  model: LogisticModel;
  standardiser: Standardiser;
  summary: TrainingSummary;
}

export type Training = { ok: true; ranker: PropensityModel } | { ok: false; reason: string; summary?: TrainingSummary };

/** Fits the ranker on the last window of the history (steps 1–4 above). */
export function trainPropensity(input: PropensityInput): Training {
  const { nowMs, customers } = input;
  const keepNow = purchaseFilter(input.filters, nowMs);
  const pastIds = new Set(input.pastEvents.map((e) => e.id));
  let first = Infinity;
  for (const p of input.purchases) if (p.soldAtMs < first && pastIds.has(p.eventId) && keepNow(p)) first = p.soldAtMs;
  const W = window(
    input.chosen.map((c) => c.event.startMs),
    nowMs,
    first,
  );
  const cut = nowMs - W;
  const before = input.pastEvents.filter((e) => e.startMs < cut);
  const during = input.pastEvents.filter((e) => e.startMs >= cut);
  if (W <= 0 || before.length === 0 || during.length === 0) return { ok: false, reason: 'no history before the last window' };

  // Labels: who bought each event of the window, in the window.
  const customerIndex = new Map<number, number>();
  customers.forEach((c, i) => customerIndex.set(c.id, i));
  const duringIndex = new Map(during.map((e, k) => [e.id, k]));
  const bought = during.map(() => new Set<number>());
  for (const p of input.purchases) {
    const k = duringIndex.get(p.eventId);
    if (k === undefined || p.soldAtMs < cut || !keepNow(p)) continue;
    const i = customerIndex.get(p.customerId);
    if (i !== undefined) bought[k].add(i);
  }
  // The pseudo-upcoming events: those with buyers, the most like each chosen event in turn.
  const withBuyers = during.filter((_, k) => bought[k].size > 0);
  const similar = linkEvents(
    input.chosen.map((c) => c.event),
    withBuyers,
  ).matrix;
  const Q = withBuyers.length;
  const picked: EventFeatures[] = [];
  const taken = new Uint8Array(Q);
  const orders = input.chosen.map((_, e) =>
    Array.from({ length: Q }, (_, q) => q).sort((a, b) => similar[e * Q + b] - similar[e * Q + a] || (withBuyers[a].id < withBuyers[b].id ? -1 : 1)),
  );
  if (VARIANT('PKG_TRAIN', 'similar') === 'random') orders.forEach((o) => o.sort((a, b) => pairHash(0, withBuyers[a].id) - pairHash(0, withBuyers[b].id)));
  for (let r = 0; r < Q && picked.length < TRAINING.maxEvents; r++) {
    for (const order of orders) {
      const q = order[r];
      if (taken[q] || picked.length >= TRAINING.maxEvents) continue;
      taken[q] = 1;
      picked.push(withBuyers[q]);
    }
  }
  if (input.chosen.length === 0) picked.push(...withBuyers.slice(0, TRAINING.maxEvents));
  picked.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  // Features as of the pseudo "now".
  const history = indexHistory(
    customers,
    before.map((e) => e.id),
    input.purchases,
    purchaseFilter(input.filters, cut),
    input.minorPerMajor,
  );
  const links = linkEvents(picked, before);
  const cf = collaborativeWeights(history, links);
  const E = picked.length;
  const P = before.length;
  const all = new Uint8Array(customers.length).fill(1);
  const affinity = scoreCustomers(
    history,
    purchaseWeights(links.matrix, cf, E, P, sameCategory(picked, before)),
    picked.map((e) => e.price),
    all,
    cut,
  ).scores;
  const fi: FeatureInput = { history, past: links.past, targets: links.chosen, content: links.matrix, collaborative: cf, affinity, cutoffMs: cut };

  // Rows: every positive and a hash sample of the negatives, of customers with history before T'.
  const label = picked.map((e) => bought[duringIndex.get(e.id)!]);
  let positives = 0;
  let negatives = 0;
  const positiveCustomers = new Set<number>();
  for (let i = 0; i < customers.length; i++) {
    if (history.offsets[i + 1] === history.offsets[i]) continue;
    for (let e = 0; e < E; e++) {
      if (label[e].has(i)) {
        positives++;
        positiveCustomers.add(i);
      } else negatives++;
    }
  }
  const rateP = Math.min(1, TRAINING.maxPositives / Math.max(1, positives));
  const rateN = Math.min(1, TRAINING.maxNegatives / Math.max(1, negatives));
  const summary: TrainingSummary = {
    windowMs: W,
    events: E,
    rows: 0,
    positives,
    positiveCustomers: positiveCustomers.size,
    correction: Math.log(rateN / rateP),
  };
  const reason = fallbackReason(summary);
  if (reason) return { ok: false, reason, summary };

  const tables = featureTables(fi);
  const rows: number[] = [];
  const ys: number[] = [];
  const buffer = new Float64Array(E * D);
  const scratch = featureScratch(E);
  for (let i = 0; i < customers.length; i++) {
    if (history.offsets[i + 1] === history.offsets[i]) continue;
    let computed = false;
    for (let e = 0; e < E; e++) {
      const y = label[e].has(i) ? 1 : 0;
      if (pairHash(customers[i].id, picked[e].id) >= (y ? rateP : rateN)) continue;
      if (!computed) computed = customerFeatures(fi, tables, i, buffer, scratch);
      for (let j = 0; j < D; j++) rows.push(buffer[e * D + j]);
      ys.push(y);
    }
  }
  summary.rows = ys.length;
  const X = Float64Array.from(rows);
  const s = standardiser(X, D);
  standardise(X, s);
  const model = fitLogistic(X, ys, D, { l2: Number(VARIANT('PKG_L2', String(TRAINING.l2))) });
  if (!model.converged || !Number.isFinite(model.intercept) || model.coef.some((c) => !Number.isFinite(c))) {
    return { ok: false, reason: 'the fit did not converge', summary };
  }
  return { ok: true, ranker: { model, standardiser: s, summary } };
}

/**
 * p(u, e) for every eligible customer with a counted purchase (0 for the rest), at i * E + e,
 * from the features as of now (step 5).
 */
export function applyPropensity(ranker: PropensityModel, input: FeatureInput, eligible: Uint8Array): Float32Array {
  const E = input.targets.length;
  const n = input.history.customerCount;
  const out = new Float32Array(n * E);
  const tables = featureTables(input);
  const buffer = new Float64Array(E * D);
  const scratch = featureScratch(E);
  const { mean, scale } = ranker.standardiser;
  for (let i = 0; i < n; i++) {
    if (!eligible[i] || !customerFeatures(input, tables, i, buffer, scratch)) continue;
    for (let k = 0; k < buffer.length; k++) {
      const j = k % D;
      buffer[k] = Number.isNaN(buffer[k]) ? 0 : (buffer[k] - mean[j]) / scale[j];
    }
    for (let e = 0; e < E; e++) out[i * E + e] = sigmoid(linearPredictor(ranker.model, buffer, e * D) + ranker.summary.correction);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The hook of build.ts

export interface RankInput extends PropensityInput {
  /** The build's history as of now, its content links and collaborative weights (build.ts). */
  history: History;
  past: readonly PreparedEvent[];
  content: Float32Array;
  collaborative: Float32Array;
  /** The hand-weighted affinity (affinity.ts), normalised per event. */
  affinity: Float32Array;
  eligible: Uint8Array;
  audienceShare: number;
}

export interface Ranking {
  /** Per customer and chosen event (i * E + e): what the variations are grouped by. */
  scores: Float32Array;
  /** The audience, best first (customer indices). */
  audience: number[];
  /** Every customer with a probability, best first (the ranker only). */
  candidates?: number[];
  /** p(u, e) when the ranker was fitted; null when the build fell back to the affinity. */
  probabilities: Float32Array | null;
  /** Why the ranker was not fitted; null when it was. */
  fallback: string | null;
  training?: TrainingSummary;
}

const VARIANT = (name: string, fallback: string) => (typeof process !== 'undefined' && process.env?.[name]) || fallback;

/**
 * The audience and the scores the variations are built from. With a fitted ranker: the audience
 * is as large as the affinity's (audienceShare of the customers with any affinity), its members
 * the customers most likely to buy any chosen event; the scores are each event's probability
 * relative to its mean (so a popular show does not pull every customer's direction). Without:
 * the affinity, as before.
 */
export function rankCustomers(input: RankInput): Ranking {
  const E = input.chosen.length;
  const legacyAudience = selectAudience(input.affinity, E, input.audienceShare);
  const training: Training = VARIANT('PKG_RANKER', 'on') === 'off' ? { ok: false, reason: 'off' } : trainPropensity(input);
  if (VARIANT('PKG_DEBUG', '') && training.ok) {
    const r = training.ranker;
    console.error(JSON.stringify({ ...r.summary, windowDays: r.summary.windowMs / DAY_MS, it: r.model.iterations, b: +r.model.intercept.toFixed(3), coef: Object.fromEntries(FEATURES.map((f, j) => [f, +r.model.coef[j].toFixed(3)])) }));
  } else if (VARIANT('PKG_DEBUG', '')) console.error('fallback', !training.ok && training.reason);
  if (!training.ok) return { scores: input.affinity, audience: legacyAudience, probabilities: null, fallback: training.reason, training: training.summary };
  const fi: FeatureInput = {
    history: input.history,
    past: input.past,
    targets: input.chosen,
    content: input.content,
    collaborative: input.collaborative,
    affinity: input.affinity,
    cutoffMs: input.nowMs,
  };
  const probabilities = applyPropensity(training.ranker, fi, input.eligible);
  const n = input.history.customerCount;
  const size = legacyAudience.length;
  const any = new Float64Array(n);
  const candidates: number[] = [];
  const aud = VARIANT('PKG_AUD', 'any');
  for (let i = 0; i < n; i++) {
    let none = 1;
    let best = 0;
    for (let e = 0; e < E; e++) {
      const p = probabilities[i * E + e];
      none *= 1 - p;
      if (p > best) best = p;
    }
    any[i] = aud === 'max' ? best : 1 - none;
    if (any[i] > 0) candidates.push(i);
  }
  candidates.sort((a, b) => any[b] - any[a] || a - b);
  const audience = aud === 'legacy' ? legacyAudience : candidates.slice(0, size);
  const scores = new Float32Array(n * E);
  const mean = new Float64Array(E);
  for (const i of candidates) for (let e = 0; e < E; e++) mean[e] += probabilities[i * E + e];
  for (let e = 0; e < E; e++) mean[e] = candidates.length ? mean[e] / candidates.length : 1;
  for (const i of candidates) for (let e = 0; e < E; e++) scores[i * E + e] = mean[e] > 0 ? probabilities[i * E + e] / mean[e] : 0;
  return { scores, audience, candidates, probabilities, fallback: null, training: training.ranker.summary };
}
