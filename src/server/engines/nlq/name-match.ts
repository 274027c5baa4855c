// How a name typed in a question finds the partner's titles, venues and halls (issue 21 §3):
// on its words, not its punctuation. "Mozart's Requiem", "Mozart Requiem", "Mozart: Requiem" and
// "mozart requiem" all find "Chor der Stadt – Mozart: Requiem": the value is cut into words
// (letters and digits; a possessive 's and every other mark dropped) and each word must occur in
// the name, in any order (ILIKE: case folded by the database). German letters are folded both
// ways, "Zauberfloete" and "Zauberflöte" being one word, by offering each spelling as an
// alternative parameter — no SQL text is built from the value (compile.ts binds every pattern).

/** At most this many words of a name are compared (a title has a handful; the rest adds nothing). */
export const NAME_WORDS_MAX = 8;

const TO_ASCII: [RegExp, string][] = [[/ä/g, 'ae'], [/ö/g, 'oe'], [/ü/g, 'ue'], [/ß/g, 'ss'], [/Ä/g, 'Ae'], [/Ö/g, 'Oe'], [/Ü/g, 'Ue']];
const TO_UMLAUT: [RegExp, string][] = [[/ae/g, 'ä'], [/oe/g, 'ö'], [/ue/g, 'ü'], [/Ae/g, 'Ä'], [/Oe/g, 'Ö'], [/Ue/g, 'Ü']];

const apply = (s: string, rules: [RegExp, string][]) => rules.reduce((x, [re, to]) => x.replace(re, to), s);

/**
 * The words of a typed name, each with its spellings (the word as typed, its umlauts spelt out,
 * its spelt-out umlauts written as umlauts). Empty when the value has no letter or digit.
 */
export function nameWords(value: string): string[][] {
  const words = value
    .normalize('NFC')
    .replace(/['’`´]s\b/giu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const w of words) {
    const key = apply(w.toLowerCase(), TO_ASCII);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([...new Set([w, apply(w, TO_ASCII), apply(w, TO_UMLAUT)])]);
    if (out.length >= NAME_WORDS_MAX) break;
  }
  return out;
}
