// What an event row shows (spec 1 §2.9, §2.10; spec 3 "Event row").
import { describe, expect, it } from 'vitest';
import { formatShare, formatSharePercent, isDateOnly, isManualEvent, trendPoints } from '../../../src/islands/events/list/rowModel';

const withNow = (value: number | null, benchmark: number | null) => ({
  benchmark: {
    now: { value, benchmark },
    prediction: { value: null, benchmark: null },
    state: 'no_data' as const,
    days_out: null,
    tickets_sold: 0,
    predicted_tickets: null,
    prediction_interval: null,
    expected_error: null,
    comparables: 0,
    computed_at: null,
  },
});

describe('trend indicator', () => {
  it('is the difference between now and the benchmark in points', () => {
    expect(trendPoints(withNow(49, 78))).toBe(-29);
    expect(trendPoints(withNow(56.04, 48.93))).toBe(7.1);
  });

  it('is left out when the difference is zero or a value is missing', () => {
    expect(trendPoints(withNow(40, 40))).toBeNull();
    expect(trendPoints(withNow(40.02, 40))).toBeNull();
    expect(trendPoints(withNow(null, 40))).toBeNull();
    expect(trendPoints(withNow(40, null))).toBeNull();
  });
});

describe('row labels', () => {
  it('marks manual events by source or by a -sim- id', () => {
    expect(isManualEvent({ id: 'e1001-sim-3', source: 'api' })).toBe(true);
    expect(isManualEvent({ id: 'e1001-00003', source: 'manual' })).toBe(true);
    expect(isManualEvent({ id: 'e1001-00003', source: 'api' })).toBe(false);
  });

  it('shows only a date for products and uncategorised events', () => {
    expect(isDateOnly('product')).toBe(true);
    expect(isDateOnly('uncategorized')).toBe(true);
    expect(isDateOnly('opera')).toBe(false);
  });

  it('formats shares with a decimal only below ten', () => {
    expect(formatShare(7.14, 'en')).toBe('7.1');
    expect(formatShare(7.14, 'de')).toBe('7,1');
    expect(formatShare(42.6, 'en')).toBe('43');
    expect(formatSharePercent(42.6, 'en')).toBe('43%');
    expect(formatSharePercent(7.14, 'de')).toBe('7,1\u00a0%');
  });
});
