// When the access token of this browser expires (epoch ms), for the renewal and the session
// timer of spec 1 §4.1. Seeded from the `encore_expires_at` cookie the server sets next to the
// HttpOnly session cookies, or from GET /auth/session.
import { atom } from 'nanostores';

export const EXPIRES_COOKIE = 'encore_expires_at';

export const $sessionExpiresAt = atom<number | null>(null);

export function expiryFromCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): number | null {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${EXPIRES_COOKIE}=(\\d{10,16})`));
  return match ? Number(match[1]) : null;
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
