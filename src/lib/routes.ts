// The route table of spec 1 §2.1: one row per route, with the permission and feature flag it
// needs. The middleware guard, the sidebar and the tests all read this table.
import type { FeatureName, PermissionName } from './constants';

export interface RouteDef {
  /** Path pattern; `:name` matches one segment. */
  pattern: string;
  /** i18n key (namespace common) of the page title. */
  titleKey: string;
  permission?: PermissionName;
  feature?: FeatureName;
  public?: boolean;
}

export const ROUTES: RouteDef[] = [
  { pattern: '/', titleKey: 'nav.dashboard', permission: 'dashboard' },
  { pattern: '/events', titleKey: 'nav.events', permission: 'lookout' },
  { pattern: '/events/edit/:eid', titleKey: 'nav.eventEdit', permission: 'simulation' },
  { pattern: '/events/:eventId', titleKey: 'nav.events', permission: 'lookout' },
  { pattern: '/events/:eventId/update-sales/:mode', titleKey: 'nav.updateSales', permission: 'sales' },
  { pattern: '/campaigns', titleKey: 'nav.campaigns', permission: 'wave' },
  { pattern: '/campaigns/edit/:eid', titleKey: 'nav.eventEdit', permission: 'simulation' },
  { pattern: '/campaigns/:id', titleKey: 'nav.campaigns', permission: 'wave' },
  { pattern: '/campaigns/:id/itc', titleKey: 'nav.campaigns', permission: 'wave' },
  { pattern: '/simulation', titleKey: 'nav.simulation', permission: 'simulation' },
  { pattern: '/add-multi-events', titleKey: 'nav.simulation', permission: 'simulation' },
  { pattern: '/package-builder', titleKey: 'nav.packageBuilder', permission: 'backhaul', feature: 'package-builder' },
  { pattern: '/package-builder/create', titleKey: 'nav.packageBuilder', permission: 'backhaul', feature: 'package-builder' },
  { pattern: '/package-builder/results/:packageId', titleKey: 'nav.packageBuilder', permission: 'backhaul', feature: 'package-builder' },
  { pattern: '/sentinel', titleKey: 'nav.sentinel', permission: 'sentinel' },
  { pattern: '/sentinel/results/:id', titleKey: 'nav.sentinel', permission: 'sentinel' },
  { pattern: '/settings', titleKey: 'nav.settings', permission: 'settings' },
  { pattern: '/notifications', titleKey: 'nav.notifications' },
  { pattern: '/notifications/:id', titleKey: 'nav.notifications' },
  { pattern: '/fileUpload', titleKey: 'nav.fileUpload' },
  // public routes
  { pattern: '/login', titleKey: 'login.title', public: true },
  { pattern: '/setpassword', titleKey: 'auth.setPassword.title', public: true },
  { pattern: '/setup-mfa', titleKey: 'auth.setupMfa.title', public: true },
  { pattern: '/mfa', titleKey: 'auth.mfa.title', public: true },
  { pattern: '/forgot-password', titleKey: 'auth.forgotPassword.title', public: true },
  { pattern: '/partners/:partnerId/register', titleKey: 'auth.register.title', public: true },
  { pattern: '/update-user/:partnerId', titleKey: 'auth.updateUser.title', public: true },
  { pattern: '/fb-callback', titleKey: 'meta.callback.title', public: true },
  { pattern: '/:language/meta', titleKey: 'meta.title', public: true },
  { pattern: '/:language/meta-anonymous', titleKey: 'meta.title', public: true },
  { pattern: '/404', titleKey: 'notFound.title', public: true },
];

/** Menu entries of the sidebar in display order (spec 1 §2.3); hidden when the permission is missing. */
export const MENU: { href: string; labelKey: string; icon: string; permission: PermissionName; feature?: FeatureName }[] = [
  { href: '/', labelKey: 'nav.dashboard', icon: 'home', permission: 'dashboard' },
  { href: '/events', labelKey: 'nav.events', icon: 'chart', permission: 'lookout' },
  { href: '/campaigns', labelKey: 'nav.campaigns', icon: 'megaphone', permission: 'wave' },
  { href: '/simulation', labelKey: 'nav.simulation', icon: 'plus', permission: 'simulation' },
  { href: '/package-builder', labelKey: 'nav.packageBuilder', icon: 'package', permission: 'backhaul', feature: 'package-builder' },
  { href: '/sentinel', labelKey: 'nav.sentinel', icon: 'sparkle', permission: 'sentinel' },
];

