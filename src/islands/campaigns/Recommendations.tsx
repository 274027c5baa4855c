// spec 2 §2 the campaign recommendations of one event, in the drawer of /campaigns and on
// /campaigns/{eventId}: the event header with its dots menu, two tabs (recommendations setup;
// statistics, disabled without a campaign context), and in the setup tab the ITC status box, the
// campaign list, the setup wizard (step 1: the new-setup panel) and the event insights panel. The
// ITC regeneration opens as a modal on wide screens and as /campaigns/{id}/itc below 1000 px.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { EventItem } from '../../lib/contracts/events';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { ApiError } from '../../lib/api/client';
import { getEvent } from '../../lib/api/events';
import { cancelSetup, getSetup } from '../../lib/api/setupProcess';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import { $campaignChange, campaignsChanged } from '../../stores/campaignChanges';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Modal } from '../ui/Modal';
import { TabList } from '../ui/TabList';
import { EventHeader } from '../events/detail/EventHeader';
import { Skeleton } from '../events/detail/Section';
import { CampaignList } from './CampaignList';
import { EventInsights } from './insights/EventInsights';
import { ItcStatusBox } from './itc/ItcStatusBox';
import { useItcStatus } from './itc/useItcStatus';
import { ITC_PARAM, isCampaignsNarrow, itcNeedsPage, itcPagePath, wantsItc } from './navigation';
import { OPEN_INCLUDED_PARAM, wantsIncludedEvents } from '../../lib/campaigns/included-events';
import { RecommendationsMenu } from './RecommendationsMenu';
import { SetupWizard } from './wizard/SetupWizard';
import { CampaignStatistics } from './stats/CampaignStatistics';
import { BudgetRuntimePanel } from './budget/BudgetRuntimePanel';
import detailStyles from '../events/detail/EventDetail.module.css';
import styles from './Campaigns.module.css';

export interface RecommendationsProps {
  eventId: string;
  variant: 'drawer' | 'page';
  i18n: IslandI18n;
  /** wave: setting up campaigns. */
  canSetup: boolean;
  /** simulation: editing the event (the ITC form saves it). */
  canEdit: boolean;
  lookout: boolean;
  currency: string;
  initialEvent?: EventItem;
  /**
   * The tab the server renders (the page reads open_included_events=true): painted as it will
   * stay, instead of the setup tab swapped for the statistics after hydration (a layout shift).
   */
  initialTab?: Tab;
}

// The regeneration form (and its form library) loads when it is first opened.
const ItcForm = lazy(() => import('./itc/ItcForm').then((m) => ({ default: m.ItcForm })));

type Tab = 0 | 1;
/** spec 1 §2.1: an unknown event goes to the not-found page with its reason. */
const EVENT_NOT_FOUND_PATH = '/404?reason=EVENT404';
type Load = { status: 'loading' } | { status: 'ready'; event: EventItem } | { status: 'error' };

