// spec 1 §2.9–2.10, §9: how the event detail writes dates, shares and seat categories.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CATEGORY_PALETTE,
  formatEventDate,
  formatPercent,
  paletteColor,
  priceCategoryLabel,
  stateTone,
  toRoman,
  trendOf,
} from '../../../src/islands/events/detail/format';

describe('toRoman', () => {
  it('writes the numerals of the seat categories 1 to 15', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map(toRoman)).toEqual([
      'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV',
    ]);
    expect(toRoman(1994)).toBe('MCMXCIV');
  });
  it('refuses what has no numeral', () => {
    expect(() => toRoman(0)).toThrow(RangeError);
    expect(() => toRoman(2.5)).toThrow(RangeError);
  });
  it('round-trips through a reader of numerals', () => {
    const VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
    const read = (s: string) => [...s].reduce((sum, c, i) => (VALUES[c] < (VALUES[s[i + 1]] ?? 0) ? sum - VALUES[c] : sum + VALUES[c]), 0);
    fc.assert(fc.property(fc.integer({ min: 1, max: 3999 }), (n) => read(toRoman(n)) === n));
  });
});

describe('priceCategoryLabel', () => {
  it("names numeric categories 1–15 'Kategorie {roman}'", () => {
    expect(priceCategoryLabel('1')).toBe('Kategorie I');
    expect(priceCategoryLabel('4')).toBe('Kategorie IV');
    expect(priceCategoryLabel(' 15 ')).toBe('Kategorie XV');
  });
  it('leaves other names alone', () => {
    expect(priceCategoryLabel('0')).toBe('0');
    expect(priceCategoryLabel('16')).toBe('16');
    expect(priceCategoryLabel('Parkett')).toBe('Parkett');
    expect(priceCategoryLabel('1a')).toBe('1a');
  });
});

describe('paletteColor', () => {
  it('has more than 21 distinct colours and keeps them in order', () => {
    expect(new Set(CATEGORY_PALETTE).size).toBe(CATEGORY_PALETTE.length);
    expect(CATEGORY_PALETTE.length).toBeGreaterThanOrEqual(21);
    expect(CATEGORY_PALETTE.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    expect(paletteColor(0)).toBe(CATEGORY_PALETTE[0]);
    expect(paletteColor(20)).toBe(CATEGORY_PALETTE[20]);
  });
  it('gives neighbouring categories different colours, always from the palette', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (i) => {
        expect(CATEGORY_PALETTE).toContain(paletteColor(i));
        expect(paletteColor(i)).not.toBe(paletteColor(i + 1));
      }),
    );
  });
});

describe('formatEventDate', () => {
  it('writes DD.MM.YYYY, HH:mm in UTC', () => {
    expect(formatEventDate('2026-12-02T20:00:00.000Z', 'spoken')).toBe('02.12.2026, 20:00');
    // 23:30 UTC stays on its UTC day whatever the machine's zone
    expect(formatEventDate('2026-03-01T23:30:00Z', 'opera')).toBe('01.03.2026, 23:30');
  });
  it('shows the day only for product and uncategorised events', () => {
    expect(formatEventDate('2026-12-02T20:00:00.000Z', 'product')).toBe('02.12.2026');
    expect(formatEventDate('2026-12-02T20:00:00.000Z', 'uncategorized')).toBe('02.12.2026');
  });
  it('writes nothing for a broken date', () => {
    expect(formatEventDate('not a date', 'opera')).toBe('');
  });
});

describe('formatPercent', () => {
  it('writes shares of capacity the way each language does, one decimal at most', () => {
    expect(formatPercent(42.56, 'en')).toBe('42.6%');
    // German puts a no-break space before the sign
    expect(formatPercent(42.56, 'de')).toBe('42,6\u00a0%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(0, 'de')).toBe('0\u00a0%');
    expect(formatPercent(12.34, 'en', 0)).toBe('12%');
  });
  it('shows a dash when there is no value', () => {
    expect(formatPercent(null, 'en')).toBe('–');
    expect(formatPercent(undefined, 'de')).toBe('–');
    expect(formatPercent(Number.NaN, 'en')).toBe('–');
  });
});

describe('trendOf and stateTone', () => {
  it('draws a trend only for a visible difference', () => {
    expect(trendOf(40, 30)).toBe('up');
    expect(trendOf(30, 40)).toBe('down');
    expect(trendOf(30.01, 30)).toBeNull();
    expect(trendOf(null, 30)).toBeNull();
  });
  it('colours states by what they mean for the organiser', () => {
    expect(stateTone('below')).toBe('bad');
    expect(stateTone('above')).toBe('good');
    expect(stateTone('sold_out')).toBe('good');
    expect(stateTone('on_track')).toBe('neutral');
    expect(stateTone('no_data')).toBe('neutral');
    expect(stateTone('finished')).toBe('done');
  });
});

describe('DATE_ONLY_CATEGORIES', () => {
  it('matches the contract (repeated to keep zod out of the browser)', async () => {
    const contract = await import('../../../src/lib/contracts/events');
    const { DATE_ONLY_CATEGORIES } = await import('../../../src/islands/events/detail/format');
    expect([...DATE_ONLY_CATEGORIES]).toEqual([...contract.DATE_ONLY_CATEGORIES]);
  });
});
