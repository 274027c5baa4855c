// The partner's own words as lexicon entries: categories (with the German and English genre
// words of ../semantic.ts), cities, venues, halls, artists, composers, titles, ticket types,
// price categories, payment methods and custom properties. Built per Vocabulary and cached on it.
import { CATEGORY_WORDS, PAYMENT_WORDS, TICKET_TYPE_WORDS } from '../semantic';
import type { Vocabulary } from '../typed-query';
import { fold, tokenize } from './normalise';
import { STOP_WORDS } from './stopwords';
import { KEYWORDS } from './keywords';

export type VocabItem =
  | { k: 'category'; categories: string[]; weak?: boolean }
  | { k: 'city'; value: string }
  | { k: 'value'; tag: 'e' | 't'; field: string; value: string; op: '=' | 'contains' }
  | { k: 'ccpLabel'; label: string }
  | { k: 'ccpValue'; label: string; value: string; short: boolean }
  | { k: 'other' };

export type Entry = [string[], VocabItem];

const words = (s: string) => tokenize(s).map((t) => t.norm);
const keywordWords = new Set(KEYWORDS.flatMap(([ws]) => ws.filter((w) => !w.includes(' '))));

const cache = new WeakMap<Vocabulary, Entry[]>();

export function vocabularyEntries(v: Vocabulary): Entry[] {
  const hit = cache.get(v);
  if (hit) return hit;
  const out: Entry[] = [];
  const add = (text: string, item: VocabItem) => {
    const w = words(text);
    if (w.length > 0 && w.length <= 8) out.push([w, item]);
  };
  for (const c of CATEGORY_WORDS) for (const w of c.words) add(w, { k: 'category', categories: c.categories, weak: c.weak });
  for (const c of v.categories) add(c.replace(/_/g, ' '), { k: 'category', categories: [c] });
  for (const c of v.cities) add(c, { k: 'city', value: c });
  for (const x of v.venues) add(x, { k: 'value', tag: 'e', field: 'venue', value: x, op: '=' });
  for (const x of v.halls) add(x, { k: 'value', tag: 'e', field: 'hall', value: x, op: '=' });
  for (const x of v.artists) add(x, { k: 'value', tag: 'e', field: 'artists', value: x, op: '=' });
  for (const x of v.composers) add(x, { k: 'value', tag: 'e', field: 'composers', value: x, op: '=' });
  for (const x of v.titles) add(x, { k: 'value', tag: 'e', field: 'title', value: x, op: '=' });
  // A distinctive word of a title ("Traviata", "Zauberflöte") finds the titles that contain it.
  const seen = new Set<string>();
  for (const x of v.titles) {
    for (const t of tokenize(x)) {
      if (t.norm.length < 5 || /\d/.test(t.norm) || STOP_WORDS.has(t.norm) || keywordWords.has(t.norm) || seen.has(t.norm)) continue;
      seen.add(t.norm);
      out.push([[t.norm], { k: 'value', tag: 'e', field: 'title', value: t.raw, op: 'contains' }]);
    }
  }
  for (const tt of TICKET_TYPE_WORDS) for (const w of tt.words) add(w, { k: 'value', tag: 't', field: 'ticket_type', value: tt.value, op: '=' });
  for (const x of v.ticketTypes) add(x.replace(/_/g, ' '), { k: 'value', tag: 't', field: 'ticket_type', value: x, op: '=' });
  // Numeric price categories ("1" … "15") are only found after their field word.
  for (const x of v.priceCategories) if (/\p{L}/u.test(x)) add(x, { k: 'value', tag: 't', field: 'price_category', value: x, op: '=' });
  for (const x of v.paymentMethods) {
    add(x.replace(/_/g, ' '), { k: 'value', tag: 't', field: 'payment_method', value: x, op: '=' });
    const fx = fold(x);
    for (const p of PAYMENT_WORDS) {
      if (p.keys.some((key) => fx.includes(key))) for (const w of p.words) add(w, { k: 'value', tag: 't', field: 'payment_method', value: x, op: '=' });
    }
  }
  for (const p of v.customProperties) {
    add(p.label, { k: 'ccpLabel', label: p.label });
    for (const val of p.values) {
      const f = fold(val);
      const short = f.length < 4 || STOP_WORDS.has(f) || keywordWords.has(f) || /^\d+$/.test(f);
      add(val, { k: 'ccpValue', label: p.label, value: val, short });
    }
  }
  for (const o of v.otherPartners) {
    add(o, { k: 'other' });
    // "Harbour Lights" for "Harbour Lights Promotions": any two consecutive words of a longer name.
    const w = words(o);
    if (w.length > 2) for (let i = 0; i + 2 <= w.length; i++) if (w.slice(i, i + 2).every((x) => !STOP_WORDS.has(x))) out.push([w.slice(i, i + 2), { k: 'other' }]);
  }
  cache.set(v, out);
  return out;
}
