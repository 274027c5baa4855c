// spec 2 §4 Wizard, Goal and result rules, Asset selection; §5 Integrations — the wizard's pure rules.
import { describe, expect, it } from 'vitest';
import type { MetaAsset } from '../../../src/lib/contracts/meta-connect';
import type { Creative } from '../../../src/lib/contracts/setup-process';
import {
  canLeaveStep,
  clusterValidity,
  conversionShown,
  currencyMismatch,
  defaultSelection,
  detailsOf,
  integrationsValid,
  leadFormEnabled,
  nextStep,
  previousStep,
  resultValid,
  resumeStep,
  revalidate,
  selectionOf,
  stepClickable,
  viable,
  withConversion,
  withDefaultModes,
  withEditedCreative,
  incompleteCreativeFields,
  withCustomEvent,
  withGoal,
  withLeadForm,
  type ResultChoice,
  type StepFlags,
} from '../../../src/islands/campaigns/wizard/wizardRules';

const ok: StepFlags = { integrationsValid: true, creativesValid: true, targetingValid: true, hasPendingMedia: false, pendingSync: false, loading: false, previewViewed: true };

describe('steps', () => {
  it('next is a no-op at 4 and 5, previous at 1', () => {
    expect(nextStep(2, ok)).toBe(3);
    expect(nextStep(3, ok)).toBe(4);
    expect(nextStep(4, ok)).toBe(4);
    expect(nextStep(5, ok)).toBe(5);
    expect(previousStep(1)).toBe(1);
    expect(previousStep(4)).toBe(3);
  });
  it('step 2 needs valid integrations and no loading', () => {
    expect(canLeaveStep(2, ok)).toBe(true);
    expect(canLeaveStep(2, { ...ok, integrationsValid: false })).toBe(false);
    expect(canLeaveStep(2, { ...ok, loading: true })).toBe(false);
    // creatives do not matter yet
    expect(canLeaveStep(2, { ...ok, creativesValid: false, pendingSync: true })).toBe(true);
  });
  it('step 3 needs integrations, creatives, targeting, no pending media or sync', () => {
    expect(canLeaveStep(3, { ...ok, previewViewed: false })).toBe(true);
    for (const bad of [{ creativesValid: false }, { targetingValid: false }, { integrationsValid: false }, { hasPendingMedia: true }, { pendingSync: true }, { loading: true }])
      expect(canLeaveStep(3, { ...ok, ...bad }), JSON.stringify(bad)).toBe(false);
  });
  it('step 4 uses the preview-viewed flag instead of the pending-media check; step 5 never passes', () => {
    expect(canLeaveStep(4, { ...ok, hasPendingMedia: true })).toBe(true);
    expect(canLeaveStep(4, { ...ok, previewViewed: false })).toBe(false);
    expect(canLeaveStep(4, { ...ok, pendingSync: true })).toBe(false);
    expect(canLeaveStep(5, ok)).toBe(false);
    expect(nextStep(3, { ...ok, targetingValid: false })).toBe(3);
  });
  it('a step is clickable only while pending, once completed, never step 1, 5 or the current one', () => {
    const s = { pending: true, completedStep: 3 };
    expect(stepClickable(2, 4, s)).toBe(true);
    expect(stepClickable(3, 2, s)).toBe(true);
    expect(stepClickable(4, 2, s)).toBe(false);
    expect(stepClickable(1, 3, s)).toBe(false);
    expect(stepClickable(3, 3, s)).toBe(false);
    expect(stepClickable(5, 4, { pending: true, completedStep: 5 })).toBe(false);
    expect(stepClickable(2, 3, { pending: false, completedStep: 3 })).toBe(false);
  });
  it('a saved setup resumes at its step (2–4); none, published or cancelled start at 1', () => {
    const w = (current_step: number) => ({ current_step, current_completed_step: 2, preview_viewed: false });
    expect(resumeStep(null)).toBe(1);
    expect(resumeStep({ status: 'synced', wizard: w(3) })).toBe(3);
    expect(resumeStep({ status: 'created', wizard: w(1) })).toBe(2);
    expect(resumeStep({ status: 'synced', wizard: w(5) })).toBe(4);
    expect(resumeStep({ status: 'published', wizard: w(4) })).toBe(1);
    expect(resumeStep({ status: 'cancelled', wizard: w(3) })).toBe(1);
  });
});

