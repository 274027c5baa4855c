import { describe, expect, it } from 'vitest';
import type { DailyRevenueSummary } from '../../../src/lib/contracts/events';
import { salesOverview, trendDimmed } from '../../../src/islands/campaigns/insights/salesOverview';

const day = (date: string, tickets: number, revenue: number, parts: Record<string, number> = { regular: tickets }) => ({
  date: `${date}T00:00:00Z`,
  revenue: { total: revenue, parts: {} },
  number_of_tickets: { total: tickets, parts },
});

const summary: DailyRevenueSummary = {
  currency: 'EUR',
  summaries: [day('2026-01-10', 4, 160), day('2026-03-02', 2, 80, { regular: 1, discount: 1 }), day('2026-03-20', 5, 200), day('2027-01-05', 1, 40)],
  manual_adjustments: [day('2026-03-15', 10, 300)],
};
const NOW = new Date('2026-03-25T12:00:00Z');

describe('salesOverview', () => {
  it('shows every day of the eight-week window ending today for an upcoming event', () => {
    const o = salesOverview(summary, 'eightWeeks', 'month', '2026-06-01', NOW);
    expect(o.unit).toBe('day');
    expect(o.columns).toHaveLength(56);
    expect(o.columns[0].start).toBe('2026-01-29');
    expect(o.columns[55].start).toBe('2026-03-25');
    // The sale of 10 January lies outside; manual adjustments count in their column and are markers.
    expect(o.columns.reduce((n, c) => n + c.tickets, 0)).toBe(2 + 5 + 10);
    expect(o.columns.find((c) => c.start === '2026-03-02')?.ticketsByType).toEqual({ regular: 1, discount: 1 });
    expect(o.manual).toEqual([{ day: '2026-03-15', tickets: 10, revenue: 300 }]);
  });

  it('ends the window at the event day for a past event', () => {
    const o = salesOverview(summary, 'twoWeeks', 'month', '2026-03-16', NOW);
    expect(o.columns).toHaveLength(14);
    expect(o.columns[13].start).toBe('2026-03-16');
    expect(o.columns.reduce((n, c) => n + c.tickets, 0)).toBe(10);
  });

  it('groups all sales by month with the empty months between, or by year', () => {
    const byMonth = salesOverview(summary, 'all', 'month', '2027-02-01', NOW);
    expect(byMonth.unit).toBe('month');
    expect(byMonth.columns.map((c) => c.start)[0]).toBe('2026-01-01');
    expect(byMonth.columns).toHaveLength(13);
    expect(byMonth.columns.find((c) => c.start === '2026-03-01')).toMatchObject({ tickets: 17, revenue: 580 });
    expect(byMonth.columns.find((c) => c.start === '2026-02-01')?.tickets).toBe(0);
    const byYear = salesOverview(summary, 'all', 'year', '2027-02-01', NOW);
    expect(byYear.columns.map((c) => [c.start, c.tickets])).toEqual([
      ['2026-01-01', 21],
      ['2027-01-01', 1],
    ]);
  });

  it('has no columns without sales in all', () => {
    expect(salesOverview({ currency: 'EUR', summaries: [], manual_adjustments: [] }, 'all', 'month', '2027-01-01', NOW).columns).toEqual([]);
  });

  it('dims the trend only for capacity 0', () => {
    expect(trendDimmed(0)).toBe(true);
    expect(trendDimmed(1)).toBe(false);
  });
});
