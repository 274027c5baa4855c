// Every string exists in en and de, the prisma variant only overrides existing keys, and every
// key the route table and the error catalogue name is translated.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES, MENU } from '../../../src/lib/routes';
import { pageI18n } from '../../../src/lib/i18n/server';
import type { Dict } from '../../../src/lib/i18n/namespaces';

const load = (lng: string, ns: string): Dict => JSON.parse(fs.readFileSync(`public/locales/${lng}/${ns}.json`, 'utf8'));

function keys(dict: Dict, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe('locales', () => {
  it('has the same keys in English and German for every namespace', () => {
    for (const ns of ['common', 'prisma']) {
      expect(keys(load('de', ns)).sort(), ns).toEqual(keys(load('en', ns)).sort());
    }
  });

  it('keeps the prisma namespace to overrides of existing common keys', () => {
    const common = new Set(keys(load('en', 'common')));
    const prisma = keys(load('en', 'prisma'));
    expect(prisma.length).toBeGreaterThan(0);
    for (const k of prisma) expect(common.has(k), k).toBe(true);
  });

  it('translates every route title and menu label in both languages', () => {
    for (const lng of ['en', 'de'] as const) {
      const { t, exists } = pageI18n(lng, 'full-service');
      for (const key of [...ROUTES.map((r) => r.titleKey), ...MENU.map((m) => m.labelKey)]) {
        expect(exists(key), `${lng}:${key}`).toBe(true);
        expect(t(key)).not.toBe(key);
      }
    }
  });

  it('translates every server error code the API answers with', () => {
    const codes = new Set<string>();
    for (const dir of ['src/server', 'src/lib/contracts']) {
      for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
        if (!file.endsWith('.ts')) continue;
        for (const m of fs.readFileSync(`${dir}/${file}`, 'utf8').matchAll(/'(error\.[a-zA-Z_]+\.[a-zA-Z_]+)'/g)) codes.add(m[1]);
      }
    }
    expect(codes.size).toBeGreaterThan(8);
    for (const lng of ['en', 'de'] as const) {
      const { exists } = pageI18n(lng, 'full-service');
      for (const code of codes) expect(exists(`common.serverErrors.${code}`), `${lng}:${code}`).toBe(true);
    }
  });

  it('switches wording for the prisma product type and falls back to common otherwise', () => {
    const prismaKeys = keys(load('en', 'prisma'));
    const full = pageI18n('en', 'full-service');
    const prisma = pageI18n('en', 'prisma');
    const k = prismaKeys[0];
    expect(prisma.t(k)).not.toBe(full.t(k));
    expect(prisma.t('common.genericError')).toBe(full.t('common.genericError'));
  });
});
