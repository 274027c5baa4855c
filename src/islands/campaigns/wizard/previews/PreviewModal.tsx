// The ad preview modal (spec 2 §2 Ad preview modal; §8 page-info failure; §9 loader ≤ 1 s, notice
// hides after 5 s, double tap 300 ms, dialog 85vh, a reel after every 3 feed items). Lazy-loaded
// by the wizard. Each cluster's creative is rendered by the server (POST
// /setup_processes/{eid}/previews) a page of variations at a time; renderings are kept per
// creative and variation, so moving a variation between the enabled and disabled tabs needs no
// new call.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import type { Creative } from '../../../../lib/contracts/setup-process';
import { PREVIEW_PAGE_SIZE, type PreviewItem } from '../../../../lib/contracts/ad-previews';
import { getAdPreviews } from '../../../../lib/api/adPreviews';
import { ApiError } from '../../../../lib/api/client';
import { useTranslation } from '../../../../lib/i18n/react';
import { TabList } from '../../../ui/TabList';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { useBodyScrollLock, useReturnFocus } from '../../../ui/Modal';
import { LOADER_MAX_MS, NOTICE_HIDE_MS, interleave, pageCount, pageOf, splitVariations, type VariationTab } from './previewPaging';
import { PreviewCard } from './PreviewCard';
import styles from './PreviewModal.module.css';

export interface PreviewAssets {
  /** Our asset row ids (spec 2 §3 Integration asset). */
  pageAssetId: string;
  instagramAssetId: string | null;
  adAccountAssetId: string;
}

export interface PreviewModalProps {
  open: boolean;
  onClose(): void;
  eventId: string;
  creatives: Creative[];
  /** Cluster names for the tabs/headings. */
  aliases: Record<number, string>;
  assets: PreviewAssets;
  /** 'setup' shows the enable/disable overlay per variation. */
  mode: 'setup' | 'view';
  /** Taste cluster → disabled variation codes. */
  disabledVariations: Record<string, string[]>;
  onToggleVariation?(tc: number, code: string, enabled: boolean): void;
  /** Called once the previews were shown (spec 2 §4: step 4 needs the preview-viewed flag). */
  onViewed?(): void;
}

/** spec 2 §2: the disclaimer's support article (Meta's ads guide: how ads look per placement). */
export const PREVIEW_HELP_URL = { en: 'https://www.facebook.com/business/ads-guide', de: 'https://de-de.facebook.com/business/ads-guide' } as const;

type Placements = 'regular' | 'reels';

