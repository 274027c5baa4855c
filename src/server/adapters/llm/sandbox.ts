// The sandbox copywriter (default without LLM_BASE_URL and LLM_API_KEY): real sentences in the
// requested language built from the facts alone, by the phrase book's templates. Deterministic —
// the same request gives the same texts — yet different events and clusters start at different
// templates, so two clusters of one event do not get identical copy.
import { createHash } from 'node:crypto';
import { CREATIVE_TEXT } from '../../../lib/contracts/setup-process';
import { distinct, fitTo } from './fit';
import { PHRASES, type PhraseBook } from './sandbox-phrases';
import type { CopyFacts, CopyRequest, CopyWriter } from './types';

type Slots = Record<'title' | 'date' | 'category' | 'artists' | 'place', string>;

function seedOf(req: CopyRequest): number {
  return createHash('sha256').update(JSON.stringify([req.field, req.language, req.facts])).digest().readUInt32BE(0);
}

function dateIn(book: PhraseBook, facts: CopyFacts): string {
  const d = new Date(facts.start);
  const opts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(book.locale, { ...opts, timeZone: facts.timezone ?? 'UTC' }).format(d);
  } catch {
    // An unknown zone name in old data: UTC rather than no copy.
    return new Intl.DateTimeFormat(book.locale, opts).format(d);
  }
}

function slotsOf(book: PhraseBook, facts: CopyFacts): Slots {
  const artists = facts.artists.slice(0, 2);
  const venue = facts.venue?.trim() || null;
  const city = facts.city?.trim() || null;
  // "Oper Köln, Köln" says the city twice.
  const place = venue && city && venue.toLowerCase().includes(city.toLowerCase()) ? [venue] : [venue, city].filter((s): s is string => !!s);
  return {
    title: facts.title.trim(),
    date: dateIn(book, facts),
    category: book.categories[facts.category] ?? book.categories.other!,
    artists: artists.length ? new Intl.ListFormat(book.locale, { type: 'conjunction' }).format(artists) : '',
    place: place.join(', '),
  };
}

const SLOT = /\{(\w+)\}/g;
const usable = (template: string, slots: Slots) =>
  [...template.matchAll(SLOT)].every((m) => slots[m[1] as keyof Slots]) &&
  // "Sinfoniekonzert: 7. Sinfoniekonzert – Bach" says the category twice.
  !(template.includes('{category}') && slots.title.toLowerCase().includes(slots.category.toLowerCase()));
const fill = (template: string, slots: Slots) => template.replace(SLOT, (_, k: keyof Slots) => slots[k]);

/** The template with its slots, the title shortened first when the whole is too long. */
function render(template: string, slots: Slots, max: number): string {
  const full = fill(template, slots);
  if (full.length <= max || !template.includes('{title}')) return fitTo(full, max);
  const room = slots.title.length - (full.length - max);
  return fitTo(fill(template, { ...slots, title: fitTo(slots.title, Math.max(12, room)) }), max);
}

/** "classical music" → "#ClassicalMusic": the cluster's keywords as tags, any alphabet. */
export function hashtag(keyword: string): string {
  const words = keyword.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length ? `#${words.map((w) => w[0]!.toLocaleUpperCase() + w.slice(1)).join('')}` : '';
}

export class SandboxCopyWriter implements CopyWriter {
  readonly kind = 'sandbox' as const;

  async generate(req: CopyRequest): Promise<string[]> {
    const book = PHRASES[req.language];
    const max = CREATIVE_TEXT[req.field].max;
    const slots = slotsOf(book, req.facts);
    const templates = book[req.field].filter((t) => usable(t, slots));
    const start = seedOf(req) % templates.length;
    const ordered = [...templates.slice(start), ...templates.slice(0, start)];
    const tags = req.facts.cluster.keywords.map(hashtag).filter(Boolean).slice(0, 2).join(' ');
    const texts = ordered.map((t) => {
      const text = render(t, slots, max);
      // Bodies carry the cluster's interests as tags when they fit (spec 2: "cluster keywords").
      return req.field === 'body' && tags && text.length + 1 + tags.length <= max ? `${text} ${tags}` : text;
    });
    return distinct(texts).slice(0, req.count);
  }
}
