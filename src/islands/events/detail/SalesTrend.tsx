// spec 1 §2.10 sales trend: the event's cumulative sold share against comparable events' average
// and the forecast path to the event day with its 80 % range (issue 12), on a percent axis. Loads
// when scrolled near.
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { SalesGraph } from '../../../lib/contracts/events';
import { getSalesGraph } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { Chart } from './charts/Chart';
import { trendChart } from './charts/trend';
import { formatPercent, todayIso } from './format';
import { Skeleton } from './Section';
import { useResource } from './useResource';
import { useVisible } from './useVisible';
import styles from './EventDetail.module.css';

export function hasSalesTrend(graph: SalesGraph): boolean {
  return graph.sales.some((p) => p.norm_tickets_sold_current != null || p.norm_tickets_sold_avg != null);
}

function TrendChart({ graph, lng }: { graph: SalesGraph; lng: string }) {
  const { t } = useTranslation();
  const spec = useMemo(
    () =>
      trendChart(
        graph,
        {
          current: t('event.salesTrend.current'),
          comparable: t('event.salesTrend.comparable'),
          predicted: t('event.salesTrend.predicted'),
          band: t('event.salesTrend.band'),
          today: t('event.salesTrend.today'),
        },
        lng,
        todayIso(),
      ),
    [graph, lng, t],
  );
  const latest = [...graph.sales].reverse().find((p) => p.norm_tickets_sold_current != null);
  const end = graph.sales[graph.sales.length - 1];
  const range = spec.bands.length && end?.norm_tickets_predicted_low != null && end.norm_tickets_predicted_high != null ? end : null;
  return (
    <>
      <Chart id="sales-trend" spec={spec} height={300} lng={lng} label={t('event.salesTrend.title')} describedBy="sales-trend-summary" />
      <p id="sales-trend-summary" className="visually-hidden">
        {t('event.salesTrend.summary', {
          current: formatPercent(latest?.norm_tickets_sold_current, lng),
          comparable: formatPercent(latest?.norm_tickets_sold_avg, lng),
          predicted: formatPercent(end?.norm_tickets_predicted ?? end?.norm_tickets_sold_current, lng),
        })}
        {range &&
          ' ' +
            t('event.salesTrend.summaryBand', {
              low: formatPercent(range.norm_tickets_predicted_low, lng),
              high: formatPercent(range.norm_tickets_predicted_high, lng),
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
