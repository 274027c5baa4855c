// spec 2 §2 Accounts step: ad account and page required; pixel, Instagram account and lead form
// optional; conversion goal and custom event per §4 "Goal and result rules"; §4 "Asset selection"
// (dependent choices re-validated, non-viable assets listed but not selectable, the permission
// warning linking to /settings#meta). Next asks Meta whether the chosen assets are usable
// (POST assets/enrich) and moves on only when all are.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SetupProblem, SetupProcess, SetupUpdateBody } from '../../../lib/contracts/setup-process';
import { pixelProblem, pixelRequired } from '../../../lib/campaigns/setup-rules';
import type { AssetKey, EnrichedAsset, MetaAsset } from '../../../lib/contracts/meta-connect';
import type { ConversionList, CustomEventTypeName, LeadFormList } from '../../../lib/contracts/meta-lookups';
import { enrichAssets, getEnabledAssets } from '../../../lib/api/setupProcess';
import { getConversions, getEventTypes, getLeadForms } from '../../../lib/api/metaLookups';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { StepActions } from './StepActions';
import { stepFocusProps } from './stepFocus';
import { Skeleton } from '../../events/detail/Section';
import {
  conversionShown,
  currencyMismatch,
  defaultSelection,
  detailsOf,
  integrationsValid,
  leadFormEnabled,
  problemMessageKey,
  revalidate,
  selectionOf,
  viable,
  withConversion,
  withCustomEvent,
  withLeadForm,
  type ResultChoice,
  type Selection,
} from './wizardRules';
import type { EditSetup } from './useSetupProcess';
import styles from './Wizard.module.css';

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, attempt = 0): Load<T> {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => setState({ status: 'ready', value }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; the key says when it asks something new.
  }, [key, attempt]);
  return state;
}

const ORDER: { key: AssetKey; required: boolean }[] = [
  { key: 'facebook.ad_account', required: true },
  { key: 'facebook.profile', required: true },
  { key: 'facebook.pixel', required: false },
  { key: 'instagram.profile', required: false },
];

const SETTINGS_META = '/settings#meta';

