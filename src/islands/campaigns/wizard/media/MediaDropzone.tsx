// The media dropzone of a creative, loaded when the field is first used (MediaField.tsx): drag and
// drop or click, the spec 2 §5 checks in the browser, the multipart upload with X-Upload-Type
// media and per-file progress, then the server's answer (its own check) turns a file into a
// MediaItem. Retry for failed uploads, replace and remove by the §5 rules, at most 10 items.
import { useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { MediaItem } from '../../../../lib/contracts/setup-process';
import { MAX_MEDIA } from '../../../../lib/campaigns/setup-constants';
import {
  canAddMedia,
  canRemoveMedia,
  canReplaceMedia,
  canRetryMedia,
  DROPZONE_ACCEPT,
  isStoryFormat,
  isVideoType,
  SIZE_HINTS,
  takeWithinLimit,
  type MediaProblem,
} from '../../../../lib/campaigns/media-rules';
import { abortMultipartUpload } from '../../../../lib/api/storage';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { formatSize } from '../../../uploads/FileUploader';
import type { UploadSession } from '../../../uploads/multipartUpload';
import type { MediaFieldProps } from './MediaField';
import { checkInBrowser, uploadMedium } from './mediaFile';
import drop from '../../../ui/FileDrop.module.css';
import styles from './MediaDropzone.module.css';

type LocalStatus = 'NEW' | 'UPLOADING' | 'UPLOAD_FAILED' | 'INVALID';

/** A file not (yet) a medium of the creative: being checked or uploaded, failed or refused. */
interface Local {
  key: string;
  file: File;
  type: string;
  status: LocalStatus;
  progress: number;
  problem?: MediaProblem;
  errorKey?: string;
  session?: UploadSession;
  /** An object URL for the thumbnail. */
  preview: string;
  width?: number | null;
  height?: number | null;
  /** The id of the medium this file replaces once uploaded. */
  replaces?: string;
}

let nextKey = 1;

const withIndexes = (list: MediaItem[]) => list.map((m, index) => ({ ...m, index }));

function Thumb({ src, video, name }: { src: string | null | undefined; video: boolean; name: string }) {
  if (!src) {
    return (
      <span className={styles.thumbIcon} aria-hidden="true">
        <Icon name={video ? 'monitor' : 'upload'} size={28} />
      </span>
    );
  }
  // A video shows its first frame (preload metadata); an image itself. Both are decorative: the name is beside them.
  return video ? <video className={styles.thumb} src={`${src}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" /> : <img className={styles.thumb} src={src} alt="" title={name} />;
}

export default function MediaDropzone(props: MediaFieldProps & { label: string; initialFiles: File[]; takeFocus?: boolean }) {
  const { media, onChange, published, running, onPendingChange, disabled, label, initialFiles, takeFocus = false } = props;
  // The light field's Browse button is gone once this takes over: its own Browse keeps the focus.
  const browse = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) browse.current?.focus();
    // Once, on mount.
  }, []);
  const { t, i18n } = useTranslation();
  const [locals, setLocals] = useState<Local[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const latestLocals = useRef(locals);
  const controllers = useRef(new Map<string, AbortController>());
  // Completions arrive one after another before the parent re-renders: each builds on the last list sent.
  const sentMedia = useRef(media);
  const lastProp = useRef(media);
  if (lastProp.current !== media) {
    lastProp.current = media;
    sentMedia.current = media;
  }
  const emit = (change: (list: MediaItem[]) => MediaItem[]) => {
    sentMedia.current = withIndexes(change(sentMedia.current));
    onChange(sentMedia.current);
  };
  const commit = (change: (list: Local[]) => Local[]) => {
    latestLocals.current = change(latestLocals.current);
    setLocals(latestLocals.current);
  };
  const patch = (key: string, p: Partial<Local>) => commit((list) => list.map((l) => (l.key === key ? { ...l, ...p } : l)));
  const drop_ = (key: string) =>
    commit((list) => {
      const gone = list.find((l) => l.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((l) => l.key !== key);
    });

  const pending = locals.length > 0;
  useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);
  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
      for (const l of latestLocals.current) URL.revokeObjectURL(l.preview);
    },
    [],
  );

  async function upload(key: string) {
    const local = latestLocals.current.find((l) => l.key === key);
    if (!local) return;
    const controller = new AbortController();
    controllers.current.set(key, controller);
    patch(key, { status: 'UPLOADING', progress: 0, errorKey: undefined });
    const outcome = await uploadMedium(local.file, local.type, {
      session: local.session,
      signal: controller.signal,
      onProgress: (progress) => patch(key, { progress }),
      onSession: (session) => patch(key, { session }),
    });
    controllers.current.delete(key);
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'refused') return patch(key, { status: 'INVALID', problem: outcome.problem });
    if (outcome.kind === 'failed') return patch(key, { status: 'UPLOAD_FAILED', errorKey: outcome.errorKey });
    const { replaces } = latestLocals.current.find((l) => l.key === key) ?? {};
    const item = { ...outcome.item, index: 0 };
    emit((list) => {
      const at = replaces ? list.findIndex((m) => m.id === replaces) : -1;
      return at >= 0 ? list.map((m, i) => (i === at ? item : m)) : [...list, item];
    });
    drop_(key);
  }

  async function add(files: File[], replaces?: string) {
    setNotice(null);
    // A replacement takes the place of its item; new files only what room is left (spec 2 §5: extra files are cut).
    const current = replaces ? MAX_MEDIA - 1 : sentMedia.current.length + latestLocals.current.filter((l) => !l.replaces).length;
    const { taken, cut } = takeWithinLimit(current, replaces ? files.slice(0, 1) : files);
    if (cut > 0) setNotice(t('campaigns.wizard.media.cut', { count: cut, max: MAX_MEDIA }));
    for (const file of taken) {
      const key = `local-${nextKey++}`;
      commit((list) => [...list, { key, file, type: file.type, status: 'NEW', progress: 0, preview: URL.createObjectURL(file), replaces }]);
      const checked = await checkInBrowser(file);
      patch(key, { type: checked.type, width: checked.facts.width, height: checked.facts.height });
      if (checked.problem) patch(key, { status: 'INVALID', problem: checked.problem });
      else void upload(key);
    }
  }

  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current || !initialFiles.length) return;
    handedOver.current = true;
    void add(initialFiles);
    // The files the light field collected are handed over once, on mount.
  }, []);

  // spec 2 §5: the list rules see every entry (uploaded ones first, then the files in hand).
  const statuses = [...media.map((m) => ({ status: m.status })), ...locals.map((l) => ({ status: l.status as MediaItem['status'] }))];
  const listState = { items: statuses, published, running };
  const addable = !disabled && canAddMedia(listState);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => void add(files),
    // No `accept` here: react-dropzone would drop other files silently, the checks give them the
    // spec's message (fileFormat, imageType, videoType). The picker still offers only DROPZONE_ACCEPT.
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: !addable,
  });
  const accept = Object.keys(DROPZONE_ACCEPT).join(',');

  const replaceInput = useRef<HTMLInputElement>(null);
  const replaceTarget = useRef<{ id?: string; key?: string } | null>(null);
  const startReplace = (target: { id?: string; key?: string }) => {
    replaceTarget.current = target;
    replaceInput.current?.click();
  };
  const onReplacePicked = (files: File[]) => {
    const target = replaceTarget.current;
    replaceTarget.current = null;
    if (!target || !files[0]) return;
    if (target.key) {
      // A refused or failed file: it simply makes room for the new one.
      drop_(target.key);
      void add([files[0]]);
    } else void add([files[0]], target.id);
  };

  const removeMedium = (id: string) => emit((list) => list.filter((m) => m.id !== id));
  const cancelLocal = (l: Local) => {
    controllers.current.get(l.key)?.abort();
    if (l.session) void abortMultipartUpload(l.session).catch(() => undefined);
    drop_(l.key);
  };

  // A failure code without a text of its own (a proxy's 503, a new server code) gets the generic upload message.
  const known = (key: string) => {
    const text = t(key);
    return text === key ? t('common.errors.onUpload') : text;
  };

  const meta = (size: number, width?: number | null, height?: number | null, duration?: number | null) =>
    [
      width && height ? `${width} × ${height}` : null,
      formatSize(size, i18n.language),
      duration != null ? t('campaigns.wizard.media.seconds', { seconds: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(duration) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  const total = media.length + locals.filter((l) => !l.replaces).length;

  return (
    <section className={styles.field} aria-label={label}>
      {/* The creative form shows the field's label; the region is named by it for assistive technology. */}
      <span className={styles.count}>{t('campaigns.wizard.media.count', { count: total, max: MAX_MEDIA })}</span>
      {running && <p className={styles.hint}>{t('campaigns.wizard.media.runningLocked')}</p>}
      {!running && (
        <div {...getRootProps({ className: `${drop.dropzone} ${styles.zone}`, 'data-active': isDragActive || undefined })} data-disabled={!addable || undefined} data-testid="media-dropzone">
          {/* react-dropzone hides its input with an inline style, which the CSP refuses; a class does it. */}
          <input {...getInputProps({ 'aria-label': t('campaigns.wizard.media.inputLabel'), style: undefined, className: 'visually-hidden' })} accept={accept} />
          <Icon name="upload" size={28} className={drop.dropIcon} />
          <p className={drop.dropText}>{isDragActive ? t('campaigns.wizard.media.promptActive') : t('campaigns.wizard.media.prompt')}</p>
          <Button ref={browse} variant="secondary" onClick={open} disabled={!addable} disabledHint={total >= MAX_MEDIA ? t('campaigns.wizard.media.limit', { max: MAX_MEDIA }) : undefined}>
            {t('campaigns.wizard.media.browse')}
          </Button>
          <p className={styles.hint}>
            {t('campaigns.wizard.media.types', { max: MAX_MEDIA })} {t(SIZE_HINTS.image.key, SIZE_HINTS.image.values)} {t(SIZE_HINTS.video.key, SIZE_HINTS.video.values)}
          </p>
        </div>
      )}
      <input
        ref={replaceInput}
        type="file"
        className="visually-hidden"
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          onReplacePicked([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = '';
        }}
      />
      {notice && (
        <p className={styles.notice} role="alert">
          <Icon name="alert" size={16} /> {notice}
        </p>
      )}
      {(media.length > 0 || locals.length > 0) && (
        <ul className={styles.list} aria-label={t('campaigns.wizard.media.listLabel')}>
          {media.map((m, i) => {
            const video = isVideoType(m.type);
            const replacing = locals.find((l) => l.replaces === m.id);
            return (
              <li key={m.id} className={styles.item} data-status="SUCCESS">
                <Thumb src={video ? m.url : (m.preview ?? m.url)} video={video} name={m.name} />
                <div className={styles.info}>
                  <span className={styles.name} title={m.name}>
                    {m.name}
                  </span>
                  <span className={styles.meta}>{meta(m.size, m.width, m.height, m.duration)}</span>
                  <span className={styles.status}>
                    <Icon name="check" size={16} className={styles.ok} /> {t('campaigns.wizard.media.status.SUCCESS')}
                    {isStoryFormat(m.width, m.height) && <span className={styles.badge}>{t('campaigns.wizard.media.story')}</span>}
                  </span>
                  {replacing && <span className={styles.meta}>{t('campaigns.wizard.media.replacing', { name: replacing.file.name })}</span>}
                </div>
                <div className={styles.actions}>
                  {canReplaceMedia(listState, i) && !replacing && (
                    <Button variant="ghost" size="sm" disabled={disabled} onClick={() => startReplace({ id: m.id })} aria-label={t('campaigns.wizard.media.replaceNamed', { name: m.name })}>
                      {t('campaigns.wizard.media.replace')}
                    </Button>
                  )}
                  {canRemoveMedia(listState, i) && (
                    <Button variant="ghost" size="sm" disabled={disabled} onClick={() => removeMedium(m.id)} aria-label={t('campaigns.wizard.media.removeNamed', { name: m.name })}>
                      {t('campaigns.wizard.media.remove')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
          {locals.map((l, j) => {
            const index = media.length + j;
            const video = isVideoType(l.type);
            const broken = l.status === 'INVALID' || l.status === 'UPLOAD_FAILED';
            return (
              <li key={l.key} className={styles.item} data-status={l.status}>
                <Thumb src={l.status === 'INVALID' && !l.width ? null : l.preview} video={video} name={l.file.name} />
                <div className={styles.info}>
                  <span className={styles.name} title={l.file.name}>
                    {l.file.name}
                  </span>
                  <span className={styles.meta}>{meta(l.file.size, l.width, l.height)}</span>
                  <span className={styles.status}>
                    {broken && <Icon name="alert" size={16} className={styles.bad} />} {t(`campaigns.wizard.media.status.${l.status}`, { percent: Math.round(l.progress * 100) })}
                  </span>
                  {l.status === 'UPLOADING' && (
                    <progress className={styles.progress} max={100} value={Math.round(l.progress * 100)} aria-label={t('campaigns.wizard.media.progressLabel', { name: l.file.name })} />
                  )}
                  {l.problem && (
                    <span className={styles.error} role="alert">
                      {t(l.problem.key, l.problem.values)}
                    </span>
                  )}
                  {l.errorKey && (
                    <span className={styles.error} role="alert">
                      {known(l.errorKey)}
                    </span>
                  )}
                </div>
                <div className={styles.actions}>
                  {canRetryMedia({ status: l.status }) && (
                    <Button variant="secondary" size="sm" disabled={disabled} onClick={() => void upload(l.key)} aria-label={t('campaigns.wizard.media.retryNamed', { name: l.file.name })}>
                      {t('campaigns.wizard.media.retry')}
                    </Button>
                  )}
                  {broken && canReplaceMedia(listState, index) && (
                    <Button variant="ghost" size="sm" disabled={disabled} onClick={() => startReplace({ key: l.key })} aria-label={t('campaigns.wizard.media.replaceNamed', { name: l.file.name })}>
                      {t('campaigns.wizard.media.replace')}
                    </Button>
                  )}
                  {broken ? (
                    canRemoveMedia(listState, index) && (
                      <Button variant="ghost" size="sm" onClick={() => cancelLocal(l)} aria-label={t('campaigns.wizard.media.removeNamed', { name: l.file.name })}>
                        {t('campaigns.wizard.media.remove')}
                      </Button>
                    )
                  ) : (
                    <Button variant="ghost" size="sm" onClick={() => cancelLocal(l)} aria-label={t('campaigns.wizard.media.cancelNamed', { name: l.file.name })}>
                      {t('campaigns.wizard.media.cancel')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
