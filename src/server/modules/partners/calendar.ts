// Settings #system › Forecast calendar (issue 25): the partner's country and region, whose public
// holidays the demand forecast reads (src/server/engines/forecast/holidays.ts). Codes are checked
// against the date-holidays package the forecast uses: ISO 3166-1 alpha-2 countries, and the
// state codes it defines for a country's regional holidays. A change queues a recompute of the
// partner's forecasts, since every holiday feature may move.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { holidayRegion, holidayRegions, isHolidayCountry } from '../../engines/forecast/holidays';
import type { CalendarRegion, CalendarSetting } from '../../../lib/contracts/partners';
import Holidays from 'date-holidays';

const countries = Object.keys(new Holidays().getCountries('en') ?? {}).sort();

export const unknownCountry = (country: string) =>
  new AppError(422, 'error.partner.unknownCountry', `${country} is not a country whose public holidays are known (ISO 3166-1 alpha-2, e.g. DE)`, 'country', undefined, undefined, { country });
export const unknownRegion = (country: string, region: string) =>
  new AppError(422, 'error.partner.unknownRegion', `${region} is not a region of ${country} with holidays of its own`, 'region', undefined, undefined, { country, region });

/** The regions of a country, sorted by name; throws 422 for an unknown country. */
export function regionsOf(country: string, language = 'en'): CalendarRegion[] {
  if (!isHolidayCountry(country)) throw unknownCountry(country);
  return Object.entries(holidayRegions(country, language))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
}

/**
 * Checks a country and optional region; returns them as stored (country upper case, region in
 * date-holidays' own spelling, null for none).
 */
export function checkCalendar(country: string, region?: string | null): { country: string; region: string | null } {
  const c = country.trim().toUpperCase();
  if (!isHolidayCountry(c)) throw unknownCountry(c);
  if (!region?.trim()) return { country: c, region: null };
  const r = holidayRegion(c, region);
  if (r === null) throw unknownRegion(c, region.trim());
  return { country: c, region: r };
}

export async function getCalendarSetting(db: Db, partnerId: number, language = 'en'): Promise<CalendarSetting> {
  const [row] = await db.select({ country: partners.country, region: partners.region }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!row) throw notFound('Partner');
  return { country: row.country, region: row.region, regions: row.country && isHolidayCountry(row.country) ? regionsOf(row.country, language) : [], countries };
}

/** Stores the partner's country and region (checked); true when they changed. */
export async function storeCalendar(db: Db, partnerId: number, country: string, region?: string | null): Promise<boolean> {
  const next = checkCalendar(country, region);
  const [row] = await db.select({ country: partners.country, region: partners.region }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!row) throw notFound('Partner');
  if (row.country === next.country && row.region === next.region) return false;
  await db.update(partners).set(next).where(eq(partners.id, partnerId));
  return true;
}
