// /package-builder/create (spec 3 §2 "Package builder wizard", §4 "Package wizard"): three steps
// (events, settings, overview) under a progress bar. Every change is stored in the browser at once
// (stores/packageBuilder) and a reload brings the wizard back where it was. Next needs an event
// (step 1) and a targeting mode (step 2); Back lowers the step (on step 1 it resets the saved state
// and returns to /package-builder); Build is offered on step 3 only, with events, and a built
// package opens its results page. The focus moves to each new step's heading.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createPackage } from '../../../lib/api/packages';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { createPayload, goBack, goNext, goTo, segmentationProblem, stepComplete, STEPS, type Step } from '../../../lib/packages/rules';
import { $packageBuilder, loadPackageBuilder, resetPackageBuilder, updatePackageBuilder } from '../../../stores/packageBuilder';
import { Button } from '../../ui/Button';
import { errorText } from '../format';
import { EventsStep } from './EventsStep';
import { OverviewStep } from './OverviewStep';
import { SettingsStep } from './SettingsStep';
import { WizardProgress } from './WizardProgress';
import styles from './Wizard.module.css';

export interface PackageWizardProps {
  i18n: IslandI18n;
  /** Whose saved state this is (partner and user): another account's is not restored. */
  owner: string;
  /** The partner's currency (spec 3 §9 "currency from userCurrency"). */
  currency: string;
}

export default function PackageWizard({ i18n, ...props }: PackageWizardProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Wizard {...props} />
    </I18nIsland>
  );
}

const HEADINGS: Record<Step, string> = {
  1: 'packages.wizard.events.heading',
  2: 'packages.wizard.settings.heading',
  3: 'packages.wizard.overview.heading',
};
const INTROS: Record<Step, string> = {
  1: 'packages.wizard.events.intro',
  2: '',
  3: 'packages.wizard.overview.intro',
};

function Wizard({ owner, currency }: Omit<PackageWizardProps, 'i18n'>) {
  const { t } = useTranslation();
  const state = useStore($packageBuilder);
  const [ready, setReady] = useState(false);
  const [building, setBuilding] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step | null>(null);

  // The saved state is read once the island runs in the browser (the server has no storage): until
  // then a placeholder shows, so the restored step never flashes step 1 first.
  useEffect(() => {
    loadPackageBuilder(owner);
    setReady(true);
  }, [owner]);

  // The focus moves to a newly shown step's heading (not on the first paint).
  useEffect(() => {
    if (!ready) return;
    if (shownStep.current !== null && shownStep.current !== state.currentStep) {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: 'nearest' });
    }
    shownStep.current = state.currentStep;
    setBuildError(null);
  }, [ready, state.currentStep]);

  if (!ready) {
    return (
      <div className={styles.wizard} aria-busy="true">
        <p className={styles.hint} role="status">
          {t('packages.wizard.restoring')}
        </p>
      </div>
    );
  }

  const step = state.currentStep;
  const complete = stepComplete(state, step);
  const missing =
    step === 1 && !complete
      ? t('packages.wizard.missingEvents')
      : step === 2 && !state.targetMode
        ? t('packages.wizard.missingMode')
        : step === 2 && segmentationProblem(state.customerSegmentation)
          ? t('packages.wizard.fixSettings')
          : null;

  const back = () => {
    if (step === 1) {
      // spec 3 §2: Back on step 1 resets the saved builder state and goes to /package-builder.
      resetPackageBuilder();
      location.assign('/package-builder');
      return;
    }
    updatePackageBuilder(goBack);
  };

  const next = () => {
    if (!complete) return;
    updatePackageBuilder(goNext);
  };

  const build = async () => {
    if (step !== 3 || !stepComplete(state, 3) || building) return;
    setBuilding(true);
    setBuildError(null);
    try {
      const created = await createPackage(createPayload(state, new Date()));
      resetPackageBuilder();
      location.assign(`/package-builder/results/${created.id}`);
    } catch (err) {
      // spec 3 §8 says a build failure is only logged; the user also reads it next to the button.
      console.error('Package build request failed', err);
      setBuildError(errorText(t, err, 'packages.wizard.buildFailed'));
      setBuilding(false);
    }
  };

  const canBuild = step === 3 && state.listItems.length > 0 && state.targetMode !== null;
  const intro = INTROS[step];

  return (
    <div className={styles.wizard} data-testid="package-wizard" data-step={step}>
      <WizardProgress state={state} onGo={(s) => updatePackageBuilder((st) => goTo(st, s))} />
      <section className={styles.step} aria-labelledby="pb-step-heading">
        <div className={styles.stepHead}>
          <p className={styles.stepLabel}>{t('packages.wizard.stepOf', { step, total: STEPS.length })}</p>
          <h2 id="pb-step-heading" ref={heading} tabIndex={-1} className={styles.stepHeading}>
            {t(HEADINGS[step])}
          </h2>
          {intro && <p className={styles.hint}>{t(intro)}</p>}
        </div>
        {step === 1 && (
          <EventsStep
            events={state.listItems}
            onChange={(change) =>
              updatePackageBuilder((s) => ({
                ...s,
                listItems: change(s.listItems),
              }))
            }
          />
        )}
        {step === 2 && (
          <SettingsStep
            state={state}
            currency={currency}
            onMode={(mode) => updatePackageBuilder((s) => ({ ...s, targetMode: mode }))}
            onSegmentation={(change) =>
              updatePackageBuilder((s) => ({
                ...s,
                customerSegmentation: change(s.customerSegmentation),
              }))
            }
          />
        )}
        {step === 3 && (
          <OverviewStep
            state={state}
            currency={currency}
            onEdit={(s) => updatePackageBuilder((st) => goTo(st, s))}
            onName={(name) => updatePackageBuilder((s) => ({ ...s, name }))}
          />
        )}
      </section>

      {missing && (
        <p id="pb-missing" className={styles.missing} data-testid="package-missing">
          {missing}
        </p>
      )}
      {buildError && (
        <p id="pb-build-error" className={`alert alert--error ${styles.buildError}`} role="alert">
          {buildError}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" iconName="chevronLeft" onClick={back} aria-describedby={step === 1 ? 'pb-back-hint' : undefined} data-testid="package-back">
          {t('packages.wizard.back')}
        </Button>
        {step === 1 && (
          <span id="pb-back-hint" className="visually-hidden">
            {t('packages.wizard.backHint')}
          </span>
        )}
        <p className={styles.savedNote}>{t('packages.wizard.saved')}</p>
        {step < 3 ? (
          <Button onClick={next} aria-disabled={!complete || undefined} aria-describedby={missing ? 'pb-missing' : undefined} data-testid="package-next">
            {t('packages.wizard.next')}
          </Button>
        ) : (
          <Button onClick={() => void build()} busy={building} disabled={!canBuild} aria-describedby={buildError ? 'pb-build-error' : undefined} data-testid="package-build">
            {t('packages.wizard.build')}
          </Button>
        )}
      </div>
    </div>
  );
}
