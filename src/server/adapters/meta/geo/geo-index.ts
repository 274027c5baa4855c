// The sandbox's geography: GeoNames places of DE, AT, CH and GB (assets/geonames/), searchable by
// name prefix regardless of case and diacritics, postal codes by `CC:code` key, and population
// around a point for the suggested radius. Loaded once, on first use (~22k places, ~10 ms).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { config } from '../../../config';

export interface Place {
  id: number;
  name: string;
  /** `DE:16` — country and GeoNames admin1 code. */
  regionKey: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  population: number;
  featureCode: string;
  /** Normalised names the search matches (own name, ASCII spelling, exonyms). */
  searchNames: string[];
}

export interface Region {
  key: string;
  name: string;
  countryCode: string;
}

export interface PostalCode {
  key: string;
  code: string;
  countryCode: string;
  placeName: string;
  regionKey: string;
  latitude: number;
  longitude: number;
}

export interface GeoIndex {
  countries: Record<string, { name: string; nameDe: string }>;
  regions: Map<string, Region>;
  places: Place[];
  placesById: Map<number, Place>;
  postal: Map<string, PostalCode>;
  /** True while postal codes come from the hand-made fixture instead of GeoNames. */
  postalIsFixture: boolean;
  /** Places in 0.5° cells, for "population around a point". */
  grid: Map<string, Place[]>;
}

/** Lower case, no diacritics, ß → ss: "Zürich" and "zurich" meet, as do "Straße" and "strasse". */
export function normalise(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().replace(/\s+/g, ' ').trim();
}

export const CELL_DEG = 0.5;
export const cellOf = (lat: number, lon: number) => `${Math.floor(lat / CELL_DEG)}:${Math.floor(lon / CELL_DEG)}`;

type PlaceRow = [number, string, string, number, number, number, string, string[]];

let cached: GeoIndex | undefined;

export function geoDir(): string {
  return path.join(config.rootDir, 'assets', 'geonames');
}

export function geoIndex(dir = geoDir()): GeoIndex {
  if (cached && dir === geoDir()) return cached;
  const doc = JSON.parse(gunzipSync(readFileSync(path.join(dir, 'places.json.gz'))).toString('utf8')) as {
    countries: GeoIndex['countries'];
    regions: Record<string, Record<string, string>>;
    places: PlaceRow[];
  };
  const regions = new Map<string, Region>();
  for (const [cc, list] of Object.entries(doc.regions)) for (const [code, name] of Object.entries(list)) regions.set(`${cc}:${code}`, { key: `${cc}:${code}`, name, countryCode: cc });
  const places: Place[] = doc.places.map(([id, name, regionKey, latitude, longitude, population, featureCode, other]) => ({
    id, name, regionKey, countryCode: regionKey.slice(0, 2), latitude, longitude, population, featureCode,
    searchNames: [...new Set([name, ...other].map(normalise))],
  }));
  const placesById = new Map(places.map((p) => [p.id, p]));
  const grid = new Map<string, Place[]>();
  for (const p of places) {
    const k = cellOf(p.latitude, p.longitude);
    (grid.get(k) ?? grid.set(k, []).get(k)!).push(p);
  }
  const { postal, fixture } = loadPostal(dir, placesById);
  const index: GeoIndex = { countries: doc.countries, regions, places, placesById, postal, postalIsFixture: fixture, grid };
  if (dir === geoDir()) cached = index;
  return index;
}

function loadPostal(dir: string, placesById: Map<number, Place>): { postal: Map<string, PostalCode>; fixture: boolean } {
  const postal = new Map<string, PostalCode>();
  const full = path.join(dir, 'postal.json.gz');
  if (existsSync(full)) {
    const doc = JSON.parse(gunzipSync(readFileSync(full)).toString('utf8')) as { rows: [string, string, string, number, number][] };
    for (const [key, placeName, regionKey, latitude, longitude] of doc.rows) {
      postal.set(key, { key, code: key.slice(3), countryCode: key.slice(0, 2), placeName, regionKey, latitude, longitude });
    }
    return { postal, fixture: false };
  }
  const doc = JSON.parse(readFileSync(path.join(dir, 'postal-fixture.json'), 'utf8')) as { rows: [string, string, number][] };
  for (const [key, placeName, geonameId] of doc.rows) {
    const place = placesById.get(geonameId);
    if (!place) continue; // the fixture names only places of the list; a stale id is dropped, not guessed
    postal.set(key, { key, code: key.slice(3), countryCode: key.slice(0, 2), placeName, regionKey: place.regionKey, latitude: place.latitude, longitude: place.longitude });
  }
  return { postal, fixture: true };
}
