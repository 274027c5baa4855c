// spec 1 §2.10 transaction chart: tickets sold per day (bars) and revenue (line), with manual
// adjustments drawn apart — dashed bars and dashed day markers whose tooltip gives their figures —
// over the ranges all, two weeks and two months (spec 1 §9).
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { DailyRevenueSummary } from '../../../lib/contracts/events';
import { getDailyRevenueSummary } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { Chart } from './charts/Chart';
import { transactionChart } from './charts/transactions';
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
  const spec = useMemo(
    () =>
      transactionChart(
        series,
        summary.currency,
        {
          tickets: t('event.transactions.tickets'),
          manual: t('event.transactions.manual'),
          revenue: t('event.transactions.revenue'),
          manualTooltip: (tickets, revenue) => t('event.transactions.manualTooltip', { tickets, revenue }),
        },
        lng,
      ),
    [series, summary.currency, lng, t],
  );
  if (!spec) return <EmptyState compact icon="chart" message={t('event.transactions.empty')} />;
  const both = [...series.sales, ...series.manual];
  const sold = both.reduce((n, p) => n + p.tickets, 0);
  const revenue = both.reduce((n, p) => n + p.revenue, 0);
  const manualTickets = series.manual.reduce((n, p) => n + p.tickets, 0);
  return (
    <>
      <Chart id="transactions" spec={spec} height={300} lng={lng} label={t('event.transactions.title')} describedBy="transactions-summary" />
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
