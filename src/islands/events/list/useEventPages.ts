// The pages of GET /events/ for one query (spec 1 §2.9 infinite scroll). A new query aborts the
// request of the previous one, so an older answer can never overwrite a newer list; a cancelled
// request is ignored (spec 1 §8 'Error fetching data.' is only for real failures). The next page
// waits at least the scroll throttle (spec 1 §9: 1000 ms) after the previous one started.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventItem, EventList } from '../../../lib/contracts/events';
import { ApiError } from '../../../lib/api/client';
import { listEvents } from '../../../lib/api/events';
import { EVENTS_SCROLL_THROTTLE_MS } from '../../../lib/constants';
import { listKey, type ListQuery } from './filters';

export type PagesPhase = 'loading' | 'ready' | 'error';

export interface EventPages {
  items: EventItem[];
  total: number;
  /** 'loading' and 'error' are about the first page; see loadingMore and moreFailed for the next ones. */
  phase: PagesPhase;
  loadingMore: boolean;
  moreFailed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Loads the list again from its first page (e.g. after its sales were changed elsewhere). */
  reload: () => void;
  /** Changes a row in place (e.g. after a status change in the drawer), or drops it. */
  updateItem: (id: string, change: Partial<EventItem> | null) => void;
}

interface State {
  key: string;
  items: EventItem[];
  total: number;
  page: number;
  phase: PagesPhase;
  loadingMore: boolean;
  moreFailed: boolean;
}

/** A page appended to the list; rows that moved between pages while scrolling are not shown twice. */
function append(items: EventItem[], more: EventItem[]): EventItem[] {
  const seen = new Set(items.map((i) => i.id));
  return [...items, ...more.filter((i) => !seen.has(i.id))];
}

export function useEventPages(query: ListQuery, initial: { key: string; list: EventList } | null): EventPages {
  const key = listKey(query);
  const fromServer = initial !== null && initial.key === key;
  const [state, setState] = useState<State>(() => ({
    key,
    items: fromServer ? initial.list.items : [],
    total: fromServer ? initial.list.total : 0,
    page: fromServer ? 1 : 0,
    phase: fromServer ? 'ready' : 'loading',
    loadingMore: false,
    moreFailed: false,
  }));
  const stateRef = useRef(state);
  stateRef.current = state;
  const queryRef = useRef(query);
  queryRef.current = query;
  const controller = useRef<AbortController | null>(null);
  const lastStart = useRef(0);
  const pendingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const usedServerList = useRef(fromServer);

  const fetchPage = useCallback((page: number, signal: AbortSignal, forKey: string) => {
    lastStart.current = Date.now();
    listEvents({ ...queryRef.current, page }, signal).then(
      (list) => {
        if (signal.aborted || stateRef.current.key !== forKey) return;
        setState((s) => ({
          ...s,
          items: page === 1 ? list.items : append(s.items, list.items),
          total: list.total,
          page,
          phase: 'ready',
          loadingMore: false,
          moreFailed: false,
        }));
      },
      (err: unknown) => {
        if (signal.aborted || (err instanceof ApiError && err.cancelled) || stateRef.current.key !== forKey) return;
        console.warn('Event list request failed', err);
        setState((s) => (page === 1 ? { ...s, phase: 'error' } : { ...s, loadingMore: false, moreFailed: true }));
      },
    );
  }, []);

  const startList = useCallback(() => {
    controller.current?.abort();
    if (pendingTimer.current) clearTimeout(pendingTimer.current);
    const c = new AbortController();
    controller.current = c;
    setState({ key, items: [], total: 0, page: 0, phase: 'loading', loadingMore: false, moreFailed: false });
    stateRef.current = { ...stateRef.current, key };
    fetchPage(1, c.signal, key);
  }, [key, fetchPage]);

  useEffect(() => {
    // The server already rendered the first page of the list the page was opened with.
    if (usedServerList.current && stateRef.current.key === key) {
      usedServerList.current = false;
      controller.current = new AbortController();
      return;
    }
    usedServerList.current = false;
    startList();
  }, [key, startList]);

  useEffect(
    () => () => {
      controller.current?.abort();
      if (pendingTimer.current) clearTimeout(pendingTimer.current);
    },
    [],
  );

  // Between a query change and its effect the state still holds the previous list: never show it.
  const stale = state.key !== key;
  const hasMore = !stale && state.phase === 'ready' && state.items.length < state.total;

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (s.phase !== 'ready' || s.loadingMore || s.moreFailed || s.items.length >= s.total || pendingTimer.current) return;
    const c = controller.current;
    if (!c) return;
    const wait = lastStart.current + EVENTS_SCROLL_THROTTLE_MS - Date.now();
    const go = () => {
      pendingTimer.current = null;
      const now = stateRef.current;
      if (c.signal.aborted || now.key !== s.key || now.loadingMore) return;
      setState((x) => ({ ...x, loadingMore: true, moreFailed: false }));
      stateRef.current = { ...now, loadingMore: true };
      fetchPage(now.page + 1, c.signal, now.key);
    };
    if (wait > 0) pendingTimer.current = setTimeout(go, wait);
    else go();
  }, [fetchPage]);

  const retry = useCallback(() => {
    const s = stateRef.current;
    if (s.phase === 'error') startList();
    else if (s.moreFailed) {
      setState((x) => ({ ...x, moreFailed: false }));
      stateRef.current = { ...s, moreFailed: false };
      loadMore();
    }
  }, [startList, loadMore]);

  const updateItem = useCallback((id: string, change: Partial<EventItem> | null) => {
    setState((s) => {
      if (!s.items.some((i) => i.id === id)) return s;
      if (change === null) return { ...s, items: s.items.filter((i) => i.id !== id), total: Math.max(0, s.total - 1) };
      return { ...s, items: s.items.map((i) => (i.id === id ? { ...i, ...change } : i)) };
    });
  }, []);

  return {
    items: stale ? [] : state.items,
    total: stale ? 0 : state.total,
    phase: stale ? 'loading' : state.phase,
    loadingMore: !stale && state.loadingMore,
    moreFailed: !stale && state.moreFailed,
    hasMore,
    loadMore,
    retry,
    reload: startList,
    updateItem,
  };
}
