// One field of an import file (src/server/modules/history-import/fields.ts): dates against the
// calendar with a required zone, amounts exact in minor units with a dot, whole numbers, text
// that can be stored.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readAmountMinor, readExternalId, readInstant, readInteger, readText } from '../../../src/server/modules/history-import/fields';

const value = <T>(r: { ok: true; value: T } | { ok: false }) => (r.ok ? r.value : undefined);
const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);

describe('readInstant', () => {
  it('reads UTC and offsets to the same instant as Date.parse', () => {
    for (const s of ['2016-08-15T19:30:00Z', '2016-08-15T19:30:00+02:00', '2016-08-15T19:30:00-05:30', '2016-08-15T19:30Z', '2016-08-15T19:30:00.250Z', '2016-08-15T19:30:00+0200', '2024-02-29T23:59:59+14:00']) {
      expect(value(readInstant(s)), s).toBe(Date.parse(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')));
    }
  });

  it('agrees with Date for any instant written in ISO form with any whole-minute offset', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-02'), max: new Date('2099-12-30'), noInvalidDate: true }), fc.integer({ min: -14 * 60, max: 14 * 60 }), (d, offset) => {
        const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 23);
        const sign = offset < 0 ? '-' : '+';
        const abs = Math.abs(offset);
        const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        expect(value(readInstant(`${local}${zone}`))).toBe(d.getTime());
      }),
    );
  });

  it('refuses days and times that do not exist', () => {
    expect(code(readInstant('2019-02-29T10:00:00Z'))).toBe('invalid_date');
    expect(code(readInstant('2019-02-30T10:00:00Z'))).toBe('invalid_date');
    expect(code(readInstant('2019-13-01T10:00:00Z'))).toBe('invalid_date');
    expect(code(readInstant('2019-04-31T10:00:00Z'))).toBe('invalid_date');
    expect(code(readInstant('2019-04-30T24:00:00Z'))).toBe('invalid_date');
    expect(code(readInstant('2019-04-30T10:60:00Z'))).toBe('invalid_date');
    expect(code(readInstant('2020-02-29T10:00:00Z'))).toBe('ok');
    expect(code(readInstant('2000-02-29T10:00:00Z'))).toBe('ok');
    expect(code(readInstant('2100-02-29T10:00:00Z'))).toBe('invalid_date');
  });

  it('needs a zone, the ISO shape and a plausible year', () => {
    expect(code(readInstant('2016-08-15T19:30:00'))).toBe('invalid_datetime');
    expect(code(readInstant('2016-08-15 19:30:00Z'))).toBe('invalid_datetime');
    expect(code(readInstant('15.08.2016 19:30'))).toBe('invalid_datetime');
    expect(code(readInstant('2016-08-15T19:30:00+25:00'))).toBe('invalid_datetime');
    expect(code(readInstant('2016-08-15'))).toBe('invalid_datetime');
    expect(code(readInstant('1969-12-31T23:00:00Z'))).toBe('out_of_range');
    expect(code(readInstant(''))).toBe('required');
  });

  it('takes a plain day for sales (00:00 UTC) when asked to', () => {
    expect(value(readInstant('2016-08-15', { dateOnly: true }))).toBe(Date.UTC(2016, 7, 15));
    expect(code(readInstant('2016-02-30', { dateOnly: true }))).toBe('invalid_date');
  });
});

describe('readAmountMinor', () => {
  it('reads signed amounts with a dot into exact minor units', () => {
    expect(value(readAmountMinor('12.5', 1e9))).toBe(1250);
    expect(value(readAmountMinor('-45', 1e9))).toBe(-4500);
    expect(value(readAmountMinor('0.07', 1e9))).toBe(7);
    expect(value(readAmountMinor('+1000000000', 1e9))).toBe(100_000_000_000);
    expect(value(readAmountMinor('-0.00', 1e9))).toBe(0);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; read as digits it is 30 cents.
    expect(value(readAmountMinor('0.30', 1e9))).toBe(30);
  });

  it('refuses a decimal comma, thousands separators, more than two decimals and out-of-range values', () => {
    expect(code(readAmountMinor('12,50', 1e9))).toBe('comma_decimal');
    expect(code(readAmountMinor('1,234.50', 1e9))).toBe('comma_decimal');
    expect(code(readAmountMinor('12.505', 1e9))).toBe('too_many_decimals');
    expect(code(readAmountMinor('1e3', 1e9))).toBe('invalid_amount');
    expect(code(readAmountMinor('€12', 1e9))).toBe('invalid_amount');
    expect(code(readAmountMinor('1000000000.01', 1e9))).toBe('out_of_range');
    expect(code(readAmountMinor(' ', 1e9))).toBe('required');
  });
});

describe('readInteger', () => {
  it('takes whole numbers with a sign within the range', () => {
    expect(value(readInteger('-3', -10, 10))).toBe(-3);
    expect(value(readInteger(' 7 ', -10, 10))).toBe(7);
    expect(code(readInteger('1.5', -10, 10))).toBe('not_integer');
    expect(code(readInteger('2.0', -10, 10))).toBe('not_integer');
    expect(code(readInteger('two', -10, 10))).toBe('not_integer');
    expect(code(readInteger('-1', 0, 10))).toBe('out_of_range');
    expect(code(readInteger('11', 0, 10))).toBe('out_of_range');
  });
});

describe('text fields', () => {
  it('refuses NUL and unpaired surrogates, which the database cannot store', () => {
    expect(code(readText('Car\u0000men', 200))).toBe('unsafe_text');
    expect(code(readText('Carmen \ud800', 200))).toBe('unsafe_text');
    expect(code(readText('Carmen \udc00x', 200))).toBe('unsafe_text');
    expect(code(readExternalId('E\u00001', 64))).toBe('unsafe_text');
    expect(value(readText('Carmen 🎭', 200))).toBe('Carmen 🎭');
    // Control characters other than line breaks and tabs have no place in a name either.
    expect(code(readText('Saal\u001f2', 200))).toBe('unsafe_text');
  });

  it('marks text that was not UTF-8 (decoded to U+FFFD)', () => {
    expect(code(readText('K\uFFFDln', 200))).toBe('invalid_utf8');
  });

  it('puts a title broken over lines on one line, and limits the length', () => {
    expect(value(readText('Carmen,\r\nOper in 4 Akten', 200))).toBe('Carmen, Oper in 4 Akten');
    expect(code(readText('x'.repeat(201), 200))).toBe('too_long');
    expect(code(readText('   ', 200))).toBe('required');
  });

  it('keeps an event_id exactly but refuses control characters in it', () => {
    expect(value(readExternalId(' TIX-1/ä ', 64))).toBe('TIX-1/ä');
    expect(code(readExternalId('TIX\t1', 64))).toBe('invalid_id');
    expect(code(readExternalId('x'.repeat(65), 64))).toBe('too_long');
  });
});
