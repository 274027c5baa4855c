// Export and import of sales on the events page (spec 1 §2.9, §7 "Export"). Export asks the
// server for the spreadsheet of the listed events and saves it as exported-data.xlsx; a failure
// shows the spec's 'Error' notification. Import opens the adjustment import dialog; both need the
// sales permission (the screen hides them for the simple user type).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { Language } from '../../../lib/constants';
import { ApiError } from '../../../lib/api/client';
import { exportSales, SALES_EXPORT_FILE, saveBlob } from '../../../lib/api/salesExport';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import type { ListQuery } from './filters';
import styles from './Toolbar.module.css';

// The dialog and its drop zone are only needed once Import is pressed.
const loadImportDialog = () => import('./SalesImportDialog');
const SalesImportDialog = lazy(() => loadImportDialog().then((m) => ({ default: m.SalesImportDialog })));

export function SalesActions({
  query,
  currency,
  language,
  canSales,
  onImported,
}: {
  query: ListQuery;
  currency: string;
  language: Language;
  canSales: boolean;
  /** After a successful import: the listed sales changed. */
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const onExport = async () => {
    setBusy(true);
    try {
      const blob = await exportSales(query, currency, language);
      saveBlob(blob, SALES_EXPORT_FILE);
      pushToast({ title: t('events.actions.exportDone'), description: t('events.actions.exportDoneDescription'), variant: 'success' });
    } catch (err) {
      if (!(err instanceof ApiError && err.cancelled)) {
        // spec 1 §8: 'Error' with the server's message, or the generic export text. Only messages
        // about the request itself (a broken rule) are worth showing; a missing route or a server
        // failure gets the generic text.
        const message = err instanceof ApiError && (err.status === 400 || err.status === 409 || err.status === 422) ? err.message : null;
        pushToast({ title: t('events.actions.exportErrorTitle'), description: message || t('events.actions.exportErrorFallback'), variant: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.salesActions}>
      <Button
        variant="secondary"
        iconName="download"
        busy={busy}
        disabled={!canSales}
        disabledHint={canSales ? undefined : t('common.notAuthorizedAction')}
        onClick={() => void onExport()}
      >
        <span className={styles.actionLabel}>{busy ? t('events.actions.exporting') : t('events.actions.exportSales')}</span>
      </Button>
      <Button
        variant="secondary"
        iconName="upload"
        disabled={!canSales}
        disabledHint={canSales ? undefined : t('common.notAuthorizedAction')}
        onPointerEnter={() => void loadImportDialog()}
        onFocus={() => void loadImportDialog()}
        onClick={() => setImportOpen(true)}
      >
        <span className={styles.actionLabel}>{t('events.actions.importSales')}</span>
      </Button>
      {importOpen && (
        <Suspense fallback={null}>
          <SalesImportDialog open={importOpen} onOpenChange={setImportOpen} language={language} onImported={onImported} />
        </Suspense>
      )}
    </div>
  );
}
