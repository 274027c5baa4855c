// The pages of the notifications list (spec 1 §2.6, §9): page size 10, the next page at most once
// a second while the end of the list is in view; a filter change starts again from page 1 and
// cancels the request still on its way.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NotificationItem } from '../../lib/contracts/notifications';
import type { NotificationTopic } from '../../lib/notification-topics';
import { listNotifications } from '../../lib/api/notifications';
import { ApiError } from '../../lib/api/client';

export const PAGE_SIZE = 10;
export const SCROLL_THROTTLE_MS = 1000;

export interface Filters {
  unreadOnly: boolean;
  topics: NotificationTopic[];
}

export type LoadState = 'loading' | 'ready' | 'error';

export function useNotificationPages(filters: Filters) {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [total, setTotal] = useState(0);
  const [nextPage, setNextPage] = useState<number | null>(1);
  const [state, setState] = useState<LoadState>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const lastLoad = useRef(0);
  const generation = useRef(0);
  // A throttled call asks again when its second is over (the observer reports only changes).
  const [throttleTick, setThrottleTick] = useState(0);
  const key = `${filters.unreadOnly}|${filters.topics.join(',')}`;

  const load = useCallback(
    async (page: number, replace: boolean) => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      const gen = generation.current;
      lastLoad.current = Date.now();
      if (!replace) setLoadingMore(true);
      try {
        const res = await listNotifications({ page, limit: PAGE_SIZE, unreadOnly: filters.unreadOnly, topics: filters.topics }, ac.signal);
        if (gen !== generation.current) return;
        setItems((prev) => {
          if (replace) return res.items;
          const seen = new Set(prev.map((i) => i.id));
          return [...prev, ...res.items.filter((i) => !seen.has(i.id))];
        });
        setTotal(res.total);
        setNextPage(res.nextPage);
        setState('ready');
      } catch (err) {
        if (err instanceof ApiError && err.cancelled) return;
        if (gen === generation.current) setState(replace ? 'error' : 'ready');
      } finally {
        if (gen === generation.current) setLoadingMore(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  const reload = useCallback(() => {
    generation.current++;
    setState('loading');
    setNextPage(1);
    void load(1, true);
  }, [load]);

  useEffect(() => {
    reload();
    return () => controller.current?.abort();
  }, [reload]);

  /** Called while the list end is in view: at most one page per second (spec 1 §9). */
  const loadMore = useCallback(() => {
    if (state !== 'ready' || loadingMore || nextPage === null) return;
    const wait = SCROLL_THROTTLE_MS - (Date.now() - lastLoad.current);
    if (wait > 0) {
      window.setTimeout(() => setThrottleTick((n) => n + 1), wait);
      return;
    }
    void load(nextPage, false);
  }, [state, loadingMore, nextPage, load]);
  const patch = useCallback((update: (i: NotificationItem) => NotificationItem) => setItems((prev) => prev.map(update)), []);

  return { items, total, state, loadingMore, hasMore: nextPage !== null, loadMore, reload, patch, throttleTick };
}
