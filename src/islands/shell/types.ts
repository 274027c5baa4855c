import type { IslandI18n } from '../../lib/i18n/namespaces';
import type { SessionState } from '../../stores/session';

export interface ShellPartner {
  id: number;
  name: string;
}

/** Props the Shell layout hands to the ShellChrome island (all server data, no fetch on load). */
export interface ShellChromeProps {
  i18n: IslandI18n;
  session: SessionState;
  pathname: string;
  /** Translated title of the current page (mobile top bar). */
  title: string;
  /** The first page this user may open (spec 1 §2.2), target of the logo and the back fallback. */
  homeHref: string;
  partner: ShellPartner | null;
  /** All partners of the user, sorted by name; a switch is offered when there are several. */
  memberships: ShellPartner[];
  /** Unread notifications at render time (spec 1 §2.3 badge). */
  unread: number;
}
