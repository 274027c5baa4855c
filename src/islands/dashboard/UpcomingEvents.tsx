// spec 1 §2.8 upcoming important events with a date range (default: one year ahead). Pages of
// GET /events/ (since today, until the range's end) load as the list scrolls (spec 1 §9: within
// 300 px of the end, throttle 5 ms); what is loaded is shown most important first.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import type { EventItem, EventList } from '../../lib/contracts/events';
import { ApiError } from '../../lib/api/client';
import { listEvents } from '../../lib/api/events';
import { EmptyState } from '../ui/EmptyState';
import { AHEAD_RANGES, DEFAULT_AHEAD_RANGE, aheadUntil, isAheadRange, type AheadRange } from '../events/detail/ranges';
import { EventRow } from './EventRow';
import { byImportance, DASHBOARD_PAGE_LIMIT, DASHBOARD_SCROLL_THROTTLE_MS, mergePage, nearEnd } from './importance';
import styles from './Dashboard.module.css';

interface State {
  items: EventItem[];
  total: number;
  page: number;
  loading: boolean;
  failed: boolean;
}

export function UpcomingEvents({ initial, today, lng }: { initial: EventList | null; today: string; lng: string }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [range, setRange] = useState<AheadRange>(DEFAULT_AHEAD_RANGE);
  const [state, setState] = useState<State>(
    initial ? { items: initial.items, total: initial.total, page: 1, loading: false, failed: false } : { items: [], total: 0, page: 0, loading: true, failed: false },
  );
  const controller = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const lastScroll = useRef(0);

  const load = useCallback(
    async (r: AheadRange, page: number) => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      setState((s) => ({ ...(page === 1 ? { items: [], total: 0, page: 0 } : s), loading: true, failed: false }));
      try {
        const res = await listEvents(
          { since: today, until: aheadUntil(r, new Date(`${today}T12:00:00Z`)), page, limit: DASHBOARD_PAGE_LIMIT, exclude_products: 'true', upcoming: 'true' },
          c.signal,
        );
        setState((s) => ({ items: page === 1 ? res.items : mergePage(s.items, res.items), total: res.total, page, loading: false, failed: false }));
      } catch (err) {
        if (c.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
      }
    },
    [today],
  );

  useEffect(() => {
    if (!initial) void load(DEFAULT_AHEAD_RANGE, 1);
    return () => controller.current?.abort();
  }, [initial, load]);

  const hasMore = state.items.length < state.total;
  const onScroll = () => {
    const now = performance.now();
    if (now - lastScroll.current < DASHBOARD_SCROLL_THROTTLE_MS) return;
    lastScroll.current = now;
    const el = listRef.current;
    if (el && hasMore && !state.loading && !state.failed && nearEnd(el)) void load(range, state.page + 1);
  };

  const onRange = (r: AheadRange) => {
    setRange(r);
    listRef.current?.scrollTo({ top: 0 });
    void load(r, 1);
  };

  const items = byImportance(state.items);
  return (
    <>
      <div className={styles.cardTools}>
        <label htmlFor={selectId} className={styles.selectLabel}>
          {t('dashboard.upcoming.rangeLabel')}
        </label>
        <select id={selectId} className={styles.select} value={range} onChange={(e) => isAheadRange(e.target.value) && onRange(e.target.value)}>
          {AHEAD_RANGES.map((r) => (
            <option key={r} value={r}>
              {t(`dashboard.ranges.${r}`)}
            </option>
          ))}
        </select>
        {state.total > 0 && <span className={styles.count}>{t('dashboard.upcoming.count', { count: state.total })}</span>}
      </div>
      {state.failed && state.items.length === 0 ? (
        <p className="alert alert--error" role="alert">
          {t('dashboard.errors.fetch')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void load(range, 1)}>
            {t('common.retry')}
          </button>
        </p>
      ) : !state.loading && items.length === 0 ? (
        <EmptyState compact icon="calendar" message={t('dashboard.upcoming.none')} />
      ) : (
        <ul ref={listRef} className={styles.list} onScroll={onScroll} aria-busy={state.loading} data-testid="upcoming-list" tabIndex={0} aria-label={t('dashboard.upcoming.title')}>
          {items.map((e) => (
            <EventRow key={e.id} event={e} lng={lng} />
          ))}
          {state.loading && (
            <li className={styles.loadingRow} role="status">
              {t('common.loading')}
            </li>
          )}
          {state.failed && state.items.length > 0 && (
            <li className={styles.loadingRow} role="alert">
              {t('dashboard.errors.fetch')}{' '}
              <button type="button" className={styles.linkButton} onClick={() => void load(range, state.page + 1)}>
                {t('common.retry')}
              </button>
            </li>
          )}
        </ul>
      )}
    </>
  );
}
