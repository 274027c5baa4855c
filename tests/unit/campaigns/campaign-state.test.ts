// Issue 20: an event showing "Campaign active" never also says "No campaign set up yet".
import { describe, expect, it } from 'vitest';
import { emptyListKey } from '../../../src/islands/campaigns/campaignState';
import en from '../../../public/locales/en/common.json' with { type: 'json' };

describe('the empty campaign list follows the event campaign state', () => {
  it('says "none set up" only without any campaign', () => {
    expect(emptyListKey({ has_campaign: false, has_active_campaigns: false })).toBe('campaigns.list.empty');
  });
  it('with an active campaign outside the clusters, says it is active', () => {
    expect(emptyListKey({ has_campaign: true, has_active_campaigns: true })).toBe('campaigns.list.otherActive');
    expect(en.campaigns.list.otherActive).toMatch(/active campaign/);
    expect(en.campaigns.list.empty).toMatch(/^No campaign/);
  });
  it('with an ended or paused one, says it no longer runs', () => {
    expect(emptyListKey({ has_campaign: true, has_active_campaigns: false })).toBe('campaigns.list.otherInactive');
  });
});
