// A purchase-propensity ranker learned from the partner's own history (engine pkg-3).
//
// The hand-weighted affinity (affinity.ts) says who resembles an event's audience; it does not
// know how much this partner's customers buy by habit, by kind of show, by hall, by price or by
// how far ahead, and those differ from partner to partner. So each build fits a small model to
// the partner's last season, the way the package will later be judged:
//
//   1. a pseudo "now" T' = now − W, W the horizon of the chosen events (trainingWindow());
//   2. the pseudo-upcoming events: the events that started in [T', now) and sold there, the ones
//      most like each chosen event in turn (at most TRAINING.maxEvents);
//   3. the features of every (customer, pseudo-upcoming event) from the purchases before T' only;
//      label 1 when the customer bought that event in [T', now);
//   4. L2 logistic regression on standardised features (logistic.ts), the rows a hash sample
//      (every positive up to a cap, the negatives down to a cap) and the intercept corrected for
//      the sampling rates, so the fitted values are probabilities again;
//   5. the same features from every purchase before now, for the chosen events, through the
//      model: p(u, e), the probability that customer u buys chosen event e.
//
// Fallback: when the last season is too thin to learn from (fallbackReason()) or the fit fails,
// no model is used and the build keeps the hand-weighted affinity (the pkg-2 ranking).
//
// Determinism: events and customers come in id order (build.ts), the training rows are chosen
// by a hash of ids rather than by position, and the fit is exact (Newton), so the same inputs
// give the same probabilities whatever order the rows were loaded in.
import { MIN_CONTENT, purchaseWeights, sameCategory, scoreCustomers } from './affinity';
import { collaborativeWeights } from './collaborative';
import type { History } from './history';
import { linkEvents } from './links';
import { fitLogistic, sigmoid, standardise, standardiser, type LogisticModel, type Standardiser } from './logistic';
import { median } from './median';
import { priceLevel, type PreparedEvent } from './similarity';
import { selectAudience } from './variations';
import { DAY_MS, YEAR_MS, type Customer, type EventFeatures } from './types';

export const TRAINING = {
  /** The label window W: the chosen events' horizon (last start − now), within these bounds … */
  minWindowMs: 90 * DAY_MS,
  maxWindowMs: 365 * DAY_MS,
  /** … and at most this share of the history's span, so the features keep history behind T'. */
  maxWindowShareOfHistory: 0.5,
  /** Pseudo-upcoming events the model learns from. */
  maxEvents: 40,
  /** Rows kept at most of each label (a hash sample; the intercept is corrected for it). */
  maxPositives: 20_000,
  maxNegatives: 20_000,
  /** λ of the L2 penalty on the standardised coefficients. */
  l2: 1,
  /** Fallback rule: below any of these the ranker is not fitted. */
  minEvents: 5,
  minPositives: 100,
  minPositiveCustomers: 30,
} as const;

/** Purchases in the event's category are also counted halved per this age (the affinity's recency: two years). */
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
  'venue_share', // the same for the venue
  'weekday_share', // share of the customer's events on the event's weekday
  'time_fit', // mean closeness of start times, e^{−Δminutes/90}
  'upfront_gap', // log(1 + days until the event) − mean over the customer's purchases of log(1 + days upfront)
  'category_prior', // log(1 + mean buyers per past event of the category in the year before): the event's draw
] as const;
export const D = FEATURES.length;

/** What the features read, as of one cut-off. */
export interface FeatureInput {
  history: History;
  /** The history's past events, prepared (links.ts ContentLinks.past). */
  past: readonly PreparedEvent[];
  /** The events the features are for (the chosen ones, or the pseudo-upcoming ones). */
  targets: readonly PreparedEvent[];
  /** similarity(target e, past p) at e * P + p. */
  content: Float32Array;
  /** Collaborative weight of past p for target e at e * P + p. */
  collaborative: Float32Array;
  /** Hand-weighted affinity of customer i for target e at i * E + e. */
  affinity: Float32Array;
  cutoffMs: number;
}

