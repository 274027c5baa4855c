// spec 2 §2 "ITC status box" and §4 "ITC regeneration": the state of the event's taste-cluster run
// — running (queued included) with its stage and a refresh, failed with a retry, a retry on its
// way, none yet, or the last successful run with what it found — and the way to regenerate.
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { formatCount, formatDayUtc } from '../../events/detail/format';
import { Skeleton } from '../../events/detail/Section';
import type { ItcView } from './itcState';
import styles from '../Campaigns.module.css';

export function ItcStatusBox({ view, onRefresh, onRetry, onRegenerate }: { view: ItcView; onRefresh: () => void; onRetry: () => void; onRegenerate: () => void }) {
  const { t, i18n } = useTranslation();
  const tone = view.kind === 'failed' || view.kind === 'error' ? 'error' : view.kind === 'success' ? 'ok' : 'info';
  return (
    <section className={styles.itcBox} data-tone={tone} data-state={view.kind} data-testid="itc-status" aria-labelledby="itc-status-title" aria-live="polite">
      <div className={styles.itcHead}>
        <Icon name={tone === 'error' ? 'alert' : view.kind === 'success' ? 'check' : 'sparkle'} size={18} />
        <h3 id="itc-status-title" className={styles.itcTitle}>
          {t(`campaigns.itc.states.${view.kind}.title`)}
        </h3>
      </div>
      {view.kind === 'loading' && (
        // The shape of the states that follow (a text and a button): the panels below keep their
        // place when the status arrives (Lighthouse measured a 0.5 layout shift on phones).
        <>
          <p className={styles.itcText}>{t('common.loading')}</p>
          <Skeleton lines={2} />
          <div className={styles.itcActions} aria-hidden="true">
            <span className={styles.buttonPlaceholder} />
          </div>
        </>
      )}
      {view.kind === 'not_found' && (
        <>
          <p className={styles.itcText}>{t('campaigns.itc.states.not_found.text')}</p>
          <div className={styles.itcActions}>
            <Button size="sm" iconName="sparkle" onClick={onRegenerate}>
              {t('campaigns.itc.generate')}
            </Button>
          </div>
        </>
      )}
      {view.kind === 'running' && (
        <>
          <p className={styles.itcText}>
            {view.run.progress
              ? t('campaigns.itc.states.running.progress', { stage: t(`campaigns.itc.stages.${view.run.progress.stage}`, { defaultValue: view.run.progress.stage }), percent: Math.round(view.run.progress.percent) })
              : t('campaigns.itc.states.running.text')}
          </p>
          {view.run.progress && (
            <progress className={styles.itcProgress} max={100} value={view.run.progress.percent} aria-label={t('campaigns.itc.states.running.title')} />
          )}
          <div className={styles.itcActions}>
            <Button size="sm" variant="secondary" onClick={onRefresh}>
              {t('campaigns.itc.refresh')}
            </Button>
          </div>
        </>
      )}
      {view.kind === 'retry' && <p className={styles.itcText}>{t('campaigns.itc.states.retry.text')}</p>}
      {view.kind === 'failed' && (
        <>
          <p className={styles.itcText}>{view.run.error?.message ? t('campaigns.itc.states.failed.withReason', { reason: view.run.error.message }) : t('campaigns.itc.states.failed.text')}</p>
          <div className={styles.itcActions}>
            <Button size="sm" onClick={onRetry}>
              {t('campaigns.itc.retry')}
            </Button>
          </div>
        </>
      )}
      {view.kind === 'error' && (
        <>
          <p className={styles.itcText}>{t('campaigns.itc.states.error.text', { error: view.message })}</p>
          <div className={styles.itcActions}>
            <Button size="sm" variant="secondary" onClick={onRefresh}>
              {t('common.retry')}
            </Button>
          </div>
        </>
      )}
      {view.kind === 'success' && (
        <>
          <p className={styles.itcText}>
            {t('campaigns.itc.states.success.text', {
              count: view.run.summary?.k ?? 0,
              customers: formatCount(view.run.summary?.customers ?? 0, i18n.language),
              date: formatDayUtc(view.run.finished_at ?? view.run.created_at),
            })}
            {view.run.summary && ' ' + t(`campaigns.itc.separation.${view.run.summary.separation}`)}
          </p>
          <div className={styles.itcActions}>
            <Button size="sm" variant="secondary" iconName="sparkle" onClick={onRegenerate}>
              {t('campaigns.itc.regenerate')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
