// Publishing a setup (issue 14, spec 2 §4 Publishing): which variations survive the disabled codes
// (Meta's dynamic creative cannot drop one combination), the budget split, and the mapping of the
// stored setup to one campaign with an ad set per cluster.
import { describe, expect, it } from 'vitest';
import { pruneDisabledVariations } from '../../../src/lib/campaigns/setup-rules';
import fc from 'fast-check';
import { adSetBudgetsMinor, campaignRequest, clusterAreaRadiusKm, clusterAudienceOf, platformGoal, runtime, targetingSpec, type PublishInput } from '../../../src/server/modules/setup-process/publish-request';
import { applyGoalRules, payloadError, PAYLOAD_MESSAGES } from '../../../src/server/modules/setup-process/validation';
import type { Creative, MediaItem, Targeting } from '../../../src/lib/contracts/setup-process';

const media = (n: number): MediaItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, index: i, name: `m${i}.jpg`, url: `/media/${i}`, size: 10, type: 'image/jpeg', width: 1080, height: 1080, status: 'SUCCESS' }));

const creative = (tc: number, over: Partial<Creative> = {}): Creative => ({
  tc, tc_run_id: 7, headline: ['H1', 'H2', ''], body: ['B1', 'B2'], media: media(2), destination_url: ['https://a.example.org', ''],
  call_to_action: 'BUY_TICKETS', description: 'D', language: 'en', excluded_variations: [], audience_id: null, destination_url_inherited: false, ...over,
});

describe('pruneDisabledVariations', () => {
  it('keeps everything when nothing is disabled', () => {
    expect(pruneDisabledVariations(creative(1), [])).toEqual({ headline: [0, 1], body: [0, 1], media: [0, 1], url: [0], stillRunning: [] });
  });

  it('drops a headline whose every variation is disabled (x-codes expand to every headline)', () => {
    const codes = ['2111', '2121', '2211', '2221'];
    expect(pruneDisabledVariations(creative(1), codes)).toMatchObject({ headline: [0], body: [0, 1], media: [0, 1], stillRunning: [] });
    // x121 and x221: media 2 disabled with every headline and body → media 2 dropped.
    expect(pruneDisabledVariations(creative(1), ['x121', 'x221'])).toMatchObject({ headline: [0, 1], media: [0], stillRunning: [] });
  });

  it('reports a single disabled combination that still runs because its assets are used elsewhere', () => {
    expect(pruneDisabledVariations(creative(1), ['1111'])).toEqual({ headline: [0, 1], body: [0, 1], media: [0, 1], url: [0], stillRunning: ['1111'] });
  });

  it('leaves nothing when everything is disabled', () => {
    expect(pruneDisabledVariations(creative(1, { headline: ['H'], body: ['B'], media: media(1) }), ['1111']).headline).toEqual([]);
  });
});

describe('budget and runtime', () => {
  it('splits the budget in minor units over the clusters, adding up exactly', () => {
    expect(adSetBudgetsMinor(1000, 'EUR', [1, 1, 1])).toEqual([33400, 33300, 33300]);
    expect(adSetBudgetsMinor(1000, 'JPY', [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(1000);
    // issue 20 §2.3: by the clusters' weights, in whole major units as the new-setup panel shows them.
    expect(adSetBudgetsMinor(1300, 'EUR', [5.02, 1])).toEqual([108400, 21600]);
    expect(adSetBudgetsMinor(1300, 'EUR', [0, 0])).toEqual([65000, 65000]);
    expect(adSetBudgetsMinor(1000.5, 'EUR', [1, 1])).toEqual([50050, 50000]);
  });

  it('gives every ad set its share of the weights (largest remainders) and the cents add up to the total, for any weights', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: 1, maxLength: 12 }), fc.constantFrom('EUR', 'CHF', 'JPY'), (total, weights, currency) => {
        const out = adSetBudgetsMinor(total, currency, weights);
        const factor = currency === 'JPY' ? 1 : 100;
        const sum = weights.reduce((a, b) => a + b, 0);
        return (
          out.length === weights.length &&
          out.every((b) => Number.isInteger(b) && b >= 0) &&
          out.reduce((a, b) => a + b, 0) === total * factor &&
          // Each share is within one major unit of its exact proportion.
          out.every((b, i) => Math.abs(b / factor - (sum > 0 ? (total * weights[i]!) / sum : total / weights.length)) < 1)
        );
      }),
    );
  });

  it('starts at the start day or a minute from now when that has passed, and ends at the end day’s last second', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    expect(runtime('2026-12-10', '2026-12-20', now)).toEqual({ startTime: new Date('2026-12-10T00:00:00Z'), endTime: new Date('2026-12-20T23:59:59Z') });
    expect(runtime('2026-12-01', '2026-12-20', now).startTime).toEqual(new Date('2026-12-05T12:01:00Z'));
  });
});

