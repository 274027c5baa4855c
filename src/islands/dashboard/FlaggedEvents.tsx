// spec 1 §2.8 flagged-events card: the events the partner flagged for attention (GET /events/flagged/).
import { useTranslation } from '../../lib/i18n/react';
import type { EventList } from '../../lib/contracts/events';
import { EmptyState } from '../ui/EmptyState';
import { EventRow } from './EventRow';
import styles from './Dashboard.module.css';

export function FlaggedEvents({ flagged, lng }: { flagged: EventList | null; lng: string }) {
  const { t } = useTranslation();
  if (!flagged) {
    return (
      <p className="alert alert--error" role="alert">
        {t('dashboard.errors.fetch')}
      </p>
    );
  }
  if (flagged.items.length === 0) return <EmptyState compact icon="flag" message={t('dashboard.flagged.empty')} />;
  return (
    <>
      <ul className={`${styles.list} ${styles.listShort}`} data-testid="flagged-list" tabIndex={0} aria-label={t('dashboard.flagged.title')}>
        {flagged.items.map((e) => (
          <EventRow key={e.id} event={e} lng={lng} />
        ))}
      </ul>
      {flagged.total > flagged.items.length && <p className={styles.count}>{t('dashboard.flagged.more', { count: flagged.total - flagged.items.length })}</p>}
    </>
  );
}
