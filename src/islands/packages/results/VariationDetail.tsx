// The variation's detail (spec 3 §2 "side drawer with customer statistics, top events and export"):
// shared by the drawer (wide screens) and the full page it becomes at 991 px or less.
import type { ReactNode, Ref } from 'react';
import type { Package, Variation } from '../../../lib/contracts/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { defaultExportName } from '../../../lib/packages/rules';
import { formatDateTime, formatNumber } from '../format';
import { ExportPanel } from './ExportPanel';
import { Keywords } from './Keywords';
import { medians, variationTopEvents } from './variation';
import styles from './Results.module.css';

export function VariationDetail({
  pkg,
  variation,
  currency,
  variant,
  heading,
  headingRef,
  crm,
}: {
  pkg: Package;
  variation: Variation;
  currency: string;
  variant: 'drawer' | 'page';
  /** The title element (the drawer passes radix's Dialog.Title). */
  heading?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  crm?: (name: string, nameProblem: boolean) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const events = variationTopEvents(variation);
  const p = `${variant}-${variation.slug}`;
  return (
    <div className={styles.detail} data-testid={`variation-detail-${variant}`}>
      <header className={styles.detailHead}>
        <p className={styles.detailKicker}>{pkg.title}</p>
        {heading ?? (
          <h2 ref={headingRef} tabIndex={-1} className={styles.detailTitle}>
            {variation.title}
          </h2>
        )}
        <Keywords keywords={variation.campaign.keywords} label={t('packages.variation.keywords')} />
        {/* On a phone the variation is a page of its own: the results page's notice is not in view. */}
        {pkg.demo === true && (
          <p className={styles.demoNote} data-testid="variation-demo-label">
            {t('packages.demo.label')}
          </p>
        )}
      </header>

      <section className={styles.detailSection} aria-labelledby={`${p}-stats`}>
        <h3 id={`${p}-stats`} className={styles.detailHeading}>
          {t('packages.variation.stats')}
        </h3>
        <dl className={styles.stats}>
          <div>
            <dt>{t('packages.variation.customers')}</dt>
            <dd data-testid="variation-customers">{formatNumber(variation.n_customers, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('packages.variation.optedOut')}</dt>
            <dd>{formatNumber(variation.n_opted_out, i18n.language)}</dd>
          </div>
          {medians(variation, t, currency, i18n.language).map((m) => (
            <div key={m.key}>
              <dt>{m.label}</dt>
              <dd>{m.value}</dd>
            </div>
          ))}
        </dl>
        {variation.n_opted_out > 0 && <p className={styles.muted}>{t('packages.variation.optedOutHint')}</p>}
      </section>

      {events.length > 0 && (
        <section className={styles.detailSection} aria-labelledby={`${p}-events`}>
          <h3 id={`${p}-events`} className={styles.detailHeading}>
            {t('packages.variation.topEvents')}
          </h3>
          <ol className={styles.detailEvents}>
            {events.map((e) => (
              <li key={e.event_id}>
                <span className={styles.eventTitle}>{e.title}</span>
                <span className={styles.eventMeta}>{[formatDateTime(e.start_date_time), [e.venue_name, e.hall_name].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}</span>
                {e.keywords.length > 0 && <Keywords keywords={e.keywords} label={t('packages.variation.keywords')} />}
              </li>
            ))}
          </ol>
        </section>
      )}

      <ExportPanel packageId={pkg.id} variationTitle={variation.title} defaultName={defaultExportName(pkg.title, variation.title)} idPrefix={`${p}-export`} crm={crm} demo={pkg.demo === true} />
    </div>
  );
}
