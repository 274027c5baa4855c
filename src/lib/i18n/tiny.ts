// A minimal translator over already-loaded resources for the login page, whose JavaScript budget
// (80 KB gzip) has no room for i18next. Same key paths and {{var}} interpolation as i18next for
// the plain strings it covers; pages with a shell use the real i18next (./react.tsx).
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

export function createTinyT({ defaultNS, resources }: IslandI18n): TinyT {
  const chain = [resources[defaultNS], resources.common];
  return (key, vars) => {
    let text: string | undefined;
    for (const dict of chain) if ((text = lookup(dict, key)) !== undefined) break;
    if (text === undefined) return key;
    return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? '')) : text;
  };
}
