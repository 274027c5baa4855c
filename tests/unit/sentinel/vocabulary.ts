// The translate function of the Sentinel page for a language, built from the locale files the
// page and the server read (public/locales/{lng}/common.json): the one vocabulary of the tests.
import en from '../../../public/locales/en/common.json' with { type: 'json' };
import de from '../../../public/locales/de/common.json' with { type: 'json' };
import { createI18n } from '../../../src/lib/i18n/create';
import type { Dict } from '../../../src/lib/i18n/namespaces';
import type { Translate } from '../../../src/lib/sentinel/columns';

export function vocabulary(lng: 'en' | 'de'): Translate {
  const i18n = createI18n({ lng, defaultNS: 'common', resources: { common: (lng === 'de' ? de : en) as unknown as Dict } });
  return i18n.t.bind(i18n) as unknown as Translate;
}
