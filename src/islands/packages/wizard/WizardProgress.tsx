// spec 3 §2 "three steps with a progress bar", §4 "progress circles clickable only up to the highest
// completed step": a bar that fills with the steps done, and one circle per step that is a button
// only when rules.stepClickable allows it.
import { useTranslation } from '../../../lib/i18n/react';
import { STEPS, stepClickable, type BuilderState, type Step } from '../../../lib/packages/rules';
import { Icon } from '../../ui/Icon';
import styles from './Wizard.module.css';

export function WizardProgress({ state, onGo }: { state: BuilderState; onGo(step: Step): void }) {
  const { t } = useTranslation();
  const step = state.currentStep;
  return (
    <nav aria-label={t('packages.wizard.progress')} className={styles.progress}>
      <div className={styles.progressTrack} aria-hidden="true">
        <div className={styles.progressFill} data-step={step} />
      </div>
      <ol>
        {STEPS.map((s) => {
          const status = s === step ? 'current' : s <= state.currentCompletedStep ? 'done' : 'todo';
          const content = (
            <>
              <span className={styles.stepDot} aria-hidden="true">
                {status === 'done' ? <Icon name="check" size={14} /> : s}
              </span>
              <span className={styles.stepName}>
                <span className="visually-hidden">
                  {t('packages.wizard.stepOf', {
                    step: s,
                    total: STEPS.length,
                  })}
                  :{' '}
                </span>
                {t(`packages.wizard.steps.${s}`)}
              </span>
            </>
          );
          return (
            <li key={s} data-state={status} aria-current={s === step ? 'step' : undefined} data-testid={`package-step-${s}`}>
              {stepClickable(s, state) ? (
                <button type="button" className={styles.stepButton} onClick={() => onGo(s)}>
                  {content}
                </button>
              ) : (
                <span className={styles.stepButton} data-disabled="">
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
