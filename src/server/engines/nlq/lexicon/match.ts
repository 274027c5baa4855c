// Turns the words of a question into items: time expressions first (./../time.ts), then the
// longest phrase of the lexicon (keywords, field names, the partner's vocabulary) at each word,
// allowing plural endings, small typos and German compounds ("Opernbesucher" = Oper + Besucher).
// Words left over are stop words, numbers, literals (a value after a field word) or unknown.
import { FIELDS, type SemanticField } from '../semantic';
import { findTimeExpressions, type DateRange } from '../time';
import type { Vocabulary } from '../typed-query';
import { KEYWORDS, type KeywordItem } from './keywords';
import { sameWord, stems, tokenize, type Token } from './normalise';
import { STOP_WORDS } from './stopwords';
import { vocabularyEntries, type VocabItem } from './vocabulary-lexicon';

export type ItemBody =
  | KeywordItem
  | VocabItem
  | { k: 'time'; range: DateRange }
  | { k: 'num'; value: number }
  | { k: 'field'; field: SemanticField }
  | { k: 'stop' }
  | { k: 'unknown' };

export type Item = ItemBody & { start: number; end: number; raw: string; fuzzy?: boolean };

type Entry = [string[], ItemBody];

const STATIC_ENTRIES: Entry[] = [
  ...FIELDS.flatMap((f) => f.words.map((w): Entry => [tokenize(w).map((t) => t.norm), { k: 'field', field: f }])),
  ...KEYWORDS.flatMap(([ws, item]) => ws.map((w): Entry => [tokenize(w).map((t) => t.norm), item])),
].filter(([w]) => w.length > 0);

const NUMBER_WORDS: Record<string, number> = {
  zwei: 2, two: 2, drei: 3, three: 3, vier: 4, four: 4, fuenf: 5, five: 5, sechs: 6, six: 6, sieben: 7, seven: 7, acht: 8, eight: 8,
  neun: 9, nine: 9, zehn: 10, ten: 10, elf: 11, eleven: 11, zwoelf: 12, twelve: 12, fuenfzehn: 15, fifteen: 15, zwanzig: 20, twenty: 20,
  dreissig: 30, thirty: 30, vierzig: 40, forty: 40, fuenfzig: 50, fifty: 50, hundert: 100, hundred: 100, tausend: 1000, thousand: 1000,
  dutzend: 12, dozen: 12,
};
/** "ein Ticket" is a number only after a comparison ("mindestens ein Ticket"). */
const ONE_WORDS = new Set(['ein', 'eine', 'einen', 'einem', 'einer', 'eins', 'one', 'a', 'an', 'single']);

export function parseNumber(w: string): number | undefined {
  if (/^\d{1,3}(\.\d{3})+$/.test(w)) return Number(w.replace(/\./g, ''));
  if (/^\d{1,3}(,\d{3})+$/.test(w)) return Number(w.replace(/,/g, ''));
  if (/^\d+([.,]\d+)?$/.test(w)) return Number(w.replace(',', '.'));
  const k = /^(\d+)k$/.exec(w);
  if (k) return Number(k[1]) * 1000;
  return NUMBER_WORDS[w];
}

/** 0 exact, 1 same stem, 2 typo; -1 no match. */
function wordScore(typed: string, known: string): number {
  if (typed === known) return 0;
  const ts = stems(typed);
  if (ts.includes(known) || stems(known).includes(typed)) return 1;
  if (sameWord(typed, known)) return 2;
  if (ts.some((s) => s !== typed && s.length >= 5 && sameWord(s, known))) return 2;
  return -1;
}

interface Candidate { len: number; score: number; order: number; body: ItemBody }

const buckets = new WeakMap<Entry[], Map<string, [Entry, number][]>>();
/** Entries by first letter: every kind of match (exact, stem, typo) keeps the first letter. */
function byFirstLetter(entries: Entry[]): Map<string, [Entry, number][]> {
  let m = buckets.get(entries);
  if (!m) {
    m = new Map();
    entries.forEach((e, order) => {
      const k = e[0][0][0];
      const list = m!.get(k) ?? [];
      list.push([e, order]);
      m!.set(k, list);
    });
    buckets.set(entries, m);
  }
  return m;
}

function bestAt(words: string[], i: number, reserved: boolean[], entries: Entry[]): Candidate | undefined {
  let best: Candidate | undefined;
  const list = byFirstLetter(entries).get(words[i][0]) ?? [];
  list.forEach(([[ew, body], order]) => {
    const len = ew.length;
    if (i + len > words.length) return;
    let score = 0;
    for (let j = 0; j < len; j++) {
      if (reserved[i + j]) return;
      const s = wordScore(words[i + j], ew[j]);
      if (s < 0) return;
      score += s;
    }
    // A typo in a one-word entry must not turn an everyday word into a value.
    if (len === 1 && score === 2 && STOP_WORDS.has(words[i])) return;
    if (!best || len > best.len || (len === best.len && score < best.score) || (len === best.len && score === best.score && order < best.order)) {
      best = { len, score, order, body };
    }
  });
  return best;
}

