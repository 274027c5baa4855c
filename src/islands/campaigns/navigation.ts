// URL rules of the campaigns side (spec 2 §2 Routes, §9 breakpoints): the recommendations drawer on
// the campaigns list, the recommendations page for narrow screens, the full-page ITC form, and the
// `itc` query parameter that opens the regeneration flow.
import type { DrawerState } from '../events/list/drawerUrl';
import { OPEN_INCLUDED_PARAM, wantsIncludedEvents } from '../../lib/campaigns/included-events';
import { WIDE_MIN_PX, drawerHref, eventPageHref } from '../events/detail/navigation';

/** spec 2 §9: the drawer exists above 991 px; at 991 px and below its links go to /campaigns/{id}. */
export const CAMPAIGNS_NARROW_MAX = 991;
/** spec 2 §2: below 1000 px the ITC modal is replaced by /campaigns/{id}/itc. */
export const ITC_MODAL_MIN = 1000;
/** The query parameter that opens the ITC flow (or, later, the cancel-setup prompt). */
export const ITC_PARAM = 'itc';

export const isCampaignsNarrow = (width: number) => width <= CAMPAIGNS_NARROW_MAX;
export const itcNeedsPage = (width: number) => width < ITC_MODAL_MIN;

const enc = encodeURIComponent;

export const recommendationsPath = (eventId: string) => `/campaigns/${enc(eventId)}`;
export const itcPagePath = (eventId: string) => `/campaigns/${enc(eventId)}/itc`;

/**
 * /campaigns?drawer-open=true&event-id={id}, optionally with itc=true (opens the ITC flow) or
 * open_included_events=true (the statistics tab with its included events open).
 */
export function campaignsDrawerHref(eventId: string, opts: { itc?: boolean; includedEvents?: boolean } = {}): string {
  const params = new URLSearchParams({ 'drawer-open': 'true', 'event-id': eventId });
  if (opts.itc) params.set(ITC_PARAM, 'true');
  if (opts.includedEvents) params.set(OPEN_INCLUDED_PARAM, 'true');
  return `/campaigns?${params}`;
}

/** The flags of a campaign page or drawer URL that survive the switch between the two. */
export function campaignFlags(params: URLSearchParams): { itc: boolean; includedEvents: boolean } {
  return { itc: wantsItc(params), includedEvents: wantsIncludedEvents(params) };
}

/** The itc parameter is a flag: present and not 'false'/'0'. */
export function wantsItc(params: URLSearchParams): boolean {
  const v = params.get(ITC_PARAM);
  return v !== null && v !== 'false' && v !== '0';
}

/**
 * Where a campaigns drawer link goes on a narrow screen: the recommendations page, keeping the itc
 * and open_included_events flags; without an event, the list. Null when the drawer is not open.
 */
export function campaignsMobileRoute(state: DrawerState, params: URLSearchParams): string | null {
  if (!state.open) return null;
  if (!state.eventId) return '/campaigns';
  const flags = campaignFlags(params);
  const keep = new URLSearchParams();
  if (flags.itc) keep.set(ITC_PARAM, 'true');
  if (flags.includedEvents) keep.set(OPEN_INCLUDED_PARAM, 'true');
  const query = keep.toString();
  return recommendationsPath(state.eventId) + (query ? `?${query}` : '');
}

/** The way into an event's recommendations from elsewhere (the event detail's campaigns tab). */
export function recommendationsHref(eventId: string, width: number): string {
  return isCampaignsNarrow(width) ? recommendationsPath(eventId) : campaignsDrawerHref(eventId);
}

/**
 * spec 2 §2 Routes: the events drawer when the lookout flag is on and the event is no product, else
 * campaigns. With the screen's `width` a narrow screen goes straight to the page the drawer link
 * would hand over to (/events/{id}, /campaigns/{id}): one page load instead of two.
 */
export function returnAfterEdit(opts: { id: string; category: string; lookout: boolean; width?: number }): string {
  const narrow = opts.width !== undefined && opts.width < WIDE_MIN_PX;
  if (opts.lookout && opts.category !== 'product') return narrow ? eventPageHref(opts.id) : `/events?drawer-open=true&event-id=${enc(opts.id)}`;
  return opts.width === undefined ? campaignsDrawerHref(opts.id) : recommendationsHref(opts.id, opts.width);
}

/**
 * Where an included event of the statistics tab opens (spec 2 §2 Routes): as events open
 * elsewhere, the events drawer on wide screens and /events/{id} on narrow ones. Those pages need
 * lookout; without it the event's campaign recommendations open instead (drawer or page), the
 * campaigns side being what such a viewer can see of an event. `width` 0 gives the narrow link,
 * the anchor's href (whose page itself hands over to the drawer on a wide screen).
 */
export function includedEventHref(eventId: string, opts: { lookout: boolean; width: number }): string {
  if (!opts.lookout) return recommendationsHref(eventId, opts.width);
  return opts.width >= WIDE_MIN_PX ? drawerHref(eventId) : eventPageHref(eventId);
}
