// The auth cookies, one definition for the API (Hono) and the pages (Astro) (issue 3 §3):
// - encore_session: the access token, HttpOnly, path /, lives as long as the token;
// - encore_refresh: the refresh token, HttpOnly, sent only to POST /api/v3/auth/refresh_token;
// - encore_expires_at: NOT HttpOnly, the access token's expiry in epoch ms, so the browser can
//   renew 5 minutes before (spec 1 §9 token refresh threshold);
// - encore_session_ends_at: NOT HttpOnly, when the sign-in itself ends in epoch ms (the refresh
//   token's absolute end; the access token's for a session that cannot be renewed): what the
//   session countdown shows, since the browser renews the 15-minute token by itself until then.
import { config } from '../../config';
import { SESSION_COOKIE } from '../../../lib/constants';
import { sessionEndsAt, type IssuedSession } from './sessions';
import { nowMs } from '../../lib/clock';

export const REFRESH_COOKIE = 'encore_refresh';
export const EXPIRES_COOKIE = 'encore_expires_at';
export const SESSION_ENDS_COOKIE = 'encore_session_ends_at';
export const REFRESH_PATH = '/api/v3/auth/refresh_token';

export interface CookieSpec {
  name: string;
  value: string;
  options: { httpOnly: boolean; sameSite: 'lax' | 'strict'; secure: boolean; path: string; maxAge: number };
}

export function sessionCookieOptions(secureRequest: boolean, maxAge: number = config.accessTokenTtlSec) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever served over https (directly or per PUBLIC_URL / COOKIE_SECURE).
    secure: config.secureCookies || secureRequest,
    path: '/',
    maxAge,
  };
}

/** The cookies that carry an issued session (set them all, in this order). */
export function authCookies(issued: IssuedSession, secureRequest: boolean): CookieSpec[] {
  const secure = config.secureCookies || secureRequest;
  const t = nowMs();
  const accessAge = Math.max(1, Math.round((issued.session.expiresAt.getTime() - t) / 1000));
  const out: CookieSpec[] = [
    { name: SESSION_COOKIE, value: issued.accessToken, options: sessionCookieOptions(secureRequest, accessAge) },
    { name: EXPIRES_COOKIE, value: String(issued.session.expiresAt.getTime()), options: { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: accessAge } },
  ];
  const endsAt = sessionEndsAt(issued.session);
  const endsAge = Math.max(1, Math.round((endsAt.getTime() - t) / 1000));
  out.push({ name: SESSION_ENDS_COOKIE, value: String(endsAt.getTime()), options: { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: endsAge } });
  if (issued.refreshToken && issued.session.refreshExpiresAt) {
    const refreshAge = Math.max(1, Math.round((issued.session.refreshExpiresAt.getTime() - t) / 1000));
    out.push({ name: REFRESH_COOKIE, value: issued.refreshToken, options: { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_PATH, maxAge: refreshAge } });
  }
  return out;
}

/** Cookies to clear at logout or when a session ended. */
export const CLEARED_COOKIES: { name: string; path: string }[] = [
  { name: SESSION_COOKIE, path: '/' },
  { name: EXPIRES_COOKIE, path: '/' },
  { name: SESSION_ENDS_COOKIE, path: '/' },
  { name: REFRESH_COOKIE, path: REFRESH_PATH },
];

// A remembered device (issue 3 §2) also travels as an HttpOnly cookie, so the sign-in form works
// without JavaScript too and the keys are out of reach of page scripts. 30 days, like the device.
export const DEVICE_COOKIE = 'encore_device';
export const DEVICE_COOKIE_MAX_AGE = 30 * 24 * 3600;

export function deviceCookie(device: { deviceKey: string; deviceGroupKey: string }, secureRequest: boolean): CookieSpec {
  return {
    name: DEVICE_COOKIE,
    value: `${device.deviceKey}.${device.deviceGroupKey}`,
    options: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies || secureRequest, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE },
  };
}

/** The device keys of the cookie, if it holds a well-formed pair. */
export function parseDeviceCookie(value: string | undefined | null): { device_key: string; device_group_key: string } | null {
  const m = value?.match(/^(dev_[\w-]{10,64})\.(grp_[\w-]{10,64})$/);
  return m ? { device_key: m[1], device_group_key: m[2] } : null;
}
