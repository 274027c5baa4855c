import { describe, expect, it } from 'vitest';
import { budgetDigits, budgetTicks, defaultRuntime, runtimeCheck, snapBudget, startBlock } from '../../../src/islands/campaigns/setup/setupRules';

describe('budget', () => {
  it('keeps digits only and snaps into the range', () => {
    expect(budgetDigits('1.2a00€')).toBe('1200');
    expect(budgetDigits('007')).toBe('7');
    expect(snapBudget(150)).toBe(400);
    expect(snapBudget(Number.NaN)).toBe(400);
    expect(snapBudget(25_000)).toBe(10_000);
    expect(snapBudget(900)).toBe(900);
  });
  it('has five ticks from min to max', () => {
    expect(budgetTicks(400, 10_000)).toEqual([400, 2800, 5200, 7600, 10_000]);
  });
});

describe('runtime', () => {
  it('starts four months before the event or today, and ends the day before the event', () => {
    expect(defaultRuntime('2027-05-23', '2026-11-24')).toEqual({ start: '2027-01-23', end: '2027-05-22' });
    expect(defaultRuntime('2026-12-10', '2026-11-24')).toEqual({ start: '2026-11-24', end: '2026-12-09' });
    // An event tomorrow: the end cannot lie before the start.
    expect(defaultRuntime('2026-11-25', '2026-11-24')).toEqual({ start: '2026-11-24', end: '2026-11-24' });
  });
  it('refuses a start before today or after the end and warns about short runtimes, late ends and short notice', () => {
    const today = '2026-11-24';
    expect(runtimeCheck('2026-11-23', '2026-12-30', '2027-01-10', today).error).toBe('startBeforeToday');
    expect(runtimeCheck('2026-12-31', '2026-12-30', '2027-01-10', today).error).toBe('startAfterEnd');
    expect(runtimeCheck(null, '2026-12-30', '2027-01-10', today).error).toBe('missing');
    expect(runtimeCheck('2026-12-01', '2027-01-09', '2027-01-10', today)).toEqual({ error: null, warnings: [] });
    expect(runtimeCheck('2026-12-01', '2026-12-13', '2027-01-10', today).warnings).toEqual(['shortRuntime']);
    expect(runtimeCheck('2026-12-01', '2026-12-13', '2027-01-10', today, { product: true }).warnings).toEqual([]);
    expect(runtimeCheck('2026-12-01', '2027-01-20', '2027-01-10', today).warnings).toEqual(['endAfterEvent']);
    expect(runtimeCheck('2026-11-24', '2026-11-30', '2026-12-01', today).warnings).toContain('shortNotice');
    expect(runtimeCheck('2026-11-24', '2026-11-30', '2026-12-02', today).warnings).not.toContain('shortNotice');
  });
});

describe('startBlock', () => {
  const ok = { selected: 2, wave: true, itcReady: true, runtimeOk: true, budgetPending: false, loading: false };
  it('allows a start only when everything holds', () => {
    expect(startBlock(ok)).toBeNull();
    expect(startBlock({ ...ok, wave: false })).toBe('noPermission');
    expect(startBlock({ ...ok, itcReady: false })).toBe('itc');
    expect(startBlock({ ...ok, loading: true })).toBe('loading');
    expect(startBlock({ ...ok, budgetPending: true })).toBe('budgetPending');
    expect(startBlock({ ...ok, runtimeOk: false })).toBe('runtime');
    expect(startBlock({ ...ok, selected: 0 })).toBe('noCluster');
  });
});

describe('budget bounds from budget_min_max', () => {
  it('takes the absolute minimum, the recommended minimum and the maximum, ordered and whole', async () => {
    const { boundsOf } = await import('../../../src/islands/campaigns/setup/setupRules');
    expect(boundsOf({ budget_abs_min: 150, budget_min: 820, budget_max: 6400 })).toEqual({ min: 150, recommendedMin: 820, max: 6400 });
    // a recommendation outside the range is pulled into it
    expect(boundsOf({ budget_abs_min: 300, budget_min: 9000, budget_max: 5000 })).toEqual({ min: 300, recommendedMin: 5000, max: 5000 });
    expect(boundsOf({ budget_abs_min: 300.4, budget_min: 100, budget_max: 200 })).toEqual({ min: 301, recommendedMin: 301, max: 301 });
  });
  it('falls back to the spec constants without an answer', async () => {
    const { boundsOf, BUDGET } = await import('../../../src/islands/campaigns/setup/setupRules');
    expect(boundsOf(null)).toEqual(BUDGET);
    expect(boundsOf({ budget_abs_min: Number.NaN, budget_min: 1, budget_max: 2 })).toEqual(BUDGET);
  });
});
