// spec 2 §4 "Wizard", "Goal and result rules", "Asset selection" and §5 "Integrations" as pure
// functions: which step may be left or clicked, how goal, lead form, custom event and conversion
// follow each other, and which Meta assets may be chosen together. Unit tested apart from React.
import type { CampaignGoal } from '../../../lib/contracts/taste-clusters';
import { SETUP_STEPS } from '../../../lib/campaigns/setup-constants';
import type { Creative, IntegrationDetail, SetupProblem, SetupProcess, Targeting } from '../../../lib/contracts/setup-process';
import type { AssetKey, MetaAsset } from '../../../lib/contracts/meta-connect';
import { creativeProblems, integrationProblems, targetingCode, targetingModeOptions } from '../../../lib/campaigns/setup-rules';
import { defaultMode } from './targeting/targetingMode';
import { DEFAULT_AGE_RANGE } from '../../../lib/campaigns/setup-defaults';

export type Step = 1 | 2 | 3 | 4 | 5;
export const STEPS: readonly Step[] = [1, 2, 3, 4, 5];

/** What the §4 step checks look at (spec 2 §3 Wizard state). */
export interface StepFlags {
  integrationsValid: boolean;
  creativesValid: boolean;
  targetingValid: boolean;
  hasPendingMedia: boolean;
  /** An autosave waits or runs. */
  pendingSync: boolean;
  loading: boolean;
  previewViewed: boolean;
}

/**
 * spec 2 §4: whether the wizard may move on from `step`. Step 1 is the new-setup panel (its own
 * Start rules); step 5 is reached only by publishing, never through this check.
 */
export function canLeaveStep(step: Step, f: StepFlags): boolean {
  const ads = f.integrationsValid && f.creativesValid && f.targetingValid && !f.pendingSync && !f.loading;
  switch (step) {
    case 1:
      return !f.loading;
    case 2:
      return f.integrationsValid && !f.loading;
    case 3:
      return ads && !f.hasPendingMedia;
    case 4:
      return ads && f.previewViewed;
    default:
      return false;
  }
}

/** Next: a no-op at 5 (and from 4 only publishing reaches 5). */
export const nextStep = (step: Step, f: StepFlags): Step => (step >= 4 || !canLeaveStep(step, f) ? step : ((step + 1) as Step));
/** Previous: a no-op at 1. */
export const previousStep = (step: Step): Step => (step <= 1 ? 1 : ((step - 1) as Step));

/** spec 2 §2: a progress step is clickable only while a setup is pending and once it was completed; never step 1 (nor 5). */
export function stepClickable(step: Step, current: Step, s: { pending: boolean; completedStep: number }): boolean {
  return s.pending && step !== current && step > 1 && step < SETUP_STEPS && step <= s.completedStep;
}

/** The highest completed step after leaving `from` forwards. */
export const completedAfter = (completed: number, from: Step) => Math.max(completed, from);

/** The step a saved setup resumes at: its saved step, at least 2 (step 1 is the panel). */
export function resumeStep(setup: Pick<SetupProcess, 'status' | 'wizard'> | null): Step {
  if (!setup || setup.status === 'published' || setup.status === 'cancelled') return 1;
  const s = Math.min(4, Math.max(2, setup.wizard.current_step));
  return s as Step;
}

// ---------------------------------------------------------------------------------------------
// Goal and result rules (spec 2 §4). The reading applied: choosing a lead form or a custom event
// clears the conversion; removing the lead form resets to PURCHASE; a conversion sets LEAD with a
// lead form, else PURCHASE.

export interface ResultChoice {
  goal: CampaignGoal;
  lead_form_id: string | null;
  conversion_id: string | null;
  custom_event_type: 'PURCHASE' | 'LEAD';
}

export const leadFormEnabled = (goal: CampaignGoal, hasActiveCampaigns: boolean) => goal === 'UTILIZATION' && !hasActiveCampaigns;
export const conversionShown = (hasPixel: boolean, goal: CampaignGoal) => hasPixel && goal !== 'VISIBILITY';

export function withGoal(c: ResultChoice, goal: CampaignGoal): ResultChoice {
  if (goal === 'UTILIZATION' || !c.lead_form_id) return { ...c, goal };
  return { ...c, goal, lead_form_id: null, custom_event_type: 'PURCHASE', conversion_id: null };
}