describe('goal and result rules', () => {
  const base: ResultChoice = { goal: 'UTILIZATION', lead_form_id: null, conversion_id: null, custom_event_type: 'PURCHASE' };
  it('lead forms only for utilisation and without active campaigns; conversions only with a pixel and not for visibility', () => {
    expect(leadFormEnabled('UTILIZATION', false)).toBe(true);
    expect(leadFormEnabled('UTILIZATION', true)).toBe(false);
    expect(leadFormEnabled('ROAS', false)).toBe(false);
    expect(conversionShown(true, 'ROAS')).toBe(true);
    expect(conversionShown(true, 'VISIBILITY')).toBe(false);
    expect(conversionShown(false, 'UTILIZATION')).toBe(false);
  });
  it('a lead form makes the result LEAD and clears the conversion; removing it resets to PURCHASE', () => {
    const withForm = withLeadForm({ ...base, conversion_id: '77' }, '123');
    expect(withForm).toEqual({ ...base, lead_form_id: '123', custom_event_type: 'LEAD', conversion_id: null });
    expect(withLeadForm({ ...withForm, conversion_id: '9' }, null)).toEqual(base);
  });
  it('another goal than utilisation clears the lead form', () => {
    const c = { ...base, lead_form_id: '1', custom_event_type: 'LEAD' as const, conversion_id: '5' };
    expect(withGoal(c, 'ROAS')).toEqual({ goal: 'ROAS', lead_form_id: null, custom_event_type: 'PURCHASE', conversion_id: null });
    expect(withGoal(c, 'UTILIZATION')).toEqual(c);
    expect(withGoal({ ...base, conversion_id: '5' }, 'VISIBILITY')).toEqual({ ...base, goal: 'VISIBILITY', conversion_id: '5' });
  });
  it('a custom event clears the conversion; a conversion sets LEAD with a lead form, else PURCHASE', () => {
    expect(withCustomEvent({ ...base, conversion_id: '5' }, 'LEAD')).toEqual({ ...base, custom_event_type: 'LEAD' });
    expect(withConversion({ ...base, custom_event_type: 'LEAD' }, '5')).toEqual({ ...base, conversion_id: '5' });
    expect(withConversion({ ...base, lead_form_id: '1' }, '5').custom_event_type).toBe('LEAD');
  });
  it('the conversion goal is required only when shown', () => {
    expect(resultValid(base, true)).toBe(false);
    expect(resultValid({ ...base, conversion_id: '5' }, true)).toBe(true);
    expect(resultValid(base, false)).toBe(true);
    expect(resultValid({ ...base, goal: 'VISIBILITY' }, true)).toBe(true);
  });
});

let n = 0;
function asset(key: MetaAsset['key'], over: Partial<MetaAsset> = {}): MetaAsset {
  n += 1;
  const [platform, cls] = key.split('.') as ['facebook' | 'instagram', string];
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    asset_id: String(1000 + n),
    key,
    asset_label: `${key} ${n}`,
    platform,
    asset_class: cls === 'ad_account' ? 'ad_account' : cls === 'pixel' ? 'pixel' : 'profile',
    is_enabled: true,
    is_active: true,
    valid: true,
    currency: cls === 'ad_account' ? 'EUR' : null,
    connected_assets: [],
    date_created: '2026-01-01T00:00:00Z',
    usernames: [],
    asset_users: [],
    owned: true,
    ...over,
  };
}

