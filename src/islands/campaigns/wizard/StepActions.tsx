// The step's Back, Cancel setup and Next (or Publish) buttons (spec 2 §2 "with Back, Cancel setup and Next").
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
  } | null;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <Button variant="secondary" iconName="chevronLeft" onClick={onBack} data-testid="wizard-back">
        {t('campaigns.wizard.actions.back')}
      </Button>
      <Button variant="ghost" onClick={onCancel} data-testid="wizard-cancel">
        {t('campaigns.wizard.actions.cancel')}
      </Button>
      {next && (
        <Button onClick={next.onClick} disabled={next.disabled} busy={next.busy} data-testid="wizard-next" className={styles.nextButton}>
          {next.label ?? t('campaigns.wizard.actions.next')}
        </Button>
      )}
    </div>
  );
}
