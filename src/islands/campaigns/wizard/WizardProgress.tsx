// spec 2 §2 the five-step progress bar (hidden on step 1): done, current and coming steps; a step is
// a button only when ./wizardRules stepClickable allows it.
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { STEPS, stepClickable, type Step } from './wizardRules';
import styles from './Wizard.module.css';

export function WizardProgress({ step, completedStep, pending, onGo }: { step: Step; completedStep: number; pending: boolean; onGo(step: Step): void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('campaigns.wizard.progress')} className={styles.progress}>
      <ol>
        {STEPS.map((s) => {
          const state = s === step ? 'current' : s <= completedStep ? 'done' : 'todo';
          const label = (
            <>
              <span className={styles.stepDot} aria-hidden="true">
                {state === 'done' ? <Icon name="check" size={14} /> : s}
              </span>
              <span className={styles.stepName}>{t(`campaigns.wizard.steps.${s}`)}</span>
            </>
          );
          return (
            <li key={s} data-state={state} aria-current={s === step ? 'step' : undefined} data-testid={`wizard-step-${s}`}>
              {stepClickable(s, step, { pending, completedStep }) ? (
                <button type="button" className={styles.stepButton} onClick={() => onGo(s)}>
                  {label}
                </button>
              ) : (
                <span className={styles.stepButton} data-disabled="">
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