describe('asset selection', () => {
  const acc1 = asset('facebook.ad_account');
  const acc2 = asset('facebook.ad_account');
  const accBad = asset('facebook.ad_account', { valid: false });
  const page1 = asset('facebook.profile');
  const page2 = asset('facebook.profile');
  const pixel1 = asset('facebook.pixel', { connected_assets: [acc1.asset_id] });
  const pixel2a = asset('facebook.pixel', { connected_assets: [acc2.asset_id], valid: false });
  const pixel2b = asset('facebook.pixel', { connected_assets: [acc2.asset_id] });
  const insta1 = asset('instagram.profile', { connected_assets: [page1.asset_id] });
  const all = [accBad, acc1, acc2, page1, page2, pixel1, pixel2a, pixel2b, insta1];

  it('an invalid asset is not viable; a pixel needs its ad account, an Instagram account its page', () => {
    expect(viable(accBad, {}, all)).toBe(false);
    expect(viable(acc1, {}, all)).toBe(true);
    expect(viable(pixel1, { 'facebook.ad_account': acc1.id }, all)).toBe(true);
    expect(viable(pixel1, { 'facebook.ad_account': acc2.id }, all)).toBe(false);
    expect(viable(pixel1, {}, all)).toBe(false);
    expect(viable(insta1, { 'facebook.profile': page1.id }, all)).toBe(true);
    expect(viable(insta1, { 'facebook.profile': page2.id }, all)).toBe(false);
  });
  it('changing the ad account drops a pixel that no longer fits for the first viable one', () => {
    const s = revalidate({ 'facebook.ad_account': acc2.id, 'facebook.pixel': pixel1.id }, all, 'facebook.ad_account');
    expect(s['facebook.pixel']).toBe(pixel2b.id);
  });
  it('changing the page drops an Instagram account without replacement when none fits', () => {
    const s = revalidate({ 'facebook.profile': page2.id, 'instagram.profile': insta1.id }, all, 'facebook.profile');
    expect(s).toEqual({ 'facebook.profile': page2.id });
    // an empty optional choice stays empty
    expect(revalidate({ 'facebook.ad_account': acc1.id }, all, 'facebook.ad_account')).toEqual({ 'facebook.ad_account': acc1.id });
  });
  it('defaults to the first viable ad account and page', () => {
    expect(defaultSelection(all)).toEqual({ 'facebook.ad_account': acc1.id, 'facebook.profile': page1.id });
  });
  it('integrations are valid with an ad account, a page and only viable assets', () => {
    expect(integrationsValid({ 'facebook.ad_account': acc1.id, 'facebook.profile': page1.id }, all)).toBe(true);
    expect(integrationsValid({ 'facebook.ad_account': acc1.id }, all)).toBe(false);
    expect(integrationsValid({ 'facebook.ad_account': accBad.id, 'facebook.profile': page1.id }, all)).toBe(false);
    expect(integrationsValid({ 'facebook.ad_account': acc1.id, 'facebook.profile': page1.id, 'facebook.pixel': pixel2b.id }, all)).toBe(false);
  });
  it('selection and integration details convert both ways with the right platform', () => {
    const sel = { 'facebook.ad_account': acc1.id, 'instagram.profile': insta1.id };
    const details = detailsOf(sel);
    expect(details.find((d) => d.asset_class === 'instagram.profile')?.platform).toBe('instagram');
    expect(details.find((d) => d.asset_class === 'facebook.ad_account')?.platform).toBe('facebook');
    expect(selectionOf(details)).toEqual(sel);
  });
});

describe('cluster validity', () => {
  const media = { id: '00000000-0000-4000-8000-000000000001', index: 0, name: 'a.jpg', url: '/x', size: 1, type: 'image/jpeg' as const, width: 1080, height: 1080, status: 'SUCCESS' as const };
  const creative: Creative = {
    tc: 1,
    tc_run_id: 2,
    headline: ['Hi', ''],
    body: ['Body'],
    media: [media],
    destination_url: ['https://example.org'],
    call_to_action: 'BUY_TICKETS',
    description: 'Desc',
    language: 'en',
    excluded_variations: [],
    audience_id: null,
    destination_url_inherited: false,
  };
  const targeting = { tc: 1, tc_run_id: 2, targeting_mode: 'fd_targeting' as const, age_range: { min: 18, max: 65 }, postal_codes: {}, range_locations: null };
  it('follows creativeProblems and targetingCode', () => {
    expect(clusterValidity(creative, targeting, false)).toEqual({ creative: true, targeting: true });
    expect(clusterValidity({ ...creative, description: ' ' }, targeting, false).creative).toBe(false);
    // with an audience (or geo only) fd_targeting is not offered
    expect(clusterValidity({ ...creative, audience_id: '123' }, targeting, false).targeting).toBe(false);
    expect(clusterValidity(creative, targeting, true).targeting).toBe(false);
    expect(clusterValidity(creative, undefined, false).targeting).toBe(false);
  });
  it('names the fields a creative lacks, each once and in form order', () => {
    expect(incompleteCreativeFields(creative)).toEqual([]);
    expect(incompleteCreativeFields({ ...creative, call_to_action: null })).toEqual(['call_to_action']);
    expect(incompleteCreativeFields({ ...creative, description: '', destination_url: ['not a url', 'also not'] })).toEqual(['destination_url', 'description']);
    expect(incompleteCreativeFields({ ...creative, headline: [''], body: [''], media: [] })).toEqual(['headline', 'body', 'media']);
  });
});

