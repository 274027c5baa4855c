// The report's chart (issue 22 "The PDF report"): the statistics tab's own chart spec
// (src/islands/campaigns/stats/resultsChart.ts — daily spend bars and, under FD, tickets sold
// against the counterfactual with its 80 % band) drawn on the server as SVG by ECharts' SSR
// renderer. The tab draws the same spec with uPlot; only the drawing library differs.
import * as echarts from 'echarts';
import type { CampaignResults } from '../../../lib/contracts/campaign-results';
import { resultsChart, type ResultsChartTexts } from '../../../islands/campaigns/stats/resultsChart';
import type { ChartAxis, ChartSpec } from '../../../islands/events/detail/charts/spec';
import { CHART_COLORS, dateTick } from '../../../islands/events/detail/charts/theme';

const DAY_SEC = 86_400;

function axis(a: ChartAxis, position: 'left' | 'right', font: string, showGrid: boolean) {
  return {
    type: 'value' as const,
    position,
    min: a.min,
    max: a.max,
    name: a.title,
    nameLocation: 'middle' as const,
    nameGap: 44,
    nameTextStyle: { color: CHART_COLORS.text, fontFamily: font, fontSize: 10 },
    axisLabel: { formatter: (v: number) => a.format(v), color: CHART_COLORS.text, fontFamily: font, fontSize: 9 },
    splitLine: { show: showGrid, lineStyle: { color: CHART_COLORS.grid } },
    // Five equal steps to the spec's round maximum (niceCeil: 1, 2, 2.5 or 5 × 10^n), so the top
    // label is a tick of its own and never crowds the one below it.
    ...(a.max !== undefined ? { interval: (a.max - a.min) / 5 } : { splitNumber: 5 }),
  };
}

/** An ECharts option for a ChartSpec: bars, lines and bands on a category axis of its days. */
export function echartsOption(spec: ChartSpec, lng: string, font: string) {
  const step = spec.x.length > 14 ? 7 * DAY_SEC : spec.x.length > 7 ? 2 * DAY_SEC : DAY_SEC;
  const labels = spec.x.map((x) => dateTick(x, DAY_SEC, lng));
  const every = Math.max(1, Math.round(step / DAY_SEC));
  const yAxes = [axis(spec.y, 'left', font, true), ...(spec.y2 ? [axis(spec.y2, 'right', font, false)] : [])];
  const series: object[] = [];
  // A band is drawn as a transparent lower edge with the range stacked on top of it (ECharts' way
  // of filling between two lines).
  for (const b of spec.bands) {
    series.push({ type: 'line', name: `${b.key}-low`, stack: b.key, data: b.low, symbol: 'none', lineStyle: { opacity: 0 }, silent: true, yAxisIndex: 0 });
    series.push({
      type: 'line',
      name: b.label,
      stack: b.key,
      data: b.high.map((h, i) => (h == null || b.low[i] == null ? null : h - b.low[i]!)),
      symbol: 'none',
      lineStyle: { opacity: 0 },
      areaStyle: { color: b.color, opacity: 1 },
      color: b.color,
      yAxisIndex: 0,
    });
  }
  for (const s of spec.series) {
    const yAxisIndex = s.scale === 'y2' && spec.y2 ? 1 : 0;
    if (s.kind === 'bars') series.push({ type: 'bar', name: s.label, data: s.values, yAxisIndex, itemStyle: { color: s.color, opacity: s.fillOpacity ?? 1 }, barCategoryGap: '30%', color: s.color });
    else series.push({ type: 'line', name: s.label, data: s.values, yAxisIndex, symbol: 'none', step: s.kind === 'step' ? 'end' : undefined, lineStyle: { color: s.color, width: s.width * 0.75, type: s.dash ?? 'solid' }, color: s.color });
  }
  return {
    animation: false,
    textStyle: { fontFamily: font },
    grid: { left: 58, right: spec.y2 ? 62 : 16, top: 34, bottom: 28 },
    legend: {
      top: 0,
      left: 'center',
      itemWidth: 14,
      itemHeight: 8,
      // SSR measures text without the PDF's font: room so the items never touch.
      itemGap: 22,
      textStyle: { color: CHART_COLORS.text, fontFamily: font, fontSize: 9 },
      data: [...spec.series.map((s) => s.label), ...spec.bands.map((b) => b.label)],
    },
    xAxis: {
      type: 'category' as const,
      data: labels,
      axisLabel: { interval: every - 1, color: CHART_COLORS.text, fontFamily: font, fontSize: 9 },
      axisLine: { lineStyle: { color: CHART_COLORS.border } },
      axisTick: { show: false },
    },
    yAxis: yAxes,
    series,
  };
}

/** The statistics tab's chart of `results` as an SVG document of width × height (pixels = points). */
export function resultsChartSvg(results: CampaignResults, texts: ResultsChartTexts, lng: string, size: { width: number; height: number }, font: string): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption(echartsOption(resultsChart(results, texts, lng), lng, font));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
