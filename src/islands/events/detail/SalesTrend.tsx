// spec 1 §2.10 sales trend: the event's cumulative sold share against comparable events' average
// and the forecast path to the event day, on a percent axis. Loads when scrolled near.
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { ApexOptions } from 'apexcharts';
import type { SalesGraph } from '../../../lib/contracts/events';
import { getSalesGraph } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { ApexChart } from './charts/ApexChart';
import { chartBase, CHART_COLORS, dayMs } from './charts/theme';
import { formatPercent, percentAxisMax, todayIso } from './format';
import { Skeleton } from './Section';
import { useResource } from './useResource';
import { useVisible } from './useVisible';
import styles from './EventDetail.module.css';

export function hasSalesTrend(graph: SalesGraph): boolean {
  return graph.sales.some((p) => p.norm_tickets_sold_current != null || p.norm_tickets_sold_avg != null);
}

function TrendChart({ graph, lng }: { graph: SalesGraph; lng: string }) {
  const { t } = useTranslation();
  const options = useMemo<ApexOptions>(() => {
    const pts = graph.sales;
    const today = todayIso();
    const first = pts[0]?.mapped_date ?? today;
    const last = pts[pts.length - 1]?.mapped_date ?? today;
    const base = chartBase(lng);
    // Ticks every 10 points (every 20 past 100 %), so the axis reads in round numbers.
    const yMax = percentAxisMax(pts.flatMap((p) => [p.norm_tickets_sold_current, p.norm_tickets_sold_avg, p.norm_tickets_predicted]));
    return {
      ...base,
      chart: { ...base.chart, type: 'line', id: 'sales-trend' },
      series: [
        { name: t('event.salesTrend.current'), data: pts.map((p) => [dayMs(p.mapped_date), p.norm_tickets_sold_current]) },
        { name: t('event.salesTrend.comparable'), data: pts.map((p) => [dayMs(p.mapped_date), p.norm_tickets_sold_avg]) },
        { name: t('event.salesTrend.predicted'), data: pts.map((p) => [dayMs(p.mapped_date), p.norm_tickets_predicted]) },
      ],
      colors: [CHART_COLORS.accent, CHART_COLORS.muted, CHART_COLORS.good],
      stroke: { width: [3, 2, 2.5], dashArray: [0, 0, 6], curve: 'straight' },
      xaxis: { ...base.xaxis, type: 'datetime' },
      yaxis: { min: 0, max: yMax, tickAmount: yMax / 10 <= 10 ? yMax / 10 : yMax / 20, labels: { formatter: (v: number) => formatPercent(v, lng, 0) } },
      tooltip: { ...base.tooltip, shared: true, y: { formatter: (v: number | null) => formatPercent(v, lng) } },
      annotations:
        today >= first && today <= last
          ? { xaxis: [{ x: dayMs(today), borderColor: CHART_COLORS.border, strokeDashArray: 3, label: { text: t('event.salesTrend.today'), orientation: 'horizontal', borderColor: 'transparent', style: { background: 'transparent', color: CHART_COLORS.text } } }] }
          : undefined,
    };
  }, [graph, lng, t]);
  const latest = [...graph.sales].reverse().find((p) => p.norm_tickets_sold_current != null);
  const end = graph.sales[graph.sales.length - 1];
  return (
    <>
      <ApexChart options={options} height={300} label={t('event.salesTrend.title')} describedBy="sales-trend-summary" />
      <p id="sales-trend-summary" className="visually-hidden">
        {t('event.salesTrend.summary', {
          current: formatPercent(latest?.norm_tickets_sold_current, lng),
          comparable: formatPercent(latest?.norm_tickets_sold_avg, lng),
          predicted: formatPercent(end?.norm_tickets_predicted ?? end?.norm_tickets_sold_current, lng),
        })}
      </p>
    </>
  );
}

export function SalesTrend({ eventId, lng }: { eventId: string; lng: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const visible = useVisible(ref);
  const res = useResource(visible ? (signal) => getSalesGraph(eventId, signal) : null, [eventId]);
  return (
    <div ref={ref} className={styles.chartSlot}>
      {res.status !== 'ready' ? (
        <Skeleton chart />
      ) : hasSalesTrend(res.data) ? (
        <TrendChart graph={res.data} lng={lng} />
      ) : (
        <EmptyState compact icon="chart" message={t('event.salesTrend.emptySalesTrends')} />
      )}
    </div>
  );
}
