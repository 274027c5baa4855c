// "Ask this instead" (issue 21 §3): when a question cannot be fully placed, the closest question
// Sentinel can answer — the question as typed without the words it could not place — offered to
// the user next to the refusal. Nothing is run: the page puts it into the box and asks it only when
// the user clicks. Only for a plain "not understood" (unknown words): a hard refusal (an impossible
// date, a number no column holds, injection residue, input beyond the bounds) names its problem
// and offers nothing, since dropping it would answer a much wider question than the one asked.
import { parseQuestion } from './parse';
import type { ParseOptions, ParseResult } from './typed-query';

export interface Suggestion {
  /** The rebuilt question, as the user would type it. */
  question: string;
  /** The words left out, as typed, in the order of the question. */
  unplaced: string[];
}

/** Marks that may stand around a word and are dropped with it ("habne,", "(xyz)"). */
const EDGE = /^[\s"'„“”‚‘’«»()[\]{}.,;:!?¿¡-]+|[\s"'„“”‚‘’«»()[\]{}.,;:!?¿¡-]+$/gu;

/** Prepositions that only lead into the word after them ("aus Quxzyburg", "with xyz"): dropped with it. */
const LEADING = new Set(['mit', 'ohne', 'von', 'aus', 'in', 'im', 'am', 'an', 'für', 'fuer', 'nach', 'bei', 'with', 'without', 'of', 'from', 'at', 'on', 'for', 'by']);
const DANGLING = new Set(['mit', 'ohne', 'und', 'oder', 'von', 'aus', 'in', 'im', 'am', 'an', 'für', 'fuer', 'die', 'der', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'with', 'without', 'and', 'or', 'of', 'from', 'in', 'at', 'on', 'for', 'the', 'a', 'an', 'by', 'nach', 'bei', 'that', 'which', 'who', 'whose', 'deren', 'dessen', 'welche', 'welcher', 'wo']);

/** The text without the unplaced words; a hyphenated part is cut from its word ("PLZ-Xyz" → "PLZ"). */
export function withoutWords(text: string, words: string[]): { text: string; dropped: string[] } {
  const drop = new Set(words.map((w) => w.normalize('NFC')));
  const dropped: string[] = [];
  const kept: string[] = [];
  for (const chunk of text.normalize('NFC').split(/\s+/u)) {
    if (!chunk) continue;
    const core = chunk.replace(EDGE, '');
    if (drop.has(core)) {
      dropped.push(core);
      if (kept.length > 1 && LEADING.has(kept[kept.length - 1].toLowerCase())) kept.pop();
      // A comma after the dropped word still separates what stood around it.
      if (/[,;]$/.test(chunk) && kept.length > 0 && !/[,;]$/.test(kept[kept.length - 1])) kept[kept.length - 1] += chunk.slice(-1);
      continue;
    }
    const parts = chunk.split('-');
    if (parts.length > 1 && parts.some((p) => drop.has(p.replace(EDGE, '')))) {
      const rest = parts.filter((p) => !drop.has(p.replace(EDGE, '')));
      dropped.push(...parts.filter((p) => drop.has(p.replace(EDGE, ''))).map((p) => p.replace(EDGE, '')));
      if (rest.length > 0) kept.push(rest.join('-'));
      continue;
    }
    kept.push(chunk);
  }
  // A word that only led into the dropped one ("Kunden aus Köln mit …") goes with it.
  while (kept.length > 1 && DANGLING.has(kept[kept.length - 1].toLowerCase())) kept.pop();
  const rebuilt = kept.join(' ').replace(/\s+([,;.?!])/g, '$1').replace(/^[,;\s]+|[,;\s]+$/g, '').trim();
  return { text: rebuilt, dropped };
}

/**
 * The closest answerable question to a refused one, or undefined when there is none: the words
 * the parser could not place are left out and the rest must parse without any guess.
 */
export function closestQuestion(text: string, refused: ParseResult, opts: ParseOptions): Suggestion | undefined {
  if (refused.ok || refused.refusal !== 'not_understood' || refused.hard) return undefined;
  const problems = refused.problems ?? [];
  if (problems.length === 0 || problems.some((p) => p.endsWith('…'))) return undefined;
  const { text: rebuilt, dropped } = withoutWords(text, problems);
  if (!rebuilt || dropped.length === 0 || rebuilt === text.trim()) return undefined;
  const again = parseQuestion(rebuilt, opts);
  // Only a question that still asks for something: never "all customers" for a question of
  // nothing but unknown words — and an order alone asks for every row ("blorf wibble the thing
  // from last time" left "the from last time": every customer, by revenue).
  if (!again.ok || (again.query.filters.length === 0 && !again.query.anyOf && again.query.limit === undefined)) return undefined;
  return { question: rebuilt, unplaced: [...new Set(dropped)] };
}
