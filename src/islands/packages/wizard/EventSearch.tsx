// Step 1's event search (spec 3 §2 "event search with dropdown"; §7 "Event search with since date
// DD-MM-YYYY, page, search"; §9 scroll-load 300 px, throttle 1 s): a combobox (WAI-ARIA 1.2 list
// autocomplete) whose listbox shows the partner's upcoming events. Typing waits 300 ms, cancels the
// superseded request, and scrolling near the list's end loads the next page. An event already in
// the package is marked and cannot be added twice.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { EventSearchResult } from '../../../lib/contracts/packages';
import { searchPackageEvents } from '../../../lib/api/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { PB, sinceParam } from '../../../lib/packages/rules';
import { Icon } from '../../ui/Icon';
import { formatDateTime } from '../format';
import styles from './Wizard.module.css';

interface Results {
  query: string;
  items: EventSearchResult[];
  page: number;
  pageCount: number;
  total: number;
}

export function EventSearch({ addedIds, onAdd }: { addedIds: ReadonlySet<string>; onAdd(event: EventSearchResult): void }) {
  const { t } = useTranslation();
  const uid = useId();
  const listId = `${uid}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  const lastPageLoad = useRef(0);
  const moreController = useRef<AbortController | null>(null);

  // Debounce: the query follows the text 300 ms after the last keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), PB.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  // A new query (while the list is open) replaces the results; the previous request is cancelled.
  useEffect(() => {
    if (!open) return;
    if (results && results.query === query) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    moreController.current?.abort();
    setLoading(true);
    setFailed(false);
    searchPackageEvents({ since: sinceParam(new Date()), page: 1, search: query }, controller.signal)
      .then((r) => {
        setResults({
          query,
          items: r.items,
          page: r.page,
          pageCount: r.page_count,
          total: r.total,
        });
        setActive(-1);
        lastPageLoad.current = Date.now();
        if (listRef.current) listRef.current.scrollTop = 0;
      })
      .catch((err: unknown) => {
        if ((err as { cancelled?: boolean }).cancelled) return;
        setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // results is read only to skip a query already shown
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, open]);

  const loadMore = useCallback(() => {
    if (!results || loading || loadingMore || results.page >= results.pageCount) return;
    // spec 3 §9: at most one page a second.
    if (Date.now() - lastPageLoad.current < PB.scrollThrottleMs) return;
    lastPageLoad.current = Date.now();
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    searchPackageEvents(
      {
        since: sinceParam(new Date()),
        page: results.page + 1,
        search: results.query,
      },
      controller.signal,
    )
      .then((r) => {
        setResults((prev) => {
          if (!prev || prev.query !== results.query) return prev;
          const known = new Set(prev.items.map((e) => e.id));
          return {
            ...prev,
            items: [...prev.items, ...r.items.filter((e) => !known.has(e.id))],
            page: r.page,
            pageCount: r.page_count,
            total: r.total,
          };
        });
      })
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  }, [results, loading, loadingMore]);

  const onScroll = () => {
    const el = listRef.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < PB.scrollThresholdPx) loadMore();
  };
  // A short first page leaves nothing to scroll: ask again when a throttle window has passed.
  useEffect(() => {
    if (!open || !results || results.page >= results.pageCount) return;
    const timer = setTimeout(onScroll, PB.scrollThrottleMs);
    return () => clearTimeout(timer);
  });

  const items = results?.items ?? [];
  const choose = (event: EventSearchResult) => {
    if (addedIds.has(event.id)) return;
    onAdd(event);
    // The next search starts afresh (typing after a pick must not add to the old text); the focus stays.
    setText('');
    setActive(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (items.length === 0) return;
      const next = e.key === 'ArrowDown' ? Math.min(items.length - 1, active + 1) : Math.max(0, active - 1);
      setActive(next);
      document.getElementById(`${uid}-opt-${next}`)?.scrollIntoView({ block: 'nearest' });
      if (e.key === 'ArrowDown' && next >= items.length - 3) loadMore();
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && items[active]) {
        e.preventDefault();
        choose(items[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText('');
      }
    }
  };

  // Closes when the focus leaves the search (input and list) for good.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const status = loading
    ? t('packages.wizard.events.searching')
    : failed
      ? t('packages.wizard.events.searchFailed')
      : results && results.total === 0
        ? t('packages.wizard.events.noResults')
        : results
          ? t('packages.wizard.events.resultCount', { count: results.total })
          : '';

  return (
    <div
      className={styles.search}
      ref={root}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${uid}-input`} className={styles.label}>
        {t('packages.wizard.events.search')}
      </label>
      <div className={styles.searchBox}>
        <Icon name="search" size={18} className={styles.searchIcon} />
        <input
          ref={inputRef}
          id={`${uid}-input`}
          className={`input ${styles.searchInput}`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('packages.wizard.events.searchPlaceholder')}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${uid}-opt-${active}` : undefined}
          aria-describedby={`${uid}-status`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          data-testid="package-event-search"
        />
      </div>
      <p id={`${uid}-status`} className="visually-hidden" role="status">
        {open ? status : ''}
      </p>
      <div className={styles.dropdown} hidden={!open}>
        <ul ref={listRef} id={listId} role="listbox" aria-label={t('packages.wizard.events.results')} className={styles.options} onScroll={onScroll} tabIndex={-1}>
          {items.map((event, i) => {
            const added = addedIds.has(event.id);
            return (
              <li
                key={event.id}
                id={`${uid}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                aria-disabled={added || undefined}
                className={styles.option}
                data-active={i === active || undefined}
                data-testid="package-event-option"
                onPointerDown={(e) => e.preventDefault() /* keeps the focus in the input */}
                onClick={() => choose(event)}
                onPointerEnter={() => setActive(i)}
              >
                <span className={styles.optionTitle}>{event.title}</span>
                <span className={styles.optionMeta}>
                  {[formatDateTime(event.start_date_time), [event.venue_name, event.hall_name].filter(Boolean).join(', '), event.location].filter(Boolean).join(' · ')}
                </span>
                {added && (
                  <span className={styles.optionAdded}>
                    <Icon name="check" size={14} /> {t('packages.wizard.events.added')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {(loading || loadingMore || failed || (results && results.total === 0)) && (
          <p className={failed ? styles.dropdownError : styles.dropdownNote} data-testid="package-search-note">
            {loadingMore ? t('packages.wizard.events.loadingMore') : status}
          </p>
        )}
      </div>
    </div>
  );
}