export function withLeadForm(c: ResultChoice, leadFormId: string | null): ResultChoice {
  if (leadFormId === c.lead_form_id) return c;
  if (!leadFormId) return { ...c, lead_form_id: null, custom_event_type: 'PURCHASE', conversion_id: null };
  return { ...c, lead_form_id: leadFormId, custom_event_type: 'LEAD', conversion_id: null };
}

export function withCustomEvent(c: ResultChoice, type: 'PURCHASE' | 'LEAD'): ResultChoice {
  return type === c.custom_event_type ? c : { ...c, custom_event_type: type, conversion_id: null };
}

export function withConversion(c: ResultChoice, conversionId: string | null): ResultChoice {
  return { ...c, conversion_id: conversionId, custom_event_type: c.lead_form_id ? 'LEAD' : 'PURCHASE' };
}

/** spec 2 §2: the conversion goal is required when it is shown. */
export const resultValid = (c: ResultChoice, hasPixel: boolean) => !conversionShown(hasPixel, c.goal) || !!c.conversion_id;

// ---------------------------------------------------------------------------------------------
// Asset selection (spec 2 §4, §5 Integrations)

export type Selection = Partial<Record<AssetKey, string>>;

const usable = (a: MetaAsset) => a.is_enabled && a.is_active && a.valid;

/**
 * Whether an asset can be chosen with the rest of the selection: usable, and a pixel must belong
 * to the chosen ad account, an Instagram account to the chosen page (connected_assets holds Meta ids).
 */
export function viable(asset: MetaAsset, selection: Selection, assets: readonly MetaAsset[]): boolean {
  if (!usable(asset)) return false;
  const metaIdOf = (key: AssetKey) => assets.find((a) => a.id === selection[key])?.asset_id;
  if (asset.key === 'facebook.pixel') {
    const account = metaIdOf('facebook.ad_account');
    return !!account && asset.connected_assets.includes(account);
  }
  if (asset.key === 'instagram.profile') {
    const page = metaIdOf('facebook.profile');
    return !!page && asset.connected_assets.includes(page);
  }
  return true;
}

/**
 * spec 2 §4: after an ad account or page changed, a dependent choice (pixel, Instagram) that is no
 * longer viable is dropped and replaced by the first viable one, if any. Optional choices the user
 * left empty stay empty.
 */
export function revalidate(selection: Selection, assets: readonly MetaAsset[], changed: AssetKey): Selection {
  const next: Selection = { ...selection };
  const dependents: AssetKey[] = changed === 'facebook.ad_account' ? ['facebook.pixel'] : changed === 'facebook.profile' ? ['instagram.profile'] : [];
  for (const key of dependents) {
    const current = assets.find((a) => a.id === next[key]);
    if (!current || viable(current, next, assets)) continue;
    const replacement = assets.find((a) => a.key === key && viable(a, next, assets));
    if (replacement) next[key] = replacement.id;
    else delete next[key];
  }
  return next;
}

/**
 * The first viable asset of each required class, for a setup that has none yet; an ad account in
 * the partner's currency first (the budget is in it; the server refuses to publish with another).
 */
export function defaultSelection(assets: readonly MetaAsset[], currency?: string): Selection {
  const s: Selection = {};
  for (const key of ['facebook.ad_account', 'facebook.profile'] as const) {
    const usableOnes = assets.filter((a) => a.key === key && viable(a, s, assets));
    const first = usableOnes.find((a) => !!currency && a.currency?.toUpperCase() === currency.toUpperCase()) ?? usableOnes[0];
    if (first) s[key] = first.id;
  }
  return s;
}

/** The chosen ad account's currency differs from the partner's (a warning on the Accounts step). */
export function currencyMismatch(selection: Selection, assets: readonly MetaAsset[], currency: string): string | null {
  const account = assets.find((a) => a.id === selection['facebook.ad_account']);
  return account?.currency && account.currency.toUpperCase() !== currency.toUpperCase() ? account.currency : null;
}

export function selectionOf(details: readonly IntegrationDetail[]): Selection {
  const s: Selection = {};
  for (const d of details) s[d.asset_class] = d.asset_id;
  return s;
}

export function detailsOf(selection: Selection): IntegrationDetail[] {
  return (Object.entries(selection) as [AssetKey, string | undefined][])
    .filter((e): e is [AssetKey, string] => !!e[1])
    .map(([asset_class, asset_id]) => ({ asset_class, asset_id, platform: asset_class.startsWith('instagram') ? 'instagram' : 'facebook' }));
}

