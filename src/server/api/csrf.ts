// CSRF protection of cookie-authenticated writes (issue 3 §6, ASVS 3.5): an unsafe request that
// is not a bearer request must come from our own origin, as the browser says in Sec-Fetch-Site
// or, for older browsers, Origin. Bearer requests carry no ambient credential and are exempt;
// clients without either header (curl, server-side) are not browsers and cannot be forged into
// sending our cookies. SameSite=Lax cookies are the second line.
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

export const csrfGuard = createMiddleware<Env>(async (c, next) => {
  if (SAFE.has(c.req.method) || bearerToken(c.req.header('authorization'))) return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const crossSite = site ? site !== 'same-origin' && site !== 'none' : origin ? !allowedOrigins(c.req.url).has(origin) : false;
  if (crossSite) throw new AppError(403, 'error.auth.csrf', 'Request refused: it did not come from this site.');
  return next();
});
