// The preview modal's pure rules (spec 2 §2 Ad preview modal, §3 Variation id, §9): which
// variations a tab shows, the pages the server renders them in, the feed order with a reel after
// every 3 feed items, and the touch double tap that toggles a variation.
import type { Creative } from '../../../../lib/contracts/setup-process';
import { expandVariationCodes, filled, variationCode, variationsOf } from '../../../../lib/campaigns/setup-rules';

/** spec 2 §9: a reel after every 3 feed items; a double tap within 300 ms. */
export const REEL_EVERY = 3;
export const DOUBLE_TAP_MS = 300;
export const LOADER_MAX_MS = 1000;
export const NOTICE_HIDE_MS = 5000;

export type VariationTab = 'enabled' | 'disabled';

/** Every variation code of the creative, split by the cluster's disabled codes ('x' prefixes expanded). */
export function splitVariations(c: Pick<Creative, 'headline' | 'body' | 'media' | 'destination_url'>, disabled: readonly string[]): Record<VariationTab, string[]> {
  const off = new Set(expandVariationCodes(disabled, filled(c.headline).length));
  const all = variationsOf(c).map(variationCode);
  return { enabled: all.filter((code) => !off.has(code)), disabled: all.filter((code) => off.has(code)) };
}

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The codes of one page (0-based), clamped to the last page when the list shrank. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number } {
  const last = pageCount(items.length, size) - 1;
  const p = Math.min(Math.max(0, page), last);
  return { items: items.slice(p * size, p * size + size), page: p };
}

/** Feed items with a reel after every `every` of them; reels left over follow at the end. */
export function interleave<T>(feed: readonly T[], reels: readonly T[], every = REEL_EVERY): T[] {
  const out: T[] = [];
  let r = 0;
  feed.forEach((item, i) => {
    out.push(item);
    if ((i + 1) % every === 0 && r < reels.length) out.push(reels[r++]!);
  });
  return out.concat(reels.slice(r));
}

/**
 * A tap on a touch screen toggles only as the second of two within DOUBLE_TAP_MS (a single tap
 * scrolls and looks); a mouse click toggles at once. Returns whether to toggle and the tap to keep.
 */
export function tapDecision(pointer: string, now: number, lastTap: number | null): { toggle: boolean; lastTap: number | null } {
  if (pointer !== 'touch') return { toggle: true, lastTap: null };
  if (lastTap !== null && now - lastTap <= DOUBLE_TAP_MS) return { toggle: true, lastTap: null };
  return { toggle: false, lastTap: now };
}
