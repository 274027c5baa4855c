// spec 2 §2 Ads step: one creative form and one targeting form per chosen taste cluster (tabs),
// each cluster's completeness shown on its tab (setup-rules creativeProblems and targetingCode),
// media still uploading tracked per cluster; Next as spec 2 §4 allows it.
import { useEffect, useRef, useState } from 'react';
import type { Creative, SetupProblem, SetupProcess, Targeting } from '../../../lib/contracts/setup-process';
import type { TopicKeyword } from '../../../lib/contracts/taste-clusters';
import { useTranslation } from '../../../lib/i18n/react';
import type { TinyT } from '../../../lib/i18n/tiny';
import { Icon } from '../../ui/Icon';
import { CreativeForm } from './creative/CreativeForm';
import { TargetingForm } from './targeting/TargetingForm';
import { StepActions } from './StepActions';
import { stepFocusProps } from './stepFocus';
import { isDestinationUrl, problemPlace } from '../../../lib/campaigns/setup-rules';
import type { EditSetup } from './useSetupProcess';
import { clusterKey, clusterValidity, incompleteCreativeFields, problemMessageKey, selectionOf, targetingOf, withDefaultModes, withEditedCreative } from './wizardRules';
import styles from './Wizard.module.css';

export interface ClusterInfo {
  alias: string;
  keywords: TopicKeyword[];
}