describe('goal and payload rules', () => {
  it('maps goals to objectives: VISIBILITY → awareness, a lead form → leads, else sales', () => {
    expect([platformGoal('VISIBILITY', null), platformGoal('UTILIZATION', '88'), platformGoal('UTILIZATION', null), platformGoal('ROAS', null)]).toEqual(['awareness', 'leads', 'sales', 'sales']);
  });

  it('clears the lead form unless UTILIZATION; LEAD with a lead form, PURCHASE without', () => {
    expect(applyGoalRules({ goal: 'ROAS', lead_form_id: '1', custom_event_type: 'LEAD' })).toMatchObject({ lead_form_id: null, custom_event_type: 'PURCHASE' });
    expect(applyGoalRules({ goal: 'UTILIZATION', lead_form_id: '1', custom_event_type: 'PURCHASE' })).toMatchObject({ lead_form_id: '1', custom_event_type: 'LEAD' });
  });

  it('names the first payload error of spec 2 §5', () => {
    expect(payloadError(null, 'start')?.message).toBe(PAYLOAD_MESSAGES.empty);
    expect(payloadError({ goal: 'ROAS', total_budget: 1 }, 'start')?.message).toBe(PAYLOAD_MESSAGES.arrays);
    expect(payloadError({ total_budget: 1 }, 'update')).toBeNull();
    expect(payloadError({ creatives: [{ tc: 1, tc_run_id: 2 }, 'x'] }, 'update')).toEqual({ message: PAYLOAD_MESSAGES.creatives, path: 'creatives.1' });
  });
});

