// Location search and postal-code matching of the sandbox, answering in the shapes of Meta's
// `search?type=adgeolocation` (keys, types, region, primary city) from the GeoNames index.
import type { GeoLocation, GeoType, LocationSearch, PostalCodeMatch } from '../types';
import { type GeoIndex, type Place, type PostalCode, normalise } from './geo-index';
import { typedPostalCodes } from './postal-codes';
import { distanceKm, placesNear } from './radius';

/** Types the sandbox can answer; others of spec 2 §9 never match. */
export const SANDBOX_GEO_TYPES: readonly GeoType[] = ['country', 'region', 'city', 'neighborhood', 'zip'];

const TYPE_ORDER: Record<string, number> = { country: 0, region: 1, city: 2, zip: 3, neighborhood: 4 };
// Among exact matches the city goes before the region of the same name: "Berlin", "Hamburg",
// "Wien", "Zürich" typed in full mostly mean the city.
const EXACT_TYPE_ORDER: Record<string, number> = { ...TYPE_ORDER, city: 1, region: 2 };

/** GeoNames PPLX is a section of a populated place: Meta calls those neighbourhoods. */
const placeType = (p: Place): GeoType => (p.featureCode === 'PPLX' ? 'neighborhood' : 'city');

export function placeLocation(index: GeoIndex, p: Place): GeoLocation {
  const region = index.regions.get(p.regionKey);
  return {
    key: String(p.id),
    name: p.name,
    type: placeType(p),
    countryCode: p.countryCode,
    countryName: index.countries[p.countryCode]?.name ?? p.countryCode,
    region: region?.name ?? null,
    regionId: region?.key ?? null,
    primaryCity: null,
    primaryCityId: null,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

export function postalLocation(index: GeoIndex, z: PostalCode): GeoLocation {
  const region = index.regions.get(z.regionKey);
  const city = primaryCity(index, z);
  return {
    key: z.key,
    name: z.code,
    type: 'zip',
    countryCode: z.countryCode,
    countryName: index.countries[z.countryCode]?.name ?? z.countryCode,
    region: region?.name ?? null,
    regionId: region?.key ?? null,
    primaryCity: city?.name ?? z.placeName,
    primaryCityId: city ? String(city.id) : null,
    latitude: z.latitude,
    longitude: z.longitude,
  };
}

/** Within this distance of a postal code's centre the largest place is taken as its city. */
const PRIMARY_CITY_KM = 10;

/**
 * Meta's `primary_city` of a postal code: the most populous place of the code's locality name in
 * its country ("Wien" for "Wien, Innere Stadt"), else — a landmark or a district the place list
 * lacks, e.g. "Westminster Abbey" for SW1A — the most populous place within 10 km of its centre.
 */
function primaryCity(index: GeoIndex, z: PostalCode): Place | undefined {
  let cache = primaryCities.get(index);
  if (!cache) primaryCities.set(index, (cache = new Map()));
  if (!cache.has(z.key)) cache.set(z.key, findPrimaryCity(index, z));
  return cache.get(z.key);
}

const primaryCities = new WeakMap<GeoIndex, Map<string, Place | undefined>>();

function findPrimaryCity(index: GeoIndex, z: PostalCode): Place | undefined {
  for (const name of [z.placeName, z.placeName.split(',')[0]!]) {
    const named = largestPlaceNamed(index, z.countryCode, name);
    if (named && distanceKm(z.latitude, z.longitude, named.latitude, named.longitude) <= 3 * PRIMARY_CITY_KM) return named;
  }
  let best: Place | undefined;
  for (const p of placesNear(index, z.latitude, z.longitude, PRIMARY_CITY_KM)) {
    if (p.countryCode === z.countryCode && p.featureCode !== 'PPLX' && (!best || p.population > best.population)) best = p;
  }
  return best;
}

/** The most populous place of the country called `name` (own name or another spelling). */
export function largestPlaceNamed(index: GeoIndex, countryCode: string, name: string): Place | undefined {
  return largestByName(index).get(`${countryCode.toUpperCase()}:${normalise(name)}`);
}

const largest = new WeakMap<GeoIndex, Map<string, Place>>();

/** `CC:normalised name` → the most populous place so called (built once per index). */
function largestByName(index: GeoIndex): Map<string, Place> {
  let map = largest.get(index);
  if (!map) {
    map = new Map();
    for (const p of index.places) {
      for (const n of p.searchNames) {
        const k = `${p.countryCode}:${n}`;
        const had = map.get(k);
        if (!had || p.population > had.population) map.set(k, p);
      }
    }
    largest.set(index, map);
  }
  return map;
}

interface Hit {
  type: GeoType;
  name: string;
  /** Builds the answer; only the hits that make the cut are built (a zip's primary city costs a lookup). */
  make: () => GeoLocation;
  exact: boolean;
  /** Matched by its own name, not by an exonym or spelling variant. */
  primary?: boolean;
  population: number;
}

const weight = (h: Hit) => h.population * (h.primary === false ? 0.25 : 1);

export function searchLocations(index: GeoIndex, s: LocationSearch): GeoLocation[] {
  const q = normalise(s.q);
  if (!q) return [];
  const types = new Set<GeoType>(s.types?.length ? s.types : SANDBOX_GEO_TYPES);
  const cc = s.countryCode?.toUpperCase();
  const limit = Math.min(Math.max(s.limit ?? 25, 1), 100);
  const hits: Hit[] = [];
  const inCountry = (c: string) => !cc || c === cc;

  if (types.has('country')) {
    for (const [code, c] of Object.entries(index.countries)) {
      const names = [c.name, c.nameDe, code].map(normalise);
      if (inCountry(code) && names.some((n) => n.startsWith(q))) {
        hits.push({ type: 'country', name: c.name, exact: names.includes(q), population: Number.MAX_SAFE_INTEGER, make: () => ({ key: code, name: c.name, type: 'country', countryCode: code, countryName: c.name, region: null, regionId: null, primaryCity: null, primaryCityId: null, latitude: null, longitude: null }) });
      }
    }
  }
  if (types.has('region')) {
    for (const r of index.regions.values()) {
      const n = normalise(r.name);
      if (inCountry(r.countryCode) && n.startsWith(q)) {
        const cname = index.countries[r.countryCode]?.name ?? r.countryCode;
        hits.push({ type: 'region', name: r.name, exact: n === q, population: Number.MAX_SAFE_INTEGER - 1, make: () => ({ key: r.key, name: r.name, type: 'region', countryCode: r.countryCode, countryName: cname, region: r.name, regionId: r.key, primaryCity: null, primaryCityId: null, latitude: null, longitude: null }) });
      }
    }
  }
  if (types.has('city') || types.has('neighborhood')) {
    for (const p of index.places) {
      if (!inCountry(p.countryCode) || !types.has(placeType(p))) continue;
      if (p.searchNames.some((n) => n.startsWith(q))) hits.push({ type: placeType(p), name: p.name, exact: p.searchNames.includes(q), primary: p.searchNames[0]!.startsWith(q), population: p.population, make: () => placeLocation(index, p) });
    }
  }
  if (types.has('zip')) {
    // "DE:101", "10115" and "de 101" all reach the zip keys.
    const raw = s.q.trim().toUpperCase().replace(/^([A-Z]{2})[:\s]+/, (_, c: string) => (inCountry(c) ? `${c}:` : '#'));
    for (const z of index.postal.values()) {
      if (!inCountry(z.countryCode)) continue;
      if (z.key.startsWith(raw) || z.code.startsWith(raw)) hits.push({ type: 'zip', name: z.code, exact: z.code === raw || z.key === raw, population: 0, make: () => postalLocation(index, z) });
    }
  }
  hits.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      (a.exact ? EXACT_TYPE_ORDER : TYPE_ORDER)[a.type]! - (b.exact ? EXACT_TYPE_ORDER : TYPE_ORDER)[b.type]! ||
      // A match by another name (Munich for "münch") counts a quarter of the population, so a big
      // city still wins over a village of that name, but a mere exonym hit does not crowd out a real one.
      weight(b) - weight(a) ||
      a.name.localeCompare(b.name),
  );
  return hits.slice(0, limit).map((h) => h.make());
}

/** Matches typed codes of one country (normalised per country, postal-codes.ts) to its zip locations. */
export function matchPostalCodes(index: GeoIndex, countryCode: string, codes: readonly string[]): PostalCodeMatch {
  const cc = countryCode.toUpperCase();
  const { codes: typed, malformed } = typedPostalCodes(cc, codes);
  const matched: GeoLocation[] = [];
  const unmatched = [...malformed];
  for (const { code, typed: t } of typed) {
    const z = index.postal.get(`${cc}:${code}`);
    if (z) matched.push(postalLocation(index, z));
    else unmatched.push(t);
  }
  return { matched, unmatched };
}