function useEvent(eventId: string, initial: EventItem | undefined, attempt: number): Load {
  const [state, setState] = useState<Load>(initial?.id === eventId ? { status: 'ready', event: initial } : { status: 'loading' });
  useEffect(() => {
    if (initial?.id === eventId && attempt === 0) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getEvent(eventId, controller.signal).then(
      (event) => setState({ status: 'ready', event }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        if (err instanceof ApiError && err.status === 404) return window.location.replace(EVENT_NOT_FOUND_PATH);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [eventId, initial, attempt]);
  return state;
}

/** The event as loaded, read again once a campaign of it was published (header badge and list agree). */
function useFreshEvent(loaded: EventItem): EventItem {
  const [fresh, setFresh] = useState<EventItem | null>(null);
  useEffect(() => {
    setFresh(null);
    return $campaignChange.listen((change) => {
      if (change?.eventId !== loaded.id) return;
      getEvent(loaded.id).then(setFresh, () => undefined);
    });
  }, [loaded]);
  return fresh ?? loaded;
}

function Loaded({ event: loaded, props }: { event: EventItem; props: RecommendationsProps }) {
  const { t } = useTranslation();
  const event = useFreshEvent(loaded);
  const [tab, setTab] = useState<Tab>(props.initialTab === 1 && loaded.has_campaign ? 1 : 0);
  const [version, setVersion] = useState(0);
  const [campaignsVersion, setCampaignsVersion] = useState(0);
  const [itcOpen, setItcOpen] = useState(false);
  const onSuccess = useCallback(() => {
    setVersion((n) => n + 1);
    pushToast({ title: t('campaigns.itc.done'), description: t('campaigns.itc.doneDetail'), variant: 'success' });
  }, [t]);
  const onRetryFailed = useCallback(
    (err: unknown) => pushToast({ title: t('campaigns.itc.retryFailed'), description: t(err instanceof ApiError && err.code.startsWith('error.itc') ? err.i18nKey : 'common.errors.inServerResponse'), variant: 'error' }),
    [t],
  );
  const itc = useItcStatus(event.id, onSuccess, onRetryFailed);
  // No run yet (a fresh event): the form generates the clusters, it does not "regenerate" them.
  const firstRun = itc.view.kind === 'not_found';

  const regenerate = useCallback(() => {
    // spec 2 §2: below 1000 px the form is a page of its own.
    if (itcNeedsPage(window.innerWidth)) window.location.assign(itcPagePath(event.id));
    else setItcOpen(true);
  }, [event.id]);

  // spec 2 §4: new taste clusters would leave a setup in progress with clusters of the old run, so
  // with a setup the user is asked to cancel it first (or keep it and not regenerate).
  const [askCancel, setAskCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [setupEpoch, setSetupEpoch] = useState(0);
  const regenerateOrAsk = useCallback(() => {
    getSetup(event.id).then(
      (setup) => (setup ? setAskCancel(true) : regenerate()),
      () => regenerate(),
    );
  }, [event.id, regenerate]);
  const cancelAndRegenerate = async () => {
    setCancelling(true);
    try {
      await cancelSetup(event.id);
      setAskCancel(false);
      setSetupEpoch((n) => n + 1);
      regenerate();
    } catch {
      pushToast({ title: t('common.genericError'), variant: 'error' });
    } finally {
      setCancelling(false);
    }
  };

  // The page on a wide screen hands over to the drawer (pages/campaigns/[id].astro), keeping the
  // itc and open_included_events flags: they are the drawer's to read. Read here first, they left
  // the URL before the handover copied them (a journey landed on the drawer without them).
  const variant = props.variant;
  const handsOver = useCallback(() => variant === 'page' && !isCampaignsNarrow(window.innerWidth), [variant]);

  // spec 2 §2: the itc parameter opens the ITC flow, or the cancel-setup prompt if a setup exists.
  useEffect(() => {
    const url = new URL(location.href);
    if (handsOver() || !wantsItc(url.searchParams)) return;
    url.searchParams.delete(ITC_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    regenerateOrAsk();
  }, [regenerateOrAsk, handsOver]);

  // spec 2 §2 Routes: open_included_events=true (the PDF report's link) shows the statistics tab
  // with the included events open and in view. Without a campaign there is no such tab: ignored.
  const [openIncluded, setOpenIncluded] = useState(false);
  const hasCampaign = event.has_campaign;
  useEffect(() => {
    const url = new URL(location.href);
    if (handsOver() || !wantsIncludedEvents(url.searchParams)) return;
    url.searchParams.delete(OPEN_INCLUDED_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    if (!hasCampaign) return;
    setTab(1);
    setOpenIncluded(true);
  }, [hasCampaign, handsOver]);
  const includedShown = useCallback(() => setOpenIncluded(false), []);

  // A status or optimisation change: the header (event), budget panel, list and statistics read again.
  const onCampaignChanged = useCallback(() => {
    setCampaignsVersion((n) => n + 1);
    campaignsChanged(event.id);
  }, [event.id]);

  const statsEnabled = event.has_campaign;
  return (
    <article className={`${detailStyles.root} ${styles.recommendations}`} data-variant={props.variant} aria-labelledby="event-detail-title" data-testid="recommendations">
      <EventHeader event={event} status={event.frontend_status} variant={props.variant} actions={<RecommendationsMenu event={event} canEdit={props.canEdit} lookout={props.lookout} onRegenerate={regenerateOrAsk} onCampaignChanged={onCampaignChanged} />} />
      <TabList
        label={t('campaigns.tabs.label')}
        idPrefix="campaigns"
        tabs={[
          { value: 0, label: t('campaigns.tabs.setup') },
          { value: 1, label: t('campaigns.tabs.statistics'), disabled: !statsEnabled, hint: t('campaigns.tabs.statisticsDisabled') },
        ]}
        value={tab}
        onChange={(v) => setTab(v as Tab)}
      />
      <div role="tabpanel" id="campaigns-panel-0" aria-labelledby="campaigns-tab-0" hidden={tab !== 0} className={styles.tabPanel}>
        {tab === 0 && (
          <>
            <ItcStatusBox view={itc.view} onRefresh={itc.refresh} onRetry={() => void itc.retry()} onRegenerate={regenerateOrAsk} />
            {event.has_campaign && (
              <ErrorBoundary>
                <BudgetRuntimePanel eventId={event.id} key={campaignsVersion} />
              </ErrorBoundary>
            )}
            <ErrorBoundary>
              <CampaignList
                event={event}
                version={version + campaignsVersion}
                canEdit={props.canSetup}
                geoOnly={props.i18n.defaultNS === 'prisma'}
                onEdited={() => campaignsChanged(event.id)}
              />
            </ErrorBoundary>
            <ErrorBoundary>
              <SetupWizard
                key={setupEpoch}
                event={event}
                currency={props.currency}
                canSetup={props.canSetup}
                itcReady={itc.view.kind === 'success'}
                clustersVersion={version}
                onRegenerate={regenerateOrAsk}
                geoOnly={props.i18n.defaultNS === 'prisma'}
                onBoosted={() => {
                  setCampaignsVersion((n) => n + 1);
                  campaignsChanged(event.id);
                }}
              />
            </ErrorBoundary>
            <EventInsights event={event} />
          </>
        )}
      </div>
      <div role="tabpanel" id="campaigns-panel-1" aria-labelledby="campaigns-tab-1" hidden={tab !== 1} className={styles.tabPanel}>
        {tab === 1 && (
          <ErrorBoundary>
            <CampaignStatistics
              eventId={event.id}
              title={event.title}
              key={campaignsVersion}
              lookout={props.lookout}
              openIncluded={openIncluded}
              onIncludedShown={includedShown}
            />
          </ErrorBoundary>
        )}
      </div>
      <Modal open={askCancel} onOpenChange={setAskCancel} title={t('campaigns.itc.cancelSetup.title')} closeLabel={t('common.close')}>
        <p>{t('campaigns.itc.cancelSetup.text')}</p>
        <div className={styles.shareActions}>
          <Button variant="secondary" onClick={() => setAskCancel(false)} data-testid="itc-keep-setup">
            {t('campaigns.wizard.cancel.keep')}
          </Button>
          <Button variant="danger" busy={cancelling} onClick={() => void cancelAndRegenerate()} data-testid="itc-cancel-setup">
            {t('campaigns.itc.cancelSetup.confirm')}
          </Button>
        </div>
      </Modal>
      <Modal
        wide
        open={itcOpen}
        onOpenChange={setItcOpen}
        title={t(firstRun ? 'campaigns.itc.form.titleFirst' : 'campaigns.itc.form.title')}
        description={t(firstRun ? 'campaigns.itc.form.descriptionFirst' : 'campaigns.itc.form.description', { title: event.title })}
        closeLabel={t('common.close')}
      >
        {itcOpen && (
          <Suspense fallback={<Skeleton lines={6} />}>
            <ItcForm
              eventId={event.id}
              first={firstRun}
              canEdit={props.canEdit}
              currency={props.currency}
              onDone={(run) => {
                itc.adopt(run);
                setItcOpen(false);
              }}
              onCancel={() => setItcOpen(false)}
            />
          </Suspense>
        )}
      </Modal>
    </article>
  );
}

function View(props: RecommendationsProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const load = useEvent(props.eventId, props.initialEvent, attempt);
  if (load.status === 'loading')
    return (
      <div className={detailStyles.root} aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
        <Skeleton lines={3} />
        <Skeleton chart />
      </div>
    );
  if (load.status === 'error')
    return (
      <div className={detailStyles.card} role="alert">
        <EmptyState
          icon="alert"
          message={t('common.genericError')}
          action={
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  return <Loaded key={load.event.id} event={load.event} props={props} />;
}

export function Recommendations(props: RecommendationsProps) {
  return (
    <I18nIsland i18n={props.i18n}>
      <ErrorBoundary>
        <View {...props} />
      </ErrorBoundary>
    </I18nIsland>
  );
}

export default Recommendations;
