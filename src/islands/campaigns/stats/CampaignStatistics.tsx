// spec 2 §2 "Campaign statistics panel" (issue 22): what the event's campaign delivered (ad spend,
// impressions, clicks, running clusters, ads) and what it sold for the event and its series
// (purchases, ad spend per ticket, revenue, return on ad spend) under the attribution model in
// force, which the user may change for this event; a chart of daily spend and, under FD, the
// tickets sold against the forecast's counterfactual. spec 2 §8: the user_action_required
// warning, "Campaign timeframe too low to evaluate!", the EXTERNAL note, and an empty state
// with a retry when the figures cannot be loaded. Under the results, the accordion of the
// included events (IncludedEvents.tsx), opened by the page's open_included_events=true.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CampaignResults, EventAttribution, FbInsights, ResultFigures } from '../../../lib/contracts/campaign-results';
import { downloadCampaignReport, getCampaignResults, getEventAttribution, getFbInsights, setEventAttribution } from '../../../lib/api/campaign-results';
import { canDownloadReport } from '../../../lib/campaigns/report-rules';
import { knownText } from '../wizard/targeting/errors';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { Chart } from '../../events/detail/charts/Chart';
import { Section, Skeleton } from '../../events/detail/Section';
import { formatCount, formatDayUtc, formatMoney } from '../../events/detail/format';
import { resultsChart, resultsChartTexts } from './resultsChart';
import { adFigures, resultFigures, seriesDisabled, seriesNoteKey } from './figures';
import { IncludedEventsAccordion } from './IncludedEvents';
import campaignStyles from '../Campaigns.module.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; insights: FbInsights; results: CampaignResults; attribution: EventAttribution };

