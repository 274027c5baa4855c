// The sandbox's geography: GeoNames places and postal codes of DE, AT, CH and GB
// (assets/geonames/), places searchable by name prefix regardless of case and diacritics, postal
// codes by `CC:code` key, and population around a point for the suggested radius. Loaded once per
// process, on first use (figures: docs/PERFORMANCE.md "Geo lookups").
import { readFileSync } from 'node:fs';
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
  /** Places in 0.5° cells, for "population around a point". */
  grid: Map<string, Place[]>;
}

/** Lower case, no diacritics, ß → ss: "Zürich" and "zurich" meet, as do "Straße" and "strasse". */
export function normalise(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The ways a name is typed besides its own: umlauts spelled out (Mühldorf → Muehldorf, for a
 * keyboard without them) and "Sankt" abbreviated (Sankt Gallen → St. Gallen, St Gallen).
 */
export function spellings(name: string): string[] {
  const out = [name];
  if (/[äöüÄÖÜ]/.test(name)) out.push(name.replace(/[äöüÄÖÜ]/g, (ch) => ({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' })[ch]!));
  for (const n of [...out]) if (/^Sankt /.test(n)) out.push(n.replace(/^Sankt /, 'St. '), n.replace(/^Sankt /, 'St '));
  return out;
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
    searchNames: [...new Set([name, ...other].flatMap(spellings).map(normalise))],
  }));
  const placesById = new Map(places.map((p) => [p.id, p]));
  const grid = new Map<string, Place[]>();
  for (const p of places) {
    const k = cellOf(p.latitude, p.longitude);
    (grid.get(k) ?? grid.set(k, []).get(k)!).push(p);
  }
  const postal = loadPostal(dir);
  const index: GeoIndex = { countries: doc.countries, regions, places, placesById, postal, grid };
  if (dir === geoDir()) cached = index;
  return index;
}

/** assets/geonames/postal.json.gz: per country, rows [code, place name, admin1 code, lat, lon]. */
function loadPostal(dir: string): Map<string, PostalCode> {
  const doc = JSON.parse(gunzipSync(readFileSync(path.join(dir, 'postal.json.gz'))).toString('utf8')) as {
    countries: Record<string, [string, string, string, number, number][]>;
  };
  const postal = new Map<string, PostalCode>();
  for (const [countryCode, rows] of Object.entries(doc.countries)) {
    for (const [code, placeName, admin1, latitude, longitude] of rows) {
      const key = `${countryCode}:${code}`;
      postal.set(key, { key, code, countryCode, placeName, regionKey: admin1 ? `${countryCode}:${admin1}` : '', latitude, longitude });
    }
  }
  return postal;
}
