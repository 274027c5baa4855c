// Islands build their i18next instance from the translations the page passed as a prop and
// expose it through react-i18next, so components deeper in an island call useTranslation().
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './create';
import type { IslandI18n } from './namespaces';

export function I18nIsland({ i18n, children }: { i18n: IslandI18n; children: ReactNode }) {
  const [instance] = useState(() => createI18n(i18n));
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
