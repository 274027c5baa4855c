// Content similarity of two events, from 0 (nothing in common) to 1: what a programme planner
// compares when asking "who came to something like this?" (issue 23) — the kind of show, the
// people on stage and on the programme, the subject words, the place, the price level and the
// time of the week. Upcoming events have no sales, so this is the only bridge from them to the
// purchase history.
import { familyOf } from '../taste-clusters/families';
import { eventWords, normaliseName } from './text';
import type { EventFeatures } from './types';

/**
 * How much each aspect counts. A component both events know nothing about (no lineup, no price,
 * no venue, no words) is left out and the others share its weight: a missing lineup in the
 * ticketing system is no evidence that the audiences differ.
 */
export const SIMILARITY_WEIGHTS = {
  category: 0.25,
  people: 0.25,
  words: 0.2,
  place: 0.1,
  price: 0.1,
  time: 0.1,
} as const;

/** An event with what similarity() compares, computed once. */
export interface PreparedEvent {
  event: EventFeatures;
  /** Taste family of the category; null for products (vouchers and passes say nothing about taste). */
  family: string | null;
  people: Set<string>;
  words: Set<string>;
  /** Local weekday (0 = Sunday) and minute of the day, in the event's zone. */
  weekday: number;
  minuteOfDay: number;
  /** Filled by withWordWeights(): the idf-weighted length of `words`. */
  wordNorm: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      // An unknown zone reads as UTC rather than failing the whole package.
      f = formatterFor('UTC');
    }
    formatters.set(zone, f);
  }
  return f;
}

/** Weekday (0 = Sunday) and minute of the day of `ms` in `zone`. */
export function localWeekTime(ms: number, zone: string | null | undefined): { weekday: number; minuteOfDay: number } {
  const parts = formatterFor(zone || 'UTC').formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { weekday: WEEKDAYS.indexOf(get('weekday')), minuteOfDay: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function prepareEvent(event: EventFeatures): PreparedEvent {
  return {
    event,
    family: familyOf(event.category),
    people: new Set([...event.artists, ...event.composers].map(normaliseName).filter((n) => n.length > 0)),
    words: eventWords(event),
    ...localWeekTime(event.startMs, event.timezone),
    wordNorm: 0,
  };
}

/**
 * Inverse document frequency of every word over `events`: a word on every programme ("Konzert",
 * "Orchester") links nothing, a composer's name or a work's title links a lot.
 */
export function wordWeights(events: readonly PreparedEvent[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const e of events) for (const w of e.words) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [w, n] of df) idf.set(w, Math.log((events.length + 1) / (n + 1)) + 1);
  return idf;
}

/** Sets each event's wordNorm for `idf` (call once before similarity()). */
export function withWordWeights(events: readonly PreparedEvent[], idf: ReadonlyMap<string, number>): void {
  for (const e of events) {
    let s = 0;
    for (const w of e.words) s += (idf.get(w) ?? 1) ** 2;
    e.wordNorm = Math.sqrt(s);
  }
}

const isWeekend = (weekday: number) => weekday === 0 || weekday === 5 || weekday === 6;

/** Same category 1, same taste family (symphony and chamber music) 0.5. */
function categoryScore(a: PreparedEvent, b: PreparedEvent): number {
  if (a.event.category === b.event.category) return 1;
  return a.family !== null && a.family === b.family ? 0.5 : 0;
}

/** Share of the smaller cast that also appears in the other: one shared soloist is a strong link. */
function peopleScore(a: PreparedEvent, b: PreparedEvent): number | null {
  if (a.people.size === 0 || b.people.size === 0) return null;
  let shared = 0;
  for (const p of a.people) if (b.people.has(p)) shared++;
  return shared / Math.min(a.people.size, b.people.size);
}

/** Cosine of the idf-weighted word sets. */
function wordScore(a: PreparedEvent, b: PreparedEvent, idf: ReadonlyMap<string, number>): number | null {
  if (a.wordNorm === 0 || b.wordNorm === 0) return null;
  const [small, large] = a.words.size <= b.words.size ? [a, b] : [b, a];
  let dot = 0;
  for (const w of small.words) if (large.words.has(w)) dot += (idf.get(w) ?? 1) ** 2;
  return dot / (a.wordNorm * b.wordNorm);
}

/** Same hall 1, same venue 0.6. */
function placeScore(a: PreparedEvent, b: PreparedEvent): number | null {
  if (a.event.venueId === null || b.event.venueId === null) return null;
  if (a.event.hallId !== null && a.event.hallId === b.event.hallId) return 1;
  return a.event.venueId === b.event.venueId ? 0.6 : 0;
}

/** A price on the scale prices are compared on (logarithmic: 20 → 40 is as far as 50 → 100; +1 keeps free at 0). */
export const priceLevel = (price: number): number => Math.log(price + 1);

/** 1 at the same price level, 0.37 at twice (or half) the price. */
export const priceLevelScore = (levelA: number, levelB: number): number => Math.exp(-Math.abs(levelA - levelB) / Math.LN2);

export function priceScore(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  return priceLevelScore(priceLevel(a), priceLevel(b));
}

/** Same weekday, the same part of the week (weekend or not) and a close start time. */
function timeScore(a: PreparedEvent, b: PreparedEvent): number {
  const sameDay = a.weekday === b.weekday ? 1 : 0;
  const samePart = isWeekend(a.weekday) === isWeekend(b.weekday) ? 1 : 0;
  const minutes = Math.abs(a.minuteOfDay - b.minuteOfDay);
  return 0.4 * sameDay + 0.3 * samePart + 0.3 * Math.exp(-minutes / 90);
}

/** Content similarity in [0, 1]; 0 whenever either is a product. */
export function similarity(a: PreparedEvent, b: PreparedEvent, idf: ReadonlyMap<string, number>): number {
  if (a.family === null || b.family === null) return 0;
  const W = SIMILARITY_WEIGHTS;
  let sum = W.category * categoryScore(a, b) + W.time * timeScore(a, b);
  let weight = W.category + W.time;
  const add = (score: number | null, w: number) => {
    if (score === null) return;
    sum += w * score;
    weight += w;
  };
  add(peopleScore(a, b), W.people);
  add(wordScore(a, b, idf), W.words);
  add(placeScore(a, b), W.place);
  add(priceScore(a.event.price, b.event.price), W.price);
  return sum / weight;
}
