// The shared input rules of src/lib/contracts/limits.ts and the zod pieces of common.ts built on
// them: text PostgreSQL can store, calendar days that exist, numbers within a venue's range.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundedInt, calendarDate, money, text } from '../../../src/lib/contracts/common';
import { COUNT_RULE, findUnsafeText, hasAtMostDecimals, isCalendarDate, isSafeText, LIMITS, MONEY_RULE, numberProblem } from '../../../src/lib/contracts/limits';
import { EventForm } from '../../../src/lib/contracts/event-form';

describe('text', () => {
  it('refuses NUL and unpaired surrogates, keeps pairs and every other character', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00y', '\udfff\ud800', '🎻'.slice(0, 1), '🎻'.slice(1)]) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Köln', '🎻', 'a🎻b🎺', '\t\r\n', '\u0001\u007f', '\uffff', '\ufeff']) expect(isSafeText(good), JSON.stringify(good)).toBe(true);
  });

  it('text() answers an issue instead of passing such text on; other zod rules still chain', () => {
    const name = text().trim().min(1).max(5);
    expect(name.safeParse(' ab ').data).toBe('ab');
    expect(name.safeParse('a\u0000').error?.issues.map((i) => i.message)).toEqual([expect.stringContaining('cannot be stored')]);
    expect(text('badText').safeParse('\ud800').error?.issues[0]?.message).toBe('badText');
    expect(name.safeParse('abcdefg').success).toBe(false);
  });

  it('a well-formed string is always safe, and findUnsafeText names the first bad path of any JSON value', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => isSafeText(s.replace(/\u0000/g, '')) === true));
    // Oracle: String.prototype.isWellFormed (ES2024), an implementation independent of ours.
    const wellFormed = (str: string) => (str as unknown as { isWellFormed(): boolean }).isWellFormed() && !str.includes('\u0000');
    const allWellFormed = (v: unknown): boolean =>
      typeof v === 'string' ? wellFormed(v) : Array.isArray(v) ? v.every(allWellFormed) : v && typeof v === 'object' ? Object.entries(v).every(([k, x]) => wellFormed(k) && allWellFormed(x)) : true;
    fc.assert(fc.property(fc.jsonValue({ stringUnit: 'binary' }), (v) => {
      expect(findUnsafeText(v) === null).toBe(allWellFormed(v));
    }), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      expect(isSafeText(s)).toBe(wellFormed(s));
    }), { numRuns: 2000 });
    expect(findUnsafeText({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.2.c');
    expect(findUnsafeText(['fine', '🎻'])).toBeNull();
  });
});

describe('calendar days', () => {
  it('accepts days that exist and refuses the rest without throwing', () => {
    for (const d of ['2027-01-01', '2028-02-29', '2000-02-29', '2027-12-31', '0001-01-01', '9999-12-31']) expect(isCalendarDate(d), d).toBe(true);
    for (const d of ['2027-13-45', '2027-00-10', '0000-00-00', '2027-02-29', '1900-02-29', '2027-04-31', '2027-1-01', '27-01-01', '2027-01-01T00:00', '+02027-01-01', '']) {
      expect(isCalendarDate(d), d).toBe(false);
    }
    expect(calendarDate().safeParse('2027-13-45').success).toBe(false);
  });

  it('agrees with the calendar for every day of years 1 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const s = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const dt = new Date(Date.UTC(2000, m - 1, d));
        dt.setUTCFullYear(y);
        const real = m >= 1 && m <= 12 && d >= 1 && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
        expect(isCalendarDate(s)).toBe(real);
      }),
    );
  });

  it('the event form refuses impossible dates with badDate (a check used to throw on them)', () => {
    for (const date of ['2027-13-45', '2027-00-10', '0000-00-00']) {
      const r = EventForm.safeParse({ name: 'x', category: 'product', date });
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['date', 'badDate']]);
    }
  });
});

describe('numbers', () => {
  it('counts two decimals despite binary floating point, and refuses more', () => {
    for (const n of [0, 1, 19.99, 0.1 + 0.2, 39.980000000000004, 999_999.99, 999_999_999.99, 1_000_000_000]) expect(hasAtMostDecimals(n, 2), String(n)).toBe(true);
    for (const n of [45.555, 0.001, 1e-320, 5e-324, Number.NaN, Infinity]) expect(hasAtMostDecimals(n, 2), String(n)).toBe(false);
  });

  it('names the first problem of a number with a rule', () => {
    expect(numberProblem(1_000_000, COUNT_RULE(LIMITS.capacity))).toBeNull();
    expect(numberProblem(2_147_483_648, COUNT_RULE(LIMITS.capacity))).toBe('tooLarge');
    expect(numberProblem(-1, COUNT_RULE(LIMITS.capacity))).toBe('tooSmall');
    expect(numberProblem(1.5, COUNT_RULE(LIMITS.capacity))).toBe('notInteger');
    expect(numberProblem(Number.NaN, COUNT_RULE(LIMITS.capacity))).toBe('notANumber');
    expect(numberProblem(1e39, MONEY_RULE(LIMITS.price))).toBe('tooLarge');
    expect(numberProblem(1e-320, MONEY_RULE(LIMITS.price))).toBe('tooManyDecimals');
    expect(numberProblem(999_999.99, MONEY_RULE(LIMITS.price))).toBeNull();
  });

  it('whatever passes the money rule fits a bigint column of minor units exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (n) => {
        if (numberProblem(n, MONEY_RULE(LIMITS.revenuePerEntry)) !== null) return;
        const minor = Math.round(n * 100);
        expect(Number.isSafeInteger(minor)).toBe(true);
        expect(Math.abs(minor / 100 - n)).toBeLessThan(1e-6);
      }),
    );
  });

  it('boundedInt and money refuse what the columns cannot hold', () => {
    expect(boundedInt(1, LIMITS.ticketsPerEntry).safeParse(2 ** 31).success).toBe(false);
    expect(money(LIMITS.revenuePerEntry).safeParse(1e39).success).toBe(false);
    expect(money(LIMITS.revenuePerEntry).safeParse(10.555).success).toBe(false);
    expect(money(LIMITS.revenuePerEntry).safeParse(25_000_000.55).success).toBe(true);
  });
});
