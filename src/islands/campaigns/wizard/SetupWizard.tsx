// spec 2 §2 "Setup wizard (5 steps)" in the recommendations setup tab: step 1 is the new-setup
// panel (Start or Continue setup), then Accounts, Ads, Summary and the post-publish step. The
// setup is kept by useSetupProcess (autosave), the step rules are ./wizardRules, publishing is
// ./publish. The progress bar is hidden on step 1.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EventItem } from '../../../lib/contracts/events';
import type { Creative, SetupProblem, SetupUpdateBody } from '../../../lib/contracts/setup-process';
import { emptyCreative, firstProblemPlace, integrationProblems, pixelProblem, problemPlace } from '../../../lib/campaigns/setup-rules';
import { boostSetup, getSetup, getTask } from '../../../lib/api/setupProcess';
import { getEventCampaigns } from '../../../lib/api/tasteClusters';
import { useTranslation } from '../../../lib/i18n/react';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Modal } from '../../ui/Modal';
import { Skeleton } from '../../events/detail/Section';
import { NewSetupPanel, type SetupChoice } from '../setup/NewSetupPanel';
import type { ClusterInfo } from './AdsStep';
import { BoostedStep } from './BoostedStep';
import { WizardProgress } from './WizardProgress';
import { minutesSince, type AutosaveState } from './autosave';
import { publish } from './publish';
import { focusStepWhenShown } from './stepFocus';
import { useSetupProcess } from './useSetupProcess';
import { canLeaveStep, clusterKey, clusterValidity, completedAfter, conversionShown, problemMessageKey, resumeStep, selectionOf, targetingOf, withGoal, type Step, type StepFlags } from './wizardRules';
import styles from './Wizard.module.css';

// Each step's code loads when the step is first shown: step 1 (the panel) carries none of it, and
// the Ads step's forms stay out of the page until a setup reaches them (issue 14 JS budget).
const AccountsStep = lazy(() => import('./AccountsStep').then((m) => ({ default: m.AccountsStep })));
const AdsStep = lazy(() => import('./AdsStep').then((m) => ({ default: m.AdsStep })));
const SummaryStep = lazy(() => import('./SummaryStep').then((m) => ({ default: m.SummaryStep })));

export interface SetupWizardProps {
  event: EventItem;
  currency: string;
  canSetup: boolean;
  itcReady: boolean;
  clustersVersion: number;
  onRegenerate(): void;
  /** Prisma partners: geographic targeting only. */
  geoOnly: boolean;
  /** A campaign was published: the campaign list is read again. */
  onBoosted(): void;
}

function useClusters(eventId: string, enabled: boolean): Record<string, ClusterInfo> {
  const [clusters, setClusters] = useState<Record<string, ClusterInfo>>({});
  useEffect(() => {
    if (!enabled) return;
    const c = new AbortController();
    getEventCampaigns(eventId, { limit: 200 }, c.signal).then(
      (r) => setClusters(Object.fromEntries(r.items.map((i) => [clusterKey(i), { alias: i.alias, keywords: i.keywords }]))),
      () => undefined,
    );
    return () => c.abort();
  }, [eventId, enabled]);
  return clusters;
}

