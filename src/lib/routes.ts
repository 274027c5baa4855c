// The route table of spec 1 §2.1: one row per route, with the permission and feature flag it
// needs, and the API's table of the same rules (API_RULES). The page guard, the sidebar, the
// API's access middleware (src/server/api/middleware.ts requireAccess), the pages that hide a
// control and the tests all read these tables, so a page and the calls behind it cannot disagree.
import type { FeatureName, PermissionName } from './constants';

/** What a page or a call needs (spec 1 §6). Every part given must hold. */
export interface AccessRule {
  permission?: PermissionName;
  /** At least one of these permissions (the first is named when none is held). */
  anyPermission?: readonly PermissionName[];
  /** A feature flag that must be on. */
  feature?: FeatureName;
  /** A feature flag that takes the thing away when on (spec 3: `simple-user` hides sales import/export). */
  hiddenBy?: FeatureName;
}

export interface RouteDef extends AccessRule {
  /** Path pattern; `:name` matches one segment. */
  pattern: string;
  /** i18n key (namespace common) of the page title. */
  titleKey: string;
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
  // spec 3 "Routes": /simulation redirects to / without the simulation feature, the bulk upload
  // page without its flag (the guard sends a refused page to /).
  { pattern: '/simulation', titleKey: 'nav.simulation', permission: 'simulation', feature: 'event.simulation' },
  { pattern: '/add-multi-events', titleKey: 'nav.simulation', permission: 'simulation', feature: 'events.bulk-upload' },
  { pattern: '/package-builder', titleKey: 'nav.packageBuilder', permission: 'backhaul', feature: 'package-builder' },
  { pattern: '/package-builder/create', titleKey: 'nav.packageCreate', permission: 'backhaul', feature: 'package-builder' },
  { pattern: '/package-builder/results/:packageId', titleKey: 'nav.packageBuilder', permission: 'backhaul', feature: 'package-builder' },
  // spec 3 "Routes": the results with a variation open (slug: its title lowercased, spaces to hyphens).
  { pattern: '/package-builder/results/:packageId/:slug', titleKey: 'nav.packageBuilder', permission: 'backhaul', feature: 'package-builder' },
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
  // Issue 13: the sandbox's stand-in for Meta's login dialog (opened in the login popup).
  { pattern: '/sandbox/meta/oauth', titleKey: 'meta.consent.title', public: true },
  { pattern: '/:language/meta', titleKey: 'meta.title', public: true },
  { pattern: '/:language/meta-anonymous', titleKey: 'meta.title', public: true },
  { pattern: '/404', titleKey: 'notFound.title', public: true },
];

/** Menu entries of the sidebar in display order (spec 1 §2.3); hidden when the permission is missing. */
export const MENU: { href: string; labelKey: string; icon: string; permission: PermissionName; feature?: FeatureName }[] = [
  { href: '/', labelKey: 'nav.dashboard', icon: 'home', permission: 'dashboard' },
  { href: '/events', labelKey: 'nav.events', icon: 'chart', permission: 'lookout' },
  { href: '/campaigns', labelKey: 'nav.campaigns', icon: 'megaphone', permission: 'wave' },
  { href: '/simulation', labelKey: 'nav.simulation', icon: 'plus', permission: 'simulation', feature: 'event.simulation' },
  { href: '/package-builder', labelKey: 'nav.packageBuilder', icon: 'package', permission: 'backhaul', feature: 'package-builder' },
  { href: '/sentinel', labelKey: 'nav.sentinel', icon: 'sparkle', permission: 'sentinel' },
];

/** The access rule of a page of ROUTES (so an API rule or a link can say "what this page needs"). */
export function pageRule(pattern: string): AccessRule {
  const route = ROUTES.find((r) => r.pattern === pattern);
  if (!route) throw new Error(`No route ${pattern}`);
  return { permission: route.permission, feature: route.feature, hiddenBy: route.hiddenBy };
}

