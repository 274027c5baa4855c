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
});
