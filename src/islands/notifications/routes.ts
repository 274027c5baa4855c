// spec 1 §2.6: the drawer form /notifications?drawer-open=true&notification-id={id} at wide
// widths, the page /notifications/{id} on narrow ones, and redirects between them.
import { BREAKPOINT_NARROW } from '../../lib/constants';

/** spec 1 §9: the notification drawer needs at least 976 px. */
export const DRAWER_MIN_WIDTH = 976;

export function drawerIdOf(params: URLSearchParams): string | null {
  return params.get('drawer-open') === 'true' ? params.get('notification-id') || null : null;
}

export function drawerSearch(params: URLSearchParams, id: string | null): string {
  const out = new URLSearchParams(params);
  out.delete('drawer-open');
  out.delete('notification-id');
  if (id) {
    out.set('drawer-open', 'true');
    out.set('notification-id', id);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

export const detailPath = (id: string) => `/notifications/${encodeURIComponent(id)}`;
export const drawerPath = (id: string) => `/notifications${drawerSearch(new URLSearchParams(), id)}`;

/** Below 991 px the drawer query goes to the detail page. */
export const drawerRedirectsToPage = (width: number) => width < BREAKPOINT_NARROW;
/** Above 991 px the detail page goes to the drawer form. */
export const pageRedirectsToDrawer = (width: number) => width > BREAKPOINT_NARROW;
/** Where a click on a list item opens it. */
export const opensInDrawer = (width: number) => width >= BREAKPOINT_NARROW && width >= DRAWER_MIN_WIDTH;
