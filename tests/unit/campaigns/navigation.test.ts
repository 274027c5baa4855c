import { describe, expect, it } from 'vitest';
import { campaignFlags, campaignsDrawerHref, campaignsMobileRoute, includedEventHref, isCampaignsNarrow, itcNeedsPage, recommendationsHref, returnAfterEdit, wantsItc } from '../../../src/islands/campaigns/navigation';
import { readDrawer } from '../../../src/islands/events/list/drawerUrl';

const at = (search: string) => {
  const params = new URLSearchParams(search);
  return campaignsMobileRoute(readDrawer(params), params);
};

describe('campaigns navigation', () => {
  it('draws the breakpoints of spec 2 §9', () => {
    expect(isCampaignsNarrow(991)).toBe(true);
    expect(isCampaignsNarrow(992)).toBe(false);
    expect(itcNeedsPage(999)).toBe(true);
    expect(itcNeedsPage(1000)).toBe(false);
  });
  it('sends narrow drawer links to the page, keeping itc', () => {
    expect(at('drawer-open=true&event-id=e1')).toBe('/campaigns/e1');
    expect(at('drawer-open=true&event-id=e%2F1&itc=true')).toBe('/campaigns/e%2F1?itc=true');
    expect(at('drawer-open=true')).toBe('/campaigns');
    expect(at('event-id=e1')).toBeNull();
  });
  it('keeps open_included_events between the page and the drawer (the PDF report links to it)', () => {
    expect(at('drawer-open=true&event-id=e1&open_included_events=true')).toBe('/campaigns/e1?open_included_events=true');
    expect(at('drawer-open=true&event-id=e1&itc=true&open_included_events=true')).toBe('/campaigns/e1?itc=true&open_included_events=true');
    expect(campaignsDrawerHref('e1', campaignFlags(new URLSearchParams('open_included_events=true')))).toBe('/campaigns?drawer-open=true&event-id=e1&open_included_events=true');
    expect(campaignsDrawerHref('e1', campaignFlags(new URLSearchParams('other=1')))).toBe('/campaigns?drawer-open=true&event-id=e1');
  });
  it('opens an included event as events open elsewhere: the drawer on wide screens, the page on narrow ones', () => {
    expect(includedEventHref('e1', { lookout: true, width: 1440 })).toBe('/events/?drawer-open=true&event-id=e1');
    expect(includedEventHref('e1', { lookout: true, width: 991 })).toBe('/events/?drawer-open=true&event-id=e1');
    expect(includedEventHref('e1', { lookout: true, width: 990 })).toBe('/events/e1');
    expect(includedEventHref('e1', { lookout: true, width: 0 })).toBe('/events/e1');
    // Without lookout the events pages are closed: the event's campaign side instead.
    expect(includedEventHref('e1', { lookout: false, width: 1440 })).toBe('/campaigns?drawer-open=true&event-id=e1');
    expect(includedEventHref('e1', { lookout: false, width: 0 })).toBe('/campaigns/e1');
  });
  it('reads itc as a flag', () => {
    expect(wantsItc(new URLSearchParams('itc'))).toBe(true);
    expect(wantsItc(new URLSearchParams('itc=1'))).toBe(true);
    expect(wantsItc(new URLSearchParams('itc=false'))).toBe(false);
    expect(wantsItc(new URLSearchParams(''))).toBe(false);
  });
  it('builds the drawer, page and return links', () => {
    expect(campaignsDrawerHref('e1', { itc: true })).toBe('/campaigns?drawer-open=true&event-id=e1&itc=true');
    expect(recommendationsHref('e1', 800)).toBe('/campaigns/e1');
    expect(recommendationsHref('e1', 1440)).toBe('/campaigns?drawer-open=true&event-id=e1');
    expect(returnAfterEdit({ id: 'e1', category: 'opera', lookout: true })).toBe('/events?drawer-open=true&event-id=e1');
    expect(returnAfterEdit({ id: 'e1', category: 'product', lookout: true })).toBe('/campaigns?drawer-open=true&event-id=e1');
  });
});
