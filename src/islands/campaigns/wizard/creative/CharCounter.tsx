// A text field's counter (spec 2 §5): the colour band of its length and, announced politely, the
// warning when fewer than six characters remain.
import type { CreativeTextField } from '../../../../lib/contracts/setup-process';
import { CREATIVE_TEXT } from '../../../../lib/campaigns/setup-constants';
import { counterBand } from '../../../../lib/campaigns/setup-rules';
import { useTranslation } from '../../../../lib/i18n/react';
import { remainingOf, warnsRemaining } from './creativeFormRules';
import styles from './CreativeForm.module.css';

/** Under a field whose paste was cut to its limit (issue 20): what was kept and what left out. */
export function PasteCutNote({ field, cut, id }: { field: CreativeTextField; cut: number; id: string }) {
  const { t } = useTranslation();
  if (!cut) return null;
  return (
    <p id={id} className={styles.pasteCut} role="status" data-testid="paste-cut">
      {t('campaigns.wizard.creative.shortened', { max: CREATIVE_TEXT[field].max, count: cut })}
    </p>
  );
}

export function CharCounter({ field, length, id }: { field: CreativeTextField; length: number; id: string }) {
  const { t } = useTranslation();
  const band = counterBand(field, length);
  const warn = warnsRemaining(field, length);
  return (
    <span className={styles.counterRow}>
      <span id={id} className={styles.counter} data-band={band ?? undefined}>
        {length}/{CREATIVE_TEXT[field].max}
      </span>
      <span className={styles.counterWarning} aria-live="polite">
        {warn ? t('campaigns.wizard.creative.remaining', { count: remainingOf(field, length) }) : ''}
      </span>
    </span>
  );
}
