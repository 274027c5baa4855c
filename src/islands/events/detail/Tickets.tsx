// spec 1 §2.10 ticket category bars and ticket type bars. Drawn as SVG bars in a list rather than
// a chart: the values are read one by one, need no library, and the colours are SVG attributes
// that the page's CSP allows (no inline styles).
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { TicketsResponse } from '../../../lib/contracts/events';
import { getEventTickets } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { CHART_COLORS } from './charts/theme';
import { formatCount, formatPercent, paletteColor, priceCategoryLabel } from './format';
import { Section, Skeleton } from './Section';
import { useResource } from './useResource';
import { useVisible } from './useVisible';
import styles from './EventDetail.module.css';

interface Bar {
  key: string;
  label: string;
  tickets: number;
  share: number;
  color: string;
}

function Bars({ bars, lng, testId }: { bars: Bar[]; lng: string; testId: string }) {
  const max = Math.max(...bars.map((b) => b.share), 0);
  return (
    <ul className={styles.bars} data-testid={testId}>
      {bars.map((b) => (
        <li key={b.key} className={styles.bar}>
          <span className={styles.barLabel}>
            <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className={styles.barSwatch}>
              <rect width="10" height="10" rx="2" fill={b.color} />
            </svg>
            {b.label}
          </span>
          <span className={styles.barValue}>
            {formatCount(b.tickets, lng)} · {formatPercent(b.share, lng)}
          </span>
          <svg className={styles.barTrack} viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
            <rect width="100" height="8" rx="0" fill={CHART_COLORS.grid} />
            <rect width={max > 0 ? (b.share / max) * 100 : 0} height="8" fill={b.color} />
          </svg>
        </li>
      ))}
    </ul>
  );
}

export const TICKET_TYPE_ROWS = [
  ['regular', 'share_regular_tickets'],
  ['regular_discount', 'share_regular_discount_tickets'],
  ['discount', 'share_discount_tickets'],
  ['subscription', 'share_subscription_tickets'],
  ['other', 'share_other_tickets'],
] as const;

export function categoryBars(data: TicketsResponse): Bar[] {
  return data.price_categories.categories.map((c, i) => ({ key: `${i}-${c.name}`, label: priceCategoryLabel(c.name), tickets: c.tickets, share: c.share, color: paletteColor(i) }));
}

function TicketsBody({ data, lng }: { data: TicketsResponse; lng: string }) {
  const { t } = useTranslation();
  const cats = categoryBars(data);
  const per = data.tickets_per_category;
  const types: Bar[] = TICKET_TYPE_ROWS.map(([key, share], i) => ({
    key,
    label: t(`event.ticketTypes.${key}`),
    tickets: per[key],
    share: per[share],
    color: [CHART_COLORS.accent, CHART_COLORS.accentSoft, CHART_COLORS.warning, CHART_COLORS.good, CHART_COLORS.muted][i],
  }));
  const sold = types.reduce((n, b) => n + b.tickets, 0);
  return (
    <div className={styles.ticketGrid}>
      <Section id="ticket-categories" title={t('event.ticketCategories.title')}>
        {cats.length ? <Bars bars={cats} lng={lng} testId="ticket-categories" /> : <EmptyState compact icon="chart" message={t('event.ticketCategories.empty')} />}
      </Section>
      <Section id="ticket-types" title={t('event.ticketTypes.title')}>
        {sold > 0 ? <Bars bars={types} lng={lng} testId="ticket-types" /> : <EmptyState compact icon="chart" message={t('event.ticketTypes.empty')} />}
      </Section>
    </div>
  );
}

export function Tickets({ eventId, lng }: { eventId: string; lng: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useVisible(ref);
  const res = useResource(visible ? (signal) => getEventTickets(eventId, signal) : null, [eventId]);
  const { t } = useTranslation();
  return (
    <div ref={ref}>
      {res.status === 'ready' ? (
        <TicketsBody data={res.data} lng={lng} />
      ) : (
        <div className={styles.ticketGrid}>
          <Section id="ticket-categories" title={t('event.ticketCategories.title')}>
            <Skeleton lines={4} />
          </Section>
          <Section id="ticket-types" title={t('event.ticketTypes.title')}>
            <Skeleton lines={4} />
          </Section>
        </div>
      )}
    </div>
  );
}
