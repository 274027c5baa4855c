// /package-builder (spec 3 §2 "Package list"): the partner's packages, newest first, with title,
// customer count, events and status; the empty text; selection by checkbox or a 500 ms long press,
// which enters utility mode (Merge, Delete, Cancel). Merge needs two or more packages that are
// done and not merged themselves (the button says why when it cannot); it calls the merge and
// opens the new package. Delete is a stub in the spec: shown disabled, with its reason.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PackageList, PackageListItem } from '../../../lib/contracts/packages';
import { listPackages, mergePackages } from '../../../lib/api/packages';
import { ApiError } from '../../../lib/api/client';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { isBuilding, mergeBlocker, PB } from '../../../lib/packages/rules';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useNearEnd } from '../../ui/useNearEnd';
import { errorText } from '../format';
import { PackageRow } from './PackageRow';
import styles from '../Packages.module.css';

export interface PackageListScreenProps {
  i18n: IslandI18n;
  /** The first page, read by the page on the server (undefined: loaded here). */
  initial?: PackageList | null;
}

export default function PackageListScreen({ i18n, ...props }: PackageListScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <ListScreen {...props} />
    </I18nIsland>
  );
}

type LoadState = 'loading' | 'ready' | 'error';

function ListScreen({ initial }: Omit<PackageListScreenProps, 'i18n'>) {
  const { t } = useTranslation();
  const [items, setItems] = useState<PackageListItem[]>(initial?.items ?? []);
  const [total, setTotal] = useState(initial?.total ?? 0);
  const [page, setPage] = useState(initial ? 1 : 0);
  const [state, setState] = useState<LoadState>(initial ? 'ready' : 'loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [throttleTick, setThrottleTick] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [merging, setMerging] = useState(false);
  const [mergeError, setMergeError] = useState<{
    text: string;
    existingId?: number;
  } | null>(null);
  const marker = useRef<HTMLDivElement>(null);
  const lastLoad = useRef(0);
  const utilityRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async (nextPage: number, signal?: AbortSignal) => {
    const list = await listPackages({ page: nextPage, limit: PB.listPageSize }, signal);
    setTotal(list.total);
    setItems((prev) => {
      if (nextPage === 1) return list.items;
      const known = new Set(prev.map((p) => p.id));
      return [...prev, ...list.items.filter((p) => !known.has(p.id))];
    });
    setPage(nextPage);
  }, []);

  const reload = useCallback(() => {
    setState('loading');
    load(1)
      .then(() => setState('ready'))
      .catch(() => setState('error'));
  }, [load]);

  useEffect(() => {
    if (!initial) reload();
  }, [initial, reload]);

  // spec 3 §9 polling 5 s: while a package is building, the loaded rows are read again so their
  // status and customer count change without a reload.
  const building = items.some((p) => isBuilding(p.status));
  useEffect(() => {
    if (!building || state !== 'ready') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      listPackages(
        {
          page: 1,
          limit: Math.min(100, Math.max(PB.listPageSize, items.length)),
        },
        controller.signal,
      )
        .then((list) => {
          setTotal(list.total);
          setItems((prev) => {
            const fresh = new Map(list.items.map((p) => [p.id, p]));
            const known = new Set(prev.map((p) => p.id));
            return [...list.items.filter((p) => !known.has(p.id)), ...prev.map((p) => fresh.get(p.id) ?? p)];
          });
        })
        .catch(() => undefined);
    }, PB.pollMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [building, state, items]);

  // Infinite scroll (spec 3 §9: 300 px, at most one page a second).
  const loadMore = useCallback(() => {
    if (loadingMore || items.length >= total) return;
    const wait = lastLoad.current + PB.scrollThrottleMs - Date.now();
    if (wait > 0) {
      setTimeout(() => setThrottleTick((n) => n + 1), wait);
      return;
    }
    lastLoad.current = Date.now();
    setLoadingMore(true);
    load(page + 1)
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  }, [loadingMore, items.length, total, load, page]);
  useNearEnd(marker, loadMore, state === 'ready' && items.length < total, `${items.length}:${throttleTick}`);

  // The demo's sample package cannot be merged or deleted: no selection at all.
  const selectable = !items.some((p) => p.demo);
  const utility = selected.size > 0;
  const chosen = items.filter((p) => selected.has(p.id));
  const blocker = mergeBlocker(chosen);
  const blockerText = blocker
    ? t(`packages.list.mergeBlocked.${blocker.reason}`, {
        titles: blocker.titles.map((s) => t('packages.list.mergeBlocked.quoted', { title: s })).join(', '),
      })
    : null;

  const toggle = (id: number) => {
    setMergeError(null);
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const select = (id: number) => {
    setMergeError(null);
    setSelected((s) => new Set(s).add(id));
  };
  const cancel = () => {
    setSelected(new Set());
    setMergeError(null);
  };

  // Entering utility mode announces itself and moves nobody's focus; leaving it after Cancel puts
  // the focus on the list (the toolbar that had it is gone).
  const wasUtility = useRef(utility);
  useEffect(() => {
    if (wasUtility.current && !utility && (document.activeElement === document.body || !document.activeElement)) {
      document.querySelector<HTMLElement>('[data-testid="package-list"]')?.focus();
    }
    wasUtility.current = utility;
  }, [utility]);

  const merge = async () => {
    if (blocker || merging) return;
    setMerging(true);
    setMergeError(null);
    try {
      const merged = await mergePackages(chosen.map((p) => p.id));
      location.assign(`/package-builder/results/${merged.id}`);
    } catch (err) {
      const existing = err instanceof ApiError && err.code === 'error.packages.merge_exists' ? Number((err.data as { id?: unknown } | undefined)?.id) : NaN;
      setMergeError({
        text: errorText(t, err, 'packages.list.mergeFailed'),
        existingId: Number.isFinite(existing) ? existing : undefined,
      });
      setMerging(false);
    }
  };

  if (state === 'loading' && items.length === 0) {
    return (
      <p className={styles.loading} role="status">
        {t('packages.list.loading')}
      </p>
    );
  }
  if (state === 'error' && items.length === 0) {
    return (
      <div className="alert alert--error" role="alert">
        <div>
          <p>{t('packages.list.loadFailed')}</p>
          <Button variant="secondary" size="sm" className={styles.retry} onClick={reload}>
            {t('packages.list.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (items.length === 0) {
    return <EmptyState icon="package" message={t('packages.list.empty')} />;
  }

  return (
    <div className={styles.listScreen}>
      {utility ? (
        <div ref={utilityRef} className={styles.utility} role="toolbar" aria-label={t('packages.list.utility.label')} data-testid="package-utility">
          <span className={styles.utilityCount} aria-live="polite">
            {t('packages.list.utility.selected', { count: selected.size })}
          </span>
          <div className={styles.utilityActions}>
            <Button
              onClick={() => void merge()}
              busy={merging}
              aria-disabled={blocker ? true : undefined}
              aria-describedby={blocker || mergeError ? 'package-merge-reason' : undefined}
              data-testid="package-merge"
            >
              {t('packages.list.utility.merge')}
            </Button>
            <Button variant="secondary" disabled disabledHint={t('packages.list.utility.deleteHint')}>
              {t('packages.list.utility.delete')}
            </Button>
            <Button variant="ghost" onClick={cancel}>
              {t('packages.list.utility.cancel')}
            </Button>
          </div>
          {(blockerText || mergeError) && (
            <p id="package-merge-reason" className={mergeError ? styles.utilityError : styles.utilityReason} role={mergeError ? 'alert' : undefined}>
              {mergeError?.text ?? blockerText}
              {mergeError?.existingId !== undefined && (
                <>
                  {' '}
                  <a href={`/package-builder/results/${mergeError.existingId}`}>{t('packages.list.openExisting')}</a>
                </>
              )}
            </p>
          )}
        </div>
      ) : (
        <p className={styles.listHint}>
          <span>{t('packages.list.count', { count: total })}</span>
          {selectable && (
            <>
              {' · '}
              <span>{t('packages.list.selectHint')}</span>
            </>
          )}
        </p>
      )}
      <ul className={styles.list} aria-label={t('packages.list.label')} data-testid="package-list" tabIndex={-1}>
        {items.map((item) => (
          <PackageRow key={item.id} item={item} selected={selected.has(item.id)} utility={utility} selectable={selectable} onToggle={() => toggle(item.id)} onLongPress={() => select(item.id)} />
        ))}
      </ul>
      <div ref={marker} aria-hidden="true" />
      {loadingMore && (
        <p className={styles.loading} role="status">
          {t('packages.list.loadingMore')}
        </p>
      )}
    </div>
  );
}