describe('ad account currency', () => {
  const chf = asset('facebook.ad_account', { currency: 'CHF' });
  const eur = asset('facebook.ad_account', { currency: 'EUR' });
  const page = asset('facebook.profile');
  it('prefers an ad account in the partner’s currency and warns about another one', () => {
    expect(defaultSelection([chf, eur, page], 'EUR')['facebook.ad_account']).toBe(eur.id);
    expect(defaultSelection([chf, page], 'EUR')['facebook.ad_account']).toBe(chf.id);
    expect(currencyMismatch({ 'facebook.ad_account': chf.id }, [chf, eur], 'eur')).toBe('CHF');
    expect(currencyMismatch({ 'facebook.ad_account': eur.id }, [chf, eur], 'EUR')).toBeNull();
  });
});

describe('clusters edited together (spec 2 §4 default mode, §5 shared call to action and inherited URLs)', () => {
  const blank = (tc: number, over: Partial<Creative> = {}): Creative => ({
    tc,
    tc_run_id: 7,
    headline: [],
    body: [],
    media: [],
    destination_url: [],
    call_to_action: null,
    description: '',
    language: 'en',
    excluded_variations: [],
    audience_id: null,
    destination_url_inherited: false,
    ...over,
  });
  const isUrl = (u: string) => u.startsWith('https://');

  it('gives every cluster without a mode its default, keeping chosen modes; null when none lacks one', () => {
    const creatives = [blank(1), blank(2, { audience_id: 'aud' }), blank(3)];
    const chosen = { tc: 3, tc_run_id: 7, targeting_mode: 'range_locations' as const, age_range: { min: 30, max: 40 }, postal_codes: {}, range_locations: null };
    const out = withDefaultModes({ creatives, targeting: [chosen] }, false)!;
    expect(out.map((t) => [t.tc, t.targeting_mode])).toEqual([
      [1, 'fd_targeting'],
      [2, 'postal_codes'],
      [3, 'range_locations'],
    ]);
    expect(out[2]).toBe(chosen);
    expect(withDefaultModes({ creatives: [blank(1)], targeting: [] }, true)![0]!.targeting_mode).toBe('postal_codes');
    expect(withDefaultModes({ creatives, targeting: out }, false)).toBeNull();
  });

  it('shares a newly chosen call to action with clusters lacking one only', () => {
    const creatives = [blank(1), blank(2), blank(3, { call_to_action: 'LEARN_MORE' })];
    const out = withEditedCreative(creatives, { ...creatives[0]!, call_to_action: 'BUY_TICKETS' }, isUrl);
    expect(out.map((c) => c.call_to_action)).toEqual(['BUY_TICKETS', 'BUY_TICKETS', 'LEARN_MORE']);
    // another edit of a cluster that already had it does not overwrite a later choice elsewhere
    const again = withEditedCreative([out[0]!, { ...out[1]!, call_to_action: 'SHOP_NOW' }, out[2]!], { ...out[0]!, headline: ['x'] }, isUrl);
    expect(again.map((c) => c.call_to_action)).toEqual(['BUY_TICKETS', 'SHOP_NOW', 'LEARN_MORE']);
  });

  it('copies the first cluster’s valid URLs to inheriting clusters only', () => {
    const creatives = [blank(1), blank(2, { destination_url_inherited: true }), blank(3, { destination_url: ['https://own'] })];
    const out = withEditedCreative(creatives, { ...creatives[0]!, destination_url: ['https://a', 'bad', ''] }, isUrl);
    expect(out[1]!.destination_url).toEqual(['https://a', '']);
    expect(out[2]!.destination_url).toEqual(['https://own']);
    // edits of another cluster copy nothing
    const other = withEditedCreative(out, { ...out[2]!, destination_url: ['https://b'] }, isUrl);
    expect(other[1]!.destination_url).toEqual(['https://a', '']);
  });
});
