// Time expressions of Sentinel questions, in German and English, read from folded tokens
// (./lexicon/normalise.ts) relative to the server's "now". Each match covers a token span and
// yields a half-open UTC date range [from, to) as YYYY-MM-DD; an open side is absent.
//
// The season rule (theatres and concert halls plan in seasons): a season runs from 1 August to
// 31 July. "diese/aktuelle Saison" is the season containing today, "letzte/vergangene Saison" the
// one before, "nächste/kommende Saison" the one after, and "neue Saison" the season whose start
// is nearest to today — in November that is the running season, in May the one starting in
// August (box offices sell the new season from spring). "Saison 2024/25" names one explicitly.
import { editDistance } from './lexicon/normalise';

export interface DateRange {
  from?: string;
  to?: string;
}

export interface TimeMatch {
  start: number;
  /** Exclusive token index. */
  end: number;
  range: DateRange;
  /** The words as understood, for the "understood" list. */
  text: string;
  /**
   * Words that look like a date but name none ("2025-02-30", "31.02.2025", "zwischen 1900 und
   * 9999"): the question is refused naming them, never rolled over to another day (issue 21 §2).
   */
  invalid?: string;
  /**
   * The same words read one occurrence earlier when the date had no year and lies ahead
   * ("ab 1.12." in November): the parser takes it for sale dates, which are never in the future.
   */
  earlier?: DateRange;
}

const MONTHS: Record<string, number> = {
  januar: 0, jaenner: 0, january: 0, jan: 0, februar: 1, february: 1, feb: 1, maerz: 2, marz: 2, march: 2, mar: 2, april: 3, apr: 3,
  mai: 4, may: 4, juni: 5, june: 5, jun: 5, juli: 6, july: 6, jul: 6, august: 7, aug: 7, september: 8, sept: 8, sep: 8,
  oktober: 9, october: 9, okt: 9, oct: 9, november: 10, nov: 10, dezember: 11, december: 11, dez: 11, dec: 11,
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(MONTHS, null);

const NUMBER_WORDS: Record<string, number> = {
  ein: 1, eine: 1, einen: 1, einem: 1, eins: 1, one: 1, a: 1, zwei: 2, two: 2, drei: 3, three: 3, vier: 4, four: 4, fuenf: 5, five: 5,
  sechs: 6, six: 6, sieben: 7, seven: 7, acht: 8, eight: 8, neun: 9, nine: 9, zehn: 10, ten: 10, elf: 11, eleven: 11,
  zwoelf: 12, twelve: 12, zwanzig: 20, twenty: 20, dreissig: 30, thirty: 30, sechzig: 60, sixty: 60, neunzig: 90, ninety: 90,
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(NUMBER_WORDS, null);

const PREVIOUS = new Set(['letzte', 'letzten', 'letzter', 'letztes', 'vergangene', 'vergangenen', 'vergangener', 'vergangenes', 'vorige', 'vorigen', 'voriges', 'vorherige', 'vorherigen', 'last', 'previous', 'past', 'prior']);
const CURRENT = new Set(['diese', 'diesen', 'dieser', 'dieses', 'aktuelle', 'aktuellen', 'laufende', 'laufenden', 'this', 'current', 'heurigen']);
const NEXT = new Set(['naechste', 'naechsten', 'naechster', 'naechstes', 'kommende', 'kommenden', 'kommender', 'kommendes', 'next', 'upcoming', 'coming', 'folgende', 'folgenden']);
const NEW = new Set(['neue', 'neuen', 'neuer', 'new']);
/** Day of the week as Date.getUTCDay() (Sunday 0). */
const WEEKDAYS: Record<string, number> = {
  sonntag: 0, sunday: 0, montag: 1, monday: 1, dienstag: 2, tuesday: 2, mittwoch: 3, wednesday: 3, donnerstag: 4, thursday: 4, freitag: 5, friday: 5, samstag: 6, sonnabend: 6, saturday: 6,
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(WEEKDAYS, null);
const SEASON = new Set(['saison', 'season', 'spielzeit', 'saisons', 'seasons', 'spielzeiten']);
const QUARTER_WORDS = new Set(['quartal', 'quartals', 'quarter']);
const UNIT: Record<string, 'day' | 'week' | 'month' | 'year'> = {
  tag: 'day', tage: 'day', tagen: 'day', day: 'day', days: 'day',
  woche: 'week', wochen: 'week', week: 'week', weeks: 'week',
  monat: 'month', monate: 'month', monaten: 'month', monats: 'month', month: 'month', months: 'month',
  jahr: 'year', jahre: 'year', jahren: 'year', jahres: 'year', year: 'year', years: 'year',
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(UNIT, null);
const FROM_WORDS = new Set(['seit', 'since', 'ab', 'from', 'starting', 'after', 'nach', 'later', 'spaeter']);
const TO_WORDS = new Set(['vor', 'before', 'bis', 'until', 'till', 'through', 'prior']);

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));

/**
 * The seasons of the year, meteorological (three whole months): spring March–May, summer
 * June–August, autumn September–November, winter December–February (named by the year of its
 * December). Not the programme's season (SEASON above). "this autumn" is the one of this year
 * (winter: the one running or starting this December), "last summer" the most recent one that
 * has ended, "next spring" the first that has not begun; "Herbst 2025" names one, "im Herbst" is
 * this year's like a month without its year.
 */
const YEAR_SEASONS = new Map<string, number>(Object.entries({
  fruehling: 2, fruehjahr: 2, spring: 2, sommer: 5, summer: 5, herbst: 8, autumn: 8, fall: 8, winter: 11,
}));
function yearSeason(startMonth: number, y: number): DateRange {
  return { from: iso(utc(y, startMonth)), to: iso(utc(y, startMonth + 3)) };
}
function relativeYearSeason(startMonth: number, rel: number, now: Date): DateRange {
  const today = iso(now);
  const y = now.getUTCFullYear();
  if (rel === 0) return yearSeason(startMonth, startMonth === 11 && now.getUTCMonth() < 2 ? y - 1 : y);
  if (rel < 0) {
    for (let k = y; k > y - 3; k--) if (yearSeason(startMonth, k).to! <= today) return yearSeason(startMonth, k);
  }
  for (let k = y - 1; k < y + 3; k++) if (yearSeason(startMonth, k).from! > today) return yearSeason(startMonth, k);
  return yearSeason(startMonth, y);
}

export function seasonStartYear(now: Date): number {
  return now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}
export function seasonRange(startYear: number): DateRange {
  return { from: iso(utc(startYear, 7)), to: iso(utc(startYear + 1, 7)) };
}
/** "neue Saison": the season whose 1 August is nearest to today. */
export function newSeasonStartYear(now: Date): number {
  const cur = seasonStartYear(now);
  const sinceStart = now.getTime() - utc(cur, 7).getTime();
  const untilNext = utc(cur + 1, 7).getTime() - now.getTime();
  return sinceStart <= untilNext ? cur : cur + 1;
}

/**
 * Now as the end of "seit/since X": the instant, so today's sales so far count ("Verkäufe seit
 * Montag" on Thursday afternoon); at midnight exactly (the accuracy set's fixed clock) the day.
 */
export function nowEnd(now: Date): string {
  return now.getTime() === startOfDay(now).getTime() ? iso(now) : now.toISOString();
}

function startOfDay(now: Date): Date {
  return utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}
function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * 86_400_000);
}
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7; // Monday = 0
  return addDays(startOfDay(d), -day);
}

