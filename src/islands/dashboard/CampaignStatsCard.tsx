// spec 1 §2.8 active-campaign statistics (GET /campaigns/fb/stats), in the partner's currency.
// spec 1 §9: return on ad spend as a whole percentage; purchases and revenue never negative. A
// failure, or a viewer without the campaigns permission, gets the empty state (spec 1 §8).
import { useTranslation } from '../../lib/i18n/react';
import type { CampaignStats } from '../../lib/contracts/events';
import { EmptyState } from '../ui/EmptyState';
import { formatCount, formatMoney } from '../events/detail/format';
import { nonNegative, roasPercent } from './importance';
import styles from './Dashboard.module.css';

export function CampaignStatsCard({ stats, lng }: { stats: CampaignStats | null; lng: string }) {
  const { t } = useTranslation();
  if (!stats) return <EmptyState compact icon="megaphone" message={t('dashboard.campaignStats.empty')} />;
  const roas = roasPercent(stats.roas);
  const figures: [string, string][] = [
    ['activeCampaigns', formatCount(stats.total_active_campaigns, lng)],
    ['activeAdsets', formatCount(stats.total_active_adsets, lng)],
    ['spend', formatMoney(nonNegative(stats.sum_total_spend), stats.currency, lng)],
    ['purchases', formatCount(nonNegative(stats.purchases), lng)],
    ['revenue', formatMoney(nonNegative(stats.revenue), stats.currency, lng)],
    ['roas', roas == null ? '–' : `${formatCount(roas, lng)}${lng === 'de' ? '\u00a0' : ''}%`],
  ];
  return (
    <>
      <dl className={styles.stats} data-testid="campaign-stats">
        {figures.map(([key, value]) => (
          <div key={key} className={styles.stat}>
            <dt>{t(`dashboard.campaignStats.${key}`)}</dt>
            <dd data-stat={key}>{value}</dd>
          </div>
        ))}
      </dl>
      {stats.total_active_campaigns === 0 ? (
        <p className={styles.count}>{t('dashboard.campaignStats.none')}</p>
      ) : (
        <p className={styles.count} data-testid="campaign-stats-reported">
          {t('dashboard.campaignStats.reported')}
        </p>
      )}
    </>
  );
}
