// Settings #system › Registration (security review, finding 10): whether anyone may register on
// /partners/{id}/register, or only addresses of the partner's domain (spec 1 §1 `domain`) and its
// subdomains. GET and PUT /partners/registration need the settings permission.
import { z } from 'zod';

export const RegistrationSetting = z.object({
  /** true: any email address may self-register; false: only the partner's domain. */
  open_registration: z.boolean(),
  /** The partner's domain (spec 1 §1), shown next to the switch. */
  domain: z.string(),
});
export type RegistrationSetting = z.infer<typeof RegistrationSetting>;

export const RegistrationSettingRequest = z.object({ open_registration: z.boolean() });
export type RegistrationSettingRequest = z.infer<typeof RegistrationSettingRequest>;

// Settings #system › Forecast calendar (issue 25): where the partner's events take place, for the
// public holidays the demand forecast reads. Country: ISO 3166-1 alpha-2; region: one of the
// country's state codes as the date-holidays package names them (DE NW, GB ENG), for regional
// holidays. Not set: German holidays. GET and PUT /partners/calendar and GET
// /partners/calendar/regions need the settings permission; the server checks the codes against
// date-holidays (422 error.partner.unknownCountry / unknownRegion).

/** A country code as typed: trimmed, upper case; the server checks that it exists. */
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
/**
 * A region code as typed, trimmed: letters and digits, any case (date-holidays spells most in
 * upper case, DE NW, but a few as names, CK Aitutaki); the server finds it among the country's.
 */
const regionCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/);

export const CalendarRegion = z.object({ code: z.string(), name: z.string() });
export type CalendarRegion = z.infer<typeof CalendarRegion>;

export const CalendarSetting = z.object({
  /** null: not set (German holidays are used). */
  country: z.string().nullable(),
  region: z.string().nullable(),
  /** The regions of `country` with holidays of their own (empty for a country without any, or no country). */
  regions: z.array(CalendarRegion),
  /** Every country the holidays are known for (ISO 3166-1 alpha-2 codes). */
  countries: z.array(z.string()),
});
export type CalendarSetting = z.infer<typeof CalendarSetting>;

export const CalendarSettingRequest = z
  .object({
    country: countryCode,
    /** Omitted or null: the country's nationwide holidays only. */
    region: regionCode.nullable().optional(),
  })
  .strict();
export type CalendarSettingRequest = z.infer<typeof CalendarSettingRequest>;

export const CalendarRegionsQuery = z.object({ country: countryCode });
export type CalendarRegionsQuery = z.infer<typeof CalendarRegionsQuery>;

export const CalendarRegions = z.object({ country: z.string(), regions: z.array(CalendarRegion) });
export type CalendarRegions = z.infer<typeof CalendarRegions>;