/** Not a page: a control of a page that the same rule shows or hides (and the calls behind it). */
export const CONTROL_RULES = {
  /** spec 3 "Events page actions": export and import of sales; the simple user type sees neither. */
  salesImportExport: { permission: 'sales', hiddenBy: 'simple-user' },
} as const satisfies Record<string, AccessRule>;

export interface ApiRule extends AccessRule {
  /** Path under the origin; `:name` matches one segment, a trailing `/*` any rest (none included). */
  pattern: string;
  /** The methods it covers; all when absent. */
  methods?: readonly string[];
  /** Paths (same pattern syntax) the rule leaves to other rules, e.g. a module's calls under another's prefix. */
  except?: readonly string[];
}

/** The setup wizard's lookups under the connect path (spec 2 §7 "Assets and lookups"). */
const META_LOOKUPS = [
  '/api/v3/integrations/connect/facebook/assets/ad_accounts/:id/audiences',
  '/api/v3/integrations/connect/facebook/assets/ad_accounts/:id/conversions',
  '/api/v3/integrations/connect/facebook/assets/ad_accounts/:id/conversions/:conversionId',
  '/api/v3/integrations/connect/facebook/assets/lead_forms',
  // Issue 14: the creative form's AI copy (spec 2 §7 "Generation and geo").
  '/api/v3/integrations/openai/gpt-4.1/generate_creatives',
  // spec 2 §7: the page name and picture of the ad previews.
  '/api/v3/integrations/facebook/page_infos',
  // Issue 22: a running campaign's figures (spec 2 §7 "Insights and results").
  '/api/v3/integrations/facebook/events/:id/fb_insights',
  '/api/v3/integrations/facebook/events/:id/campaign_results',
] as const;

/** Issue 22: the campaign's own calls under /events (spec 2 §7 "Event-level"), a wave matter. */
const CAMPAIGN_EVENT_CALLS = [
  '/api/v3/events/:id/attribution_model',
  // spec 2 §4 "Campaign status": the status and optimisation switches and their task.
  '/api/v3/events/:id/client_campaign_status',
  '/api/v3/events/:id/client_campaign_status/task',
  '/api/v3/events/:id/campaign_optimisation_status',
] as const;

/**
 * The setup wizard's Accounts step reads the enabled assets and checks the chosen ones with Meta
 * (spec 2 §2, §7): both read only, so a wave user without settings may use them too.
 */
const WIZARD_ASSET_READS = [
  { pattern: '/api/v3/integrations/connect/facebook/assets', methods: ['GET'] },
  { pattern: '/api/v3/integrations/connect/facebook/assets/enrich', methods: ['POST'] },
] as const;

/**
 * The API's half of spec 1 §6. Every rule matching a request must hold, in this order (the first
 * one missing is the 403's error_subcode). A module's calls need the module's permission
 * whatever the route (ARCHITECTURE §3 "API paths are the spec's"); single calls add what their
 * page or control needs, taken from the page table above.
 */
