// URL rules of the event drawer and page (spec 1 §2.9–2.10, spec 3 "Routes"): the tab kept in
// `tab`, the sales-update targets, and the edit targets.
import { DATE_ONLY_CATEGORIES } from './format';

export type DetailTab = 0 | 1;

/** `tab` query parameter: 1 = campaigns, anything else the details (0). */
export function tabFromSearch(search: string): DetailTab {
  return new URLSearchParams(search).get('tab') === '1' ? 1 : 0;
}

/** The same URL with `tab` set; other parameters (event-id, drawer-open, filters) stay. */
export function withTab(href: string, tab: DetailTab): string {
  const url = new URL(href, 'http://x');
  url.searchParams.set('tab', String(tab));
  return url.pathname + url.search + url.hash;
}

/** Drawer values of update-sales and the mobile route segments they map to. */
export const UPDATE_SALES = { SALESSUMMARY: 'sales_summary', DOCUMENTUPLOAD: 'document_upload' } as const;
export type UpdateSalesMode = keyof typeof UPDATE_SALES;

/** spec 3: the drawer value is case-insensitive; the mobile segment is snake_case. */
export function parseUpdateSales(value: string | null | undefined): UpdateSalesMode | null {
  if (!value) return null;
  const v = value.toUpperCase().replace(/[^A-Z]/g, '');
  return v === 'SALESSUMMARY' || v === 'DOCUMENTUPLOAD' ? v : null;
}

/** The drawer URL with update-sales set (the list page's drawer opens the panel from it). */
export function withUpdateSales(href: string, mode: UpdateSalesMode): string {
  const url = new URL(href, 'http://x');
  url.searchParams.set('update-sales', mode);
  return url.pathname + url.search + url.hash;
}

export function mobileUpdateSalesHref(eventId: string, mode: UpdateSalesMode): string {
  return `/events/${encodeURIComponent(eventId)}/update-sales/${UPDATE_SALES[mode]}`;
}

export function eventPageHref(eventId: string, tab?: DetailTab): string {
  return `/events/${encodeURIComponent(eventId)}${tab ? `?tab=${tab}` : ''}`;
}

export function drawerHref(eventId: string, tab?: DetailTab): string {
  const params = new URLSearchParams({ 'drawer-open': 'true', 'event-id': eventId });
  if (tab !== undefined) params.set('tab', String(tab));
  return `/events/?${params}`;
}

/** spec 3 "Routes": at 991 px and above the mobile sales route opens the drawer's panel instead. */
export function desktopUpdateSalesHref(eventId: string, mode: UpdateSalesMode): string {
  const params = new URLSearchParams({ 'event-id': eventId, 'drawer-open': 'true', 'update-sales': mode });
  return `/events?${params}`;
}

/** spec 3 "Event editor": product-category events are edited on the campaign side. */
export function editHref(event: { eid: string; category: string }): string {
  const eid = encodeURIComponent(event.eid);
  return event.category === 'product' ? `/campaigns/edit/${eid}` : `/events/edit/${eid}`;
}

/** spec 1 §2.10 header: manually added (simulated) events carry '-sim-' in their id. */
export function isManualEvent(id: string): boolean {
  return id.includes('-sim-');
}

export function isDateOnly(category: string): boolean {
  return DATE_ONLY_CATEGORIES.includes(category);
}

/** spec 1 §9 breakpoint: the drawer from 991 px on, the page below. */
export const WIDE_MIN_PX = 991;
export function isWide(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(min-width: ${WIDE_MIN_PX}px)`).matches;
}

/** The URL without the sales panel (the detail shows again). */
export function withoutUpdateSales(href: string): string {
  const url = new URL(href, 'http://x');
  url.searchParams.delete('update-sales');
  return url.pathname + url.search + url.hash;
}

/** Set on the event page after the phone's sales route saved: the page notifies and refreshes. */
export const SALES_ADDED_PARAM = 'sales-added';
/**
 * The forecast's computed_at from before the phone's sales were saved: the event page loads after
 * the save, possibly after the recompute has landed, and must not wait for a change already made.
 */
export const FORECAST_SINCE_PARAM = 'forecast-since';
