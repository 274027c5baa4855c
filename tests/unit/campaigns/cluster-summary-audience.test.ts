// @vitest-environment jsdom
// The running campaign's read-only summary (wizard/ClusterSummary.tsx) says how a taste cluster is
// reached (issue 22): the custom audience of its members, or the note that too few members could
// be sent and the area around the venue is targeted instead; nothing for other targeting.
import { createElement } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClusterSummary } from '../../../src/islands/campaigns/wizard/ClusterSummary';
import type { Creative, Targeting } from '../../../src/lib/contracts/setup-process';
import type { CampaignClusterAudience } from '../../../src/lib/campaigns/cluster-audience';
import en from '../../../public/locales/en/common.json';
import de from '../../../public/locales/de/common.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no matchMedia; the creative summary asks it for the layout (a wide screen here).
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const creative: Creative = {
  tc: 3, tc_run_id: 7, headline: ['H'], body: ['B'], media: [], destination_url: ['https://a.example.org'], call_to_action: 'BUY_TICKETS',
  description: '', language: 'en', excluded_variations: [], audience_id: null, destination_url_inherited: false,
};
const targeting: Targeting = { tc: 3, tc_run_id: 7, targeting_mode: 'fd_targeting', age_range: { min: 25, max: 65 }, postal_codes: {}, range_locations: null };
const show = (clusterAudience: CampaignClusterAudience | null) =>
  act(() => root.render(createElement(ClusterSummary, { creative, targeting, alias: 'Opera lovers', keywords: [], adAccount: null, disabled: 0, clusterAudience, titled: false })));
const line = () => container.querySelector<HTMLElement>('[data-testid="summary-cluster-audience"]');

describe('ClusterSummary: the taste cluster’s audience', () => {
  it('names the members’ custom audience', async () => {
    await show({ kind: 'custom_audience', audience_id: '8123', members: 1234 });
    // Outside an I18nIsland the translator answers the keys.
    expect(line()?.dataset.kind).toBe('custom_audience');
    expect(line()?.textContent).toBe('campaigns.wizard.summary.clusterAudience.members');
    // The creative's own "no audience (interest targeting)" line would contradict it.
    expect(container.textContent).not.toContain('campaigns.wizard.creative.summary.noAudience');
  });

  it('shows the fallback note, area or countries', async () => {
    await show({ kind: 'too_few_members', members: 42, minimum: 100, fallback: 'area' });
    expect(line()?.textContent).toBe('campaigns.wizard.summary.clusterAudience.tooFewArea');
    expect(container.textContent).toContain('campaigns.wizard.creative.summary.noAudience');
    await show({ kind: 'too_few_members', members: 42, minimum: 100, fallback: 'countries' });
    expect(line()?.textContent).toBe('campaigns.wizard.summary.clusterAudience.tooFewCountries');
  });

  it('says nothing without a cluster audience (postal codes, radius, the wizard’s own summary)', async () => {
    await show(null);
    expect(line()).toBeNull();
  });

  it('has the texts in English and German, the note as the issue words it', () => {
    const texts = (l: typeof en) => (l as { campaigns: { wizard: { summary: { clusterAudience: Record<string, string> } } } }).campaigns.wizard.summary.clusterAudience;
    expect(Object.keys(texts(de)).sort()).toEqual(Object.keys(texts(en)).sort());
    expect(texts(en).tooFewArea).toMatch(/^Too few members for a custom audience .*targeting the area around the venue instead$/);
    expect(texts(de).tooFewArea).toContain('Umgebung des Veranstaltungsorts');
  });
});
