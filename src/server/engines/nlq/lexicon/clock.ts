// Times of day and recurring weekdays (issue 21 §3): "vor 15 Uhr", "at 8pm or later", "ab 19:30",
// "montags", "on Fridays", "an Wochenenden", "weekend shows in 2026". They are conditions on the
// event's start time (HH:MM, sentinel.events.start_time) and its ISO weekday (1 Monday … 7 Sunday),
// not date ranges, so they are read before the date rules (time.ts) could take "15" for a day of
// the month or "am Wochenende" for the coming weekend.
import type { Cmp } from './keywords';

export type ClockBody =
  | { k: 'clock'; op: Cmp; value: string }
  | { k: 'weekday'; days: number[] }
  // A weekday beside its own date ("Sunday 15 November"): the date says it all.
  | { k: 'stop' };

export interface ClockHit { start: number; end: number; body: ClockBody }

const BEFORE = new Set(['vor', 'before', 'bis', 'until', 'till', 'earlier than', 'frueher als']);
const AFTER = new Set(['nach', 'after', 'later than', 'spaeter als']);
const FROM = new Set(['ab', 'from', 'since']);
const START_VERBS = new Set(['start', 'starts', 'starting', 'started', 'begin', 'begins', 'beginning', 'began', 'beginnt', 'beginnen', 'begonnen', 'startet', 'starten', 'gestartet', 'angefangen', 'anfangen', 'faengt', 'fangen']);
const AT = new Set(['um', 'at', 'gegen']);
const OR_LATER = [['oder', 'spaeter'], ['or', 'later'], ['und', 'spaeter'], ['and', 'later']];
const OR_EARLIER = [['oder', 'frueher'], ['or', 'earlier'], ['und', 'frueher'], ['and', 'earlier']];

/** A time of day as typed, over one or two words: "8pm", "8 pm", "20 uhr", "20:00", "19.30 uhr", "20h". */
function clockAt(words: string[], i: number): { hhmm: string; len: number } | undefined {
  const w = words[i] ?? '';
  const next = words[i + 1] ?? '';
  const fmt = (h: number, m: number) => (h >= 0 && h <= 23 && m >= 0 && m <= 59 ? `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` : undefined);
  const ampm = (h: number, m: number, p: string) => (h < 1 || h > 12 ? undefined : fmt((h % 12) + (p === 'pm' ? 12 : 0), m));
  let m = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)$/.exec(w);
  if (m) { const t = ampm(Number(m[1]), Number(m[2] ?? 0), m[3]); return t ? { hhmm: t, len: 1 } : undefined; }
  m = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(w);
  if (m && (next === 'am' || next === 'pm')) { const t = ampm(Number(m[1]), Number(m[2] ?? 0), next); return t ? { hhmm: t, len: 2 } : undefined; }
  if (m && (next === 'uhr' || next === 'h' || next === "o'clock" || next === 'oclock')) { const t = fmt(Number(m[1]), Number(m[2] ?? 0)); return t ? { hhmm: t, len: 2 } : undefined; }
  m = /^(\d{1,2})(?::(\d{2}))(?:uhr|h)?$/.exec(w) ?? /^(\d{1,2})(?:uhr|h)$/.exec(w);
  if (m) { const t = fmt(Number(m[1]), Number(m[2] ?? 0)); return t ? { hhmm: t, len: 1 } : undefined; }
  return undefined;
}

