// Public holidays as forecast features: a concert on a bank holiday or a hotel arrival before a
// long weekend sells differently. The calendar is the partner's country and, where holidays
// differ by region, its region (date-holidays' state codes: DE NW for North Rhine-Westphalia, GB
// ENG for England); partners without a country use DE (spec 3's partners are German-speaking).
// `date-holidays` holds the rules, including moving feasts.
import Holidays from 'date-holidays';
import { DAY_MS } from './types';

export const DEFAULT_COUNTRY = 'DE';

export interface HolidayCalendar {
  country: string;
  /** date-holidays' state code, null for the country's nationwide holidays only. */
  region: string | null;
  /** Whether the UTC day number is a public holiday in the country (and region). */
  isHoliday: (day: number) => boolean;
}

const calendars = new Map<string, HolidayCalendar>();
const directory = new Holidays();

/** Whether date-holidays knows the country (ISO 3166-1 alpha-2, upper case). */
export function isHolidayCountry(country: string): boolean {
  return /^[A-Z]{2}$/.test(country) && Object.hasOwn(directory.getCountries('en') ?? {}, country);
}

/** The regions (state codes and names) date-holidays knows for a country; empty when it has none. */
export function holidayRegions(country: string, language = 'en'): Record<string, string> {
  if (!isHolidayCountry(country)) return {};
  return directory.getStates(country, language) ?? {};
}

/** Whether `region` is one of the country's date-holidays state codes. */
export function isHolidayRegion(country: string, region: string): boolean {
  return /^[A-Z0-9]{1,3}$/.test(region) && Object.hasOwn(holidayRegions(country), region);
}

/**
 * One calendar per country and region, its years computed on first use (a few ms a year). An
 * unknown region is ignored (the country's nationwide holidays); callers validate first.
 */
export function holidayCalendar(country: string = DEFAULT_COUNTRY, region?: string | null): HolidayCalendar {
  const key = country.toUpperCase();
  const reg = region && isHolidayRegion(key, region.toUpperCase()) ? region.toUpperCase() : null;
  const cacheKey = `${key}/${reg ?? ''}`;
  const cached = calendars.get(cacheKey);
  if (cached) return cached;
  const hd = reg ? new Holidays(key, reg) : new Holidays(key);
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
    region: reg,
    isHoliday: (day) => daysOf(new Date(day * DAY_MS).getUTCFullYear()).has(day),
  };
  calendars.set(cacheKey, cal);
  return cal;
}
