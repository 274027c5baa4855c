// spec 2 §2 "Campaign creative form" in a running campaign (Cancel and Update), §4 "Campaign
// edit", §5 Media (replace, never add or remove), §7 POST /campaigns_setup: the published
// creative and targeting of one cluster, edited in place of its summary. The form's own checks
// run first; the server's answer points at the same fields; variations that were switched off
// stay off, and Update says so first ('ad variations remain disabled').
import { useEffect, useId, useRef, useState } from 'react';
import type { Creative, IntegrationDetail, SetupProblem, Targeting } from '../../../lib/contracts/setup-process';
import type { CampaignGoal, EventCampaign } from '../../../lib/contracts/taste-clusters';
import { creativeProblems, filled, targetingCode } from '../../../lib/campaigns/setup-rules';
import { postCampaignEdit } from '../../../lib/api/campaign-results';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { CreativeForm } from '../wizard/creative/CreativeForm';
import { TargetingForm } from '../wizard/targeting/TargetingForm';
import { problemsOf } from '../wizard/publish';
import { problemMessageKey } from '../wizard/wizardRules';
import styles from '../Campaigns.module.css';
import type { CampaignClusterAudience } from '../../../lib/campaigns/cluster-audience';

/** What a published campaign keeps of its setup (spec 2 §3 Campaign latest_campaign_setup). */
export interface LatestSetup {
  creative: Creative;
  targeting: Targeting | null;
  integration_details: IntegrationDetail[];
  disabled_variations: string[];
  setup_process_id: string;
  goal: CampaignGoal;
  lead_form_id: string | null;
  /** Taste-cluster targeting: the members' custom audience, or why the area is targeted instead. */
  cluster_audience: CampaignClusterAudience | null;
}

export function RunningCampaignEditor({
  eventId,
  campaign,
  setup,
  geoOnly,
  onCancel,
  onSaved,
}: {
  eventId: string;
  campaign: EventCampaign;
  setup: LatestSetup & { targeting: Targeting };
  geoOnly: boolean;
  onCancel(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [creative, setCreative] = useState(setup.creative);
  const [targeting, setTargeting] = useState(setup.targeting);
  const [problems, setProblems] = useState<SetupProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pendingMedia, setPendingMedia] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState(false);
  // Opened from a menu: the form takes focus once the menu has given it back to its trigger.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const id = requestAnimationFrame(() =>
      requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('[data-testid="creative-form"] textarea, [data-testid="creative-form"] input:not([type="hidden"]):not([type="checkbox"])')?.focus()),
    );
    return () => cancelAnimationFrame(id);
  }, []);
  const asset = (key: IntegrationDetail['asset_class']) => setup.integration_details.find((d) => d.asset_class === key)?.asset_id ?? null;

  const localProblems = (): SetupProblem[] => {
    const code = targetingCode(targeting, { hasAudience: !!creative.audience_id, geoOnly });
    return [...creativeProblems(creative), ...(code ? [{ area: 'targeting' as const, tc: creative.tc, code, field: 'targeting_mode' }] : [])];
  };

  const save = async () => {
    setConfirm(false);
    setSaving(true);
    setError(null);
    try {
      // spec 2 §5: empty headlines, bodies and URLs are stripped before a post.
      const clean: Creative = { ...creative, headline: filled(creative.headline), body: filled(creative.body), destination_url: filled(creative.destination_url) };
      await postCampaignEdit({ eid: eventId, tc: campaign.tc, tc_run_id: campaign.tc_run_id, creatives: [clean], targeting: [targeting], audience_id: creative.audience_id });
      pushToast({ title: t('campaigns.list.edit.saved', { name: campaign.alias }), variant: 'success' });
      onSaved();
    } catch (err) {
      const found = err instanceof ApiError ? problemsOf(err.data) : [];
      setProblems(found);
      setError(found.length ? t('campaigns.list.edit.problems') : t(err instanceof ApiError ? err.i18nKey : 'common.genericError'));
    } finally {
      setSaving(false);
    }
  };

  const update = () => {
    const found = localProblems();
    setProblems(found);
    if (found.length) {
      setError(t('campaigns.list.edit.problems'));
      return;
    }
    if (setup.disabled_variations.length > 0) setConfirm(true);
    else void save();
  };

  const targetingProblems = problems.filter((p) => p.area !== 'creatives');
  return (
    <div ref={box} className={styles.listEditor} data-testid="running-editor">
      {error && (
        <p className="alert alert--error" role="alert" data-testid="running-editor-error">
          {error}
        </p>
      )}
      <CreativeForm
        eventId={eventId}
        setupId={setup.setup_process_id}
        creative={creative}
        cluster={{ tc: campaign.tc, tc_run_id: campaign.tc_run_id, alias: campaign.alias, keywords: campaign.keywords }}
        adAccountAssetId={asset('facebook.ad_account')}
        goal={setup.goal}
        hasPixel={!!asset('facebook.pixel')}
        leadFormId={setup.lead_form_id}
        onChange={setCreative}
        onPendingChange={setPendingMedia}
        disabled={saving}
        running
        problems={problems}
      />
      {targetingProblems.length > 0 && (
        <ul className="alert alert--error" id={`${uid}-targeting-problems`}>
          {targetingProblems.map((p, i) => (
            <li key={i}>{t(problemMessageKey(p))}</li>
          ))}
        </ul>
      )}
      <TargetingForm targeting={targeting} hasAudience={!!creative.audience_id} geoOnly={geoOnly} onChange={setTargeting} disabled={saving} />
      <div className={styles.shareActions}>
        <Button variant="secondary" onClick={onCancel} disabled={saving} data-testid="running-editor-cancel">
          {t('campaigns.list.edit.cancel')}
        </Button>
        <Button onClick={update} busy={saving} disabled={pendingMedia} data-testid="running-editor-update">
          {t('campaigns.list.edit.update')}
        </Button>
      </div>
      <Modal open={confirm} onOpenChange={setConfirm} title={t('campaigns.list.edit.disabledTitle')} closeLabel={t('common.close')}>
        <p>{t('campaigns.list.edit.disabledText', { count: setup.disabled_variations.length })}</p>
        <div className={styles.shareActions}>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t('campaigns.list.edit.cancel')}
          </Button>
          <Button onClick={() => void save()} data-testid="running-editor-proceed">
            {t('campaigns.list.edit.proceed')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
