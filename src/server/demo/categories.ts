// The seed plans shows by kind (how they sell, where and when they play); events store the
// category names of spec 3 §3 (Event.category). Each kind maps to one or more spec categories.
import { createHash } from 'node:crypto';
import type { ShowCategory } from './names';

export const SPEC_CATEGORIES = [
  'ballet', 'chamber', 'comedy', 'dance', 'education', 'opera', 'operetta_musical',
  'other', 'rock_pop', 'spoken', 'symphony', 'theatre', 'vocal',
] as const;
export type SpecCategory = (typeof SPEC_CATEGORIES)[number];

const BY_KIND: Record<Exclude<ShowCategory, 'uncategorized'>, SpecCategory[]> = {
  concert: ['rock_pop'],
  classical: ['symphony', 'chamber', 'vocal'],
  theatre: ['theatre', 'spoken'],
  musical: ['operetta_musical'],
  comedy: ['comedy'],
  opera: ['opera'],
  dance: ['ballet', 'dance'],
  sports: ['other'],
  festival: ['other'],
  kids: ['education'],
};

/** Spec categories of the kinds that sell highest and earliest (POPULAR_CATEGORIES). */
export const POPULAR_SPEC_CATEGORIES: readonly SpecCategory[] = ['rock_pop', 'operetta_musical', 'comedy'];

/** The stored category of a show; all dates of one production (same title) share it. */
export function specCategory(kind: string, title: string): string {
  const options = BY_KIND[kind as keyof typeof BY_KIND];
  if (!options) return kind; // product, uncategorized
  const h = createHash('sha1').update(title).digest().readUInt32BE(0);
  return options[h % options.length];
}
