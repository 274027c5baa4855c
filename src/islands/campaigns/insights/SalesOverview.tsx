// spec 2 §2 sales overview chart: tickets or revenue per day over two weeks or eight weeks (the
// default), or per month or year over all sales; manual adjustments as dashed vertical markers
// whose tooltip gives their figures; hovering a column lists its tickets per ticket type.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { DailyRevenueSummary } from '../../../lib/contracts/events';
import { getDailyRevenueSummary } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { Chart } from '../../events/detail/charts/Chart';
import { CHART_COLORS } from '../../events/detail/charts/theme';
import { daySec, type ChartSpec } from '../../events/detail/charts/spec';
import { formatCount, formatDayUtc, formatMoney, localeOf } from '../../events/detail/format';
import { Skeleton } from '../../events/detail/Section';
import { useResource } from '../../events/detail/useResource';
import { useVisible } from '../../events/detail/useVisible';
import { DEFAULT_OVERVIEW_RANGE, OVERVIEW_GROUPS, OVERVIEW_RANGES, salesOverview, type OverviewGroup, type OverviewMetric, type OverviewRange, type SalesOverview as Overview } from './salesOverview';
import detailStyles from '../../events/detail/EventDetail.module.css';
import styles from '../Campaigns.module.css';

function Segmented<V extends string>({ label, values, value, onChange, text }: { label: string; values: readonly V[]; value: V; onChange: (v: V) => void; text: (v: V) => string }) {
  return (
    <div role="group" aria-label={label} className={detailStyles.segmented}>
      {values.map((v) => (
        <button key={v} type="button" aria-pressed={value === v} className={detailStyles.segment} onClick={() => onChange(v)}>
          {text(v)}
        </button>
      ))}
    </div>
  );
}

const DAY = 86_400;

