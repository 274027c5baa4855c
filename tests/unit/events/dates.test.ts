// Calendar days of the events filters: DD.MM.YYYY input (spec 1 §2.9), range options and the row's UTC start.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMonths,
  defaultSince,
  defaultUntil,
  formatDisplayDate,
  formatEventStart,
  isIsoDay,
  parseDisplayDate,
  rangeEnd,
  todayIso,
} from '../../../src/islands/events/list/dates';

describe('parseDisplayDate', () => {
  it('reads DD.MM.YYYY as a UTC day', () => {
    expect(parseDisplayDate('24.12.2026')).toBe('2026-12-24');
    expect(parseDisplayDate(' 01.02.2027 ')).toBe('2027-02-01');
    expect(parseDisplayDate('1.2.2027')).toBe('2027-02-01');
  });

  it('refuses days that are not in the calendar and other formats', () => {
    for (const text of ['31.02.2026', '29.02.2026', '00.01.2026', '12.13.2026', '2026-12-24', '24/12/2026', '24.12.26', '', 'soon']) {
      expect(parseDisplayDate(text), text).toBeNull();
    }
    expect(parseDisplayDate('29.02.2028')).toBe('2028-02-29');
  });

  it('round-trips every day through DD.MM.YYYY', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        expect(parseDisplayDate(formatDisplayDate(iso))).toBe(iso);
      }),
    );
  });
});

describe('isIsoDay', () => {
  it('accepts only real YYYY-MM-DD days', () => {
    expect(isIsoDay('2026-03-01')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('01-03-2026')).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });
});

describe('range options', () => {
  it('ends a week, two weeks, a month, three months and a year after the start', () => {
    expect(rangeEnd('2026-01-31', '1w')).toBe('2026-02-07');
    expect(rangeEnd('2026-01-31', '2w')).toBe('2026-02-14');
    expect(rangeEnd('2026-01-31', '1m')).toBe('2026-02-28');
    expect(rangeEnd('2026-01-31', '3m')).toBe('2026-04-30');
    expect(rangeEnd('2028-02-29', '1y')).toBe('2029-02-28');
    expect(rangeEnd('2026-01-31', 'custom')).toBeNull();
  });

  it('never ends before it starts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), fc.constantFrom('1w', '2w', '1m', '3m', '1y' as const), (offset, option) => {
        const from = new Date(Date.UTC(2000, 0, 1 + offset)).toISOString().slice(0, 10);
        expect(rangeEnd(from, option)! > from).toBe(true);
      }),
    );
  });

  it('defaults to today (or three years back with past events) until two years ahead', () => {
    expect(defaultSince('2026-05-10', false)).toBe('2026-05-10');
    expect(defaultSince('2026-05-10', true)).toBe('2023-05-10');
    expect(defaultUntil('2026-05-10')).toBe('2028-05-10');
    expect(addMonths('2026-05-10', -1)).toBe('2026-04-10');
  });
});

describe('formatEventStart', () => {
  it('shows the start in UTC as DD.MM.YYYY and HH:mm', () => {
    expect(formatEventStart('2026-03-01T19:30:00.000Z')).toEqual({ date: '01.03.2026', time: '19:30' });
    // 23:30 in Berlin is still the 1st in UTC.
    expect(formatEventStart('2026-03-01T23:30:00+01:00')).toEqual({ date: '01.03.2026', time: '22:30' });
  });

  it('takes today from UTC', () => {
    expect(todayIso(new Date('2026-03-01T23:59:00Z'))).toBe('2026-03-01');
  });
});
