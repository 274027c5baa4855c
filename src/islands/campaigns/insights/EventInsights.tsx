// spec 2 §2 "Event insights panel": the sales trend area (the event detail's trend chart and its
// benchmark boxes), the ticket category and ticket type cards, and the sales overview. The charts
// are the event detail's own components; only the overview is the campaigns side's.
import type { EventItem } from '../../../lib/contracts/events';
import { useTranslation } from '../../../lib/i18n/react';
import { BenchmarkBoxes } from '../../events/detail/BenchmarkBoxes';
import { SalesTrend } from '../../events/detail/SalesTrend';
import { Section } from '../../events/detail/Section';
import { Tickets } from '../../events/detail/Tickets';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/Icon';
import { SalesOverview } from './SalesOverview';
import { trendDimmed } from './salesOverview';
import styles from '../Campaigns.module.css';

export function EventInsights({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const dimmed = trendDimmed(event.capacity);
  return (
    <section className={styles.insights} aria-labelledby="insights-title" data-testid="event-insights">
      <h3 id="insights-title" className={styles.sectionTitle}>
        {t('campaigns.insights.title')}
      </h3>
      <div className={styles.trendArea} data-dimmed={dimmed || undefined} data-testid="trend-area">
        <div className={styles.trendContent} aria-hidden={dimmed || undefined} inert={dimmed || undefined}>
          <BenchmarkBoxes benchmark={event.benchmark} capacity={event.capacity} lng={lng} />
          <Section id="sales-trend" title={t('event.salesTrend.title')}>
            <SalesTrend eventId={event.id} lng={lng} />
          </Section>
        </div>
        {dimmed && (
          <div className={styles.trendOverlay} role="note" data-testid="capacity-overlay">
            <Icon name="info" size={18} />
            <p>{t('campaigns.insights.noCapacity')}</p>
          </div>
        )}
      </div>
      <ErrorBoundary>
        <Tickets eventId={event.id} lng={lng} />
      </ErrorBoundary>
      <Section id="sales-overview" title={t('campaigns.insights.overviewTitle')}>
        <SalesOverview eventId={event.id} eventDay={event.date} lng={lng} />
      </Section>
    </section>
  );
}
