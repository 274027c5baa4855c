// /notifications (spec 1 §2.6, §4.4): the list with infinite scroll, the action bar (select,
// select all, mark all as read, cancel), the topics filter, the unread-only toggle, the empty
// state, and the drawer form (?drawer-open=true&notification-id=) at wide widths. The list loads
// in the browser (dates show in the browser's time zone).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import type { NotificationItem } from '../../lib/contracts/notifications';
import type { NotificationTopic } from '../../lib/notification-topics';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { getNotificationStats, setManyRead, setNotificationRead } from '../../lib/api/notifications';
import { $unreadCount } from '../../stores/notifications';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { NotificationDrawer } from './NotificationDrawer';
import { NotificationRow } from './NotificationRow';
import { TopicFilter } from './TopicFilter';
import { useNearEnd } from '../ui/useNearEnd';
import { useNotificationPages, type Filters } from './useNotificationPages';
import { detailPath, drawerIdOf, drawerRedirectsToPage, drawerSearch, opensInDrawer } from './routes';
import styles from './Notifications.module.css';

export interface NotificationsScreenProps {
  i18n: IslandI18n;
  topics: NotificationTopic[];
}

function Screen({ topics }: { topics: NotificationTopic[] }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ unreadOnly: false, topics: [] });
  const pages = useNotificationPages(filters);
  const [unread, setUnread] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [drawerId, setDrawerId] = useState<string | null>(null);
  const marker = useRef<HTMLDivElement>(null);

  const refreshStats = useCallback(async () => {
    try {
      const s = await getNotificationStats();
      setUnread(s.unread);
      $unreadCount.set(s.unread);
    } catch {
      // The action bar keeps its last state; the list shows its own errors.
    }
  }, []);
  useEffect(() => {
    void refreshStats();
  }, [refreshStats]);

  // The drawer lives in the URL; below 991 px the same link goes to the detail page.
  useEffect(() => {
    const sync = () => {
      const id = drawerIdOf(new URLSearchParams(location.search));
      if (id && drawerRedirectsToPage(window.innerWidth)) {
        location.replace(detailPath(id));
        return;
      }
      setDrawerId(id);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const openItem = (item: NotificationItem) => {
    if (!opensInDrawer(window.innerWidth)) {
      location.assign(detailPath(item.id));
      return;
    }
    history.pushState(null, '', location.pathname + drawerSearch(new URLSearchParams(location.search), item.id));
    setDrawerId(item.id);
  };
  const closeDrawer = () => {
    history.pushState(null, '', location.pathname + drawerSearch(new URLSearchParams(location.search), null));
    setDrawerId(null);
  };
  const onLoaded = (item: NotificationItem, wasUnread: boolean) => {
    pages.patch((i) => (i.id === item.id ? { ...i, is_read: true } : i));
    if (wasUnread) void refreshStats();
  };

  useNearEnd(marker, pages.loadMore, pages.state === 'ready' && pages.hasMore, `${pages.items.length}:${pages.throttleTick}`);

  const allRead = unread === 0;
  const exitSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const toggleSelect = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // spec 1 §4.4: with a selection, the selected; with none, all. Success leaves selection mode.
  const markRead = async () => {
    setBusy(true);
    const ids = selected.size ? [...selected] : null;
    try {
      await setManyRead(ids, true);
      pages.patch((i) => (ids === null || ids.includes(i.id) ? { ...i, is_read: true } : i));
      exitSelection();
      if (filters.unreadOnly) pages.reload();
      pushToast({ title: t('notifications.updated'), variant: 'success' });
    } catch {
      pushToast({ title: t('notifications.updateFailed'), variant: 'error' });
    } finally {
      setBusy(false);
      void refreshStats();
    }
  };
  const toggleRead = async (item: NotificationItem) => {
    try {
      const next = await setNotificationRead(item.id, !item.is_read);
      pages.patch((i) => (i.id === item.id ? next : i));
      void refreshStats();
    } catch {
      pushToast({ title: t('notifications.updateFailed'), variant: 'error' });
    }
  };

  const filtered = filters.unreadOnly || filters.topics.length > 0;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <TopicFilter topics={topics} value={filters.topics} onApply={(next) => setFilters((f) => ({ ...f, topics: next }))} />
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={filters.unreadOnly}
              onChange={(e) => setFilters((f) => ({ ...f, unreadOnly: e.target.checked }))}
            />
            <span className={styles.switchTrack} aria-hidden="true" />
            {t('notifications.filter.unreadOnly')}
          </label>
        </div>
        <div className={styles.actions} role="toolbar" aria-label={t('notifications.actions.label')}>
          {selecting ? (
            <>
              <span className={styles.selectedCount} aria-live="polite">
                {t('notifications.actions.selected', { count: selected.size })}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set(pages.items.map((i) => i.id)))} disabled={pages.items.length === 0}>
                {t('notifications.actions.selectAll')}
              </Button>
              <Button size="sm" onClick={markRead} busy={busy} disabled={allRead && selected.size === 0}>
                {selected.size ? t('notifications.actions.markSelectedRead', { count: selected.size }) : t('notifications.actions.markAllRead')}
              </Button>
              <Button variant="secondary" size="sm" onClick={exitSelection}>
                {t('notifications.actions.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" size="sm" onClick={() => setSelecting(true)} disabled={allRead || pages.items.length === 0}>
                {t('notifications.actions.select')}
              </Button>
              <Button size="sm" onClick={markRead} busy={busy} disabled={allRead || unread === null}>
                {t('notifications.actions.markAllRead')}
              </Button>
            </>
          )}
        </div>
      </div>

      {pages.state === 'loading' && (
        <ul className={styles.list} aria-busy="true">
          {[0, 1, 2, 3].map((n) => (
            <li key={n} className={styles.skeleton} />
          ))}
          <li className="visually-hidden" role="status">
            {t('common.loading')}
          </li>
        </ul>
      )}
      {pages.state === 'error' && (
        <div className={styles.errorBox} role="alert">
          <p>{t('common.genericError')}</p>
          <Button variant="secondary" size="sm" onClick={pages.reload}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {pages.state === 'ready' && pages.items.length === 0 && <EmptyState icon="bell" message={filtered ? t('notifications.emptyFiltered') : t('notifications.empty')} />}
      {pages.state === 'ready' && pages.items.length > 0 && (
        <ul className={styles.list} aria-label={t('notifications.listLabel')} data-testid="notification-list">
          {pages.items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              selecting={selecting}
              selected={selected.has(item.id)}
              active={drawerId === item.id}
              onSelect={toggleSelect}
              onOpen={openItem}
              onToggleRead={toggleRead}
            />
          ))}
        </ul>
      )}
      <div ref={marker} className={styles.marker} />
      {pages.loadingMore && (
        <p className={styles.more} role="status">
          {t('notifications.loadingMore')}
        </p>
      )}
      {pages.state === 'ready' && !pages.hasMore && pages.items.length > 10 && <p className={styles.more}>{t('notifications.end')}</p>}
      <NotificationDrawer id={drawerId} onClose={closeDrawer} onLoaded={onLoaded} />
    </div>
  );
}

export default function NotificationsScreen({ i18n, topics }: NotificationsScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <ErrorBoundary>
        <Screen topics={topics} />
      </ErrorBoundary>
    </I18nIsland>
  );
}
