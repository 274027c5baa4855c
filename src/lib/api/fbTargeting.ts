// spec 2 §7 geo lookups for the targeting dialogs (contracts: ../contracts/fb-targeting).
// Types only from the contracts, so zod stays out of the browser bundles.
import type {
  DISTANCE_UNITS,
  LocationSearchBody,
  LocationSearchResponse,
  PostalCountry,
  RadiusLocation,
  SuggestedRadiusResponse,
  ZipCodeMatchingResponse,
} from '../contracts/fb-targeting';
import { call, mainApi } from './client';

/** Matches typed postal codes of one country (joined with commas) to targetable zip locations. */
export const matchZipCodes = (countryCode: PostalCountry, zips: readonly string[], signal?: AbortSignal) =>
  call<ZipCodeMatchingResponse>(mainApi, '/fb_targeting/zip_code_matching', { method: 'post', json: { country_code: countryCode, zips: zips.join(',') }, signal });

/** Searches locations by name or postal code; empty `location_types` means every type. */
export const searchLocations = (body: LocationSearchBody, signal?: AbortSignal) =>
  call<LocationSearchResponse>(mainApi, '/fb_targeting/search', { method: 'post', json: { location_types: [], ...body }, signal });

/** The suggested radius around a city or place, in the user's unit (spec 2 §5 Radius). */
export const getSuggestedRadius = (location: RadiusLocation, distanceUnit: (typeof DISTANCE_UNITS)[number], signal?: AbortSignal) =>
  call<SuggestedRadiusResponse>(mainApi, '/fb_targeting/suggested_radius', {
    searchParams: { location: JSON.stringify(location), distance_unit: distanceUnit },
    signal,
  });
