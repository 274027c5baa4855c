// A cluster's read-only summary (spec 2 §2 "A read-only summary of a running campaign shows
// keywords, body, headline, media, destination URL, call to action, audience, geo-targeting and
// description"): the wizard's Summary step and the campaign list of a running campaign.
import type { Creative, Targeting } from '../../../lib/contracts/setup-process';
import type { TopicKeyword } from '../../../lib/contracts/taste-clusters';
import { useTranslation } from '../../../lib/i18n/react';
import { clusterAudienceNoteKey, type CampaignClusterAudience } from '../../../lib/campaigns/cluster-audience';
import { CreativeSummary } from './creative/CreativeSummary';
import styles from './Wizard.module.css';
import { formatCount } from '../../events/detail/format';

/** A cluster: the creative form's own read-only summary, then its targeting and disabled variations. */
export function ClusterSummary({ creative: c, targeting, alias, keywords, adAccount, disabled, clusterAudience = null, titled = true }: { creative: Creative; targeting: Targeting; alias: string; keywords: TopicKeyword[]; adAccount: string | null; disabled: number; /** a running campaign's taste-cluster audience (issue 22) */ clusterAudience?: CampaignClusterAudience | null; /** false where a heading already names the cluster */ titled?: boolean }) {
  const { t, i18n } = useTranslation();
  const geo = (() => {
    if (targeting.targeting_mode === 'postal_codes') {
      const codes = Object.values(targeting.postal_codes).flat();
      return t('campaigns.wizard.summary.geoPostal', { count: codes.length, countries: Object.keys(targeting.postal_codes).join(', ') });
    }
    if (targeting.targeting_mode === 'range_locations' && targeting.range_locations) {
      const r = targeting.range_locations;
      return [...r.included.map((l) => `+ ${l.name}${l.kilometer_range ? ` (${l.kilometer_range} km)` : ''}`), ...r.excluded.map((l) => `− ${l.name}`)].join(', ');
    }
    return targeting.targeting_mode ? t(`campaigns.wizard.summary.modes.${targeting.targeting_mode}`) : '—';
  })();
  return (
    <section className={styles.clusterSummary} aria-label={alias} data-testid="cluster-summary">
      {titled && <h4>{alias}</h4>}
      <CreativeSummary creative={c} keywords={keywords} adAccountAssetId={adAccount} clusterAudience={clusterAudience?.kind === 'custom_audience'} />
      <dl className={styles.summaryGrid}>
        <dt>{t('campaigns.wizard.summary.geo')}</dt>
        <dd data-testid="summary-geo">{geo}</dd>
        {clusterAudience && (
          <>
            <dt>{t('campaigns.wizard.summary.clusterAudience.label')}</dt>
            <dd data-testid="summary-cluster-audience" data-kind={clusterAudience.kind}>
              {t(clusterAudienceNoteKey(clusterAudience), { count: clusterAudience.members, members: formatCount(clusterAudience.members, i18n.language), minimum: clusterAudience.kind === 'too_few_members' ? formatCount(clusterAudience.minimum, i18n.language) : '' })}
            </dd>
          </>
        )}
        <dt>{t('campaigns.wizard.summary.age')}</dt>
        <dd>
          {targeting.age_range.min}–{targeting.age_range.max >= 65 ? '65+' : targeting.age_range.max}
        </dd>
        {disabled > 0 && (
          <>
            <dt>{t('campaigns.wizard.summary.disabled')}</dt>
            <dd data-testid="summary-disabled">{disabled}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
