// spec 3 "Routes": the customer drawer lives in the page URL (/sentinel/?drawer-open=true&
// result-id={id}); at 991 px or less the same link goes to /sentinel/results/{id}.
import { BREAKPOINT_NARROW } from '../../lib/constants';

/** The customer id of an open drawer link, or null. */
export function readDrawer(params: URLSearchParams): string | null {
  if (params.get('drawer-open') !== 'true') return null;
  return params.get('result-id') || null;
}

function withSearch(params: URLSearchParams): string {
  const search = params.toString();
  return `/sentinel/${search ? `?${search}` : ''}`;
}

export function drawerUrl(params: URLSearchParams, customerId: string): string {
  const out = new URLSearchParams(params);
  out.set('drawer-open', 'true');
  out.set('result-id', customerId);
  return withSearch(out);
}

export function closeDrawerUrl(params: URLSearchParams): string {
  const out = new URLSearchParams(params);
  out.delete('drawer-open');
  out.delete('result-id');
  return withSearch(out);
}

export const resultPagePath = (customerId: string) => `/sentinel/results/${encodeURIComponent(customerId)}`;

/** spec 3 §2: at 991 px or less a customer opens on its own page. */
export const drawerRedirectsToPage = (width: number) => width <= BREAKPOINT_NARROW;