const WEEKDAY_PLURALS = new Map<string, number>(Object.entries({
  montags: 1, mondays: 1, dienstags: 2, tuesdays: 2, mittwochs: 3, wednesdays: 3, donnerstags: 4, thursdays: 4,
  freitags: 5, fridays: 5, samstags: 6, sonnabends: 6, saturdays: 6, sonntags: 7, sundays: 7,
  // The dative plural: "an Samstagen", "an Sonn- und Feiertagen".
  montagen: 1, dienstagen: 2, mittwochen: 3, donnerstagen: 4, freitagen: 5, samstagen: 6, sonnabenden: 6, sonntagen: 7,
}));
const WEEKDAY_WORDS = new Map<string, number>(Object.entries({
  montag: 1, monday: 1, dienstag: 2, tuesday: 2, mittwoch: 3, wednesday: 3, donnerstag: 4, thursday: 4,
  freitag: 5, friday: 5, samstag: 6, sonnabend: 6, saturday: 6, sonntag: 7, sunday: 7,
}));
/** A German weekday compounded with a plural word for events (folded: "freitagsvorstellungen"). */
const WEEKDAY_COMPOUND = /^(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)s?(veranstaltungen|vorstellungen|auffuehrungen|konzerte|termine|events|shows|matineen)$/;
const WEEKEND_PLURAL = new Set(['wochenenden', 'weekends']);
const WEEKEND = new Set(['wochenende', 'weekend']);
/** Words after "am Wochenende"/"weekend" that make it the coming one ("dieses Wochenende" is caught before). */
const THIS_WEEKEND_BEFORE = new Set(['dieses', 'diesem', 'kommendes', 'kommenden', 'naechstes', 'naechsten', 'letztes', 'letzten', 'vergangenes', 'vergangenen', 'this', 'next', 'last', 'coming', 'the']);
/** Another time in the question turns "am Wochenende" into a weekday ("am Wochenende im Dezember"). */
const OTHER_TIME = /^(januar|februar|maerz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december|saison|season|jahr|year|monat|month|(19|20)\d\d|kommende[nr]?|anstehende[nr]?|zukuenftige[nr]?|upcoming|future|gespielt)$/;
/** Before a singular weekday, words that make it one day ("letzten Samstag", "since Monday"). */
const ONE_DAY_BEFORE = new Set([...THIS_WEEKEND_BEFORE, 'seit', 'since', 'bis', 'until', 'vor', 'before', 'nach', 'after', 'ab', 'from', 'vorigen', 'voriger', 'diesen']);
const MONTH = /^(januar|jan|februar|feb|maerz|mar|april|apr|mai|juni|jun|juli|jul|august|aug|september|sept?|oktober|okt|november|nov|dezember|dez|january|february|march|may|june|july|october|oct|december|dec)$/;
/** Plural nouns of events: a weekday or weekend before or around them is every such day ("Thursday events", "Kinderveranstaltungen am Wochenende"). */
const EVENT_PLURAL = /(veranstaltungen|vorstellungen|auffuehrungen|konzerte|termine|events|shows|gigs|concerts|performances|matinees|matineen)$/;

/** A date next to the weekday ("Samstag, 12. Dezember", "Saturday Dec 12th", "Fr 5.12."). */
function nearDate(words: string[], i: number): boolean {
  for (let k = Math.max(0, i - 3); k < Math.min(words.length, i + 4); k++) {
    const x = words[k];
    if (/^\d{1,2}(st|nd|rd|th)$|^\d{1,2}\.\d{1,2}\.?(\d{2,4})?$|^\d{4}-\d{2}-\d{2}$/.test(x)) return true;
    if (/^\d{1,2}$/.test(x) && (MONTH.test(words[k + 1] ?? '') || MONTH.test(words[k - 1] ?? ''))) return true;
  }
  return false;
}

/**
 * The times of day and recurring weekdays of a question, as items for the matcher. `words` are
 * the folded words; `reserved` marks words other rules already took.
 */
