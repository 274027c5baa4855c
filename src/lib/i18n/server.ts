// Server-only (imported by .astro frontmatter and layouts, never by islands): reads the locale
// JSON from disk once per process and builds the `t` of a page plus the resources its islands get.
import fs from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '../constants';
import { config } from '../../server/config';
import { createI18n } from './create';
import { namespacesFor, pickKeys, type Dict, type IslandI18n, type Namespace, type Product } from './namespaces';

const cache = new Map<string, Dict>();

// `npm start` runs from the repository (public/); a copied build only has dist/client/.
const ROOTS = [path.join(config.rootDir, 'public/locales'), path.join(config.rootDir, 'dist/client/locales')];

function readNamespace(lng: Language, ns: Namespace): Dict {
  for (const root of ROOTS) {
    const file = path.join(root, lng, `${ns}.json`);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Dict;
  }
  throw new Error(`Missing locale file ${lng}/${ns}.json`);
}

/** One namespace of one language; cached for the life of the process (re-read in `astro dev`). */
export function loadNamespace(lng: Language, ns: Namespace): Dict {
  if (!(LANGUAGES as readonly string[]).includes(lng)) throw new Error(`Unsupported language ${lng}`);
  const key = `${lng}/${ns}`;
  const hit = import.meta.env?.DEV ? undefined : cache.get(key);
  if (hit) return hit;
  const dict = readNamespace(lng, ns);
  cache.set(key, dict);
  return dict;
}

export interface PageI18n {
  t: TFunction;
  /** Whether a key has a translation (e.g. an optional reason text). */
  exists(key: string): boolean;
  language: Language;
  product: Product | null;
  /** Translations for an island: only the given key prefixes of each namespace. */
  forIsland(prefixes: readonly string[]): IslandI18n;
}

// One i18n per language and product type: the translations never change while the server runs,
// and building an i18next instance on every request showed in the page-latency budget.
const pages = new Map<string, PageI18n>();

export function pageI18n(language: Language, product: Product | null | undefined): PageI18n {
  if (import.meta.env?.DEV) return buildPageI18n(language, product); // edits to the JSON show at once
  const key = `${language}:${product ?? ''}`;
  let page = pages.get(key);
  if (!page) pages.set(key, (page = buildPageI18n(language, product)));
  return page;
}

function buildPageI18n(language: Language, product: Product | null | undefined): PageI18n {
  const { ns, defaultNS } = namespacesFor(product);
  const resources: Partial<Record<Namespace, Dict>> = {};
  for (const n of ns) resources[n] = loadNamespace(language, n);
  const instance = createI18n({ lng: language, defaultNS, resources });
  const islands = new Map<string, IslandI18n>();
  return {
    t: instance.t.bind(instance) as TFunction,
    exists: (key) => instance.exists(key),
    language,
    product: product ?? null,
    forIsland(prefixes) {
      const key = prefixes.join('|');
      const hit = islands.get(key);
      if (hit) return hit;
      const picked: Partial<Record<Namespace, Dict>> = {};
      for (const n of ns) picked[n] = pickKeys(resources[n], prefixes);
      const island: IslandI18n = { lng: language, defaultNS, resources: picked };
      islands.set(key, island);
      return island;
    },
  };
}

/** The i18n of a request: its language (middleware) and the viewer's partner product type. */
export function localsI18n(locals: App.Locals): PageI18n {
  return pageI18n(locals.language, locals.viewer?.partner?.product ?? null);
}

interface LanguageQueryContext {
  url: URL;
  cookies: { set(name: string, value: string, options: { path: string; maxAge: number; sameSite: 'lax'; secure: boolean; httpOnly: boolean }): void };
  locals: App.Locals;
}

/**
 * spec 1 §1 language switch without JavaScript: `?lng=de` remembers the language in the
 * 'i18nextLng' cookie (one year). Returns the same URL without `lng` to redirect to, or null.
 */
export function applyLanguageQuery(ctx: LanguageQueryContext): string | null {
  const lng = ctx.url.searchParams.get('lng');
  if (lng === null) return null;
  const clean = new URL(ctx.url);
  clean.searchParams.delete('lng');
  if ((LANGUAGES as readonly string[]).includes(lng)) {
    ctx.cookies.set(LANGUAGE_COOKIE, lng, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax', secure: ctx.url.protocol === 'https:', httpOnly: false });
    ctx.locals.language = lng as Language;
  }
  return clean.pathname + clean.search;
}