/** What customerFeatures() looks up, computed once per cut-off. */
export interface FeatureTables {
  E: number;
  P: number;
  /** Per past event p and target e at (p * E + e) * 3: content², collaborative weight, start-time closeness. */
  pairs: Float32Array;
  /** Index of each past event's and target's category (-1: a product, no taste), hall and venue (-1: unknown). */
  pastCategory: Int32Array;
  targetCategory: Int32Array;
  pastHall: Int32Array;
  targetHall: Int32Array;
  pastVenue: Int32Array;
  targetVenue: Int32Array;
  pastWeekday: Int32Array;
  targetWeekday: Int32Array;
  categories: number;
  halls: number;
  venues: number;
  targetLevel: Float64Array;
  daysUntil: Float64Array;
  categoryPrior: Float64Array;
  pastStartMs: Float64Array;
}

/** Indices of values in first-seen order; null (and 'product' for categories) is -1. */
function indexer<T>(skip?: T) {
  const index = new Map<T, number>();
  const of = (v: T | null) => {
    if (v === null || v === skip) return -1;
    let k = index.get(v);
    if (k === undefined) index.set(v, (k = index.size));
    return k;
  };
  return { of, size: () => index.size };
}

export function featureTables(input: FeatureInput): FeatureTables {
  const { past, targets, history, cutoffMs } = input;
  const E = targets.length;
  const P = past.length;
  const pairs = new Float32Array(P * E * 3);
  for (let e = 0; e < E; e++) {
    for (let p = 0; p < P; p++) {
      const c = input.content[e * P + p];
      const k = (p * E + e) * 3;
      pairs[k] = c >= MIN_CONTENT ? c * c : 0;
      pairs[k + 1] = input.collaborative[e * P + p];
      pairs[k + 2] = Math.exp(-Math.abs(targets[e].minuteOfDay - past[p].minuteOfDay) / 90);
    }
  }
  const category = indexer<string>('product');
  const hall = indexer<number>();
  const venue = indexer<number>();
  const pastCategory = Int32Array.from(past, (q) => category.of(q.event.category));
  const targetCategory = Int32Array.from(targets, (t) => category.of(t.event.category));
  const pastHall = Int32Array.from(past, (q) => hall.of(q.event.hallId));
  const targetHall = Int32Array.from(targets, (t) => hall.of(t.event.hallId));
  const pastVenue = Int32Array.from(past, (q) => venue.of(q.event.venueId));
  const targetVenue = Int32Array.from(targets, (t) => venue.of(t.event.venueId));

  // The draw of each target's kind of show: mean distinct buyers per past event of its category
  // that started in the year before the cut-off (all years when none did).
  const categoryPrior = new Float64Array(E).fill(NaN);
  for (let e = 0; e < E; e++) {
    let recent = 0;
    let recentN = 0;
    let all = 0;
    let allN = 0;
    for (let p = 0; p < P; p++) {
      if (targetCategory[e] < 0 || pastCategory[p] !== targetCategory[e]) continue;
      all += history.buyers[p];
      allN++;
      if (past[p].event.startMs >= cutoffMs - YEAR_MS) {
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
    pairs,
    pastCategory,
    targetCategory,
    pastHall,
    targetHall,
    pastVenue,
    targetVenue,
    pastWeekday: Int32Array.from(past, (q) => q.weekday),
    targetWeekday: Int32Array.from(targets, (t) => t.weekday),
    categories: category.size(),
    halls: hall.size(),
    venues: venue.size(),
    targetLevel: Float64Array.from(targets, (t) => (t.event.price === null ? NaN : priceLevel(t.event.price))),
    daysUntil: Float64Array.from(targets, (t) => Math.max(0, (t.event.startMs - cutoffMs) / DAY_MS)),
    categoryPrior,
    pastStartMs: Float64Array.from(past, (q) => q.event.startMs),
  };
}

/** Scratch buffers of customerFeatures(), one set per build. */
export interface FeatureScratch {
  pairs: Float64Array;
  categoryCount: Float64Array;
  categoryRecent: Float64Array;
  hall: Float64Array;
  venue: Float64Array;
  weekday: Float64Array;
}

export function featureScratch(t: FeatureTables): FeatureScratch {
  return {
    pairs: new Float64Array(t.E * 3),
    categoryCount: new Float64Array(t.categories),
    categoryRecent: new Float64Array(t.categories),
    hall: new Float64Array(t.halls),
    venue: new Float64Array(t.venues),
    weekday: new Float64Array(7),
  };
}

/**
 * The features of customer i for every target (E × D, row-major) into `out`. Returns false (and
 * leaves `out` alone) for a customer without a counted purchase: there is nothing to rank them by.
 * One pass over the customer's purchases and one over their distinct events; per target only
 * the pair terms (content, co-purchases, start time) cost a multiply-add per event bought.
 */
export function customerFeatures(input: FeatureInput, t: FeatureTables, i: number, out: Float64Array, s: FeatureScratch = featureScratch(t)): boolean {
  const { history, cutoffMs } = input;
  const { E } = t;
  const from = history.offsets[i];
  const to = history.offsets[i + 1];
  if (to === from) return false;
  s.categoryCount.fill(0);
  s.categoryRecent.fill(0);
  s.hall.fill(0);
  s.venue.fill(0);
  s.weekday.fill(0);
  s.pairs.fill(0);
  const categoryDecay = Math.LN2 / CATEGORY_HALF_LIFE_MS;
  let monetary = 0;
  let upfront = 0;
  let last = -Infinity;
  for (let r = from; r < to; r++) {
    const p = history.event[r];
    const sold = history.soldAtMs[r];
    monetary += history.amount[r];
    if (sold > last) last = sold;
    upfront += Math.log1p(Math.max(0, (t.pastStartMs[p] - sold) / DAY_MS));
    const c = t.pastCategory[p];
    if (c >= 0) {
      s.categoryCount[c]++;
      s.categoryRecent[c] += Math.exp(-Math.max(0, cutoffMs - sold) * categoryDecay);
    }
  }
  const recencyDecay = Math.LN2 / RECENCY_HALF_LIFE_MS;
  const dFrom = history.distinctOffsets[i];
  const dTo = history.distinctOffsets[i + 1];
  for (let d = dFrom; d < dTo; d++) {
    const p = history.distinctEvent[d];
    if (t.pastHall[p] >= 0) s.hall[t.pastHall[p]]++;
    if (t.pastVenue[p] >= 0) s.venue[t.pastVenue[p]]++;
    s.weekday[t.pastWeekday[p]]++;
    const r = Math.exp(-Math.max(0, cutoffMs - history.distinctLastMs[d]) * recencyDecay);
    const base = p * E * 3;
    for (let e = 0; e < E; e++) {
      const k = base + e * 3;
      s.pairs[e * 3] += t.pairs[k] * r;
      s.pairs[e * 3 + 1] += t.pairs[k + 1] * r;
      s.pairs[e * 3 + 2] += t.pairs[k + 2];
    }
  }
  const purchases = to - from;
  const distinct = dTo - dFrom;
  const daysSince = Math.log1p(Math.max(0, cutoffMs - last) / DAY_MS);
  const level = Number.isNaN(history.typicalPrice[i]) ? NaN : priceLevel(history.typicalPrice[i]);
  const upfrontHabit = upfront / purchases;
  for (let e = 0; e < E; e++) {
    const o = e * D;
    const c = t.targetCategory[e];
    const inCategory = c >= 0 ? s.categoryCount[c] : 0;
    out[o] = Math.log1p(inCategory);
    out[o + 1] = Math.log1p(c >= 0 ? s.categoryRecent[c] : 0);
    out[o + 2] = inCategory / purchases;
    out[o + 3] = Math.log1p(purchases);
    out[o + 4] = daysSince;
    out[o + 5] = Math.log1p(monetary);
    out[o + 6] = Math.log1p(s.pairs[e * 3 + 1]);
    out[o + 7] = Math.log1p(s.pairs[e * 3]);
    out[o + 8] = Math.log1p(input.affinity[i * E + e]);
    out[o + 9] = Math.abs(level - t.targetLevel[e]); // NaN when either is unknown
    out[o + 10] = t.targetHall[e] >= 0 ? s.hall[t.targetHall[e]] / distinct : NaN;
    out[o + 11] = t.targetVenue[e] >= 0 ? s.venue[t.targetVenue[e]] / distinct : NaN;
    out[o + 12] = s.weekday[t.targetWeekday[e]] / distinct;
    out[o + 13] = s.pairs[e * 3 + 2] / distinct;
    out[o + 14] = Math.log1p(t.daysUntil[e]) - upfrontHabit;
    out[o + 15] = t.categoryPrior[e];
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Training on the last season

/** FNV-1a of a string (an event id). */
export function stringHash(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/** A uniform number in [0, 1) from a customer id and an event's stringHash(): the row sample, independent of row positions. */
export function pairHash(customerId: number, eventSeed: number): number {
  let h = eventSeed ^ Math.imul(customerId | 0, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** W: the chosen events' horizon (last start − now) within TRAINING's bounds, and at most half the history's span. */
export function trainingWindow(chosenStartMs: readonly number[], nowMs: number, firstPurchaseMs: number): number {
  const horizon = chosenStartMs.length ? Math.max(...chosenStartMs) - nowMs : 0;
  const w = Math.min(TRAINING.maxWindowMs, Math.max(TRAINING.minWindowMs, horizon));
  const span = Number.isFinite(firstPurchaseMs) ? Math.max(0, nowMs - firstPurchaseMs) : 0;
  return Math.min(w, TRAINING.maxWindowShareOfHistory * span);
}

export interface TrainingSummary {
  windowMs: number;
  /** Pseudo-upcoming events learnt from. */
  events: number;
  /** (customer, event) pairs with a label 1, and their distinct customers (customers with history before T'). */
  positives: number;
  positiveCustomers: number;
  /** Rows the model was fitted on (after the sample). */
  rows: number;
  /** log(negative rate / positive rate) of the sample: added to the fitted intercept. */
  correction: number;
}

/** Why the ranker is not fitted (null: it can be). The rule in one place, for the tests and the docs. */
export function fallbackReason(s: Pick<TrainingSummary, 'events' | 'positives' | 'positiveCustomers'>): string | null {
  if (s.events < TRAINING.minEvents) return `${s.events} events sold in the last window (< ${TRAINING.minEvents})`;
  if (s.positives < TRAINING.minPositives) return `${s.positives} purchases in the last window by customers with earlier history (< ${TRAINING.minPositives})`;
  if (s.positiveCustomers < TRAINING.minPositiveCustomers) return `${s.positiveCustomers} such buyers (< ${TRAINING.minPositiveCustomers})`;
  return null;
}

export interface PropensityInput {
  /** The chosen events, prepared, in id order (build.ts). */
  chosen: readonly PreparedEvent[];
  /** Past events (started before now), in id order: the history's events. */
  pastEvents: readonly EventFeatures[];
  /** In id order: the history's customers. */
  customers: readonly Customer[];
  /** The counted purchases as of now (build.ts; the segmentation's purchase filters applied). */
  history: History;
  nowMs: number;
}

export interface PropensityModel {
  model: LogisticModel;
  standardiser: Standardiser;
  summary: TrainingSummary;
}

export type Training = { ok: true; ranker: PropensityModel } | { ok: false; reason: string; summary?: TrainingSummary };

const byId = (a: EventFeatures, b: EventFeatures) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The history as it stood at `untilMs`: the rows sold before it, of the events `keep` maps to a
 * new index (-1: left out). What indexHistory() gives for those events and a purchase filter
 * ending at `untilMs`, without a second pass over the raw purchases.
 */
export function historyBefore(h: History, keep: Int32Array, pastCount: number, untilMs: number): History {
  const n = h.customerCount;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    let c = 0;
    for (let r = h.offsets[i]; r < h.offsets[i + 1]; r++) if (h.soldAtMs[r] < untilMs && keep[h.event[r]] >= 0) c++;
    offsets[i + 1] = offsets[i] + c;
  }
  const total = offsets[n];
  const event = new Int32Array(total);
  const tickets = new Int32Array(total);
  const amount = new Float64Array(total);
  const soldAtMs = new Float64Array(total);
  const distinctOffsets = new Int32Array(n + 1);
  const distinctEvent = new Int32Array(total);
  const distinctLastMs = new Float64Array(total);
  const typicalPrice = new Float64Array(n).fill(NaN);
  const buyers = new Int32Array(pastCount);
  const slot = new Int32Array(pastCount).fill(-1);
  let longest = 0;
  for (let i = 0; i < n; i++) longest = Math.max(longest, offsets[i + 1] - offsets[i]);
  const prices = new Float64Array(longest);
  let at = 0;
  let d = 0;
  for (let i = 0; i < n; i++) {
    distinctOffsets[i] = d;
    for (let r = h.offsets[i]; r < h.offsets[i + 1]; r++) {
      const p = keep[h.event[r]];
      if (h.soldAtMs[r] >= untilMs || p < 0) continue;
      event[at] = p;
      tickets[at] = h.tickets[r];
      amount[at] = h.amount[r];
      soldAtMs[at] = h.soldAtMs[r];
      const s = slot[p];
      if (s >= distinctOffsets[i]) {
        if (soldAtMs[at] > distinctLastMs[s]) distinctLastMs[s] = soldAtMs[at];
      } else {
        slot[p] = d;
        distinctEvent[d] = p;
        distinctLastMs[d] = soldAtMs[at];
        buyers[p]++;
        d++;
      }
      prices[at - offsets[i]] = amount[at] / tickets[at];
      at++;
    }
    typicalPrice[i] = median(prices.subarray(0, offsets[i + 1] - offsets[i])) ?? NaN;
  }
  distinctOffsets[n] = d;
  return {
    customerCount: n,
    pastCount,
    offsets,
    event,
    tickets,
    amount,
    soldAtMs,
    distinctOffsets,
    distinctEvent: distinctEvent.slice(0, d),
    distinctLastMs: distinctLastMs.slice(0, d),
    typicalPrice,
    buyers,
  };
}

/** Customers between two pauses of the step-wise functions below (about 0.1–0.2 s of work at 100,000). */
const PAUSE_EVERY = 10_000;

/** Runs a step-wise function to its end without pausing (the synchronous callers). */
export function runSteps<T>(steps: Generator<unknown, T>): T {
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/** Fits the ranker on the last window of the history (steps 1–4 above). */
export function trainPropensity(input: PropensityInput): Training {
  return runSteps(trainSteps(input));
}

/**
 * trainPropensity as a generator: it yields between its parts and every PAUSE_EVERY customers, so a
 * caller that shares its event loop (the packages module's build task) can pause there.
 */
export function* trainSteps(input: PropensityInput): Generator<void, Training> {
  const { nowMs, customers, history: now, pastEvents } = input;
  let first = Infinity;
  for (let r = 0; r < now.soldAtMs.length; r++) if (now.soldAtMs[r] < first) first = now.soldAtMs[r];
  const W = trainingWindow(
    input.chosen.map((c) => c.event.startMs),
    nowMs,
    first,
  );
  const cut = nowMs - W;
  // Past events before the pseudo "now" keep their place in the history at T'; the window's are the pseudo-upcoming candidates.
  const keep = new Int32Array(pastEvents.length).fill(-1);
  const before: EventFeatures[] = [];
  const during: number[] = [];
  pastEvents.forEach((e, p) => {
    if (e.startMs < cut) keep[p] = before.push(e) - 1;
    else during.push(p);
  });
  if (W <= 0 || before.length === 0) return { ok: false, reason: 'no history before the last window' };

  // Labels: who bought each event of the window, in the window (the purchases that count now).
  const buyersIn = new Map<number, number[]>(during.map((p) => [p, []]));
  for (let i = 0; i < now.customerCount; i++) {
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    for (let r = now.offsets[i]; r < now.offsets[i + 1]; r++) {
      const list = now.soldAtMs[r] >= cut ? buyersIn.get(now.event[r]) : undefined;
      if (list && list[list.length - 1] !== i) list.push(i);
    }
  }
  // The pseudo-upcoming events: those that sold, the most like each chosen event in turn.
  const sold = during.filter((p) => buyersIn.get(p)!.length > 0);
  const Q = sold.length;
  const similar = linkEvents(
    input.chosen.map((c) => c.event),
    sold.map((p) => pastEvents[p]),
  ).matrix;
  const idOf = (q: number) => pastEvents[sold[q]].id;
  const orders = input.chosen.map((_, e) => Array.from({ length: Q }, (_, q) => q).sort((a, b) => similar[e * Q + b] - similar[e * Q + a] || (idOf(a) < idOf(b) ? -1 : 1)));
  const taken = new Uint8Array(Q);
  const pickedIndex: number[] = [];
  for (let r = 0; r < Q && pickedIndex.length < TRAINING.maxEvents; r++) {
    for (const order of orders) {
      if (pickedIndex.length >= TRAINING.maxEvents) break;
      if (taken[order[r]]) continue;
      taken[order[r]] = 1;
      pickedIndex.push(sold[order[r]]);
    }
  }
  pickedIndex.sort((a, b) => a - b); // past events are in id order
  const picked = pickedIndex.map((p) => pastEvents[p]);
  const E = picked.length;
  const n = customers.length;

  // The history as of T', and which of its customers bought which picked event in the window.
  yield;
  const history = historyBefore(now, keep, before.length, cut);
  yield;
  const label = new Uint8Array(n * E);
  const positiveCustomers = new Set<number>();
  let positives = 0;
  let withHistory = 0;
  for (let i = 0; i < n; i++) if (history.offsets[i + 1] > history.offsets[i]) withHistory++;
  pickedIndex.forEach((p, e) => {
    for (const i of buyersIn.get(p)!) {
      if (history.offsets[i + 1] === history.offsets[i]) continue;
      label[i * E + e] = 1;
      positives++;
      positiveCustomers.add(i);
    }
  });
  const negatives = withHistory * E - positives;
  const rateP = Math.min(1, TRAINING.maxPositives / Math.max(1, positives));
  const rateN = Math.min(1, TRAINING.maxNegatives / Math.max(1, negatives));
  const summary: TrainingSummary = { windowMs: W, events: E, positives, positiveCustomers: positiveCustomers.size, rows: 0, correction: Math.log(rateN / rateP) };
  const reason = fallbackReason(summary);
  if (reason) return { ok: false, reason, summary };

  yield;
  const links = linkEvents(picked, before);
  yield;
  const cf = collaborativeWeights(history, links);
  const P = before.length;
  yield;
  const affinity = scoreCustomers(
    history,
    purchaseWeights(links.matrix, cf, E, P, sameCategory(picked, before)),
    picked.map((e) => e.price),
    new Uint8Array(n).fill(1),
    cut,
  ).scores;
  const fi: FeatureInput = { history, past: links.past, targets: links.chosen, content: links.matrix, collaborative: cf, affinity, cutoffMs: cut };
  yield;
  const tables = featureTables(fi);
  const scratch = featureScratch(tables);
  const buffer = new Float64Array(E * D);
  let X = new Float64Array(1024 * D);
  const ys: number[] = [];
  const eventSeeds = Uint32Array.from(picked, (e) => stringHash(e.id));
  for (let i = 0; i < n; i++) {
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    if (history.offsets[i + 1] === history.offsets[i]) continue;
    let computed = false;
    for (let e = 0; e < E; e++) {
      const y = label[i * E + e];
      if (pairHash(customers[i].id, eventSeeds[e]) >= (y ? rateP : rateN)) continue;
      if (!computed) computed = customerFeatures(fi, tables, i, buffer, scratch);
      if ((ys.length + 1) * D > X.length) {
        const grown = new Float64Array(X.length * 2);
        grown.set(X);
        X = grown;
      }
      X.set(buffer.subarray(e * D, (e + 1) * D), ys.length * D);
      ys.push(y);
    }
  }
  summary.rows = ys.length;
  X = X.slice(0, ys.length * D);
  yield;
  const s = standardiser(X, D);
  standardise(X, s);
  const model = fitLogistic(X, ys, D, { l2: TRAINING.l2 });
  if (!model.converged || !Number.isFinite(model.intercept) || model.coef.some((c) => !Number.isFinite(c))) {
    return { ok: false, reason: 'the fit did not converge', summary };
  }
  return { ok: true, ranker: { model, standardiser: s, summary } };
}

/** p(u, e) for every eligible customer with a counted purchase (0 for the rest) at i * E + e, from the features as of now (step 5). */
export function applyPropensity(ranker: PropensityModel, input: FeatureInput, eligible: Uint8Array): Float32Array {
  return runSteps(applySteps(ranker, input, eligible));
}

/** applyPropensity as a generator, yielding every PAUSE_EVERY customers. */
export function* applySteps(ranker: PropensityModel, input: FeatureInput, eligible: Uint8Array): Generator<void, Float32Array> {
  const E = input.targets.length;
  const n = input.history.customerCount;
  const out = new Float32Array(n * E);
  const tables = featureTables(input);
  const scratch = featureScratch(tables);
  const buffer = new Float64Array(E * D);
  const { mean, scale } = ranker.standardiser;
  const offset = ranker.model.intercept + ranker.summary.correction;
  const coef = ranker.model.coef;
  for (let i = 0; i < n; i++) {
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    if (!eligible[i] || !customerFeatures(input, tables, i, buffer, scratch)) continue;
    for (let e = 0; e < E; e++) {
      let eta = offset;
      for (let j = 0; j < D; j++) {
        const x = buffer[e * D + j];
        if (!Number.isNaN(x)) eta += ((x - mean[j]) / scale[j]) * coef[j];
      }
      out[i * E + e] = sigmoid(eta);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The hook of build.ts

export interface RankInput extends PropensityInput {
  /** The build's history as of now, content links and collaborative weights (build.ts). */
  history: History;
  past: readonly PreparedEvent[];
  content: Float32Array;
  collaborative: Float32Array;
  /** The hand-weighted affinity (affinity.ts scoreCustomers), per event normalised. */
  affinity: Float32Array;
  eligible: Uint8Array;
  audienceShare: number;
  /** 'affinity': skip the ranker (the pkg-2 ranking). */
  method?: 'propensity' | 'affinity';
}

export interface Ranking {
  /** Per customer and chosen event (i * E + e): what the variations are grouped by. */
  scores: Float32Array;
  /** The audience, best first (customer indices). */
  audience: number[];
  /** With the ranker: p(u, e), and every customer with a probability, most likely buyer of any chosen event first. */
  probabilities: Float32Array | null;
  candidates: number[] | null;
  /** How the customers were ranked, and why not by the ranker when it was not. */
  method: 'propensity' | 'affinity';
  fallback: string | null;
  training: TrainingSummary | null;
}

/**
 * The audience and the scores the variations are built from. With a fitted ranker the audience
 * is as large as the affinity's (audienceShare of the customers with any affinity), and the
 * grouping scores are each event's probability relative to its mean over the candidates (so a
 * popular show does not pull every customer's direction the same way); planVariations() then
 * picks the members by probability. Without, the affinity as in pkg-2.
 */
export function rankCustomers(input: RankInput): Ranking {
  return runSteps(rankSteps(input));
}

/** rankCustomers as a generator: it pauses inside the training and the scoring (trainSteps, applySteps). */
export function* rankSteps(input: RankInput): Generator<void, Ranking> {
  const E = input.chosen.length;
  const audience = selectAudience(input.affinity, E, input.audienceShare);
  const training: Training = input.method === 'affinity' ? { ok: false, reason: 'ranking by affinity was asked for' } : yield* trainSteps(input);
  if (!training.ok) {
    return { scores: input.affinity, audience, probabilities: null, candidates: null, method: 'affinity', fallback: training.reason, training: training.summary ?? null };
  }
  yield;
  const probabilities = yield* applySteps(
    training.ranker,
    { history: input.history, past: input.past, targets: input.chosen, content: input.content, collaborative: input.collaborative, affinity: input.affinity, cutoffMs: input.nowMs },
    input.eligible,
  );
  const n = input.history.customerCount;
  const any = new Float64Array(n);
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) {
    let none = 1;
    for (let e = 0; e < E; e++) none *= 1 - probabilities[i * E + e];
    any[i] = 1 - none;
    if (any[i] > 0) candidates.push(i);
  }
  candidates.sort((a, b) => any[b] - any[a] || a - b);
  const mean = new Float64Array(E);
  for (const i of candidates) for (let e = 0; e < E; e++) mean[e] += probabilities[i * E + e];
  const scores = new Float32Array(n * E);
  for (const i of candidates) for (let e = 0; e < E; e++) scores[i * E + e] = mean[e] > 0 ? (probabilities[i * E + e] * candidates.length) / mean[e] : 0;
  return {
    scores,
    audience: candidates.slice(0, audience.length),
    probabilities,
    candidates,
    method: 'propensity',
    fallback: null,
    training: training.ranker.summary,
  };
}
