// spec 2 §4 "Campaign status": the states, the task mapping and what the dots menu's switches
// read and allow (src/lib/campaigns/campaign-status-rules.ts).
import { describe, expect, it } from 'vitest';
import {
  marketingState,
  optimisationOn,
  optimisationVisible,
  statusLabel,
  statusTaskState,
  statusToggleEnabled,
  switchedTo,
} from '../../../src/lib/campaigns/campaign-status-rules';

const NOW = new Date('2026-11-28T12:00:00Z');
const FUTURE = '2026-12-20T22:59:59Z';
const PAST = '2026-11-27T23:59:59Z';

describe('marketing campaign state', () => {
  it('is active for ACTIVE with a stop time not in the past, paused for PAUSED with one in the future', () => {
    expect(marketingState('ACTIVE', FUTURE, NOW)).toBe('active');
    expect(marketingState('ACTIVE', NOW.toISOString(), NOW)).toBe('active');
    expect(marketingState('PAUSED', FUTURE, NOW)).toBe('paused');
  });

  it('is ended for either status once the stop time is past', () => {
    expect(marketingState('ACTIVE', PAST, NOW)).toBe('ended');
    expect(marketingState('PAUSED', new Date(PAST), NOW)).toBe('ended');
  });

  it('is nothing without a campaign, a stop time or a known status', () => {
    expect(marketingState(null, FUTURE, NOW)).toBeNull();
    expect(marketingState('DRAFT', FUTURE, NOW)).toBeNull();
    expect(marketingState('ACTIVE', null, NOW)).toBeNull();
    expect(marketingState('ACTIVE', 'not a date', NOW)).toBeNull();
  });
});

describe('status task mapping', () => {
  it.each([
    ['REVOKED', 'failed'],
    ['FAILURE', 'failed'],
    ['RETRY', 'failed'],
    ['PENDING', 'running'],
    ['PROGRESS', 'running'],
    ['STARTED', 'running'],
    ['SUCCESS', 'success'],
  ] as const)('%s → %s', (celery, state) => expect(statusTaskState(celery)).toBe(state));

  it('no task (a 404) is not_found; an unknown state does not keep the switch locked', () => {
    expect(statusTaskState(null)).toBe('not_found');
    expect(statusTaskState('success')).toBe('success');
    expect(statusTaskState('SOMETHING')).toBe('failed');
  });
});

describe('the status switch', () => {
  it('reads pending while the task runs, otherwise inactive if ended, else active or paused', () => {
    expect(statusLabel('active', 'running')).toBe('pending');
    expect(statusLabel('ended', 'running')).toBe('pending');
    expect(statusLabel('ended', 'success')).toBe('inactive');
    expect(statusLabel('active', 'success')).toBe('active');
    expect(statusLabel('paused', 'not_found')).toBe('paused');
    expect(statusLabel('paused', 'failed')).toBe('paused');
    expect(statusLabel(null, 'not_found')).toBe('inactive');
  });

  it('is disabled while the task runs and after the campaign ended', () => {
    expect(statusToggleEnabled('active', 'not_found')).toBe(true);
    expect(statusToggleEnabled('paused', 'success')).toBe(true);
    expect(statusToggleEnabled('paused', 'failed')).toBe(true);
    expect(statusToggleEnabled('active', 'running')).toBe(false);
    expect(statusToggleEnabled('ended', 'success')).toBe(false);
    expect(statusToggleEnabled(null, 'not_found')).toBe(false);
  });

  it('asks for ACTIVE when switched on and PAUSED when switched off', () => {
    expect(switchedTo(true)).toBe('ACTIVE');
    expect(switchedTo(false)).toBe('PAUSED');
  });
});

describe('the optimisation switch', () => {
  it('shows only for an active campaign that is not pending', () => {
    expect(optimisationVisible('active', 'not_found')).toBe(true);
    expect(optimisationVisible('active', 'failed')).toBe(true);
    expect(optimisationVisible('active', 'running')).toBe(false);
    expect(optimisationVisible('paused', 'success')).toBe(false);
    expect(optimisationVisible('ended', 'success')).toBe(false);
  });

  it('is on unless the optimisation is paused', () => {
    expect(optimisationOn('ACTIVE')).toBe(true);
    expect(optimisationOn(null)).toBe(true);
    expect(optimisationOn('PAUSED')).toBe(false);
  });
});