export function AccountsStep({
  setup,
  currency,
  onEdit,
  hasActiveCampaigns,
  onBack,
  onNext,
  onCancel,
  busy,
  publishError,
  problems = [],
  onFixed,
}: {
  setup: SetupProcess;
  /** The partner's currency (the budget's). */
  currency: string;
  onEdit: EditSetup;
  hasActiveCampaigns: boolean;
  onBack(): void;
  onNext(): void;
  onCancel(): void;
  /** An autosave waits or runs. */
  busy: boolean;
  /** Publishing came back here with INVALID_ACCOUNTS. */
  publishError: string | null;
  /** Publishing's problems that belong here (setup-rules problemPlace step 2), shown at their field. */
  problems?: SetupProblem[];
  /** A problem's field changed: it is taken off the list. */
  onFixed?(solved: (p: SetupProblem) => boolean): void;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [attempt, setAttempt] = useState(0);
  const assetsLoad = useLoad('assets', (s) => getEnabledAssets(s).then((r) => r.items), attempt);
  const assets = assetsLoad.status === 'ready' ? assetsLoad.value : [];
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(publishError);
  const [invalid, setInvalid] = useState<EnrichedAsset[]>([]);
  // spec 2 §2: with active campaigns the accounts stay as they are (controls disabled); Next still
  // checks and moves on.
  const locked = hasActiveCampaigns;

  const selection = useMemo(() => selectionOf(setup.integration_details), [setup.integration_details]);
  const choice: ResultChoice = { goal: setup.goal, lead_form_id: setup.lead_form_id, conversion_id: setup.conversion_id, custom_event_type: setup.custom_event_type };
  const applyChoice = (c: ResultChoice) => onEdit({ lead_form_id: c.lead_form_id, conversion_id: c.conversion_id, custom_event_type: c.custom_event_type });

  // A setup without accounts starts with the first usable ad account and page. Locked too: the
  // controls cannot change what it has, but Next (which spec 2 §2 leaves enabled) must not be
  // stuck on a setup that has no accounts at all.
  useEffect(() => {
    if (assetsLoad.status !== 'ready' || setup.integration_details.length) return;
    const first = defaultSelection(assets, currency);
    if (Object.keys(first).length) onEdit({ integration_details: detailsOf(first) });
  }, [assetsLoad.status]);

  const choose = (key: AssetKey, id: string | null) => {
    onFixed?.((p) => p.field === key);
    const next: Selection = { ...selection };
    if (id) next[key] = id;
    else delete next[key];
    const checked = revalidate(next, assets, key);
    setInvalid([]);
    setCheckError(null);
    const patch: SetupUpdateBody = { integration_details: detailsOf(checked) };
    // Without a pixel there is no conversion goal to keep.
    if (key === 'facebook.pixel' && !checked['facebook.pixel'] && setup.conversion_id) patch.conversion_id = null;
    // Lead forms belong to a page and an ad account: another one forgets the chosen form.
    if ((key === 'facebook.profile' || key === 'facebook.ad_account') && setup.lead_form_id) {
      const c = withLeadForm(choice, null);
      Object.assign(patch, { lead_form_id: c.lead_form_id, conversion_id: c.conversion_id, custom_event_type: c.custom_event_type });
    }
    onEdit(patch);
  };

  const adAccount = selection['facebook.ad_account'] ?? null;
  const pageId = selection['facebook.profile'] ?? null;
  const hasPixel = !!selection['facebook.pixel'];
  const leadFormsOn = leadFormEnabled(setup.goal, hasActiveCampaigns);
  const showConversion = conversionShown(hasPixel, setup.goal);
  const leadForms = useLoad<LeadFormList>(leadFormsOn && adAccount && pageId ? `${pageId}:${adAccount}` : null, (s) => getLeadForms(pageId!, adAccount!, s));
  const conversions = useLoad<ConversionList>(showConversion && adAccount ? `${adAccount}:${setup.lead_form_id ?? ''}` : null, (s) => getConversions(adAccount!, setup.lead_form_id ?? undefined, s));
  const eventTypes = useLoad<CustomEventTypeName[]>(`types:${setup.lead_form_id ?? ''}`, (s) => getEventTypes(setup.lead_form_id ?? undefined, s));
  const customTypes = (eventTypes.status === 'ready' ? eventTypes.value : ['PURCHASE']).filter((x): x is 'PURCHASE' | 'LEAD' => x === 'PURCHASE' || x === 'LEAD');

  // issue 20 §2.2: the one pixel rule (setup-rules), said in the label and next to the field before Next.
  const needsPixel = pixelRequired(setup.goal, setup.lead_form_id);
  const missingPixel = pixelProblem(setup.goal, setup.lead_form_id, hasPixel);
  const valid = integrationsValid(selection, assets) && !missingPixel && (!showConversion || !!setup.conversion_id);
  // What is wrong with each field: the server's problems, and the pixel rule as the user chooses.
  const fieldProblems = (key: string): string[] => {
    const keys = problems.filter((p) => p.field === key).map(problemMessageKey);
    if (key === 'facebook.pixel' && missingPixel) keys.push(problemMessageKey(missingPixel));
    return [...new Set(keys)];
  };
  // Publishing came back with problems: the first one's field is brought into view.
  const fieldsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length && assetsLoad.status === 'ready') fieldsRef.current?.querySelector('[data-problem]')?.scrollIntoView({ block: 'center' });
  }, [problems.length, assetsLoad.status]);
  const id = (n: string) => `${uid}-${n}`;
  // What a disabled Next waits for (listed above it, issue 20 §2.6).
  const missing = [
    ...ORDER.filter(({ key, required }) => (required || (key === 'facebook.pixel' && !!missingPixel)) && !selection[key]).map(({ key }) => t(`campaigns.wizard.accounts.${key.replace('.', '_')}`)),
    ...(showConversion && !setup.conversion_id ? [t('campaigns.wizard.accounts.conversion')] : []),
  ].map((field) => t('campaigns.wizard.missing.choose', { field }));
  const lacking = ORDER.map(({ key }) => assets.find((a) => a.id === selection[key])).filter((a): a is MetaAsset => !!a && !a.valid);

  const next = async () => {
    setChecking(true);
    setCheckError(null);
    try {
      const chosen = ORDER.map(({ key }) => assets.find((a) => a.id === selection[key])).filter((a): a is MetaAsset => !!a);
      const { items } = await enrichAssets(chosen.map((a) => ({ id: a.id, asset_id: a.asset_id, asset_class: a.asset_class, platform: a.platform })));
      const bad = items.filter((i) => !i.valid);
      setInvalid(bad);
      if (bad.length || items.length < chosen.length) setCheckError(t('campaigns.wizard.errors.invalidAccounts'));
      else onNext();
    } catch {
      setCheckError(t('common.genericError'));
    } finally {
      setChecking(false);
    }
  };

  if (assetsLoad.status === 'loading') return <Skeleton lines={4} />;
  if (assetsLoad.status === 'error')
    return (
      <div className="alert alert--error" role="alert">
        {t('common.genericError')}{' '}
        <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (!assets.length)
    return (
      <div className={styles.stepBody} data-testid="accounts-step">
        <div className="alert alert--warning" role="alert" data-testid="no-meta-connection" {...stepFocusProps}>
          <p>{t('campaigns.wizard.accounts.noConnection')}</p>
          <a href={SETTINGS_META}>{t('campaigns.wizard.accounts.connectLink')}</a>
        </div>
        <StepActions onBack={onBack} onCancel={onCancel} next={null} />
      </div>
    );

  return (
    <div className={styles.stepBody} data-testid="accounts-step">
      <h3 className={styles.stepTitle} {...stepFocusProps}>
        {t('campaigns.wizard.accounts.title')}
      </h3>
      {locked && <p className="alert alert--warning">{t('campaigns.wizard.accounts.locked')}</p>}
      <div className={styles.fields} ref={fieldsRef}>
        {ORDER.map(({ key, required: always }) => {
          const options = assets.filter((a) => a.key === key);
          const current = selection[key] ?? '';
          const required = always || (key === 'facebook.pixel' && needsPixel);
          const messages = fieldProblems(key);
          return (
            <div className="field" key={key}>
              <label htmlFor={id(key)}>
                {t(`campaigns.wizard.accounts.${key.replace('.', '_')}`)}
                {!required && <span className={styles.optional}> {t('campaigns.wizard.accounts.optional')}</span>}
                {required && !always && <span className={styles.optional}> {t('campaigns.wizard.accounts.pixelForGoal')}</span>}
              </label>
              <select
                id={id(key)}
                className="input"
                value={current}
                disabled={locked}
                required={required}
                aria-invalid={messages.length ? true : undefined}
                aria-describedby={messages.length ? id(`${key}-problem`) : undefined}
                onChange={(e) => choose(key, e.currentTarget.value || null)}
                data-testid={`asset-${key}`}
              >
                {(!required || !current) && <option value="">{required ? t('campaigns.wizard.accounts.choose') : t('campaigns.wizard.accounts.none')}</option>}
                {options.map((a) => {
                  const ok = a.id === current || viable(a, selection, assets);
                  return (
                    <option key={a.id} value={a.id} disabled={!ok}>
                      {a.asset_label}
                      {a.currency ? ` (${a.currency})` : ''}
                      {ok ? '' : ` — ${t(key === 'instagram.profile' ? 'campaigns.wizard.accounts.instagramNotViable' : 'campaigns.wizard.accounts.notViable')}`}
                    </option>
                  );
                })}
              </select>
              {messages.length > 0 && (
                <p id={id(`${key}-problem`)} className={styles.errorText} data-problem={key} data-testid={`problem-${key}`}>
                  {messages.map((m) => t(m)).join(' ')}
                </p>
              )}
            </div>
          );
        })}

        <div className="field">
          <label htmlFor={id('lead')}>
            {t('campaigns.wizard.accounts.leadForm')} <span className={styles.optional}>{t('campaigns.wizard.accounts.optional')}</span>
          </label>
          <select
            id={id('lead')}
            className="input"
            value={setup.lead_form_id ?? ''}
            disabled={!leadFormsOn || leadForms.status !== 'ready'}
            onChange={(e) => applyChoice(withLeadForm(choice, e.currentTarget.value || null))}
            data-testid="lead-form"
          >
            <option value="">{t('campaigns.wizard.accounts.none')}</option>
            {leadForms.status === 'ready' && leadForms.value.items.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </select>
          {!leadFormsOn && <p className={styles.hint}>{t(hasActiveCampaigns ? 'campaigns.wizard.accounts.leadFormActive' : 'campaigns.wizard.accounts.leadFormGoal')}</p>}
        </div>

        <div className="field">
          <label htmlFor={id('event')}>{t('campaigns.wizard.accounts.customEvent')}</label>
          <select id={id('event')} className="input" value={setup.custom_event_type} disabled={locked} onChange={(e) => applyChoice(withCustomEvent(choice, e.currentTarget.value as 'PURCHASE' | 'LEAD'))} data-testid="custom-event">
            {[...new Set([...customTypes, setup.custom_event_type])].map((x) => (
              <option key={x} value={x}>
                {t(`campaigns.wizard.accounts.eventTypes.${x}`)}
              </option>
            ))}
          </select>
        </div>

        {showConversion && (
          <div className="field">
            <label htmlFor={id('conversion')}>{t('campaigns.wizard.accounts.conversion')}</label>
            <select id={id('conversion')} className="input" required value={setup.conversion_id ?? ''} disabled={locked || conversions.status !== 'ready'} onChange={(e) => applyChoice(withConversion(choice, e.currentTarget.value || null))} data-testid="conversion">
              <option value="">{t('campaigns.wizard.accounts.choose')}</option>
              {conversions.status === 'ready' && conversions.value.items.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
            {conversions.status === 'error' && <p className={styles.errorText}>{t('common.errors.inServerResponse')}</p>}
          </div>
        )}
      </div>

      {(() => {
        const other = currencyMismatch(selection, assets, currency);
        return other ? (
          <p className="alert alert--warning" data-testid="currency-warning">
            {t('campaigns.wizard.accounts.currency', { account: other, currency })}
          </p>
        ) : null;
      })()}
      {[...lacking.map((a) => ({ label: a.asset_label, id: a.asset_id })), ...invalid.map((i) => ({ label: i.asset_label ?? i.asset_id, id: i.asset_id }))].map((a) => (
        <p key={a.id} className="alert alert--warning" data-testid="permission-warning">
          {t('campaigns.wizard.accounts.permission', { account: a.label, id: a.id })} <a href={SETTINGS_META}>{t('campaigns.wizard.accounts.reconnect')}</a>
        </p>
      ))}
      {checkError && (
        <p className="alert alert--error" role="alert" data-testid="accounts-error">
          {checkError} <a href={SETTINGS_META}>{t('campaigns.wizard.accounts.reconnect')}</a>
        </p>
      )}
      <StepActions onBack={onBack} onCancel={onCancel} next={{ onClick: () => void next(), disabled: !valid || busy, busy: checking, missing }} />
    </div>
  );
}
