import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../../src/lib/i18n/language';

describe('pickLanguage', () => {
  it('prefers the stored choice, then the profile, then the browser, then English', () => {
    expect(pickLanguage('de', 'en', 'en-US')).toBe('de');
    expect(pickLanguage(undefined, 'de', 'en-US')).toBe('de');
    expect(pickLanguage('xx', undefined, 'fr-FR,de;q=0.8')).toBe('de');
    expect(pickLanguage(undefined, undefined, 'fr-FR')).toBe('en');
    expect(pickLanguage(null, null, null)).toBe('en');
  });

  it('signed out, speaks the profile language remembered from the last sign-in before the browser’s (issue 20 §4)', () => {
    expect(pickLanguage(undefined, undefined, 'en-US,en;q=0.9', 'de')).toBe('de');
    // A choice made in this browser and a signed-in user's own profile still come first.
    expect(pickLanguage('en', undefined, 'en-US', 'de')).toBe('en');
    expect(pickLanguage(undefined, 'en', 'de-DE', 'de')).toBe('en');
    expect(pickLanguage(undefined, undefined, 'de-DE', 'xx')).toBe('de');
  });
});