export const API_RULES: readonly ApiRule[] = [
  // Reading events serves both paths (spec 2 §6: "the lookout flag picks the events or campaigns
  // path"): the campaigns screens show the same event header, insights and sales for wave users.
  { pattern: '/api/v3/events/*', methods: ['GET'], anyPermission: ['lookout', 'wave'] },
  { pattern: '/api/v3/events/*', methods: ['POST', 'PUT', 'PATCH', 'DELETE'], permission: 'lookout', except: [...CAMPAIGN_EVENT_CALLS] },
  ...CAMPAIGN_EVENT_CALLS.map((pattern) => ({ pattern, permission: 'wave' as const })),
  // spec 2 §7: the budget range and a setup's defaults serve the campaign setup only.
  { pattern: '/api/v3/events/:id/budget_min_max', methods: ['GET'], permission: 'wave' },
  { pattern: '/api/v3/events/:id/default_campaigns_parameters', methods: ['GET'], permission: 'wave' },
  { pattern: '/api/v3/daily_revenue_summary/*', methods: ['GET'], anyPermission: ['lookout', 'wave'] },
  { pattern: '/api/v3/daily_revenue_summary/*', methods: ['POST', 'PUT', 'PATCH', 'DELETE'], permission: 'lookout' },
  { pattern: '/api/v3/sales/*', permission: 'sales' },
  { pattern: '/api/v3/ingest/*', permission: 'sales' },
  { pattern: '/api/v3/simulation/*', permission: 'simulation' },
  { pattern: '/api/v3/campaigns/*', permission: 'wave' },
  // spec 2 §7: a running campaign's creative edit.
  { pattern: '/api/v3/campaigns_setup', permission: 'wave' },
  { pattern: '/api/v3/airflow_dag/*', permission: 'wave' },
  { pattern: '/api/v3/fb_targeting/*', permission: 'wave' },
  // spec 3 §7 package builder: its calls live under /package_builder (ARCHITECTURE §3), and the
  // wizard's customer ID matching is POST /customers/ (spec 3 §4), beside Sentinel's customer reads.
  { pattern: '/api/v3/package_builder/*', ...pageRule('/package-builder') },
  { pattern: '/api/v3/customers', methods: ['POST'], ...pageRule('/package-builder') },
  // spec 3 §7 Sentinel: the questions and the customer detail the answers open.
  { pattern: '/api/v3/nlq', permission: 'sentinel' },
  { pattern: '/api/v3/nlq/*', permission: 'sentinel' },
  { pattern: '/api/v3/customers/*', permission: 'sentinel', except: ['/api/v3/customers'] },
  // Issue 23, spec 3 §7: secrets are a settings matter; the CRM export is the module's whose
  // results it sends (Sentinel answers, package variations); the supported CRMs serve all three.
  { pattern: '/api/v3/secrets', permission: 'settings' },
  { pattern: '/api/v3/secrets/*', permission: 'settings' },
  { pattern: '/api/v3/crm/*', anyPermission: ['settings', 'sentinel', 'backhaul'] },
  { pattern: '/api/v3/crm/export/nlq', permission: 'sentinel' },
  { pattern: '/api/v3/crm/export/package', permission: 'backhaul', feature: 'package-builder' },
  { pattern: '/api/v3/crm/export/nlq/preview', permission: 'sentinel' },
  { pattern: '/api/v3/crm/export/package/preview', permission: 'backhaul', feature: 'package-builder' },
  // spec 2 §7: the wizard's asset lookups live under the connect path but serve the campaigns
  // wizard (ARCHITECTURE §3: "the connection is a settings matter, the insights a wave one").
  { pattern: '/api/v3/integrations/*', methods: ['GET'], permission: 'settings', except: [...META_LOOKUPS, WIZARD_ASSET_READS[0].pattern] },
  { pattern: '/api/v3/integrations/*', methods: ['POST', 'PUT', 'PATCH', 'DELETE'], permission: 'settings', except: [WIZARD_ASSET_READS[1].pattern] },
  ...META_LOOKUPS.map((pattern) => ({ pattern, methods: ['GET'], permission: 'wave' as const })),
  ...WIZARD_ASSET_READS.map((r) => ({ ...r, anyPermission: ['settings', 'wave'] as const })),
  { pattern: '/api/v3/setup_processes/*', permission: 'wave' },
  { pattern: '/api/v3/setup_processes', permission: 'wave' },
  // spec 2 §7 Reports: topic-keyword reports of the setup's creative form.
  { pattern: '/api/v3/user_reports', permission: 'wave' },
  { pattern: '/api/v3/user_reports/*', permission: 'wave' },
  // Issue 14: campaign media (thumbnails and ad previews of the setup wizard) are a wave matter.
  { pattern: '/api/v3/storage/media/*', methods: ['GET'], permission: 'wave' },
  // Issue 13: a shared link to connect Meta is a settings matter like the connection itself.
  { pattern: '/api/v3/auth/anonymous/authorize', methods: ['POST'], permission: 'settings' },
  { pattern: '/api/v3/partners/attribution_model/*', permission: 'settings' },
  { pattern: '/api/v3/partners/registration/*', permission: 'settings' },
  // Issue 25: the partner's country and region, whose public holidays the demand forecast reads.
  { pattern: '/api/v3/partners/calendar/*', permission: 'settings' },
  // Issue 12: importing the partner's ticketing history (settings #system).
  { pattern: '/api/v3/partners/history_import/*', permission: 'settings' },
  // The campaign-side service serves the campaigns module (spec 2).
  { pattern: '/api/campaign/*', permission: 'wave' },
  // Issue 22: the campaign report (spec 2 §2), a wave matter like the statistics it prints.
  { pattern: '/api/campaign/events/:id/report.pdf', methods: ['GET'], permission: 'wave' },
  // spec 3 §7: creating an event is what /simulation does; the bulk upload is /add-multi-events'
  // call; editing an event is the editor pages' (simulation permission, no flag).
  { pattern: '/api/v3/events', methods: ['POST'], ...pageRule('/simulation') },
  { pattern: '/api/v3/events/bulk_upload', methods: ['POST'], ...pageRule('/add-multi-events') },
  { pattern: '/api/v3/events/:id', methods: ['PUT'], ...pageRule('/events/edit/:eid') },
  { pattern: '/api/v3/daily_revenue_summary/sales_edit_export', ...CONTROL_RULES.salesImportExport },
];

