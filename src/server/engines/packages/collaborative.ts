// Item-to-item collaborative filtering over co-purchases. Content finds the past events that look
// like a chosen one (its anchors); the co-purchases add the past events the anchors' audience
// also bought, however different they look on paper (the subscription series, the festival
// around the anchor, the composer's other works under other titles).
//
// Only anchor rows of the item-item matrix are ever needed, so co-purchases are counted for
// anchors × past events (at most chosen × MAX_LINKS rows) in one pass over each customer's
// distinct events: O(Σ anchors bought × events bought), never customers × past events.
import type { History } from './history';
import type { ContentLinks } from './links';

/**
 * Co-purchase counts shrink toward zero below about this many shared buyers: two customers who
 * happened to buy the same pair of shows are not a pattern.
 */
export const SHRINKAGE = 5;

/**
 * Cosine similarity of each anchor's buyers with each past event's buyers, shrunk for small
 * counts: co / √(buyers_a · buyers_p) · co / (co + SHRINKAGE). Row r belongs to anchors[r].
 */
export function anchorSimilarities(history: History, anchors: Int32Array): Float32Array {
  const P = history.pastCount;
  const rowOf = new Int32Array(P).fill(-1);
  anchors.forEach((p, r) => (rowOf[p] = r));
  const co = new Float32Array(anchors.length * P);
  const { distinctOffsets, distinctEvent } = history;
  const bought: number[] = [];
  for (let i = 0; i < history.customerCount; i++) {
    const from = distinctOffsets[i];
    const to = distinctOffsets[i + 1];
    bought.length = 0;
    for (let d = from; d < to; d++) if (rowOf[distinctEvent[d]] >= 0) bought.push(rowOf[distinctEvent[d]]);
    for (const r of bought) {
      const base = r * P;
      for (let d = from; d < to; d++) co[base + distinctEvent[d]]++;
    }
  }
  anchors.forEach((a, r) => {
    const base = r * P;
    for (let p = 0; p < P; p++) {
      const c = co[base + p];
      if (c > 0) co[base + p] = (c / Math.sqrt(history.buyers[a] * history.buyers[p])) * (c / (c + SHRINKAGE));
    }
  });
  return co;
}

/**
 * The collaborative weight of every past event for every chosen event (chosen-major,
 * e * P + p): Σ over the event's anchors of link similarity × anchor–event cosine, at most 1. A
 * past event bought by the audience of many anchors weighs more than one shared with one anchor.
 */
export function collaborativeWeights(history: History, links: ContentLinks): Float32Array {
  const P = history.pastCount;
  const E = links.chosen.length;
  const all = [...new Set(links.anchors.flatMap((a) => [...a]))].sort((a, b) => a - b);
  const rowOf = new Map(all.map((p, r) => [p, r]));
  const cos = anchorSimilarities(history, Int32Array.from(all));
  const out = new Float32Array(E * P);
  for (let e = 0; e < E; e++) {
    for (const a of links.anchors[e]) {
      const link = links.matrix[e * P + a];
      const base = rowOf.get(a)! * P;
      for (let p = 0; p < P; p++) out[e * P + p] += link * cos[base + p];
    }
    for (let p = 0; p < P; p++) out[e * P + p] = Math.min(1, out[e * P + p]);
  }
  return out;
}
