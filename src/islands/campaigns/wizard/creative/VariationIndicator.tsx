// The variation indicator (spec 2 §5): headlines × bodies × media against the threshold of 50, the
// percentage capped at 100, and its band (insufficient below 75 %, sufficient below 96 %, perfect).
import type { Creative } from '../../../../lib/contracts/setup-process';
import { VARIATION } from '../../../../lib/campaigns/setup-constants';
import { filled, variationIndicator } from '../../../../lib/campaigns/setup-rules';
import { useTranslation } from '../../../../lib/i18n/react';
import styles from './CreativeForm.module.css';

export function VariationIndicator({ creative }: { creative: Pick<Creative, 'headline' | 'body' | 'media'> }) {
  const { t } = useTranslation();
  const { count, percent, band } = variationIndicator(creative);
  const label = t('campaigns.wizard.creative.variations.label');
  return (
    <div role="group" className={styles.variations} data-band={band} aria-label={label} data-testid="variation-indicator">
      <div className={styles.variationsHead}>
        <span className={styles.label}>{label}</span>
        <span className={styles.variationsBand}>{t(`campaigns.wizard.creative.variations.${band}`)}</span>
      </div>
      {/* A native progress bar: a width in a style attribute would be refused by the CSP. */}
      <progress className={styles.meter} max={100} value={percent} aria-label={label} aria-valuetext={`${percent} %`} />
      <p className={styles.hint}>
        {t('campaigns.wizard.creative.variations.formula', {
          headlines: filled(creative.headline).length,
          bodies: filled(creative.body).length,
          media: creative.media.length,
          count,
          threshold: VARIATION.threshold,
        })}{' '}
        {t('campaigns.wizard.creative.variations.explain', { threshold: VARIATION.threshold })}
      </p>
    </div>
  );
}
