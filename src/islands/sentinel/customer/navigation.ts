// URL rules of the customer detail (spec 3 §2 "Sentinel page", "Routes"): the drawer on the
// Sentinel page for wide screens, the result page below 991 px, and the switch between them.

/** spec 3 §9 breakpoint: the drawer from 991 px on, the page at 991 px or less redirects there. */
export const WIDE_MIN_PX = 991;
export const WIDE_QUERY = `(min-width: ${WIDE_MIN_PX + 1}px)`;

export function isWide(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(WIDE_QUERY).matches;
}

export function customerDrawerHref(customerId: string): string {
  return `/sentinel/?${new URLSearchParams({ 'drawer-open': 'true', 'result-id': customerId })}`;
}

export function customerPageHref(customerId: string): string {
  return `/sentinel/results/${encodeURIComponent(customerId)}`;
}

/** The customer a Sentinel URL opens in the drawer, or null (drawer-open must be 'true'). */
export function drawerCustomerId(search: string): string | null {
  const params = new URLSearchParams(search);
  const id = params.get('result-id');
  return params.get('drawer-open') === 'true' && id ? id : null;
}
