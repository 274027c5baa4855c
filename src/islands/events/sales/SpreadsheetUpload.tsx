// Spreadsheet sales upload (spec 3 "Spreadsheet sales upload", §4, §5, §8): one file, checked in
// the browser with the spec's client codes, then sent; the server checks it again and its codes
// are shown with their subcode.
import { useState, useLayoutEffect } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ApiError } from '../../../lib/api/client';
import { SALES_TEMPLATE_HREF, uploadSalesSpreadsheet } from '../../../lib/api/sales';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PanelFooter, type PanelFormProps } from './panelParts';
import { checkSalesFile, serverErrorMessage, translateFirst, type ClientCode } from './salesWorkbook';
import styles from './SalesPanel.module.css';
import drop from '../../ui/FileDrop.module.css';

/** spec 3 §4: no file, checking, valid or invalid (with error), uploading. */
type State =
  | { status: 'empty'; error: ClientCode | null }
  | { status: 'checking'; file: File }
  | { status: 'valid'; file: File; records: number }
  | { status: 'invalid'; file: File; error: ClientCode }
  | { status: 'uploading'; file: File; records: number }
  | { status: 'failed'; file: File; records: number; message: string };

const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
};

function fileIcon(status: State['status']) {
  return status === 'valid' || status === 'uploading' ? 'check' : status === 'invalid' || status === 'failed' ? 'alert' : 'inbox';
}

function rejectionCode(rejections: FileRejection[]): ClientCode {
  if (rejections.length > 1 || rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) return 'FILE_NOT_UNIQUE';
  return 'INVALID_FILE_FORMAT';
}

export default function SpreadsheetUpload({ event, onCancel, onSaved, onDirtyChange }: PanelFormProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'empty', error: null });
  const file = state.status === 'empty' ? null : state.file;
  // Before the paint that shows the file: an Escape right after it must already find it unsaved.
  useLayoutEffect(() => onDirtyChange(file !== null), [file, onDirtyChange]);

  const choose = async (next: File) => {
    setState({ status: 'checking', file: next });
    const result = await checkSalesFile(next);
    setState((current) => {
      // A newer choice (or removal) while this one was read wins.
      if (current.status !== 'checking' || current.file !== next) return current;
      return result.ok ? { status: 'valid', file: next, records: result.records } : { status: 'invalid', file: next, error: result.code };
    });
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    maxFiles: 1,
    noClick: true,
    noKeyboard: true,
    disabled: state.status === 'uploading',
    onDrop: (accepted, rejected) => {
      if (accepted.length === 1 && rejected.length === 0) void choose(accepted[0]);
      else if (accepted.length + rejected.length > 1) setState({ status: 'empty', error: 'FILE_NOT_UNIQUE' });
      else if (rejected.length > 0) {
        const code = rejectionCode(rejected);
        setState({ status: 'invalid', file: rejected[0].file, error: code });
      }
    },
  });

  const upload = async () => {
    if (state.status !== 'valid' && state.status !== 'failed') return;
    const { file: chosen, records } = state;
    setState({ status: 'uploading', file: chosen, records });
    try {
      await uploadSalesSpreadsheet(event.id, chosen);
      onSaved();
    } catch (err) {
      console.error('Sales upload failed', err);
      const message = err instanceof ApiError ? serverErrorMessage(t, err.code, err.subcode) : translateFirst(t, []);
      setState({ status: 'failed', file: chosen, records, message });
    }
  };

  const error =
    state.status === 'invalid' || (state.status === 'empty' && state.error)
      ? translateFirst(t, [`event.salesEdit.documentUpload.errors.${state.error}`])
      : state.status === 'failed'
        ? state.message
        : null;
  const uploading = state.status === 'uploading';
  const canUpload = state.status === 'valid' || state.status === 'failed';

  return (
    <div className={styles.form}>
      <p className={styles.template}>
        <Icon name="download" size={16} />
        <a href={SALES_TEMPLATE_HREF} download>
          {t('event.salesEdit.documentUpload.template')}
        </a>
      </p>
      <div {...getRootProps({ className: drop.dropzone, 'data-active': isDragActive || undefined, 'data-invalid': error ? true : undefined })}>
        {/* Without the inline style react-dropzone hides the input with: the CSP refuses style attributes. */}
        <input
          {...getInputProps({ 'aria-label': t('event.salesEdit.documentUpload.choose'), style: undefined, className: 'visually-hidden' })}
          data-testid="sales-file-input"
        />
        <Icon name="upload" size={28} className={drop.dropIcon} />
        <p className={drop.dropText}>{t(isDragActive ? 'event.salesEdit.documentUpload.dropNow' : 'event.salesEdit.documentUpload.drop')}</p>
        <Button variant="secondary" size="sm" onClick={open} disabled={uploading}>
          {t('event.salesEdit.documentUpload.choose')}
        </Button>
        <p className={styles.hint}>{t('event.salesEdit.documentUpload.accepted')}</p>
      </div>
      {file && (
        <div className={drop.fileLine} data-testid="sales-file">
          <Icon name={fileIcon(state.status)} size={18} className={drop.fileIcon} data-status={state.status} />
          <span className={drop.fileName}>{file.name}</span>
          {state.status === 'checking' && <span className={styles.hint}>{t('event.salesEdit.documentUpload.checking')}</span>}
          {(state.status === 'valid' || state.status === 'uploading') && (
            <span className={styles.hint}>{t('event.salesEdit.documentUpload.records', { count: state.records })}</span>
          )}
          <button
            type="button"
            className={drop.removeFile}
            disabled={uploading}
            aria-label={t('event.salesEdit.documentUpload.remove', { name: file.name })}
            onClick={() => setState({ status: 'empty', error: null })}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      <p className={styles.fieldError} role="alert" data-testid="sales-file-error">
        {error ?? ''}
      </p>
      <PanelFooter>
        <Button variant="secondary" onClick={onCancel} disabled={uploading}>
          {t('event.salesEdit.cancel')}
        </Button>
        <Button busy={uploading} disabled={!canUpload} onClick={() => void upload()}>
          {t(uploading ? 'event.salesEdit.documentUpload.uploading' : 'event.salesEdit.documentUpload.submit')}
        </Button>
      </PanelFooter>
    </div>
  );
}