export function SetupWizard(props: SetupWizardProps) {
  const { event, geoOnly } = props;
  const { t } = useTranslation();
  const sp = useSetupProcess(event.id);
  const { setup, edit, autosave } = sp;
  const [step, setStep] = useState<Step>(1);
  const [resumed, setResumed] = useState(false);
  const [pendingMedia, setPendingMedia] = useState<Record<string, boolean>>({});
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [errors, setErrors] = useState<{ accounts: string | null; ads: string | null; summary: string | null }>({ accounts: null, ads: null, summary: null });
  // The problems publishing came back with (local check or data.problems), each shown next to its field until it is fixed.
  const [problems, setProblems] = useState<SetupProblem[]>([]);
  const fixed = useCallback((solved: (p: SetupProblem) => boolean) => setProblems((list) => (list.some(solved) ? list.filter((p) => !solved(p)) : list)), []);
  const problemsOn = (s: 2 | 3 | 4) => problems.filter((p) => problemPlace(p).step === s);
  const [boosted, setBoosted] = useState(false);
  const clusters = useClusters(event.id, !!setup);
  // A step opened by the user (not by a reload) takes the focus to its heading (./stepFocus).
  const root = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState(0);
  useEffect(() => (moved ? focusStepWhenShown(root.current) : undefined), [moved]);

  // A reload comes back to the saved step (spec 2 §3 Wizard state).
  useEffect(() => {
    if (sp.load.status !== 'ready' || resumed) return;
    setResumed(true);
    setStep(resumeStep(setup));
  }, [sp.load.status, resumed, setup]);

  const go = useCallback(
    (to: Step, completed?: number) => {
      setStep(to);
      setMoved((n) => n + 1);
      if (to >= 2 && to <= 4) edit((s) => ({ wizard: { ...s.wizard, current_step: to, current_completed_step: completed ?? s.wizard.current_completed_step } }));
    },
    [edit],
  );

  const flags: StepFlags = useMemo(() => {
    if (!setup) return { integrationsValid: false, creativesValid: false, targetingValid: false, hasPendingMedia: false, pendingSync: false, loading: true, previewViewed: false };
    const sel = selectionOf(setup.integration_details);
    const validity = setup.creatives.map((c) => clusterValidity(c, targetingOf(setup, c), geoOnly));
    return {
      integrationsValid:
        integrationProblems(setup.integration_details).length === 0 &&
        !pixelProblem(setup.goal, setup.lead_form_id, !!sel['facebook.pixel']) &&
        (!conversionShown(!!sel['facebook.pixel'], setup.goal) || !!setup.conversion_id),
      creativesValid: validity.every((v) => v.creative),
      targetingValid: validity.every((v) => v.targeting),
      hasPendingMedia: Object.values(pendingMedia).some(Boolean),
      pendingSync: sp.saveState.kind !== 'idle',
      loading: publishing || cancelling,
      previewViewed: setup.wizard.preview_viewed,
    };
  }, [setup, geoOnly, pendingMedia, sp.saveState.kind, publishing, cancelling]);

  const forward = (from: Step) => {
    if (!setup || !canLeaveStep(from, flags)) return;
    // Leaving a step forwards means its publish message was dealt with: it does not stay.
    if (from === 2 || from === 3) setErrors((e) => ({ ...e, [from === 2 ? 'accounts' : 'ads']: null }));
    go((from + 1) as Step, completedAfter(setup.wizard.current_completed_step, from));
  };

  const onStart = async (c: SetupChoice) => {
    if (setup) {
      // Continue: what changed on step 1 is saved before the saved step opens again.
      const patch: SetupUpdateBody = {};
      if (c.goal !== setup.goal) Object.assign(patch, withGoal({ goal: setup.goal, lead_form_id: setup.lead_form_id, conversion_id: setup.conversion_id, custom_event_type: setup.custom_event_type }, c.goal));
      if (c.budget !== setup.total_budget) patch.total_budget = c.budget;
      if (c.start !== setup.start_date) patch.start_date = c.start;
      if (c.end !== setup.end_date) patch.end_date = c.end;
      const keys = c.clusters.map(clusterKey);
      if (keys.join() !== setup.creatives.map(clusterKey).join()) {
        patch.creatives = c.clusters.map((k) => setup.creatives.find((x) => clusterKey(x) === clusterKey(k)) ?? emptyCreative(k, setup.creatives[0]?.language ?? 'de'));
        patch.targeting = setup.targeting.filter((x) => keys.includes(clusterKey(x)));
      }
      if (Object.keys(patch).length) edit(patch);
      await autosave.flush();
      go(resumeStep(setup) === 1 ? 2 : (Math.max(2, setup.wizard.current_step) as Step), Math.max(1, setup.wizard.current_completed_step));
      return;
    }
    await sp.start({ goal: c.goal, total_budget: c.budget, start_date: c.start, end_date: c.end, creatives: c.clusters.map((k) => ({ tc: k.tc, tc_run_id: k.tc_run_id })) });
    setErrors({ accounts: null, ads: null, summary: null });
    go(2, 1);
  };

  const doCancel = async () => {
    setCancelling(true);
    try {
      await sp.cancel();
      setConfirmCancel(false);
      setStep(1);
      setMoved((n) => n + 1);
      setPendingMedia({});
    } catch {
      pushToast({ title: t('common.genericError'), variant: 'error' });
    } finally {
      setCancelling(false);
    }
  };

  const problemsOn4 = (list: SetupProblem[]) =>
    list
      .filter((p) => problemPlace(p).step === 4)
      .map((p) => t(problemMessageKey(p)))
      .join(' ');

  const doPublish = async () => {
    setPublishing(true);
    setErrors({ accounts: null, ads: null, summary: null });
    setProblems([]);
    try {
      const outcome = await publish({ eid: event.id, geoOnly, flush: () => autosave.flush(), getSetup, boost: boostSetup, task: getTask });
      if (outcome.kind === 'boosted') {
        autosave.stop();
        pushToast({ title: t('campaigns.wizard.publish.done'), variant: 'success' });
        setBoosted(true);
        setStep(5);
        setMoved((n) => n + 1);
        props.onBoosted();
      } else if (outcome.kind === 'invalidAccounts' || outcome.kind === 'invalidSetup') {
        // To the step of the first problem; each message goes next to its field there. Without
        // problems (an older answer), the step's general message.
        const place = firstProblemPlace(outcome.problems);
        setProblems(outcome.problems);
        const to = place?.step ?? (outcome.kind === 'invalidAccounts' ? 2 : 3);
        if (!place) setErrors((e) => (outcome.kind === 'invalidAccounts' ? { ...e, accounts: t('campaigns.wizard.errors.invalidAccounts') } : { ...e, ads: t('campaigns.wizard.errors.invalidSetup') }));
        else if (to === 4) setErrors((e) => ({ ...e, summary: problemsOn4(outcome.problems) }));
        go(to);
      } else if (outcome.kind === 'gone') {
        sp.clear();
        setStep(1);
        setMoved((n) => n + 1);
      } else setErrors((e) => ({ ...e, summary: t('campaigns.wizard.errors.publishFailed') }));
    } catch {
      setErrors((e) => ({ ...e, summary: t('campaigns.wizard.errors.publishFailed') }));
    } finally {
      setPublishing(false);
    }
  };

  const { clear } = sp;
  const backToStart = useCallback(() => {
    setBoosted(false);
    setStep(1);
    setMoved((n) => n + 1);
    setPendingMedia({});
    clear();
  }, [clear]);

  if (sp.load.status === 'loading' || (sp.load.status === 'ready' && !resumed)) return <Skeleton lines={4} />;
  if (sp.load.status === 'error')
    return (
      <EmptyState
        compact
        icon="alert"
        message={t('common.genericError')}
        action={
          <Button size="sm" variant="secondary" onClick={sp.reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );

  // (display: contents: the wrapper only gives stepFocus a root to search, no box of its own)
  if (boosted)
    return (
      <div ref={root} className={styles.focusRoot}>
        <BoostedStep onDone={backToStart} />
      </div>
    );

  const cancelDialog = (
    <Modal open={confirmCancel} onOpenChange={setConfirmCancel} title={t('campaigns.wizard.cancel.title')} closeLabel={t('common.close')}>
      <p>{t('campaigns.wizard.cancel.text')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
          {t('campaigns.wizard.cancel.keep')}
        </Button>
        <Button variant="danger" busy={cancelling} onClick={() => void doCancel()} data-testid="confirm-cancel-setup">
          {t('campaigns.wizard.cancel.confirm')}
        </Button>
      </div>
    </Modal>
  );
  const panel = (
    <NewSetupPanel
      eventId={event.id}
      eventDay={event.date}
      category={event.category}
      currency={props.currency}
      canSetup={props.canSetup}
      itcReady={props.itcReady}
      clustersVersion={props.clustersVersion}
      onRegenerate={props.onRegenerate}
      existing={setup ? { goal: setup.goal, budget: setup.total_budget, start: setup.start_date, end: setup.end_date, keys: setup.creatives.map(clusterKey) } : null}
      onStart={onStart}
      onCancelSetup={setup ? () => setConfirmCancel(true) : undefined}
    />
    );
  // Continue setup (step 1 of a live setup) offers Cancel setup too.
  if (step === 1 || !setup)
    return (
      <div ref={root} className={styles.focusRoot}>
        {panel}
        {cancelDialog}
      </div>
    );

  const common = { onBack: () => go((step - 1) as Step), onCancel: () => setConfirmCancel(true) };

  return (
    <div ref={root} className={styles.focusRoot}>
    <section className={styles.wizard} aria-labelledby="setup-wizard-title" data-testid="setup-wizard" data-step={step}>
      <header className={styles.header}>
        <h3 id="setup-wizard-title" className={styles.title}>
          {t('campaigns.wizard.title')}
        </h3>
        <SaveNote state={sp.saveState} now={sp.now} onRetry={() => void autosave.retry()} onReload={sp.reload} />
      </header>
      <WizardProgress step={step} completedStep={setup.wizard.current_completed_step} pending={setup.status !== 'published'} onGo={(s) => go(s)} />
      <Suspense fallback={<Skeleton lines={4} />}>
        {step === 2 && (
          <AccountsStep
            setup={setup}
            currency={props.currency}
            onEdit={edit}
            hasActiveCampaigns={event.has_active_campaigns}
            {...common}
            onNext={() => forward(2)}
            busy={false}
            publishError={errors.accounts}
            problems={problemsOn(2)}
            onFixed={fixed}
          />
        )}
        {step === 3 && (
          <AdsStep
            eventId={event.id}
            setup={setup}
            clusters={clusters}
            geoOnly={geoOnly}
            onEdit={edit}
            pendingMedia={pendingMedia}
            onPendingMedia={(k, p) => setPendingMedia((m) => (!!m[k] === p ? m : { ...m, [k]: p }))}
            canNext={canLeaveStep(3, flags)}
            {...common}
            onNext={() => forward(3)}
            publishError={errors.ads}
            problems={problemsOn(3)}
            onFixed={fixed}
          />
        )}
        {step === 4 && (
          <SummaryStep
            eventId={event.id}
            setup={setup}
            clusters={clusters}
            currency={props.currency}
            onEdit={edit}
            canPublish={canLeaveStep(4, flags)}
            publishing={publishing}
            publishError={errors.summary}
            onPublish={() => void doPublish()}
            {...common}
          />
        )}
      </Suspense>
      {cancelDialog}
    </section>
    </div>
  );
}

function SaveNote({ state, now, onRetry, onReload }: { state: AutosaveState; now: number; onRetry(): void; onReload(): void }) {
  const { t } = useTranslation();
  // Another tab or user saved first (issue 20): this tab's changes were refused, not written.
  if (state.kind === 'stale')
    return (
      <p className={styles.saveNote} data-state="stale" role="alert" data-testid="save-note">
        {t('campaigns.wizard.autosave.stale')}{' '}
        <Button size="sm" variant="secondary" onClick={onReload} data-testid="reload-setup">
          {t('campaigns.wizard.autosave.reload')}
        </Button>
      </p>
    );
  if (state.kind === 'failed')
    return (
      <p className={styles.saveNote} data-state="failed" role="alert" data-testid="save-note">
        {t('campaigns.wizard.autosave.failed')}{' '}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </p>
    );
  if (state.kind === 'pending' || state.kind === 'saving')
    return (
      <p className={styles.saveNote} data-testid="save-note" data-state={state.kind}>
        {t('campaigns.wizard.autosave.saving')}
      </p>
    );
  if (!state.savedAt) return null;
  const minutes = minutesSince(state.savedAt, now);
  return (
    <p className={styles.saveNote} data-testid="save-note" data-state="saved">
      {minutes === 0 ? t('campaigns.wizard.autosave.savedNow') : t('campaigns.wizard.autosave.savedAgo', { count: minutes })}
    </p>
  );
}

