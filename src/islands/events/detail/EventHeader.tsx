// spec 1 §2.10 header: title, date (UTC), city, hall and venue, the manual-event note for '-sim-'
// ids and the active/inactive campaign badge; the actions menu sits at its end.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { EventItem, FrontendStatus } from '../../../lib/contracts/events';
import { Icon } from '../../ui/Icon';
import { formatEventDate } from './format';
import { isManualEvent } from './navigation';
import styles from './EventDetail.module.css';

export function EventHeader({ event, status, variant, actions, onClose }: { event: EventItem; status: FrontendStatus; variant: 'drawer' | 'page'; actions: ReactNode; onClose?: () => void }) {
  const { t } = useTranslation();
  const Title = variant === 'page' ? 'h1' : 'h2';
  const place = [event.hall_name, event.venue_name].filter(Boolean).join(', ');
  return (
    <header className={styles.header}>
      <div className={styles.headerMain}>
        <div className={styles.badges}>
          {event.has_campaign && (
            <span className={styles.badge} data-tone={event.has_active_campaigns ? 'active' : 'inactive'}>
              {t(event.has_active_campaigns ? 'event.header.campaignActive' : 'event.header.campaignInactive')}
            </span>
          )}
          {status === 'FLAGGED' && (
            <span className={styles.badge} data-tone="flagged" data-testid="flagged-badge">
              <Icon name="flag" size={12} />
              {t('event.header.flagged')}
            </span>
          )}
          {status === 'HIDDEN' && (
            <span className={styles.badge} data-tone="inactive">
              {t('event.header.archived')}
            </span>
          )}
        </div>
        <Title id="event-detail-title" className={styles.title}>
          {event.title}
        </Title>
        <p className={styles.meta}>
          <span className={styles.metaItem}>
            <Icon name="calendar" size={15} />
            <time dateTime={event.start_date_time} data-testid="event-date">
              {formatEventDate(event.start_date_time, event.category)}
              {event.category === 'product' || event.category === 'uncategorized' ? '' : ' UTC'}
            </time>
          </span>
          {(event.city || place) && (
            <span className={styles.metaItem}>
              <Icon name="mapPin" size={15} />
              {[event.city, place].filter(Boolean).join(' · ')}
            </span>
          )}
        </p>
        {isManualEvent(event.id) && (
          <p className={styles.note} data-testid="manual-note">
            <Icon name="info" size={15} />
            {t('event.header.manualNote')}
          </p>
        )}
      </div>
      <div className={styles.headerActions}>
        {actions}
        {onClose && (
          <button type="button" className={styles.menuTrigger} aria-label={t('common.close')} onClick={onClose}>
            <Icon name="close" size={20} />
          </button>
        )}
      </div>
    </header>
  );
}