function periodLabel(start: string, unit: Overview['unit'], lng: string): string {
  if (unit === 'day') return formatDayUtc(start);
  if (unit === 'year') return start.slice(0, 4);
  return new Intl.DateTimeFormat(localeOf(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
}

function overviewChart(o: Overview, metric: OverviewMetric, currency: string, lng: string, texts: { tickets: string; revenue: string; manual: string; type: (key: string) => string; manualTip: (t: string, r: string) => string }): ChartSpec | null {
  if (o.columns.length === 0) return null;
  const x = o.columns.map((c) => daySec(c.start));
  const money = (v: number) => formatMoney(v, currency, lng);
  const count = (v: number) => formatCount(v, lng);
  const width = o.unit === 'day' ? DAY : o.unit === 'month' ? 30 * DAY : 365 * DAY;
  // A manual adjustment's figures appear where its marker stands: at its column.
  const manualAt = new Map<number, { tickets: number; revenue: number }>();
  for (const m of o.manual) {
    const i = o.columns.findIndex((c, k) => c.start <= m.day && (k === o.columns.length - 1 || o.columns[k + 1].start > m.day));
    if (i < 0) continue;
    const cur = manualAt.get(i) ?? { tickets: 0, revenue: 0 };
    manualAt.set(i, { tickets: cur.tickets + m.tickets, revenue: cur.revenue + m.revenue });
  }
  const format = (v: number, i: number) => {
    const head = metric === 'tickets' ? count(v) : money(v);
    const parts = Object.entries(o.columns[i].ticketsByType).filter(([, n]) => n !== 0);
    return parts.length ? `${head} (${parts.map(([k, n]) => `${texts.type(k)} ${count(n)}`).join(', ')})` : head;
  };
  return {
    x,
    xRange: [x[0] - width / 2, x[x.length - 1] + width / 2],
    series: [
      {
        key: metric,
        label: metric === 'tickets' ? texts.tickets : texts.revenue,
        color: metric === 'tickets' ? CHART_COLORS.accent : CHART_COLORS.good,
        kind: 'bars',
        width: 0,
        fillOpacity: 0.85,
        scale: 'y',
        values: o.columns.map((c) => (metric === 'tickets' ? c.tickets : c.revenue) || null),
        format,
      },
      {
        key: 'manual',
        label: texts.manual,
        color: CHART_COLORS.warning,
        kind: 'line',
        width: 0,
        scale: 'y',
        values: o.columns.map((_, i) => (manualAt.has(i) ? 0 : null)),
        format: (_v, i) => texts.manualTip(count(manualAt.get(i)!.tickets), money(manualAt.get(i)!.revenue)),
      },
    ],
    bands: [],
    y: { min: 0, format: metric === 'tickets' ? count : money, title: metric === 'tickets' ? texts.tickets : texts.revenue },
    markers: o.manual.map((m) => ({ x: daySec(m.day), color: CHART_COLORS.warning, dash: [5, 5] })),
    formatX: (s) => periodLabel(new Date(s * 1000).toISOString().slice(0, 10), o.unit, lng),
  };
}

function OverviewBody({ summary, eventDay, lng }: { summary: DailyRevenueSummary; eventDay: string; lng: string }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<OverviewMetric>('tickets');
  const [range, setRange] = useState<OverviewRange>(DEFAULT_OVERVIEW_RANGE);
  const [group, setGroup] = useState<OverviewGroup>('month');
  const overview = useMemo(() => salesOverview(summary, range, group, eventDay), [summary, range, group, eventDay]);
  const spec = useMemo(
    () =>
      overviewChart(overview, metric, summary.currency, lng, {
        tickets: t('campaigns.insights.tickets'),
        revenue: t('campaigns.insights.revenue'),
        manual: t('event.transactions.manual'),
        type: (k) => t(`event.ticketTypes.${k}`, { defaultValue: k }),
        manualTip: (tickets, revenue) => t('event.transactions.manualTooltip', { tickets, revenue }),
      }),
    [overview, metric, summary.currency, lng, t],
  );
  const total = overview.columns.reduce((n, c) => n + (metric === 'tickets' ? c.tickets : c.revenue), 0);
  return (
    <>
      <div className={styles.chartTools}>
        <Segmented label={t('campaigns.insights.metricLabel')} values={['tickets', 'revenue'] as const} value={metric} onChange={setMetric} text={(v) => t(`campaigns.insights.${v}`)} />
        <Segmented label={t('campaigns.insights.rangeLabel')} values={OVERVIEW_RANGES} value={range} onChange={setRange} text={(v) => t(`campaigns.insights.ranges.${v}`)} />
        {range === 'all' && (
          <Segmented label={t('campaigns.insights.groupLabel')} values={OVERVIEW_GROUPS} value={group} onChange={setGroup} text={(v) => t(`campaigns.insights.groups.${v}`)} />
        )}
      </div>
      {spec ? (
        <>
          <Chart id="sales-overview" spec={spec} height={260} lng={lng} label={t('campaigns.insights.overviewTitle')} describedBy="sales-overview-summary" />
          <p id="sales-overview-summary" className={detailStyles.chartNote} data-testid="sales-overview-summary">
            {t(`campaigns.insights.summary.${metric}`, {
              value: metric === 'tickets' ? formatCount(total, lng) : formatMoney(total, summary.currency, lng),
              count: overview.columns.length,
              unit: t(`campaigns.insights.units.${overview.unit}`, { count: overview.columns.length }),
            })}
            {overview.manual.length > 0 && ' ' + t('campaigns.insights.manualCount', { count: overview.manual.length })}
          </p>
        </>
      ) : (
        <EmptyState compact icon="chart" message={t('event.transactions.empty')} />
      )}
    </>
  );
}

export function SalesOverview({ eventId, eventDay, lng }: { eventId: string; eventDay: string; lng: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useVisible(ref);
  const res = useResource(visible ? (signal) => getDailyRevenueSummary({ event_id: eventId }, signal) : null, [eventId]);
  return (
    <div ref={ref} className={detailStyles.chartSlot} data-testid="sales-overview">
      {res.status === 'ready' ? <OverviewBody summary={res.data} eventDay={eventDay} lng={lng} /> : <Skeleton chart />}
    </div>
  );
}