export default function PreviewModal(props: PreviewModalProps) {
  const { open, onClose } = props;
  const { t } = useTranslation();
  useBodyScrollLock(open);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> element the page's CSP refuses. */}
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined} data-testid="ad-previews" onCloseAutoFocus={returnFocus}>
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{t('campaigns.wizard.previews.title')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('campaigns.wizard.previews.close')}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </div>
          {open && <PreviewBody {...props} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PreviewBody({ eventId, creatives, aliases, assets, mode, disabledVariations, onToggleVariation, onViewed }: PreviewModalProps) {
  const { t, i18n } = useTranslation();
  const [clusterIndex, setClusterIndex] = useState(0);
  const [placements, setPlacements] = useState<Placements>('regular');
  const [tab, setTab] = useState<VariationTab>('enabled');
  const [page, setPage] = useState(0);
  const [rendered, setRendered] = useState<Map<string, PreviewItem[]>>(() => new Map());
  const [loading, setLoading] = useState(false);
  const [loaderShown, setLoaderShown] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [pageInfoError, setPageInfoError] = useState(false);
  const [sandbox, setSandbox] = useState(false);
  const [retry, setRetry] = useState(0);
  const viewed = useRef(false);

  const creative = creatives[Math.min(clusterIndex, creatives.length - 1)];
  const tc = creative?.tc ?? 0;
  // A rendering belongs to exactly this creative and these assets; any edit starts afresh. The
  // switched-off codes change no rendering (the wizard mirrors them into the creative), so they
  // are left out: toggling a variation must not render the page again.
  const creativeKey = useMemo(() => JSON.stringify([creative && { ...creative, excluded_variations: [] }, assets]), [creative, assets]);
  const split = useMemo(() => (creative ? splitVariations(creative, disabledVariations[String(tc)] ?? []) : { enabled: [], disabled: [] }), [creative, disabledVariations, tc]);
  const list = mode === 'setup' ? split[tab] : split.enabled;
  const current = pageOf(list, page, PREVIEW_PAGE_SIZE);
  const missing = current.items.filter((code) => !rendered.has(`${creativeKey}|${code}`));

  useEffect(() => {
    if (!creative || missing.length === 0) return;
    const abort = new AbortController();
    setLoading(true);
    setLoaderShown(true);
    setFailed(null);
    // spec 2 §9: the loading overlay shows for up to 1 s; slower renderings keep their card placeholders.
    const cap = window.setTimeout(() => setLoaderShown(false), LOADER_MAX_MS);
    getAdPreviews(
      eventId,
      { creative, page_asset_id: assets.pageAssetId, instagram_asset_id: assets.instagramAssetId, ad_account_asset_id: assets.adAccountAssetId, variations: missing },
      abort.signal,
    )
      .then((res) => {
        setRendered((prev) => {
          const next = new Map(prev);
          for (const code of missing) next.set(`${creativeKey}|${code}`, res.previews.filter((p) => p.variation === code));
          return next;
        });
        setPageInfoError(res.page_info_error);
        setSandbox(res.sandbox);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.cancelled) return;
        setFailed(err instanceof ApiError ? t(err.i18nKey) : t('campaigns.wizard.previews.loadError'));
        setLoading(false);
      })
      .finally(() => {
        window.clearTimeout(cap);
        setLoaderShown(false);
      });
    return () => {
      abort.abort();
      window.clearTimeout(cap);
    };
    // `missing` is derived from the keys below; listing it would refetch on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [creativeKey, current.items.join(','), retry]);

  const items = current.items.flatMap((code) => rendered.get(`${creativeKey}|${code}`) ?? []);
  const feed = items.filter((p) => p.placement !== 'instagram_reels');
  const reels = items.filter((p) => p.placement === 'instagram_reels');
  // spec 2 §9: the regular view is a feed, with a reel after every 3 feed items; the reels tab shows reels alone.
  const shown = placements === 'regular' ? interleave(feed, reels) : reels;

  useEffect(() => {
    if (items.length > 0 && !viewed.current) {
      viewed.current = true;
      onViewed?.();
    }
  }, [items.length, onViewed]);

  // spec 2 §2/§9: a notice when no variation is enabled, hidden again after 5 s.
  const noneEnabled = mode === 'setup' && !!creative && split.enabled.length === 0 && split.disabled.length > 0;
  const [notice, setNotice] = useState(false);
  useEffect(() => {
    if (!noneEnabled) return setNotice(false);
    setNotice(true);
    const timer = window.setTimeout(() => setNotice(false), NOTICE_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [noneEnabled, tc]);

  const total = list.length;
  const pages = pageCount(total, PREVIEW_PAGE_SIZE);
  const from = total ? current.page * PREVIEW_PAGE_SIZE + 1 : 0;
  const to = Math.min(total, (current.page + 1) * PREVIEW_PAGE_SIZE);
  const help = i18n.language === 'de' ? PREVIEW_HELP_URL.de : PREVIEW_HELP_URL.en;
  const noVariations = split.enabled.length + split.disabled.length === 0;

  return (
    <div className={styles.body}>
      <div className={styles.controls}>
        {creatives.length > 1 && (
          <label className={styles.cluster}>
            <span>{t('campaigns.wizard.previews.cluster')}</span>
            <select
              value={clusterIndex}
              onChange={(e) => {
                setClusterIndex(Number(e.target.value));
                setPage(0);
              }}
            >
              {creatives.map((c, i) => (
                <option key={`${c.tc}-${c.tc_run_id}`} value={i}>
                  {aliases[c.tc] ?? `#${c.tc}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <TabList<Placements>
          label={t('campaigns.wizard.previews.placementTabs')}
          idPrefix="ad-previews-placements"
          tabs={[
            { value: 'regular', label: t('campaigns.wizard.previews.regular') },
            { value: 'reels', label: t('campaigns.wizard.previews.reels') },
          ]}
          value={placements}
          onChange={setPlacements}
        />
        {mode === 'setup' && (
          <TabList<VariationTab>
            label={t('campaigns.wizard.previews.variationTabs')}
            idPrefix="ad-previews-variations"
            tabs={[
              { value: 'enabled', label: t('campaigns.wizard.previews.enabled', { count: split.enabled.length }) },
              { value: 'disabled', label: t('campaigns.wizard.previews.disabled', { count: split.disabled.length }) },
            ]}
            value={tab}
            onChange={(v) => {
              setTab(v);
              setPage(0);
            }}
          />
        )}
      </div>

      {/* The placement tabs' panel (their aria-controls names it); the variation tabs' panel is inside. */}
      <div role="tabpanel" id={`ad-previews-placements-panel-${placements}`} aria-labelledby={`ad-previews-placements-tab-${placements}`} className={styles.placementsPanel}>
      {pageInfoError && (
        <p className={styles.warning} role="status">
          {t('campaigns.wizard.previews.pageInfoError')}
        </p>
      )}
      {notice && (
        <p className={styles.warning} role="alert">
          {t('campaigns.wizard.previews.noEnabled')}
        </p>
      )}

      <div
        className={styles.scroll}
        {...(mode === 'setup' ? { role: 'tabpanel', id: `ad-previews-variations-panel-${tab}`, 'aria-labelledby': `ad-previews-variations-tab-${tab}` } : {})}
        aria-busy={loading}
      >
        {failed ? (
          <div className={styles.error} role="alert">
            <p>{failed}</p>
            <Button variant="secondary" size="sm" onClick={() => setRetry((n) => n + 1)}>
              {t('campaigns.wizard.previews.retry')}
            </Button>
          </div>
        ) : noVariations ? (
          <p className={styles.empty}>{t('campaigns.wizard.previews.empty')}</p>
        ) : total === 0 ? (
          <p className={styles.empty}>{tab === 'disabled' ? t('campaigns.wizard.previews.noDisabled') : t('campaigns.wizard.previews.allDisabled')}</p>
        ) : (
          <div className={styles.grid}>
            {shown.map((item) => (
              <PreviewCard
                key={`${item.variation}-${item.placement}`}
                item={item}
                enabled={!split.disabled.includes(item.variation)}
                onToggle={mode === 'setup' && onToggleVariation ? (enabled) => onToggleVariation(tc, item.variation, enabled) : undefined}
              />
            ))}
            {loading && current.items.length > 0 && items.length === 0 && <div className={styles.placeholder} aria-hidden="true" />}
          </div>
        )}
        {loaderShown && (
          <div className={styles.loader} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            {t('campaigns.wizard.previews.loading')}
          </div>
        )}
      </div>
      </div>

      <div className={styles.footer}>
        {pages > 1 && (
          <div className={styles.pager}>
            <Button variant="ghost" size="sm" iconName="chevronLeft" aria-label={t('campaigns.wizard.previews.previous')} disabled={current.page === 0} onClick={() => setPage(current.page - 1)} />
            <span>{t('campaigns.wizard.previews.range', { from, to, total })}</span>
            <Button variant="ghost" size="sm" iconName="chevronRight" aria-label={t('campaigns.wizard.previews.next')} disabled={current.page >= pages - 1} onClick={() => setPage(current.page + 1)} />
          </div>
        )}
        <p className={styles.disclaimer}>
          {t('campaigns.wizard.previews.disclaimer')}{' '}
          <a href={help} target="_blank" rel="noopener noreferrer">
            {t('campaigns.wizard.previews.disclaimerLink')}
          </a>
          {sandbox && <span className={styles.sandbox}> {t('campaigns.wizard.previews.sandbox')}</span>}
        </p>
      </div>
    </div>
  );
}
