// ENCORE_NOW (test-only): the server clock starts at another instant and runs at normal speed.
import { afterEach, describe, expect, it } from 'vitest';
import { clockShiftFromEnv, nowMs, setClock } from '../../../src/server/lib/clock';
import { currentTime, currentTimeMs } from '../../../src/lib/clock';
import { earliestDate } from '../../../src/lib/contracts/event-form';

const START = Date.parse('2026-05-01T10:00:00Z');

describe('clockShiftFromEnv', () => {
  it('is 0 without ENCORE_NOW (or with an empty one)', () => {
    expect(clockShiftFromEnv({}, START)).toBe(0);
    expect(clockShiftFromEnv({ ENCORE_NOW: ' ' }, START)).toBe(0);
  });

  it('reaches ENCORE_NOW at the process start, or at ENCORE_NOW_SINCE when given', () => {
    expect(clockShiftFromEnv({ ENCORE_NOW: '2027-03-01T09:00:00Z' }, START)).toBe(Date.parse('2027-03-01T09:00:00Z') - START);
    expect(clockShiftFromEnv({ ENCORE_NOW: '2027-03-01T09:00:00Z', ENCORE_NOW_SINCE: '1000' }, START)).toBe(Date.parse('2027-03-01T09:00:00Z') - 1000);
    // A plain date is its UTC midnight; an offset is honoured; the past works too.
    expect(clockShiftFromEnv({ ENCORE_NOW: '2027-03-01' }, START)).toBe(Date.parse('2027-03-01T00:00:00Z') - START);
    expect(clockShiftFromEnv({ ENCORE_NOW: '2027-03-01T10:00+01:00' }, START)).toBe(Date.parse('2027-03-01T09:00:00Z') - START);
    expect(clockShiftFromEnv({ ENCORE_NOW: '2025-01-01T00:00:00.000Z' }, START)).toBeLessThan(0);
  });

  it('refuses what is not an ISO date, a time without its zone, and a bad ENCORE_NOW_SINCE', () => {
    for (const bad of ['tomorrow', '01.03.2027', '2027-03-01T09:00:00', '2027-13-45', '1767225600000']) {
      expect(() => clockShiftFromEnv({ ENCORE_NOW: bad }, START), bad).toThrow(/ENCORE_NOW must be an ISO date/);
    }
    expect(() => clockShiftFromEnv({ ENCORE_NOW: '2027-03-01', ENCORE_NOW_SINCE: 'soon' }, START)).toThrow(/ENCORE_NOW_SINCE/);
  });

  it('is refused in production', () => {
    expect(() => clockShiftFromEnv({ ENCORE_NOW: '2027-03-01T09:00:00Z', NODE_ENV: 'production' }, START)).toThrow(/refused when NODE_ENV=production/);
    expect(clockShiftFromEnv({ NODE_ENV: 'production' }, START)).toBe(0);
  });
});

describe('the shared clock', () => {
  afterEach(() => setClock());

  it('gives code shared with the browser the server clock', () => {
    const at = Date.parse('2031-07-04T23:30:00Z');
    setClock(() => at);
    expect(nowMs()).toBe(at);
    expect(currentTimeMs()).toBe(at);
    expect(currentTime().toISOString()).toBe('2031-07-04T23:30:00.000Z');
    // The event form's earliest date follows it (today + 2 days, in UTC without a zone).
    expect(earliestDate(undefined)).toBe('2031-07-06');
    expect(earliestDate('Europe/Berlin')).toBe('2031-07-07');
  });
});
