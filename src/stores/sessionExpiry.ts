// When the access token of this browser expires (epoch ms), for the renewal of spec 1 §4.1, and
// when the sign-in itself ends, for the session timer. The browser renews the 15-minute token by
// itself until the sign-in ends, so the timer counts down to the sign-in's end (issue 20 §4: it
// showed the token and jumped back to 15:00 at every renewal). Both are seeded from cookies the
// server sets next to the HttpOnly session cookies (`encore_expires_at`, `encore_session_ends_at`),
// or from GET /auth/session.
import { atom } from 'nanostores';

export const EXPIRES_COOKIE = 'encore_expires_at';
export const SESSION_ENDS_COOKIE = 'encore_session_ends_at';

/** The access token's expiry: when the keeper renews (5 minutes before) or signs out. */
export const $sessionExpiresAt = atom<number | null>(null);
/** The sign-in's end as the server knows it (refresh_expires_at): what the timer shows. */
export const $sessionEndsAt = atom<number | null>(null);

function epochCookie(name: string, cookie: string): number | null {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${name}=(\\d{10,16})`));
  return match ? Number(match[1]) : null;
}

const documentCookie = () => (typeof document === 'undefined' ? '' : document.cookie);

export function expiryFromCookie(cookie: string = documentCookie()): number | null {
  return epochCookie(EXPIRES_COOKIE, cookie);
}

export function sessionEndFromCookie(cookie: string = documentCookie()): number | null {
  return epochCookie(SESSION_ENDS_COOKIE, cookie);
}

/** Reads both instants from the cookies into the stores (after a sign-in step or a renewal). */
export function syncSessionFromCookies(): void {
  const at = expiryFromCookie();
  if (at) $sessionExpiresAt.set(at);
  const end = sessionEndFromCookie();
  if (end) $sessionEndsAt.set(end);
}

/** spec 1 §4.1: the timer shows one second short of the remaining time. */
export function timerSeconds(expiresAt: number, now: number): number {
  return Math.max(0, Math.floor((expiresAt - now) / 1000) - 1);
}

export function formatTimer(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
