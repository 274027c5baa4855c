// The sales update panel (spec 3 "Manual sales entry", "Spreadsheet sales upload"): in the drawer
// in place of the event detail (update-sales in the URL) and on the phone route. It frames the
// form with a back control, a title and the how-it-works box, and asks before throwing away
// unsaved input: on its own Cancel and back control, and (through the leave guard) on the drawer's
// close, Escape and outside click and the phone bar's back button. Leaving the document (reload,
// a typed URL) gets the browser's own question.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { guardedLeave, setLeaveGuard } from '../../../stores/leaveGuard';
import type { EventItem } from '../../../lib/contracts/events';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import type { UpdateSalesMode } from '../detail/navigation';
import styles from './SalesPanel.module.css';

const ManualSalesForm = lazy(() => import('./ManualSalesForm'));
const SpreadsheetUpload = lazy(() => import('./SpreadsheetUpload'));

const HOW_STEPS: Record<UpdateSalesMode, number> = { SALESSUMMARY: 3, DOCUMENTUPLOAD: 3 };
const MODE_KEY: Record<UpdateSalesMode, string> = { SALESSUMMARY: 'manual', DOCUMENTUPLOAD: 'documentUpload' };

export function SalesPanel({
  event,
  mode,
  variant,
  onClose,
  onSaved,
}: {
  event: EventItem;
  mode: UpdateSalesMode;
  variant: 'drawer' | 'page';
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const key = MODE_KEY[mode];
  /** Where Discard goes: the leave that was asked for (close, back), or the panel's own close. */
  const pendingLeave = useRef<(() => void) | null>(null);
  const onDirtyChange = useCallback((next: boolean) => {
    dirty.current = next;
  }, []);

  useEffect(() => {
    const unguard = setLeaveGuard((proceed) => {
      if (!dirty.current) return false;
      pendingLeave.current = proceed;
      setConfirmOpen(true);
      return true;
    });
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unguard();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const cancel = () => guardedLeave(onClose);
  const discard = () => {
    const leave = pendingLeave.current ?? onClose;
    pendingLeave.current = null;
    // The input is given up: leaving the page now must not ask the browser's question as well.
    dirty.current = false;
    setConfirmOpen(false);
    leave();
  };
  // The phone route's page has the panel as its main heading; in the drawer the dialog has its own.
  const Title = variant === 'page' ? 'h1' : 'h2';

  return (
    <section className={styles.panel} data-variant={variant} aria-labelledby="sales-panel-title" data-testid="sales-panel">
      <header className={styles.header}>
        <button type="button" className={styles.back} onClick={cancel} aria-label={t('event.salesEdit.back')}>
          <Icon name="arrowLeft" size={20} />
        </button>
        <div className={styles.heading}>
          <Title id="sales-panel-title" className={styles.title}>
            {t(`event.salesEdit.${key}.title`)}
          </Title>
          <p className={styles.eventName}>{event.title}</p>
        </div>
      </header>
      <aside className={styles.how} aria-labelledby="sales-how-title">
        <Icon name="info" size={18} className={styles.howIcon} />
        <div>
          <h3 id="sales-how-title" className={styles.howTitle}>
            {t('event.salesEdit.howItWorks')}
          </h3>
          <ol className={styles.howList}>
            {Array.from({ length: HOW_STEPS[mode] }, (_, i) => (
              <li key={i}>{t(`event.salesEdit.${key}.how${i + 1}`)}</li>
            ))}
          </ol>
        </div>
      </aside>
      <ErrorBoundary>
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              {t('common.loading')}
            </p>
          }
        >
          {mode === 'SALESSUMMARY' ? (
            <ManualSalesForm event={event} onCancel={cancel} onSaved={onSaved} onDirtyChange={onDirtyChange} />
          ) : (
            <SpreadsheetUpload event={event} onCancel={cancel} onSaved={onSaved} onDirtyChange={onDirtyChange} />
          )}
        </Suspense>
      </ErrorBoundary>
      <Modal
        open={confirmOpen}
        onOpenChange={(open) => {
          if (!open) pendingLeave.current = null;
          setConfirmOpen(open);
        }}
        title={t('event.salesEdit.discard.title')}
        description={t(`event.salesEdit.discard.${key}`)}
        closeLabel={t('common.close')}
      >
        <div className={styles.dialogActions}>
          <Button
            variant="secondary"
            onClick={() => {
              pendingLeave.current = null;
              setConfirmOpen(false);
            }}
          >
            {t('event.salesEdit.discard.keep')}
          </Button>
          <Button variant="danger" onClick={discard}>
            {t('event.salesEdit.discard.confirm')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

/** The phone route's island (/events/{id}/update-sales/{mode}). */
export default function SalesPage({ event, mode, i18n, backHref, doneHref }: { event: EventItem; mode: UpdateSalesMode; i18n: IslandI18n; backHref: string; doneHref: string }) {
  return (
    <I18nIsland i18n={i18n}>
      <SalesPanel event={event} mode={mode} variant="page" onClose={() => window.location.assign(backHref)} onSaved={() => window.location.assign(doneHref)} />
    </I18nIsland>
  );
}
