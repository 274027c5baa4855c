import { describe, expect, it } from 'vitest';
import { budgetInput, clampBudget, inclusiveDays, minimumBudget, saveBlocker } from '../../../src/lib/campaigns/runtime-budget-rules';

const bounds = { spent: 420.5, min_budget: 421, min_daily_budget: 10, max_budget: 6000, today: '2026-11-28' };
const stored = { budget: 3000, start: '2026-11-20', end: '2026-12-10' };

describe('budget edit of a running campaign', () => {
  it('the minimum is what is spent plus the daily minimum for every day left, never below min_budget', () => {
    expect(inclusiveDays('2026-11-28', '2026-12-10')).toBe(13);
    expect(minimumBudget(bounds, stored.start, stored.end)).toBe(Math.ceil(420.5 + 10 * 13));
    // A start after today counts from the start.
    expect(minimumBudget(bounds, '2026-12-05', '2026-12-10')).toBe(Math.ceil(420.5 + 10 * 6));
    expect(minimumBudget({ ...bounds, min_budget: 900 }, stored.start, stored.end)).toBe(900);
  });

  it('takes digits and one dot; a comma is the dot', () => {
    expect(budgetInput('1.2x3')).toBe('1.23');
    expect(budgetInput('12a3')).toBe('123');
    expect(budgetInput('99,5')).toBe('99.5');
    expect(budgetInput('10.255')).toBe('10.25');
  });

  it('snaps to the bounds', () => {
    expect(clampBudget(10, 500, 6000)).toBe(500);
    expect(clampBudget(9000, 500, 6000)).toBe(6000);
    expect(clampBudget(Number.NaN, 500, 6000)).toBe(500);
    expect(clampBudget(700, 500, 6000)).toBe(700);
  });

  it('Save needs a change, a budget within the bounds, an end not before the start, and an unchanged past start', () => {
    expect(saveBlocker(stored, stored, bounds)).toBe('unchanged');
    expect(saveBlocker({ ...stored, budget: 3500 }, stored, bounds)).toBeNull();
    expect(saveBlocker({ ...stored, budget: 100 }, stored, bounds)).toBe('budget');
    expect(saveBlocker({ ...stored, budget: 7000 }, stored, bounds)).toBe('budget');
    expect(saveBlocker({ ...stored, end: '2026-11-19' }, stored, bounds)).toBe('dates');
    expect(saveBlocker({ ...stored, start: '2026-11-29' }, stored, bounds)).toBe('start_locked');
    // A campaign that has not started may move its start, but not into the past.
    const later = { ...stored, start: '2026-12-01' };
    expect(saveBlocker({ ...later, start: '2026-12-02' }, later, bounds)).toBeNull();
    expect(saveBlocker({ ...later, start: '2026-11-27' }, later, bounds)).toBe('start_locked');
  });
});
