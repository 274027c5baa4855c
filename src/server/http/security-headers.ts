// Headers a <meta> CSP cannot carry (STACK.md trap): frame-ancestors, nosniff, referrer policy,
// HSTS when served over https; and the caching of what the console renders. Astro's security.csp
// hashes the page's own scripts and styles.
import { config } from '../config';

/** Hashed build assets: the adapter serves them with immutable caching, which must stay. */
const HASHED_ASSETS = /^\/_astro\//;

/**
 * The Cache-Control a rendered response gets: pages (signed in or public) carry a user's data or
 * a form, so neither the browser's back-forward cache on a shared machine nor a proxy may keep
 * them — `no-store`, as the API answers. A response that chose its own caching (the spreadsheet
 * templates) keeps it, and hashed assets are never touched. null: leave the header as it is.
 */
export function cacheControlFor(pathname: string, current: string | null): string | null {
  if (HASHED_ASSETS.test(pathname) || current) return null;
  return 'no-store';
}

export function applySecurityHeaders(res: Response, url: URL): Response {
  try {
    // Astro's security.csp may already have put the page's policy (script/style hashes) in this
    // header (@astrojs/node sends it as a header, not a <meta>): extend it, never replace it.
    const csp = res.headers.get('Content-Security-Policy');
    if (!csp) res.headers.set('Content-Security-Policy', "frame-ancestors 'none'");
    else if (!/frame-ancestors/i.test(csp)) res.headers.set('Content-Security-Policy', `${csp.replace(/[\s;]+$/, '')}; frame-ancestors 'none'`);
    // Astro sends pages as bare "text/html": say the charset, so no browser or proxy guesses it.
    if (res.headers.get('Content-Type')?.trim().toLowerCase() === 'text/html') res.headers.set('Content-Type', 'text/html; charset=utf-8');
    res.headers.set('X-Frame-Options', 'DENY');
    res.headers.set('X-Content-Type-Options', 'nosniff');
    res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    const cache = cacheControlFor(url.pathname, res.headers.get('Cache-Control'));
    if (cache) res.headers.set('Cache-Control', cache);
    if (url.protocol === 'https:' || config.secureCookies) {
      res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    return res;
  } catch {
    // Responses with immutable headers (e.g. redirects built by fetch) are passed through.
    return res;
  }
}
