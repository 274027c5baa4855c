// The page after sign-in (spec 1 §2.4 ?next=) and the deep link's fragment (issue 20 §4).
import { describe, expect, it } from 'vitest';
import { nextWithHash, safeNextPath } from '../../../src/islands/auth/nextPath';

describe('safeNextPath', () => {
  it('follows only paths of this site', () => {
    expect(safeNextPath('/settings#meta')).toBe('/settings#meta');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example/')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('/login')).toBeNull();
  });
});

describe('nextWithHash', () => {
  it('adds the fragment the browser kept through the guard’s redirect', () => {
    expect(nextWithHash('/settings', '#meta')).toBe('/settings#meta');
    expect(nextWithHash('/events?event-id=e1&drawer-open=true', '#sales')).toBe('/events?event-id=e1&drawer-open=true#sales');
  });

  it('keeps next as it is without a deep link, without a fragment, or with a fragment of its own', () => {
    expect(nextWithHash(null, '#meta')).toBeNull();
    expect(nextWithHash('/settings', '')).toBe('/settings');
    expect(nextWithHash('/settings#system', '#meta')).toBe('/settings#system');
  });

  it('refuses a fragment that is not one (markup, spaces, overlong) and keeps next', () => {
    expect(nextWithHash('/settings', '#"><script>')).toBe('/settings');
    expect(nextWithHash('/settings', '# meta')).toBe('/settings');
    expect(nextWithHash('/settings', `#${'a'.repeat(201)}`)).toBe('/settings');
    expect(nextWithHash('/settings', 'meta')).toBe('/settings');
  });
});
