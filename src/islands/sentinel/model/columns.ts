// spec 3 §3 result tables on screen: the columns and units come from the shared vocabulary
// (src/lib/sentinel/columns.ts, also read by the export), their names from sentinel.columns.*.
// This module only adds what the grid needs on top: which cells align as numbers, and which
// measures the aggregates bar shows in each mode.
import type { ResultType } from '../../../lib/contracts/nlq';
import { measuresFor, resultColumns, type Aggregation, type ColumnSpec, type MeasureSpec } from '../../../lib/sentinel/columns';

export type { ResultRow } from '../../../lib/sentinel/columns';
export { categoryLabel, dateText as dateLabel, cellText, measureText } from '../../../lib/sentinel/columns';

const NUMERIC_UNITS = new Set(['count', 'money', 'percent']);

export const columnsFor = (type: ResultType, prisma: boolean): ColumnSpec[] => resultColumns(type, prisma);
export const isNumeric = (c: ColumnSpec) => NUMERIC_UNITS.has(c.unit);

/** spec 3 §2: events and transactions show the aggregates bar (sum / average) under the header. */
export const hasAggregates = (type: ResultType) => type !== 'customers';

/**
 * The measures the bar shows in a mode: only those the mode fits (no sum of shares or of average
 * prices), in the vocabulary's order; the forecast figures are hidden for the prisma type.
 */
export function shownMeasures(type: ResultType, mode: Aggregation, prisma: boolean): [string, MeasureSpec][] {
  return measuresFor(type, prisma).filter(([, spec]) => spec.aggregations.includes(mode));
}
