// The event detail's charts as data (spec 1 §2.10, issue 12): the sales trend with the forecast's
// 80 % band, the transaction chart's day grid, the axes' ticks, and the prediction box's range.
import { describe, expect, it } from 'vitest';
import type { SalesGraph } from '../../../src/lib/contracts/events';
import { predictionRange } from '../../../src/islands/events/detail/format';
import { transactionSeries } from '../../../src/islands/events/detail/ranges';
import { steppableIndices, valuesAt, daySec } from '../../../src/islands/events/detail/charts/spec';
import { dateTick, niceCeil, percentScale, withAlpha } from '../../../src/islands/events/detail/charts/theme';
import { hasBand, trendChart } from '../../../src/islands/events/detail/charts/trend';
import { transactionChart } from '../../../src/islands/events/detail/charts/transactions';

const TEXTS = { current: 'This event', comparable: 'Comparable events', predicted: 'Prediction', band: '80 % range', today: 'Today' };
type Point = SalesGraph['sales'][number];

function point(day: string, p: Partial<Point>): Point {
  return {
    mapped_date: day,
    days_out: 0,
    norm_tickets_sold_current: null,
    norm_tickets_sold_avg: null,
    norm_tickets_predicted: null,
    norm_tickets_predicted_low: null,
    norm_tickets_predicted_high: null,
    ...p,
  };
}

/** Sold until 11-22 (today), predicted from there on; the band where `band` says. */
function graph(band: boolean): SalesGraph {
  return {
    sales: [
      point('2026-11-20', { norm_tickets_sold_current: 30, norm_tickets_sold_avg: 32 }),
      point('2026-11-21', { norm_tickets_sold_current: 35, norm_tickets_sold_avg: 36 }),
      point('2026-11-22', { norm_tickets_sold_current: 40, norm_tickets_sold_avg: 41, norm_tickets_predicted: 40, ...(band ? { norm_tickets_predicted_low: 40, norm_tickets_predicted_high: 40 } : {}) }),
      point('2026-11-23', { norm_tickets_sold_avg: 50, norm_tickets_predicted: 55, ...(band ? { norm_tickets_predicted_low: 47, norm_tickets_predicted_high: 61 } : {}) }),
      point('2026-11-24', { norm_tickets_sold_avg: 60, norm_tickets_predicted: 88, ...(band ? { norm_tickets_predicted_low: 80, norm_tickets_predicted_high: 104 } : {}) }),
    ],
  };
}

describe('sales trend chart', () => {
  it('draws the 80 % band along the forecast path, aligned with the days', () => {
    const spec = trendChart(graph(true), TEXTS, 'en', '2026-11-22');
    expect(spec.x).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].map(daySec));
    expect(spec.bands).toHaveLength(1);
    expect(spec.bands[0].label).toBe('80 % range');
    expect(spec.bands[0].low).toEqual([null, null, 40, 47, 80]);
    expect(spec.bands[0].high).toEqual([null, null, 40, 61, 104]);
    expect(spec.series.map((s) => s.key)).toEqual(['current', 'comparable', 'predicted']);
    expect(spec.series[2].dash).toBeDefined();
    // The band reaches 104 %, so the axis goes past it in steps of 20 (more than ten steps of 10).
    expect(spec.y.max).toBe(120);
    expect(spec.y.ticks).toEqual([0, 20, 40, 60, 80, 100, 120]);
  });

  it('has no band, and an axis fitted to the lines, when the forecast has no interval', () => {
    const g = graph(false);
    expect(hasBand(g)).toBe(false);
    const spec = trendChart(g, TEXTS, 'en', '2026-11-22');
    expect(spec.bands).toEqual([]);
    expect(spec.y.max).toBe(90);
    expect(spec.y.ticks).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });

  it('ignores a band edge without its other end', () => {
    const g = graph(true);
    g.sales[3].norm_tickets_predicted_high = null;
    const spec = trendChart(g, TEXTS, 'en', '2026-11-22');
    expect(spec.bands[0].low[3]).toBeNull();
    expect(spec.bands[0].high[3]).toBeNull();
  });

  it('marks today only inside the graph', () => {
    expect(trendChart(graph(true), TEXTS, 'en', '2026-11-22').markers.map((m) => [m.x, m.label])).toEqual([[daySec('2026-11-22'), 'Today']]);
    expect(trendChart(graph(true), TEXTS, 'en', '2026-11-25').markers).toEqual([]);
  });

  it('gives the tooltip every value of a day, the band as its range, in the language', () => {
    const spec = trendChart(graph(true), TEXTS, 'de', '2026-11-22');
    expect(valuesAt(spec, 3).map((r) => `${r.label}: ${r.text}`.replace(/\u00a0/g, ' '))).toEqual(['Comparable events: 50 %', 'Prediction: 55 %', '80 % range: 47 % – 61 %']);
    expect(valuesAt(spec, 0).map((r) => r.key)).toEqual(['current', 'comparable']);
    expect(spec.formatX(spec.x[3])).toBe('23.11.2026');
    expect(trendChart(graph(true), TEXTS, 'en', '2026-11-22').y.format(20)).toBe('20%');
  });
});

