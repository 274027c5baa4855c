import { describe, expect, it } from 'vitest';
import { resultsChart } from '../../../src/islands/campaigns/stats/resultsChart';
import type { CampaignResults } from '../../../src/lib/contracts/campaign-results';

const texts = { spend: 'Spend', actual: 'Sold', expected: 'Expected', band: 'Range', tickets: 'Tickets', spendAxis: 'Spend (EUR)' };
const base: CampaignResults = {
  eval_name: 'FD',
  ad_account_id: null,
  currency: 'EUR',
  event_results: { total_transactions: 10, total_revenue: 300, cpo: 12, roas: 2.5 },
  series_results: null,
  event_interval: { low: 6, high: 14 },
  series_interval: null,
  timeframe_too_low: false,
  no_delivery: false,
  evaluated_days: 2,
  daily: [
    { day: '2026-11-25', spend: 60, purchases: 3, actual: 8, expected: 4, low: 3, high: 5.5 },
    { day: '2026-11-26', spend: 64.5, purchases: 4, actual: 19, expected: 9, low: 7, high: 12 },
  ],
  included_event_ids: ['e1'],
};

describe('the statistics chart', () => {
  it('under FD: spend bars on the right axis, sold against expected tickets with the band on the left', () => {
    const spec = resultsChart(base, texts, 'en');
    expect(spec.x).toEqual([Date.parse('2026-11-25T00:00:00Z') / 1000, Date.parse('2026-11-26T00:00:00Z') / 1000]);
    expect(spec.series.map((s) => [s.key, s.scale])).toEqual([['spend', 'y2'], ['actual', 'y'], ['expected', 'y']]);
    expect(spec.series[1]!.values).toEqual([8, 19]);
    expect(spec.bands[0]!.low).toEqual([3, 7]);
    expect(spec.bands[0]!.high).toEqual([5.5, 12]);
    // Axes end on round numbers above the data.
    expect(spec.y.max).toBe(20);
    expect(spec.y2!.max).toBe(100);
    expect(spec.series[0]!.format(64.5, 1)).toBe('€65');
  });

  it('under META and EXTERNAL: spend only, on the main axis, without a band', () => {
    const meta: CampaignResults = { ...base, eval_name: 'META', daily: base.daily.map((d) => ({ ...d, actual: null, expected: null, low: null, high: null })) };
    const spec = resultsChart(meta, texts, 'de');
    expect(spec.series.map((s) => s.key)).toEqual(['spend']);
    expect(spec.series[0]!.scale).toBe('y');
    expect(spec.bands).toEqual([]);
    expect(spec.y2).toBeUndefined();
  });
});
