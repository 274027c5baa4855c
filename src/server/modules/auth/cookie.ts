// The session cookie's attributes, one definition for the API (Hono) and the pages (Astro).
import { config } from '../../config';

export function sessionCookieOptions(secureRequest: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever served over https (directly or per PUBLIC_URL / COOKIE_SECURE).
    secure: config.secureCookies || secureRequest,
    path: '/',
    maxAge: config.sessionTtlSec,
  };
}
