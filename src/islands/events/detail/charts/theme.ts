// Shared look of the detail's charts: the console's colours and type, no zoom (the charts are read,
// not explored), UTC dates as the rest of the console shows them (spec 1 §9), and the axis rules
// both charts use.

export const CHART_COLORS = {
  accent: '#4338ca',
  accentSoft: '#a5b4fc',
  muted: '#8a92a6',
  good: '#0e9f6e',
  /** The forecast's 80 % range: the prediction's green, light enough to sit under the lines. */
  goodBand: 'rgba(14, 159, 110, 0.16)',
  warning: '#e67e22',
  border: '#cfd3db',
  grid: '#eceef2',
  text: '#4a5162',
} as const;

const DAY = 86_400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Tick steps of the date axis, in seconds: whole days, months and years only (no hours). */
export const DATE_TICK_STEPS = [DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY, MONTH, 2 * MONTH, 3 * MONTH, 6 * MONTH, YEAR, 2 * YEAR, 5 * YEAR];

// The short month names this axis has always shown (without the periods of Intl's German ones).
const SHORT_MONTHS: Record<string, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date-axis tick: 'dd.MM.' for day steps, "MMM 'yy" for month steps, 'yyyy' for year steps,
 * always in UTC (spec 1 §9).
 */
export function dateTick(sec: number, step: number, lng: string): string {
  const d = new Date(sec * 1000);
  if (step >= YEAR) return String(d.getUTCFullYear());
  if (step >= MONTH) return `${(SHORT_MONTHS[lng] ?? SHORT_MONTHS.en)[d.getUTCMonth()]} '${String(d.getUTCFullYear()).slice(2)}`;
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.`;
}

/**
 * The percent axis from 0 to at least `max` (a multiple of 10): ticks every 10 points, every 20
 * when that would make more than ten steps (the top then rounds up to the next 20).
 */
export function percentScale(max: number): { max: number; ticks: number[] } {
  const step = max / 10 <= 10 ? 10 : 20;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return { max: top, ticks };
}

/** '#rrggbb' at the given opacity, as canvas fills take it. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** A round upper end for an axis drawn from the data: the next 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1;
  const mag = 10 ** Math.floor(Math.log10(value));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * mag >= value) return f * mag;
  return 10 * mag;
}
