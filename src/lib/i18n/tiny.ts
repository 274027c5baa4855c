// The browser's translator over already-loaded resources. i18next costs ~18 KB gzip per page,
// which the login (80 KB) and shell pages (150 KB) budgets cannot carry; islands only need key
// lookup with namespace fallback, {{var}} and {{var, number}} interpolation and i18next's plural suffixes (_one,
// _other, … chosen by Intl.PluralRules when `count` is given). The server renders with i18next;
// both read the same JSON, and the locale tests check the keys.
import type { Dict, IslandI18n } from './namespaces';

export type TinyT = (key: string, vars?: Record<string, string | number>) => string;

function lookup(dict: Dict | undefined, key: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTinyT({ lng, defaultNS, resources }: IslandI18n): TinyT {
  const chain = [resources[defaultNS], resources.common];
  const plurals = new Intl.PluralRules(lng);
  const numbers = new Intl.NumberFormat(lng);
  const find = (key: string) => {
    for (const dict of chain) {
      const text = lookup(dict, key);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  return (key, vars) => {
    const count = vars?.count;
    const text =
      (typeof count === 'number' ? (find(`${key}_${plurals.select(count)}`) ?? find(`${key}_other`)) : undefined) ?? find(key);
    if (text === undefined) return key;
    // `{{n, number}}` (i18next's built-in formatter): a number in the language's grouping, 1.646 in German.
    return vars
      ? text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
          const value = vars[name];
          if (format === 'number' && typeof value === 'number') return numbers.format(value);
          return String(value ?? '');
        })
      : text;
  };
}
