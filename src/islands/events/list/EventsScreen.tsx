// /events (spec 1 §2.9, spec 3 "Events page actions"): search, filters, add-event menu, sales
// export/import, the infinite-scroll list and the event drawer. The URL is the state: filters and
// search are written to it (replaceState, so a link can be shared and a reload restores them) and
// the drawer opens with pushState, so Back closes it.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { EventItem, FrontendStatus } from '../../../lib/contracts/events';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { AddEventMenu } from './AddEventMenu';
import { eventPath, isNarrow, mobileRoute, readDrawer, rowOpensDrawer, withDrawer, withoutDrawer, type DrawerState } from './drawerUrl';
import { EventDrawer } from './EventDrawer';
import { EventList } from './EventList';
import { activeFilterCount, filtersFromSearch, filtersToSearch, resetFilters, statusShown, toListQuery, type EventFilters } from './filters';
import { SalesActions } from './SalesActions';
import { SearchBox } from './SearchBox';
import type { EventsScreenProps } from './types';
import { useEventPages } from './useEventPages';
import { getEvent } from '../../../lib/api/events';
import { $campaignChange } from '../../../stores/campaignChanges';
import styles from './Toolbar.module.css';

const FILTERS_PANEL_ID = 'events-filters';

// The filters (with their calendar and venue lists) are not needed for the first paint; they load
// when the button is pointed at or used, keeping the page within its JavaScript budget.
const loadFiltersPanel = () => import('./FiltersPanel');
const FiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.FiltersPanel })));

