// One variation of a built package (spec 3 §2 "variation cards"): title, customers, keywords (four
// shown, 30 characters each, the rest behind "more"), top events and the medians in the partner's
// currency. The title opens the variation at /package-builder/results/{id}/{slug}.
import type { MouseEvent } from 'react';
import type { Variation } from '../../../lib/contracts/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateTime, formatNumber } from '../format';
import { Keywords } from './Keywords';
import { medians, variationTopEvents } from './variation';
import styles from './Results.module.css';

export function VariationCard({ variation, href, currency, onOpen }: { variation: Variation; href: string; currency: string; onOpen(e: MouseEvent<HTMLAnchorElement>): void }) {
  const { t, i18n } = useTranslation();
  const events = variationTopEvents(variation);
  const headingId = `variation-${variation.slug}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="variation-card">
      <header className={styles.cardHead}>
        <h3 id={headingId} className={styles.cardTitle}>
          <a href={href} onClick={onOpen} data-testid="variation-open">
            {variation.title}
          </a>
        </h3>
        <p className={styles.cardCustomers}>
          {t('packages.results.card.customers', {
            count: variation.n_customers,
            n: formatNumber(variation.n_customers, i18n.language),
          })}
        </p>
      </header>
      <Keywords keywords={variation.campaign.keywords} label={t('packages.results.card.keywords')} />
      {events.length > 0 && (
        <div className={styles.cardSection}>
          <h4 className={styles.sectionLabel}>{t('packages.results.card.topEvents')}</h4>
          <ol className={styles.topEvents}>
            {events.map((e) => (
              <li key={e.event_id}>
                <span className={styles.eventTitle}>{e.title}</span>
                <span className={styles.eventMeta}>{[formatDateTime(e.start_date_time), e.venue_name].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <dl className={styles.medians}>
        {medians(variation, t, currency, i18n.language).map((m) => (
          <div key={m.key}>
            <dt>{m.label}</dt>
            <dd>{m.value}</dd>
          </div>
        ))}
      </dl>
      {/* The title's link covers the card (a stretched link); this line only shows where it leads. */}
      <p className={styles.cardLink} aria-hidden="true">
        {t('packages.results.card.open')} →
      </p>
    </article>
  );
}
