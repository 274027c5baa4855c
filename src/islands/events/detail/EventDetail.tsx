// The event detail (spec 1 §2.10, spec 3 "Event drawer"): one component for the list's drawer and
// the narrow-screen page. Numbers first — the header and the benchmark boxes come with the event
// itself; every chart below loads its data and the chart library when it scrolls near.
import { Fragment, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { EventItem, FrontendStatus } from '../../../lib/contracts/events';
import { ApiError } from '../../../lib/api/client';
import { getEvent } from '../../../lib/api/events';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { TabList } from '../../ui/TabList';
import { BenchmarkBoxes } from './BenchmarkBoxes';
import { CampaignsTab } from './CampaignsTab';
import { EventActions } from './EventActions';
import { EventHeader } from './EventHeader';
import { tabFromSearch, withTab, withoutUpdateSales, parseUpdateSales, SALES_ADDED_PARAM, FORECAST_SINCE_PARAM, type DetailTab, type UpdateSalesMode } from './navigation';
import { useForecastRefresh } from './useForecastRefresh';
import { pushToast } from '../../../stores/toasts';
import { SalesTrend } from './SalesTrend';
import { Section, Skeleton } from './Section';
import { SeriesList } from './SeriesList';
import { Tickets } from './Tickets';
import { Transactions } from './Transactions';
import styles from './EventDetail.module.css';

// The sales panels (and their form libraries) load only when a panel opens.
const SalesPanel = lazy(() => import('../sales/SalesPanel').then((m) => ({ default: m.SalesPanel })));

export interface EventDetailProps {
  eventId: string;
  variant: 'drawer' | 'page';
  i18n: IslandI18n;
  canSales: boolean;
  canSimulation: boolean;
  canCampaigns: boolean;
  onClose?: () => void;
  onStatusChange?: (status: FrontendStatus) => void;
  /** The event as the server already read it (the page renders it without a round trip). */
  initialEvent?: EventItem;
}

/** spec 1 §2.1: an unknown event goes to the not-found page with its reason. */
export const EVENT_NOT_FOUND_PATH = '/404?reason=EVENT404';

type Load = { status: 'loading' } | { status: 'ready'; event: EventItem } | { status: 'error'; error: unknown };

function useEvent(eventId: string, initial: EventItem | undefined, attempt: number): Load {
  const [state, setState] = useState<Load>(initial && initial.id === eventId ? { status: 'ready', event: initial } : { status: 'loading' });
  useEffect(() => {
    if (initial && initial.id === eventId && attempt === 0) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getEvent(eventId, controller.signal).then(
      (event) => setState({ status: 'ready', event }),
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof ApiError && error.cancelled)) return;
        if (error instanceof ApiError && error.status === 404) {
          window.location.replace(EVENT_NOT_FOUND_PATH);
          return;
        }
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [eventId, initial, attempt]);
  return state;
}

function Tabs({ tab, onChange, campaignsEnabled }: { tab: DetailTab; onChange: (t: DetailTab) => void; campaignsEnabled: boolean }) {
  const { t } = useTranslation();
  return (
    <TabList
      label={t('event.tabs.label')}
      idPrefix="event"
      tabs={[
        { value: 0, label: t('event.tabs.details') },
        { value: 1, label: t('event.tabs.campaigns'), disabled: !campaignsEnabled, hint: t('event.tabs.campaignsDisabled') },
      ]}
      value={tab}
      onChange={(value) => onChange(value as DetailTab)}
    />
  );
}

function Loaded({ event, props, forecastUpdating }: { event: EventItem; props: EventDetailProps; forecastUpdating: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { variant, canSales, canSimulation, canCampaigns, onClose, onStatusChange } = props;
  const [status, setStatus] = useState<FrontendStatus>(event.frontend_status);
  const [statusFailed, setStatusFailed] = useState(false);
  const campaignsEnabled = canCampaigns || event.has_active_campaigns;
  const [tab, setTabState] = useState<DetailTab>(0);

  useEffect(() => {
    const sync = () => {
      const fromUrl = tabFromSearch(location.search);
      setTabState(fromUrl === 1 && !campaignsEnabled ? 0 : fromUrl);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [campaignsEnabled]);

  const setTab = (next: DetailTab) => {
    setTabState(next);
    // spec 1 §2.10: the tab lives in the URL (replaced, so Back leaves the event, not the tab).
    history.replaceState(history.state, '', withTab(location.pathname + location.search + location.hash, next));
  };

  const onStatusChanged = useCallback(
    (next: FrontendStatus) => {
      setStatus(next);
      setStatusFailed(false);
      onStatusChange?.(next);
    },
    [onStatusChange],
  );

  return (
    <article className={styles.root} data-variant={variant} aria-labelledby="event-detail-title">
      <EventHeader
        event={event}
        status={status}
        variant={variant}
        onClose={onClose}
        actions={
          <EventActions
            event={event}
            status={status}
            variant={variant}
            canSales={canSales}
            canSimulation={canSimulation}
            canCampaigns={canCampaigns}
            onStatusChanged={onStatusChanged}
            onStatusFailed={() => setStatusFailed(true)}
          />
        }
      />
      {statusFailed && (
        <p className="alert alert--error" role="alert">
          {t('event.actions.statusFailed')}
        </p>
      )}
      <Tabs tab={tab} onChange={setTab} campaignsEnabled={campaignsEnabled} />
      <div role="tabpanel" id="event-panel-0" aria-labelledby="event-tab-0" hidden={tab !== 0} className={styles.panel}>
        {tab === 0 && (
          // A new forecast (after sales were added) remounts the charts, so they read the new sales.
          <Fragment key={event.benchmark.computed_at ?? 'none'}>
            {forecastUpdating && (
              <p className={styles.updating} role="status" data-testid="forecast-updating">
                <span className={styles.updatingDot} aria-hidden="true" />
                {t('event.salesEdit.forecastUpdating')}
              </p>
            )}
            <BenchmarkBoxes benchmark={event.benchmark} capacity={event.capacity} lng={lng} />
            <Section id="sales-trend" title={t('event.salesTrend.title')} wide>
              <SalesTrend eventId={event.id} lng={lng} />
            </Section>
            <ErrorBoundary>
              <Tickets eventId={event.id} lng={lng} />
            </ErrorBoundary>
            <Section id="transactions" title={t('event.transactions.title')} wide>
              <Transactions eventId={event.id} eventDay={event.date} lng={lng} />
            </Section>
            <Section id="series" title={t('event.series.title')} wide>
              <SeriesList eventId={event.id} variant={variant} lng={lng} />
            </Section>
          </Fragment>
        )}
      </div>
      <div role="tabpanel" id="event-panel-1" aria-labelledby="event-tab-1" hidden={tab !== 1} className={styles.panel}>
        {tab === 1 && <CampaignsTab event={event} canCampaigns={canCampaigns} />}
      </div>
    </article>
  );
}

function LoadingDetail() {
  const { t } = useTranslation();
  return (
    <div className={styles.root} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className={styles.headerSkeleton}>
        <Skeleton lines={3} />
      </div>
      <div className={styles.boxes}>
        <div className={styles.box}>
          <Skeleton lines={4} />
        </div>
        <div className={styles.box}>
          <Skeleton lines={4} />
        </div>
      </div>
    </div>
  );
}

/** The drawer's sales panel from the URL (update-sales), following Back and Forward. */
function useSalesMode(enabled: boolean): UpdateSalesMode | null {
  const read = () => (enabled && typeof location !== 'undefined' ? parseUpdateSales(new URLSearchParams(location.search).get('update-sales')) : null);
  const [mode, setMode] = useState<UpdateSalesMode | null>(read);
  useEffect(() => {
    if (!enabled) return;
    const sync = () => setMode(read());
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
  return mode;
}

/** Leaves the sales panel: Back when the panel pushed its own entry, otherwise the URL without it. */
function closeSalesPanel() {
  if ((history.state as { salesPanel?: boolean } | null)?.salesPanel) {
    history.back();
    return;
  }
  history.replaceState(history.state, '', withoutUpdateSales(location.pathname + location.search + location.hash));
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}

function Detail(props: EventDetailProps) {
  const [attempt, setAttempt] = useState(0);
  const load = useEvent(props.eventId, props.initialEvent, attempt);
  const { t } = useTranslation();
  const salesMode = useSalesMode(props.variant === 'drawer');
  const forecast = useForecastRefresh(load.status === 'ready' ? load.event : null);
  const { start: startForecastRefresh } = forecast;

  // The phone's sales route comes back here with sales-added set: same notice and refresh as the drawer.
  useEffect(() => {
    if (load.status !== 'ready' || props.variant !== 'page') return;
    const url = new URL(location.href);
    const added = url.searchParams.get(SALES_ADDED_PARAM);
    if (!added) return;
    const since = url.searchParams.get(FORECAST_SINCE_PARAM);
    url.searchParams.delete(SALES_ADDED_PARAM);
    url.searchParams.delete(FORECAST_SINCE_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    pushToast({ title: t(added === 'DOCUMENTUPLOAD' ? 'event.salesEdit.documentUpload.success' : 'event.salesEdit.manual.success'), variant: 'success' });
    startForecastRefresh(since);
  }, [load.status, props.variant, t, startForecastRefresh]);

  if (load.status === 'loading') return <LoadingDetail />;
  if (load.status === 'error') {
    return (
      <div className={styles.root}>
        <div className={styles.card} role="alert">
          <EmptyState icon="alert" message={t('common.genericError')} action={
              <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.retry')}
              </Button>
            } />
        </div>
      </div>
    );
  }
  const event = forecast.event ?? load.event;
  if (salesMode) {
    return (
      <Suspense fallback={<LoadingDetail />}>
        <SalesPanel
          event={event}
          mode={salesMode}
          variant="drawer"
          onClose={closeSalesPanel}
          onSaved={() => {
            pushToast({ title: t(salesMode === 'DOCUMENTUPLOAD' ? 'event.salesEdit.documentUpload.success' : 'event.salesEdit.manual.success'), variant: 'success' });
            startForecastRefresh();
            closeSalesPanel();
          }}
        />
      </Suspense>
    );
  }
  return <Loaded key={event.id} event={event} props={props} forecastUpdating={forecast.updating} />;
}

export function EventDetail(props: EventDetailProps) {
  return (
    <I18nIsland i18n={props.i18n}>
      <ErrorBoundary>
        <Detail {...props} />
      </ErrorBoundary>
    </I18nIsland>
  );
}

export default EventDetail;
