// spec 2 §2 "Campaign list": the event's existing campaigns as accordions. A campaign exists once a
// setup was published for a taste cluster (status running); none can be set up before the setup
// wizard lands, so today this shows its empty state — or spec 2 §8's 'Error fetching data.'.
import { useEffect, useState } from 'react';
import type { EventCampaign } from '../../lib/contracts/taste-clusters';
import type { EventItem } from '../../lib/contracts/events';
import { emptyListKey } from './campaignState';
import { getEventCampaigns } from '../../lib/api/tasteClusters';
import { ApiError } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { formatDayUtc, formatMoney } from '../events/detail/format';
import { Skeleton } from '../events/detail/Section';
import styles from './Campaigns.module.css';

type Load = { status: 'loading' } | { status: 'ready'; items: EventCampaign[] } | { status: 'error' };

/** Set-up campaigns only: the other items of the call are the run's recommendations. */
export const existingCampaigns = (items: readonly EventCampaign[]) => items.filter((c) => c.status === 'running');

export function useExistingCampaigns(eventId: string, version: number, enabled = true): { load: Load; retry: () => void } {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) {
      setLoad({ status: 'ready', items: [] });
      return;
    }
    const controller = new AbortController();
    getEventCampaigns(eventId, {}, controller.signal).then(
      (res) => setLoad({ status: 'ready', items: existingCampaigns(res.items) }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [eventId, version, attempt, enabled]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}

export function CampaignList({ event, version, enabled = true }: { event: EventItem; version: number; enabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const eventId = event.id;
  const { load, retry } = useExistingCampaigns(eventId, version, enabled);
  return (
    <section className={styles.campaignList} aria-labelledby="campaign-list-title" data-testid="campaign-list">
      <h3 id="campaign-list-title" className={styles.sectionTitle}>
        {t('campaigns.list.title')}
      </h3>
      {load.status === 'loading' && <Skeleton lines={2} />}
      {load.status === 'error' && (
        <EmptyState
          compact
          icon="alert"
          message={t('campaigns.list.error')}
          action={
            <Button size="sm" variant="secondary" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {load.status === 'ready' && load.items.length === 0 && <EmptyState compact icon="megaphone" message={t(emptyListKey(event))} />}
      {load.status === 'ready' && load.items.length > 0 && (
        <ul className={styles.accordion}>
          {load.items.map((c) => (
            <li key={c.id} className={styles.accItem}>
              <details>
                <summary className={styles.accToggle}>
                  <span className={styles.accLabel}>{c.alias}</span>
                  <span className={styles.accBudget}>{c.budget != null ? formatMoney(c.budget, c.currency, i18n.language) : ''}</span>
                </summary>
                <p className={styles.hint}>{c.set_up_date ? t('campaigns.list.since', { date: formatDayUtc(c.set_up_date) }) : ''}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
