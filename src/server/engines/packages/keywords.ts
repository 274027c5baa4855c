// Keywords and titles: what a marketer reads on a variation card and pastes into a campaign. They
// come from the variation's events only (tags, people, title words), weighted by the events'
// rank in the variation, and a word every variation shares counts less: "Beethoven" says more
// about one list than "Philharmonie" on all three.
import { keywordPhrase, displayForm, words } from './text';
import type { EventFeatures } from './types';

export const MAX_EVENT_KEYWORDS = 8;
export const MAX_CAMPAIGN_KEYWORDS = 10;
const MAX_TITLE_LENGTH = 80;

/** An event's own keywords: its tags, then composers, then performers (each at most 30 characters). */
export function eventKeywords(e: EventFeatures): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of [...e.keywords, ...e.composers, ...e.artists]) {
    const k = keywordPhrase(raw);
    if (k && !seen.has(k.toLowerCase())) {
      seen.add(k.toLowerCase());
      out.push(k);
    }
  }
  return out.slice(0, MAX_EVENT_KEYWORDS);
}

/** Keyword candidates of an event, by lower-case key: its own keywords and its title words. */
function candidates(e: EventFeatures): Map<string, string> {
  const m = new Map<string, string>();
  for (const k of eventKeywords(e)) m.set(k.toLowerCase(), k);
  for (const w of words(e.title)) if (!m.has(w)) m.set(w, displayForm(w, e.title));
  return m;
}

/**
 * Campaign keywords of each variation. `variations[v]` lists its events with their weights (the
 * lead event weighs most).
 */
export function campaignKeywords(variations: readonly { event: EventFeatures; weight: number }[][]): string[][] {
  const perVariation = variations.map((events) => {
    const score = new Map<string, { text: string; score: number }>();
    for (const { event, weight } of events) {
      for (const [key, text] of candidates(event)) {
        const s = score.get(key);
        if (s) s.score += weight;
        else score.set(key, { text, score: weight });
      }
    }
    return score;
  });
  return perVariation.map((score, v) =>
    [...score.entries()]
      .map(([key, s]) => ({ text: s.text, score: s.score / (1 + perVariation.filter((o, u) => u !== v && o.has(key)).length) }))
      .sort((a, b) => b.score - a.score || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      .slice(0, MAX_CAMPAIGN_KEYWORDS)
      .map((s) => s.text),
  );
}

/**
 * Titles: the first two keywords ("Beethoven & Mozart"), else the lead event's title; a repeated
 * title gets a number, because the title's slug names the variation in the URL (spec 3 §2).
 */
export function variationTitles(keywords: readonly string[][], leadTitles: readonly string[]): string[] {
  const used = new Map<string, number>();
  return keywords.map((k, v) => {
    const base = (k.length > 0 ? k.slice(0, 2).join(' & ') : leadTitles[v]).slice(0, MAX_TITLE_LENGTH).trim() || `Variation ${v + 1}`;
    const n = (used.get(base.toLowerCase()) ?? 0) + 1;
    used.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
