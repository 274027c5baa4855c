// The adjustment import of spec 3 §2 "Export and adjustment import": an edited export goes back to
// the server, which writes the changed totals as manual adjustments. One file, checked here for
// presence, type and size; the upload shows its real progress and cannot be dismissed half-way
// (the server might already be applying it). Success names the number of adjustments.
import { useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { Language } from '../../../lib/constants';
import { ApiError } from '../../../lib/api/client';
import { importSales, type ImportProgress } from '../../../lib/api/salesExport';
import { useTranslation } from '../../../lib/i18n/react';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { checkImportFile, importErrorKey, importFailureMessage } from './salesImportFile';
import styles from './SalesImportDialog.module.css';
import drop from '../../ui/FileDrop.module.css';

type State =
  | { status: 'empty'; error: string | null }
  /** `error` is the browser's refusal (the file cannot go); `failure` the server's (it may be sent again). */
  | { status: 'chosen'; file: File; error: string | null; failure?: string }
  | { status: 'uploading'; file: File; progress: ImportProgress | null };

const ACCEPT = { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'] };

const percent = (p: ImportProgress | null) => (p && p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : 0);

export function SalesImportDialog({ open, onOpenChange, language, onImported }: { open: boolean; onOpenChange: (open: boolean) => void; language: Language; onImported: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'empty', error: null });
  const controller = useRef<AbortController | null>(null);
  const uploading = state.status === 'uploading';

  useEffect(() => {
    if (open) setState({ status: 'empty', error: null });
  }, [open]);
  useEffect(() => () => controller.current?.abort(), []);

  const choose = (file: File | null) => {
    const code = checkImportFile(file);
    setState(file ? { status: 'chosen', file, error: code && t(importErrorKey(code)) } : { status: 'empty', error: code && t(importErrorKey(code)) });
  };

  const { getRootProps, getInputProps, isDragActive, open: openPicker } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
    onDrop: (accepted, rejected) => {
      if (accepted.length + rejected.length > 1) setState({ status: 'empty', error: t(importErrorKey('FILE_REQUIRED')) });
      else choose(accepted[0] ?? rejected[0]?.file ?? null);
    },
  });

  const submit = async () => {
    if (state.status !== 'chosen' || state.error) return;
    const { file } = state;
    const c = new AbortController();
    controller.current = c;
    setState({ status: 'uploading', file, progress: null });
    try {
      const result = await importSales(file, language, {
        signal: c.signal,
        onProgress: (progress) => setState((s) => (s.status === 'uploading' && s.file === file ? { ...s, progress } : s)),
      });
      pushToast({
        title: t('events.salesImport.successTitle'),
        description: t('events.salesImport.successDescription', { count: result.adjustments }),
        variant: 'success',
      });
      onOpenChange(false);
      onImported();
    } catch (err) {
      if (err instanceof ApiError && err.cancelled) return;
      console.error('Sales import failed', err);
      setState({ status: 'chosen', file, error: null, failure: importFailureMessage(t, err) });
    }
  };

  const file = state.status === 'empty' ? null : state.file;
  const error = state.status === 'uploading' ? null : state.status === 'chosen' ? (state.error ?? state.failure ?? null) : state.error;
  const canSubmit = state.status === 'chosen' && !state.error;
  const progress = state.status === 'uploading' ? percent(state.progress) : 0;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && uploading) return;
        onOpenChange(next);
      }}
      title={t('events.salesImport.title')}
      description={t('events.salesImport.description')}
      closeLabel={t('common.close')}
    >
      <div className={styles.body} data-testid="sales-import">
        <div {...getRootProps({ className: drop.dropzone, 'data-active': isDragActive || undefined, 'data-invalid': error ? true : undefined })}>
          {/* Without the inline style react-dropzone hides the input with: the CSP refuses style attributes. */}
          <input
            {...getInputProps({ 'aria-label': t('events.salesImport.choose'), style: undefined, className: 'visually-hidden' })}
            data-testid="sales-import-input"
          />
          <Icon name="upload" size={28} className={drop.dropIcon} />
          <p className={drop.dropText}>{t(isDragActive ? 'events.salesImport.dropNow' : 'events.salesImport.drop')}</p>
          <Button variant="secondary" size="sm" onClick={openPicker} disabled={uploading}>
            {t('events.salesImport.choose')}
          </Button>
          <p className={styles.hint}>{t('events.salesImport.accepted')}</p>
        </div>
        {file && (
          <div className={drop.fileLine} data-testid="sales-import-file">
            <Icon name={error ? 'alert' : 'check'} size={18} className={drop.fileIcon} data-status={error ? 'invalid' : 'valid'} />
            <span className={drop.fileName}>{file.name}</span>
            <button
              type="button"
              className={drop.removeFile}
              disabled={uploading}
              aria-label={t('events.salesImport.remove', { name: file.name })}
              onClick={() => choose(null)}
            >
              <Icon name="close" size={16} />
            </button>
          </div>
        )}
        {uploading && (
          <div className={styles.progress}>
            <label htmlFor="sales-import-progress" className={styles.hint}>
              {t('events.salesImport.progress', { percent: progress })}
            </label>
            <progress id="sales-import-progress" className={styles.bar} max={100} value={progress} data-testid="sales-import-progress" />
          </div>
        )}
        <p className={styles.error} role="alert" data-testid="sales-import-error">
          {error ?? ''}
        </p>
        <div className={styles.footer}>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={uploading}>
            {t('events.salesImport.cancel')}
          </Button>
          <Button busy={uploading} disabled={!canSubmit} onClick={() => void submit()}>
            {t(uploading ? 'events.salesImport.importing' : 'events.salesImport.submit')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
