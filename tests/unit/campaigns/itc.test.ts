import { describe, expect, it, vi } from 'vitest';
import type { ItcStatusResponse } from '../../../src/lib/contracts/taste-clusters';
import type { EventFormInput } from '../../../src/lib/contracts/event-form';
import { blocksSetup, justSucceeded, viewOfRun } from '../../../src/islands/campaigns/itc/itcState';
import { eventChanged, submitItc } from '../../../src/islands/campaigns/itc/itcForm';

const run = (status: ItcStatusResponse['status']): ItcStatusResponse => ({
  dag_run_id: 'itc_1',
  status,
  tc_run_id: 1,
  event_id: 'e1',
  created_at: '2026-11-24T10:00:00Z',
  finished_at: null,
  progress: null,
  error: null,
  summary: null,
});

describe('ITC states', () => {
  it('shows queued as running and only a success lets the setup start', () => {
    expect(viewOfRun(run('queued')).kind).toBe('running');
    expect(viewOfRun(run('running')).kind).toBe('running');
    expect(viewOfRun(run('failed')).kind).toBe('failed');
    expect(blocksSetup(viewOfRun(run('failed')))).toBe(true);
    expect(blocksSetup({ kind: 'not_found' })).toBe(true);
    expect(blocksSetup(viewOfRun(run('success')))).toBe(false);
  });
  it('calls a success news only after the run was seen unfinished', () => {
    expect(justSucceeded(viewOfRun(run('running')), viewOfRun(run('success')))).toBe(true);
    expect(justSucceeded({ kind: 'retry' }, viewOfRun(run('success')))).toBe(true);
    expect(justSucceeded({ kind: 'loading' }, viewOfRun(run('success')))).toBe(false);
  });
});

const event: EventFormInput = {
  name: 'Fidelio',
  description: '',
  category: 'opera',
  date: '2027-01-10',
  time: '19:30',
  city: 'Bonn',
  venue: 'Oper',
  hall: 'Großes Haus',
  capacity: 900,
  price: 40,
  lineups: [{ artist_name: 'A', artist_type: 'conductor' }],
  setlists: [],
  tz: 'Europe/Berlin',
  status: 'RUNNING',
} as EventFormInput;

describe('ITC submit', () => {
  it('ignores the time zone when comparing', () => {
    expect(eventChanged(event, { ...event, tz: 'UTC' } as EventFormInput)).toBe(false);
    expect(eventChanged(event, { ...event, capacity: 901 } as EventFormInput)).toBe(true);
    expect(eventChanged(event, { ...event, lineups: [{ artist_name: 'B', artist_type: 'conductor' }] } as EventFormInput)).toBe(true);
  });
  it('saves only a changed event, then regenerates', async () => {
    const save = vi.fn(async () => ({}));
    const regenerate = vi.fn(async () => 'run');
    expect(await submitItc({ original: event, current: event, canSave: true, save, regenerate })).toEqual({ ok: true, run: 'run', saved: false });
    expect(save).not.toHaveBeenCalled();
    const changed = { ...event, name: 'Fidelio (new)' } as EventFormInput;
    expect(await submitItc({ original: event, current: changed, canSave: true, save, regenerate })).toEqual({ ok: true, run: 'run', saved: true });
    expect(save).toHaveBeenCalledWith(changed);
    expect(regenerate).toHaveBeenCalledTimes(2);
  });
  it('stops at a failed save and says which step failed', async () => {
    const regenerate = vi.fn(async () => 'run');
    const failed = await submitItc({ original: event, current: { ...event, name: 'X' } as EventFormInput, canSave: true, save: async () => Promise.reject(new Error('no')), regenerate });
    expect(failed).toMatchObject({ ok: false, step: 'save' });
    expect(regenerate).not.toHaveBeenCalled();
    const noRun = await submitItc({ original: event, current: event, canSave: true, save: async () => ({}), regenerate: async () => Promise.reject(new Error('422')) });
    expect(noRun).toMatchObject({ ok: false, step: 'regenerate' });
  });
  it('does not save without the right to edit', async () => {
    const save = vi.fn(async () => ({}));
    const r = await submitItc({ original: event, current: { ...event, name: 'X' } as EventFormInput, canSave: false, save, regenerate: async () => 1 });
    expect(r).toEqual({ ok: true, run: 1, saved: false });
    expect(save).not.toHaveBeenCalled();
  });
});
