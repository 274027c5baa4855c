import { describe, expect, it } from 'vitest';
import { BUDGET, BUDGET_DEFAULT, DEFAULT_AGE_RANGE, DEFAULT_GOAL, GOALS, boundsOf, defaultBudget, defaultMode, defaultRuntime, defaultTargetingMode, runtimeDays } from '../../../src/lib/campaigns/setup-defaults';
import { CAMPAIGN_GOALS } from '../../../src/lib/contracts/taste-clusters';
import { defaultRuntimeDays } from '../../../src/server/modules/taste-clusters/service';

describe('a setup’s defaults (one module for the wizard and default_campaigns_parameters)', () => {
  it('starts with the utilization goal of the contract’s goals, ages 18–65', () => {
    expect(GOALS).toEqual(CAMPAIGN_GOALS);
    expect(DEFAULT_GOAL).toBe('UTILIZATION');
    expect(DEFAULT_AGE_RANGE).toEqual({ min: 18, max: 65 });
  });
  it('starts the budget at the default, snapped into the runtime’s bounds', () => {
    expect(defaultBudget({ min: 400, recommendedMin: 600, max: 10_000 })).toBe(BUDGET_DEFAULT);
    expect(defaultBudget({ min: 1_500, recommendedMin: 2_000, max: 9_000 })).toBe(1_500);
    expect(defaultBudget({ min: 100, recommendedMin: 200, max: 800 })).toBe(800);
    expect(defaultBudget(boundsOf(null))).toBe(BUDGET_DEFAULT);
    expect(boundsOf(null)).toEqual(BUDGET);
  });
  it('runs from the later of today and four months before the event to the day before it', () => {
    expect(defaultRuntime('2027-06-15', '2026-11-28')).toEqual({ start: '2027-02-15', end: '2027-06-14' });
    expect(defaultRuntime('2026-12-20', '2026-11-28')).toEqual({ start: '2026-11-28', end: '2026-12-19' });
    // The event tomorrow or today: one day, today.
    expect(defaultRuntime('2026-11-29', '2026-11-28')).toEqual({ start: '2026-11-28', end: '2026-11-28' });
    expect(defaultRuntime('2026-11-28', '2026-11-28')).toEqual({ start: '2026-11-28', end: '2026-11-28' });
    expect(runtimeDays('2026-11-28', '2026-12-19')).toBe(22);
  });
  it('gives the suggested clusters the same default runtime (the server’s day count reads this module)', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    for (const event of ['2027-06-15T19:30:00Z', '2026-12-20T18:00:00Z', '2026-11-28T20:00:00Z', '2026-03-31T19:00:00Z']) {
      const r = defaultRuntime(event.slice(0, 10), '2026-11-28');
      expect(defaultRuntimeDays(Date.parse(event), now), event).toBe(runtimeDays(r.start, r.end));
    }
  });
  it('targets the clusters’ own customers unless only geography is offered (spec 2 §4 defaults by permission)', () => {
    expect(defaultTargetingMode(false)).toBe('fd_targeting');
    expect(defaultTargetingMode(true)).toBe('postal_codes');
    expect(defaultMode(['postal_codes', 'range_locations'])).toBe('postal_codes');
  });
});
