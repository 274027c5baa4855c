// Export and import of sales on the events page (spec 1 §2.9, §7 "Export"). Export asks the
// server for the spreadsheet of the listed events and saves it as exported-data.xlsx; a failure
// shows the spec's 'Error' notification. Import belongs to the sales module and is not here yet:
// it is shown disabled, saying so, rather than pretending to work.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { Language } from '../../../lib/constants';
import { ApiError } from '../../../lib/api/client';
import { exportSales, SALES_EXPORT_FILE, saveBlob } from '../../../lib/api/salesExport';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import type { ListQuery } from './filters';
import styles from './Toolbar.module.css';

export function SalesActions({ query, currency, language, canSales }: { query: ListQuery; currency: string; language: Language; canSales: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
      <Button variant="secondary" iconName="upload" disabled disabledHint={t('events.actions.importComingSoon')}>
        <span className={styles.actionLabel}>{t('events.actions.importSales')}</span>
      </Button>
    </div>
  );
}
