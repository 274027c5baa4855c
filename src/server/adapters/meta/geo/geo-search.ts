// Location search and postal-code matching of the sandbox, answering in the shapes of Meta's
// `search?type=adgeolocation` (keys, types, region, primary city) from the GeoNames index.
import type { GeoLocation, GeoType, LocationSearch, PostalCodeMatch } from '../types';
import { type GeoIndex, type Place, type PostalCode, normalise } from './geo-index';

/** Types the sandbox can answer; others of spec 2 §9 never match. */
export const SANDBOX_GEO_TYPES: readonly GeoType[] = ['country', 'region', 'city', 'neighborhood', 'zip'];

const TYPE_ORDER: Record<string, number> = { country: 0, region: 1, city: 2, zip: 3, neighborhood: 4 };

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

/** The most populous place of the postal code's name in its country (Meta's `primary_city`). */
function primaryCity(index: GeoIndex, z: PostalCode): Place | undefined {
  const n = normalise(z.placeName);
  let best: Place | undefined;
  for (const p of index.places) if (p.countryCode === z.countryCode && p.searchNames.includes(n) && (!best || p.population > best.population)) best = p;
  return best;
}

interface Hit {
  loc: GeoLocation;
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
        hits.push({ exact: names.includes(q), population: Number.MAX_SAFE_INTEGER, loc: { key: code, name: c.name, type: 'country', countryCode: code, countryName: c.name, region: null, regionId: null, primaryCity: null, primaryCityId: null, latitude: null, longitude: null } });
      }
    }
  }
  if (types.has('region')) {
    for (const r of index.regions.values()) {
      const n = normalise(r.name);
      if (inCountry(r.countryCode) && n.startsWith(q)) {
        const cname = index.countries[r.countryCode]?.name ?? r.countryCode;
        hits.push({ exact: n === q, population: Number.MAX_SAFE_INTEGER - 1, loc: { key: r.key, name: r.name, type: 'region', countryCode: r.countryCode, countryName: cname, region: r.name, regionId: r.key, primaryCity: null, primaryCityId: null, latitude: null, longitude: null } });
      }
    }
  }
  if (types.has('city') || types.has('neighborhood')) {
    for (const p of index.places) {
      if (!inCountry(p.countryCode) || !types.has(placeType(p))) continue;
      if (p.searchNames.some((n) => n.startsWith(q))) hits.push({ exact: p.searchNames.includes(q), primary: p.searchNames[0]!.startsWith(q), population: p.population, loc: placeLocation(index, p) });
    }
  }
  if (types.has('zip')) {
    // "DE:101", "10115" and "de 101" all reach the zip keys.
    const raw = s.q.trim().toUpperCase().replace(/^([A-Z]{2})[:\s]+/, (_, c: string) => (inCountry(c) ? `${c}:` : '#'));
    for (const z of index.postal.values()) {
      if (!inCountry(z.countryCode)) continue;
      if (z.key.startsWith(raw) || z.code.startsWith(raw)) hits.push({ exact: z.code === raw || z.key === raw, population: 0, loc: postalLocation(index, z) });
    }
  }
  hits.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      TYPE_ORDER[a.loc.type]! - TYPE_ORDER[b.loc.type]! ||
      // A match by another name (Munich for "münch") counts a quarter of the population, so a big
      // city still wins over a village of that name, but a mere exonym hit does not crowd out a real one.
      weight(b) - weight(a) ||
      a.loc.name.localeCompare(b.loc.name),
  );
  return hits.slice(0, limit).map((h) => h.loc);
}

/** Normalises a typed postal code the way keys are written (`SW1A 1AA` stays, `80331 ` trims). */
export function postalKey(countryCode: string, code: string): string {
  return `${countryCode.toUpperCase()}:${code.trim().toUpperCase().replace(/\s+/g, ' ')}`;
}

export function matchPostalCodes(index: GeoIndex, countryCode: string, codes: readonly string[]): PostalCodeMatch {
  const typed = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  const matched: GeoLocation[] = [];
  const unmatched: string[] = [];
  for (const code of typed) {
    const z = index.postal.get(postalKey(countryCode, code));
    if (z) matched.push(postalLocation(index, z));
    else unmatched.push(code);
  }
  return { matched, unmatched };
}
