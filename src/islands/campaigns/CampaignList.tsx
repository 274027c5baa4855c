// spec 2 §2 "Campaign list": the event's existing campaigns (a setup published for a taste cluster,
// status running) as accordions, each with Preview ads, a more-options menu (Share) and a chevron
// that opens the campaign's read-only summary — or spec 2 §8's 'Error fetching data.'.
// Edit (shown for a campaign that can still change: not ended, its setup kept, Meta reachable;
// disabled while one is edited or a budget/runtime change is pending) swaps the summary for the
// running campaign's creative form (list/RunningCampaignEditor, POST /campaigns_setup).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { IntegrationDetail } from '../../lib/contracts/setup-process';
import type { RuntimeBudget } from '../../lib/contracts/runtime-budget';
import { getRuntimeBudget } from '../../lib/api/campaign-results';
import { currentTimeMs } from '../../lib/clock';
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
import { RunningCampaignEditor, type LatestSetup } from './list/RunningCampaignEditor';
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

export function CampaignList({
  event,
  version,
  enabled = true,
  canEdit = false,
  geoOnly = false,
  onEdited,
}: {
  event: EventItem;
  version: number;
  enabled?: boolean;
  /** The viewer may change campaigns (wave). */
  canEdit?: boolean;
  geoOnly?: boolean;
  /** A running campaign was changed: the panel refetches what depends on it. */
  onEdited?(): void;
}) {
  const { t } = useTranslation();
  const eventId = event.id;
  const { load, retry } = useExistingCampaigns(eventId, version, enabled);
  const [editing, setEditing] = useState<number | null>(null);
  // spec 2 §2: Edit waits for a pending budget/runtime change; §8: a permission problem hides it.
  const [budget, setBudget] = useState<RuntimeBudget | null>(null);
  const hasItems = load.status === 'ready' && load.items.length > 0;
  useEffect(() => {
    if (!hasItems || !canEdit) return;
    const controller = new AbortController();
    getRuntimeBudget(eventId, controller.signal).then(setBudget, () => setBudget(null));
    return () => controller.abort();
  }, [eventId, hasItems, canEdit, version]);
  const editState = { pending: budget?.task_details?.status === 'pending', permissionError: budget?.has_permission_error ?? true };
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
            <CampaignItem
              key={c.id}
              campaign={c}
              event={event}
              geoOnly={geoOnly}
              edit={canEdit && !editState.permissionError ? { editing: editing === c.tc, busy: editing !== null || editState.pending } : null}
              onEdit={(on) => setEditing(on ? c.tc : null)}
              onEdited={() => {
                setEditing(null);
                retry();
                onEdited?.();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The share text to start from: the ad's first body text, else the event's title. */
const shareText = (creative: LatestSetup['creative'], title: string) => creative.body.map((b) => b.trim()).find(Boolean) ?? title;

const latestSetupOf = (c: EventCampaign): LatestSetup | null => {
  const s = c.latest_campaign_setup as Partial<LatestSetup> | null;
  return s && s.creative && s.setup_process_id
    ? { creative: s.creative, targeting: s.targeting ?? null, integration_details: s.integration_details ?? [], disabled_variations: s.disabled_variations ?? [], setup_process_id: s.setup_process_id, goal: s.goal ?? 'UTILIZATION', lead_form_id: s.lead_form_id ?? null, cluster_audience: s.cluster_audience ?? null }
    : null;
};

function CampaignItem({
  campaign: c,
  event,
  geoOnly,
  edit,
  onEdit,
  onEdited,
}: {
  campaign: EventCampaign;
  event: EventItem;
  geoOnly: boolean;
  /** Null when Edit is hidden (no wave, or Meta not reachable); `busy` disables it. */
  edit: { editing: boolean; busy: boolean } | null;
  onEdit(on: boolean): void;
  onEdited(): void;
}) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState(false);
  const [share, setShare] = useState(false);
  const more = useRef<HTMLButtonElement>(null);
  // Edit hands focus to the form: the menu must not take it back to its trigger on closing.
  const keepFocus = useRef(false);
  const row = useRef<HTMLLIElement>(null);
  const setup = latestSetupOf(c);
  const asset = (key: IntegrationDetail['asset_class']) => setup?.integration_details.find((d) => d.asset_class === key)?.asset_id ?? null;
  const page = asset('facebook.profile');
  const adAccount = asset('facebook.ad_account');
  const urls = setup ? shareableUrls(setup.creative.destination_url) : [];
  const ended = !!c.fb_adset_end_time && Date.parse(c.fb_adset_end_time) <= currentTimeMs();
  const editable = !!edit && !!setup?.targeting && !ended;
  const editing = !!edit?.editing;
  return (
    <li ref={row} className={styles.accItem} data-testid="campaign-item" data-tc={c.tc}>
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
            <button ref={more} type="button" className={detailStyles.menuTrigger} aria-label={t('campaigns.list.more', { name: c.alias })} data-testid="campaign-more">
              <Icon name="more" size={20} />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              className={detailStyles.menu}
              align="end"
              sideOffset={6}
              collisionPadding={8}
              onCloseAutoFocus={(e) => {
                if (!keepFocus.current) return;
                keepFocus.current = false;
                e.preventDefault();
              }}
            >
              <DropdownMenu.Item className={detailStyles.menuItem} disabled={urls.length === 0} onSelect={() => setShare(true)}>
                <Icon name="share" size={16} className={detailStyles.menuIcon} />
                {t('campaigns.list.share')}
              </DropdownMenu.Item>
              {editable && (
                <DropdownMenu.Item
                  className={detailStyles.menuItem}
                  disabled={edit.busy}
                  onSelect={() => {
                    keepFocus.current = true;
                    setOpen(true);
                    onEdit(true);
                  }}
                  data-testid="campaign-edit"
                >
                  <Icon name="edit" size={16} className={detailStyles.menuIcon} />
                  {t('campaigns.list.edit.action')}
                </DropdownMenu.Item>
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <div id={`${uid}-body`} hidden={!open} className={styles.listBody}>
        <p className={styles.hint}>{c.set_up_date ? t('campaigns.list.since', { date: formatDayUtc(c.set_up_date) }) : ''}</p>
        {open && editing && setup?.targeting && (
          <RunningCampaignEditor eventId={event.id} campaign={c} setup={{ ...setup, targeting: setup.targeting }} geoOnly={geoOnly} onCancel={() => {
              onEdit(false);
              more.current?.focus();
            }}
            onSaved={() => {
              onEdited();
              // The campaign stays in view (the panel's refetch would leave the page wherever it was).
              row.current?.scrollIntoView({ block: 'nearest' });
              more.current?.focus();
            }}
          />
        )}
        {open && !editing && setup && setup.targeting && (
          <ClusterSummary creative={setup.creative} targeting={setup.targeting} alias={c.alias} keywords={c.keywords} adAccount={adAccount} disabled={setup.disabled_variations.length} clusterAudience={setup.cluster_audience} titled={false} />
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
      {urls.length > 0 && setup && (
        <ShareDialog open={share} onOpenChange={setShare} eventId={event.id} urls={urls} defaultText={shareText(setup.creative, event.title)} returnFocusTo={more} />
      )}
    </li>
  );
}
