// Postal-code areas (issue 21 §3): "PLZ-Bereich 51", "PLZ 50*", "Postleitzahlen mit 5",
// "postcodes starting with M1", "postal area 10" mean the customers whose postal code starts with
// the code — a prefix match (compile.ts `starts`: a parameterised ILIKE with the input's own % and
// _ escaped). The code is the first word after the postal word that holds a digit (German codes are
// digits, British outward codes such as "M1" or "SW1" hold one), so an area word ("Bereich",
// "area", "Gebiet") is read as part of the phrase and never becomes the code. A full German code
// without any sign of an area ("PLZ 50667") stays the exact code of the field path (parse.ts).
import type { Token } from './lexicon/normalise';

/** Folded words that name the postal code (singular; plurals mean "codes in an area"). */
const POSTAL = new Set(['plz', 'postleitzahl', 'zip', 'zipcode', 'postcode', 'postalcode']);
const POSTAL_PLURAL = new Set(['plzs', 'postleitzahlen', 'zips', 'zipcodes', 'postcodes', 'postalcodes']);
/** One word that is postal word and area in one ("Postleitzahlbereich", "PLZ-Gebiet" is two). */
const POSTAL_AREA = new Set(['postleitzahlbereich', 'postleitzahlbereiche', 'postleitzahlgebiet', 'postleitzahlgebiete', 'plzbereich', 'plzgebiet', 'postleitzahlenbereich']);
/** Two-word postal names ("postal code", "zip code", "post code", "postal area"). */
// A Map, not an object: a question word such as "constructor" must not find Object's prototype.
const POSTAL_PAIRS = new Map<string, Set<string>>(Object.entries({
  postal: new Set(['code', 'codes', 'area', 'areas', 'district', 'districts', 'region']),
  zip: new Set(['code', 'codes']),
  post: new Set(['code', 'codes']),
}));
const AREA = new Set(['bereich', 'bereiche', 'gebiet', 'gebiete', 'raum', 'region', 'regionen', 'zone', 'area', 'areas', 'district', 'districts', 'prefix', 'praefix', 'anfang']);
/** Words between the postal word and the code that say "starting with". */
const LEAD = new Set(['mit', 'beginnend', 'anfangend', 'startend', 'die', 'der', 'beginnt', 'beginnen', 'faengt', 'fangen', 'anfaengt', 'starting', 'beginning', 'start', 'starts', 'begin', 'begins', 'that', 'which', 'with', 'im', 'in', 'von', 'of', 'the', 'den', 'dem']);
/** Words that say "starting with" (a prefix even for a long code). */
const PREFIX_WORDS = new Set(['mit', 'beginnend', 'anfangend', 'startend', 'beginnt', 'beginnen', 'faengt', 'fangen', 'anfaengt', 'starting', 'beginning', 'start', 'starts', 'begin', 'begins']);
/** Words after the code that close "die mit 5 beginnen", "die mit 5 anfangen". */
const TAIL = new Set(['beginnen', 'beginnt', 'anfangen', 'anfaengt', 'an', 'starten', 'startet']);

export interface PostalArea {
  start: number;
  end: number;
  /** The code as typed ("51", "M1"), without a trailing "*". */
  code: string;
}

const hasDigit = (s: string) => /\d/.test(s);
/** A British postcode area typed in capitals ("LS", "M", "EH"): one or two letters, no digit. */
const areaLetters = (t: Token) => /^[A-Z]{1,2}$/.test(t.raw);
const CODE = /^[a-z0-9]{1,8}$/;

/** A code right before the postal word ("S1", "51er" → "51"), or undefined. */
function codeBefore(tokens: Token[], i: number): string | undefined {
  const t = tokens[i - 1];
  if (!t || t.quoted) return undefined;
  const m = /^(\d{1,4})er$/.exec(t.norm);
  if (m) return m[1];
  if (areaLetters(t)) return t.raw;
  if (!CODE.test(t.norm) || !hasDigit(t.norm)) return undefined;
  return t.raw.replace(/\*+$/, '');
}

/** The postal areas of a question's tokens (at most one per postal word), left to right. */
export function findPostalAreas(tokens: Token[]): PostalArea[] {
  const out: PostalArea[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i].norm;
    let j = i + 1;
    let area = false;
    let plural = false;
    if (POSTAL_AREA.has(w)) area = true;
    else if (POSTAL_PLURAL.has(w)) plural = true;
    else if (POSTAL_PAIRS.get(w)?.has(tokens[j]?.norm ?? '')) {
      const second = tokens[j].norm;
      area = AREA.has(second) || second === 'region';
      plural = second.endsWith('s') && !area;
      j += 1;
    } else if (!POSTAL.has(w)) continue;
    // "PLZ-Bereich", "postcode area", "zip code prefix"
    while (j < tokens.length && AREA.has(tokens[j].norm)) { area = true; j += 1; }
    let prefixWord = false;
    let k = j;
    while (k < tokens.length && k - j < 4 && LEAD.has(tokens[k].norm) && !hasDigit(tokens[k].norm)) {
      if (PREFIX_WORDS.has(tokens[k].norm)) prefixWord = true;
      k += 1;
    }
    const codeTok = tokens[k];
    if (!codeTok || codeTok.quoted || !(CODE.test(codeTok.norm) && hasDigit(codeTok.norm) || areaLetters(codeTok))) {
      // The code before the area: "the S1 postcode area", "im 51er PLZ-Bereich", "M1 postcodes".
      const before = codeBefore(tokens, i);
      // Letters alone ("an LS postcode") are never a whole code: an area even after a singular word.
      if (before !== undefined && (area || plural || /^[A-Z]{1,2}$/.test(before)) && !out.some((a) => a.end > i - 1)) {
        out.push({ start: i - 1, end: j, code: before });
        i = j - 1;
      }
      continue;
    }
    const star = codeTok.punctAfter.startsWith('*');
    const shortNumeric = /^\d{1,4}$/.test(codeTok.norm);
    // A British outward code alone ("EH1", "SW1A", "M1") names a district: every full code in it.
    const outward = /^[a-z]{1,2}\d[a-z\d]?$/.test(codeTok.norm) || areaLetters(codeTok);
    // A full code with nothing that says "area" is the exact code (the field path reads it).
    if (!area && !plural && !prefixWord && !star && !shortNumeric && !outward) continue;
    let end = k + 1;
    while (end < tokens.length && end - k <= 2 && TAIL.has(tokens[end].norm)) end += 1;
    out.push({ start: i, end, code: codeTok.raw.replace(/\*+$/, '') });
    i = end - 1;
  }
  return out;
}
