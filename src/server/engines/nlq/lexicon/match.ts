// Turns the words of a question into items: time expressions first (./../time.ts), then the
// longest phrase of the lexicon (keywords, field names, the partner's vocabulary) at each word,
// allowing plural endings, small typos and German compounds ("Opernbesucher" = Oper + Besucher).
// Words left over are stop words, numbers, literals (a value after a field word) or unknown.
import { FIELDS, type SemanticField } from '../semantic';
import { findTimeExpressions, isTimeWord, type DateRange } from '../time';
import { findPostalAreas } from '../postal';
import type { Vocabulary } from '../typed-query';
import { KEYWORDS, type KeywordItem } from './keywords';
import { editDistance, sameWord, stemForms, stems, tokenize, type Token } from './normalise';
import { STOP_WORDS } from './stopwords';
import { vocabularyEntries, type VocabItem } from './vocabulary-lexicon';
import { findClockAndWeekdays, type ClockBody } from './clock';

export type ItemBody =
  | KeywordItem
  | VocabItem
  /** "vor 15 Uhr", "on Fridays": the event's start time or weekday (./clock.ts). */
  | ClockBody
  /** `earlier`: the same words one occurrence earlier, for a yearless date still ahead (time.ts). */
  | { k: 'time'; range: DateRange; earlier?: DateRange }
  | { k: 'num'; value: number }
  /** "PLZ-Bereich 51", "postcodes starting with M1": the customer's postal code starts with it (../postal.ts). */
  | { k: 'zipPrefix'; value: string }
  | { k: 'field'; field: SemanticField }
  | { k: 'stop' }
  | { k: 'unknown' }
  /** Words that name something impossible (a day not in the calendar): the question is refused naming them. */
  | { k: 'invalid'; what: 'date' };

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
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(NUMBER_WORDS, null);
/** Words after which a number is compared, not a date ("mehr als 2.5."). */
const COMPARISON_WORDS = new Set(['als', 'than', 'ueber', 'over', 'unter', 'under', 'mindestens', 'hoechstens', 'least', 'most', 'genau', 'exactly', 'maximal', 'max', 'min', '>', '<', '>=', '<=', '=']);

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

/** 0 exact, 1 same stem, 2 typo, 3 typo in a stem; -1 no match. */
function wordScore(typed: string, known: string): number {
  if (typed === known) return 0;
  const ts = stems(typed);
  if (ts.includes(known) || stems(known).includes(typed)) return 1;
  if (sameWord(typed, known)) return 2;
  // A typo in a stem is a weaker guess than a typo in the word: "paymnets" is "payments", not
  // the field word "payment" through the stem "paymnet".
  if (ts.some((s) => s !== typed && s.length >= 5 && sameWord(s, known))) return 3;
  return -1;
}

/**
 * How far a known word's length can be from a typed word's and still score: a stem drops at most
 * 3 letters (stems()), a typo changes the length by at most 2 (typoBudget), and a typo in a stem
 * of the typed word adds both. Matches outside are impossible, so the index below skips them.
 */
const LENGTH_REACH = 5;

interface Candidate { len: number; score: number; order: number; body: ItemBody }

type Indexed = [Entry, number];
const buckets = new WeakMap<Entry[], Map<string, Indexed[]>>();
/**
 * Entries by the first letter and length of their first word: every kind of match (exact, stem,
 * typo) keeps the first letter (sameWord), and the length within LENGTH_REACH. A typed word is
 * compared with a few dozen entries at most instead of the whole lexicon.
 */
function indexOf(entries: Entry[]): Map<string, Indexed[]> {
  let m = buckets.get(entries);
  if (!m) {
    m = new Map();
    entries.forEach((e, order) => {
      const first = e[0][0];
      const k = `${first[0]}|${first.length}`;
      const list = m!.get(k) ?? [];
      list.push([e, order]);
      m!.set(k, list);
    });
    buckets.set(entries, m);
  }
  return m;
}

/** Calls `visit` with each entry whose first word could match `typed` (same first letter, length within reach). */
function forCandidates(typed: string, entries: Entry[], visit: (c: Indexed) => void): void {
  const index = indexOf(entries);
  for (let len = Math.max(1, typed.length - LENGTH_REACH); len <= typed.length + LENGTH_REACH; len++) {
    const list = index.get(`${typed[0]}|${len}`);
    if (list) for (const c of list) visit(c);
  }
}

