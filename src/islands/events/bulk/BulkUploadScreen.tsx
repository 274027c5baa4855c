// /add-multi-events (spec 3 §2 "Bulk events upload page", §4 "Bulk upload" states): pick the
// template's region, download it, choose one .xlsx/.xls file (checked here: type and size), then
// upload. Success: a toast and / after 2 s. Failure: the modal listing every finding.
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ApiError } from '../../../lib/api/client';
import { uploadBulkEvents } from '../../../lib/api/bulk';
import { BULK_REDIRECT_MS, bulkTemplateHref, parseIssue, type BulkRegion } from '../../../lib/contracts/bulk-upload';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { pushToast } from '../../../stores/toasts';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { BulkErrorsModal, type BulkFailure } from './BulkErrorsModal';
import styles from './BulkUpload.module.css';
import drop from '../../ui/FileDrop.module.css';

/** spec 3 §4: file chosen → validated → ready → uploading → success or failure. */
export type BulkState =
  | { status: 'empty'; error: 'invalid_file_format' | 'tooMany' | null }
  | { status: 'invalid'; file: File; error: 'invalid_file_format' }
  | { status: 'ready'; file: File }
  | { status: 'uploading'; file: File }
  | { status: 'failed'; file: File }
  | { status: 'done'; file: File; created: number };

const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
};
const MAX_BYTES = 10 * 1024 * 1024;

/** The browser's check before upload: the server checks everything again. */
export function checkBulkFile(file: File): 'invalid_file_format' | null {
  return /\.xlsx?$/i.test(file.name) && file.size > 0 && file.size <= MAX_BYTES ? null : 'invalid_file_format';
}

export interface BulkUploadScreenProps {
  i18n: IslandI18n;
  eventType: 'prisma' | 'fdlive';
  defaultRegion: BulkRegion;
}

function Screen({ eventType, defaultRegion }: Omit<BulkUploadScreenProps, 'i18n'>) {
  const { t } = useTranslation();
  const [region, setRegion] = useState<BulkRegion>(defaultRegion);
  const [state, setState] = useState<BulkState>({ status: 'empty', error: null });
  const [failure, setFailure] = useState<BulkFailure | null>(null);
  const busy = state.status === 'uploading' || state.status === 'done';

  const choose = (file: File) => {
    const error = checkBulkFile(file);
    setState(error ? { status: 'invalid', file, error } : { status: 'ready', file });
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: busy,
    onDrop: (accepted, rejected) => {
      if (accepted.length + rejected.length > 1) setState({ status: 'empty', error: 'tooMany' });
      else if (accepted[0]) choose(accepted[0]);
      else if (rejected[0]) setState({ status: 'invalid', file: rejected[0].file, error: 'invalid_file_format' });
    },
  });

  const upload = async () => {
    if (state.status !== 'ready' && state.status !== 'failed') return;
    const { file } = state;
    setState({ status: 'uploading', file });
    try {
      const result = await uploadBulkEvents(file, eventType);
      setState({ status: 'done', file, created: result.created });
      pushToast({ title: t('bulkUpload.success', { count: result.created }), description: t('bulkUpload.successDetail'), variant: 'success' });
      setTimeout(() => location.assign('/'), BULK_REDIRECT_MS);
    } catch (err) {
      console.error('Bulk upload failed', err);
      setState({ status: 'failed', file });
      if (err instanceof ApiError && err.cancelled) return;
      const issues = err instanceof ApiError ? (err.issues ?? []).map(parseIssue) : [];
      const key = err instanceof ApiError ? err.i18nKey : 'common.errors.inServerResponse';
      const text = t(key);
      setFailure({ message: text === key ? t('bulkUpload.errors.fallback') : text, issues, total: Math.max(issues.length, Number(err instanceof ApiError ? err.subcode : 0) || 0) });
    }
  };

  const file = state.status === 'empty' ? null : state.file;
  const error = state.status === 'invalid' || (state.status === 'empty' && state.error) ? t(`bulkUpload.errors.${state.error}`) : '';
  const fileStatus = state.status === 'invalid' || state.status === 'failed' ? 'alert' : state.status === 'empty' ? 'inbox' : 'check';

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1>{t('bulkUpload.title')}</h1>
        <p className={styles.subtitle}>{t('bulkUpload.subtitle')}</p>
      </header>

      <section className={styles.card} aria-labelledby="bulk-step-template">
        <h2 id="bulk-step-template" className={styles.step}>
          {t('bulkUpload.steps.template')}
        </h2>
        <fieldset className={styles.regions}>
          <legend className={styles.legend}>{t('bulkUpload.region.legend')}</legend>
          {(['eu', 'us'] as const).map((r) => (
            <label key={r} className={styles.region} data-checked={region === r || undefined}>
              <input type="radio" name="bulk-region" value={r} checked={region === r} onChange={() => setRegion(r)} />
              <span>{t(`bulkUpload.region.${r}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.templateRow}>
          <a className={buttonClass({ variant: 'secondary' })} href={bulkTemplateHref(region)} download data-testid="bulk-template">
            <Icon name="download" size={16} />
            {t('bulkUpload.download')}
          </a>
          <p className={styles.hint}>{t('bulkUpload.templateHint')}</p>
        </div>
      </section>

      <section className={styles.card} aria-labelledby="bulk-step-upload">
        <h2 id="bulk-step-upload" className={styles.step}>
          {t('bulkUpload.steps.upload')}
        </h2>
        <div {...getRootProps({ className: drop.dropzone, 'data-active': isDragActive || undefined, 'data-invalid': error ? true : undefined })}>
          {/* Without the inline style react-dropzone hides the input with: the CSP refuses style attributes. */}
          <input {...getInputProps({ 'aria-label': t('bulkUpload.choose'), style: undefined, className: 'visually-hidden' })} data-testid="bulk-file-input" />
          <Icon name="upload" size={28} className={drop.dropIcon} />
          <p className={drop.dropText}>{t(isDragActive ? 'bulkUpload.dropNow' : 'bulkUpload.drop')}</p>
          <Button variant="secondary" size="sm" onClick={open} disabled={busy}>
            {t('bulkUpload.choose')}
          </Button>
          <p className={styles.hint}>{t('bulkUpload.accepted')}</p>
        </div>
        {file && (
          <div className={drop.fileLine} data-testid="bulk-file">
            <Icon name={fileStatus} size={18} className={drop.fileIcon} data-status={state.status} />
            <span className={drop.fileName}>{file.name}</span>
            {state.status === 'ready' && <span className={styles.hint}>{t('bulkUpload.ready')}</span>}
            <button
              type="button"
              className={drop.removeFile}
              disabled={busy}
              aria-label={t('bulkUpload.remove', { name: file.name })}
              onClick={() => setState({ status: 'empty', error: null })}
            >
              <Icon name="close" size={16} />
            </button>
          </div>
        )}
        <p className={styles.fieldError} role="alert" data-testid="bulk-file-error">
          {error}
        </p>
        <div className={styles.footer}>
          <Button busy={state.status === 'uploading'} disabled={state.status !== 'ready' && state.status !== 'failed'} onClick={() => void upload()}>
            {t(state.status === 'uploading' ? 'bulkUpload.uploading' : 'bulkUpload.submit')}
          </Button>
        </div>
      </section>
      <BulkErrorsModal failure={failure} onClose={() => setFailure(null)} />
    </div>
  );
}

export default function BulkUploadScreen({ i18n, ...props }: BulkUploadScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Screen {...props} />
    </I18nIsland>
  );
}