type AccessSubject = Pick<GuardSubject, 'permissions' | 'features'>;

/** The first requirement of `rule` that `who` lacks (a permission or flag name), or null when allowed. */
export function missingAccess(rule: AccessRule, who: AccessSubject): PermissionName | FeatureName | null {
  if (rule.permission && who.permissions[rule.permission] !== true) return rule.permission;
  if (rule.anyPermission && !rule.anyPermission.some((p) => who.permissions[p] === true)) return rule.anyPermission[0]!;
  if (rule.feature && who.features[rule.feature] !== true) return rule.feature;
  if (rule.hiddenBy && who.features[rule.hiddenBy] === true) return rule.hiddenBy;
  return null;
}

export const allows = (rule: AccessRule, who: AccessSubject): boolean => missingAccess(rule, who) === null;

const segments = (path: string) => path.split('/').filter(Boolean);

function apiPatternMatches(pattern: string, parts: string[]): boolean {
  const pat = segments(pattern);
  const rest = pat.at(-1) === '*';
  if (rest) pat.pop();
  if (rest ? parts.length < pat.length : parts.length !== pat.length) return false;
  return pat.every((p, i) => p.startsWith(':') || p === parts[i]);
}

/** The rules of API_RULES that apply to a request, in table order. */
export function apiRulesFor(method: string, path: string): ApiRule[] {
  const parts = segments(path);
  const m = method.toUpperCase();
  return API_RULES.filter((r) => (!r.methods || r.methods.includes(m)) && apiPatternMatches(r.pattern, parts) && !r.except?.some((e) => apiPatternMatches(e, parts)));
}

/** What `who` lacks for this call (the first missing permission or flag), or null when allowed. */
export function missingApiAccess(method: string, path: string, who: AccessSubject): PermissionName | FeatureName | null {
  for (const rule of apiRulesFor(method, path)) {
    const missing = missingAccess(rule, who);
    if (missing) return missing;
  }
  return null;
}

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
  if (!allows(route, who)) return route.pattern === '/' ? '/login' : '/';
  return null;
}

/** The first page a signed-in user may open: the dashboard, or the first menu entry they hold. */
export function homeFor(who: Pick<GuardSubject, 'permissions' | 'features'>): string {
  for (const item of MENU) {
    if (allows(item, who)) return item.href;
  }
  // Notifications need no permission, so even a user without modules lands somewhere real.
  return who.permissions.settings ? '/settings' : '/notifications';
}