function pageUrl(params: URLSearchParams): string {
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/** Marks history entries the drawer pushed, so closing it can go back instead of stacking entries. */
const DRAWER_ENTRY = 'encoreEventDrawer';
const isDrawerEntry = () => Boolean((history.state as Record<string, unknown> | null)?.[DRAWER_ENTRY]);

/**
 * What differs between the events list (spec 1 §2.9) and its campaigns variant (spec 2 §2 Routes):
 * where rows and narrow-screen drawer links lead, at which widths the drawer exists, and what the
 * drawer shows. The list, filters, search and URL handling are the same code for both.
 */
export interface ListVariant {
  /** The list page's own path: a drawer link without an event goes back to it. */
  path: string;
  rowHref: (eventId: string) => string;
  /** Where a drawer link goes on a narrow screen (null: it is not a drawer link). */
  mobileRoute: (state: DrawerState, params: URLSearchParams) => string | null;
  isNarrow: (width: number) => boolean;
  /** Whether a row click at this width opens the drawer (otherwise the row's link is followed). */
  rowOpensDrawer: (width: number) => boolean;
  /** The drawer itself, rendered on wide screens only. */
  drawer: (args: { eventId: string | null; onClose: () => void; onStatusChange: (eventId: string, status: FrontendStatus) => void }) => ReactNode;
  /** The sales export/import and add-event actions (the events page's toolbar). */
  showActions: boolean;
}

export function ListScreen(props: Omit<EventsScreenProps, 'i18n'> & { variant?: ListVariant }) {
  const { t } = useTranslation();
  const variant = props.variant ?? eventsVariant(props);
  const { today } = props;
  const [filters, setFilters] = useState<EventFilters>(() => filtersFromSearch(new URLSearchParams(props.search), today));
  const [drawer, setDrawer] = useState<DrawerState>(() => readDrawer(new URLSearchParams(props.search)));
  const drawerRef = useRef(drawer);
  drawerRef.current = drawer;
  // The width decides between drawer and mobile route; the server cannot know it.
  const [wide, setWide] = useState<boolean | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);

  const query = useMemo(() => toListQuery(filters, today), [filters, today]);
  const pages = useEventPages(query, props.initial);
  const count = activeFilterCount(filters);
  // A campaign published in the drawer: the event's row shows its new campaign state at once.
  const updateItem = useRef(pages.updateItem);
  updateItem.current = pages.updateItem;
  useEffect(
    () =>
      $campaignChange.listen((change) => {
        if (!change) return;
        getEvent(change.eventId).then(
          (item) => updateItem.current(change.eventId, item),
          () => undefined,
        );
      }),
    [],
  );

  const applyFilters = useCallback((next: EventFilters) => {
    setFilters(next);
    history.replaceState(history.state, '', pageUrl(filtersToSearch(next, new URLSearchParams(location.search))));
  }, []);

  // spec 1 §2.9: below 991 px a drawer link goes to the mobile route (without an event, to /events);
  // at or above it a drawer link without an event just loses its drawer parameters.
  const followDrawerLink = useCallback((): boolean => {
    const params = new URLSearchParams(location.search);
    const state = readDrawer(params);
    if (!state.open) return false;
    if (variant.isNarrow(window.innerWidth)) {
      location.replace(variant.mobileRoute(state, params) ?? variant.path);
      return true;
    }
    if (!state.eventId) {
      const closed = withoutDrawer(params);
      history.replaceState(null, '', pageUrl(closed));
      setDrawer(readDrawer(closed));
    }
    return false;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onWidth = () => {
      const narrow = variant.isNarrow(window.innerWidth);
      setWide(!narrow);
      if (narrow) followDrawerLink();
    };
    setWide(!variant.isNarrow(window.innerWidth));
    followDrawerLink();
    const onPopState = () => {
      // Closing walks back over every entry the drawer session pushed (opening it, and e.g. the
      // detail's sales panel), so Back afterwards leaves the list instead of reopening the drawer.
      if (closing.current) {
        if (isDrawerEntry()) return history.back();
        closing.current = false;
      }
      const params = new URLSearchParams(location.search);
      setFilters(filtersFromSearch(params, today));
      setDrawer(readDrawer(params));
      followDrawerLink();
    };
    window.addEventListener('resize', onWidth);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('resize', onWidth);
      window.removeEventListener('popstate', onPopState);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followDrawerLink, today]);

  const openEvent = (event: EventItem, click: MouseEvent<HTMLAnchorElement>) => {
    // New tab, new window, download: the browser follows the link to the event page.
    if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
    // At or below 975 px the row navigates (spec 1 §2.9). Between 976 and 990 px a drawer link
    // would be sent on to the mobile route anyway (spec 3 "Routes"), so the row goes there directly.
    if (!variant.rowOpensDrawer(window.innerWidth) || variant.isNarrow(window.innerWidth)) return;
    click.preventDefault();
    const params = withDrawer(new URLSearchParams(location.search), event.id);
    history.pushState({ [DRAWER_ENTRY]: true }, '', pageUrl(params));
    setDrawer(readDrawer(params));
  };

  const closeDrawer = useCallback(() => {
    if (!drawerRef.current.open) return;
    const closed = withoutDrawer(new URLSearchParams(location.search));
    const state = readDrawer(closed);
    drawerRef.current = state;
    setDrawer(state);
    if (isDrawerEntry()) {
      closing.current = true;
      history.back();
    } else history.replaceState(null, '', pageUrl(closed));
  }, []);

  const onStatusChange = (eventId: string, status: FrontendStatus) => {
    // Archived (or otherwise filtered-out) events leave the list unless their status is shown.
    pages.updateItem(eventId, statusShown(status, filters) ? { frontend_status: status } : null);
    // spec 1 §4.3: archiving returns to the bare path.
    if (status === 'HIDDEN') closeDrawer();
  };

  const closeFilters = () => {
    setFiltersOpen(false);
    filtersButton.current?.focus();
  };
  const onPanelKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // A calendar popover is portalled out of the panel but its keys still bubble here through
    // React: its Escape closes only the calendar.
    if (e.key === 'Escape' && !e.defaultPrevented && e.currentTarget.contains(e.target as Node)) {
      e.preventDefault();
      closeFilters();
    }
  };

  const drawerEventId = wide && drawer.open ? drawer.eventId : null;

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.findRow}>
          <SearchBox value={filters.q} onSearch={(q) => q !== filters.q && applyFilters({ ...filters, q })} />
          <button
            ref={filtersButton}
            type="button"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={FILTERS_PANEL_ID}
            onPointerEnter={() => void loadFiltersPanel()}
            onFocus={() => void loadFiltersPanel()}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <Icon name="filter" size={18} />
            {t('events.filters.toggle')}
            {count > 0 && (
              <span className={styles.countBadge}>
                <span aria-hidden="true">{count}</span>
                <span className="visually-hidden">{t('events.filters.activeCount', { count })}</span>
              </span>
            )}
          </button>
        </div>
        {variant.showActions && (
          <div className={styles.actions}>
            {!props.simpleUser && (
              <SalesActions query={query} currency={props.currency} language={props.language} canSales={props.canSales} onImported={pages.reload} />
            )}
            <AddEventMenu allowed={props.canSimulation} single={props.canCreateEvent ?? true} bulk={props.canBulkUpload} />
          </div>
        )}
      </div>

      {filtersOpen && (
        <div onKeyDown={onPanelKeyDown}>
          <Suspense
            fallback={
              <div id={FILTERS_PANEL_ID} className={styles.panelLoading} role="status">
                {t('common.loading')}
              </div>
            }
          >
            <FiltersPanel
              id={FILTERS_PANEL_ID}
              filters={filters}
              today={today}
              simpleUser={props.simpleUser}
              onChange={applyFilters}
              onReset={() => applyFilters(resetFilters(filters))}
              onClose={closeFilters}
            />
          </Suspense>
        </div>
      )}

      <EventList
        pages={pages}
        showTrend={props.showTrend}
        onOpen={openEvent}
        onReset={() => applyFilters(resetFilters(filters))}
        canReset={count > 0}
        rowHref={variant.rowHref}
      />

      {wide && variant.drawer({ eventId: drawerEventId, onClose: closeDrawer, onStatusChange })}
    </>
  );
}

/** spec 1 §2.9: the events page's rows, mobile routes and event-detail drawer. */
function eventsVariant(props: Omit<EventsScreenProps, 'i18n'>): ListVariant {
  return {
    path: '/events',
    rowHref: eventPath,
    mobileRoute: (state) => mobileRoute(state),
    isNarrow,
    rowOpensDrawer,
    showActions: true,
    drawer: ({ eventId, onClose, onStatusChange }) => (
      <EventDrawer
        eventId={eventId}
        detailI18n={props.detailI18n}
        canSales={props.canSales}
        canSimulation={props.canSimulation}
        canCampaigns={props.canCampaigns}
        onClose={onClose}
        onStatusChange={onStatusChange}
      />
    ),
  };
}

export default function EventsScreen({ i18n, ...props }: EventsScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <ListScreen {...props} />
    </I18nIsland>
  );
}
