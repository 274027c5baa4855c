// spec 1 §2.1 route table and §2.2 access guard.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allows, apiRulesFor, API_RULES, CONTROL_RULES, guard, guardRoute, homeFor, matchRoute, missingApiAccess, pageRule, routeOfPattern, ROUTES, type GuardSubject } from '../../../src/lib/routes';
import fs from 'node:fs';
import path from 'node:path';
import { PERMISSIONS } from '../../../src/lib/constants';

const all = Object.fromEntries(PERMISSIONS.map((p) => [p, true]));
const admin: GuardSubject = {
  loggedIn: true,
  partnerId: 1001,
  accessLevel: 'webapp-access-group-1',
  permissions: all,
  features: { 'package-builder': true },
  needsUpdate: false,
  mfaSetupRequired: false,
};
const analyst: GuardSubject = { ...admin, permissions: { lookout: true, sales: true }, features: {} };
const anonymous: GuardSubject = { ...admin, loggedIn: false, partnerId: null, accessLevel: null, permissions: {} };

describe('matchRoute', () => {
  it('matches every route of the table, with parameters', () => {
    expect(matchRoute('/events/e1001-00001')?.params).toEqual({ eventId: 'e1001-00001' });
    expect(matchRoute('/events/edit/42')?.route.permission).toBe('simulation');
    expect(matchRoute('/events/e1/update-sales/SALESSUMMARY')?.route.permission).toBe('sales');
    expect(matchRoute('/campaigns/7/itc')?.route.pattern).toBe('/campaigns/:id/itc');
    expect(matchRoute('/campaigns/')?.route.pattern).toBe('/campaigns');
    expect(matchRoute('/partners/1001/register')?.route.public).toBe(true);
  });

  it('never throws on a segment that is not valid percent-encoding (Astro hands it over decoded)', () => {
    // /events/100%25 reaches the middleware as /events/100%: a second decode threw URIError (a 500).
    expect(matchRoute('/events/100%')?.params).toEqual({ eventId: '100%' });
    expect(matchRoute('/partners/%/register')?.route.pattern).toBe('/partners/:partnerId/register');
    expect(matchRoute('/update-user/%E0%A4%A')?.params).toEqual({ partnerId: '%E0%A4%A' });
    expect(matchRoute('/events/a%2Fb')?.params).toEqual({ eventId: 'a/b' });
    fc.assert(fc.property(fc.string(), (s) => void guard(`/events/${s.replaceAll('/', '')}`, anonymous)));
  });

  it('finds the row of the page Astro renders by its route pattern', () => {
    for (const r of ROUTES) expect(routeOfPattern(r.pattern.replace(/:(\w+)/g, '[$1]'))?.pattern, r.pattern).toBe(r.pattern);
    expect(routeOfPattern('/events/[eventId]/update-sales/[mode]')?.permission).toBe('sales');
    expect(routeOfPattern('/dev/mailbox')).toBeUndefined();
    // /events/%5C/update-sales/x: Astro renders the sales page while its normalised pathname matches no row.
    expect(guardRoute(routeOfPattern('/events/[eventId]/update-sales/[mode]'), anonymous)).toBe('/login');
    expect(guard('/events/update-sales/sales_summary', anonymous)).toBeNull();
  });

  it('has a row for every page file, so the middleware guards every page (listed exceptions guard themselves)', () => {
    const SELF_GUARDED = ['/dev/mailbox', '/logout', '/downloads/events_template_eu.xlsx', '/downloads/events_template_us.xlsx', '/downloads/sales_template.xlsx', '/healthz', '/readyz'];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        // Astro routes no file whose name starts with "_" (page helpers such as events/_first-page.ts).
        else if (!e.name.startsWith('_')) files.push(path.relative('src/pages', full));
      }
    };
    walk('src/pages');
    const patterns = files
      .map((f) => `/${f.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
      .filter((p) => !p.startsWith('/api/'));
    const unguarded = patterns.filter((p) => !routeOfPattern(p) && !SELF_GUARDED.includes(p));
    expect(unguarded).toEqual([]);
  });

  it('knows /{language}/meta only for en and de', () => {
    expect(matchRoute('/de/meta')?.route.public).toBe(true);
    expect(matchRoute('/en/meta-anonymous')?.route.public).toBe(true);
    expect(matchRoute('/fr/meta')).toBeUndefined();
  });

  it('does not match unknown paths (404)', () => {
    for (const p of ['/nope', '/events/a/b', '/settings/x', '/package-builder/results']) expect(matchRoute(p)).toBeUndefined();
  });
});

describe('guard (spec 1 §2.2)', () => {
  it('sends visitors without a session to /login from every protected route', () => {
    for (const r of ROUTES.filter((x) => !x.public)) {
      const path = r.pattern.replace(/:[a-zA-Z]+/g, 'x1');
      expect(guard(path, anonymous), path).toBe('/login');
    }
  });

  it('lets everyone open public routes', () => {
    for (const r of ROUTES.filter((x) => x.public)) {
      const path = r.pattern.replace(':language', 'en').replace(/:[a-zA-Z]+/g, '1');
      expect(guard(path, anonymous), path).toBeNull();
    }
  });

  it('sends a signed-in user without a chosen partner or access level to /login', () => {
    expect(guard('/events', { ...admin, partnerId: null })).toBe('/login');
    expect(guard('/events', { ...admin, accessLevel: null })).toBe('/login');
  });

  it('sends a user lacking the permission to /, or to /login when the route is /', () => {
    expect(guard('/campaigns', analyst)).toBe('/');
    expect(guard('/settings', analyst)).toBe('/');
    expect(guard('/', analyst)).toBe('/login');
    expect(guard('/events', analyst)).toBeNull();
    expect(guard('/events/e1/update-sales/DOCUMENTUPLOAD', analyst)).toBeNull();
  });

  it('needs the package-builder feature as well as backhaul', () => {
    expect(guard('/package-builder', admin)).toBeNull();
    expect(guard('/package-builder', { ...admin, features: {} })).toBe('/');
  });

  it('routes needs-update users to /update-user/{partnerId} and MFA-required users to /setup-mfa', () => {
    expect(guard('/events', { ...admin, needsUpdate: true })).toBe('/update-user/1001');
    expect(guard('/events', { ...admin, mfaSetupRequired: true })).toBe('/setup-mfa');
    expect(guard('/setup-mfa', { ...admin, mfaSetupRequired: true })).toBeNull();
  });

  it('never redirects a path to itself (no loops)', () => {
    const subjects = [admin, analyst, anonymous, { ...admin, needsUpdate: true }, { ...admin, mfaSetupRequired: true }];
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES.map((r) => r.pattern)), fc.constantFrom(...subjects), (pattern, who) => {
        const path = pattern.replace(':language', 'de').replace(/:[a-zA-Z]+/g, '7');
        const to = guard(path, who);
        expect(to).not.toBe(path);
        if (to) expect(guard(to, who) === null || to === '/login' || to === '/').toBe(true);
      }),
    );
  });

  it('picks a home page the user may open', () => {
    expect(homeFor(admin)).toBe('/');
    expect(homeFor(analyst)).toBe('/events');
    expect(guard(homeFor(analyst), analyst)).toBeNull();
    const nobody = { ...analyst, permissions: {} };
    expect(homeFor(nobody)).toBe('/notifications');
    expect(guard(homeFor(nobody), nobody)).toBeNull();
  });
});

describe('one access table for pages and API (spec 1 §6)', () => {
  const flags = { 'event.simulation': true, 'events.bulk-upload': true, 'package-builder': true };
  const full: GuardSubject = { ...admin, features: flags };

  it('sends a user without event.simulation from /simulation to /, and without the bulk flag from /add-multi-events', () => {
    expect(guard('/simulation', full)).toBeNull();
    expect(guard('/simulation', { ...full, features: { ...flags, 'event.simulation': false } })).toBe('/');
    expect(guard('/add-multi-events', { ...full, features: { ...flags, 'events.bulk-upload': false } })).toBe('/');
  });

  it('gives POST /events/ the rule of the /simulation page, and the sales export/import the events page control rule', () => {
    const [module, create] = apiRulesFor('POST', '/api/v3/events/');
    expect(module.permission).toBe('lookout');
    expect({ permission: create.permission, feature: create.feature }).toEqual({ permission: pageRule('/simulation').permission, feature: pageRule('/simulation').feature });
    expect(create.feature).toBe('event.simulation');
    for (const method of ['GET', 'POST']) {
      expect(apiRulesFor(method, '/api/v3/daily_revenue_summary/sales_edit_export').at(-1)).toMatchObject(CONTROL_RULES.salesImportExport);
    }
    // Reading an event, its status and the list are not creation.
    expect(apiRulesFor('GET', '/api/v3/events/')).toHaveLength(1);
    expect(apiRulesFor('PUT', '/api/v3/events/e1/setup_frontend_status')).toHaveLength(1);
    expect(apiRulesFor('PUT', '/api/v3/events/e1').map((r) => r.permission)).toEqual(['lookout', 'simulation']);
  });

  it('names the first thing missing: the permission before the flag; a hiding flag refuses when on', () => {
    expect(missingApiAccess('POST', '/api/v3/events', analyst)).toBe('simulation');
    expect(missingApiAccess('POST', '/api/v3/events', { ...full, features: { ...flags, 'event.simulation': false } })).toBe('event.simulation');
    expect(missingApiAccess('POST', '/api/v3/events', full)).toBeNull();
    expect(missingApiAccess('GET', '/api/v3/daily_revenue_summary/sales_edit_export', analyst)).toBeNull();
    expect(missingApiAccess('GET', '/api/v3/daily_revenue_summary/sales_edit_export', { ...analyst, features: { 'simple-user': true } })).toBe('simple-user');
    expect(missingApiAccess('PUT', '/api/campaign/events/last_updated_on_fe/e1', analyst)).toBe('wave');
    expect(missingApiAccess('GET', '/api/v3/profile', analyst)).toBeNull();
  });

  it('matches prefixes whole segments only, with or without a trailing slash', () => {
    expect(apiRulesFor('GET', '/api/v3/events')).toHaveLength(1);
    expect(apiRulesFor('GET', '/api/v3/events/')).toHaveLength(1);
    expect(apiRulesFor('GET', '/api/v3/eventsx')).toHaveLength(0);
    expect(apiRulesFor('GET', '/api/v3//events//e1')).toHaveLength(1);
    for (const rule of API_RULES) expect(rule.pattern.startsWith('/api/'), rule.pattern).toBe(true);
  });

  it('hides the menu entry of /simulation with the page', () => {
    expect(homeFor({ permissions: { simulation: true }, features: {} })).not.toBe('/simulation');
    expect(homeFor({ permissions: { simulation: true }, features: { 'event.simulation': true } })).toBe('/simulation');
    expect(allows(CONTROL_RULES.salesImportExport, { permissions: { sales: true }, features: { 'simple-user': true } })).toBe(false);
  });
});

describe('the setup wizard lookups under the connect path (spec 2 §7)', () => {
  const who = (...held: string[]) => ({ permissions: Object.fromEntries(held.map((p) => [p, true])) as never, features: {} as never });
  const lookup = '/api/v3/integrations/connect/facebook/assets/ad_accounts/x/audiences';
  it('need wave, not settings; the connection calls keep settings', () => {
    expect(missingApiAccess('GET', lookup, who('wave'))).toBeNull();
    expect(missingApiAccess('GET', lookup, who('settings'))).toBe('wave');
    expect(missingApiAccess('GET', '/api/v3/integrations/connect/facebook/assets/lead_forms', who('wave'))).toBeNull();
    // The Accounts step reads the enabled assets and checks the chosen ones: wave or settings.
    expect(missingApiAccess('GET', '/api/v3/integrations/connect/facebook/assets', who('wave'))).toBeNull();
    expect(missingApiAccess('GET', '/api/v3/integrations/connect/facebook/assets', who('settings'))).toBeNull();
    expect(missingApiAccess('POST', '/api/v3/integrations/connect/facebook/assets/enrich', who('wave'))).toBeNull();
    expect(missingApiAccess('GET', '/api/v3/integrations/connect/facebook/assets', who())).not.toBeNull();
    // Refreshing or toggling assets and the connection itself stay settings matters.
    expect(missingApiAccess('POST', '/api/v3/integrations/connect/facebook/assets', who('wave'))).toBe('settings');
    expect(missingApiAccess('PUT', '/api/v3/integrations/connect/facebook/assets/00000000-0000-4000-8000-000000000001', who('wave'))).toBe('settings');
    expect(missingApiAccess('GET', '/api/v3/integrations/connect/facebook/status', who('wave'))).toBe('settings');
    // A write to the same path is never a lookup: it stays a settings matter.
    expect(missingApiAccess('PUT', '/api/v3/integrations/connect/facebook/assets/lead_forms', who('wave'))).toBe('settings');
    expect(missingApiAccess('GET', '/api/v3/setup_processes/event_types', who('settings'))).toBe('wave');
  });
});
