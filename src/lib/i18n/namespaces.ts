// Which translation namespaces a page uses, and the shape of the translations handed to islands.
// spec 1 §1: the partner's product type switches the interface to a different namespace. The
// prisma namespace holds only the wording that differs; everything else falls back to common.
import type { Language } from '../constants';

export const NAMESPACES = ['common', 'prisma'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Product = 'prisma' | 'full-service';

/** A namespace's translations: nested objects of strings (the JSON under public/locales). */
export interface Dict {
  [key: string]: string | Dict;
}

/** What an island needs to build its own i18next instance: no fetch, no flash of keys. */
export interface IslandI18n {
  lng: Language;
  defaultNS: Namespace;
  resources: Partial<Record<Namespace, Dict>>;
}

export function namespacesFor(product: Product | null | undefined): { defaultNS: Namespace; fallbackNS: Namespace | false; ns: Namespace[] } {
  if (product === 'prisma') return { defaultNS: 'prisma', fallbackNS: 'common', ns: ['prisma', 'common'] };
  return { defaultNS: 'common', fallbackNS: false, ns: ['common'] };
}

export const PRODUCT_NAME = 'Encore';

/** spec 1 §1: the page title reads '{title} - {product}'. */
export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The part of a namespace below the given key prefixes ('login', 'common.errors'), so an island
 * receives only the strings it uses instead of the whole namespace in every prop.
 */
export function pickKeys(dict: Dict | undefined, prefixes: readonly string[]): Dict {
  const out: Dict = {};
  if (!dict) return out;
  for (const prefix of prefixes) {
    const path = prefix.split('.');
    let src: string | Dict | undefined = dict;
    for (const part of path) src = typeof src === 'object' ? src[part] : undefined;
    if (src === undefined) continue;
    let dst = out;
    for (let i = 0; i < path.length - 1; i++) {
      const next = dst[path[i]];
      dst = typeof next === 'object' ? next : (dst[path[i]] = {});
    }
    dst[path[path.length - 1]] = src;
  }
  return out;
}
