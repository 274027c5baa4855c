// spec 2 §4 Setup lifecycle: the autosave PUTs 1 s after the last change, merges changes, retries
// after a failure and stops once published — fake timers, no real waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave, isStale, minutesSince, type AutosaveState } from '../../../src/islands/campaigns/wizard/autosave';
import type { SetupProcess, SetupUpdateBody } from '../../../src/lib/contracts/setup-process';

const answer = (at: string) => ({ last_synced_at: at }) as SetupProcess;

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(save: (p: SetupUpdateBody) => Promise<SetupProcess>) {
    const states: AutosaveState[] = [];
    const a = createAutosave({ save, onState: (s) => states.push(s) });
    return { a, states };
  }

  it('sends one merged PUT 1 s after the last change', async () => {
    const save = vi.fn(async () => answer('2026-11-24T10:00:00Z'));
    const { a, states } = setup(save);
    a.change({ total_budget: 500 });
    await vi.advanceTimersByTimeAsync(600);
    a.change({ goal: 'ROAS' });
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    expect(a.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ total_budget: 500, goal: 'ROAS' });
    expect(states.at(-1)).toEqual({ kind: 'idle', savedAt: '2026-11-24T10:00:00Z' });
    expect(a.busy()).toBe(false);
  });

  it('keeps a failed patch for retry, under later changes', async () => {
    const save = vi.fn<(p: SetupUpdateBody) => Promise<SetupProcess>>().mockRejectedValueOnce(new Error('down')).mockResolvedValue(answer('2026-11-24T10:01:00Z'));
    const { a, states } = setup(save);
    a.change({ total_budget: 500, start_date: '2026-12-01' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)?.kind).toBe('failed');
    expect(a.busy()).toBe(true);
    a.change({ total_budget: 700 });
    await a.retry();
    expect(save).toHaveBeenLastCalledWith({ total_budget: 700, start_date: '2026-12-01' });
    expect(states.at(-1)?.kind).toBe('idle');
  });

  it('flush sends at once and rejects when the PUT fails', async () => {
    const save = vi.fn<(p: SetupUpdateBody) => Promise<SetupProcess>>().mockRejectedValue(new Error('down'));
    const { a } = setup(save);
    a.change({ total_budget: 900 });
    await expect(a.flush()).rejects.toThrow('down');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a change during a PUT goes in the next one, never two at once', async () => {
    let release!: (s: SetupProcess) => void;
    const save = vi.fn<(p: SetupUpdateBody) => Promise<SetupProcess>>().mockImplementationOnce(() => new Promise((r) => (release = r))).mockResolvedValue(answer('b'));
    const { a } = setup(save);
    a.change({ total_budget: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    a.change({ total_budget: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
    release(answer('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ total_budget: 2 });
  });

  it('sends nothing once stopped (published or cancelled)', async () => {
    const save = vi.fn(async () => answer('x'));
    const { a } = setup(save);
    a.change({ total_budget: 500 });
    a.stop();
    a.change({ total_budget: 600 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the version of the last answer with every PUT (issue 20)', async () => {
    const save = vi.fn(async (p: SetupUpdateBody) => ({ last_synced_at: 't', version: (p.version ?? 0) + 1 }) as SetupProcess);
    const a = createAutosave({ save, onState: () => undefined, initialVersion: 4 });
    a.change({ total_budget: 1 });
    await a.flush();
    a.change({ total_budget: 2 });
    await a.flush();
    expect(save.mock.calls.map(([p]) => p)).toEqual([
      { total_budget: 1, version: 4 },
      { total_budget: 2, version: 5 },
    ]);
  });

  it('a save refused as stale stops sending: no retry, no later PUT, flush rejects, the state says so', async () => {
    const stale = Object.assign(new Error('stale'), { code: 'error.setup.stale_version' });
    const save = vi.fn<(p: SetupUpdateBody) => Promise<SetupProcess>>().mockRejectedValue(stale);
    const states: AutosaveState[] = [];
    const a = createAutosave({ save, onState: (s) => states.push(s), initialVersion: 1, initialSavedAt: 'x' });
    a.change({ total_budget: 500 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)).toMatchObject({ kind: 'stale', savedAt: 'x' });
    a.change({ total_budget: 600 });
    await vi.advanceTimersByTimeAsync(5000);
    await a.retry();
    await expect(a.flush()).rejects.toBe(stale);
    expect(save).toHaveBeenCalledTimes(1);
    expect(a.busy()).toBe(true);
    expect(states.at(-1)?.kind).toBe('stale');
  });

  it('any other failure is not stale (Retry stays)', () => {
    expect(isStale(Object.assign(new Error('x'), { code: 'error.setup.published' }))).toBe(false);
    expect(isStale(new Error('down'))).toBe(false);
    expect(isStale({ code: 'error.setup.stale_version' })).toBe(true);
  });

  it('counts whole minutes since the last save', () => {
    const at = '2026-11-24T10:00:00Z';
    expect(minutesSince(at, Date.parse(at) + 59_000)).toBe(0);
    expect(minutesSince(at, Date.parse(at) + 125_000)).toBe(2);
  });
});
