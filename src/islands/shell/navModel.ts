// Which menu entries a user sees and which one is active (spec 1 §2.3, §6).
import { MENU, matchRoute } from '../../lib/routes';
import type { SessionState } from '../../stores/session';

export type MenuEntry = (typeof MENU)[number];

export function visibleMenu(session: Pick<SessionState, 'permissions' | 'features'>): MenuEntry[] {
  return MENU.filter((item) => session.permissions[item.permission] === true && (!item.feature || session.features[item.feature] === true));
}

/** An entry is active on its own page, below it, and on pages sharing its title (/add-multi-events). */
export function isActive(href: string, labelKey: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (href === '/') return path === '/';
  if (path === href || path.startsWith(`${href}/`)) return true;
  const match = matchRoute(path);
  return match?.route.titleKey === labelKey;
}
