// spec 3 §8 "Bulk upload": the uploadFailed modal. It lists every finding of the server by
// sheet, row and column (spec 3 §5: all errors by row), in a scrollable, focusable list, or the
// server's message when the file failed as a whole.
import { BULK_SHEETS, type BulkIssue } from '../../../lib/contracts/bulk-upload';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './BulkUpload.module.css';

export interface BulkFailure {
  /** Already translated; shown when there are no row findings. */
  message: string;
  issues: BulkIssue[];
  /** Findings in the file; more than `issues` when the server listed only the first ones. */
  total: number;
}

const sheetOrder = (s: string) => {
  const i = (BULK_SHEETS as readonly string[]).indexOf(s);
  return i === -1 ? BULK_SHEETS.length : i;
};

export function sortIssues(issues: BulkIssue[]): BulkIssue[] {
  return [...issues].sort((a, b) => sheetOrder(a.sheet) - sheetOrder(b.sheet) || a.row - b.row || a.column.localeCompare(b.column));
}

export function BulkErrorsModal({ failure, onClose }: { failure: BulkFailure | null; onClose: () => void }) {
  const { t } = useTranslation();
  const issues = failure ? sortIssues(failure.issues) : [];
  const where = (i: BulkIssue) => {
    const parts = [t(`bulkUpload.sheets.${i.sheet}`)];
    if (i.row > 0) parts.push(`${t('bulkUpload.failed.row')} ${i.row}`);
    if (i.field) parts.push(`${t(`bulkUpload.fields.${i.field}`)}${i.column ? ` (${i.column})` : ''}`);
    else if (i.column) parts.push(`${t('bulkUpload.failed.field')} ${i.column}`);
    return parts.join(' · ');
  };
  return (
    <Modal
      open={failure !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('bulkUpload.failed.title')}
      description={issues.length ? t('bulkUpload.failed.summary', { count: failure!.total }) : failure?.message}
      closeLabel={t('bulkUpload.failed.close')}
    >
      {issues.length > 0 && (
        <>
          {failure!.total > issues.length && <p className={styles.truncated}>{t('bulkUpload.failed.truncated', { shown: issues.length })}</p>}
          {/* Focusable so the list scrolls by keyboard. */}
          <div className={styles.issues} role="region" aria-label={t('bulkUpload.failed.caption')} tabIndex={0} data-testid="bulk-issues">
            <ul className={styles.issueList}>
              {issues.map((i, k) => (
                <li key={k} className={styles.issue}>
                  <span className={styles.issueWhere}>{where(i)}</span>
                  <span className={styles.issueReason}>{t(`bulkUpload.reasons.${i.reason}`)}</span>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      <div className={styles.modalFooter}>
        <Button onClick={onClose}>{t('bulkUpload.failed.close')}</Button>
      </div>
    </Modal>
  );
}
