// spec 3 §2 query summary and §9: operators are shown as words, values are cut at 100 characters,
// the completion time reads DD.MM.YYYY, HH:mm (UTC, like every date of the console).
import type { NlqFilter } from '../../../lib/contracts/nlq';
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

export function operatorWordKey(op: string): string {
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
