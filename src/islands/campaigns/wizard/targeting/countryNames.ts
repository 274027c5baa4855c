// Country names in the interface language (spec 2 §4 Postal-code dialog: countries by name), from
// the browser's own CLDR data rather than a shipped list.
const cache = new Map<string, Intl.DisplayNames | null>();

export function countryName(code: string, language: string): string {
  if (!cache.has(language)) {
    try {
      cache.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      cache.set(language, null);
    }
  }
  return cache.get(language)?.of(code.toUpperCase()) ?? code;
}
