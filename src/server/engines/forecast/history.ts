// A partner's history prepared once: every event's booking curve, and the learnable events in
// start order, per category and per kind (show or product), so "what had finished before day X"
// is a prefix found by binary search instead of a scan.
import { DAY_MS, type EventRecord } from './types';
import { prepareEvent, type PreparedEvent } from './curves';

export interface History {
  all: PreparedEvent[];
  byId: Map<string, PreparedEvent>;
  /** Learnable events with a capacity, by start time. */
  learnable: PreparedEvent[];
  /** The same, split by category and by kind (products apart from shows). */
  byCategory: Map<string, PreparedEvent[]>;
  byKind: { show: PreparedEvent[]; product: PreparedEvent[] };
  /** Events of each title, any state, by start time (a production's dates). */
  byTitle: Map<string, PreparedEvent[]>;
}

export const isProduct = (e: PreparedEvent): boolean => e.rec.category === 'product';

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

export function buildHistory(records: readonly EventRecord[]): History {
  return historyOf(records.map(prepareEvent));
}

/** A history of events prepared already (a segment's share of a partner's history). */
export function historyOf(all: PreparedEvent[]): History {
  const byId = new Map(all.map((e) => [e.rec.id, e]));
  const learnable = all.filter((e) => e.rec.learnable && e.rec.capacity > 0).sort((a, b) => a.rec.startMs - b.rec.startMs);
  const byCategory = new Map<string, PreparedEvent[]>();
  const byKind = { show: [] as PreparedEvent[], product: [] as PreparedEvent[] };
  for (const e of learnable) {
    push(byCategory, e.rec.category, e);
    (isProduct(e) ? byKind.product : byKind.show).push(e);
  }
  const byTitle = new Map<string, PreparedEvent[]>();
  for (const e of [...all].sort((a, b) => a.rec.startMs - b.rec.startMs)) push(byTitle, e.rec.title, e);
  return { all, byId, learnable, byCategory, byKind, byTitle };
}

/** How many events of `sorted` (by start) had started before `ms`. */
export function countBefore(sorted: readonly PreparedEvent[], ms: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].rec.startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Events of `sorted` that had started before `ms`: their curves were complete by then. */
export const startedBefore = (sorted: readonly PreparedEvent[], ms: number): PreparedEvent[] =>
  sorted.slice(0, countBefore(sorted, ms));

/** The moment a forecast made `daysOut` days before the start stands at: the start of that UTC day. */
export const cutoffMs = (e: PreparedEvent, daysOut: number): number => (e.startDay - daysOut) * DAY_MS;
