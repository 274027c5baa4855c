// spec 1 §2.10 transaction chart: tickets sold per day (bars) and revenue to date (a step line on
// its own axis), manual adjustments as dashed bars with dashed day markers. One x per calendar
// day of the window, so every bar is a day wide however sparse the sales are.
import { formatCount, formatDayUtc, formatMoney } from '../format';
import type { TransactionSeries } from '../ranges';
import { CHART_COLORS } from './theme';
import { daySec, type ChartSpec } from './spec';

export interface TransactionTexts {
  tickets: string;
  manual: string;
  revenue: string;
  /** The tooltip of a manual adjustment: its tickets and revenue, both already formatted. */
  manualTooltip: (tickets: string, revenue: string) => string;
}

const DAY = 86_400;

/** null when the window has no sales (the caller shows the empty state). */
export function transactionChart(series: TransactionSeries, currency: string, texts: TransactionTexts, lng: string): ChartSpec | null {
  if (series.xMin == null || series.xMax == null) return null;
  const from = series.xMin / 1000;
  const to = series.xMax / 1000;
  const x: number[] = [];
  for (let s = from; s <= to; s += DAY) x.push(s);
  const at = new Map(x.map((s, i) => [s, i]));
  const tickets: (number | null)[] = x.map(() => null);
  const manual: (number | null)[] = x.map(() => null);
  const manualRevenue: number[] = x.map(() => 0);
  const revenue: (number | null)[] = x.map(() => null);
  for (const p of series.sales) {
    const i = at.get(daySec(p.day));
    if (i != null) tickets[i] = (tickets[i] ?? 0) + p.tickets;
  }
  for (const p of series.manual) {
    const i = at.get(daySec(p.day));
    if (i == null) continue;
    manual[i] = (manual[i] ?? 0) + p.tickets;
    manualRevenue[i] += p.revenue;
  }
  for (const c of series.cumulative) {
    const i = at.get(daySec(c.day));
    if (i != null) revenue[i] = c.revenue;
  }
  // Revenue to date holds on days without sales: carry it forward from the first known day.
  for (let i = 1; i < revenue.length; i++) if (revenue[i] == null && revenue[i - 1] != null) revenue[i] = revenue[i - 1];
  // …but not past the last sale of the window, where the chart would claim days not yet counted.
  const lastSale = Math.max(...[...series.sales, ...series.manual].map((p) => daySec(p.day)));
  for (let i = 0; i < x.length; i++) if (x[i] > lastSale) revenue[i] = null;

  const money = (v: number) => formatMoney(v, currency, lng);
  const count = (v: number) => formatCount(v, lng);
  return {
    x,
    xRange: [from - DAY / 2, to + DAY / 2],
    series: [
      { key: 'tickets', label: texts.tickets, color: CHART_COLORS.accent, kind: 'bars', width: 0, fillOpacity: 0.85, scale: 'y', values: tickets, format: count },
      {
        key: 'manual',
        label: texts.manual,
        color: CHART_COLORS.warning,
        kind: 'bars',
        width: 1.5,
        dash: [3, 2],
        fillOpacity: 0.25,
        scale: 'y',
        values: manual,
        format: (v, i) => texts.manualTooltip(count(v), money(manualRevenue[i])),
      },
      { key: 'revenue', label: texts.revenue, color: CHART_COLORS.good, kind: 'step', width: 2.5, scale: 'y2', values: revenue, format: money },
    ],
    bands: [],
    y: { min: 0, format: count, title: texts.tickets },
    y2: { min: 0, format: money, title: texts.revenue },
    markers: series.manual.map((m) => ({ x: daySec(m.day), color: CHART_COLORS.warning, dash: [5, 5] })),
    formatX: (s) => formatDayUtc(new Date(s * 1000).toISOString()),
  };
}
