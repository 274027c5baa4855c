// A campaign report's input as the statistics tab's calls answer it: an FD campaign with a series
// of five dates (three beyond the two the report lists).
import type { ReportInput, ReportEvent } from '../../../src/server/modules/campaign-report/render';
import type { CampaignResults, FbInsights } from '../../../src/lib/contracts/campaign-results';

const day = (i: number) => new Date(Date.UTC(2026, 10, 10 + i)).toISOString().slice(0, 10);

export function reportEvent(i: number, title = 'Götterdämmerung – Wagner'): ReportEvent {
  return { id: `e1001-0000${i}`, title, start_date_time: `2026-12-${String(10 + i).padStart(2, '0')}T19:30:00.000Z`, category: 'opera', city: 'Köln', hall_name: 'Großer Saal', venue_name: 'Philharmonie' };
}

export function reportInsights(): FbInsights {
  return {
    impressions: 1234567,
    clicks: 12345,
    ad_spend: 1234.56,
    currency: 'EUR',
    start: '2026-11-10T00:00:00.000Z',
    end: '2026-12-09T23:59:59.000Z',
    running_clusters: 3,
    total_ads: 4,
    delivered_through: day(13),
    user_action_required: false,
  };
}

export function reportResults(days = 14): CampaignResults {
  const daily = Array.from({ length: days }, (_, i) => ({
    day: day(i),
    spend: 80 + (i % 3) * 10.5,
    purchases: 3 + (i % 4),
    actual: 10 * (i + 1) + i * 2,
    expected: 9 * (i + 1),
    low: 9 * (i + 1) - 3 - i,
    high: 9 * (i + 1) + 3 + i,
  }));
  return {
    eval_name: 'FD',
    ad_account_id: 'act_1',
    currency: 'EUR',
    event_results: { total_transactions: 1234, total_revenue: 45678.9, cpo: 1.23, roas: 37.12 },
    series_results: { total_transactions: 2345, total_revenue: 87654.3, cpo: 0.53, roas: 71.05 },
    event_interval: { low: 1100, high: 1400 },
    series_interval: { low: 2000, high: 2700 },
    timeframe_too_low: false,
    no_delivery: false,
    evaluated_days: days,
    daily,
    included_event_ids: [1, 2, 3, 4, 5].map((i) => reportEvent(i).id),
  };
}

export function reportInput(over: Partial<ReportInput> = {}): ReportInput {
  return {
    event: reportEvent(1),
    insights: reportInsights(),
    results: reportResults(),
    included: [1, 2, 3, 4, 5].map((i) => reportEvent(i)),
    moreUrl: 'https://encore.example/campaigns/e1001-00001?open_included_events=true',
    language: 'en',
    now: new Date('2026-11-24T13:45:00.000Z'),
    ...over,
  };
}
