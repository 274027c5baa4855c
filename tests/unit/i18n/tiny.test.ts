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
  // Counts in the language's grouping (fresh-eyes: "1646 Kunden" beside a card's 1.646).
  ['crm.export.all', { count: 1646 }],
  ['crm.export.variation', { count: 1646, title: 'Oper' }],
  ['crm.export.selected', { count: 1 }],
  ['crm.export.progressText', { count: 1286, name: 'Liste' }],
  ['crm.export.doneText', { sent: 1286, name: 'Liste' }],
  ['crm.export.doneRejected', { sent: 1286, rejected: 1200, name: 'Liste', service: 'HubSpot' }],
  ['sentinel.summary.count', { count: 6000 }],
  ['sentinel.summary.truncated', { count: 6000 }],
  ['sentinel.saved.results', { count: 6000 }],
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

  it('groups the digits of counts (de 1.646, en 1,646)', () => {
    const de1 = createTinyT({ lng: 'de', defaultNS: 'common', resources: { common: de } });
    const en1 = createTinyT({ lng: 'en', defaultNS: 'common', resources: { common: en } });
    expect(de1('crm.export.all', { count: 1646 })).toContain('1.646 Kunden');
    expect(de1('crm.export.doneText', { sent: 1286, name: 'L' })).toContain('1.286 Kontakte');
    expect(de1('sentinel.summary.count', { count: 6000 })).toBe('6.000 Ergebnisse');
    expect(en1('crm.export.all', { count: 1646 })).toContain('1,646 customers');
  });

  it('prefers the prisma namespace and falls back to common', () => {
    const t = createTinyT({ lng: 'en', defaultNS: 'prisma', resources: { prisma: { nav: { events: 'Shows' } }, common: { nav: { events: 'Events', settings: 'Settings' } } } });
    expect(t('nav.events')).toBe('Shows');
    expect(t('nav.settings')).toBe('Settings');
  });
});
