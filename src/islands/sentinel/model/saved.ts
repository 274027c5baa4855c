// spec 3 §2 saved questions: search by name or original question, case-insensitive; descriptions
// longer than 150 characters are cut with more/less.
import type { SavedQuestion } from '../../../lib/contracts/nlq';
import { PAGE } from './constants';

export function filterSaved(list: readonly SavedQuestion[], search: string): SavedQuestion[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter((q) => q.name.toLocaleLowerCase().includes(needle) || q.original_description.toLocaleLowerCase().includes(needle));
}

export function shortDescription(text: string, max: number = PAGE.savedDescriptionTruncate): { text: string; cut: boolean } {
  const chars = Array.from(text);
  return chars.length > max ? { text: `${chars.slice(0, max).join('')}…`, cut: true } : { text, cut: false };
}
