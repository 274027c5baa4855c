// CSRF protection of cookie-authenticated writes (issue 3 §6, ASVS 3.5), and the one origin rule
// the pages use too (src/middleware.ts): Astro's own checkOrigin is off (astro.config.mjs),
// because it answered bearer clients without an Origin header (body-less POST/DELETE, multipart
// uploads) with a plain-text 403 before this guard could run.
//
// An unsafe request must come from our own origin, as the browser says in Sec-Fetch-Site or, for
// older browsers, Origin. On the API, bearer requests carry no ambient credential and are exempt,
// and clients sending neither header (curl, server-side) are not browsers and cannot be forged
// into sending our cookies. Pages (strict) have no bearer clients: a write that names no origin
// at all is refused there, as Astro's check did. SameSite=Lax cookies are the second line.
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/errors';
import { bearerToken } from '../modules/auth/resolve';
import { config } from '../config';
import type { Env } from './env';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function allowedOrigins(requestUrl: string): Set<string> {
  const out = new Set([new URL(requestUrl).origin]);
  if (config.publicUrl) out.add(new URL(config.publicUrl).origin);
  return out;
}

/**
 * Whether an unsafe request comes from another site. `strict` (pages): a request without
 * Sec-Fetch-Site and Origin counts as cross-site; otherwise (API) it is a non-browser client.
 */
export function isCrossSiteWrite(
  method: string,
  headers: { get(name: string): string | null | undefined },
  requestUrl: string,
  { strict }: { strict: boolean },
): boolean {
  if (SAFE.has(method.toUpperCase())) return false;
  const site = headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  if (origin) return !allowedOrigins(requestUrl).has(origin);
  return strict;
}

export const csrfGuard = createMiddleware<Env>(async (c, next) => {
  if (SAFE.has(c.req.method) || bearerToken(c.req.header('authorization'))) return next();
  if (isCrossSiteWrite(c.req.method, c.req.raw.headers, c.req.url, { strict: false })) {
    throw new AppError(403, 'error.auth.csrf', 'Request refused: it did not come from this site.');
  }
  return next();
});
