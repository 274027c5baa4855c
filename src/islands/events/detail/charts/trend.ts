// spec 1 §2.10 sales trend as a chart: the event's cumulative sold share, comparable events'
// average and the forecast path with its 80 % range (issue 12), on a percent axis with round
// ticks and a "today" marker.
import type { SalesGraph } from '../../../../lib/contracts/events';
import { formatDayUtc, formatPercent, percentAxisMax } from '../format';
import { CHART_COLORS, percentScale } from './theme';
import { daySec, type ChartSpec } from './spec';

export interface TrendTexts {
  current: string;
  comparable: string;
  predicted: string;
  band: string;
  today: string;
}

/** Whether the graph has a forecast range to draw (the engine may give none). */
export function hasBand(graph: SalesGraph): boolean {
  return graph.sales.some((p) => p.norm_tickets_predicted_low != null && p.norm_tickets_predicted_high != null);
}

export function trendChart(graph: SalesGraph, texts: TrendTexts, lng: string, today: string): ChartSpec {
  const pts = graph.sales;
  const pct = (v: number) => formatPercent(v, lng);
  const band = hasBand(graph);
  const low = pts.map((p) => (p.norm_tickets_predicted_low != null && p.norm_tickets_predicted_high != null ? p.norm_tickets_predicted_low : null));
  const high = pts.map((p, i) => (low[i] != null ? p.norm_tickets_predicted_high : null));
  const scale = percentScale(
    percentAxisMax(pts.flatMap((p) => [p.norm_tickets_sold_current, p.norm_tickets_sold_avg, p.norm_tickets_predicted, band ? p.norm_tickets_predicted_high : null])),
  );
  const first = pts[0]?.mapped_date ?? today;
  const last = pts[pts.length - 1]?.mapped_date ?? today;
  return {
    x: pts.map((p) => daySec(p.mapped_date)),
    series: [
      { key: 'current', label: texts.current, color: CHART_COLORS.accent, kind: 'line', width: 3, scale: 'y', values: pts.map((p) => p.norm_tickets_sold_current), format: pct },
      { key: 'comparable', label: texts.comparable, color: CHART_COLORS.muted, kind: 'line', width: 2, scale: 'y', values: pts.map((p) => p.norm_tickets_sold_avg), format: pct },
      { key: 'predicted', label: texts.predicted, color: CHART_COLORS.good, kind: 'line', width: 2.5, dash: [6, 6], scale: 'y', values: pts.map((p) => p.norm_tickets_predicted), format: pct },
    ],
    bands: band ? [{ key: 'band', label: texts.band, color: CHART_COLORS.goodBand, low, high, format: (l, h) => `${pct(l)} – ${pct(h)}` }] : [],
    y: { min: 0, max: scale.max, ticks: scale.ticks, format: (v) => formatPercent(v, lng, 0) },
    markers: today >= first.slice(0, 10) && today <= last.slice(0, 10) ? [{ x: daySec(today), color: CHART_COLORS.border, dash: [3, 3], label: texts.today }] : [],
    formatX: (x) => formatDayUtc(new Date(x * 1000).toISOString()),
  };
}
