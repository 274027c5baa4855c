// The three geo lookups of the targeting dialogs (spec 2 §7), on whichever ad platform is
// configured: typed postal codes are normalised per country before the platform is asked (so
// Meta and the sandbox see the same canonical keys), and a radius is suggested around a place
// named by country and name, with coordinates from the platform or, where its search gives none
// (Meta's adgeolocation results carry no coordinates), from the GeoNames place list.
import { AppError } from '../../../lib/errors';
import type { AdPlatform, DistanceUnit, GeoLocation, GeoType, PostalCodeMatch, RadiusSuggestion } from '../types';
import { geoIndex, normalise } from './geo-index';
import { largestPlaceNamed } from './geo-search';
import { typedPostalCodes } from './postal-codes';

export async function matchZips(platform: AdPlatform, token: string, countryCode: string, typed: readonly string[]): Promise<PostalCodeMatch> {
  const cc = countryCode.toUpperCase();
  const { codes, malformed } = typedPostalCodes(cc, typed);
  if (!codes.length) return { matched: [], unmatched: malformed };
  const res = await platform.matchPostalCodes(token, cc, codes.map((c) => c.code));
  const byKey = new Map(res.matched.map((m) => [m.key.toUpperCase(), m]));
  const matched: GeoLocation[] = [];
  const unmatched = [...malformed];
  for (const c of codes) {
    const hit = byKey.get(`${cc}:${c.code}`);
    if (hit) matched.push(hit);
    else unmatched.push(c.typed);
  }
  return { matched, unmatched };
}

/** Location types a radius can be drawn around (spec 2 §2: "a per-location radius for cities and places"). */
export const RADIUS_TYPES: readonly GeoType[] = ['city', 'place', 'neighborhood', 'subcity'];

export const locationNotFound = () =>
  new AppError(404, 'error.fb_targeting.location_not_found', 'No city or place of that name was found in the country.');

export interface RadiusPlace {
  country: string;
  name: string;
  key?: string;
}

/** The city or place the radius is for, with coordinates; 404 when neither source knows it. */
export async function resolveRadiusPlace(platform: AdPlatform, token: string, place: RadiusPlace): Promise<GeoLocation & { latitude: number; longitude: number }> {
  const cc = place.country.toUpperCase();
  const hits = await platform.searchLocations(token, { q: place.name, types: RADIUS_TYPES, countryCode: cc, limit: 25 });
  const n = normalise(place.name);
  const hit = (place.key ? hits.find((h) => h.key === place.key) : undefined) ?? hits.find((h) => normalise(h.name) === n) ?? hits[0];
  if (!hit || hit.countryCode.toUpperCase() !== cc) throw locationNotFound();
  if (hit.latitude !== null && hit.longitude !== null) return { ...hit, latitude: hit.latitude, longitude: hit.longitude };
  const local = largestPlaceNamed(geoIndex(), cc, hit.name) ?? largestPlaceNamed(geoIndex(), cc, place.name);
  if (!local) throw locationNotFound();
  return { ...hit, latitude: local.latitude, longitude: local.longitude };
}

export async function suggestedRadius(
  platform: AdPlatform,
  token: string,
  place: RadiusPlace,
  unit: DistanceUnit,
): Promise<{ location: GeoLocation; suggestion: RadiusSuggestion }> {
  const location = await resolveRadiusPlace(platform, token, place);
  return { location, suggestion: await platform.suggestRadius(token, location.latitude, location.longitude, unit) };
}
