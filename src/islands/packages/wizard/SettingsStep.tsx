// Step 2 (spec 3 §2): the targeting mode cards (selective_mode, inclusive_mode, each explained in
// plain words) and the collapsible customer segmentation.
import { useTranslation } from '../../../lib/i18n/react';
import { TARGETING_MODES, type BuilderState, type CustomerSegmentation } from '../../../lib/packages/rules';
import type { TargetingMode } from '../../../lib/contracts/packages';
import { SegmentationCard } from './SegmentationCard';
import styles from './Wizard.module.css';

export function SettingsStep({
  state,
  onMode,
  onSegmentation,
  currency,
}: {
  state: BuilderState;
  onMode(mode: TargetingMode): void;
  onSegmentation(change: (s: CustomerSegmentation) => CustomerSegmentation): void;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.stepBody}>
      <fieldset className={styles.modes} aria-describedby="pb-mode-intro">
        <legend className={styles.subheading}>{t('packages.wizard.settings.modeLegend')}</legend>
        <p id="pb-mode-intro" className={styles.hint}>
          {t('packages.wizard.settings.modeIntro', {
            count: state.variationsNumber,
          })}
        </p>
        <div className={styles.modeCards}>
          {TARGETING_MODES.map((mode) => (
            <label key={mode} className={styles.modeCard} data-checked={state.targetMode === mode || undefined} data-testid={`package-mode-${mode}`}>
              <input
                type="radio"
                name="pb-targeting-mode"
                value={mode}
                checked={state.targetMode === mode}
                onChange={() => onMode(mode)}
                aria-describedby={`pb-mode-${mode}-text`}
              />
              <span className={styles.modeTitle}>{t(`packages.modes.${mode}.title`)}</span>
              <span id={`pb-mode-${mode}-text`} className={styles.modeText}>
                {t(`packages.modes.${mode}.text`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SegmentationCard value={state.customerSegmentation} onChange={onSegmentation} currency={currency} />
    </div>
  );
}
