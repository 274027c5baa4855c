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

/**
 * The country's date-holidays state code that `region` names, in the package's own spelling
 * (matched without regard to case: most codes are upper case, DE NW, GB ENG, but the Cook Islands'
 * are names, CK Aitutaki); null when it names none.
 */
export function holidayRegion(country: string, region: string): string | null {
  const wanted = region.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(wanted)) return null;
  return Object.keys(holidayRegions(country)).find((code) => code.toUpperCase() === wanted) ?? null;
}

/** Whether `region` is one of the country's date-holidays state codes (any case). */
export function isHolidayRegion(country: string, region: string): boolean {
  return holidayRegion(country, region) !== null;
}

/**
 * One calendar per country and region, its years computed on first use (a few ms a year). An
 * unknown region is ignored (the country's nationwide holidays); callers validate first.
 */
export function holidayCalendar(country: string = DEFAULT_COUNTRY, region?: string | null): HolidayCalendar {
  const key = country.toUpperCase();
  const reg = region ? holidayRegion(key, region) : null;
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

/** A partner's stored place (partners.country, partners.region; null: not set). */
export interface PartnerPlace {
  country: string | null;
  region: string | null;
}

/**
 * The calendar a partner's forecasts read: the one `override` names (a caller's --country), else
 * the partner's own country and region, else DE. A country without a region means its
 * nationwide holidays; a stored region is never combined with another country.
 */
export function partnerHolidays(place: PartnerPlace | null | undefined, override?: { country?: string | null; region?: string | null }): HolidayCalendar {
  if (override?.country) return holidayCalendar(override.country, override.region ?? null);
  if (place?.country) return holidayCalendar(place.country, place.region);
  return holidayCalendar(DEFAULT_COUNTRY);
}