describe('transaction chart', () => {
  const entry = (date: string, tickets: number, revenue: number) => ({ date, revenue: { total: revenue, parts: {} }, number_of_tickets: { total: tickets, parts: {} } });
  const texts = { tickets: 'Tickets', manual: 'Manual', revenue: 'Revenue', manualTooltip: (t: string, r: string) => `${t} tickets, ${r} by hand` };

  it('has one x per day of the window, bars only on sales days and revenue held between them', () => {
    const series = transactionSeries(
      { currency: 'EUR', summaries: [entry('2026-11-10', 3, 30), entry('2026-11-13', 2, 20)], manual_adjustments: [] },
      { start: null, end: '2026-11-22' },
    );
    const spec = transactionChart(series, 'EUR', texts, 'en')!;
    expect(spec.x).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'].map(daySec));
    expect(spec.series.map((s) => s.kind)).toEqual(['bars', 'bars', 'step']);
    expect(spec.series[0].values).toEqual([3, null, null, 2]);
    expect(spec.series[2].values).toEqual([30, 30, 30, 50]);
    expect(spec.series[2].scale).toBe('y2');
    expect(spec.markers).toEqual([]);
  });

  it('draws manual adjustments apart, marked, with their figures in the tooltip, and the padded window', () => {
    const series = transactionSeries(
      { currency: 'EUR', summaries: [entry('2026-11-10', 3, 30)], manual_adjustments: [entry('2026-11-12', 40, 400)] },
      { start: null, end: '2026-11-22' },
    );
    const spec = transactionChart(series, 'EUR', texts, 'en')!;
    // Two days of padding around the manual adjustment; revenue is not claimed for those after it.
    expect(spec.x[0]).toBe(daySec('2026-11-10'));
    expect(spec.x[spec.x.length - 1]).toBe(daySec('2026-11-14'));
    const i = spec.x.indexOf(daySec('2026-11-12'));
    expect(spec.series[1].values[i]).toBe(40);
    expect(spec.series[1].dash).toBeDefined();
    expect(valuesAt(spec, i).find((r) => r.key === 'manual')?.text).toBe('40 tickets, €400 by hand');
    expect(spec.series[2].values.slice(i)).toEqual([430, null, null]);
    expect(spec.markers.map((m) => m.x)).toEqual([daySec('2026-11-12')]);
  });

  it('is nothing without sales in the window', () => {
    expect(transactionChart(transactionSeries({ currency: 'EUR', summaries: [], manual_adjustments: [] }, { start: null, end: '2026-11-22' }), 'EUR', texts, 'en')).toBeNull();
  });
});

describe('axes and keyboard steps', () => {
  it('writes dates in UTC as days, months or years by the tick step', () => {
    const s = daySec('2026-03-05');
    expect(dateTick(s, 86_400, 'en')).toBe('05.03.');
    expect(dateTick(s, 30 * 86_400, 'en')).toBe("Mar '26");
    expect(dateTick(s, 30 * 86_400, 'de')).toBe("Mär '26");
    expect(dateTick(s, 365 * 86_400, 'de')).toBe('2026');
  });
  it('rounds axis ends and percent ticks', () => {
    expect(percentScale(60)).toEqual({ max: 60, ticks: [0, 10, 20, 30, 40, 50, 60] });
    expect(percentScale(130)).toEqual({ max: 140, ticks: [0, 20, 40, 60, 80, 100, 120, 140] });
    expect([0, 7, 13, 180, 2400, 31000].map(niceCeil)).toEqual([1, 10, 20, 200, 2500, 50000]);
    expect(withAlpha('#0e9f6e', 0.25)).toBe('rgba(14, 159, 110, 0.25)');
  });
  it('steps only through days that have a value', () => {
    const spec = trendChart({ sales: [point('2026-11-20', {}), ...graph(false).sales] }, TEXTS, 'en', '2026-11-22');
    expect(steppableIndices(spec)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('prediction range', () => {
  it('is in tickets of the capacity, in percent without one, and nothing without an interval', () => {
    expect(predictionRange({ low: 40.96, high: 54.96 }, 1150)).toEqual({ unit: 'tickets', low: 471, high: 632 });
    expect(predictionRange({ low: 40, high: 55 }, 0)).toEqual({ unit: 'percent', low: 40, high: 55 });
    expect(predictionRange(null, 1150)).toBeNull();
  });
});
