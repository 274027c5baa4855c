// The islands' translator (src/lib/i18n/tiny.ts) must agree with i18next, which renders the same
// keys on the server: namespace fallback, interpolation and plural suffixes.
import { describe, expect, it } from 'vitest';
import { createTinyT } from '../../../src/lib/i18n/tiny';
import { createI18n } from '../../../src/lib/i18n/create';
import en from '../../../public/locales/en/common.json' with { type: 'json' };
import de from '../../../public/locales/de/common.json' with { type: 'json' };
import type { IslandI18n } from '../../../src/lib/i18n/namespaces';

const cases: [string, Record<string, string | number>?][] = [
  ['shell.unreadSuffix', { count: 1 }],
  ['shell.unreadSuffix', { count: 7 }],
  ['shell.unreadSuffix', { count: 0 }],
  ['settings.system.endedOthers', { count: 2 }],
  ['dashboard.greeting', { name: 'Anna' }],
  ['nav.events'],
  ['no.such.key'],
];

describe('tiny translator', () => {
  for (const [lng, common] of [['en', en], ['de', de]] as const) {
    it(`answers what i18next answers (${lng})`, () => {
      const resources: IslandI18n = { lng, defaultNS: 'common', resources: { common } };
      const tiny = createTinyT(resources);
      const full = createI18n(resources);
      for (const [key, vars] of cases) expect(tiny(key, vars), key).toBe(full.t(key, vars ?? {}));
    });
  }

  it('prefers the prisma namespace and falls back to common', () => {
    const t = createTinyT({ lng: 'en', defaultNS: 'prisma', resources: { prisma: { nav: { events: 'Shows' } }, common: { nav: { events: 'Events', settings: 'Settings' } } } });
    expect(t('nav.events')).toBe('Shows');
    expect(t('nav.settings')).toBe('Settings');
  });
});
