// Geo lookups of campaign targeting on the wire — spec 2 §3 "Location", §5 "Targeting", §7
// "Generation and geo", §8 (postal-code, search and radius errors). All need the wave permission
// (src/lib/routes.ts API_RULES) and go through the ad platform (the sandbox by default).
//
// Calls:
//   POST /api/v3/fb_targeting/zip_code_matching {country_code, zips}  → 200 ZipCodeMatchingResponse
//   POST /api/v3/fb_targeting/search {q, location_types, country_code?, limit?} → 200 LocationSearchResponse
//   GET  /api/v3/fb_targeting/suggested_radius?location={"country":"DE","name":"Berlin"}&distance_unit=kilometer
//        → 200 SuggestedRadiusResponse
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid; 401 error.auth.unauthenticated;
// 403 error.auth.forbidden (subcode wave); 404 error.fb_targeting.location_not_found (radius for a
// place the platform does not know); the ad platform's spec 2 §8 codes: 403
// error.connect.facebook.invalid_token (Meta login expired, or no Meta account connected) and
// …missing_permissions, 429 …rate_limit (retry-after), 502 …graph_api_error, 503 …api_error.
import { z } from 'zod';
import { text } from './common';

/** Countries the postal-code dialog offers: those the sandbox has GeoNames postal codes for. */
export const POSTAL_COUNTRIES = ['DE', 'AT', 'CH', 'GB'] as const;
export type PostalCountry = (typeof POSTAL_COUNTRIES)[number];

/** Geography types of spec 2 §9, plus `zip` (the type of postal-code locations, keys `DE:10115`). */
export const GEO_TYPES = [
  'country', 'country_group', 'region', 'large_geo_area', 'medium_geo_area', 'small_geo_area', 'city', 'place', 'geo_market',
  'subcity', 'neighborhood', 'electoral_district', 'county', 'zip', 'custom_location',
] as const;
export const GeoTypeName = z.enum(GEO_TYPES);

export const DISTANCE_UNITS = ['mile', 'kilometer'] as const;

export const FB_TARGETING_LIMITS = {
  /** Codes per match call: a region's worth of codes pasted at once, small enough for one Graph call. */
  zips: 500,
  /** Characters of the comma-joined list (500 GB full postcodes with separators fit). */
  zipsChars: 6_000,
  /** Characters of one typed code. */
  zipChars: 20,
  /** Characters of a search query (the longest place names are about 60). */
  q: 100,
  searchResults: 100,
  locationChars: 400,
} as const;

/** Separators of typed postal codes (spec 2 §5): comma, semicolon, newline. */
export const ZIP_SEPARATORS = /[,;\r\n]+/;

export const splitZips = (zips: string): string[] => zips.split(ZIP_SEPARATORS).map((z) => z.trim()).filter(Boolean);

export const ZipCodeMatchingBody = z.object({
  country_code: z.enum(POSTAL_COUNTRIES),
  /** Comma-joined typed codes (semicolons and newlines also separate); trimmed and de-duplicated. */
  zips: text()
    .max(FB_TARGETING_LIMITS.zipsChars)
    .refine((s) => splitZips(s).length > 0, 'No postal code given')
    .refine((s) => splitZips(s).length <= FB_TARGETING_LIMITS.zips, `Limited to ${FB_TARGETING_LIMITS.zips} postal codes per call`)
    .refine((s) => splitZips(s).every((z) => z.length <= FB_TARGETING_LIMITS.zipChars), `Postal codes are limited to ${FB_TARGETING_LIMITS.zipChars} characters`),
});
export type ZipCodeMatchingBody = z.infer<typeof ZipCodeMatchingBody>;

/** A targetable location (spec 2 §3 Location). Postal-code keys are `CC:code`. */
export const Location = z.object({
  key: z.string(),
  name: z.string(),
  type: GeoTypeName,
  region: z.string().nullable(),
  region_id: z.string().nullable(),
  country_code: z.string(),
  country_name: z.string(),
  primary_city: z.string().nullable(),
  primary_city_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Location = z.infer<typeof Location>;

export const ZipCodeMatchingResponse = z.object({
  /** Matched codes in the order typed, one per key (`10115` and `D-10115` are one). */
  matched_zips: z.array(Location),
  /** Codes as typed (trimmed) that match no postal code of the country. */
  unmatched_zips: z.array(z.string()),
});
export type ZipCodeMatchingResponse = z.infer<typeof ZipCodeMatchingResponse>;

export const LocationSearchBody = z.object({
  q: text().trim().min(1).max(FB_TARGETING_LIMITS.q),
  /** Empty: every type (spec 2 §7 `location_types` empty). */
  location_types: z.array(GeoTypeName).max(GEO_TYPES.length).default([]),
  country_code: z.enum(POSTAL_COUNTRIES).optional(),
  limit: z.number().int().min(1).max(FB_TARGETING_LIMITS.searchResults).optional(),
});
export type LocationSearchBody = z.input<typeof LocationSearchBody>;

export const LocationSearchResponse = z.object({ results: z.array(Location) });
export type LocationSearchResponse = z.infer<typeof LocationSearchResponse>;

/** The place a radius is suggested for: its country and name, and its key when the search gave one. */
export const RadiusLocation = z.object({
  country: z.enum(POSTAL_COUNTRIES),
  name: text().trim().min(1).max(FB_TARGETING_LIMITS.q),
  key: text().trim().min(1).max(40).optional(),
});
export type RadiusLocation = z.infer<typeof RadiusLocation>;

export const SuggestedRadiusQuery = z.object({
  /** JSON text of {@link RadiusLocation} (the browser sends `location` as JSON, spec 2 §7). */
  location: text()
    .max(FB_TARGETING_LIMITS.locationChars)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'location must be JSON: {"country":"DE","name":"Berlin"}' });
        return z.NEVER;
      }
    })
    .pipe(RadiusLocation),
  distance_unit: z.enum(DISTANCE_UNITS),
});
export type SuggestedRadiusQuery = z.input<typeof SuggestedRadiusQuery>;

export const SuggestedRadiusResponse = z.object({
  /** Within spec 2 §5's limits: 10–50 miles or 17–80 km. */
  suggest_radius: z.number(),
  distance_unit: z.enum(DISTANCE_UNITS),
  /** The place the radius was computed around. */
  location: Location,
});
export type SuggestedRadiusResponse = z.infer<typeof SuggestedRadiusResponse>;