export function findClockAndWeekdays(words: string[], reserved: boolean[]): ClockHit[] {
  const hits: ClockHit[] = [];
  const free = (s: number, e: number) => !reserved.slice(s, e).some(Boolean) && !hits.some((h) => h.start < e && s < h.end);
  for (let i = 0; i < words.length; i++) {
    const c = clockAt(words, i);
    if (c && free(i, i + c.len)) {
      // The comparison before it: one or two words ("vor", "earlier than").
      const one = words[i - 1] ?? '';
      const two = `${words[i - 2] ?? ''} ${one}`;
      let start = i;
      let op: Cmp = '=';
      if (BEFORE.has(two) || AFTER.has(two)) { op = BEFORE.has(two) ? '<' : '>'; start = i - 2; }
      else if (BEFORE.has(one)) { op = '<'; start = i - 1; }
      else if (AFTER.has(one)) { op = '>'; start = i - 1; }
      else if (FROM.has(one)) { op = '>='; start = i - 1; }
      else if (AT.has(one)) { start = i - 1; }
      // "shows that start before 5pm", "die um 20 Uhr beginnen": the verb of starting is the time's.
      if (START_VERBS.has(words[start - 1] ?? '') && free(start - 1, start)) start -= 1;
      let end = i + c.len;
      if (START_VERBS.has(words[end] ?? '') && free(end, end + 1) && start < i) end += 1;
      const tail = [words[end], words[end + 1]];
      if (OR_LATER.some(([a, b]) => tail[0] === a && tail[1] === b)) { op = op === '<' ? op : '>='; end += 2; }
      else if (OR_EARLIER.some(([a, b]) => tail[0] === a && tail[1] === b)) { op = op === '>' ? op : '<='; end += 2; }
      // A bare number with "uhr"/"pm" is a time of day only with a comparison or "um/at" before it,
      // or a clock form that cannot be a count ("20:00", "8pm").
      if (start === i && !/[:.]|am$|pm$|uhr$|h$/.test(words[i]) && c.len === 1) continue;
      // "die 3 am besten besuchten": German "am" after a number is no time without "at"/"vor"/… before it.
      if (start === i && c.len === 2 && words[i + 1] === 'am') continue;
      if (!free(start, end)) continue;
      hits.push({ start, end, body: { k: 'clock', op, value: c.hhmm } });
      i = end - 1;
      continue;
    }
    const w = words[i];
    // "Freitagsvorstellungen", "Sonntagskonzerte": a weekday compounded with the events is every such day.
    const compound = WEEKDAY_COMPOUND.exec(w);
    const compoundDay = compound ? WEEKDAY_WORDS.get(compound[1]) : undefined;
    if (compoundDay !== undefined && free(i, i + 1)) {
      hits.push({ start: i, end: i + 1, body: { k: 'weekday', days: [compoundDay] } });
      continue;
    }
    const plural = WEEKDAY_PLURALS.get(w);
    if (plural !== undefined && free(i, i + 1)) {
      hits.push({ start: i, end: i + 1, body: { k: 'weekday', days: [plural] } });
      continue;
    }
    // "on Mondays" is above; a singular weekday alone stays a date (time.ts, the last one), below
    // the cases where it is every such day.
    if (WEEKEND_PLURAL.has(w) && free(i, i + 1)) {
      hits.push({ start: i, end: i + 1, body: { k: 'weekday', days: [6, 7] } });
      continue;
    }
    if (WEEKEND.has(w) && free(i, i + 1) && !THIS_WEEKEND_BEFORE.has(words[i - 1] ?? '')) {
      // "am Wochenende im Dezember", "weekend gigs in 2026", "am Wochenende (Sa/So)": every weekend.
      const abbreviations = words[i + 1] === 'sa' && words[i + 2] === 'so';
      const otherTime = words.some((x, k) => k !== i && !reserved[k] && OTHER_TIME.test(x));
      // "Kinderveranstaltungen am Wochenende": events at the weekend are every weekend's.
      const ofEvents = words[i - 1] === 'am' && words.some((x, k) => k !== i && !reserved[k] && EVENT_PLURAL.test(x));
      if (abbreviations || otherTime || ofEvents) {
        hits.push({ start: i, end: abbreviations ? i + 3 : i + 1, body: { k: 'weekday', days: [6, 7] } });
        continue;
      }
    }
    const single = WEEKDAY_WORDS.get(w);
    if (single !== undefined && (words[i - 1] === 'jeden' || words[i - 1] === 'every' || words[i - 1] === 'immer') && free(i - 1, i + 1)) {
      hits.push({ start: i - 1, end: i + 1, body: { k: 'weekday', days: [single] } });
      continue;
    }
    // "Sunday events in 2026", "Konzerte am Samstag im Dezember": one day cannot lie in a whole
    // year or month besides — every such weekday in it.
    // Beside its date ("Samstag, 12. Dezember", "Sunday 15 November") the date decides; the
    // weekday is no second day (last Saturday) that contradicts it.
    if (single !== undefined && free(i, i + 1) && !ONE_DAY_BEFORE.has(words[i - 1] ?? '') && nearDate(words, i)) {
      hits.push({ start: i, end: i + 1, body: { k: 'stop' } });
      continue;
    }
    // "Thursday events in Köln", "Sunday concerts": a weekday before plural events is every such day.
    if (single !== undefined && free(i, i + 1) && !ONE_DAY_BEFORE.has(words[i - 1] ?? '') && EVENT_PLURAL.test(words[i + 1] ?? '')) {
      hits.push({ start: i, end: i + 1, body: { k: 'weekday', days: [single] } });
      continue;
    }
    if (single !== undefined && free(i, i + 1) && !ONE_DAY_BEFORE.has(words[i - 1] ?? '')
      && words.some((x, k) => k !== i && !reserved[k] && OTHER_TIME.test(x))) {
      hits.push({ start: i, end: i + 1, body: { k: 'weekday', days: [single] } });
    }
  }
  return hits;
}