/** spec 2 §5 Integrations: an ad account, a Facebook page, and every chosen asset usable. */
export function integrationsValid(selection: Selection, assets: readonly MetaAsset[]): boolean {
  const invalid = new Set(
    Object.values(selection).filter((id): id is string => {
      const a = assets.find((x) => x.id === id);
      return !!id && (!a || !viable(a, selection, assets));
    }),
  );
  return integrationProblems(detailsOf(selection), invalid).length === 0;
}

// ---------------------------------------------------------------------------------------------
// Ads validity per cluster (spec 2 §5 Creative, Targeting)

/**
 * The creative fields a cluster still lacks, once each and in form order ('destination_url.1' and
 * 'destination_url' are one field): what the Ads step names instead of "something is incomplete".
 */
export function incompleteCreativeFields(creative: Creative): string[] {
  return [...new Set(creativeProblems(creative).map((p) => (p.field ?? '').split('.')[0]!).filter(Boolean))];
}

export function clusterValidity(creative: Creative, targeting: Targeting | undefined, geoOnly: boolean): { creative: boolean; targeting: boolean } {
  return {
    creative: creativeProblems(creative).length === 0,
    targeting: targetingCode(targeting, { hasAudience: !!creative.audience_id, geoOnly }) === null,
  };
}

/** A cluster's targeting as it starts: the defaults of spec 2 §5 (ages 18–65, no mode chosen). */
export function emptyTargeting(c: Pick<Creative, 'tc' | 'tc_run_id'>): Targeting {
  return { tc: c.tc, tc_run_id: c.tc_run_id, targeting_mode: null, age_range: { ...DEFAULT_AGE_RANGE }, postal_codes: {}, range_locations: null };
}

export const clusterKey = (c: Pick<Creative, 'tc' | 'tc_run_id'>) => `${c.tc_run_id}:${c.tc}`;

/** A cluster's targeting, or its defaults while it has none. */
export function targetingOf(setup: Pick<SetupProcess, 'targeting'>, c: Pick<Creative, 'tc' | 'tc_run_id'>): Targeting {
  return setup.targeting.find((x) => x.tc === c.tc && x.tc_run_id === c.tc_run_id) ?? emptyTargeting(c);
}

/**
 * spec 2 §4 "Defaults depend on permission": every cluster without a targeting mode gets its
 * default one when the Ads step opens, not only the tab that is shown. Null when none lacks one.
 */
export function withDefaultModes(setup: Pick<SetupProcess, 'creatives' | 'targeting'>, geoOnly: boolean): Targeting[] | null {
  const lacking = setup.creatives.filter((c) => !targetingOf(setup, c).targeting_mode);
  if (!lacking.length) return null;
  return setup.creatives.map((c) => {
    const t = targetingOf(setup, c);
    return t.targeting_mode ? t : { ...t, targeting_mode: defaultMode(targetingModeOptions(!!c.audience_id, geoOnly)) };
  });
}

/**
 * A cluster's edited creative among the others: spec 2 §5, a call to action chosen for one cluster
 * is shared with the clusters that lack one, and clusters that inherit take the first cluster's
 * valid URLs (blank entries kept: they are the form's empty rows).
 */
export function withEditedCreative(creatives: readonly Creative[], next: Creative, isUrl: (u: string) => boolean): Creative[] {
  const key = clusterKey(next);
  const before = creatives.find((c) => clusterKey(c) === key);
  const sharedCta = next.call_to_action && next.call_to_action !== before?.call_to_action ? next.call_to_action : null;
  const first = creatives[0] && clusterKey(creatives[0]) === key;
  const urls = first ? next.destination_url.filter((u) => !u.trim() || isUrl(u)) : null;
  return creatives.map((c, i) => {
    if (clusterKey(c) === key) return next;
    let out = c;
    if (sharedCta && !c.call_to_action) out = { ...out, call_to_action: sharedCta };
    if (urls && i > 0 && c.destination_url_inherited) out = { ...out, destination_url: urls };
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Messages of the server's problems (issue 20 §2.2; their place is setup-rules problemPlace)

/** The translation key of a problem's message: server codes, targeting codes, or the common key itself. */
export function problemMessageKey(p: Pick<SetupProblem, 'area' | 'code'>): string {
  if (p.code.startsWith('error.')) return `common.serverErrors.${p.code}`;
  if (p.area === 'targeting') return `campaigns.wizard.targeting.validation.${p.code}`;
  if (p.code.startsWith('common.')) return p.code;
  // ALL_VARIATIONS_DISABLED, a bad variation code: the Ads step's general text.
  return 'campaigns.wizard.errors.invalidSetup';
}