/**
 * A path segment's value. On the server Astro hands the middleware and the pages a pathname it has
 * already decoded (`/events/100%25` arrives as `/events/100%`), in the browser `location.pathname`
 * is still encoded; so decode when the segment is valid percent-encoding and keep it as it is when
 * not — a `%` that decodes to nothing is data, never a thrown URIError (which was a 500 on every
 * parameter page).
 */
function segmentValue(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname;
}

/** The route a path belongs to, with its parameters; undefined for an unknown path (404). */
export function matchRoute(pathname: string): { route: RouteDef; params: Record<string, string> } | undefined {
  const parts = normalise(pathname).split('/').filter(Boolean);
  // Literal segments win over parameters (so /events/edit/1 is not /events/:eventId/…).
  let best: { route: RouteDef; params: Record<string, string>; score: number } | undefined;
  for (const route of ROUTES) {
    const pat = route.pattern.split('/').filter(Boolean);
    if (pat.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pat.length; i++) {
      if (pat[i].startsWith(':')) {
        params[pat[i].slice(1)] = segmentValue(parts[i]);
      } else if (pat[i] === parts[i]) {
        score += 1;
      } else {
        ok = false;
        break;
      }
    }
    if (route.pattern === '/:language/meta' || route.pattern === '/:language/meta-anonymous') {
      if (ok && !['en', 'de'].includes(params.language)) ok = false;
    }
    if (ok && (!best || score > best.score)) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

export interface GuardSubject {
  loggedIn: boolean;
  partnerId: number | null;
  accessLevel: string | null;
  permissions: Partial<Record<PermissionName, boolean>>;
  features: Partial<Record<FeatureName, boolean>>;
  needsUpdate: boolean;
  mfaSetupRequired: boolean;
}

/**
 * spec 1 §2.2 access guard: where a request for `pathname` must go instead, or null to render.
 * Public routes render for everyone; the MFA and update-details redirects come before permissions.
 */
export function guard(pathname: string, who: GuardSubject): string | null {
  return guardRoute(matchRoute(pathname)?.route, who);
}

/**
 * The row of the page Astro renders, by the route pattern Astro names it with (`/events/[eventId]`,
 * `/events`, `/[language]/meta`); undefined for a page the table does not list (the 404 page, downloads).
 */
export function routeOfPattern(astroPattern: string): RouteDef | undefined {
  const pattern = normalise(astroPattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, ':$1')) || '/';
  return ROUTES.find((r) => r.pattern === pattern);
}

/** guard() for a route already known (the middleware knows the one Astro matched). */
export function guardRoute(route: RouteDef | undefined, who: GuardSubject): string | null {
  if (!route) return null; // the 404 page renders
  if (route.public) return null;
  if (!who.loggedIn || !who.accessLevel || who.partnerId == null) return '/login';
  if (who.mfaSetupRequired) return '/setup-mfa';
  if (who.needsUpdate) return `/update-user/${who.partnerId}`;
  const allowed =
    (!route.permission || who.permissions[route.permission] === true) &&
    (!route.feature || who.features[route.feature] === true);
  if (!allowed) return route.pattern === '/' ? '/login' : '/';
  return null;
}

/** The first page a signed-in user may open: the dashboard, or the first menu entry they hold. */
export function homeFor(who: Pick<GuardSubject, 'permissions' | 'features'>): string {
  for (const item of MENU) {
    if (who.permissions[item.permission] && (!item.feature || who.features[item.feature])) return item.href;
  }
  // Notifications need no permission, so even a user without modules lands somewhere real.
  return who.permissions.settings ? '/settings' : '/notifications';
}
