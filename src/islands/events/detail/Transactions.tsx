// spec 1 §2.10 transaction chart: tickets sold per day (bars) and revenue (line), with manual
// adjustments drawn apart — dashed bars and dashed day markers whose tooltip gives their figures —
// over the ranges all, two weeks and two months (spec 1 §9).
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { ApexOptions } from 'apexcharts';
import type { DailyRevenueSummary } from '../../../lib/contracts/events';
import { getDailyRevenueSummary } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { ApexChart } from './charts/ApexChart';
import { chartBase, CHART_COLORS, dayMs } from './charts/theme';
import { formatCount, formatDayUtc, formatMoney } from './format';
import { TRANSACTION_RANGES, transactionSeries, transactionWindow, type TransactionRange } from './ranges';
import { Skeleton } from './Section';
import { useResource } from './useResource';
import { useVisible } from './useVisible';
import styles from './EventDetail.module.css';

function RangeSwitch({ value, onChange }: { value: TransactionRange; onChange: (r: TransactionRange) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('event.transactions.rangeLabel')} className={styles.segmented}>
      {TRANSACTION_RANGES.map((r) => (
        <button key={r} type="button" aria-pressed={value === r} className={styles.segment} onClick={() => onChange(r)}>
          {t(`event.transactions.ranges.${r}`)}
        </button>
      ))}
    </div>
  );
}

function TransactionChart({ summary, range, eventDay, lng }: { summary: DailyRevenueSummary; range: TransactionRange; eventDay: string; lng: string }) {
  const { t } = useTranslation();
  const series = useMemo(() => transactionSeries(summary, transactionWindow(range, eventDay)), [summary, range, eventDay]);
  const options = useMemo<ApexOptions>(() => {
    const base = chartBase(lng);
    const money = (v: number | null) => formatMoney(v, summary.currency, lng);
    const count = (v: number | null) => formatCount(v, lng);
    return {
      ...base,
      chart: { ...base.chart, type: 'line', id: 'transactions', stacked: false },
      series: [
        { name: t('event.transactions.tickets'), type: 'column', data: series.sales.map((p) => [dayMs(p.day), p.tickets]) },
        { name: t('event.transactions.manual'), type: 'column', data: series.manual.map((p) => [dayMs(p.day), p.tickets]) },
        { name: t('event.transactions.revenue'), type: 'line', data: series.cumulative.map((p) => [dayMs(p.day), p.revenue]) },
      ],
      colors: [CHART_COLORS.accent, CHART_COLORS.warning, CHART_COLORS.good],
      fill: { opacity: [0.85, 0.25, 1] },
      stroke: { width: [0, 2, 2.5], dashArray: [0, 4, 0], curve: 'stepline' },
      plotOptions: { bar: { columnWidth: '70%', borderRadius: 2 } },
      xaxis: { ...base.xaxis, type: 'datetime', min: series.xMin ?? undefined, max: series.xMax ?? undefined },
      yaxis: [
        { seriesName: t('event.transactions.tickets'), title: { text: t('event.transactions.tickets') }, labels: { formatter: count }, min: 0 },
        { seriesName: t('event.transactions.tickets'), show: false, labels: { formatter: count }, min: 0 },
        { seriesName: t('event.transactions.revenue'), opposite: true, title: { text: t('event.transactions.revenue') }, labels: { formatter: money }, min: 0 },
      ],
      tooltip: {
        ...base.tooltip,
        shared: true,
        intersect: false,
        y: {
          formatter: (v: number | null, o?: { seriesIndex: number; dataPointIndex: number }) => {
            if (o?.seriesIndex === 2) return money(v);
            const manual = o?.seriesIndex === 1 ? series.manual[o.dataPointIndex] : undefined;
            return manual ? t('event.transactions.manualTooltip', { tickets: count(manual.tickets), revenue: money(manual.revenue) }) : count(v);
          },
        },
      },
      // Dashed day markers without text: a busy manual event has a dozen of them; the shared
      // tooltip names each adjustment's tickets and revenue.
      annotations: { xaxis: series.manual.map((m) => ({ x: dayMs(m.day), borderColor: CHART_COLORS.warning, strokeDashArray: 5 })) },
    };
  }, [series, summary.currency, lng, t]);
  if (series.sales.length === 0 && series.manual.length === 0) return <EmptyState compact icon="chart" message={t('event.transactions.empty')} />;
  const both = [...series.sales, ...series.manual];
  const sold = both.reduce((n, p) => n + p.tickets, 0);
  const revenue = both.reduce((n, p) => n + p.revenue, 0);
  const manualTickets = series.manual.reduce((n, p) => n + p.tickets, 0);
  return (
    <>
      <ApexChart options={options} height={300} label={t('event.transactions.title')} describedBy="transactions-summary" />
      <p id="transactions-summary" className={styles.chartNote}>
        {t('event.transactions.summary', { tickets: formatCount(sold, lng), revenue: formatMoney(revenue, summary.currency, lng) })}
        {series.manual.length > 0 &&
          ' ' +
            t('event.transactions.manualSummary', {
              count: series.manual.length,
              tickets: formatCount(manualTickets, lng),
              last: formatDayUtc(series.manual[series.manual.length - 1].day),
            })}
      </p>
    </>
  );
}

export function Transactions({ eventId, eventDay, lng }: { eventId: string; eventDay: string; lng: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const visible = useVisible(ref);
  const [range, setRange] = useState<TransactionRange>('all');
  // One request for the whole sales period; the ranges only narrow what is drawn.
  const res = useResource(visible ? (signal) => getDailyRevenueSummary({ event_id: eventId }, signal) : null, [eventId]);
  return (
    <div ref={ref} className={styles.chartSlot}>
      <div className={styles.sectionTools}>
        <RangeSwitch value={range} onChange={setRange} />
      </div>
      {res.status === 'ready' ? <TransactionChart summary={res.data} range={range} eventDay={eventDay} lng={lng} /> : <Skeleton chart />}
    </div>
  );
}
