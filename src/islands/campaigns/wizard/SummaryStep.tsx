// spec 2 §2 Summary step: per cluster a read-only summary of its creative and targeting, the total
// ad count, budget, runtime and accounts; "Preview ads" opens the (lazy) preview modal, whose
// overlay switches variations on and off; Publish (./publish) after a confirmation of what will be
// spent (and of the variations that stay disabled).
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { Creative, SetupProcess, Targeting } from '../../../lib/contracts/setup-process';
import type { MetaAsset } from '../../../lib/contracts/meta-connect';
import type { TopicKeyword } from '../../../lib/contracts/taste-clusters';
import { totalAds } from '../../../lib/campaigns/setup-rules';
import { getEnabledAssets } from '../../../lib/api/setupProcess';
import { metaConnectApi } from '../../../lib/api/metaConnect';
import { SandboxBadge } from '../../ui/SandboxBadge';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../events/detail/format';
import { runtimeDays } from '../setup/setupRules';
import type { ClusterInfo } from './AdsStep';
import { ClusterSummary } from './ClusterSummary';
import { StepActions } from './StepActions';
import { stepFocusProps } from './stepFocus';
import { clusterKey, selectionOf, targetingOf } from './wizardRules';
import type { EditSetup } from './useSetupProcess';
import styles from './Wizard.module.css';

// spec 2 / issue 14: the previews (and their renderers) load only when opened.
const PreviewModal = lazy(() => import('./previews/PreviewModal'));

const day = (iso: string) => iso.split('-').reverse().join('.');

