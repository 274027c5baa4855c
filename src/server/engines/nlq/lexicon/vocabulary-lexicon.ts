// The partner's own words as lexicon entries: categories (with the German and English genre
// words of ../semantic.ts), cities, venues, halls, artists, composers, titles, ticket types,
// price categories, payment methods and custom properties. Built per Vocabulary and cached on it.
import { CATEGORY_WORDS, FIELDS, PAYMENT_WORDS, PROPERTY_LABEL_WORDS, SALUTATION_WORDS, TICKET_TYPE_WORDS } from '../semantic';
import type { Vocabulary } from '../typed-query';
import { fold, stems, tokenize } from './normalise';
import { STOP_WORDS } from './stopwords';
import { KEYWORDS } from './keywords';

export type VocabItem =
  | { k: 'category'; categories: string[]; weak?: boolean }
  | { k: 'city'; value: string }
  /** `values`: every one of the partner's values the word names ("women": Ms and Mrs). */
  | { k: 'value'; tag: 'c' | 'e' | 't'; field: string; value: string; op: '=' | 'contains'; values?: string[] }
  | { k: 'ccpLabel'; label: string }
  | { k: 'ccpValue'; label: string; value: string; short: boolean }
  /** Another partner's event id ("e1002-…", match.ts): refused by its shape, never by a lookup. */
  | { k: 'other' };

export type Entry = [string[], VocabItem];

const words = (s: string) => tokenize(s).map((t) => t.norm);
const keywordWords = new Set(KEYWORDS.flatMap(([ws]) => ws.filter((w) => !w.includes(' '))));

const cache = new WeakMap<Vocabulary, Entry[]>();
const ARTICLES = new Set(['the', 'der', 'die', 'das']);
// A number field's own word ("price", "seats") is the field, never a fragment of a title or venue
// that happens to contain it ("Holly Price live"): "musicals with a price above 40". Other field
// words stay title words ("Alles auf Anfang"): the parser decides those by what follows.
const fieldWords = new Set(FIELDS.filter((f) => f.type === 'number').flatMap((f) => f.words).filter((w) => !w.includes(' ')).map(fold));
const genreWords = new Set([...CATEGORY_WORDS.flatMap((c) => c.words), ...TICKET_TYPE_WORDS.flatMap((t) => t.words)].map(fold));

/** English names of German cities (folded), for questions asked in English. */
const CITY_ALIASES: [string, string][] = [['cologne', 'koeln'], ['munich', 'muenchen'], ['nuremberg', 'nuernberg'], ['dusseldorf', 'duesseldorf'], ['frankfurt', 'frankfurt am main']];

