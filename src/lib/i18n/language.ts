// Which interface language a request gets: the stored choice (cookie, spec 1 §4.1 'i18nextLng'),
// then the user's profile (signed out: the profile language remembered from the last sign-in in
// this browser), then the browser's Accept-Language, then English.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function pickLanguage(cookie?: string | null, profile?: string | null, acceptLanguage?: string | null, rememberedProfile?: string | null): Language {
  if (isLanguage(cookie)) return cookie;
  if (isLanguage(profile)) return profile;
  if (isLanguage(rememberedProfile)) return rememberedProfile;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