/** A German compound of two known words ("opernbesucher", "abokunden", "ballettkarten"). */
function splitCompound(word: string, entries: Entry[]): [ItemBody, ItemBody] | undefined {
  if (word.length < 7) return undefined;
  const single = entries.filter(([w]) => w.length === 1);
  const find = (part: string): ItemBody | undefined => {
    let hit: ItemBody | undefined;
    let bestScore = 3;
    for (const [[w], body] of single) {
      const s = wordScore(part, w);
      if (s >= 0 && s < bestScore && !(s === 2 && part.length < 5)) {
        hit = body;
        bestScore = s;
        if (s === 0) break;
      }
    }
    return bestScore <= 1 ? hit : undefined;
  };
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const right = find(word.slice(cut));
    if (!right) continue;
    for (const left of [word.slice(0, cut), word.slice(0, cut).replace(/(s|n|en|e)$/, '')]) {
      if (left.length < 3) continue;
      const l = find(left);
      if (l) return [l, right];
    }
  }
  return undefined;
}

export interface Matched {
  tokens: Token[];
  items: Item[];
}

export function matchQuestion(text: string, vocabulary: Vocabulary, now: Date): Matched {
  const tokens = tokenize(text);
  const words = tokens.map((t) => (t.quoted ? `\u0000${t.norm}` : t.norm));
  const reserved = new Array<boolean>(tokens.length).fill(false);
  const items: Item[] = [];
  const raw = (s: number, e: number) => tokens.slice(s, e).map((t) => t.raw).join(' ');
  const push = (body: ItemBody, start: number, end: number, fuzzy = false) => {
    items.push({ ...body, start, end, raw: raw(start, end), ...(fuzzy ? { fuzzy } : {}) } as Item);
    for (let j = start; j < end; j++) reserved[j] = true;
  };
  const vocab = vocabularyEntries(vocabulary) as Entry[];
  // Event ids ("e1001-00265"): the partner's own are a value, another partner's are refused.
  tokens.forEach((t, i) => {
    const m = /^e(\d+)-[a-z0-9-]+$/.exec(t.norm);
    if (!m || reserved[i]) return;
    if (vocabulary.partnerId !== undefined && Number(m[1]) !== vocabulary.partnerId) push({ k: 'other' }, i, i + 1);
    else push({ k: 'value', tag: 'e', field: 'id', value: t.raw, op: '=' }, i, i + 1);
  });
  // The partner's multi-word names ("Season Pass 2026/27", "1. Rang", "Großer Saal") before time
  // expressions and numbers may claim their words.
  const phrases = vocab.filter(([w, b]) => w.length >= 2 && b.k !== 'other');
  for (let i = 0; i < words.length; i++) {
    if (reserved[i]) continue;
    const c = bestAt(words, i, reserved, phrases);
    if (c && c.score <= 1) {
      push(c.body, i, i + c.len);
      i += c.len - 1;
    }
  }
  for (const t of findTimeExpressions(words, now)) {
    if (reserved.slice(t.start, t.end).some(Boolean)) continue;
    push({ k: 'time', range: t.range }, t.start, t.end);
  }
  const entries: Entry[] = [...vocab.filter(([, b]) => b.k !== 'other'), ...STATIC_ENTRIES];
  for (let i = 0; i < words.length; i++) {
    if (reserved[i]) continue;
    const tok = tokens[i];
    if (tok.quoted) {
      // A quoted phrase is a literal; it may still be exactly one of the partner's values.
      const hit = vocab.find(([w, b]) => b.k !== 'other' && w.join(' ') === tok.norm);
      push(hit ? hit[1] : { k: 'unknown' }, i, i + 1);
      continue;
    }
    const n = parseNumber(words[i]);
    if (n !== undefined && !(ONE_WORDS.has(words[i]))) {
      push({ k: 'num', value: n }, i, i + 1);
      continue;
    }
    const c = bestAt(words, i, reserved, entries);
    if (c && !(c.len === 1 && STOP_WORDS.has(words[i]) && c.score > 0)) {
      push(c.body, i, i + c.len, c.score === 2);
      i += c.len - 1;
      continue;
    }
    if (STOP_WORDS.has(words[i]) || ONE_WORDS.has(words[i])) {
      push({ k: 'stop' }, i, i + 1);
      continue;
    }
    const parts = splitCompound(words[i], entries);
    if (parts) {
      push(parts[0], i, i + 1);
      items.push({ ...parts[1], start: i, end: i + 1, raw: tok.raw } as Item);
      continue;
    }
    // An invoice number ("RE-1001-0147081", "INV-1002-0019766") is a value of its own.
    if (/^[a-z]{2,4}-\d{2,}-\d{3,}$/.test(words[i])) {
      push({ k: 'value', tag: 't', field: 'invoice_id', value: tok.raw, op: '=' }, i, i + 1);
      continue;
    }
    push({ k: 'unknown' }, i, i + 1);
  }
  items.sort((a, b) => a.start - b.start || a.end - b.end);
  // "mindestens ein Ticket": a one-word after a comparison is the number 1.
  for (let j = 0; j < items.length - 1; j++) {
    const a = items[j];
    const b = items[j + 1];
    if (a.k === 'cmp' && !a.postfix && b.k === 'stop' && ONE_WORDS.has(words[b.start])) items[j + 1] = { k: 'num', value: 1, start: b.start, end: b.end, raw: b.raw };
  }
  return { tokens, items };
}