describe('campaignRequest', () => {
  const loc = { key: 'DE:10115', name: '10115', type: 'zip' as const, region: null, region_id: null, country_code: 'DE', country_name: 'Germany', primary_city: null, primary_city_id: null, latitude: 52.5, longitude: 13.4 };
  const t = (tc: number, over: Partial<Targeting> = {}): Targeting => ({ tc, tc_run_id: 7, targeting_mode: 'postal_codes', age_range: { min: 20, max: 50 }, postal_codes: { DE: [loc] }, range_locations: null, ...over });
  const input = (over: Partial<PublishInput> = {}): PublishInput => ({
    eventTitle: 'Don Giovanni', partner: { name: 'Opera House', language: 'de' }, goal: 'UTILIZATION', totalBudget: 900, currency: 'EUR', startDate: '2026-12-10', endDate: '2026-12-20',
    creatives: [creative(1), creative(2, { audience_id: '11,22' })],
    targeting: [t(1), t(2, { targeting_mode: 'range_locations', range_locations: { included: [{ ...loc, type: 'city', kilometer_range: 30 }], excluded: [{ ...loc, type: 'city', mile_range: 12, kilometer_range: null }] } })],
    disabledVariations: { '1': ['x111', 'x121'] }, adAccountId: '111', pageId: '222', instagramAccountId: null, pixelId: '333', leadFormId: null, customEventType: 'PURCHASE', conversionId: null,
    clusterLabels: { '7:1': 'Opera lovers' }, clusterAreas: {}, media: Object.fromEntries(media(2).map((m) => [m.id, { type: 'image' as const, url: `https://x.example${m.url}` }])), now: new Date('2026-12-01T00:00:00Z'), ...over,
  });

  it('makes one ad set per cluster with its budget share, targeting, pruned creative and DSA names', () => {
    const { request } = campaignRequest(input());
    expect(request).toMatchObject({ adAccountId: '111', goal: 'sales', pixelId: '333', customEventType: 'PURCHASE', dsa: { beneficiary: 'Opera House', payor: 'Opera House' }, status: 'ACTIVE' });
    expect(request.adSets.map((s) => [s.name, s.lifetimeBudgetMinor])).toEqual([['Don Giovanni · Opera lovers', 45000], ['Don Giovanni · Cluster 2', 45000]]);
    // Cluster 1: every variation of body 1 disabled → body 1 dropped; blanks stripped.
    expect(request.adSets[0]!.creative).toMatchObject({ headlines: ['H1', 'H2'], bodies: ['B2'], destinationUrls: ['https://a.example.org'], pageId: '222' });
    expect(request.adSets[0]!.targeting).toEqual({ ageMin: 20, ageMax: 50, advantageAudience: false, geo: { mode: 'postal_codes', keys: ['DE:10115'] } });
    expect(request.adSets[1]!.targeting).toMatchObject({
      customAudienceIds: ['11', '22'],
      geo: { mode: 'range_locations', included: [{ radius: 30, unit: 'kilometer', countryCode: 'DE' }], excluded: [{ radius: 12, unit: 'mile' }] },
    });
  });

  it('maps taste-cluster targeting to the cluster’s area around the venue, or the home countries when it is unknown', () => {
    const fd = t(1, { targeting_mode: 'fd_targeting' });
    expect(targetingSpec(fd, creative(1), 'de').geo).toEqual({ mode: 'countries', countryCodes: ['DE', 'AT', 'CH'] });
    const area = { latitude: 50.94, longitude: 6.96, countryCode: 'DE', radiusKm: clusterAreaRadiusKm(12.4)! };
    expect(targetingSpec(fd, creative(1), 'de', area).geo).toEqual({ mode: 'range_locations', included: [{ latitude: 50.94, longitude: 6.96, radius: 25, unit: 'kilometer', countryCode: 'DE' }], excluded: [] });
    const { request } = campaignRequest(input({ targeting: [fd, t(2)], clusterAreas: { '7:1': area, '7:2': null } }));
    expect(request.adSets.map((s) => s.targeting.geo.mode)).toEqual(['range_locations', 'postal_codes']);
  });

  it('targets a taste cluster through the custom audience of its members, in the venue’s and the partner’s countries', () => {
    const fd = t(1, { targeting_mode: 'fd_targeting' });
    const area = { latitude: 47.37, longitude: 8.54, countryCode: 'CH', radiusKm: 30 };
    const members = { kind: 'custom_audience' as const, audienceId: '8123', members: 640 };
    expect(targetingSpec(fd, creative(1), 'de', area, members)).toEqual({ ageMin: 20, ageMax: 50, advantageAudience: false, customAudienceIds: ['8123'], geo: { mode: 'countries', countryCodes: ['CH', 'DE', 'AT'] } });
    expect(targetingSpec(fd, creative(1), 'en', null, members).geo).toEqual({ mode: 'countries', countryCodes: ['GB'] });
    // Postal codes and radius keep their own geography; the members' audience is for fd_targeting only.
    expect(targetingSpec(t(1), creative(1), 'de', area, members).customAudienceIds).toBeUndefined();
    const { request, clusterAudiences } = campaignRequest(input({ targeting: [fd, t(2)], clusterAreas: { '7:1': area }, clusterMembers: { '7:1': members } }));
    expect(request.adSets[0]!.targeting.customAudienceIds).toEqual(['8123']);
    expect(clusterAudiences).toEqual([{ kind: 'custom_audience', audience_id: '8123', members: 640 }, null]);
  });

  it('falls back to the area around the venue (or the home countries) with a note when too few members can be sent', () => {
    const fd = t(1, { targeting_mode: 'fd_targeting' });
    const area = { latitude: 50.94, longitude: 6.96, countryCode: 'DE', radiusKm: 25 };
    const few = { kind: 'too_few_members' as const, members: 42 };
    expect(targetingSpec(fd, creative(1), 'de', area, few).geo.mode).toBe('range_locations');
    expect(targetingSpec(fd, creative(1), 'de', area, few).customAudienceIds).toBeUndefined();
    expect(clusterAudienceOf(fd, creative(1), area, few)).toEqual({ kind: 'too_few_members', members: 42, minimum: 100, fallback: 'area' });
    expect(clusterAudienceOf(fd, creative(1), null, few)).toEqual({ kind: 'too_few_members', members: 42, minimum: 100, fallback: 'countries' });
    // Nothing to say for other targeting, or for a cluster the boost did not look at.
    expect(clusterAudienceOf(t(1), creative(1), area, few)).toBeNull();
    expect(clusterAudienceOf(fd, creative(1), area, null)).toBeNull();
  });

  it('keeps the area radius within what Meta and the wizard allow', () => {
    expect([clusterAreaRadiusKm(2), clusterAreaRadiusKm(30), clusterAreaRadiusKm(400), clusterAreaRadiusKm(null)]).toEqual([17, 60, 80, null]);
  });

  it('maps a lead form to a lead campaign without pixel', () => {
    const { request } = campaignRequest(input({ leadFormId: '8801', customEventType: 'LEAD' }));
    expect(request).toMatchObject({ goal: 'leads', pixelId: null, customEventType: 'LEAD' });
    expect(request.adSets[0]!.creative.leadFormId).toBe('8801');
  });
});