function unitRange(unit: 'day' | 'week' | 'month' | 'year', offset: number, now: Date): DateRange {
  const today = startOfDay(now);
  switch (unit) {
    case 'day': return { from: iso(addDays(today, offset)), to: iso(addDays(today, offset + 1)) };
    case 'week': { const w = addDays(weekStart(now), 7 * offset); return { from: iso(w), to: iso(addDays(w, 7)) }; }
    case 'month': return { from: iso(utc(now.getUTCFullYear(), now.getUTCMonth() + offset)), to: iso(utc(now.getUTCFullYear(), now.getUTCMonth() + offset + 1)) };
    case 'year': return { from: iso(utc(now.getUTCFullYear() + offset, 0)), to: iso(utc(now.getUTCFullYear() + offset + 1, 0)) };
  }
}

// A Map: a word table with a prototype reads "constructor" as a decade.
const DECADE_WORDS = new Map<string, number>(Object.entries({
  fifties: 50, fuenfziger: 50, fuenfzigern: 50, sixties: 60, sechziger: 60, sechzigern: 60, seventies: 70, siebziger: 70, siebzigern: 70,
  eighties: 80, achtziger: 80, achtzigern: 80, nineties: 90, neunziger: 90, neunzigern: 90,
}));
const DECADE_TAIL = new Set(['jahre', 'jahren', 'jahrgang', 'jahrgaenge', 'years']);