/**
 * Per question, the entries whose first word matches a typed word, with that score: a question
 * repeats its words, and each word would otherwise be weighed against every entry within reach
 * at each of its positions, for each list (phrases, all). Bounded by the question's
 * bounded words; the later words of multi-word entries are scored on demand.
 */
type FirstMatches = Map<Entry[], Map<string, [Indexed, number][]>>;
function firstMatches(memo: FirstMatches, typed: string, entries: Entry[]): [Indexed, number][] {
  let byWord = memo.get(entries);
  if (!byWord) memo.set(entries, (byWord = new Map()));
  let hits = byWord.get(typed);
  if (!hits) {
    const found: [Indexed, number][] = [];
    forCandidates(typed, entries, (c) => {
      const s = wordScore(typed, c[0][0][0]);
      if (s >= 0) found.push([c, s]);
    });
    byWord.set(typed, (hits = found));
  }
  return hits;
}

/** Whether `a` is a whole name of the partner's and `b` only a fragment of one (a title's word or word pair). */
const wholeBeatsPart = (a: ItemBody, b: ItemBody): boolean => a.k === 'value' && b.k === 'value' && a.op === '=' && b.op === 'contains';

function bestAt(words: string[], i: number, reserved: boolean[], entries: Entry[], memo: FirstMatches): Candidate | undefined {
  let best: Candidate | undefined;
  if (reserved[i]) return undefined;
  for (const [[[ew, body], order], first] of firstMatches(memo, words[i], entries)) {
    const len = ew.length;
    if (i + len > words.length) continue;
    let score = first;
    for (let j = 1; j < len && score >= 0; j++) {
      if (reserved[i + j]) { score = -1; break; }
      const s = wordScore(words[i + j], ew[j]);
      score = s < 0 ? -1 : score + s;
    }
    if (score < 0) continue;
    // A typo in a one-word entry must not turn an everyday word into a value.
    if (len === 1 && score >= 2 && STOP_WORDS.has(words[i])) continue;
    // At equal length and score, one of the partner's whole names ("Gift Voucher", a payment
    // method) beats a fragment of a longer one (the title "Gift Voucher £25").
    const better = !best || len > best.len || (len === best.len && score < best.score)
      || (len === best.len && score === best.score && (wholeBeatsPart(body, best.body) || (!wholeBeatsPart(best.body, body) && order < best.order)));
    if (better) best = { len, score, order, body };
  }
  return best;
}

/**
 * A compound is letters only and at most this long: the longest German compounds of a question
 * ("Abonnementverlängerungen") have about 25 letters, so 40 leaves room. Together with the input
 * bounds (./normalise.ts INPUT_BOUNDS) this caps the cuts tried per word at 34.
 */
const COMPOUND_MAX = 40;

/**
 * The one-word entries as lookups for compound parts, which match exactly or by stem only (a typo
 * in a cut is too loose a guess): `exact` maps a word to its first entry in the lexicon's order,
 * `byStem` a stem of an entry's word ("oper" of "opern") to the first entry having it. A part then
 * costs a few hash lookups, whatever the size of the partner's vocabulary.
 */
interface PartIndex { exact: Map<string, Indexed>; byStem: Map<string, Indexed> }
const partIndexes = new WeakMap<Entry[], PartIndex>();
function partIndexOf(entries: Entry[]): PartIndex {
  let p = partIndexes.get(entries);
  if (!p) {
    p = { exact: new Map(), byStem: new Map() };
    let order = 0;
    for (const e of entries) {
      if (e[0].length !== 1) continue;
      const w = e[0][0];
      const at: Indexed = [e, order++];
      if (!p.exact.has(w)) p.exact.set(w, at);
      for (const st of stemForms(w).slice(1)) if (!p.byStem.has(st)) p.byStem.set(st, at);
    }
    partIndexes.set(entries, p);
  }
  return p;
}

