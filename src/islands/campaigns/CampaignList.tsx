// spec 2 §2 "Campaign list": the event's existing campaigns (a setup published for a taste cluster,
// status running) as accordions, each with Preview ads, a more-options menu (Share) and a chevron
// that opens the campaign's read-only summary — or spec 2 §8's 'Error fetching data.'.
// Edit (POST /campaigns_setup) is not built yet: spec 2 hides it unless the campaign is editable.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { Creative, IntegrationDetail, Targeting } from '../../lib/contracts/setup-process';
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
import { Icon } from '../ui/Icon';
import { shareableUrls } from '../../lib/campaigns/share';
import { ClusterSummary } from './wizard/ClusterSummary';
import { ShareDialog } from './list/ShareDialog';
import detailStyles from '../events/detail/EventDetail.module.css';
import styles from './Campaigns.module.css';

const PreviewModal = lazy(() => import('./wizard/previews/PreviewModal'));

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
            <CampaignItem key={c.id} campaign={c} event={event} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a published campaign keeps of its setup (spec 2 §3 Campaign latest_campaign_setup). */
interface LatestSetup {
  creative: Creative;
  targeting: Targeting | null;
  integration_details: IntegrationDetail[];
  disabled_variations: string[];
}
const latestSetupOf = (c: EventCampaign): LatestSetup | null => {
  const s = c.latest_campaign_setup as Partial<LatestSetup> | null;
  return s && s.creative ? { creative: s.creative, targeting: s.targeting ?? null, integration_details: s.integration_details ?? [], disabled_variations: s.disabled_variations ?? [] } : null;
};

function CampaignItem({ campaign: c, event }: { campaign: EventCampaign; event: EventItem }) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState(false);
  const [share, setShare] = useState(false);
  const setup = latestSetupOf(c);
  const asset = (key: IntegrationDetail['asset_class']) => setup?.integration_details.find((d) => d.asset_class === key)?.asset_id ?? null;
  const page = asset('facebook.profile');
  const adAccount = asset('facebook.ad_account');
  const urls = setup ? shareableUrls(setup.creative.destination_url) : [];
  return (
    <li className={styles.accItem} data-testid="campaign-item" data-tc={c.tc}>
      <div className={`${styles.accHead} ${styles.listHead}`}>
        <button type="button" className={styles.accToggle} data-testid="campaign-toggle" aria-expanded={open} aria-controls={`${uid}-body`} onClick={() => setOpen((o) => !o)}>
          <span className={styles.accLabel}>{c.alias}</span>
          <span className={styles.accBudget}>{c.budget != null ? formatMoney(c.budget, c.currency, i18n.language) : ''}</span>
          <Icon name="chevronRight" size={18} className={styles.accChevron} />
        </button>
        <Button size="sm" variant="secondary" iconName="monitor" disabled={!setup || !page || !adAccount} onClick={() => setPreview(true)} data-testid="campaign-preview">
          {t('campaigns.list.preview')}
        </Button>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <button type="button" className={detailStyles.menuTrigger} aria-label={t('campaigns.list.more', { name: c.alias })} data-testid="campaign-more">
              <Icon name="more" size={20} />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className={detailStyles.menu} align="end" sideOffset={6} collisionPadding={8}>
              <DropdownMenu.Item className={detailStyles.menuItem} disabled={urls.length === 0} onSelect={() => setShare(true)}>
                <Icon name="share" size={16} className={detailStyles.menuIcon} />
                {t('campaigns.list.share')}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <div id={`${uid}-body`} hidden={!open} className={styles.listBody}>
        <p className={styles.hint}>{c.set_up_date ? t('campaigns.list.since', { date: formatDayUtc(c.set_up_date) }) : ''}</p>
        {open && setup && setup.targeting && (
          <ClusterSummary creative={setup.creative} targeting={setup.targeting} alias={c.alias} keywords={c.keywords} adAccount={adAccount} disabled={setup.disabled_variations.length} titled={false} />
        )}
      </div>
      {preview && setup && page && adAccount && (
        <Suspense fallback={null}>
          <PreviewModal
            open={preview}
            onClose={() => setPreview(false)}
            eventId={event.id}
            creatives={[setup.creative]}
            aliases={{ [c.tc]: c.alias }}
            assets={{ pageAssetId: page, instagramAssetId: asset('instagram.profile'), adAccountAssetId: adAccount }}
            mode="view"
            disabledVariations={{ [String(c.tc)]: setup.disabled_variations }}
          />
        </Suspense>
      )}
      {urls.length > 0 && <ShareDialog open={share} onOpenChange={setShare} eventId={event.id} urls={urls} defaultText={event.title} />}
    </li>
  );
}