function useStatistics(eventId: string, attempt: number): Load {
  const [state, setState] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([getFbInsights(eventId, controller.signal), getCampaignResults(eventId, controller.signal), getEventAttribution(eventId, controller.signal)]).then(
      ([insights, results, attribution]) => setState({ status: 'ready', insights, results, attribution }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [eventId, attempt]);
  return state;
}

function Figures({ id, title, figures, currency, interval, disabled, note, lng }: {
  id: string;
  title: string;
  figures: ResultFigures | null;
  currency: string;
  interval: { low: number; high: number } | null;
  disabled: boolean;
  note: string | null;
  lng: string;
}) {
  const { t } = useTranslation();
  const show = !disabled && figures !== null;
  const rows = resultFigures(figures, currency, lng, show);
  return (
    <div className={campaignStyles.statsColumn} data-testid={`results-${id}`} data-disabled={disabled || undefined} aria-labelledby={`results-${id}-title`} role="group">
      <h4 id={`results-${id}-title`} className={campaignStyles.statsColumnTitle}>
        {title}
      </h4>
      <dl className={campaignStyles.statsFigures}>
        {rows.map(([key, value]) => (
          <div key={key} className={campaignStyles.statsFigure}>
            <dt>{t(`campaigns.stats.figures.${key}`)}</dt>
            <dd data-stat={key}>{value}</dd>
          </div>
        ))}
      </dl>
      {show && interval && (
        <p className={campaignStyles.statsInterval} data-testid={`results-${id}-interval`}>
          {t('campaigns.stats.interval', { low: formatCount(interval.low, lng), high: formatCount(interval.high, lng) })}
        </p>
      )}
      {note && <p className={campaignStyles.statsNote}>{note}</p>}
    </div>
  );
}

function ModelChoice({ eventId, attribution, onChanged }: { eventId: string; attribution: EventAttribution; onChanged: () => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  return (
    <label className={campaignStyles.statsModel}>
      <span>{t('campaigns.stats.model.label')}</span>
      <select
        value={attribution.model}
        disabled={saving}
        data-testid="attribution-model"
        onChange={(e) => {
          setSaving(true);
          setEventAttribution(eventId, e.target.value as EventAttribution['model']).then(
            () => {
              setSaving(false);
              onChanged();
            },
            () => {
              setSaving(false);
              pushToast({ title: t('campaigns.stats.model.failed'), variant: 'error' });
            },
          );
        }}
      >
        {attribution.options.map((m) => (
          <option key={m} value={m}>
            {t(`campaigns.stats.model.${m}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** spec 2 §2: the download-PDF button (only for an event with a title), busy while the report is made. */
function ReportButton({ eventId, lng }: { eventId: string; lng: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    setBusy(true);
    setError(null);
    downloadCampaignReport(eventId, lng).then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        if (err instanceof ApiError && err.cancelled) return;
        // spec 2 §8: a report failure says common.errors.inServerResponse unless the server's code has its own text.
        setError(`${t('campaigns.report.failed')} ${knownText(t, err instanceof ApiError ? err.i18nKey : null, 'common.errors.inServerResponse')}`);
      },
    );
  };
  return (
    <div className={campaignStyles.reportBar}>
      <Button variant="secondary" size="sm" iconName="download" busy={busy} onClick={download} data-testid="report-download" aria-describedby={error ? 'report-error' : undefined}>
        {busy ? t('campaigns.report.downloading') : t('campaigns.report.download')}
      </Button>
      {error && (
        <p id="report-error" className={campaignStyles.reportError} role="alert" data-testid="report-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface IncludedProps {
  /** The viewer has lookout: included events open in the events drawer or page. */
  lookout?: boolean;
  /** open_included_events=true: the included events open and come into view. */
  openIncluded?: boolean;
  /** Called once they did, so a reload of the figures does not scroll again. */
  onIncludedShown?: () => void;
}

function Ready({
  eventId,
  title,
  insights,
  results,
  attribution,
  reload,
  lng,
  lookout = false,
  openIncluded = false,
  onIncludedShown,
}: { eventId: string; title: string | null; insights: FbInsights; results: CampaignResults; attribution: EventAttribution; reload: () => void; lng: string } & IncludedProps) {
  const { t } = useTranslation();
  const fd = results.eval_name === 'FD';
  const ads = adFigures(insights, lng);
  const spec = useMemo(
    () =>
      resultsChart(
        results,
        resultsChartTexts(t, results.currency),
        lng,
      ),
    [results, lng, t],
  );
  const last = results.daily.at(-1);
  const seriesNote = seriesNoteKey(results);
  return (
    <div className={campaignStyles.statsRoot} data-testid="campaign-statistics" data-model={results.eval_name}>
      {canDownloadReport(title) && <ReportButton eventId={eventId} lng={lng} />}
      {insights.user_action_required && (
        <div className={campaignStyles.statsWarning} role="alert" data-testid="user-action-required">
          <Icon name="alert" size={18} />
          <p>
            {t('campaigns.stats.userActionRequired')} <a href="/settings#meta">{t('campaigns.stats.reconnect')}</a>
          </p>
        </div>
      )}
      <Section id="campaign-ads" title={t('campaigns.stats.adsTitle')}>
        <p className={campaignStyles.statsPeriod}>
          {t('campaigns.stats.period', { start: formatDayUtc(insights.start), end: formatDayUtc(insights.end) })}{' '}
          {insights.delivered_through ? t('campaigns.stats.deliveredThrough', { day: formatDayUtc(insights.delivered_through) }) : t('campaigns.stats.noDeliveryYet')}
        </p>
        <dl className={`${campaignStyles.statsFigures} ${campaignStyles.statsAdsFigures}`} data-testid="campaign-ads">
          {ads.map(([key, value]) => (
            <div key={key} className={campaignStyles.statsFigure}>
              <dt>{t(`campaigns.stats.ads.${key}`)}</dt>
              <dd data-stat={key}>{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="campaign-results" title={t('campaigns.stats.resultsTitle')} actions={<ModelChoice eventId={eventId} attribution={attribution} onChanged={reload} />}>
        <p className={campaignStyles.statsModelNote}>{t(`campaigns.stats.modelNote.${results.eval_name}`)}</p>
        {results.no_delivery && (
          <p className={campaignStyles.statsTooShort} role="status" data-testid="no-delivery">
            <Icon name="info" size={16} />
            {t('campaigns.stats.noDelivery')}
          </p>
        )}
        {results.timeframe_too_low && !results.no_delivery && (
          <p className={campaignStyles.statsTooShort} role="status" data-testid="timeframe-too-low">
            <Icon name="info" size={16} />
            {t('campaigns.stats.tooShort')}
          </p>
        )}
        <div className={campaignStyles.statsColumns}>
          <Figures id="event" title={t('campaigns.stats.event')} figures={results.event_results} interval={results.event_interval} currency={results.currency} disabled={false} note={null} lng={lng} />
          <Figures
            id="series"
            title={t('campaigns.stats.series')}
            figures={results.series_results}
            interval={results.series_interval}
            currency={results.currency}
            disabled={seriesDisabled(results)}
            note={seriesNote && t(seriesNote)}
            lng={lng}
          />
        </div>
      </Section>
      <Section id="campaign-chart" title={t(fd ? 'campaigns.stats.chart.titleFd' : 'campaigns.stats.chart.title')}>
        {results.daily.length ? (
          <>
            <Chart id="campaign-chart" spec={spec} height={280} lng={lng} label={t(fd ? 'campaigns.stats.chart.titleFd' : 'campaigns.stats.chart.title')} describedBy="campaign-chart-summary" />
            <p id="campaign-chart-summary" className="visually-hidden">
              {fd && last?.actual != null && last.expected != null
                ? t('campaigns.stats.chart.summaryFd', { day: formatDayUtc(last.day), actual: formatCount(last.actual, lng), expected: formatCount(Math.round(last.expected), lng) })
                : t('campaigns.stats.chart.summary', { spend: formatMoney(insights.ad_spend, insights.currency, lng), days: formatCount(results.daily.length, lng) })}
            </p>
          </>
        ) : (
          <EmptyState compact icon="chart" message={t('campaigns.stats.noDeliveryYet')} />
        )}
      </Section>
      {/* Last, so that opening it (or open_included_events opening it while its list loads)
          moves nothing below it: Lighthouse measured a 0.43 layout shift of the chart. */}
      <IncludedEventsAccordion eventId={eventId} includedIds={results.included_event_ids} lookout={lookout} lng={lng} openOnArrival={openIncluded} onArrived={onIncludedShown} />
    </div>
  );
}

export function CampaignStatistics({ eventId, title = null, ...included }: { eventId: string; title?: string | null } & IncludedProps) {
  const { t, i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state = useStatistics(eventId, attempt);
  if (state.status === 'loading') return <Skeleton lines={6} />;
  if (state.status === 'error')
    return (
      <EmptyState
        icon="chart"
        message={t('campaigns.stats.failed')}
        action={
          <Button variant="secondary" onClick={reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return <Ready eventId={eventId} title={title} insights={state.insights} results={state.results} attribution={state.attribution} reload={reload} lng={i18n.language} {...included} />;
}
