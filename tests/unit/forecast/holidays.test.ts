// The forecast's public holidays (src/server/engines/forecast/holidays.ts, issue 25): a region's
// own holidays count, region codes are matched in any case and kept in date-holidays' spelling,
// and a partner's calendar is its own country and region unless a caller names another.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/server/engines/forecast/types';
import { holidayCalendar, holidayRegion, isHolidayCountry, partnerHolidays } from '../../../src/server/engines/forecast/holidays';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

describe('holiday calendars', () => {
  it("count a region's own holidays: Corpus Christi 2025 in North Rhine-Westphalia, not in Berlin or nationwide", () => {
    expect(holidayCalendar('DE', 'NW').isHoliday(day('2025-06-19'))).toBe(true);
    expect(holidayCalendar('DE', 'BE').isHoliday(day('2025-06-19'))).toBe(false);
    expect(holidayCalendar('DE').isHoliday(day('2025-06-19'))).toBe(false);
    expect(holidayCalendar('DE').isHoliday(day('2025-10-03'))).toBe(true);
  });

  it("match region codes in any case and keep the package's spelling; unknown ones are none", () => {
    expect(holidayRegion('DE', 'nw')).toBe('NW');
    expect(holidayRegion('CK', 'AITUTAKI')).toBe('Aitutaki');
    expect(holidayRegion('DE', 'ENG')).toBeNull();
    expect(holidayRegion('DE', 'N W')).toBeNull();
    expect(holidayCalendar('de', 'nw')).toMatchObject({ country: 'DE', region: 'NW' });
    expect(holidayCalendar('DE', 'ZZ')).toMatchObject({ country: 'DE', region: null });
    expect(isHolidayCountry('XX')).toBe(false);
  });

  it("are a partner's own country and region, Germany's without one, or the caller's", () => {
    expect(partnerHolidays({ country: 'GB', region: 'SCT' })).toMatchObject({ country: 'GB', region: 'SCT' });
    expect(partnerHolidays({ country: null, region: null })).toMatchObject({ country: 'DE', region: null });
    expect(partnerHolidays(undefined)).toMatchObject({ country: 'DE', region: null });
    // A caller's country replaces the partner's place entirely: its region is not carried over.
    expect(partnerHolidays({ country: 'DE', region: 'NW' }, { country: 'PT' })).toMatchObject({ country: 'PT', region: null });
    expect(partnerHolidays({ country: 'DE', region: 'NW' }, { country: null, region: null })).toMatchObject({ country: 'DE', region: 'NW' });
  });
});
