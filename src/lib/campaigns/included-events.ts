// spec 2 §2 "Campaign statistics panel (event series)": the included events of a campaign — the
// dates whose sales its series figures count — for the statistics tab's accordion and the PDF
// report's list. Which dates are included is decided once, on the server, when the campaign's
// counterfactual is frozen (campaign_results.included_event_ids); what each date looks like comes
// from the series call (GET /events/{id}/series). This is the one join of the two, so the tab and
// the report list the same events in the same order.

/** spec 2 §2 Routes: the campaign page's flag that scrolls to and opens the included events. */
export const OPEN_INCLUDED_PARAM = 'open_included_events';

/** The flag is 'true' (the report's link); anything else leaves the list closed. */
export function wantsIncludedEvents(params: URLSearchParams): boolean {
  return params.get(OPEN_INCLUDED_PARAM) === 'true';
}

/** The campaign page that opens its included events (the report's "more events" link). */
export function includedEventsPath(eventId: string): string {
  return `/campaigns/${encodeURIComponent(eventId)}?${OPEN_INCLUDED_PARAM}=true`;
}

export interface IncludedEvents<T> {
  /** The included dates the series still lists, in the series' order (by date). */
  events: T[];
  /**
   * Included dates the series no longer lists: archived since the campaign was published. Their
   * sales are still counted, so the list says how many there are rather than hiding them.
   */
  unlisted: number;
}

/** The included events among the series' events (`includedIds` from campaign_results). */
export function includedEvents<T extends { id: string }>(series: readonly T[], includedIds: readonly string[]): IncludedEvents<T> {
  const ids = new Set(includedIds);
  const events = series.filter((e) => ids.has(e.id));
  return { events, unlisted: ids.size - events.length };
}
