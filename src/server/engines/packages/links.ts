// Content links: every chosen upcoming event against every past event. The full matrix feeds the
// content part of the affinity; each event's closest past events (its links) are the anchors the
// collaborative filtering spreads from.
import { prepareEvent, similarity, withWordWeights, wordWeights, type PreparedEvent } from './similarity';
import type { EventFeatures, EventLinks } from './types';

/** Anchors per chosen event: enough to cover a season's run of similar shows, few enough to stay specific. */
export const MAX_LINKS = 25;
/** Below this a past event is not a link (a shared weekday and price level alone reach about 0.2). */
export const MIN_LINK_SIMILARITY = 0.35;

export interface ContentLinks {
  chosen: PreparedEvent[];
  past: PreparedEvent[];
  /** similarity(chosen[e], past[p]) at e * past.length + p. */
  matrix: Float32Array;
  /** Per chosen event: indices into `past` of its links, most similar first. */
  anchors: Int32Array[];
  links: EventLinks[];
}

export function linkEvents(chosenEvents: readonly EventFeatures[], pastEvents: readonly EventFeatures[]): ContentLinks {
  const chosen = chosenEvents.map(prepareEvent);
  const past = pastEvents.map(prepareEvent);
  const idf = wordWeights([...chosen, ...past]);
  withWordWeights(chosen, idf);
  withWordWeights(past, idf);

  const P = past.length;
  const matrix = new Float32Array(chosen.length * P);
  const anchors: Int32Array[] = [];
  const links: EventLinks[] = [];
  chosen.forEach((c, e) => {
    for (let p = 0; p < P; p++) matrix[e * P + p] = similarity(c, past[p], idf);
    const best = Array.from({ length: P }, (_, p) => p)
      .filter((p) => matrix[e * P + p] >= MIN_LINK_SIMILARITY)
      // Ties go to the earlier id, so the links do not depend on the order the events came in.
      .sort((a, b) => matrix[e * P + b] - matrix[e * P + a] || (past[a].event.id < past[b].event.id ? -1 : 1))
      .slice(0, MAX_LINKS);
    anchors.push(Int32Array.from(best));
    links.push({ eventId: c.event.id, links: best.map((p) => ({ pastEventId: past[p].event.id, similarity: round3(matrix[e * P + p]) })) });
  });
  return { chosen, past, matrix, anchors, links };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