export function vocabularyEntries(v: Vocabulary): Entry[] {
  const hit = cache.get(v);
  if (hit) return hit;
  const out: Entry[] = [];
  const add = (text: string, item: VocabItem) => {
    const w = words(text);
    if (w.length > 0 && w.length <= 8) out.push([w, item]);
  };
  // "im Attic", "at Main Hall": a hall or venue named with its article is also found without it.
  const addPlace = (text: string, item: VocabItem) => {
    add(text, item);
    const w = words(text);
    if (w.length > 1 && ARTICLES.has(w[0]) && w[1].length >= 4) out.push([w.slice(1), item]);
  };
  for (const c of CATEGORY_WORDS) for (const w of c.words) add(w, { k: 'category', categories: c.categories, weak: c.weak });
  for (const c of v.categories) add(c.replace(/_/g, ' '), { k: 'category', categories: [c] });
  for (const c of v.cities) {
    add(c, { k: 'city', value: c });
    // "Frankfurt" for "Frankfurt am Main", "Newcastle" for "Newcastle upon Tyne"
    const first = words(c);
    if (first.length > 1 && first[0].length >= 5) add(first[0], { k: 'city', value: c });
    for (const [alias, name] of CITY_ALIASES) if (fold(c) === name) add(alias, { k: 'city', value: c });
  }
  for (const x of v.venues) addPlace(x, { k: 'value', tag: 'e', field: 'venue', value: x, op: '=' });
  // A distinctive word of a venue's name ("Kongresshalle") finds the venues that contain it.
  const seenVenue = new Set<string>();
  const cityWords = new Set(v.cities.flatMap((c) => words(c)));
  for (const x of v.venues) {
    for (const t of tokenize(x)) {
      if (t.norm.length < 6 || STOP_WORDS.has(t.norm) || keywordWords.has(t.norm) || fieldWords.has(t.norm) || cityWords.has(t.norm) || seenVenue.has(t.norm) || /^(koelner|duesseldorfer|dortmunder|essener|bonner|hamburger|bremer|berliner|leipziger|dresdner|muenchner|nuernberger|stuttgarter|mannheimer|frankfurter)$/.test(t.norm)) continue;
      seenVenue.add(t.norm);
      out.push([[t.norm], { k: 'value', tag: 'e', field: 'venue', value: t.raw, op: 'contains' }]);
    }
  }
  for (const x of v.halls) addPlace(x, { k: 'value', tag: 'e', field: 'hall', value: x, op: '=' });
  for (const x of v.artists) add(x, { k: 'value', tag: 'e', field: 'artists', value: x, op: '=' });
  for (const x of v.composers) add(x, { k: 'value', tag: 'e', field: 'composers', value: x, op: '=' });
  // A title inside another title of the partner ("Romeo und Julia" in "Romeo und Julia – Ballett")
  // names both productions: a contains match, as its distinctive words would give.
  const lowerTitles = v.titles.map((x) => x.toLocaleLowerCase('de'));
  for (const [n, x] of v.titles.entries()) {
    const inOther = lowerTitles.some((y, m) => m !== n && y.includes(lowerTitles[n]));
    add(x, { k: 'value', tag: 'e', field: 'title', value: x, op: inOther ? 'contains' : '=' });
  }
  // A title without its trailing year or season ("Rock am Fluss" of "Rock am Fluss 2026", "Season
  // Pass" of "Season Pass 2026/27") names every edition: a contains match on the rest.
  const editions = new Set<string>();
  for (const x of v.titles) {
    const base = x.replace(/[\s,–-]*\b(19|20)\d{2}(\/\d{2}(\d{2})?)?\s*$/u, '').trim();
    const key = base.toLocaleLowerCase('de');
    if (base === x || words(base).length < 2 || lowerTitles.includes(key) || editions.has(key)) continue;
    editions.add(key);
    add(base, { k: 'value', tag: 'e', field: 'title', value: base, op: 'contains' });
  }
  // A distinctive word of a title ("Traviata", "Zauberflöte") finds the titles that contain it.
  const seen = new Set<string>();
  for (const x of v.titles) {
    for (const t of tokenize(x)) {
      if (t.norm.length < 5 || /\d/.test(t.norm) || STOP_WORDS.has(t.norm) || keywordWords.has(t.norm) || genreWords.has(t.norm) || fieldWords.has(t.norm) || seen.has(t.norm)) continue;
      seen.add(t.norm);
      out.push([[t.norm], { k: 'value', tag: 'e', field: 'title', value: t.raw, op: 'contains' }]);
    }
    // Two words of a longer title ("season pass" in "Season Pass 2026/27").
    const tw = tokenize(x);
    for (let i = 0; i + 2 <= tw.length && tw.length > 2; i++) {
      const pair = tw.slice(i, i + 2);
      if (pair.some((t) => STOP_WORDS.has(t.norm) || /\d/.test(t.norm)) || seen.has(pair.map((t) => t.norm).join(' '))) continue;
      seen.add(pair.map((t) => t.norm).join(' '));
      out.push([pair.map((t) => t.norm), { k: 'value', tag: 'e', field: 'title', value: `${pair[0].raw} ${pair[1].raw}`, op: 'contains' }]);
    }
  }
  for (const tt of TICKET_TYPE_WORDS) for (const w of tt.words) add(w, { k: 'value', tag: 't', field: 'ticket_type', value: tt.value, op: '=' });
  for (const x of v.ticketTypes) add(x.replace(/_/g, ' '), { k: 'value', tag: 't', field: 'ticket_type', value: x, op: '=' });
  // Numeric price categories ("1" … "15") are only found after their field word.
  for (const x of v.priceCategories) if (/\p{L}/u.test(x)) add(x, { k: 'value', tag: 't', field: 'price_category', value: x, op: '=' });
  // Each method's own name first: it wins over another method's synonym ("Kreditkarte" is the
  // method Kreditkarte, never EC-Karte through the word "Karte").
  for (const x of v.paymentMethods) add(x.replace(/_/g, ' '), { k: 'value', tag: 't', field: 'payment_method', value: x, op: '=' });
  for (const x of v.paymentMethods) {
    const fx = fold(x);
    for (const p of PAYMENT_WORDS) {
      if (p.keys.some((key) => fx.includes(key)) && !p.unless?.some((u) => fx.includes(u))) for (const w of p.words) add(w, { k: 'value', tag: 't', field: 'payment_method', value: x, op: '=' });
    }
  }
  // "Frauen aus Köln", "male customers": the partner's forms of address, after every name (a
  // title or artist with the same word wins).
  for (const g of SALUTATION_WORDS) {
    const values = (v.salutations ?? []).filter((x) => g.keys.includes(fold(x).replace(/\.$/, '')));
    if (values.length > 0) for (const w of g.words) add(w, { k: 'value', tag: 'c', field: 'salutation', value: values[0], op: '=', values });
  }
  for (const p of v.customProperties) {
    add(p.label, { k: 'ccpLabel', label: p.label });
    const group = PROPERTY_LABEL_WORDS.find((g) => g.some((w) => words(w).join(' ') === words(p.label).join(' ')));
    for (const w of group ?? []) add(w, { k: 'ccpLabel', label: p.label });
    for (const val of p.values) {
      const f = fold(val);
      // Short or everyday values ("ja", "no", "2019") and genre words ("Musicals", "Oper") name the
      // property only after its label ("Newsletter ja", "Lieblingssparte Oper"): the parser reads them there.
      const generic = f.length < 4 || STOP_WORDS.has(f) || keywordWords.has(f) || /\d/.test(f) || genreWords.has(f) || stems(f).some((s) => genreWords.has(s));
      if (!generic) add(val, { k: 'ccpValue', label: p.label, value: val, short: false });
    }
  }
  cache.set(v, out);
  return out;
}