export function SummaryStep({
  eventId,
  setup,
  clusters,
  currency,
  onEdit,
  canPublish,
  publishing,
  publishError,
  onPublish,
  onBack,
  onCancel,
}: {
  eventId: string;
  setup: SetupProcess;
  clusters: Record<string, ClusterInfo>;
  currency: string;
  onEdit: EditSetup;
  canPublish: boolean;
  publishing: boolean;
  publishError: string | null;
  /** `confirmed`: the user accepted that variations stay disabled. */
  onPublish(): void;
  onBack(): void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const lng = i18n.language;
  const [assets, setAssets] = useState<MetaAsset[]>([]);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const selection = selectionOf(setup.integration_details);
  const adAccount = selection['facebook.ad_account'];

  // Whether Meta is the sandbox: the publish question then says that nothing is spent.
  const [sandbox, setSandbox] = useState(false);
  useEffect(() => {
    const c = new AbortController();
    getEnabledAssets(c.signal).then((r) => setAssets(r.items), () => undefined);
    metaConnectApi({ kind: 'user' }).status().then((s) => !c.signal.aborted && setSandbox(s.sandbox), () => undefined);
    return () => c.abort();
  }, []);

  const label = (id: string | undefined) => (id ? (assets.find((a) => a.id === id)?.asset_label ?? '…') : t('campaigns.wizard.accounts.none'));
  const disabled = Object.values(setup.disabled_variations).reduce((n, l) => n + l.length, 0);

  const toggleVariation = (tc: number, code: string, enabled: boolean) =>
    onEdit((s) => {
      const key = String(tc);
      const list = new Set(s.disabled_variations[key] ?? []);
      if (enabled) list.delete(code);
      else list.add(code);
      return {
        disabled_variations: { ...s.disabled_variations, [key]: [...list] },
        creatives: s.creatives.map((c) => (c.tc === tc ? { ...c, excluded_variations: [...list] } : c)),
      };
    });

  return (
    <div className={styles.stepBody} data-testid="summary-step">
      <h3 className={styles.stepTitle} {...stepFocusProps}>
        {t('campaigns.wizard.summary.title')}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('campaigns.wizard.summary.totalAds')}</dt>
          <dd data-testid="total-ads">{totalAds(setup.creatives)}</dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.summary.budget')}</dt>
          <dd>
            {formatMoney(setup.total_budget, currency, lng)}
            {setup.budget_in_ad_account_currency && setup.budget_in_ad_account_currency.currency !== currency && ` (${formatMoney(setup.budget_in_ad_account_currency.amount, setup.budget_in_ad_account_currency.currency, lng)})`}
          </dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.summary.runtime')}</dt>
          <dd>{t('campaigns.wizard.summary.runtimeValue', { start: day(setup.start_date), end: day(setup.end_date), count: runtimeDays(setup.start_date, setup.end_date) })}</dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.summary.goal')}</dt>
          <dd>{t(`campaigns.setup.goal.${setup.goal}.name`)}</dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.accounts.facebook_ad_account')}</dt>
          <dd>{label(selection['facebook.ad_account'])}</dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.accounts.facebook_profile')}</dt>
          <dd>{label(selection['facebook.profile'])}</dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.accounts.facebook_pixel')}</dt>
          <dd>{label(selection['facebook.pixel'])}</dd>
        </div>
        <div>
          <dt>{t('campaigns.wizard.accounts.instagram_profile')}</dt>
          <dd>{label(selection['instagram.profile'])}</dd>
        </div>
      </dl>

      {setup.creatives.map((c) => (
        <ClusterSummary
          key={clusterKey(c)}
          creative={c}
          targeting={targetingOf(setup, c)}
          alias={clusters[clusterKey(c)]?.alias ?? String(c.tc)}
          keywords={clusters[clusterKey(c)]?.keywords ?? []}
          adAccount={adAccount ?? null}
          disabled={setup.disabled_variations[String(c.tc)]?.length ?? 0}
        />
      ))}

      <div className={styles.previewRow}>
        <Button variant="secondary" iconName="monitor" onClick={() => setPreviewOpen(true)} data-testid="preview-ads" disabled={!selection['facebook.profile'] || !adAccount}>
          {t('campaigns.wizard.summary.preview')}
        </Button>
        {!setup.wizard.preview_viewed && (
          <p className={styles.hint} id={`${uid}-preview-first`}>
            {t('campaigns.wizard.summary.previewFirst')}
          </p>
        )}
      </div>
      {publishError && (
        <p className="alert alert--error" role="alert" data-testid="publish-error">
          {publishError}
        </p>
      )}
      <StepActions
        onBack={onBack}
        onCancel={onCancel}
        next={{ onClick: () => setConfirm(true), disabled: !canPublish, busy: publishing, label: t('campaigns.wizard.actions.publish'), describedBy: setup.wizard.preview_viewed ? undefined : `${uid}-preview-first` }}
      />

      {previewOpen && selection['facebook.profile'] && adAccount && (
        <Suspense fallback={null}>
          <PreviewModal
            open={previewOpen}
            onClose={() => setPreviewOpen(false)}
            eventId={eventId}
            creatives={setup.creatives}
            aliases={Object.fromEntries(setup.creatives.map((c) => [c.tc, clusters[clusterKey(c)]?.alias ?? String(c.tc)]))}
            assets={{ pageAssetId: selection['facebook.profile'], instagramAssetId: selection['instagram.profile'] ?? null, adAccountAssetId: adAccount }}
            mode="setup"
            disabledVariations={setup.disabled_variations}
            onToggleVariation={toggleVariation}
            onViewed={() => !setup.wizard.preview_viewed && onEdit((s) => ({ wizard: { ...s.wizard, preview_viewed: true } }))}
          />
        </Suspense>
      )}
      {/* Publishing spends money: always asked once, with what will be spent and when (and the
          variations that stay off, spec 2 §2's confirmation, folded into the same question). */}
      <Modal open={confirm} onOpenChange={setConfirm} title={t('campaigns.wizard.publish.confirmTitle', { count: setup.creatives.length })} closeLabel={t('common.close')}>
        <p data-testid="publish-spend">
          {t('campaigns.wizard.publish.confirmText', { budget: formatMoney(setup.total_budget, currency, lng), start: day(setup.start_date), end: day(setup.end_date) })}
        </p>
        {disabled > 0 && <p data-testid="publish-disabled">{t('campaigns.wizard.publish.disabledText', { count: disabled })}</p>}
        {sandbox && (
          <p data-testid="publish-sandbox">
            <SandboxBadge /> {t('campaigns.wizard.publish.confirmSandbox')}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirm(false)} data-testid="publish-cancel">
            {t('campaigns.wizard.publish.cancel')}
          </Button>
          <Button
            onClick={() => {
              setConfirm(false);
              onPublish();
            }}
            data-testid="publish-confirm"
          >
            {t('campaigns.wizard.publish.confirmProceed')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
