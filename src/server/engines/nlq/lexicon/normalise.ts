// Text normalisation for the Sentinel parser: box-office staff type fast, in two languages, with
// and without umlauts ("Köln", "Koeln", "Koln"). Every word of a question and of the vocabulary
// goes through the same fold so that matching is a plain comparison plus a small edit distance.

/** Lower-case, fold umlauts and ß (ä→ae …), drop other accents (é→e, č→c). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

export interface Token {
  /** Folded form used for matching. */
  norm: string;
  /** The word as typed (for values such as names). */
  raw: string;
  /** Index in the token list. */
  i: number;
  /** Punctuation that followed the word (clause boundaries: "," ";" "?"). */
  punctAfter: string;
  /** Written in quotes: a literal value, never a keyword. */
  quoted?: boolean;
}

// Words keep letters, digits and a few inner marks (e-mail addresses, "1.000", "12:30", "50.5").
const WORD = /"([^"]{1,200})"|„([^“”"]{1,200})[“”"]|[\p{L}\p{N}][\p{L}\p{N}@._'’:+\/-]*[\p{L}\p{N}]|[\p{L}\p{N}]|[€£$%<>=!]+/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let m: RegExpExecArray | null;
  WORD.lastIndex = 0;
  const matches: { raw: string; end: number; start: number; quoted: boolean }[] = [];
  while ((m = WORD.exec(text))) {
    const q = m[1] ?? m[2];
    matches.push({ raw: q ?? m[0], start: m.index, end: m.index + m[0].length, quoted: q !== undefined });
  }
  matches.forEach((w, i) => {
    const next = matches[i + 1]?.start ?? text.length;
    const between = text.slice(w.end, next);
    // "2024/25" stays one word for seasons; other slashes separate words ("Oper/Ballett").
    const parts = !w.quoted && w.raw.includes('/') && !/^\d{4}\/\d{2,4}$/.test(w.raw) && !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(w.raw) ? w.raw.split('/').filter(Boolean) : [w.raw];
    parts.forEach((raw, k) => {
      const tok: Token = { raw, norm: w.quoted ? fold(raw).trim() : fold(raw), i: out.length, punctAfter: k < parts.length - 1 ? '/' : between.replace(/\s+/g, '') };
      if (w.quoted) tok.quoted = true;
      out.push(tok);
    });
  });
  return out;
}

/** Damerau–Levenshtein (optimal string alignment): a swapped pair of letters is one typo. */
export function editDistance(a: string, b: string, max = 3): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2: number[] = new Array(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j];
    prev = cur;
    if (rowMin > max) return max + 1;
  }
  return prev[b.length];
}

/**
 * How many typos a word of this length may carry and still match: none up to 3 letters (too many
 * short words look alike), one up to 7, two from 8. Digits never tolerate typos.
 */
export function typoBudget(word: string): number {
  if (/\d/.test(word)) return 0;
  if (word.length <= 3) return 0;
  if (word.length <= 7) return 1;
  return 2;
}

/** Two folded words are the same word, allowing the typo budget of the shorter one. */
export function sameWord(typed: string, known: string): boolean {
  if (typed === known) return true;
  const budget = Math.min(typoBudget(typed), typoBudget(known));
  if (budget === 0) return false;
  // The first letter is rarely mistyped; requiring it keeps "kunden" from matching "runden".
  if (typed[0] !== known[0]) return false;
  return editDistance(typed, known, budget) <= budget;
}

/**
 * German and English plural and case endings, stripped to compare stems ("Opern" → "oper",
 * "Konzerten" → "konzert", "operas" → "opera"). Only used as a second try after the full word.
 */
export function stems(word: string): string[] {
  const out = [word];
  for (const suffix of ['en', 'n', 'e', 's', 'es', 'er', 'ern']) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) out.push(word.slice(0, -suffix.length));
  }
  return out;
}
