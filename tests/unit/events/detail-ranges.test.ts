// spec 1 §9 transaction ranges (14 and 56 days, manual adjustments padded by 2 days) and the
// detail's date-range select (1 year … 1 week ahead).
import { describe, expect, it } from 'vitest';
import type { DailyRevenueSummary } from '../../../src/lib/contracts/events';
import {
  aheadUntil,
  MANUAL_ADJUSTMENT_PADDING_MS,
  transactionSeries,
  transactionWindow,
  upcomingWithin,
} from '../../../src/islands/events/detail/ranges';
import { percentAxisMax } from '../../../src/islands/events/detail/format';
import { drawerHref, desktopUpdateSalesHref, editHref, isManualEvent, mobileUpdateSalesHref, parseUpdateSales, tabFromSearch, withTab } from '../../../src/islands/events/detail/navigation';

const day = (date: string, tickets: number, revenue = tickets * 10) => ({
  date,
  revenue: { total: revenue, parts: {} },
  number_of_tickets: { total: tickets, parts: {} },
});
const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);
const NOW = new Date('2026-11-22T10:00:00Z');

describe('transactionWindow', () => {
  it('ends today for an upcoming event and on the event day for a past one', () => {
    expect(transactionWindow('all', '2026-12-02', NOW)).toEqual({ start: null, end: '2026-11-22' });
    expect(transactionWindow('all', '2026-10-01', NOW)).toEqual({ start: null, end: '2026-10-01' });
  });
  it('spans 14 and 56 days including the last day', () => {
    expect(transactionWindow('twoWeeks', '2026-12-02', NOW)).toEqual({ start: '2026-11-09', end: '2026-11-22' });
    expect(transactionWindow('twoMonths', '2026-12-02', NOW)).toEqual({ start: '2026-09-28', end: '2026-11-22' });
  });
});

describe('transactionSeries', () => {
  const summary: DailyRevenueSummary = {
    currency: 'EUR',
    summaries: [day('2026-11-20', 5), day('2026-07-04', 3), day('2026-11-01', 2)],
    manual_adjustments: [day('2026-11-15', 40)],
  };
  it('keeps the days inside the window, oldest first, sales and manual apart', () => {
    const s = transactionSeries(summary, transactionWindow('twoWeeks', '2026-12-02', NOW));
    expect(s.sales.map((p) => p.day)).toEqual(['2026-11-20']);
    expect(s.manual).toEqual([{ day: '2026-11-15', tickets: 40, revenue: 400 }]);
    const all = transactionSeries(summary, transactionWindow('all', '2026-12-02', NOW));
    expect(all.sales.map((p) => p.day)).toEqual(['2026-07-04', '2026-11-01', '2026-11-20']);
  });
  it('pads the axis by two days around manual adjustments', () => {
    const onlyManual = transactionSeries({ currency: 'EUR', summaries: [day('2026-11-15', 1)], manual_adjustments: [day('2026-11-15', 4)] }, { start: null, end: '2026-11-22' });
    expect(onlyManual.xMin).toBe(ms('2026-11-15') - MANUAL_ADJUSTMENT_PADDING_MS);
    expect(onlyManual.xMax).toBe(ms('2026-11-15') + MANUAL_ADJUSTMENT_PADDING_MS);
    expect(MANUAL_ADJUSTMENT_PADDING_MS).toBe(2 * 86_400_000);
  });
  it('shows a fixed range at full width and nothing when it is empty', () => {
    const s = transactionSeries({ currency: 'EUR', summaries: [day('2026-11-20', 1)], manual_adjustments: [] }, transactionWindow('twoWeeks', '2026-12-02', NOW));
    expect(s.xMin).toBe(ms('2026-11-09'));
    expect(s.xMax).toBe(ms('2026-11-22'));
    expect(transactionSeries({ currency: 'EUR', summaries: [], manual_adjustments: [] }, { start: null, end: '2026-11-22' })).toEqual({ sales: [], cumulative: [], manual: [], xMin: null, xMax: null });
  });
});

