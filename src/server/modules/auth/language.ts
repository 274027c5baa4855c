import { LANGUAGES, type Language } from '../../../lib/constants';

export function asLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}
