// Adversarial questions for the Sentinel parser's cost bounds (issue 21 §1), shared by
// tests/unit/nlq-adversarial.test.ts and bench/nlq-adversarial.ts. Each is at most the 5,000
// characters a question may have (spec 3 §9 questionMax) and aims at one way the matcher's work
// could grow faster than the input: one huge word, NFKD expansion, many words, compounds the
// splitter tries every cut of, typos the edit distance must weigh, mixed scripts, lone surrogates.
import type { Vocabulary } from '../../src/server/engines/nlq';
import { INPUT_BOUNDS } from '../../src/server/engines/nlq/lexicon/normalise';
import { VOCAB } from './nlq-fixtures';

const MAX = 5000;
/** The most words a question may have: inputs meant to pass the bounds stop there (the worst allowed). */
const WORDS = INPUT_BOUNDS.words;

/** Deterministic pseudo-random letters (a fixed seed: the set is the same on every run). */
function letters(seed: number, n: number, alphabet = 'abcdefghijklmnopqrstuvwxyz'): string {
  let x = seed * 2654435761 >>> 0;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}

/** Words joined by spaces until the text would pass 5,000 characters or `words` words. */
function fill(word: (i: number) => string, words: number = WORDS): string {
  let out = '';
  for (let i = 0; i < words; i++) {
    const next = out ? `${out} ${word(i)}` : word(i);
    if (next.length > MAX) return out;
    out = next;
  }
  return out;
}

const KNOWN = ['kunden', 'opern', 'besucher', 'ballett', 'karten', 'tickets', 'konzert', 'abo', 'saison', 'umsatz', 'theater', 'veranstaltungen'];

export const TRIVIAL = 'Kunden aus Köln';

export const ADVERSARIAL: { name: string; text: string }[] = [
  { name: 'one 5,000-letter word', text: 'a'.repeat(MAX) },
  { name: 'one 5,000-letter compound chain', text: 'Opernbesucher'.repeat(Math.floor(MAX / 13)) },
  { name: '1,000 × U+FDFA (NFKD ×18)', text: '\uFDFA'.repeat(1000) },
  { name: '2,500 × U+FDFA as words', text: fill(() => '\uFDFA', Infinity) },
  { name: 'words of 6 × U+FDFA (folded to 108 each)', text: fill(() => '\uFDFA'.repeat(6)) },
  { name: 'many short unknown words filling 5,000 chars', text: fill((i) => `xq${letters(i, 1)}`, Infinity) },
  { name: 'short unknown words, as many as allowed', text: fill((i) => `xq${letters(i, 1)}`) },
  { name: 'distinct unknown words of 15 letters', text: fill((i) => `k${letters(i, 14)}`) },
  { name: 'repeated compounds', text: fill(() => 'Opernbesucherinnen') },
  { name: 'distinct 40-letter compound candidates', text: fill((i) => `${KNOWN[i % KNOWN.length]}${letters(i, 40 - KNOWN[i % KNOWN.length].length)}`) },
  { name: 'known words glued to unknown tails', text: fill((i) => `${KNOWN[i % KNOWN.length]}${KNOWN[(i * 7) % KNOWN.length]}${letters(i, 3)}`) },
  { name: 'typos of known words', text: fill((i) => { const w = KNOWN[i % KNOWN.length]; const k = 1 + (i % (w.length - 2)); return `${w.slice(0, k)}${w[k + 1]}${w[k]}${w.slice(k + 2)}`; }) },
  { name: 'known words only', text: fill((i) => KNOWN[i % KNOWN.length]) },
  { name: 'mixed scripts', text: fill((i) => ['kундeн', 'Κunden', 'オペラ', 'كونسرت', 'opéra', 'Ballеtt', '🎭', 'ᏦᏌᏁᎠᎬᏁ', 'ｋｕｎｄｅｎ', 'ﬁnale'][i % 10]) },
  { name: 'lone surrogates between words', text: fill((i) => (i % 2 ? '\uD800' : `Kunden${'\uDC00'}aus`)) },
  { name: 'lone surrogates only', text: '\uD800'.repeat(MAX) },
  { name: 'dates and numbers', text: fill((i) => [`${1 + (i % 31)}.${1 + (i % 12)}.`, `20${10 + (i % 20)}-02-30`, `${i * 37}`, 'zwischen', 'und', 'seit'][i % 6]) },
  { name: '24 quoted phrases of 200 characters', text: Array.from({ length: 24 }, (_, i) => `"${letters(i, 200, 'abcdefghij ')}"`).join(' ') },
  { name: 'punctuation runs', text: fill((i) => `a${'.-@:'.repeat(5)}${letters(i, 2)}`) },
];

/**
 * A partner with a large vocabulary (2,000 titles, 400 artists, 200 venues, 100 cities), so the
 * lexicon's buckets are as full as a big partner's: the cost must stay bounded there too.
 */
export function largeVocabulary(): Vocabulary {
  const word = (i: number, n: number) => letters(i * 31 + n, 4 + (i % 7));
  return {
    ...VOCAB,
    titles: [...VOCAB.titles, ...Array.from({ length: 2000 }, (_, i) => `${word(i, 1)} ${word(i, 2)}${i % 3 ? ` ${word(i, 3)}` : ''}`)],
    artists: [...VOCAB.artists, ...Array.from({ length: 400 }, (_, i) => `${word(i, 4)} ${word(i, 5)}`)],
    venues: [...VOCAB.venues, ...Array.from({ length: 200 }, (_, i) => `${word(i, 6)}halle`)],
    cities: [...VOCAB.cities, ...Array.from({ length: 100 }, (_, i) => word(i, 7))],
  };
}
