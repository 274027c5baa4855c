// From GeoNames postal rows (several per code: one per locality, and in Germany also one per
// organisation with its own code) to one compact row per postal code. Kept apart from the build
// script so the rules are unit-tested (tests/unit/meta/geo-postal-build.test.ts).

export interface PostalSourceRow {
  countryCode: string;
  code: string;
  place: string;
  /** First-order division name and code as the source writes them. */
  state: string;
  stateCode: string;
  latitude: number;
  longitude: number;
}

/** [code, place name, GeoNames admin1 code ('' when unknown), latitude, longitude]. */
export type PostalRow = [string, string, string, number, number];

/** The code formats of each country: DE 5 digits, AT/CH 4 digits, GB outward codes (`M9`, `SW1A`). */
export const CODE_FORMAT: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]?$/,
};

// GeoNames' German file mixes two sources. Localities carry the Länder by their two-letter
// abbreviation (BE, BY, …); the codes of single organisations (Großkundenpostleitzahlen: courts,
// banks, "Daimler AG") carry the numeric admin1 code. The abbreviations map to the admin1 codes
// the place list uses (scripts/geo/build-geo.ts REGIONS).
const DE_LAND: Record<string, string> = {
  BW: '01', BY: '02', HB: '03', HH: '04', HE: '05', NI: '06', NW: '07', RP: '08',
  SL: '09', SH: '10', BB: '11', MV: '12', SN: '13', ST: '14', TH: '15', BE: '16',
};

export type DropReason = 'organisation rows' | 'rows outside the UK' | 'malformed rows';

/** Why a row does not describe an area one can target, or null when it does. */
function dropReason(r: PostalSourceRow, regions: Record<string, string>): DropReason | null {
  if (!CODE_FORMAT[r.countryCode]?.test(r.code) || !Number.isFinite(r.latitude) || !Number.isFinite(r.longitude)) return 'malformed rows';
  // An organisation's own code is a mailbox, not an area: Meta's zip targeting has no such key.
  if (r.countryCode === 'DE' && /^\d+$/.test(r.stateCode)) return 'organisation rows';
  // Isle of Man, Jersey and Guernsey (IM, JE, GY codes) are in GeoNames' GB file, mostly without
  // a constituent country (GY2 even as England); Meta targets them as countries of their own
  // (IM, JE, GG). A row without one of the four UK countries is left out too.
  if (r.countryCode === 'GB' && (/^(GY|JE|IM)\d/.test(r.code) || !regions[r.stateCode])) return 'rows outside the UK';
  return null;
}

function regionOf(r: PostalSourceRow, regions: Record<string, string>): string {
  const code = r.countryCode === 'DE' ? (DE_LAND[r.stateCode] ?? '') : r.stateCode;
  return regions[code] ? code : '';
}

/**
 * The name of a code with several localities: the one the others extend ("Hamburg" for "Hamburg
 * Altstadt", "Hamburg Sankt Georg"); without such a name, the first row (GeoNames lists the main
 * locality first, e.g. Eisenstadt before Sankt Georgen am Leithagebirge for 7000).
 */
export function mainPlaceName(names: readonly string[]): string {
  let best = names[0]!;
  let bestScore = 0;
  for (const n of names) {
    const score = names.filter((o) => o !== n && o.startsWith(`${n} `)).length;
    if (score > bestScore) (best = n), (bestScore = score);
  }
  return best;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function compactPostal(
  countryCode: string,
  rows: readonly PostalSourceRow[],
  regions: Record<string, string>,
): { rows: PostalRow[]; dropped: Partial<Record<DropReason, number>> } {
  const dropped: Partial<Record<DropReason, number>> = {};
  const byCode = new Map<string, PostalSourceRow[]>();
  for (const r of rows) {
    if (r.countryCode !== countryCode) continue;
    const why = dropReason(r, regions);
    if (why) dropped[why] = (dropped[why] ?? 0) + 1;
    else (byCode.get(r.code) ?? byCode.set(r.code, []).get(r.code)!).push(r);
  }
  const out: PostalRow[] = [];
  for (const [code, list] of byCode) {
    const name = mainPlaceName(list.map((r) => r.place));
    // The centre of the code's localities stands for the code's area (a radius is drawn around it).
    const lat = list.reduce((s, r) => s + r.latitude, 0) / list.length;
    const lon = list.reduce((s, r) => s + r.longitude, 0) / list.length;
    const region = list.map((r) => regionOf(r, regions)).find(Boolean) ?? '';
    out.push([code, name, region, round4(lat), round4(lon)]);
  }
  out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { rows: out, dropped };
}
