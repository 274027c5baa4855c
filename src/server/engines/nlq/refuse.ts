// Refusals before parsing (spec 3 §8): a question that asks to change data, or that reaches for
// another partner's data, gets no query — whatever else it also asks. Checked on the folded words
// so "LÖSCHE", "lösche" and "loesche" are one word, and unicode look-alikes are folded away.
import { fold, tokenize } from './lexicon/normalise';
import { OTHERS_PHRASES, WRITE_WORDS } from './lexicon/keywords';

/** Cyrillic and Greek letters that look like Latin ones ("dеlete" with a Cyrillic е). */
const LOOKALIKES: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ӏ: 'l', к: 'k', м: 'm', т: 't', в: 'b', н: 'h',
  α: 'a', ε: 'e', ο: 'o', ρ: 'p', τ: 't', υ: 'u', ι: 'i', κ: 'k', ν: 'v',
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(LOOKALIKES, null);

/** The look-alike letters in either case, so only they call back (not every character of a long text). */
const LOOKALIKE_CHARS = new RegExp(`[${Object.keys(LOOKALIKES).flatMap((c) => [c, c.toUpperCase()]).join('')}]`, 'gu');

// detectWrite and detectOthers both read the same question: the last one is converted once.
let last: { text: string; plain: string } | undefined;

export function unLookalike(text: string): string {
  if (last?.text === text) return last.plain;
  const plain = text.normalize('NFKC').replace(/[\u200b-\u200f\u2060\ufeff]/g, '').replace(LOOKALIKE_CHARS, (ch) => LOOKALIKES[ch.toLowerCase()] ?? ch);
  last = { text, plain };
  return plain;
}

export function detectWrite(text: string): string | undefined {
  const words = tokenize(unLookalike(text)).map((t) => t.norm);
  for (let i = 0; i < words.length; i++) {
    const w = words[i].replace(/[^a-z0-9_]/g, '');
    if (WRITE_WORDS.has(w)) return words[i];
    // "set … to …", "setze … auf …", "change … to …", "mache … zu …"
    if ((w === 'set' || w === 'change' || w === 'make') && words.slice(i + 1, i + 8).some((x) => x === 'to' || x === '=')) return words[i];
    // "opt all customers from Leeds out of marketing": the verb with its object in between.
    if (w === 'opt' && words[i + 1] !== 'out' && words[i + 1] !== 'in' && words.slice(i + 2, i + 9).includes('out')) return words[i];
    if ((w === 'mach' || w === 'mache' || w === 'schreibe' || w === 'trage') && words.slice(i + 1, i + 8).some((x) => x === 'zu' || x === 'auf' || x === 'ein' || x === 'in')) return words[i];
  }
  // SQL statement keywords anywhere ("…; DELETE FROM", "insert into").
  const folded = fold(unLookalike(text));
  if (/\b(insert\s+into|delete\s+from|update\s+\w+\s+set|drop\s+(table|schema|view|role|database)|alter\s+(table|role|system)|truncate\s+table|copy\s+\w+|select\s+.*\binto\b|create\s+(table|role|function|view))/.test(folded)) return 'sql';
  return undefined;
}

export function detectOthers(text: string, partnerId?: number): string | undefined {
  const words = tokenize(unLookalike(text)).map((t) => t.norm);
  for (let i = 0; i < words.length; i++) {
    for (const p of OTHERS_PHRASES) {
      if (p.every((w, j) => words[i + j] === w)) return p.join(' ');
    }
    // "Partner 1002", "partner #7", "Kunden von Partner 5"
    if ((words[i] === 'partner' || words[i] === 'partners' || words[i] === 'partnern' || words[i] === 'mandant' || words[i] === 'client' || words[i] === 'tenant') && /^#?\d+$/.test(words[i + 1] ?? '')) {
      if (partnerId === undefined || Number(words[i + 1].replace('#', '')) !== partnerId) return `${words[i]} ${words[i + 1]}`;
    }
  }
  return undefined;
}

/**
 * Injection residue ("Köln' OR '1'='1", "1=1", "' or ''='"): quotes around a connective or a
 * value compared with itself are no condition anyone asks for. Read word by word they became
 * "exactly 1 transaction" (issue 21 §2); the question is refused naming the fragment instead.
 */
const QUOTED_CONNECTIVE = /(['"`´‘’])\s*\b(or|and|oder|und|union|select|where)\b\s*['"`´‘’(]/giu;
const TAUTOLOGY = /(['"`´‘’]?)([\p{L}\p{N}_]*)\1\s*(=|==|<>|!=|<=|>=)\s*\1\2\1(?![\p{L}\p{N}])/u;
/** A quote mark that is not an apostrophe inside a word ("Mozart's", "O'Brien"). */
const QUOTE_MARK = /(?<![\p{L}\p{N}])['"`´‘’]|['"`´‘’](?![\p{L}\p{N}])/gu;

export function detectStrayOperators(text: string): string | undefined {
  for (const m of text.matchAll(QUOTED_CONNECTIVE)) {
    // "'Oper' oder 'Ballett'" closes a quote before the connective (an odd count of quote marks
    // before it); "Köln' OR '1'='1" opens none: the quote is left over from a string literal.
    const before = text.slice(0, m.index ?? 0).match(QUOTE_MARK)?.length ?? 0;
    if (before % 2 === 0) return m[0].trim();
  }
  const t = TAUTOLOGY.exec(text);
  if (t && (t[1] || /^\d+$/.test(t[2]))) return t[0].trim();
  return undefined;
}
