// The creative form's list and chip rules (spec 2 §5 Creative (editor), §9 limits), as plain
// functions so the form stays markup and the rules are unit tested. The shared publish rules
// (counter bands, URL pattern, variation indicator) live in lib/campaigns/setup-rules.
import { CREATIVE_LIST, CREATIVE_TEXT, type CreativeTextField } from '../../../../lib/campaigns/setup-constants';
import { filled, isDestinationUrl, padList } from '../../../../lib/campaigns/setup-rules';

/** spec 2 §5: the input warns when fewer than this many characters remain. */
export const REMAINING_WARNING = 6;
/** spec 2 §9: topic keywords shown before "show more". */
export const KEYWORDS_SHOWN = 4;
/** spec 2 §5 Other: a keyword chip's character limit (40 on wide screens, above the 991 px breakpoint). */
export const CHIP_LIMIT = { narrow: 30, wide: 40 } as const;
export const WIDE_SCREEN_QUERY = '(min-width: 992px)';
/** spec 2 §9: the topic report popover sends by itself after this countdown. */
export const REPORT_COUNTDOWN_S = 10;
/** spec 2 §3 Report: the description a report without a comment carries. */
export const REPORT_NO_COMMENT = '_';

export type ListField = 'headline' | 'body' | 'destination_url';

/** The entries the form shows: at least three, padded with blanks. */
export const shownEntries = (list: readonly string[]) => padList(list, CREATIVE_LIST.shown);

export const canAddEntry = (list: readonly string[]) => shownEntries(list).length < CREATIVE_LIST.max;
/** spec 2 §5: removal only for entries past the minimum. */
export const canRemoveEntry = (index: number) => index >= CREATIVE_LIST.shown;

export function setEntry(list: readonly string[], index: number, value: string): string[] {
  const next = shownEntries(list);
  next[index] = value;
  return next;
}

export function addEntry(list: readonly string[]): string[] {
  const next = shownEntries(list);
  return next.length < CREATIVE_LIST.max ? [...next, ''] : next;
}

export function removeEntry(list: readonly string[], index: number): string[] {
  const next = shownEntries(list);
  if (!canRemoveEntry(index) || index >= next.length) return next;
  next.splice(index, 1);
  return next;
}

/** Autofill replaces the list's values (at most five), padded to the shown minimum. */
export const fillEntries = (values: readonly string[], field: ListField) =>
  shownEntries(values.map((v) => v.slice(0, CREATIVE_TEXT[field].max)).slice(0, CREATIVE_LIST.max));

/** Co-create: the text goes into the first blank entry, else a new one while there is room; null when full. */
export function putInFirstBlank(list: readonly string[], text: string, field: ListField): string[] | null {
  const value = text.trim().slice(0, CREATIVE_TEXT[field].max);
  const next = shownEntries(list);
  const blank = next.findIndex((s) => !s.trim());
  if (blank >= 0) next[blank] = value;
  else if (next.length < CREATIVE_LIST.max) next.push(value);
  else return null;
  return next;
}

/** The "fewer than 6 characters remain" warning of a text field (spec 2 §5). */
export const remainingOf = (field: CreativeTextField, length: number) => CREATIVE_TEXT[field].max - length;
export const warnsRemaining = (field: CreativeTextField, length: number) => length > 0 && remainingOf(field, length) < REMAINING_WARNING;

/**
 * Issue 20: how many characters of a paste the field's maxLength drops (0 = it fits). The paste
 * replaces the selection; line breaks count as the field keeps them (one \n in a textarea, none in
 * a one-line input), as the browser measures them against maxLength.
 */
export function pasteCut(max: number, value: { length: number; selected: number }, pasted: string, multiline: boolean): number {
  const kept = multiline ? pasted.replace(/\r\n?/g, '\n') : pasted.replace(/[\r\n]/g, '');
  const room = Math.max(0, max - (value.length - value.selected));
  return Math.max(0, kept.length - room);
}

/** A URL entry's error after blur: blanks are fine here (the publish check asks for one), others must match. */
export const urlError = (value: string) => (value.trim() && !isDestinationUrl(value) ? 'common.errors.wrongUrlFormat' : null);

/**
 * spec 2 §5: inherited destination URLs are copied only when valid. The first cluster's valid
 * URLs, padded; null when it has none yet (the target keeps its own until there are some).
 */
export function inheritableUrls(first: readonly string[] | undefined): string[] | null {
  const valid = filled(first ?? []).filter(isDestinationUrl).slice(0, CREATIVE_LIST.max);
  return valid.length ? shownEntries(valid) : null;
}

export const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** spec 2 §3: audience_id holds comma-separated Meta ids; null for none. */
export const parseAudienceIds = (value: string | null): string[] => (value ? value.split(',').filter((s) => /^\d+$/.test(s)) : []);
export const formatAudienceIds = (ids: readonly string[]): string | null => {
  const unique = [...new Set(ids.filter((s) => /^\d+$/.test(s)))];
  return unique.length ? unique.join(',') : null;
};
export function toggleAudience(value: string | null, id: string): string | null {
  const ids = parseAudienceIds(value);
  return formatAudienceIds(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
}

/** Audience search: case-insensitive on name and id. */
export function matchesSearch(item: { id: string; name: string }, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return !q || item.name.toLocaleLowerCase().includes(q) || item.id.includes(q);
}

/** spec 2 §5 Other: a chip's label cut to the limit with an ellipsis (the full keyword stays in its title). */
export function chipLabel(keyword: string, wide: boolean): string {
  const limit = wide ? CHIP_LIMIT.wide : CHIP_LIMIT.narrow;
  const chars = [...keyword];
  return chars.length <= limit ? keyword : `${chars.slice(0, limit - 1).join('').trimEnd()}…`;
}

/** The keywords shown: four until "show more". */
export const visibleKeywords = <T>(keywords: readonly T[], expanded: boolean): T[] => (expanded ? [...keywords] : keywords.slice(0, KEYWORDS_SHOWN));

/** The report's description: the comment, or '_' when there is none (timeout, outside click). */
export const reportDescription = (comment: string | null) => comment?.trim() || REPORT_NO_COMMENT;