export function AdsStep({
  eventId,
  setup,
  clusters,
  geoOnly,
  onEdit,
  pendingMedia,
  onPendingMedia,
  canNext,
  onBack,
  onNext,
  onCancel,
  publishError,
  problems = [],
  onFixed,
}: {
  eventId: string;
  setup: SetupProcess;
  clusters: Record<string, ClusterInfo>;
  geoOnly: boolean;
  onEdit: EditSetup;
  pendingMedia: Record<string, boolean>;
  onPendingMedia(key: string, pending: boolean): void;
  canNext: boolean;
  onBack(): void;
  onNext(): void;
  onCancel(): void;
  /** Publishing came back here with INVALID_SETUP. */
  publishError: string | null;
  /** Publishing's problems that belong here (setup-rules problemPlace step 3), shown at their cluster's form. */
  problems?: SetupProblem[];
  /** A cluster was edited: its problems are taken off the list. */
  onFixed?(solved: (p: SetupProblem) => boolean): void;
}) {
  const { t } = useTranslation();
  // Publishing came back with problems: the first one's cluster opens.
  const [active, setActive] = useState(() => Math.max(0, setup.creatives.findIndex((c) => problems.some((p) => p.tc === c.tc))));
  const selection = selectionOf(setup.integration_details);
  const current = setup.creatives[Math.min(active, setup.creatives.length - 1)];
  const first = setup.creatives[0];

  // Every cluster gets its default targeting mode as the step opens (saved by the autosave), so
  // tabs not yet visited do not wait for "Choose a targeting".
  const lacksMode = withDefaultModes(setup, geoOnly) !== null;
  useEffect(() => {
    if (lacksMode) onEdit((s) => ({ targeting: withDefaultModes(s, geoOnly) ?? s.targeting }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lacksMode, geoOnly]);

  // A cluster's problems go once it is edited (its creative or targeting changed), and the first
  // shown is brought into view.
  // (the stored object, not targetingOf's fresh defaults, so an unedited cluster compares equal)
  const currentTargeting = current ? setup.targeting.find((x) => x.tc === current.tc && x.tc_run_id === current.tc_run_id) : undefined;
  const seen = useRef({ creative: current, targeting: currentTargeting });
  useEffect(() => {
    const before = seen.current;
    seen.current = { creative: current, targeting: currentTargeting };
    if (!current || before.creative?.tc !== current.tc) return;
    if (before.creative !== current || before.targeting !== currentTargeting) onFixed?.((p) => p.tc === current.tc);
  }, [current, currentTargeting]);
  const problemsRef = useRef<HTMLDivElement>(null);
  const shown = current ? problems.filter((p) => p.tc === current.tc) : [];
  useEffect(() => {
    if (shown.length) problemsRef.current?.querySelector('[data-problem]')?.scrollIntoView({ block: 'center' });
  }, [shown.length, current?.tc]);
  const problemList = (area: 'creatives' | 'targeting') => {
    const list = shown.filter((p) => (area === 'targeting') === (problemPlace(p).field === 'targeting'));
    if (!list.length) return null;
    return (
      <ul className={styles.errorText} data-problem={area} data-testid={`problems-${area}`}>
        {list.map((p, i) => {
          const field = problemPlace(p).field;
          const label = area === 'creatives' ? t(`campaigns.wizard.creative.fields.${field}`, { defaultValue: '' }) : '';
          return <li key={i}>{label ? `${label}: ${t(problemMessageKey(p))}` : t(problemMessageKey(p))}</li>;
        })}
      </ul>
    );
  };

  // Updaters of the latest setup: a form may report two changes before the wizard renders again.
  const setCreative = (next: Creative) => onEdit((s) => ({ creatives: withEditedCreative(s.creatives, next, isDestinationUrl) }));
  const setTargeting = (next: Targeting) =>
    onEdit((s) => ({ targeting: [...s.targeting.filter((x) => !(x.tc === next.tc && x.tc_run_id === next.tc_run_id)), next] }));

  // What a disabled Next waits for, per cluster (listed above it, issue 20 §2.6).
  const missing = setup.creatives.flatMap((c) => {
    const v = clusterValidity(c, targetingOf(setup, c), geoOnly);
    const cluster = clusters[clusterKey(c)]?.alias ?? t('campaigns.wizard.ads.cluster', { tc: c.tc });
    return [
      !v.creative && creativeMissingText(t, c),
      !v.targeting && t('campaigns.wizard.ads.targetingIncomplete'),
      pendingMedia[clusterKey(c)] && t('campaigns.wizard.ads.mediaPending'),
    ]
      .filter((problem): problem is string => !!problem)
      .map((problem) => t('campaigns.wizard.missing.cluster', { cluster, problem }));
  });

  return (
    <div className={styles.stepBody} data-testid="ads-step">
      <h3 className={styles.stepTitle} {...stepFocusProps}>
        {t('campaigns.wizard.ads.title')}
      </h3>
      {publishError && !problems.length && (
        <p className="alert alert--error" role="alert" data-testid="ads-error">
          {publishError}
        </p>
      )}
      <div className={styles.clusterTabs} role="tablist" aria-label={t('campaigns.wizard.ads.clusters')}>
        {setup.creatives.map((c, i) => {
          const v = clusterValidity(c, targetingOf(setup, c), geoOnly);
          const ok = v.creative && v.targeting && !pendingMedia[clusterKey(c)];
          return (
            <button
              key={clusterKey(c)}
              type="button"
              role="tab"
              id={`ads-tab-${i}`}
              aria-selected={c === current}
              aria-controls="ads-panel"
              className={styles.clusterTab}
              onClick={() => setActive(i)}
              data-testid="cluster-tab"
              data-complete={ok || undefined}
            >
              <Icon name={ok ? 'check' : 'alert'} size={14} />
              <span>{clusters[clusterKey(c)]?.alias ?? t('campaigns.wizard.ads.cluster', { tc: c.tc })}</span>
              <span className="visually-hidden">{ok ? t('campaigns.wizard.ads.complete') : t('campaigns.wizard.ads.incomplete')}</span>
            </button>
          );
        })}
      </div>
      {current && (
        <div ref={problemsRef} id="ads-panel" role="tabpanel" aria-labelledby={`ads-tab-${setup.creatives.indexOf(current)}`} className={styles.clusterPanel} key={clusterKey(current)}>
          <ClusterStatus creative={current} targeting={targetingOf(setup, current)} geoOnly={geoOnly} pending={!!pendingMedia[clusterKey(current)]} />
          {problemList('creatives')}
          <CreativeForm
            eventId={eventId}
            setupId={setup.id}
            creative={current}
            cluster={{ tc: current.tc, tc_run_id: current.tc_run_id, alias: clusters[clusterKey(current)]?.alias ?? '', keywords: clusters[clusterKey(current)]?.keywords ?? [] }}
            adAccountAssetId={selection['facebook.ad_account'] ?? null}
            goal={setup.goal}
            hasPixel={!!selection['facebook.pixel']}
            leadFormId={setup.lead_form_id}
            inheritable={current !== first}
            inheritedUrls={current !== first ? first?.destination_url : undefined}
            onChange={setCreative}
            onPendingChange={(p) => onPendingMedia(clusterKey(current), p)}
          />
          {problemList('targeting')}
          <TargetingForm targeting={targetingOf(setup, current)} hasAudience={!!current.audience_id} geoOnly={geoOnly} onChange={setTargeting} />
        </div>
      )}
      <StepActions onBack={onBack} onCancel={onCancel} next={{ onClick: onNext, disabled: !canNext, missing }} />
    </div>
  );
}

/** "Still to fill in: Call to action, Description" — the fields by their form labels. */
function creativeMissingText(t: TinyT, creative: Creative): string {
  const fields = incompleteCreativeFields(creative).map((f) => t(`campaigns.wizard.creative.fields.${f}`, { defaultValue: f }));
  return t('campaigns.wizard.ads.creativeMissing', { fields: fields.join(', ') });
}

function ClusterStatus({ creative, targeting, geoOnly, pending }: { creative: Creative; targeting: Targeting; geoOnly: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const v = clusterValidity(creative, targeting, geoOnly);
  if (v.creative && v.targeting && !pending) return null;
  return (
    <ul className={styles.todo} data-testid="cluster-todo" aria-label={t('campaigns.wizard.ads.todo')}>
      {!v.creative && <li>{creativeMissingText(t, creative)}</li>}
      {!v.targeting && <li>{t('campaigns.wizard.ads.targetingIncomplete')}</li>}
      {pending && <li>{t('campaigns.wizard.ads.mediaPending')}</li>}
    </ul>
  );
}
