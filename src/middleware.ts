// Every page request: the origin check of page writes, who is signed in (session cookie →
// Astro.locals.viewer), which language, and the route guard of spec 1 §2.2 from src/lib/routes.ts.
// The API (/api/*) guards itself (its CSRF guard applies the same origin rule).
import { defineMiddleware } from 'astro:middleware';
import { guard, guardRoute, homeFor, matchRoute, routeOfPattern } from './lib/routes';
import { LANGUAGE_COOKIE, PROFILE_LANGUAGE_COOKIE, SESSION_COOKIE } from './lib/constants';
import { boot } from './server/boot';
import { getDb } from './server/db/client';
import { resolveViewer } from './server/modules/auth/resolve';
import { isLanguage, pickLanguage } from './lib/i18n/language';
import { applySecurityHeaders } from './server/http/security-headers';
import { isCrossSiteWrite } from './server/api/csrf';

const UNGUARDED = /^\/(api|_astro|_image|locales|favicon|assets|healthz|readyz)\b/;

export const onRequest = defineMiddleware(async (ctx, next) => {
  const { pathname } = ctx.url;
  if (pathname.startsWith('/api/')) return applySecurityHeaders(await next(), ctx.url);
  // Astro's checkOrigin is off (astro.config.mjs): a page write (the login form, POST /logout)
  // from another site, or naming no origin at all, is refused here.
  if (isCrossSiteWrite(ctx.request.method, ctx.request.headers, ctx.url.href, { strict: true })) {
    return applySecurityHeaders(new Response('Cross-site form submissions are forbidden', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }), ctx.url);
  }
  if (UNGUARDED.test(pathname)) return next();

  await boot();
  const token = ctx.cookies.get(SESSION_COOKIE)?.value;
  const viewer = token ? await resolveViewer(await getDb(), { cookieToken: token }).catch(() => null) : null;
  ctx.locals.viewer = viewer;
  const rememberedProfile = ctx.cookies.get(PROFILE_LANGUAGE_COOKIE)?.value;
  ctx.locals.language = pickLanguage(ctx.cookies.get(LANGUAGE_COOKIE)?.value, viewer?.language, ctx.request.headers.get('accept-language'), rememberedProfile);
  // Remember the signed-in user's profile language for the signed-out pages of this browser.
  if (viewer && isLanguage(viewer.language) && rememberedProfile !== viewer.language) {
    ctx.cookies.set(PROFILE_LANGUAGE_COOKIE, viewer.language, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax', httpOnly: true, secure: ctx.url.protocol === 'https:' });
  }

  const who = {
    loggedIn: viewer !== null,
    partnerId: viewer?.partner?.id ?? null,
    accessLevel: viewer?.accessLevel ?? null,
    permissions: viewer?.permissions ?? {},
    features: viewer?.features ?? {},
    needsUpdate: viewer?.needsUpdate ?? false,
    mfaSetupRequired: viewer?.mfaSetupRequired ?? false,
  };
  // Guard the page Astro will render, named by its route pattern, not a re-parse of the pathname:
  // the URL Astro hands us is normalised (decoded, `\` turned into `/`, slashes collapsed), so for
  // /events/%5C/update-sales/x the pathname matched no row while Astro rendered the protected page
  // (anonymous 200s and 500s, found by the page fuzz).
  let target = guardRoute(ctx.routePattern ? routeOfPattern(ctx.routePattern) : matchRoute(pathname)?.route, who);
  // spec 1 §2.2 sends a user without the dashboard from / to /login, and /login sends a signed-in
  // user home; collapse that chain into one redirect to the first page the user may open.
  const signedIn = who.loggedIn && who.partnerId !== null && who.accessLevel !== null;
  if (signedIn && (target === '/login' || (target === '/' && guard('/', who) !== null))) target = homeFor(who);
  if (target && target !== pathname) {
    const to = target === '/login' && pathname !== '/' ? `/login?next=${encodeURIComponent(pathname + ctx.url.search)}` : target;
    return applySecurityHeaders(ctx.redirect(to, 302), ctx.url);
  }
  return applySecurityHeaders(await next(), ctx.url);
});
