// The read-only summary of a creative (spec 2 §2 Campaign creative form: keywords, body, headline,
// media, destination URL, call to action, audience and description), for the wizard's Summary step
// and a running campaign. Blank entries are left out, as on publish.
import type { ReactNode } from 'react';
import type { Creative } from '../../../../lib/contracts/setup-process';
import type { TopicKeyword } from '../../../../lib/contracts/taste-clusters';
import { filled } from '../../../../lib/campaigns/setup-rules';
import { useTranslation } from '../../../../lib/i18n/react';
import { useAudiences } from './AudienceSelect';
import { chipLabel, parseAudienceIds } from './creativeFormRules';
import { useWideScreen } from './useWideScreen';
import styles from './CreativeForm.module.css';

export function CreativeSummary({
  creative,
  keywords = [],
  adAccountAssetId = null,
  clusterAudience = false,
}: {
  creative: Creative;
  keywords?: TopicKeyword[];
  /** Names the chosen audiences; without it their ids are shown. */
  adAccountAssetId?: string | null;
  /** The taste cluster's members are the audience (the cluster summary says so): no "no audience" line. */
  clusterAudience?: boolean;
}) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const audienceIds = parseAudienceIds(creative.audience_id);
  const [audiences] = useAudiences(audienceIds.length ? adAccountAssetId : null);
  const nameOf = (id: string) => (audiences.status === 'ready' ? audiences.items.find((a) => a.id === id)?.name : undefined) ?? id;
  const none = <span className={styles.muted}>{t('campaigns.wizard.creative.summary.none')}</span>;
  const texts = (list: string[]) => {
    const items = filled(list);
    return items.length ? (
      <ol className={styles.summaryList}>
        {items.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ol>
    ) : (
      none
    );
  };

  const all: [string, ReactNode][] = [
    [
      'keywords',
      keywords.length ? (
        <ul className={styles.chips}>
          {keywords.map((k) => (
            <li key={k.keyword} className={styles.tag} title={k.keyword} data-reported={k.is_reported || undefined}>
              {chipLabel(k.keyword, wide)}
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
    ],
    ['body', texts(creative.body)],
    ['headline', texts(creative.headline)],
    [
      'media',
      creative.media.length ? (
        <ul className={styles.summaryMedia}>
          {creative.media.map((m) => (
            <li key={m.id}>
              {m.type.startsWith('image/') ? <img src={m.preview ?? m.url} alt={m.name} width={72} height={72} loading="lazy" /> : <span className={styles.videoTile}>{m.name}</span>}
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
    ],
    ['destination_url', texts(creative.destination_url)],
    ['call_to_action', creative.call_to_action ? t(`campaigns.wizard.creative.cta.names.${creative.call_to_action}`) : none],
    ['audience', audienceIds.length ? audienceIds.map(nameOf).join(', ') : t('campaigns.wizard.creative.summary.noAudience')],
    ['description', creative.description.trim() || none],
  ];
  const rows = all.filter(([key]) => !(key === 'audience' && clusterAudience && !audienceIds.length));

  return (
    <dl className={styles.summary} aria-label={t('campaigns.wizard.creative.summary.title')} data-testid="creative-summary">
      {rows.map(([key, value]) => (
        <div key={key} className={styles.summaryRow}>
          <dt>{t(`campaigns.wizard.creative.fields.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
