// The file upload of spec 1 §2.7 and §4.2, on its page and in the sidebar modal: a drop zone for
// several files, a category per file (required before submit), a progress circle, a tick or a
// failure icon with retry, remove or cancel. Files go up one after another in parts; when all
// succeed the list resets and a toast says so.
import { useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { FILE_CATEGORIES, type FileCategory } from '../../lib/contracts/storage';
import { abortMultipartUpload } from '../../lib/api/storage';
import { ApiError } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { ProgressCircle } from './ProgressCircle';
import { ACCEPTED_EXTENSIONS, contentTypeOf, uploadFile, type UploadSession } from './multipartUpload';
import styles from './FileUploader.module.css';
import drop from '../ui/FileDrop.module.css';

/** spec 1 §4.2 */
type Status = 'NEW' | 'UPLOADING' | 'SUCCESS' | 'UPLOAD_FAILED';

type Entry = {
  id: number;
  file: File;
  contentType: string;
  category: FileCategory | '';
  status: Status;
  progress: number;
  errorMessage?: string;
  session?: UploadSession;
};

let nextId = 1;

export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1000 && u < units.length - 1) {
    n /= 1000;
    u++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: u === 0 ? 0 : 1 }).format(n)} ${units[u]}`;
}

export function FileUploader({ onAllUploaded }: { onAllUploaded?: () => void }) {
  const { t, i18n } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [showCategoryErrors, setShowCategoryErrors] = useState(false);
  const [running, setRunning] = useState(false);
  const controllers = useRef(new Map<number, AbortController>());
  const sessions = useRef(new Map<number, UploadSession>());
  // The upload loop outlives renders: it reads and writes the list through this ref, which every
  // change updates at once (not at the next render).
  const latest = useRef(entries);
  const commit = (change: (list: Entry[]) => Entry[]) => {
    latest.current = change(latest.current);
    setEntries(latest.current);
  };
  const update = (id: number, patch: Partial<Entry>) => commit((list) => list.map((e) => (e.id === id ? { ...e, ...patch } : e)));

  /** spec 1 §4.2: when every file has succeeded, the list resets and a toast says so. */
  const finishIfAllDone = () => {
    const list = latest.current;
    if (list.length === 0 || !list.every((e) => e.status === 'SUCCESS')) return;
    pushToast({ title: t('uploads.toast.title'), description: t('uploads.toast.description', { count: list.length }), variant: 'success' });
    commit(() => []);
    setShowCategoryErrors(false);
    onAllUploaded?.();
  };

  const onDrop = (files: File[]) => {
    const names = new Set(latest.current.map((e) => e.file.name));
    const added: Entry[] = [];
    const problems: string[] = [];
    for (const file of files) {
      const contentType = contentTypeOf(file);
      if (names.has(file.name)) problems.push(t('uploads.errors.fileExists', { name: file.name }));
      else if (!contentType) problems.push(t('uploads.errors.typeNotAllowed', { name: file.name }));
      else {
        names.add(file.name);
        added.push({ id: nextId++, file, contentType, category: '', status: 'NEW', progress: 0 });
      }
    }
    setNotice(problems.length ? problems.join(' ') : null);
    if (added.length) commit((list) => [...list, ...added]);
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({ onDrop, multiple: true, noClick: true, noKeyboard: true, disabled: running });

  const uploadOne = async (entry: Entry): Promise<boolean> => {
    const controller = new AbortController();
    controllers.current.set(entry.id, controller);
    update(entry.id, { status: 'UPLOADING', errorMessage: undefined });
    try {
      await uploadFile(entry.file, entry.contentType, {
        category: entry.category as FileCategory,
        session: entry.session,
        signal: controller.signal,
        onProgress: (progress) => update(entry.id, { progress }),
        onSession: (session) => {
          sessions.current.set(entry.id, session);
          update(entry.id, { session });
        },
      });
      update(entry.id, { status: 'SUCCESS', progress: 1, session: undefined });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.cancelled) {
        // Cancelled (removed) mid-way: the parts stored so far are deleted on the server.
        const session = sessions.current.get(entry.id);
        if (session) void abortMultipartUpload(session).catch(() => undefined);
        return false;
      }
      const message = err instanceof ApiError && err.code.startsWith('error.') ? t(err.i18nKey) : t('uploads.errors.fileUploadFailed');
      update(entry.id, { status: 'UPLOAD_FAILED', errorMessage: message });
      return false;
    } finally {
      controllers.current.delete(entry.id);
    }
  };

  const submit = async () => {
    if (latest.current.some((e) => !e.category)) {
      setShowCategoryErrors(true);
      return;
    }
    setRunning(true);
    const pending = latest.current.filter((e) => e.status === 'NEW' || e.status === 'UPLOAD_FAILED');
    for (const entry of pending) {
      // Removed (cancelled) while an earlier file was uploading: skip it.
      const fresh = latest.current.find((e) => e.id === entry.id);
      if (fresh) await uploadOne(fresh);
    }
    setRunning(false);
    finishIfAllDone();
  };

  const retry = async (entry: Entry) => {
    setRunning(true);
    await uploadOne(entry);
    setRunning(false);
    finishIfAllDone();
  };

  /** Remove a file; an upload in flight is cancelled and its stored parts deleted on the server. */
  const remove = (entry: Entry) => {
    const running = controllers.current.get(entry.id);
    if (running) running.abort(); // the upload loop deletes what it stored
    else if (entry.session && entry.status === 'UPLOAD_FAILED') void abortMultipartUpload(entry.session).catch(() => undefined);
    commit((list) => list.filter((e) => e.id !== entry.id));
  };

  const missingCategory = showCategoryErrors && entries.some((e) => !e.category);
  const canSubmit = !running && entries.some((e) => e.status === 'NEW' || e.status === 'UPLOAD_FAILED');

  return (
    <div className={styles.uploader}>
      <div {...getRootProps({ className: drop.dropzone, 'data-active': isDragActive || undefined })}>
        {/* react-dropzone hides its input with an inline style, which the CSP refuses; a class does it. */}
        <input {...getInputProps({ 'aria-label': t('uploads.dropzone.inputLabel'), style: undefined, className: 'visually-hidden' })} accept={ACCEPTED_EXTENSIONS.join(',')} />
        <Icon name="upload" size={28} className={drop.dropIcon} />
        <p className={drop.dropText}>{isDragActive ? t('uploads.dropzone.active') : t('uploads.dropzone.prompt')}</p>
        <Button variant="secondary" onClick={open} disabled={running}>
          {t('uploads.dropzone.browse')}
        </Button>
        <p className={styles.hint}>{t('uploads.dropzone.hint')}</p>
      </div>
      {notice && (
        <p className={styles.notice} role="alert">
          <Icon name="alert" size={16} /> {notice}
        </p>
      )}
      {entries.length > 0 && (
        <ul className={styles.list} aria-label={t('uploads.listLabel')}>
          {entries.map((entry) => {
            const selectId = `upload-category-${entry.id}`;
            const invalid = showCategoryErrors && !entry.category;
            const locked = entry.status === 'UPLOADING' || entry.status === 'SUCCESS' || running;
            return (
              <li key={entry.id} className={styles.item} data-status={entry.status}>
                <div className={styles.state}>
                  {entry.status === 'SUCCESS' ? (
                    <span role="img" aria-label={t('uploads.status.SUCCESS')} className={styles.ok}>
                      <Icon name="check" size={22} />
                    </span>
                  ) : entry.status === 'UPLOAD_FAILED' ? (
                    <span role="img" aria-label={t('uploads.status.UPLOAD_FAILED')} className={styles.failed}>
                      <Icon name="alert" size={22} />
                    </span>
                  ) : (
                    <ProgressCircle value={entry.progress} label={t('uploads.progressLabel', { name: entry.file.name })} />
                  )}
                </div>
                <div className={styles.fileInfo}>
                  <span className={styles.fileName} title={entry.file.name}>
                    {entry.file.name}
                  </span>
                  <span className={styles.meta}>
                    {formatSize(entry.file.size, i18n.language)} ·{' '}
                    <span aria-live="polite">
                      {entry.status === 'UPLOADING' ? t('uploads.status.UPLOADING', { percent: Math.floor(entry.progress * 100) }) : t(`uploads.status.${entry.status}`)}
                    </span>
                  </span>
                  {entry.errorMessage && <span className={styles.error}>{entry.errorMessage}</span>}
                </div>
                <div className={styles.category}>
                  <label htmlFor={selectId} className="visually-hidden">
                    {t('uploads.category.label', { name: entry.file.name })}
                  </label>
                  <select
                    id={selectId}
                    value={entry.category}
                    disabled={locked}
                    aria-invalid={invalid || undefined}
                    aria-describedby={invalid ? `${selectId}-error` : undefined}
                    className={styles.select}
                    onChange={(e) => update(entry.id, { category: e.target.value as FileCategory })}
                  >
                    <option value="" disabled>
                      {t('uploads.category.placeholder')}
                    </option>
                    {FILE_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {t(`uploads.category.${c}`)}
                      </option>
                    ))}
                  </select>
                  {invalid && (
                    <span id={`${selectId}-error`} className={styles.error}>
                      {t('uploads.category.required')}
                    </span>
                  )}
                </div>
                <div className={styles.actions}>
                  {entry.status === 'UPLOAD_FAILED' && !running && (
                    <Button variant="ghost" size="sm" iconName="arrowUp" onClick={() => void retry(entry)}>
                      {t('uploads.actions.retry')}
                    </Button>
                  )}
                  {entry.status !== 'SUCCESS' && (
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={entry.status === 'UPLOADING' ? t('uploads.actions.cancel', { name: entry.file.name }) : t('uploads.actions.remove', { name: entry.file.name })}
                      onClick={() => remove(entry)}
                    >
                      <Icon name="close" size={18} />
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {missingCategory && (
        <p className={styles.notice} role="alert">
          {t('uploads.category.requiredAll')}
        </p>
      )}
      <div className={styles.footer}>
        <Button onClick={() => void submit()} disabled={!canSubmit} busy={running} iconName="upload">
          {running ? t('uploads.actions.uploading') : t('uploads.actions.submit')}
        </Button>
      </div>
    </div>
  );
}
