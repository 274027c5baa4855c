// issue 20 §4: the timer counts down to the sign-in's end (cookie encore_session_ends_at), the
// renewal to the access token's (encore_expires_at); the two are read apart.
import { describe, expect, it } from 'vitest';
import { expiryFromCookie, formatTimer, sessionEndFromCookie, timerSeconds } from '../../../src/stores/sessionExpiry';

const cookie = 'i18nextLng=de; encore_expires_at=1800000900000; encore_session_ends_at=1800043200000';

describe('session cookies', () => {
  it('reads the token’s expiry and the sign-in’s end from their own cookies', () => {
    expect(expiryFromCookie(cookie)).toBe(1_800_000_900_000);
    expect(sessionEndFromCookie(cookie)).toBe(1_800_043_200_000);
    expect(sessionEndFromCookie('encore_expires_at=1800000900000')).toBeNull();
    expect(sessionEndFromCookie('xencore_session_ends_at=1800043200000')).toBeNull();
  });

  it('shows hours for a sign-in that ends in 12 hours, one second short (spec 1 §4.1)', () => {
    const now = 1_800_043_200_000 - 12 * 3600_000;
    expect(formatTimer(timerSeconds(1_800_043_200_000, now))).toBe('11:59:59');
    expect(formatTimer(timerSeconds(now + 65_000, now))).toBe('01:04');
  });
});
