// The statistics panel's chart (issue 22): daily ad spend as bars and, under FD, the tickets sold
// since the campaign started against what the forecast at publish time expected for the same
// days, with its 80 % band. The gap between the two lines is what FD attributes to the campaign.
import type { CampaignResults } from '../../../lib/contracts/campaign-results';
import { formatCount, formatDayUtc, formatMoney } from '../../events/detail/format';
import { CHART_COLORS, niceCeil } from '../../events/detail/charts/theme';
import { daySec, type ChartSpec } from '../../events/detail/charts/spec';

export interface ResultsChartTexts {
  spend: string;
  actual: string;
  expected: string;
  band: string;
  tickets: string;
  spendAxis: string;
}

/** The chart's texts in the viewer's language (the tab and the PDF report). */
export function resultsChartTexts(t: (key: string, values?: Record<string, string>) => string, currency: string): ResultsChartTexts {
  return {
    spend: t('campaigns.stats.chart.spend'),
    actual: t('campaigns.stats.chart.actual'),
    expected: t('campaigns.stats.chart.expected'),
    band: t('campaigns.stats.chart.band'),
    tickets: t('campaigns.stats.chart.tickets'),
    spendAxis: t('campaigns.stats.chart.spendAxis', { currency }),
  };
}

export function resultsChart(r: CampaignResults, texts: ResultsChartTexts, lng: string): ChartSpec {
  const days = r.daily;
  const fd = days.some((d) => d.expected != null);
  const count = (v: number) => formatCount(Math.round(v), lng);
  const money = (v: number) => formatMoney(v, r.currency, lng);
  const ticketsMax = niceCeil(Math.max(1, ...days.flatMap((d) => [d.actual ?? 0, d.high ?? 0, d.expected ?? 0])));
  const spendMax = niceCeil(Math.max(1, ...days.map((d) => d.spend)));
  return {
    x: days.map((d) => daySec(d.day)),
    series: [
      { key: 'spend', label: texts.spend, color: CHART_COLORS.accentSoft, kind: 'bars', width: 0, fillOpacity: 0.7, scale: fd ? 'y2' : 'y', values: days.map((d) => d.spend), format: money },
      ...(fd
        ? [
            { key: 'actual', label: texts.actual, color: CHART_COLORS.accent, kind: 'line' as const, width: 3, scale: 'y' as const, values: days.map((d) => d.actual), format: count },
            { key: 'expected', label: texts.expected, color: CHART_COLORS.good, kind: 'line' as const, width: 2.5, dash: [6, 6], scale: 'y' as const, values: days.map((d) => d.expected), format: count },
          ]
        : []),
    ],
    bands: fd
      ? [{ key: 'band', label: texts.band, color: CHART_COLORS.goodBand, low: days.map((d) => d.low), high: days.map((d) => d.high), format: (l, h) => `${count(l)} – ${count(h)}` }]
      : [],
    y: fd ? { min: 0, max: ticketsMax, format: count, title: texts.tickets } : { min: 0, max: spendMax, format: money, title: texts.spendAxis },
    ...(fd ? { y2: { min: 0, max: spendMax, format: money, title: texts.spendAxis } } : {}),
    markers: [],
    formatX: (x) => formatDayUtc(new Date(x * 1000).toISOString()),
  };
}
