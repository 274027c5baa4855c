// spec 1 §2.10 tab 1 (campaigns): the event's campaigns and the way into its campaign
// recommendations (spec 2 §2 Routes: the drawer of /campaigns on wide screens, the page on narrow).
import { useTranslation } from '../../../lib/i18n/react';
import type { EventItem } from '../../../lib/contracts/events';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useExistingCampaigns } from '../../campaigns/CampaignList';
import { emptyListKey } from '../../campaigns/campaignState';
import { recommendationsHref } from '../../campaigns/navigation';
import { formatDayUtc } from './format';
import { Skeleton } from './Section';
import styles from './EventDetail.module.css';

export function CampaignsTab({ event, canCampaigns }: { event: EventItem; canCampaigns: boolean }) {
  const { t } = useTranslation();
  // Without the wave permission the campaign-side calls are refused: the tab says what it knows.
  const { load, retry } = useExistingCampaigns(event.id, 0, canCampaigns);
  const open = canCampaigns ? (
    <Button iconName="megaphone" onClick={() => window.location.assign(recommendationsHref(event.id, window.innerWidth))} data-testid="open-recommendations">
      {t('event.campaigns.openRecommendations')}
    </Button>
  ) : undefined;
  return (
    <section className={styles.card} aria-labelledby="event-campaigns-title" data-testid="event-campaigns">
      <div className={styles.cardHead}>
        <h3 id="event-campaigns-title" className={styles.cardTitle}>
          {t('event.campaigns.title')}
        </h3>
      </div>
      {load.status === 'loading' && <Skeleton lines={2} />}
      {load.status === 'error' && (
        <EmptyState
          compact
          icon="alert"
          message={t('event.campaigns.error')}
          action={
            <Button size="sm" variant="secondary" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {load.status === 'ready' && load.items.length === 0 && <EmptyState icon="megaphone" message={t(event.has_campaign ? emptyListKey(event) : 'event.campaigns.none')} action={open} />}
      {load.status === 'ready' && load.items.length > 0 && (
        <>
          <ul className={styles.bars}>
            {load.items.map((c) => (
              <li key={c.id}>
                <strong>{c.alias}</strong> {c.set_up_date ? `· ${formatDayUtc(c.set_up_date)}` : ''}
              </li>
            ))}
          </ul>
          {open}
        </>
      )}
    </section>
  );
}
