// Typed postal codes → the code as Meta's zip keys write it (`DE:10115`, `GB:SW1A`), per country:
// DE five digits, AT and CH four, GB the outward code (the district, `SW1A` of `SW1A 1AA`, which
// is what Meta and GeoNames key British postcodes by). Used before either ad platform is asked.

// Country prefixes as written on envelopes ("D-10115", "A-1010", "CH-8001") or as keys ("DE:10115").
const PREFIXES: Record<string, string[]> = { DE: ['DE', 'D'], AT: ['AT', 'A'], CH: ['CH'], GB: ['GB', 'UK'] };

/** A British postcode: outward code (area letters, district digit, optional digit or letter), then maybe the inward code. */
const GB_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})?$/;

/** The canonical code of `typed` in the country, or null when it cannot be a code there. */
export function canonicalPostalCode(countryCode: string, typed: string): string | null {
  const cc = countryCode.toUpperCase();
  // NFKC folds full-width digits and letters (１０１１５) to ASCII; whitespace inside is not part of any code.
  let t = typed.normalize('NFKC').trim().toUpperCase();
  const prefixes = PREFIXES[cc];
  if (prefixes) t = t.replace(new RegExp(`^(?:${prefixes.join('|')})\\s*[-:]\\s*`), '');
  t = t.replace(/\s+/g, '');
  switch (cc) {
    case 'DE':
      // Spreadsheets drop the leading zero of Saxon and Thuringian codes (01067 → 1067).
      if (/^\d{4}$/.test(t)) t = `0${t}`;
      return /^\d{5}$/.test(t) ? t : null;
    case 'AT':
    case 'CH':
      return /^\d{4}$/.test(t) ? t : null;
    case 'GB':
      return GB_POSTCODE.exec(t)?.[1] ?? null;
    default:
      return t && t.length <= 12 ? t : null;
  }
}

export interface TypedPostalCodes {
  /** Distinct canonical codes in the order first typed, each with the text that first named it. */
  codes: { code: string; typed: string }[];
  /** Typed codes (trimmed, de-duplicated) that cannot be codes of the country. */
  malformed: string[];
}

/** Trims, de-duplicates (by canonical code) and sorts out what cannot be a code of the country. */
export function typedPostalCodes(countryCode: string, typed: readonly string[]): TypedPostalCodes {
  const seen = new Set<string>();
  const codes: TypedPostalCodes['codes'] = [];
  const malformed: string[] = [];
  for (const raw of typed) {
    const t = raw.trim();
    if (!t) continue;
    const code = canonicalPostalCode(countryCode, t);
    if (code === null) {
      if (!malformed.includes(t)) malformed.push(t);
    } else if (!seen.has(code)) {
      seen.add(code);
      codes.push({ code, typed: t });
    }
  }
  return { codes, malformed };
}
