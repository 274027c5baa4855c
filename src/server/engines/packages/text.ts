// Words of an event: the keywords that link events with the same subject, and the phrases a
// variation's campaign keywords are chosen from. Partners write in German, English and French
// (the console's languages), so the stop words cover all three.

/** spec 3 §10: keywords are shown 30 characters each; a longer phrase is not offered. */
export const MAX_KEYWORD_LENGTH = 30;

const STOP_WORDS = new Set(
  (
    // English
    'the and for with from this that are was were will into your our you his her its their who what when where ' +
    'how all any but not one two three has have had can may more most some such than then them they there these ' +
    'those out off over under about after before again also only very just new live night evening day days ' +
    // German
    'der die das den dem des ein eine einer eines einem einen und oder mit von vom zum zur für fur auf aus bei ' +
    'nach über uber unter ist sind war wird werden wie als auch noch nur sich sie ihr ihre sein seine wir uns ' +
    'dies diese dieser dieses am im in an zu es er nicht kein keine abend tag uhr neue neuen ' +
    // French
    'les des une du au aux et ou avec pour par sur dans est sont qui que pas plus son sa ses leur leurs nous vous ' +
    'soir soirée jour'
  ).split(/\s+/),
);

/** Lower-case words of at least three letters, without stop words and numbers. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}][\p{L}\p{M}'’-]*/gu)) {
    const w = m[0].replace(/['’-]+$/u, '');
    if (w.length >= 3 && !STOP_WORDS.has(w)) out.push(w);
  }
  return out;
}

/** A name as compared between events: lower case, single spaces ("Anne-Sophie  Mutter" ≈ "anne-sophie mutter"). */
export const normaliseName = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The words that describe an event's subject (title, tags, description, people), as a set. */
export function eventWords(e: { title: string; keywords: readonly string[]; description: string; artists: readonly string[]; composers: readonly string[] }): Set<string> {
  return new Set([...words(e.title), ...e.keywords.flatMap(words), ...words(e.description), ...e.artists.flatMap(words), ...e.composers.flatMap(words)]);
}

/** A phrase fit to show as a keyword: trimmed, single spaces, at most MAX_KEYWORD_LENGTH characters; null otherwise. */
export function keywordPhrase(text: string): string | null {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > 0 && t.length <= MAX_KEYWORD_LENGTH ? t : null;
}

/** The display form of a lower-case word: as first written in `source`, else capitalised. */
export function displayForm(word: string, source: string): string {
  const i = source.toLowerCase().indexOf(word);
  if (i >= 0) return source.slice(i, i + word.length);
  return word.charAt(0).toUpperCase() + word.slice(1);
}
