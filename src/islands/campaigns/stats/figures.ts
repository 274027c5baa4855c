// The statistics panel's figures as text (spec 2 §2 "Campaign statistics panel", issue 22): which
// rows the ads and results blocks show, how each value is written per language, and which note
// the series column carries. Pure, so the panel and the PDF report (src/server/modules/
// campaign-report) print the same figures the same way.
import type { CampaignResults, FbInsights, ResultFigures } from '../../../lib/contracts/campaign-results';
import { formatCount, formatMoney } from '../../events/detail/format';
import { nonNegative, roasPercent } from '../../dashboard/importance';

export type AdFigureKey = 'adSpend' | 'impressions' | 'clicks' | 'runningClusters' | 'totalAds';
export type ResultFigureKey = 'purchases' | 'cpo' | 'revenue' | 'roas';

/** Return on ad spend in percent ('150%', German '150 %'); '–' without spend. */
export function formatRoas(roas: number | null, lng: string): string {
  const p = roasPercent(roas);
  return p == null ? '–' : `${formatCount(p, lng)}${lng === 'de' ? '\u00a0' : ''}%`;
}

/** The ads block: spend, impressions, clicks, running clusters, total ads (keys of campaigns.stats.ads.*). */
export function adFigures(insights: FbInsights, lng: string): [AdFigureKey, string][] {
  return [
    ['adSpend', formatMoney(nonNegative(insights.ad_spend), insights.currency, lng)],
    ['impressions', formatCount(insights.impressions, lng)],
    ['clicks', formatCount(insights.clicks, lng)],
    ['runningClusters', formatCount(insights.running_clusters, lng)],
    ['totalAds', formatCount(insights.total_ads, lng)],
  ];
}

/** One results column (keys of campaigns.stats.figures.*); every value '–' when not shown. */
export function resultFigures(figures: ResultFigures | null, currency: string, lng: string, show: boolean): [ResultFigureKey, string][] {
  const on = show && figures !== null;
  return [
    ['purchases', on ? formatCount(nonNegative(figures!.total_transactions), lng) : '–'],
    ['cpo', on && figures!.cpo != null ? formatMoney(figures!.cpo, currency, lng) : '–'],
    ['revenue', on ? formatMoney(nonNegative(figures!.total_revenue), currency, lng) : '–'],
    ['roas', on ? formatRoas(figures!.roas, lng) : '–'],
  ];
}

/** spec 2 §4, §8: the series column is greyed for EXTERNAL, before delivery, while too short, or without series figures. */
export function seriesDisabled(results: CampaignResults): boolean {
  return results.eval_name === 'EXTERNAL' || results.no_delivery || results.timeframe_too_low || results.series_results === null;
}

/** The note under the series column (a key of campaigns.stats.*), or null. */
export function seriesNoteKey(results: CampaignResults): string | null {
  if (results.eval_name === 'EXTERNAL') return 'campaigns.stats.externalNote';
  if (results.no_delivery) return 'campaigns.stats.noDeliveryNote';
  if (results.timeframe_too_low) return 'campaigns.stats.tooShortNote';
  if (results.eval_name !== 'FD') return 'campaigns.stats.seriesFdOnly';
  if (results.series_results) return 'campaigns.stats.seriesShared';
  return 'campaigns.stats.noSeries';
}
