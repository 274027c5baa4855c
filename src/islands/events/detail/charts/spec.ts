// What a chart of the event detail shows, apart from the library that draws it: one shared x axis
// of UTC days, series on one or two y scales, filled bands between two edges, and dashed vertical
// markers. The trend and transaction charts build this from API data with pure functions (unit
// tested), and Chart.tsx hands it to uPlot, so the drawing library stays behind one module.

export type SeriesKind = 'line' | 'step' | 'bars';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  kind: SeriesKind;
  /** One value per x, null where the series has nothing. */
  values: (number | null)[];
  /** Line or outline width in CSS pixels (0: none). */
  width: number;
  /** Dash pattern of the line or bar outline, CSS pixels; none = solid. */
  dash?: number[];
  /** Bars only: opacity of the fill. */
  fillOpacity?: number;
  scale: 'y' | 'y2';
  /** The value as the tooltip writes it (idx: the x index, for series that say more than a number). */
  format: (value: number, idx: number) => string;
}

/** A filled area between `low` and `high`, drawn under the series (an uncertainty range). */
export interface ChartBand {
  key: string;
  label: string;
  /** The series it belongs to: its colour, made lighter. */
  color: string;
  low: (number | null)[];
  high: (number | null)[];
  format: (low: number, high: number) => string;
}

export interface ChartAxis {
  min: number;
  /** Fixed upper end; absent = from the data. */
  max?: number;
  /** Fixed tick values; absent = the library's own. */
  ticks?: number[];
  format: (value: number) => string;
  /** Written along the axis. */
  title?: string;
}

export interface ChartMarker {
  /** UTC midnight, seconds. */
  x: number;
  color: string;
  dash: number[];
  label?: string;
}

export interface ChartSpec {
  /** UTC midnights in seconds, ascending, one per data point. */
  x: number[];
  /** Fixed x range in seconds; absent = first to last x. */
  xRange?: [number, number];
  series: ChartSeries[];
  bands: ChartBand[];
  y: ChartAxis;
  y2?: ChartAxis;
  markers: ChartMarker[];
  /** The x value as the tooltip's heading writes it. */
  formatX: (x: number) => string;
}

/** A UTC day (YYYY-MM-DD or an ISO date-time) as the chart's x: seconds at UTC midnight. */
export const daySec = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / 1000;

/** The tooltip rows at one x: series and bands that have a value there, in legend order. */
export function valuesAt(spec: ChartSpec, idx: number): { key: string; label: string; color: string; text: string; band: boolean }[] {
  const rows: { key: string; label: string; color: string; text: string; band: boolean }[] = [];
  for (const s of spec.series) {
    const v = s.values[idx];
    if (v != null) rows.push({ key: s.key, label: s.label, color: s.color, text: s.format(v, idx), band: false });
  }
  for (const b of spec.bands) {
    const low = b.low[idx];
    const high = b.high[idx];
    if (low != null && high != null) rows.push({ key: b.key, label: b.label, color: b.color, text: b.format(low, high), band: true });
  }
  return rows;
}

/** The x indices the keyboard steps through: those where anything has a value. */
export function steppableIndices(spec: ChartSpec): number[] {
  const out: number[] = [];
  for (let i = 0; i < spec.x.length; i++) if (valuesAt(spec, i).length > 0) out.push(i);
  return out;
}
