// spec 3 §2 query summary and §9: operators are shown as words, values are cut at 100 characters,
// the completion time reads DD.MM.YYYY, HH:mm (UTC, like every date of the console).
import type { NlqFilter } from '../../../lib/contracts/nlq';
import { conditionDateText, FILTER_VALUE_UNITS, valueName, type Translate } from '../../../lib/sentinel/columns';
import { PAGE } from './constants';

/** The i18n key (under sentinel.summary.operators) of an operator of the filter text. */
export const OPERATOR_WORDS: Record<NlqFilter['operator'], string> = {
  '=': 'is',
  '!=': 'isNot',
  '>': 'greaterThan',
  '>=': 'greaterOrEqual',
  '<': 'lessThan',
  '<=': 'lessOrEqual',
  LIKE: 'contains',
  ILIKE: 'contains',
  IN: 'isIn',
  'NOT IN': 'isNotIn',
  IS: 'is',
  'IS NOT': 'isNot',
};

export function operatorWordKey(op: string, value?: string): string {
  // A prefix ("PLZ-Bereich 51": ILIKE '51%') reads "starts with", not "contains".
  if ((op === 'ILIKE' || op === 'LIKE') && value !== undefined && !value.startsWith('%') && value.endsWith('%')) return 'sentinel.summary.operators.startsWith';
  return `sentinel.summary.operators.${OPERATOR_WORDS[op as NlqFilter['operator']] ?? 'is'}`;
}

/** Cuts a value at the spec's 100 characters, with an ellipsis when something was cut. */
export function truncateValue(value: string, max: number = PAGE.queryValueTruncate): string {
  const chars = Array.from(value);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds → 'DD.MM.YYYY, HH:mm' (UTC). */
export function completionTime(epochSeconds: number | null): string {
  if (epochSeconds === null) return '';
  const d = new Date(epochSeconds * 1000);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** spec 3 §4: an answer older than 48 h is expired and its question is asked again. */
export function isExpired(taskCompletedAt: number | null, nowMs: number): boolean {
  return taskCompletedAt !== null && nowMs - taskCompletedAt * 1000 > PAGE.expiryMs;
}

/**
 * The parameter's name in the user's language (sentinel.fields.*, the vocabulary the grid and the
 * export share). A custom property is named by the partner; an answer stored before filters named
 * their field keeps the name it was stored with.
 */
export function filterParameter(f: Pick<NlqFilter, 'field' | 'parameter' | 'alternative'>, t: Translate): string {
  const name = !f.field || f.field.startsWith('ccp.') ? f.parameter : t(`sentinel.fields.${f.field}`, { defaultValue: f.parameter });
  // An alternative to the rows before it ("nicht 2024": before it, or after it).
  return f.alternative ? `${t('sentinel.summary.or')} ${name}` : name;
}

/** Whether the filter's value is a date (kept on one line: "01.09.2026" must not wrap at 390 px). */
export function isDateFilter(f: Pick<NlqFilter, 'field'>): boolean {
  return !!f.field && FILTER_VALUE_UNITS[f.field] === 'date';
}

/**
 * The value as the user reads it: categories, ticket types and yes/no named in their language,
 * dates as DD.MM.YYYY, "nothing" for NULL, a pattern without its wildcards; the rest (names, numbers) as typed.
 */
export function filterValue(f: Pick<NlqFilter, 'field' | 'value' | 'operator'>, t: Translate): string {
  if (f.value === 'NULL' && (f.operator === 'IS' || f.operator === 'IS NOT')) return t('sentinel.summary.nothing');
  // A pattern reads as the words it matches: the operator already says "contains" or "starts with"
  // ("PLZ beginnt mit 50", not "50%"), and escaped wildcards are the characters typed.
  if (f.operator === 'ILIKE' || f.operator === 'LIKE') return f.value.replace(/^%|(?<!\\)%$/g, '').replace(/\\([%_\\])/g, '$1');
  const unit = f.field ? FILTER_VALUE_UNITS[f.field] : undefined;
  if (!unit) return f.value;
  const parts = f.operator === 'IN' || f.operator === 'NOT IN' ? f.value.split(', ') : [f.value];
  return parts.map((v) => (unit === 'date' ? conditionDateText(v) : (valueName(unit, v, t) ?? v))).join(', ');
}
