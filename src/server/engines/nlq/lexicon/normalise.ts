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
// A comma stays inside a number only as thousands ("1,000") or a German decimal ("2,5", "12,50"):
// split, "mehr als 2,5 Tickets" became "more than 2 transactions and at least 5 tickets".
const WORD = /"([^"]{1,200})"|„([^“”"]{1,200})[“”"]|(?<![\p{N},])\p{N}{1,3}(?:,\p{N}{3})+(?![\p{N},])|(?<![\p{N},])\p{N}+,\p{N}{1,2}(?![\p{N},])|[\p{L}\p{N}][\p{L}\p{N}@._'’:+\/-]*[\p{L}\p{N}]|[\p{L}\p{N}]|[€£$%<>=!]+/gu;

/** A word as typed, before folding: what tokenize() folds and what the input bounds measure. */
export interface RawToken {
  raw: string;
  punctAfter: string;
  quoted: boolean;
}

/** The words of a text as typed (no folding): quoted phrases, inner slashes and hyphens split. */
export function rawTokens(text: string): RawToken[] {
  const out: RawToken[] = [];
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
    let parts = !w.quoted && w.raw.includes('/') && !/^\d{4}\/\d{2,4}$/.test(w.raw) && !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(w.raw) ? w.raw.split('/').filter(Boolean) : [w.raw];
    // "Parkett-Tickets", "Abo-Kunden", "e-mail": letter-only parts are separate words (ids such as
    // "e1001-00265" and dates keep their hyphen).
    if (!w.quoted) parts = parts.flatMap((x) => (/^\p{L}+(-\p{L}+)+$/u.test(x) ? x.split('-') : [x]));
    parts.forEach((raw, k) => out.push({ raw, quoted: w.quoted, punctAfter: k < parts.length - 1 ? '/' : between.replace(/\s+/g, '') }));
  });
  return out;
}

export function tokenize(text: string): Token[] {
  return rawTokens(text).map((w, i) => {
    const tok: Token = { raw: w.raw, norm: w.quoted ? fold(w.raw).trim() : fold(w.raw).replace(/['’]s$/, ''), i, punctAfter: w.punctAfter };
    if (w.quoted) tok.quoted = true;
    return tok;
  });
}

/**
 * Hard bounds of a question's words (issue 21 §1). The matcher compares every word with the
 * lexicon (typo distance, stems, compound cuts), so its cost grows with the length of a word and
 * the number of words; without bounds one 5,000-letter "word" took seconds of the event loop, and
 * fold()'s NFKD expands some characters many-fold (U+FDFA becomes 18). No word of a real question
 * comes near these: the longest German compounds have about 40 letters, e-mail addresses and
 * invoice numbers stay under 60, titles are several words (or one quoted phrase of at most 200
 * characters, the tokenizer's own limit).
 */
export const INPUT_BOUNDS = {
  /** Characters of one unquoted word as typed (measured before folding). */
  wordChars: 60,
  /** Characters of a word after folding: ä→ae doubles at most; more is a compatibility expansion. */
  foldedChars: 120,
  /**
   * Folding may at most double a word (ä→ae) plus this: a ligature such as "ﬁ" or "㎏" adds a
   * letter or two, but U+FDFA's eighteen letters (four words) are no word of a question.
   */
  expansionSlack: 6,
  /** Characters of a quoted phrase after folding (the tokenizer takes at most 200 as typed). */
  quotedFoldedChars: 400,
  /** Words of one question: eight times the longest question of the accuracy set (about 25). */
  words: 200,
  /** How a refused word is named back: its first characters and an ellipsis. */
  namedChars: 24,
} as const;

const NON_ASCII = /[^\x00-\x7f]/;

export type BoundBreach = { kind: 'word'; word: string } | { kind: 'words'; count: number };

/** A refused word as named back to the user: cut to INPUT_BOUNDS.namedChars characters (not mid-pair). */
export function shortWord(raw: string): string {
  const chars = [...raw.slice(0, INPUT_BOUNDS.namedChars * 2)];
  return chars.length > INPUT_BOUNDS.namedChars ? `${chars.slice(0, INPUT_BOUNDS.namedChars).join('')}…` : raw;
}

/**
 * The first way a text breaks the input bounds, or undefined. Linear in the text: the raw length
 * of each word is checked before it is folded, so fold() only ever sees a bounded word.
 */
export function inputBreach(text: string): BoundBreach | undefined {
  const words = rawTokens(text);
  for (const w of words) {
    if (!w.quoted && w.raw.length > INPUT_BOUNDS.wordChars) return { kind: 'word', word: shortWord(w.raw) };
  }
  if (words.length > INPUT_BOUNDS.words) return { kind: 'words', count: words.length };
  for (const w of words) {
    // Only characters beyond ASCII expand under NFKD; a bounded word is folded to measure it.
    if (!NON_ASCII.test(w.raw)) continue;
    const folded = fold(w.raw).length;
    if (folded > (w.quoted ? INPUT_BOUNDS.quotedFoldedChars : INPUT_BOUNDS.foldedChars) || folded > 2 * w.raw.length + INPUT_BOUNDS.expansionSlack) return { kind: 'word', word: shortWord(w.raw) };
  }
  return undefined;
}

// Rows of the distance table, reused: the matcher weighs thousands of word pairs per question and
// fresh arrays per row made the garbage collector a large part of its time. Words are bounded
// (INPUT_BOUNDS.foldedChars; vocabulary words are short), longer ones get larger buffers.
let rowA = new Int32Array(128);
let rowB = new Int32Array(128);
let rowC = new Int32Array(128);

/** Damerau–Levenshtein (optimal string alignment): a swapped pair of letters is one typo. */
export function editDistance(a: string, b: string, max = 3): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rowA.length < n + 1) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= n; j++) {
    prev[j] = j;
    prev2[j] = 0;
  }
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[n];
}

/**
 * How many typos a word of this length may carry and still match: none up to 3 letters (too many
 * short words look alike), one up to 7, two from 8. Digits never tolerate typos.
 */
export function typoBudget(word: string): number {
  if (word.length <= 3) return 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 48 && c <= 57) return 0;
  }
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

const stemCache = new Map<string, string[]>();

/**
 * German and English plural and case endings, stripped to compare stems ("Opern" → "oper",
 * "Konzerten" → "konzert", "operas" → "opera"). Only used as a second try after the full word.
 */
export function stems(word: string): string[] {
  const hit = stemCache.get(word);
  if (hit) return hit;
  // The matcher asks for the same words' stems again and again (each typed word against each
  // candidate entry); the cache is bounded (emptied when full), so a flood of distinct words
  // cannot grow it.
  if (stemCache.size >= 20_000) stemCache.clear();
  const out = stemForms(word);
  stemCache.set(word, out);
  return out;
}

/** stems() without the cache, for throw-away words (the cuts of a compound). */
export function stemForms(word: string): string[] {
  const out = [word];
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) out.push(word.slice(0, -suffix.length));
  }
  return out;
}
const SUFFIXES = ['en', 'n', 'e', 's', 'es', 'er', 'ern'];