describe('date-range select', () => {
  it('reaches 1 year, 3 months, 1 month, 2 weeks and 1 week ahead', () => {
    expect(aheadUntil('oneYear', NOW)).toBe('2027-11-22');
    expect(aheadUntil('threeMonths', NOW)).toBe('2027-02-22');
    expect(aheadUntil('oneMonth', NOW)).toBe('2026-12-22');
    expect(aheadUntil('twoWeeks', NOW)).toBe('2026-12-06');
    expect(aheadUntil('oneWeek', NOW)).toBe('2026-11-29');
  });
  it('keeps upcoming dates within the range, soonest first', () => {
    const items = [
      { id: 'c', start_date_time: '2026-12-20T19:00:00Z' },
      { id: 'past', start_date_time: '2026-11-21T19:00:00Z' },
      { id: 'a', start_date_time: '2026-11-22T19:00:00Z' },
      { id: 'b', start_date_time: '2026-11-29T23:59:00Z' },
      { id: 'far', start_date_time: '2028-01-01T19:00:00Z' },
    ];
    expect(upcomingWithin(items, 'oneWeek', NOW).map((e) => e.id)).toEqual(['a', 'b']);
    expect(upcomingWithin(items, 'oneYear', NOW).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('percent axis', () => {
  it('ends at the next ten above the data, at least 10', () => {
    expect(percentAxisMax([3, null, 7])).toBe(10);
    expect(percentAxisMax([41.2, 12])).toBe(50);
    expect(percentAxisMax([100])).toBe(100);
    expect(percentAxisMax([])).toBe(10);
  });
});

describe('detail URLs', () => {
  it('reads and writes the tab without touching other parameters', () => {
    expect(tabFromSearch('?tab=1')).toBe(1);
    expect(tabFromSearch('?tab=0')).toBe(0);
    expect(tabFromSearch('?tab=7')).toBe(0);
    expect(withTab('/events?drawer-open=true&event-id=e1&q=x', 1)).toBe('/events?drawer-open=true&event-id=e1&q=x&tab=1');
  });
  it('maps the drawer sales modes to the mobile routes, case-insensitively', () => {
    expect(parseUpdateSales('salessummary')).toBe('SALESSUMMARY');
    expect(parseUpdateSales('DocumentUpload')).toBe('DOCUMENTUPLOAD');
    expect(parseUpdateSales('sales_summary')).toBe('SALESSUMMARY');
    expect(parseUpdateSales('other')).toBeNull();
    expect(mobileUpdateSalesHref('e1', 'SALESSUMMARY')).toBe('/events/e1/update-sales/sales_summary');
    expect(desktopUpdateSalesHref('e1', 'DOCUMENTUPLOAD')).toBe('/events?event-id=e1&drawer-open=true&update-sales=DOCUMENTUPLOAD');
    expect(drawerHref('e1', 1)).toBe('/events/?drawer-open=true&event-id=e1&tab=1');
  });
  it('edits product events on the campaign side and spots manual events', () => {
    expect(editHref({ eid: 'TIX-1', category: 'opera' })).toBe('/events/edit/TIX-1');
    expect(editHref({ eid: 'TIX-1', category: 'product' })).toBe('/campaigns/edit/TIX-1');
    expect(isManualEvent('e1001-sim-3')).toBe(true);
    expect(isManualEvent('e1001-00003')).toBe(false);
  });
});

describe('revenue to date', () => {
  it('counts from the first sale ever, manual adjustments included, even in a narrow window', () => {
    const s = transactionSeries(
      { currency: 'EUR', summaries: [day('2026-07-04', 3, 30), day('2026-11-20', 5, 50)], manual_adjustments: [day('2026-11-20', 1, 5)] },
      transactionWindow('twoWeeks', '2026-12-02', NOW),
    );
    expect(s.cumulative).toEqual([{ day: '2026-11-20', revenue: 85 }]);
  });
});
