// The drawer's query parameters and the mobile routes below 991 px (spec 1 §2.9, spec 3 "Routes").
import { describe, expect, it } from 'vitest';
import { isNarrow, mobileRoute, readDrawer, rowOpensDrawer, withDrawer, withoutDrawer } from '../../../src/islands/events/list/drawerUrl';

const read = (search: string) => readDrawer(new URLSearchParams(search));

describe('drawer parameters', () => {
  it('reads event-id, drawer-open, tab and update-sales (any case)', () => {
    expect(read('drawer-open=true&event-id=e1&tab=1&update-sales=salesSummary')).toEqual({
      open: true,
      eventId: 'e1',
      tab: 1,
      updateSales: 'SALESSUMMARY',
    });
    expect(read('event-id=e1&tab=7&update-sales=nope')).toEqual({ open: false, eventId: 'e1', tab: null, updateSales: null });
  });

  it('opens on an event keeping the filters and closes back to them', () => {
    const params = new URLSearchParams('q=Bach&city=Bonn&tab=1');
    const open = withDrawer(params, 'e 7');
    expect(open.toString()).toBe('q=Bach&city=Bonn&drawer-open=true&event-id=e+7');
    expect(withoutDrawer(open).toString()).toBe('q=Bach&city=Bonn');
  });
});

describe('mobile routes', () => {
  it('sends drawer links to the event page, its tab or its sales update', () => {
    expect(mobileRoute(read('drawer-open=true&event-id=e1'))).toBe('/events/e1');
    expect(mobileRoute(read('drawer-open=true&event-id=e1&tab=1'))).toBe('/events/e1/?tab=1');
    expect(mobileRoute(read('drawer-open=true&event-id=e1&update-sales=DOCUMENTUPLOAD'))).toBe('/events/e1/update-sales/document_upload');
    expect(mobileRoute(read('drawer-open=true&event-id=e1&update-sales=salessummary&tab=0'))).toBe('/events/e1/update-sales/sales_summary');
  });

  it('sends a drawer link without an event to /events and leaves closed drawers alone', () => {
    expect(mobileRoute(read('drawer-open=true'))).toBe('/events');
    expect(mobileRoute(read('event-id=e1'))).toBeNull();
  });

  it('uses the 975 and 991 px breakpoints', () => {
    expect(rowOpensDrawer(975)).toBe(false);
    expect(rowOpensDrawer(976)).toBe(true);
    expect(isNarrow(990)).toBe(true);
    expect(isNarrow(991)).toBe(false);
  });
});
