// The event drawer lives in the events page URL (spec 3 "Routes"):
// /events?drawer-open=true&event-id={id}&tab={0|1}&update-sales={SALESSUMMARY|DOCUMENTUPLOAD}.
// Below 991 px the same link goes to the mobile routes instead.
import { BREAKPOINT_NARROW, BREAKPOINT_ROW_NAVIGATION } from '../../../lib/constants';

export type UpdateSalesMode = 'SALESSUMMARY' | 'DOCUMENTUPLOAD';

export interface DrawerState {
  open: boolean;
  eventId: string | null;
  /** 0 details, 1 campaigns; null when the link names no tab. */
  tab: 0 | 1 | null;
  updateSales: UpdateSalesMode | null;
}

export const DRAWER_KEYS = ['drawer-open', 'event-id', 'tab', 'update-sales'] as const;

/** spec 3: update-sales is case-insensitive. */
export function parseUpdateSales(value: string | null): UpdateSalesMode | null {
  const upper = value?.toUpperCase();
  return upper === 'SALESSUMMARY' || upper === 'DOCUMENTUPLOAD' ? upper : null;
}

export function readDrawer(params: URLSearchParams): DrawerState {
  const tab = params.get('tab');
  return {
    open: params.get('drawer-open') === 'true',
    eventId: params.get('event-id') || null,
    tab: tab === '0' ? 0 : tab === '1' ? 1 : null,
    updateSales: parseUpdateSales(params.get('update-sales')),
  };
}

/** The current parameters with the drawer open on one event (a fresh drawer: no tab, no sales panel). */
export function withDrawer(params: URLSearchParams, eventId: string): URLSearchParams {
  const out = withoutDrawer(params);
  out.set('drawer-open', 'true');
  out.set('event-id', eventId);
  return out;
}

export function withoutDrawer(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of DRAWER_KEYS) out.delete(key);
  return out;
}

/** spec 3 "Routes": the mobile route of the sales update modes. */
const MOBILE_MODE: Record<UpdateSalesMode, string> = { SALESSUMMARY: 'sales_summary', DOCUMENTUPLOAD: 'document_upload' };

/**
 * Where a drawer link goes below 991 px (spec 1 §2.9): /events/{id}, /events/{id}/?tab={n},
 * /events/{id}/update-sales/{mode}; with no event id, /events. Null when the drawer is not open.
 */
export function mobileRoute(state: DrawerState): string | null {
  if (!state.open) return null;
  if (!state.eventId) return '/events';
  const base = `/events/${encodeURIComponent(state.eventId)}`;
  if (state.updateSales) return `${base}/update-sales/${MOBILE_MODE[state.updateSales]}`;
  if (state.tab !== null) return `${base}/?tab=${state.tab}`;
  return base;
}

/** Below 991 px the drawer has no place: its links go to the mobile routes. */
export function isNarrow(width: number): boolean {
  return width < BREAKPOINT_NARROW;
}

/** spec 1 §2.9: an event row opens the drawer above 975 px, otherwise it navigates. */
export function rowOpensDrawer(width: number): boolean {
  return width > BREAKPOINT_ROW_NAVIGATION;
}

export function eventPath(eventId: string): string {
  return `/events/${encodeURIComponent(eventId)}`;
}
