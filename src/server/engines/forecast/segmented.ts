// The model of a partner with segments (segments.ts): the partition of its events into
// populations, and one learnt model per population over the population's own history (its
// units' events, and the events of units it borrows from). The live forecast and the backtest
// forecast an event with its population's model only.
import type { PreparedEvent } from './curves';
import { historyOf, type History } from './history';
import { learnModel, type LearnOptions, type LearntModel } from './learner';
import { partitionHistory, populationOf, unitOf, type Partition } from './segments';
import { DEFAULT_PARAMS } from './model';
import { holidayCalendar } from './holidays';

export interface SegmentPart {
  /** The population's history: every event of its units, and the learnable ones of the units it borrows. */
  history: History;
  model: LearntModel;
}

export interface SegmentedModel {
  partition: Partition;
  parts: SegmentPart[];
}

/** One population holding everything: the model before segments (issue 12), for comparison. */
export function unsegmented(history: History): Partition {
  const units = [...new Set(history.all.map(unitOf))].sort();
  return { byUnit: new Map(units.map((u) => [u, 0])), populations: [{ units, borrowed: [] }], tests: [] };
}

/** Each population's share of `history`, in the partition's order. */
export function splitHistory(history: History, partition: Partition): History[] {
  if (partition.populations.length === 1) return [history];
  const lists: PreparedEvent[][] = partition.populations.map(() => []);
  const borrowers = new Map<string, number[]>();
  partition.populations.forEach((p, i) => p.borrowed.forEach((u) => borrowers.set(u, [...(borrowers.get(u) ?? []), i])));
  for (const e of history.all) {
    const own = populationOf(partition, e);
    lists[own].push(e);
    if (e.rec.learnable) for (const i of borrowers.get(unitOf(e)) ?? []) if (i !== own) lists[i].push(e);
  }
  return lists.map(historyOf);
}

export interface SegmentedOptions extends LearnOptions {
  /** false: one population (the model before segments). Default true. */
  segments?: boolean;
}

/** The partition of the history as of `nowMs` and every population's model learnt from its share. */
export function learnSegmented(history: History, nowMs: number, opts: SegmentedOptions = {}): SegmentedModel {
  const params = opts.params ?? DEFAULT_PARAMS;
  const holidays = opts.holidays ?? holidayCalendar();
  const partition = opts.segments === false ? unsegmented(history) : partitionHistory(history, nowMs, { params, holidays });
  const parts = splitHistory(history, partition).map((h) => ({ history: h, model: learnModel(h, nowMs, { params, holidays }) }));
  return { partition, parts };
}

/** The population part that forecasts `e`. */
export const partFor = (m: SegmentedModel, e: PreparedEvent): SegmentPart => m.parts[populationOf(m.partition, e)];