/** A German compound of two known words ("opernbesucher", "abokunden", "ballettkarten"). */
function splitCompound(word: string, entries: Entry[]): [ItemBody, ItemBody] | undefined {
  if (word.length < 7 || word.length > COMPOUND_MAX || !/^\p{L}+$/u.test(word)) return undefined;
  const { exact, byStem } = partIndexOf(entries);
  // The entry the part is (score 0), else the first entry that is a stem of the part or has the
  // part as a stem (score 1) — what wordScore() ranks, found by lookup.
  const find = (part: string): ItemBody | undefined => {
    const same = exact.get(part);
    if (same) return same[0][1];
    let hit = byStem.get(part);
    for (const st of stemForms(part).slice(1)) {
      const h = exact.get(st);
      if (h && (!hit || h[1] < hit[1])) hit = h;
    }
    return hit?.[0][1];
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

interface Lexicon { phrases: Entry[]; entries: Entry[]; quotedValues: Map<string, Entry> }
const lexicons = new WeakMap<Entry[], Lexicon>();
/** The lists the matcher walks, built once per vocabulary (their indexes are cached on them). */
function lexiconOf(vocabulary: Vocabulary): Lexicon {
  const vocab = vocabularyEntries(vocabulary) as Entry[];
  let l = lexicons.get(vocab);
  if (!l) {
    const quotedValues = new Map<string, Entry>();
    for (const e of vocab) if (e[1].k !== 'other' && !quotedValues.has(e[0].join(' '))) quotedValues.set(e[0].join(' '), e);
    l = {
      quotedValues,
      phrases: vocab.filter(([w, b]) => w.length >= 2 && b.k !== 'other'),
      entries: [...vocab.filter(([, b]) => b.k !== 'other'), ...STATIC_ENTRIES],
    };
    lexicons.set(vocab, l);
  }
  return l;
}

/** Words after which the next word is a name, never a function word read through a typo. */
const NAME_WORDS = new Set(['namens', 'named', 'called', 'heisst', 'name', 'namen', 'vorname', 'nachname', 'firstname', 'lastname', 'surname']);

/** Words that say the next words are a title ("Titel Anfang", "Tickets für Anfang", "the show called …"). */
const TITLE_MARKERS = new Set(['titel', 'title', 'titled', 'fuer', 'for', 'stueck', 'werk', 'produktion', 'programm', 'tour', 'show']);
const ARTICLES = new Set(['der', 'die', 'das', 'dem', 'den', 'des', 'the', 'a', 'an', 'ein', 'eine', 'einem', 'einen']);
const TIME_PREPOSITIONS = new Set(['seit', 'since', 'ab', 'bis', 'until', 'till', 'vor', 'before', 'nach', 'after', 'from', 'von', 'vom', 'zum', 'zur', 'am', 'im', 'in', 'at', 'by', 'to', 'zu', 'gegen', 'towards', 'um', 'during', 'waehrend']);

/** Keyword kinds that carry no value of their own: their typos are guarded like function words'. */
const CONNECTIVE_KINDS = new Set(['with', 'for', 'from', 'eq', 'conj', 'or', 'by', 'boundary']);

/** Words after which a value stands ("aus Hagen", "für Fidelio", "in Essen"), never a function word read through a typo. */
const VALUE_SLOT = new Set(['aus', 'from', 'in', 'nach', 'fuer', 'for', 'von', 'vom', 'bei', 'beim', 'at', 'to', 'of', 'titel', 'title', 'stadt', 'city', 'ort', 'wohnort', 'mit', 'with', 'ohne', 'without', 'heissen', 'like', 'als']);

/** Stop words of 5+ letters by first letter: a typo keeps the first letter (as sameWord does). */
let stopIndex: Map<string, string[]> | undefined;
/** One edit (insert, drop, change, swap) from a stop word of 5+ letters, letters only. */
export function typoOfStopWord(word: string): boolean {
  if (word.length < 5 || word.length > 25 || !/^\p{L}+$/u.test(word)) return false;
  if (!stopIndex) {
    stopIndex = new Map();
    for (const w of STOP_WORDS) if (w.length >= 5 && /^\p{L}+$/u.test(w)) stopIndex.set(w[0], [...(stopIndex.get(w[0]) ?? []), w]);
  }
  return (stopIndex.get(word[0]) ?? []).some((w) => Math.abs(w.length - word.length) <= 1 && editDistance(word, w, 1) <= 1);
}

export interface Matched {
  tokens: Token[];
  items: Item[];
}

/** Fractions as shares in percent; "third"/"Drittel" and "quarter"/"Viertel" need a count before them. */
const FRACTIONS = new Map<string, { share: number; needsCount?: true }>([
  ['half', { share: 50 }], ['haelfte', { share: 50 }], ['third', { share: 100 / 3, needsCount: true }], ['thirds', { share: 100 / 3, needsCount: true }],
  ['drittel', { share: 100 / 3, needsCount: true }], ['quarter', { share: 25, needsCount: true }], ['quarters', { share: 25, needsCount: true }], ['viertel', { share: 25, needsCount: true }],
]);
const FRACTION_OF = new Set(['its', 'their', 'the', 'of', 'der', 'seiner', 'ihrer', 'aller', 'des']);
const CAPACITY_WORDS = new Set(['seats', 'places', 'capacity', 'plaetze', 'sitzplaetze', 'kapazitaet', 'karten', 'tickets']);
const FRACTION_COUNTS = new Map<string, number>([
  ['a', 1], ['one', 1], ['ein', 1], ['eine', 1], ['einem', 1], ['einen', 1], ['two', 2], ['zwei', 2], ['three', 3], ['drei', 3],
]);

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
  const { phrases, entries, quotedValues } = lexiconOf(vocabulary);
  const memo: FirstMatches = new Map();
  // Event ids ("e1001-00265"): the partner's own are a value, another partner's are refused.
  tokens.forEach((t, i) => {
    const m = /^e(\d+)-[a-z0-9-]+$/.exec(t.norm);
    if (!m || reserved[i]) return;
    if (vocabulary.partnerId !== undefined && Number(m[1]) !== vocabulary.partnerId) push({ k: 'other' }, i, i + 1);
    else push({ k: 'value', tag: 'e', field: 'id', value: t.raw, op: '=' }, i, i + 1);
  });
  // "w/" = with, "w/o" = without (as typed in English notes).
  tokens.forEach((t, i) => {
    if (reserved[i] || t.norm !== 'w' || !t.punctAfter.startsWith('/')) return;
    if (tokens[i + 1]?.norm === 'o' && !reserved[i + 1]) push({ k: 'neg' }, i, i + 2);
    else push({ k: 'with' }, i, i + 1);
  });
  for (const a of findPostalAreas(tokens)) if (!reserved.slice(a.start, a.end).some(Boolean)) push({ k: 'zipPrefix', value: a.code }, a.start, a.end);
  // "weder Oper noch Ballett", "neither opera nor ballet": one negation over alternatives — "nie
  // Oper oder Ballett". The parser refuses the question if the negation ends up in no condition
  // (parse.ts): answering without it would answer the opposite.
  for (let i = 0; i < words.length; i++) {
    if (reserved[i] || (words[i] !== 'weder' && words[i] !== 'neither')) continue;
    const j = words.findIndex((w, k) => k > i + 1 && !reserved[k] && (w === 'noch' || w === 'nor'));
    if (j < 0) continue;
    push({ k: 'neg', both: true }, i, i + 1);
    push({ k: 'or' }, j, j + 1);
  }
  // The partner's multi-word names ("Season Pass 2026/27", "1. Rang", "Großer Saal") before time
  // expressions and numbers may claim their words.
  for (let i = 0; i < words.length; i++) {
    if (reserved[i]) continue;
    const c = bestAt(words, i, reserved, phrases, memo);
    if (c && c.score <= 1) {
      push(c.body, i, i + c.len);
      i += c.len - 1;
    }
  }
  for (const h of findClockAndWeekdays(words, reserved)) push(h.body, h.start, h.end);
  // "a third sold", "die Hälfte der Plätze", "less than half": a share in percent.
  for (let i = 0; i < words.length; i++) {
    if (reserved[i]) continue;
    const f = FRACTIONS.get(words[i]);
    if (f === undefined) continue;
    const lead = words[i - 1] ?? '';
    const multiple = FRACTION_COUNTS.get(lead);
    const start = multiple !== undefined && !reserved[i - 1] ? i - 1 : i;
    if (f.needsCount && multiple === undefined) continue;
    // "half its seats", "die Hälfte der Plätze": the share is of the capacity — the sold share.
    let end = i + 1;
    while (end < words.length && end < i + 3 && FRACTION_OF.has(words[end]) && !reserved[end]) end++;
    if (end < words.length && CAPACITY_WORDS.has(words[end]) && !reserved[end]) end++;
    else end = i + 1;
    items.push({ k: 'num', value: Math.round(f.share * (multiple ?? 1) * 10) / 10, start, end, raw: raw(start, end) } as Item);
    push({ k: 'percent' }, start, end);
  }
  // "ab 1.9.", "seit 15.3.": the tokenizer keeps the last dot apart (a word ends in a letter or
  // digit), so the time rules see day.month. again — unless a comparison stands before it
  // ("mehr als 2.5." is a number).
  // Likewise "1. September", "ab dem 15.": a day written with its dot is an ordinal.
  const timeWords = words.map((w, i) => (/^\d{1,2}(\.\d{1,2})?$/.test(w) && tokens[i].punctAfter.startsWith('.') && !COMPARISON_WORDS.has(words[i - 1] ?? '') ? `${w}.` : w));
  for (const t of findTimeExpressions(timeWords, now)) {
    if (reserved.slice(t.start, t.end).some(Boolean)) continue;
    if (t.invalid !== undefined) push({ k: 'invalid', what: 'date' }, t.start, t.end);
    else push({ k: 'time', range: t.range, ...(t.earlier ? { earlier: t.earlier } : {}) }, t.start, t.end);
  }
  for (let i = 0; i < words.length; i++) {
    if (reserved[i]) continue;
    const tok = tokens[i];
    if (tok.quoted) {
      // A quoted phrase is a literal; it may still be exactly one of the partner's values, read
      // word by word as the vocabulary is („… – Mozart: Requiem“ keeps its dash and colon).
      const hit = quotedValues.get(tok.norm) ?? quotedValues.get(tokenize(tok.raw).map((x) => x.norm).join(' '));
      push(hit ? hit[1] : { k: 'unknown' }, i, i + 1);
      continue;
    }
    const n = parseNumber(words[i]);
    if (n !== undefined && !(ONE_WORDS.has(words[i]))) {
      push({ k: 'num', value: n }, i, i + 1);
      continue;
    }
    const c = bestAt(words, i, reserved, entries, memo);
    // A typo of a connective or auxiliary keyword ("habne" → "haben") where a value stands or
    // capitalised inside the question is a value the partner does not have ("Kunden aus Hagen"),
    // not "haben": read as one, the question lost its condition and answered every customer.
    if (c && c.score >= 2 && c.len === 1 && CONNECTIVE_KINDS.has(c.body.k) && ((i > 0 && /^\p{Lu}/u.test(tok.raw)) || VALUE_SLOT.has(words[i - 1] ?? ''))) {
      push({ k: 'unknown' }, i, i + 1);
      continue;
    }
    if (c && !(c.len === 1 && STOP_WORDS.has(words[i]) && c.score > 0)) {
      push(c.body, i, i + c.len, c.score === 2 || (c.len === 1 && c.score === 3));
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
    // "habne", "stattfinen", "plese": a function word with one typo is still a function word
    // (issue 21 §3). Not after a name word: "namens Hanne" is a name, not "haben".
    // Nor when it is capitalised inside the question or stands where a value goes ("aus Hagen" is
    // a place, not "haben"): dropped, a name would widen the question silently.
    const capitalised = i > 0 && /^\p{Lu}/u.test(tok.raw);
    if (typoOfStopWord(words[i]) && !capitalised && !NAME_WORDS.has(words[i - 1] ?? '') && !VALUE_SLOT.has(words[i - 1] ?? '')) {
      push({ k: 'stop' }, i, i + 1);
      continue;
    }
    push({ k: 'unknown' }, i, i + 1);
  }
  items.sort((a, b) => a.start - b.start || a.end - b.end);
  // A value word that also appears inside a title becomes a title condition only when the question
  // says so ("Titel", "für", quotes) or nothing else explains it (issue 21 §2: "seit Anfang …"
  // became *title contains "Anfang"*). After a name word it is a name ("namens Carmen"); a time
  // word right after a time preposition ("seit Anfang", "bis zum Ende") is a time the parser could
  // not read — refused naming it rather than answered as a title.
  for (let j = 0; j < items.length; j++) {
    const it = items[j];
    if (it.k !== 'value' || it.field !== 'title' || tokens[it.start].quoted) continue;
    let p = it.start - 1;
    while (p >= 0 && ARTICLES.has(words[p])) p--;
    if (TITLE_MARKERS.has(words[p] ?? '')) continue;
    const nameBefore = NAME_WORDS.has(words[it.start - 1] ?? '');
    const timeAfterPrep = it.op === 'contains' && it.end - it.start === 1 && isTimeWord(words[it.start]) && TIME_PREPOSITIONS.has(words[p] ?? '');
    if (nameBefore || timeAfterPrep) items[j] = { k: 'unknown', start: it.start, end: it.end, raw: it.raw };
  }
  // "less than half sold", "mehr als die Hälfte verkauft": half is 50 %.
  for (let j = 0; j < items.length; j++) {
    const b = items[j];
    if ((b.k !== 'unknown' && !b.fuzzy) || b.end - b.start !== 1 || !/^(half|haelfte|halb|halbe)$/.test(words[b.start] ?? '')) continue;
    const before = items.slice(0, j).reverse().find((x) => x.k !== 'stop');
    if (before?.k !== 'cmp') continue;
    items.splice(j, 1, { k: 'num', value: 50, start: b.start, end: b.end, raw: b.raw }, { k: 'percent', start: b.start, end: b.end, raw: b.raw });
  }
  // "im Oktober und November", "in March and April": two adjoining spans joined by "und"/"oder"
  // are one span (both at once would be no day at all).
  // Months only: "2024 und 2025 gekauft" stays two times (each its own purchase, parse.ts).
  // "March and April 2027": the year after the second month is the first one's too.
  const MONTH_DAYS = 31 * 86_400_000;
  const monthSpan = (r: { from?: string; to?: string }) => !!r.from && !!r.to && Date.parse(r.to) - Date.parse(r.from) <= MONTH_DAYS;
  const shiftYears = (d: string, n: number) => `${Number(d.slice(0, 4)) + n}${d.slice(4)}`;
  for (let j = 0; j + 2 < items.length; j++) {
    const a = items[j];
    const joinerAt = items[j + 1].k === 'conj' || items[j + 1].k === 'or' ? j + 1 : -1;
    const cAt = joinerAt < 0 ? -1 : items[joinerAt + 1]?.k === 'stop' && /^(im|in)$/i.test(items[joinerAt + 1].raw) ? joinerAt + 2 : joinerAt + 1;
    const c = cAt < 0 ? undefined : items[cAt];
    if (a.k !== 'time' || c?.k !== 'time' || !monthSpan(a.range) || !monthSpan(c.range)) continue;
    let aRange = a.range;
    const yearOfC = /\b(19|20)\d\d\b/.exec(c.raw)?.[0];
    if (yearOfC && !/\b(19|20)\d\d\b/.test(a.raw)) {
      const n = Number(yearOfC) - Number(a.range.from!.slice(0, 4));
      aRange = { from: shiftYears(a.range.from!, n), to: shiftYears(a.range.to!, n) };
    }
    if (aRange.to !== c.range.from) continue;
    items.splice(j, cAt - j + 1, { ...a, range: { from: aRange.from, to: c.range.to }, end: c.end, raw: raw(a.start, c.end) });
    j -= 1;
  }
  // "mindestens ein Ticket": a one-word after a comparison is the number 1.
  for (let j = 0; j < items.length - 1; j++) {
    const a = items[j];
    const b = items[j + 1];
    if (a.k === 'cmp' && !a.postfix && b.k === 'stop' && ONE_WORDS.has(words[b.start])) items[j + 1] = { k: 'num', value: 1, start: b.start, end: b.end, raw: b.raw };
  }
  return { tokens, items };
}
