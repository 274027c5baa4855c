// spec 2 §7 "Share": step one picks a platform; step two shows a tab per destination URL ('Url
// 1..n') with the page's link preview (GET /campaigns/meta_tags), the share text, Back and 'Share
// to {platform}', which opens the platform's own share page with the utm-tagged link.
import { useEffect, useId, useState, type RefObject } from 'react';
import type { MetaTagsResponse } from '../../../lib/contracts/meta-tags';
import { SHARE_PLATFORMS, SHARE_PLATFORM_NAMES, shareHref, withUtm, type SharePlatform } from '../../../lib/campaigns/share';
import { getMetaTags } from '../../../lib/api/metaTags';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { Modal } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { TabList } from '../../ui/TabList';
import { Skeleton } from '../../events/detail/Section';
import styles from '../Campaigns.module.css';

type Preview = { status: 'loading' } | { status: 'ready'; tags: MetaTagsResponse } | { status: 'error'; message: string };

export function ShareDialog({
  open,
  onOpenChange,
  eventId,
  urls,
  defaultText,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: string;
  urls: string[];
  defaultText: string;
  /** The menu's trigger: the Share item that opened the dialog is gone when it closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [platform, setPlatform] = useState<SharePlatform | null>(null);
  const [tab, setTab] = useState(0);
  const [text, setText] = useState(defaultText);
  const [previews, setPreviews] = useState<Record<string, Preview>>({});
  const url = urls[tab] ?? urls[0] ?? '';

  // A new opening starts at step one.
  useEffect(() => {
    if (!open) return;
    setPlatform(null);
    setTab(0);
    setText(defaultText);
  }, [open]);

  // The link preview of the shown URL, once per URL while the dialog lives.
  useEffect(() => {
    if (!open || platform === null || !url || previews[url]) return;
    const controller = new AbortController();
    setPreviews((p) => ({ ...p, [url]: { status: 'loading' } }));
    getMetaTags(url, controller.signal).then(
      (tags) => setPreviews((p) => ({ ...p, [url]: { status: 'ready', tags } })),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setPreviews((p) => ({ ...p, [url]: { status: 'error', message: t(err instanceof ApiError ? err.i18nKey : 'common.errors.inServerResponse') } }));
      },
    );
    return () => controller.abort();
  }, [open, platform, url]);

  const preview = previews[url];
  const tagged = platform ? withUtm(url, platform, eventId) : null;
  const title = platform ? t('campaigns.share.toPlatform', { platform: SHARE_PLATFORM_NAMES[platform] }) : t('campaigns.share.title');

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common.close')} returnFocusTo={returnFocusTo}>
      {platform === null ? (
        <div data-testid="share-platforms">
          <p className={styles.hint}>{t('campaigns.share.pick')}</p>
          <ul className={styles.sharePlatforms}>
            {SHARE_PLATFORMS.map((p) => (
              <li key={p}>
                <Button variant="secondary" block onClick={() => setPlatform(p)} data-platform={p}>
                  {SHARE_PLATFORM_NAMES[p]}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div data-testid="share-step" data-platform={platform}>
          {urls.length > 1 && (
            <TabList
              label={t('campaigns.share.urls')}
              idPrefix={`${uid}-share`}
              tabs={urls.map((_, i) => ({ value: i, label: t('campaigns.share.url', { n: i + 1 }) }))}
              value={tab}
              onChange={setTab}
            />
          )}
          <div {...(urls.length > 1 ? { role: 'tabpanel', id: `${uid}-share-panel-${tab}`, 'aria-labelledby': `${uid}-share-tab-${tab}` } : {})} className={styles.sharePanel}>
            <figure className={styles.sharePreview} data-testid="share-preview" aria-busy={!preview || preview.status === 'loading' || undefined}>
              {(!preview || preview.status === 'loading') && <Skeleton lines={3} />}
              {preview?.status === 'ready' && (
                <>
                  {preview.tags.image && <img src={preview.tags.image} alt="" className={styles.sharePreviewImage} loading="lazy" referrerPolicy="no-referrer" />}
                  <figcaption>
                    <strong>{preview.tags.title ?? url}</strong>
                    {preview.tags.description && <span>{preview.tags.description}</span>}
                    <span className={styles.shareHost}>{hostOf(preview.tags.final_url)}</span>
                  </figcaption>
                </>
              )}
              {preview?.status === 'error' && (
                <figcaption>
                  <strong className={styles.shareHost}>{hostOf(url)}</strong>
                  <span role="status" data-testid="share-preview-error">
                    {t('campaigns.share.previewFailed', { reason: preview.message })}
                  </span>
                </figcaption>
              )}
            </figure>
            <p className={styles.shareLink} data-testid="share-link">
              {tagged}
            </p>
            <label className={styles.shareText}>
              <span>{t('campaigns.share.text')}</span>
              <textarea value={text} rows={3} maxLength={1000} onChange={(e) => setText(e.target.value)} />
            </label>
          </div>
          <div className={styles.shareActions}>
            <Button variant="secondary" onClick={() => setPlatform(null)}>
              {t('campaigns.share.back')}
            </Button>
            <Button
              iconName="external"
              disabled={!tagged}
              onClick={() => {
                if (!tagged) return;
                window.open(shareHref(platform, tagged, text), '_blank', 'noopener,noreferrer');
              }}
              data-testid="share-go"
            >
              {t('campaigns.share.toPlatform', { platform: SHARE_PLATFORM_NAMES[platform] })}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
