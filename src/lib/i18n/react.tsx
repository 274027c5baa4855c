// Islands translate with the resources the page passed as a prop (no fetch, no flash of keys).
// The provider and hook mirror react-i18next's names so components read the same, without
// shipping i18next to the browser (see ./tiny.ts for why).
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createTinyT, type TinyT } from './tiny';
import type { IslandI18n } from './namespaces';
import type { Language } from '../constants';

interface IslandTranslation {
  t: TinyT;
  i18n: { language: Language };
}

const Context = createContext<IslandTranslation | null>(null);

export function I18nIsland({ i18n, children }: { i18n: IslandI18n; children: ReactNode }) {
  const [value] = useState<IslandTranslation>(() => ({ t: createTinyT(i18n), i18n: { language: i18n.lng } }));
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The island's translator; outside an I18nIsland it returns the keys (visible in tests). */
export function useTranslation(): IslandTranslation {
  return useContext(Context) ?? FALLBACK;
}

const FALLBACK: IslandTranslation = { t: (key) => key, i18n: { language: 'en' } };
