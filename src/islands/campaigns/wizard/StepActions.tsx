// The step's Back, Cancel setup and Next (or Publish) buttons (spec 2 §2 "with Back, Cancel setup and Next").
// A Next that cannot be used yet says why (issue 20 §2.6): it stays a tab stop (aria-disabled, not
// disabled) and is described by the visible list of what is missing, shown right above it, or by
// a hint elsewhere on the step (describedBy).
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import styles from './Wizard.module.css';

export function StepActions({
  onBack,
  onCancel,
  next,
}: {
  onBack(): void;
  onCancel(): void;
  next: {
    onClick(): void;
    disabled: boolean;
    busy?: boolean;
    label?: string;
    /** What the step still lacks, listed while Next is disabled. */
    missing?: string[];
    /** The id of a visible hint elsewhere on the step that says why Next is disabled. */
    describedBy?: string;
  } | null;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const missing = next?.disabled && !next.busy ? (next.missing ?? []) : [];
  const describedBy = [missing.length ? `${uid}-missing` : null, next?.disabled ? next.describedBy : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {missing.length > 0 && (
        <div id={`${uid}-missing`} className={styles.missing} data-testid="next-missing">
          <p>{t('campaigns.wizard.missing.title')}</p>
          <ul>
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" iconName="chevronLeft" onClick={onBack} data-testid="wizard-back">
          {t('campaigns.wizard.actions.back')}
        </Button>
        <Button variant="ghost" onClick={onCancel} data-testid="wizard-cancel">
          {t('campaigns.wizard.actions.cancel')}
        </Button>
        {next && (
          <Button
            onClick={next.onClick}
            aria-disabled={(next.disabled && !next.busy) || undefined}
            busy={next.busy}
            aria-describedby={describedBy}
            data-testid="wizard-next"
            className={styles.nextButton}
          >
            {next.label ?? t('campaigns.wizard.actions.next')}
          </Button>
        )}
      </div>
    </>
  );
}
