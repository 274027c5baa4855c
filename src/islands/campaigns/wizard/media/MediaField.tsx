// The media list and dropzone of a creative (spec 2 §2 creative form, §5 Media files). The wizard
// page ships at most 200 KB of JavaScript before the media dropzone is opened (issue 14), so this
// part is small: until the field holds media or is used, it is a plain file input with a drop
// target, and the dropzone (react-dropzone, the browser checks, the multipart upload) loads on
// first use — warmed when the pointer or focus comes near — and takes over the files given.
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import type { MediaItem } from '../../../../lib/contracts/setup-process';
import { MAX_MEDIA } from '../../../../lib/campaigns/setup-constants';
import { canAddMedia, DROPZONE_ACCEPT, SIZE_HINTS } from '../../../../lib/campaigns/media-rules';
import { useTranslation } from '../../../../lib/i18n/react';
import { Icon } from '../../../ui/Icon';
import { Button } from '../../../ui/Button';
import drop from '../../../ui/FileDrop.module.css';
import styles from './MediaField.module.css';

export interface MediaFieldProps {
  /**
   * The creative's media. onChange only ever carries uploaded, server-checked items (status
   * SUCCESS, indexes 0…n-1); files still checking or uploading, failed or refused stay inside the
   * field, shown with their state, and are reported through onPendingChange.
   */
  media: MediaItem[];
  onChange(media: MediaItem[]): void;
  /** The campaign is published / running: spec 2 §5 add, remove and replace rules. */
  published: boolean;
  running: boolean;
  /** Any file still new, uploading, failed or refused (the wizard blocks Next). */
  onPendingChange?(pending: boolean): void;
  disabled?: boolean;
  /** Names the field's region for assistive technology (default: the translated "Images and videos"); the creative form shows the visible label. */
  label?: string;
}

const loadDropzone = () => import('./MediaDropzone');
const MediaDropzone = lazy(loadDropzone);

export function MediaField(props: MediaFieldProps) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(props.media.length > 0);
  // Media already there (a saved setup, media arriving after mount) need the list: the dropzone
  // opens, and stays open (removing the last one must not drop the files still in hand).
  const opened = used || props.media.length > 0;
  const hasMedia = props.media.length > 0;
  useEffect(() => {
    if (hasMedia) setUsed(true);
  }, [hasMedia]);
  const [handed, setHanded] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  // Files picked with the Browse button: the dropzone that takes over gives the focus to its own.
  const [picked, setPicked] = useState(false);
  const [dragging, setDragging] = useState(false);
  const label = props.label ?? t('campaigns.wizard.media.label');
  const locked = props.disabled || !canAddMedia({ items: props.media, published: props.published, running: props.running });

  if (opened) {
    return (
      <Suspense fallback={<p className={styles.loading}>{t('common.loading')}</p>}>
        <MediaDropzone {...props} label={label} initialFiles={handed} takeFocus={picked} />
      </Suspense>
    );
  }

  const take = (files: File[]) => {
    if (!files.length) return;
    setHanded(files);
    setUsed(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!locked) take([...e.dataTransfer.files]);
  };

  return (
    // The creative form shows the field's label; the region is named by it for assistive technology.
    <section className={styles.field} aria-label={label}>
      <div
        className={drop.dropzone}
        data-active={dragging || undefined}
        onPointerEnter={() => void loadDropzone()}
        onDragEnter={() => {
          void loadDropzone();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Icon name="upload" size={28} className={drop.dropIcon} />
        <p className={drop.dropText}>{t('campaigns.wizard.media.prompt')}</p>
        {/* A real button opens the picker: the file input itself is no (invisible) tab stop. */}
        <Button variant="secondary" disabled={locked} onFocus={() => void loadDropzone()} onClick={() => input.current?.click()}>
          {t('campaigns.wizard.media.browse')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          tabIndex={-1}
          className="visually-hidden"
          accept={Object.keys(DROPZONE_ACCEPT).join(',')}
          aria-label={t('campaigns.wizard.media.inputLabel')}
          disabled={locked}
          onChange={(e) => {
            setPicked(true);
            take([...(e.currentTarget.files ?? [])]);
          }}
        />
        <p className={styles.hint}>
          {t('campaigns.wizard.media.types', { max: MAX_MEDIA })} {t(SIZE_HINTS.image.key, SIZE_HINTS.image.values)} {t(SIZE_HINTS.video.key, SIZE_HINTS.video.values)}
        </p>
      </div>
    </section>
  );
}
