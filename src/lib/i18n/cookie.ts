// spec 1 §4.1: the chosen language is remembered as 'i18nextLng' (cookie for the server render,
// local storage like i18next's browser detector). Browser only.
import { LANGUAGE_COOKIE, type Language } from '../constants';

const ONE_YEAR_S = 60 * 60 * 24 * 365;

export function rememberLanguage(lng: Language): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${ONE_YEAR_S}; samesite=lax${secure}`;
  try {
    localStorage.setItem(LANGUAGE_COOKIE, lng);
  } catch {
    // storage may be unavailable (private mode); the cookie is what the server reads
  }
}
