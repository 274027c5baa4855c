// What the shell's menu items do in the browser: sign out, switch language, switch partner.
import { choosePartner, logout, updateProfile } from '../../lib/api/auth';
import type { Language } from '../../lib/constants';
import { rememberLanguage } from '../../lib/i18n/cookie';
import { $session, LOGOUT_LOCAL_KEYS } from '../../stores/session';
import { $sessionEndsAt, $sessionExpiresAt } from '../../stores/sessionExpiry';

/** spec 1 §4.1: logout clears the session state and the listed local keys, then shows /login. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Already signed out or offline: the local clean-up and /login still apply.
  }
  for (const key of LOGOUT_LOCAL_KEYS) {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage unavailable
    }
  }
  $session.set({ ...$session.get(), isLogged: false, partnerId: null, permissions: {}, features: {} });
  $sessionExpiresAt.set(null);
  $sessionEndsAt.set(null);
  location.assign('/login');
}

/** Remember the language (cookie + profile when signed in), then reload in that language. */
export async function switchLanguage(lng: Language, signedIn: boolean): Promise<void> {
  rememberLanguage(lng);
  if (signedIn) {
    try {
      await updateProfile({ language: lng });
    } catch {
      // The cookie already carries the choice for this browser.
    }
  }
  location.reload();
}

/** Act for another partner of the user (spec 1 §6 multi-partner users); the start page decides. */
export async function switchPartner(partnerId: number): Promise<void> {
  await choosePartner(partnerId);
  location.assign('/');
}
