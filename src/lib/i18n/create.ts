// One i18next instance per page render or island, initialised synchronously from resources that
// are already in hand (ARCHITECTURE.md §4: no text flashes, no fetch of locale files).
import i18next, { type i18n } from 'i18next';
import { namespacesFor, type IslandI18n } from './namespaces';

export function createI18n({ lng, defaultNS, resources }: IslandI18n): i18n {
  const { ns, fallbackNS } = namespacesFor(defaultNS === 'prisma' ? 'prisma' : 'full-service');
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    supportedLngs: false,
    resources: { [lng]: resources },
    ns,
    defaultNS,
    fallbackNS,
    initAsync: false,
    // React and Astro escape output themselves.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
