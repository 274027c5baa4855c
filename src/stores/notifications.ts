// Unread notification count shown as the sidebar badge (spec 1 §2.3). The shell seeds it with the
// server's count and polls GET /messages/totalunread; the notifications module may set it too.
import { atom } from 'nanostores';
import { BADGE_CAP } from '../lib/constants';

export const $unreadCount = atom<number>(0);

/** spec 1 §9: the badge is capped at 99. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
