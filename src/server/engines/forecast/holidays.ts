// Public holidays as forecast features: a concert on a bank holiday or a hotel arrival before a
// long weekend sells differently. The calendar is the partner's country (default DE, spec 3's
// partners are German-speaking); `date-holidays` holds the rules, including moving feasts.
import Holidays from 'date-holidays';
import { DAY_MS } from './types';

export const DEFAULT_COUNTRY = 'DE';

export interface HolidayCalendar {
  country: string;
  /** Whether the UTC day number is a public holiday in the country. */
  isHoliday: (day: number) => boolean;
}

const calendars = new Map<string, HolidayCalendar>();

/** One calendar per country, its years computed on first use (a few ms a year). */
export function holidayCalendar(country: string = DEFAULT_COUNTRY): HolidayCalendar {
  const key = country.toUpperCase();
  const cached = calendars.get(key);
  if (cached) return cached;
  const hd = new Holidays(key);
  const byYear = new Map<number, Set<number>>();
  const daysOf = (year: number): Set<number> => {
    let set = byYear.get(year);
    if (!set) {
      set = new Set<number>();
      // Only days off for everyone count: observances (Carnival, Mother's Day) do not empty offices.
      for (const h of hd.getHolidays(year) || []) {
        if (h.type !== 'public') continue;
        // h.date is the local calendar date ("2016-04-25 00:00:00"): its day number, not its instant.
        set.add(Math.floor(Date.parse(`${h.date.slice(0, 10)}T00:00:00Z`) / DAY_MS));
      }
      byYear.set(year, set);
    }
    return set;
  };
  const cal: HolidayCalendar = {
    country: key,
    isHoliday: (day) => daysOf(new Date(day * DAY_MS).getUTCFullYear()).has(day),
  };
  calendars.set(key, cal);
  return cal;
}
