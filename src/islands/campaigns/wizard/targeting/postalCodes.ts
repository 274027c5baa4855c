// Pure rules of the postal-code dialog (spec 2 §2 Geo-targeting dialogs, §5 Targeting): the chip
// input and the download of unmatched codes. The dialog's states live in postalCodeDialog.ts.
import { FB_TARGETING_LIMITS } from '../../../../lib/contracts/fb-targeting';

/** spec 2 §5: codes are separated by comma, semicolon or newline (Enter adds the typed text). */
const SEPARATORS = /[,;\r\n]+/;

/** Codes of pasted or typed text, trimmed, blanks dropped (inner spaces kept: `SW1A 1AA`). */
export function parseChipInput(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** The identity of a code for de-duplication: `sw1a 1aa` and `SW1A 1AA` are one code. */
export const chipKey = (code: string) => code.toUpperCase().replace(/\s+/g, '');

/**
 * The chips after adding `text`: new codes appended in typed order, duplicates of existing or
 * earlier codes dropped; codes the match call refuses (too long, or past its 500 codes) are
 * left out and counted in `cut`, so the user is told rather than the whole call failing.
 */
export function addChips(chips: readonly string[], text: string): { chips: string[]; cut: number } {
  const seen = new Set(chips.map(chipKey));
  const out = [...chips];
  let cut = 0;
  for (const code of parseChipInput(text)) {
    const k = chipKey(code);
    if (seen.has(k)) continue;
    if (code.length > FB_TARGETING_LIMITS.zipChars || out.length >= FB_TARGETING_LIMITS.zips) {
      cut++;
      continue;
    }
    seen.add(k);
    out.push(code);
  }
  return { chips: out, cut };
}

/** Whether two code lists hold the same codes (order and spelling of case and spaces aside). */
export function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  const ka = new Set(a.map(chipKey));
  const kb = new Set(b.map(chipKey));
  return ka.size === kb.size && [...ka].every((k) => kb.has(k));
}

/** spec 2 §2: the file of unmatched codes is `unmatched_zips.csv` with the header 'zip_code, country'. */
export const UNMATCHED_CSV_NAME = 'unmatched_zips.csv';
export const UNMATCHED_CSV_HEADER = 'zip_code, country';

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (=, +, -, @). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text of the codes a match left unmatched, one row per code. */
export function unmatchedCsv(codes: readonly string[], country: string): string {
  return [UNMATCHED_CSV_HEADER, ...codes.map((c) => `${cell(c)},${cell(country)}`)].join('\r\n') + '\r\n';
}