/** The first year of a decade word ("80s", "1980er", "Achtziger"); two digits are the latest such decade not ahead of now. */
function decade(word: string, now: Date): number | undefined {
  const m = /^((?:19|20)?\d0)(?:s|'s|er|ern|ies)$/.exec(word);
  const d = m ? Number(m[1]) : DECADE_WORDS.get(word);
  if (d === undefined) return undefined;
  if (d >= 1900) return d;
  return 2000 + d <= now.getUTCFullYear() ? 2000 + d : 1900 + d;
}

function year(word: string | undefined): number | undefined {
  if (!word || !/^(19|20)\d\d$/.test(word)) return undefined;
  return Number(word);
}

// A number followed by one of these is an amount, not a year ("ab 2000 Euro", "über 2000 Tickets").
const AMOUNT_UNITS = new Set(['€', 'eur', 'euro', 'euros', '£', 'gbp', 'pfund', 'pound', 'pounds', '$', 'usd', 'dollar', 'tickets', 'ticket', 'karten', 'plaetze', 'seats', 'kunden', 'customers', '%', 'prozent', 'percent', 'mal', 'times']);

function numberAt(word: string | undefined): number | undefined {
  if (!word) return undefined;
  if (/^\d{1,3}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

/**
 * The day, or 'invalid' when the numbers name no day of the calendar: Date.UTC would roll
 * 30 February over to 2 March, and answer a question nobody asked.
 */
function calendarDay(y: number, month: number, day: number): Date | 'invalid' {
  const d = utc(y, month - 1, day);
  return y >= 1 && month >= 1 && month <= 12 && day >= 1 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : 'invalid';
}

/** An explicit calendar date in one token ("15.03.2025", "2025-03-15", "15.3."); 'invalid' for "2025-02-30". */
export function explicitDate(word: string, now: Date): Date | 'invalid' | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word);
  if (m) return calendarDay(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})?$/.exec(word);
  if (m) {
    const y = m[3] ? (m[3].length === 2 ? 2000 + +m[3] : +m[3]) : now.getUTCFullYear();
    return calendarDay(y, +m[2], +m[1]);
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(word);
  if (m) return calendarDay(+m[3], +m[2], +m[1]);
  return undefined;
}

interface Period {
  range: DateRange;
  end: number;
  invalid?: string;
  /**
   * The same day or month one occurrence earlier, for a date written without its year ("1.9.",
   * "1. September", "März") or a bare day ("ab dem 15."): a year earlier, or a month earlier for a
   * bare day. "seit/since" and sale dates take it when the date is still ahead (see DAY_RULE).
   */
  earlier?: DateRange;
  /** A day as [year, month 1-12, day], for "1. bis 15. Oktober" (the first day takes the month of the second). */
  ymd?: [number, number, number];
  /** A day of the month without its month ("ab dem 15."): only after a time prefix or before a range's second day. */
  bareDay?: number;
  /** A whole month as [year, month 0-11], and whether its year was written ("März" vs "März 2025"). */
  ym?: [number, number, boolean];
}

/** "Anfang/Mitte/Ende", "start/beginning/middle/end of", "early/mid/late": a part of the period after it. */
const PART_WORDS: Record<string, 'start' | 'middle' | 'end'> = {
  anfang: 'start', beginn: 'start', start: 'start', beginning: 'start', early: 'start', fruehjahr: 'start',
  mitte: 'middle', middle: 'middle', mid: 'middle',
  ende: 'end', end: 'end', late: 'end', schluss: 'end',
};
// Looked up by words of a question: no prototype, so "constructor" or "toString" find nothing.
Object.setPrototypeOf(PART_WORDS, null);
const PART_FILLER = new Set(['of', 'des', 'der', 'the', 'von', 'vom', 'dem', 'this', 'dieses', 'diesen']);

/** A day of the month as typed: "1", "1.", "1st", "22nd", "15th". */
const DAY = /^(\d{1,2})(\.|st|nd|rd|th)?$/;
/** Words that may follow "Sep 1" so the number is a day, not a count ("im März 3 Opern" is no date). */
const AFTER_MONTH_DAY = new Set(['to', 'bis', 'until', 'till', 'through', 'and', 'und', 'or', 'oder', '-', 'with', 'mit', 'for', 'fuer', 'in', 'im', 'at', 'from', 'aus', 'but', 'aber', 'who', 'die', 'der', 'that', 'which']);
const COUNT_BEFORE = new Set(['als', 'than', 'least', 'most', 'ueber', 'over', 'unter', 'under', 'mindestens', 'hoechstens', 'maximal', 'max', 'min', 'genau', 'exactly', 'top', '>', '<', '>=', '<=', '=']);

function dayPeriod(y: number | undefined, month: number, day: number, end: number, text: string, now: Date): Period {
  const yy = y ?? now.getUTCFullYear();
  const d = calendarDay(yy, month, day);
  if (d === 'invalid') return { range: {}, end, invalid: text };
  const out: Period = { range: { from: iso(d), to: iso(addDays(d, 1)) }, end, ymd: [yy, month, day] };
  if (y === undefined) {
    const e = calendarDay(yy - 1, month, day);
    if (e !== 'invalid') out.earlier = { from: iso(e), to: iso(addDays(e, 1)) };
  }
  return out;
}

/**
 * A part of a period: a month's first, middle and last ten days (1–10, 11–20, 21–end), a year's or
 * season's first quarter, middle half and last quarter, any other span in thirds.
 */
function partOf(r: DateRange, which: 'start' | 'middle' | 'end'): DateRange {
  const from = new Date(`${r.from}T00:00:00Z`);
  const to = new Date(`${r.to}T00:00:00Z`);
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  if (months >= 3 && from.getUTCDate() === 1 && to.getUTCDate() === 1) {
    const q = Math.max(1, Math.round(months / 4));
    const a = utc(from.getUTCFullYear(), from.getUTCMonth() + q);
    const b = utc(to.getUTCFullYear(), to.getUTCMonth() - q);
    return which === 'start' ? { from: r.from, to: iso(a) } : which === 'end' ? { from: iso(b), to: r.to } : { from: iso(a), to: iso(b) };
  }
  if (months === 1 && from.getUTCDate() === 1 && to.getUTCDate() === 1) {
    const d11 = addDays(from, 10);
    const d21 = addDays(from, 20);
    return which === 'start' ? { from: r.from, to: iso(d11) } : which === 'end' ? { from: iso(d21), to: r.to } : { from: iso(d11), to: iso(d21) };
  }
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  const t1 = addDays(from, Math.round(days / 3));
  const t2 = addDays(from, Math.round((2 * days) / 3));
  return which === 'start' ? { from: r.from, to: iso(t1) } : which === 'end' ? { from: iso(t2), to: r.to } : { from: iso(t1), to: iso(t2) };
}

function shiftedPart(p: Period, which: 'start' | 'middle' | 'end'): DateRange | undefined {
  return p.earlier?.from && p.earlier.to ? partOf(p.earlier, which) : undefined;
}

/** A point or period named by the words at i: returns its range and the tokens it spans. */
function period(w: string[], i: number, now: Date, allowBareDay = false, plainDay = false): Period | undefined {
  const a = w[i];
  const b = w[i + 1];
  if (a === undefined) return undefined;
  // "Anfang 2025", "bis Ende März", "end of the season", "Anfang des Jahres"
  const part = PART_WORDS[a];
  if (part) {
    let j = i + 1;
    while (PART_FILLER.has(w[j]) && j - i <= 3) j++;
    const unit = w[j] === 'jahres' || w[j] === 'year' || w[j] === 'jahr' ? 'year' : w[j] === 'monats' || w[j] === 'month' || w[j] === 'monat' ? 'month' : undefined;
    // "Anfang der Saison", "since the beginning of the season": the running season.
    const p: Period | undefined = unit ? { range: unitRange(unit, 0, now), end: j + 1 }
      : SEASON.has(w[j] ?? '') && year(w[j + 1]) === undefined && !/\//.test(w[j + 1] ?? '') ? { range: seasonRange(seasonStartYear(now)), end: j + 1 } : period(w, j, now);
    if (p?.invalid) return p;
    if (p && p.range.from && p.range.to && p.bareDay === undefined) {
      const earlier = shiftedPart(p, part);
      return { range: partOf(p.range, part), end: p.end, ...(earlier ? { earlier } : {}) };
    }
    return undefined;
  }
  // "1. September", "1 Sep 2025", "the 1st of September", "15. Okt."
  const dm = DAY.exec(a);
  if (dm && !COUNT_BEFORE.has(w[i - 1] ?? '')) {
    let j = i + 1;
    if (w[j] === 'of') j++;
    const month = MONTHS[w[j] ?? ''];
    if (month !== undefined) {
      const y = year(w[j + 1]);
      const end = j + 1 + (y !== undefined ? 1 : 0);
      return dayPeriod(y, month + 1, Number(dm[1]), end, w.slice(i, end).join(' '), now);
    }
  }
  // "September 1st", "Sep 1", "March 15 2025"
  if (MONTHS[a] !== undefined && b !== undefined) {
    const d = DAY.exec(b);
    const y = year(w[i + 2]);
    if (d && (d[2] || y !== undefined || w[i + 2] === undefined || AFTER_MONTH_DAY.has(w[i + 2]))) {
      const end = i + 2 + (y !== undefined ? 1 : 0);
      return dayPeriod(y, MONTHS[a] + 1, Number(d[1]), end, w.slice(i, end).join(' '), now);
    }
  }
  // "ab dem 15.", "since the 15th": a day of this month (after a time prefix only).
  if (allowBareDay && dm && (plainDay || dm[2] && dm[2] !== '.' || dm[2] === '.' && ['dem', 'den', 'the', 'vom', 'zum', 'am', 'on'].includes(w[i - 1] ?? ''))) {
    const day = Number(dm[1]);
    const d = calendarDay(now.getUTCFullYear(), now.getUTCMonth() + 1, day);
    if (d === 'invalid') return { range: {}, end: i + 1, invalid: a };
    const e = calendarDay(utc(now.getUTCFullYear(), now.getUTCMonth() - 1).getUTCFullYear(), utc(now.getUTCFullYear(), now.getUTCMonth() - 1).getUTCMonth() + 1, day);
    return { range: { from: iso(d), to: iso(addDays(d, 1)) }, end: i + 1, bareDay: day, ymd: [now.getUTCFullYear(), now.getUTCMonth() + 1, day], ...(e !== 'invalid' ? { earlier: { from: iso(e), to: iso(addDays(e, 1)) } } : {}) };
  }
  // "letzte Saison", "nächste Woche", "diesen Monat", "last year"
  const rel = PREVIOUS.has(a) ? -1 : CURRENT.has(a) ? 0 : NEXT.has(a) ? 1 : NEW.has(a) ? 2 : undefined;
  if (rel !== undefined && b !== undefined) {
    if (SEASON.has(b)) {
      const start = rel === 2 ? newSeasonStartYear(now) : seasonStartYear(now) + rel;
      return { range: seasonRange(start), end: i + 2 };
    }
    const unit = UNIT[b];
    if (unit && rel !== 2) return { range: unitRange(unit, rel, now), end: i + 2 };
    if (YEAR_SEASONS.has(b) && rel !== 2) return { range: relativeYearSeason(YEAR_SEASONS.get(b)!, rel, now), end: i + 2 };
    // "letztes Quartal", "this quarter", "next quarter": calendar quarters.
    if (QUARTER_WORDS.has(b) && rel !== 2) {
      const q = Math.floor(now.getUTCMonth() / 3) + rel;
      return { range: { from: iso(utc(now.getUTCFullYear(), q * 3)), to: iso(utc(now.getUTCFullYear(), q * 3 + 3)) }, end: i + 2 };
    }
    if ((b === 'wochenende' || b === 'weekend') && rel !== 2) return { range: weekend(now, rel), end: i + 2 };
    // "in den letzten 30 Tagen", "last 3 months", "the past two weeks"
    const n = numberAt(b);
    const u = UNIT[w[i + 2]];
    if (n !== undefined && u && rel === -1) {
      const today = startOfDay(now);
      const fromDate = u === 'day' ? addDays(today, -n) : u === 'week' ? addDays(today, -7 * n)
        : u === 'month' ? utc(today.getUTCFullYear(), today.getUTCMonth() - n, today.getUTCDate()) : utc(today.getUTCFullYear() - n, today.getUTCMonth(), today.getUTCDate());
      return { range: { from: iso(fromDate), to: iso(addDays(today, 1)) }, end: i + 3 };
    }
    if (n !== undefined && u && rel === 1) {
      const today = startOfDay(now);
      const toDate = u === 'day' ? addDays(today, n) : u === 'week' ? addDays(today, 7 * n)
        : u === 'month' ? utc(today.getUTCFullYear(), today.getUTCMonth() + n, today.getUTCDate()) : utc(today.getUTCFullYear() + n, today.getUTCMonth(), today.getUTCDate());
      return { range: { from: iso(today), to: iso(addDays(toDate, 1)) }, end: i + 3 };
    }
  }
  if (a === 'vorjahr' || a === 'vorjahres') return { range: unitRange('year', -1, now), end: i + 1 };
  // "Q1 2027", "q3" (this year's), "1. Quartal 2026": a calendar quarter.
  const quarter = /^q([1-4])$/.exec(a) ?? (/^([1-4])\.?$/.test(a) && QUARTER_WORDS.has(b ?? '') ? /^([1-4])/.exec(a) : null);
  if (quarter) {
    const yearAt = /^q/.test(a) ? i + 1 : i + 2;
    const y = year(w[yearAt]) ?? now.getUTCFullYear();
    const m0 = (Number(quarter[1]) - 1) * 3;
    return { range: { from: iso(utc(y, m0)), to: iso(utc(y, m0 + 3)) }, end: year(w[yearAt]) !== undefined ? yearAt + 1 : yearAt };
  }
  // "vorgestern", "the day before yesterday", "übermorgen", "the day after tomorrow".
  if (a === 'vorgestern' || /^vorgestrig(e|en|er|es|em)?$/.test(a)) return { range: unitRange('day', -2, now), end: i + 1 };
  if (a === 'uebermorgen') return { range: unitRange('day', 2, now), end: i + 1 };
  if (a === 'day' && b === 'before' && w[i + 2] === 'yesterday') return { range: unitRange('day', -2, now), end: i + 3 };
  if (a === 'day' && b === 'after' && w[i + 2] === 'tomorrow') return { range: unitRange('day', 2, now), end: i + 3 };
  // "ytd", "year to date": this year until now.
  if (a === 'ytd' || (a === 'year' && b === 'to' && w[i + 2] === 'date')) return { range: { from: unitRange('year', 0, now).from, to: nowEnd(now) }, end: a === 'ytd' ? i + 1 : i + 3 };
  // "seit Saisonbeginn", "bis Jahresende", "ab Monatsanfang": the running season, year or month.
  const compound = /^(saison|jahres|monats)(beginn|anfang|start|ende|mitte)$/.exec(a);
  if (compound) {
    const whole = compound[1] === 'saison' ? seasonRange(seasonStartYear(now)) : unitRange(compound[1] === 'jahres' ? 'year' : 'month', 0, now);
    return { range: partOf(whole, PART_WORDS[compound[2]]), end: i + 1 };
  }
  // Weekdays: "seit Montag" = since the last Monday (today included), "letzten/nächsten Montag".
  const wd = WEEKDAYS[a];
  if (wd !== undefined) {
    const today = startOfDay(now);
    const back = (today.getUTCDay() - wd + 7) % 7;
    const last = addDays(today, -back);
    return { range: { from: iso(last), to: iso(addDays(last, 1)) }, end: i + 1 };
  }
  if ((PREVIOUS.has(a) || NEXT.has(a) || CURRENT.has(a)) && b !== undefined && WEEKDAYS[b] !== undefined) {
    const monday = addDays(weekStart(now), PREVIOUS.has(a) ? -7 : NEXT.has(a) ? 7 : 0);
    const d = addDays(monday, (WEEKDAYS[b] + 6) % 7);
    return { range: { from: iso(d), to: iso(addDays(d, 1)) }, end: i + 2 };
  }
  if (a === 'heuer') return { range: unitRange('year', 0, now), end: i + 1 };
  // The adjectives too: "gestrige Verkäufe", "heutige Buchungen", "morgige Vorstellungen".
  if (a === 'heute' || a === 'today' || /^heutig(e|en|er|es|em)?$/.test(a)) return { range: unitRange('day', 0, now), end: i + 1 };
  if (a === 'gestern' || a === 'yesterday' || /^gestrig(e|en|er|es|em)?$/.test(a) || a === "yesterday's") return { range: unitRange('day', -1, now), end: i + 1 };
  if (a === 'morgen' || a === 'tomorrow' || /^morgig(e|en|er|es|em)?$/.test(a) || a === "tomorrow's") return { range: unitRange('day', 1, now), end: i + 1 };
  if (a === 'wochenende' || a === 'weekend') return { range: weekend(now, 0), end: i + 1 };
  // "Saison 2024/25", "season 2024/2025", "Spielzeit 2024"
  if (SEASON.has(a) && year(b) !== undefined) {
    const y = year(b)!;
    const skip = /^\d{2}$|^\d{4}$/.test(w[i + 2] ?? '') && (Number(w[i + 2]) % 100) === ((y + 1) % 100) ? 1 : 0;
    return { range: seasonRange(y), end: i + 2 + skip };
  }
  // "1960-1965", "2024–2026": the years from the first to the last, both whole.
  const years = /^((?:19|20)\d\d)[-–]((?:19|20)?\d\d)$/.exec(a ?? '');
  if (years) {
    const y1 = Number(years[1]);
    const y2 = years[2].length === 2 ? Math.floor(y1 / 100) * 100 + Number(years[2]) : Number(years[2]);
    if (y2 > y1 + 1 || (y2 === y1 + 1 && years[2].length === 4)) return { range: { from: iso(utc(y1, 0)), to: iso(utc(y2 + 1, 0)) }, end: i + 1 };
  }
  // "2024/25" as a season (one token)
  const slash = /^((?:19|20)\d\d)\/(\d{2}|\d{4})$/.exec(a ?? '');
  // "the 2024/25 season": the season word after it belongs to it.
  if (slash && Number(slash[2]) % 100 === (Number(slash[1]) + 1) % 100) return { range: seasonRange(Number(slash[1])), end: i + 1 + (SEASON.has(b) ? 1 : 0) };
  if (SEASON.has(a) && b && /^((?:19|20)\d\d)\/(\d{2}|\d{4})$/.test(b)) return { range: seasonRange(Number(b.slice(0, 4))), end: i + 2 };
  // "2024 25" as a season
  if (year(a) !== undefined && /^\d{2}$/.test(b ?? '') && Number(b) === (year(a)! + 1) % 100) {
    return { range: seasonRange(year(a)!), end: i + 2 };
  }
  // "Herbst 2025", "im Sommer" ("fall" only with a year: alone it is an ordinary word).
  const yearSeasonStart = YEAR_SEASONS.get(a);
  if (yearSeasonStart !== undefined && (a !== 'fall' || year(b) !== undefined)) {
    const y = year(b);
    return y !== undefined ? { range: yearSeason(yearSeasonStart, y), end: i + 2 } : { range: relativeYearSeason(yearSeasonStart, 0, now), end: i + 1 };
  }
  // "März 2025", "März"
  if (MONTHS[a] !== undefined && a.length >= 3) {
    const m = MONTHS[a];
    const y = year(b);
    if (y !== undefined) return { range: { from: iso(utc(y, m)), to: iso(utc(y, m + 1)) }, end: i + 2, ym: [y, m, true] };
    // Short forms like "mar", "may", "jun" need a year: alone they are ordinary words.
    if (['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'okt', 'oct', 'nov', 'dez', 'dec', 'may', 'mai'].includes(a) && a !== 'mai') return undefined;
    const yy = now.getUTCFullYear();
    return { range: { from: iso(utc(yy, m)), to: iso(utc(yy, m + 1)) }, end: i + 1, earlier: { from: iso(utc(yy - 1, m)), to: iso(utc(yy - 1, m + 1)) }, ym: [yy, m, false] };
  }
  // "the 80s", "1980s", "in den 80ern", "Achtziger Jahre": the ten years of a decade.
  const dec = decade(a, now);
  if (dec !== undefined) return { range: { from: iso(utc(dec, 0)), to: iso(utc(dec + 10, 0)) }, end: i + 1 + (DECADE_TAIL.has(b ?? '') ? 1 : 0) };
  const y = year(a);
  if (y !== undefined && AMOUNT_UNITS.has(b ?? '')) return undefined;
  if (y !== undefined) return { range: { from: iso(utc(y, 0)), to: iso(utc(y + 1, 0)) }, end: i + 1 };
  const d = explicitDate(a, now);
  if (d === 'invalid') return { range: {}, end: i + 1, invalid: a };
  if (d) {
    const out: Period = { range: { from: iso(d), to: iso(addDays(d, 1)) }, end: i + 1, ymd: [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()] };
    // "1.9." has no year: the one a year earlier is its earlier occurrence.
    if (/^\d{1,2}\.\d{1,2}\.$/.test(a)) {
      const e = calendarDay(d.getUTCFullYear() - 1, d.getUTCMonth() + 1, d.getUTCDate());
      if (e !== 'invalid') out.earlier = { from: iso(e), to: iso(addDays(e, 1)) };
    }
    return out;
  }
  return undefined;
}

function weekend(now: Date, rel: number): DateRange {
  const monday = weekStart(now);
  const sat = addDays(monday, 5 + 7 * Math.max(0, rel));
  return { from: iso(sat), to: iso(addDays(sat, 2)) };
}

const FILLER = new Set(['im', 'in', 'der', 'die', 'das', 'den', 'dem', 'the', 'am', 'on', 'during', 'waehrend', 'jahr', 'year', 'of', 'von', 'zum', 'fuer', 'for']);

/**
 * Finds the time expressions among folded words. Prefixes turn a period into an open range:
 * "seit/ab/since/from X" → from the start of X; "nach/after X" → from its end; "vor/before X" →
 * up to its start; "bis/until X" → up to its end; "zwischen X und Y"/"between X and Y" → X..Y.
 */
const KNOWN = [...PREVIOUS, ...CURRENT, ...NEXT, ...NEW, ...SEASON, ...Object.keys(UNIT), ...Object.keys(MONTHS).filter((m) => m.length >= 5),
  'wochenende', 'weekend', 'gestern', 'yesterday', 'morgen', 'tomorrow', 'heute', 'today', 'zwischen', 'between', 'vorjahr',
  ...Object.keys(PART_WORDS).filter((p) => p.length >= 5), ...Object.keys(WEEKDAYS), ...[...FROM_WORDS, ...TO_WORDS].filter((p) => p.length >= 5)];

/** Typos in time words ("letze Saison", "Spielziet") are read as the word meant. */
function canonical(words: string[]): string[] {
  return words.map((w) => {
    if (w.length < 5 || /\d/.test(w)) return w.replace(/['’]s$/, '');
    const bare = w.replace(/['’]s$/, '');
    if (KNOWN.includes(bare)) return bare;
    const hit = KNOWN.find((k) => k.length >= 5 && k[0] === bare[0] && Math.abs(k.length - bare.length) <= 1 && editDistance(bare, k, 1) <= 1);
    return hit ?? bare;
  });
}

const COMPARATOR_BEFORE = new Set(['zwischen', 'between', 'als', 'than', 'least', 'most', 'ueber', 'over', 'unter', 'under', 'mindestens', 'hoechstens', 'maximal', 'max', 'min', 'genau', 'exactly', 'von', 'of', '>', '<', '>=', '<=', '=', 'zu', 'to']);

/** Words joining the two ends of a range: "1. bis 15. Oktober", "from March to May", "2023-2025". */
const RANGE_JOIN = new Set(['bis', 'to', 'until', 'till', 'through', 'thru', '-']);

/**
 * "P" or "P bis/to Q" at i (Q after fillers): the first end's bare day takes the month and year of
 * the second ("1. bis 15. Oktober", "zwischen dem 1. und 15. Oktober").
 */
function span(words: string[], i: number, now: Date, joiners: Set<string>, allowBareDay: boolean): Period | undefined {
  const beforeJoin = isBareDayBeforeJoin(words, i, joiners);
  const p = period(words, i, now, allowBareDay || beforeJoin, beforeJoin);
  if (!p || p.invalid) return p;
  if (!joiners.has(words[p.end] ?? '')) return p.bareDay !== undefined && !allowBareDay ? undefined : p;
  const qAt = skipFiller(words, p.end + 1);
  // After "to/bis" a short month name is the month ("from March to May").
  const q = period(words, qAt, now, true) ?? (MONTHS[words[qAt] ?? ''] !== undefined ? monthPeriod(words, qAt, now) : undefined);
  if (!q) return p.bareDay !== undefined && !allowBareDay ? undefined : p;
  if (q.invalid) return { range: {}, end: q.end, invalid: q.invalid };
  let from = p.range.from;
  let earlier = p.earlier && q.earlier ? { from: p.earlier.from, to: q.earlier.to } : undefined;
  // "from March 1 to March 15, 2025": the first end without its year takes the second's.
  if (p.bareDay === undefined && p.earlier && p.ymd && q.ymd && !q.earlier) {
    const y = p.ymd[1] <= q.ymd[1] ? q.ymd[0] : q.ymd[0] - 1;
    const d = calendarDay(y, p.ymd[1], p.ymd[2]);
    if (d === 'invalid') return { range: {}, end: q.end, invalid: words.slice(i, q.end).join(' ') };
    from = iso(d);
  }
  // "zwischen Januar und Mai 2027", "from March to May 2025": the first month takes the second's year.
  const qYear = q.ym?.[2] ? q.ym[0] : q.ymd && !q.earlier ? q.ymd[0] : undefined;
  if (p.ym && !p.ym[2] && qYear !== undefined) {
    const qMonth = q.ym ? q.ym[1] : q.ymd![1] - 1;
    from = iso(utc(p.ym[1] <= qMonth ? qYear : qYear - 1, p.ym[1]));
    earlier = undefined;
  }
  if (p.bareDay !== undefined) {
    if (!q.ymd) return undefined;
    const d = calendarDay(q.ymd[0], q.ymd[1], p.bareDay);
    if (d === 'invalid') return { range: {}, end: q.end, invalid: words.slice(i, q.end).join(' ') };
    from = iso(d);
    earlier = undefined;
    if (q.earlier?.to) {
      const e = calendarDay(q.ymd[0] - 1, q.ymd[1], p.bareDay);
      if (e !== 'invalid') earlier = { from: iso(e), to: q.earlier.to };
    }
  }
  if (from && q.range.to && from >= q.range.to) return { range: {}, end: q.end, invalid: words.slice(i, q.end).join(' ') };
  return { range: { from, to: q.range.to }, end: q.end, ...(earlier ? { earlier } : {}) };
}

function monthPeriod(words: string[], i: number, now: Date): Period {
  const m = MONTHS[words[i]];
  const yy = now.getUTCFullYear();
  return { range: { from: iso(utc(yy, m)), to: iso(utc(yy, m + 1)) }, end: i + 1, earlier: { from: iso(utc(yy - 1, m)), to: iso(utc(yy - 1, m + 1)) } };
}

/** The earlier reading only when the date read is still ahead: a date already past keeps its year. */
function aheadOnly(range: DateRange, earlier: DateRange | undefined, today: string): { earlier?: DateRange } {
  return earlier && range.from && range.from > today ? { earlier } : {};
}

/** "1. bis 15. Oktober", "between 1 and 15 October": a first day whose month comes with the second. */
function isBareDayBeforeJoin(words: string[], i: number, joiners: Set<string>): boolean {
  return /^\d{1,2}(\.|st|nd|rd|th)?$/.test(words[i] ?? '') && joiners.has(words[i + 1] ?? '') && DAY.test(words[skipFiller(words, i + 2)] ?? '')
    && MONTHS[words[skipFiller(words, i + 2) + 1] ?? ''] !== undefined;
}

const AND_JOIN = new Set(['und', 'and']);
const PAST_FROM = new Set(['seit', 'since']);

export function findTimeExpressions(input: string[], now: Date): TimeMatch[] {
  const words = canonical(input);
  const out: TimeMatch[] = [];
  const today = iso(startOfDay(now));
  let i = 0;
  while (i < words.length) {
    let w = words[i];
    // "up to March 31", "later than 1 December", "früher als März": two words for one preposition.
    const pair = `${w} ${words[i + 1] ?? ''}`;
    const asOne = pair === 'up to' || pair === 'no later' && words[i + 2] === 'than' ? 'until'
      : pair === 'later than' || pair === 'spaeter als' ? 'after' : pair === 'earlier than' || pair === 'frueher als' ? 'before' : undefined;
    if (asOne) {
      const skip = pair === 'no later' ? 2 : 1;
      const tried = [...words];
      tried.splice(i, skip + 1, asOne, ...new Array<string>(skip).fill('\u0000'));
      if (period(tried, skipFiller(tried, i + 1), now, true)) {
        words.splice(0, words.length, ...tried);
        w = asOne;
      }
    }
    if (w === 'zwischen' || w === 'between') {
      const aAt = skipFiller(words, i + 1);
      const a = period(words, aAt, now, true) ?? (isBareDayBeforeJoin(words, aAt, AND_JOIN) ? { range: {}, end: aAt + 1 } : undefined);
      if (a && (words[a.end] === 'und' || words[a.end] === 'and')) {
        const both = span(words, aAt, now, AND_JOIN, true);
        if (both && both.end > a.end) {
          const text = words.slice(i, both.end).join(' ');
          out.push({ start: i, end: both.end, range: both.range, text, ...(both.invalid || a.invalid ? { invalid: both.invalid ?? a.invalid } : {}), ...aheadOnly(both.range, both.earlier, today) });
          i = both.end;
          continue;
        }
        const bAt = skipFiller(words, a.end + 1);
        // "between 1900 and 9999": a year and a number that is none — neither a time span nor a
        // count; read half as a year it answered a different question (issue 21 §2).
        // With a unit ("zwischen 2000 und 3000 Euro") both are amounts, read by the parser.
        if (/^\d+$/.test(words[bAt] ?? '') && /^\d{4}$/.test(words[aAt] ?? '') && !AMOUNT_UNITS.has(words[bAt + 1] ?? '')) {
          out.push({ start: i, end: bAt + 1, range: {}, text: words.slice(i, bAt + 1).join(' '), invalid: words.slice(i, bAt + 1).join(' ') });
          i = bAt + 1;
          continue;
        }
      }
    }
    // "vom 1. bis 15. Oktober", "von März bis Mai": "von" names a time only with both ends.
    const fromTo = w === 'von' || w === 'vom' || w === 'from' || w === 'ab' || w === 'seit' || w === 'since';
    if (FROM_WORDS.has(w) || TO_WORDS.has(w) || w === 'von' || w === 'vom') {
      const at = skipFiller(words, i + 1);
      const single = period(words, at, now, true);
      const ranged = fromTo && single && !single.invalid && RANGE_JOIN.has(words[single.end] ?? '') ? span(words, at, now, RANGE_JOIN, true) : undefined;
      if (ranged && ranged.end > (single?.end ?? 0)) {
        // A closed range: "seit/ab 1.9. bis 15.9." reads as from … to as well.
        out.push({ start: i, end: ranged.end, range: ranged.range, text: words.slice(i, ranged.end).join(' '), ...(ranged.invalid ? { invalid: ranged.invalid } : {}), ...aheadOnly(ranged.range, ranged.earlier, today) });
        i = ranged.end;
        continue;
      }
      const p = w === 'von' || w === 'vom' ? undefined : single;
      if (p) {
        if (p.invalid) {
          out.push({ start: i, end: p.end, range: {}, text: words.slice(i, p.end).join(' '), invalid: p.invalid });
          i = p.end;
          continue;
        }
        // DAY_RULE (docs/NLQ-ENGINE.md): a date without its year, or a bare day, is this year's
        // (this month's); "seit/since" mean the last occurrence not after today ("seit 1.9." in
        // March = since last September); for "ab/from/after/bis/vor …" the earlier occurrence is
        // kept beside it, and the parser takes it for sale dates, which are never in the future.
        const prefixed = (r: DateRange): DateRange => (w === 'nach' || w === 'after' || w === 'later' || w === 'spaeter' ? { from: r.to }
          // "seit/since X" runs until now (RULES: since January = 1 January … now)
          : PAST_FROM.has(w) ? { from: r.from, to: nowEnd(now) }
          : FROM_WORDS.has(w) ? { from: r.from }
          // "vor Ende 2023", "before the end of 2023": by the end, the end included.
          : w === 'vor' || w === 'before' || w === 'prior' ? { to: PART_WORDS[words[at]] === 'end' ? r.to : r.from } : { to: r.to });
        let own = p.range;
        if (PAST_FROM.has(w) && p.earlier && own.from && own.from > today) own = p.earlier;
        const range = prefixed(own);
        const earlier = p.earlier && own !== p.earlier && own.from && own.from > today ? prefixed(p.earlier) : undefined;
        out.push({ start: i, end: p.end, range, text: words.slice(i, p.end).join(' '), ...(earlier ? { earlier } : {}) });
        i = p.end;
        continue;
      }
    }
    // A number after a comparison is an amount ("mehr als 2000"), not a year.
    // "comedy nights of 2025" is the year; "a total of 2025 tickets" an amount.
    const yearOf = words[i - 1] === 'of' && !AMOUNT_UNITS.has(words[i + 1] ?? '');
    if (/^\d{4}$/.test(w) && COMPARATOR_BEFORE.has(words[i - 1] ?? '') && !yearOf) { i++; continue; }
    // "1980 bis 1989", "March to May", "2023-2025", "1. bis 15. Oktober": one range from the first to the end of the second.
    const p = span(words, i, now, words[i - 1] === 'zwischen' ? new Set([...RANGE_JOIN, 'und']) : RANGE_JOIN, false);
    if (p?.invalid) {
      out.push({ start: i, end: p.end, range: {}, text: words.slice(i, p.end).join(' '), invalid: p.invalid });
      i = p.end;
      continue;
    }
    if (p) {
      out.push({ start: i, end: p.end, range: p.range, text: words.slice(i, p.end).join(' '), ...aheadOnly(p.range, p.earlier, today) });
      i = p.end;
      continue;
    }
    i++;
  }
  return out;
}

function skipFiller(words: string[], i: number): number {
  let j = i;
  while (j < words.length && (FILLER.has(words[j]) || words[j] === '\u0000') && j - i < 3) j++;
  // "im Jahr 2025": keep "jahr" skipped only when a year follows.
  return j;
}

/**
 * Words that name a time or a part of one ("Anfang", "Ende", "März", "Saison"): inside a title they
 * become a title condition only when the question says so (lexicon/match.ts).
 */
export function isTimeWord(w: string): boolean {
  return MONTHS[w] !== undefined && w.length >= 3 || PART_WORDS[w] !== undefined || SEASON.has(w) || UNIT[w] !== undefined
    || PREVIOUS.has(w) || CURRENT.has(w) || NEXT.has(w) || ['wochenende', 'weekend', 'heute', 'today', 'gestern', 'yesterday', 'morgen', 'tomorrow'].includes(w);
}
