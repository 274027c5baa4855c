// Comparable events: the finished events of the same partner that resemble the one being
// forecast. A weighted nearest-neighbour search over what a programme planner would compare —
// same production (title), category, venue and hall, size, weekday, season — inside the event's
// category, widened to every event when the category has too little history.
import type { PreparedEvent } from './curves';
import { isProduct, startedBefore, type History } from './history';

export interface SimilarityParams {
  /** Neighbours used (fewer when the pool is smaller). */
  k: number;
  /** Below this many finished events in the category, compare with every event instead. */
  minGroup: number;
  /** Distance added when the attribute differs. */
  title: number;
  venue: number;
  hall: number;
  /** Weekend (Fri/Sat) against weekday evenings. */
  weekend: number;
  /** Per |ln(capacity ratio)|: a 2× larger hall adds 0.69 × this. */
  capacity: number;
  /** For six months apart (the far side of the year); linear in between. */
  month: number;
  /** Kernel width: a neighbour's weight is exp(-distance / bandwidth). */
  bandwidth: number;
}

export const DEFAULT_SIMILARITY: SimilarityParams = {
  k: 20,
  minGroup: 6,
  // A production's other dates stand out without drowning the rest of the category: the state
  // should tell how the event sells against similar events, not only against its own run.
  title: 1,
  venue: 0.5,
  hall: 0.5,
  weekend: 0.4,
  capacity: 0.6,
  month: 0.4,
  bandwidth: 1,
};

export interface Neighbour {
  event: PreparedEvent;
  weight: number;
  distance: number;
}

export type ComparableGroup = 'category' | 'all';

const isWeekend = (weekday: number) => weekday === 5 || weekday === 6;

export function distance(a: PreparedEvent, b: PreparedEvent, p: SimilarityParams): number {
  let d = 0;
  if (a.rec.title !== b.rec.title) d += p.title;
  if (a.rec.venueId !== b.rec.venueId) d += p.venue;
  if (a.rec.hallId !== b.rec.hallId) d += p.hall;
  if (isWeekend(a.weekday) !== isWeekend(b.weekday)) d += p.weekend;
  const ca = Math.max(1, a.rec.capacity);
  const cb = Math.max(1, b.rec.capacity);
  d += p.capacity * Math.abs(Math.log(ca / cb));
  const dm = Math.abs(a.month - b.month);
  d += (p.month * Math.min(dm, 12 - dm)) / 6;
  return d;
}

/**
 * Candidates for `target` in fallback order: the learnable events of its category that had
 * started before `beforeMs`, or, when the category has fewer than `minGroup` of them, all events
 * of its kind (products only ever compare with products: a voucher does not sell like a show).
 * The target itself is never among them.
 */
export function comparablePool(
  target: PreparedEvent,
  history: History,
  beforeMs: number,
  p: SimilarityParams,
): { group: ComparableGroup; pool: PreparedEvent[] } {
  const notSelf = (list: PreparedEvent[]) => list.filter((e) => e.rec.id !== target.rec.id);
  const sameCategory = notSelf(startedBefore(history.byCategory.get(target.rec.category) ?? [], beforeMs));
  if (sameCategory.length >= p.minGroup) return { group: 'category', pool: sameCategory };
  const kind = isProduct(target) ? history.byKind.product : history.byKind.show;
  return { group: 'all', pool: notSelf(startedBefore(kind, beforeMs)) };
}

/** The k nearest events of `pool` by `dist`, nearest first, with kernel weights exp(-dist). */
export function nearestBy(pool: readonly PreparedEvent[], k: number, dist: (e: PreparedEvent) => number): Neighbour[] {
  // Ties go to the more recent event: the partner's current pricing and audience.
  const before = (a: Neighbour, b: Neighbour) => a.distance < b.distance || (a.distance === b.distance && a.event.rec.startMs > b.event.rec.startMs);
  // A bounded insertion list instead of sorting the whole pool: the replay asks this for every
  // finished event at every horizon, and most of the pool is farther than the k-th neighbour.
  const top: Neighbour[] = [];
  for (const event of pool) {
    const n: Neighbour = { event, distance: dist(event), weight: 0 };
    if (top.length === k && !before(n, top[k - 1])) continue;
    let i = top.length;
    if (i < k) top.push(n);
    else i = k - 1;
    while (i > 0 && before(n, top[i - 1])) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = n;
  }
  for (const n of top) n.weight = Math.exp(-n.distance);
  return top;
}

/** Comparable events by their attributes alone: the benchmark an event is judged against. */
export function findComparables(
  target: PreparedEvent,
  history: History,
  beforeMs: number,
  p: SimilarityParams = DEFAULT_SIMILARITY,
): { group: ComparableGroup; neighbours: Neighbour[] } {
  const { group, pool } = comparablePool(target, history, beforeMs, p);
  return { group, neighbours: nearestBy(pool, p.k, (e) => distance(target, e, p) / p.bandwidth) };
}
